package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// MagicBVA is the BVA (shape visibility animation) magic.
const MagicBVA = "J3D1bva1"

// VAF1 chunk header layout (offsets relative to the chunk start).
const (
	vaf1HeaderSize  = 0x18
	vaf1LoopMode    = 0x08
	vaf1Duration    = 0x0A
	vaf1ShapeCount  = 0x0C
	vaf1ValueCount  = 0x0E
	vaf1TableOffset = 0x10
	vaf1ValueOffset = 0x14
)

// BVA is a decoded BVA file: the VAF1 header as stored, one full-frame
// track per shape and the u8 visibility table (0 hidden, anything else
// shown).
type BVA struct {
	File  FileHeader
	Chunk Chunk // the VAF1 chunk

	LoopMode   uint8
	Duration   uint16
	ShapeCount uint16
	ValueCount uint16

	TableOffset, ValueOffset uint32

	Shapes []FullTrack
	Values []uint8
}

// DecodeBVA decodes a BVA file (either byte order).
func DecodeBVA(data []byte) (*BVA, error) {
	const format = "bva"
	h, c, chunk, _, err := readHeaderSlack(format, MagicBVA, "VAF1", data, trimSlack)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < vaf1HeaderSize {
		return nil, chunkTooSmall(format, c, chunk.Len(), vaf1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BVA{
		File: h, Chunk: c,
		LoopMode:    s.u8(vaf1LoopMode),
		Duration:    s.u16(vaf1Duration),
		ShapeCount:  s.u16(vaf1ShapeCount),
		ValueCount:  s.u16(vaf1ValueCount),
		TableOffset: s.u32(vaf1TableOffset),
		ValueOffset: s.u32(vaf1ValueOffset),
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+vaf1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	if b.Shapes, err = s.readFullTracks("shape table", vaf1TableOffset, b.TableOffset, int(b.ShapeCount)); err != nil {
		return nil, err
	}
	if b.ValueCount > 0 {
		v, err := s.need("visibility table", vaf1ValueOffset, b.ValueOffset, int64(b.ValueCount), 1)
		if err != nil {
			return nil, err
		}
		b.Values = append([]uint8(nil), v...)
	}
	for i, t := range b.Shapes {
		if msg := checkFull(t, len(b.Values), true); msg != "" {
			return nil, bin.Errorf(format, c.Offset+int64(b.TableOffset)+int64(i)*FullTrackSize, "shape %d: %s", i, msg)
		}
	}
	return b, nil
}

// defaultVisible is the curve of a count-0 shape track: shown.
var defaultVisible anim.Curve = anim.Constant(1)

// Clip converts the BVA into an anim.Clip: one shape target per shape with
// a visible channel, 1 when the byte the game picks is non-zero. The index
// rule is BCA's (round half up in the later runtime, truncation in the
// earlier one). A count-0 track reads visible.
func (b *BVA) Clip() (*anim.Clip, error) {
	c := &anim.Clip{Format: "bva", Duration: float64(b.Duration), FPS: FPS, Loop: anim.LoopMode(b.LoopMode)}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("bva", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	table := make([]float32, len(b.Values))
	for i, v := range b.Values {
		if v != 0 {
			table[i] = 1
		}
	}
	c.Targets = make([]anim.Target, len(b.Shapes))
	for i, t := range b.Shapes {
		if msg := checkFull(t, len(table), true); msg != "" {
			return nil, bin.Errorf("bva", -1, "shape %d: %s", i, msg)
		}
		c.Targets[i] = anim.Target{Index: i, Kind: anim.ShapeTarget, TexGen: -1, Base: anim.DefaultBase(),
			Channels: []anim.Channel{{Slot: anim.Visible, Curve: fullCurve(t, table, true, defaultVisible, nil)}}}
	}
	return c, nil
}
