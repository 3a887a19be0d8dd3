package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// MagicBTP is the BTP (texture pattern animation) magic.
const MagicBTP = "J3D1btp1"

// TPT1 chunk header layout (offsets relative to the chunk start).
const (
	tpt1HeaderSize  = 0x20
	tpt1LoopMode    = 0x08
	tpt1Duration    = 0x0A
	tpt1EntryCount  = 0x0C
	tpt1ValueCount  = 0x0E
	tpt1TableOffset = 0x10
	tpt1ValueOffset = 0x14
	tpt1RemapOffset = 0x18
	tpt1NameOffset  = 0x1C
	patternSize     = 8 // u16 count, u16 index, u8 texMap, 3 bytes padding
	maxTexMap       = 7
)

// PatternEntry is one TPT1 entry: a full-frame sequence of texture numbers
// for texture slot TexMap (0..7) of a material.
type PatternEntry struct {
	FullTrack
	TexMap uint8
	Pad    [3]byte
}

// BTP is a decoded BTP file: the TPT1 header as stored, one entry per
// animated material texture slot, the material names and the u16 texture
// number table.
type BTP struct {
	File  FileHeader
	Chunk Chunk // the TPT1 chunk

	LoopMode   uint8
	Duration   uint16
	EntryCount uint16
	ValueCount uint16

	TableOffset, ValueOffset, RemapOffset, NameOffset uint32

	Entries   []PatternEntry
	Values    []uint16
	Remap     []uint16 // nil when outside the chunk (unused by the games)
	NameCount uint16
	Names     []Name
}

// DecodeBTP decodes a BTP file (either byte order).
func DecodeBTP(data []byte) (*BTP, error) {
	const format = "btp"
	h, c, chunk, _, err := readHeaderSlack(format, MagicBTP, "TPT1", data, trimSlack)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < tpt1HeaderSize {
		return nil, chunkTooSmall(format, c, chunk.Len(), tpt1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BTP{
		File: h, Chunk: c,
		LoopMode:    s.u8(tpt1LoopMode),
		Duration:    s.u16(tpt1Duration),
		EntryCount:  s.u16(tpt1EntryCount),
		ValueCount:  s.u16(tpt1ValueCount),
		TableOffset: s.u32(tpt1TableOffset),
		ValueOffset: s.u32(tpt1ValueOffset),
		RemapOffset: s.u32(tpt1RemapOffset),
		NameOffset:  s.u32(tpt1NameOffset),
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+tpt1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	n := int(b.EntryCount)
	if n > 0 {
		raw, err := s.need("entry table", tpt1TableOffset, b.TableOffset, int64(n), patternSize)
		if err != nil {
			return nil, err
		}
		b.Entries = make([]PatternEntry, n)
		for i := range b.Entries {
			e := raw[i*patternSize:]
			p := &b.Entries[i]
			p.Count, p.Index, p.TexMap = s.order.Uint16(e), s.order.Uint16(e[2:]), e[4]
			copy(p.Pad[:], e[5:8])
			if p.TexMap > maxTexMap {
				return nil, bin.Errorf(format, c.Offset+int64(b.TableOffset)+int64(i)*patternSize+4, "entry %d: texture slot %d is not 0..7", i, p.TexMap)
			}
		}
	}
	if b.Values, err = s.readU16s("texture number table", tpt1ValueOffset, b.ValueOffset, int(b.ValueCount)); err != nil {
		return nil, err
	}
	if n == 0 {
		return b, nil
	}
	b.Remap = s.optionalRemap(tpt1RemapOffset, b.RemapOffset, n)
	if b.NameCount, b.Names, err = s.nameTable("name table", tpt1NameOffset, b.NameOffset, n); err != nil {
		return nil, err
	}
	for i, e := range b.Entries {
		if msg := checkFull(e.FullTrack, len(b.Values), false); msg != "" {
			return nil, bin.Errorf(format, c.Offset+int64(b.TableOffset)+int64(i)*patternSize, "entry %d (%s): %s", i, printable(b.Names[i].Name), msg)
		}
	}
	return b, nil
}

// Clip converts the BTP into an anim.Clip: one texpattern target per entry,
// named after its material, with its texture slot and a texIndex channel:
// texture number (int)frame of the sequence (truncated in every runtime),
// the first before frame 0 and the last past the sequence's end. A count-0
// entry is refused (see checkFull).
func (b *BTP) Clip() (*anim.Clip, error) {
	c := &anim.Clip{Format: "btp", Duration: float64(b.Duration), FPS: FPS, Loop: anim.LoopMode(b.LoopMode)}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("btp", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	if len(b.Names) < len(b.Entries) {
		return nil, bin.Errorf("btp", -1, "%d entries but %d names", len(b.Entries), len(b.Names))
	}
	table := make([]float32, len(b.Values))
	for i, v := range b.Values {
		table[i] = float32(v)
	}
	c.Targets = make([]anim.Target, len(b.Entries))
	for i, e := range b.Entries {
		if msg := checkFull(e.FullTrack, len(table), false); msg != "" {
			return nil, bin.Errorf("btp", -1, "entry %d: %s", i, msg)
		}
		if e.TexMap > maxTexMap {
			return nil, bin.Errorf("btp", -1, "entry %d: texture slot %d is not 0..7", i, e.TexMap)
		}
		c.Targets[i] = anim.Target{Name: b.Names[i].Name, Index: i, Kind: anim.TexPatternTarget, TexGen: -1,
			Base: anim.DefaultBase(), TexMap: int(e.TexMap),
			Channels: []anim.Channel{{Slot: anim.TexIndex, Curve: fullCurve(e.FullTrack, table, false, defaultZero, nil)}}}
	}
	return c, nil
}
