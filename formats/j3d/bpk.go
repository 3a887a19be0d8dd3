package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// MagicBPK is the BPK (material colour animation) magic.
const MagicBPK = "J3D1bpk1"

// PAK1 chunk header layout (offsets relative to the chunk start).
const (
	pak1HeaderSize    = 0x34
	pak1LoopMode      = 0x08
	pak1Duration      = 0x0C
	pak1EntryCount    = 0x0E
	pak1ValueCounts   = 0x10 // 4 × u16: r, g, b, a
	pak1TableOffset   = 0x18
	pak1RemapOffset   = 0x1C
	pak1NameOffset    = 0x20
	pak1ValueOffsets  = 0x24 // 4 × u32: r, g, b, a
	colorEntrySize    = ColorTracksSize
	pak1PaddingLength = 3 // bytes 0x09..0x0B
)

// BPK is a decoded BPK file: the PAK1 header as stored, one colour entry
// per material (material colour 0) with the material names, and the four
// s16 value tables.
type BPK struct {
	File  FileHeader
	Chunk Chunk // the PAK1 chunk

	LoopMode    uint8
	Padding     [pak1PaddingLength]byte
	Duration    uint16
	EntryCount  uint16
	ValueCounts [4]uint16

	TableOffset, RemapOffset, NameOffset uint32
	ValueOffsets                         [4]uint32

	Entries   []ColorTracks
	Remap     []uint16 // nil when outside the chunk (unused by the games)
	NameCount uint16
	Names     []Name
	Values    [4][]int16 // r, g, b, a
}

// DecodeBPK decodes a BPK file (either byte order).
func DecodeBPK(data []byte) (*BPK, error) {
	const format = "bpk"
	h, c, chunk, _, err := readHeaderSlack(format, MagicBPK, "PAK1", data, trimSlack)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < pak1HeaderSize {
		return nil, chunkTooSmall(format, c, chunk.Len(), pak1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BPK{
		File: h, Chunk: c,
		LoopMode:    s.u8(pak1LoopMode),
		Duration:    s.u16(pak1Duration),
		EntryCount:  s.u16(pak1EntryCount),
		TableOffset: s.u32(pak1TableOffset),
		RemapOffset: s.u32(pak1RemapOffset),
		NameOffset:  s.u32(pak1NameOffset),
	}
	for j := range b.Padding {
		b.Padding[j] = s.u8(pak1LoopMode + 1 + int64(j))
	}
	for j := range 4 {
		b.ValueCounts[j] = s.u16(pak1ValueCounts + 2*int64(j))
		b.ValueOffsets[j] = s.u32(pak1ValueOffsets + 4*int64(j))
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+pak1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	n := int(b.EntryCount)
	if b.Entries, err = s.readColorTracks("material table", pak1TableOffset, b.TableOffset, n, colorEntrySize, nil); err != nil {
		return nil, err
	}
	for j := range 4 {
		if b.Values[j], err = s.readS16s(colorNames[j]+" value table", pak1ValueOffsets+4*int64(j), b.ValueOffsets[j], int(b.ValueCounts[j])); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return b, nil
	}
	b.Remap = s.optionalRemap(pak1RemapOffset, b.RemapOffset, n)
	if b.NameCount, b.Names, err = s.nameTable("name table", pak1NameOffset, b.NameOffset, n); err != nil {
		return nil, err
	}
	for i := range b.Entries {
		base := c.Offset + int64(b.TableOffset) + int64(i)*colorEntrySize
		if err := s.checkColor(&b.Entries[i], &b.Values, "material entry", i, base); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Clip converts the BPK into an anim.Clip: one matcolor target per entry,
// named after its material, with r, g, b and a channels computed as a BRK
// konst register's (keys clamp to 0..255 and truncate, constants keep
// their low byte, count 0 reads 0 — alpha too).
func (b *BPK) Clip() (*anim.Clip, error) {
	c := &anim.Clip{Format: "bpk", Duration: float64(b.Duration), FPS: FPS, Loop: anim.LoopMode(b.LoopMode)}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("bpk", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	if len(b.Names) < len(b.Entries) {
		return nil, bin.Errorf("bpk", -1, "%d entries but %d names", len(b.Entries), len(b.Names))
	}
	s := &section{format: "bpk"}
	keyed := 0
	for i := range b.Entries {
		keyed += keyedTracks(&b.Entries[i])
	}
	cb := newColorBuilder("bpk", &b.Values, len(b.Entries), keyed)
	c.Targets = make([]anim.Target, len(b.Entries))
	for i := range b.Entries {
		if err := s.checkColor(&b.Entries[i], &b.Values, "material entry", i, -1); err != nil {
			return nil, err
		}
		ch, err := cb.channels(&b.Entries[i], true)
		if err != nil {
			return nil, err
		}
		c.Targets[i] = anim.Target{Name: b.Names[i].Name, Index: i, Kind: anim.MatColorTarget, TexGen: -1,
			Base: anim.DefaultBase(), Channels: ch}
	}
	return c, nil
}
