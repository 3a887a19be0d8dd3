package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// ANK1 chunk header layout (offsets relative to the chunk start).
const (
	ank1HeaderSize        = 0x24
	ank1LoopMode          = 0x08
	ank1RotationFrac      = 0x09
	ank1Duration          = 0x0A
	ank1JointCount        = 0x0C
	ank1ScaleCount        = 0x0E
	ank1RotationCount     = 0x10
	ank1TranslationCount  = 0x12
	ank1JointOffset       = 0x14
	ank1ScaleOffset       = 0x18
	ank1RotationOffset    = 0x1C
	ank1TranslationOffset = 0x20
)

// BCK is a decoded BCK file: the ANK1 chunk's header fields as stored, the
// per-joint track tables and the value tables.
type BCK struct {
	File  FileHeader
	Chunk Chunk // the ANK1 chunk

	LoopMode     uint8  // 0 once, 1 once-reset, 2 loop, 3 mirrored-once, 4 mirrored-loop
	RotationFrac uint8  // rotation values are shifted left by this before use
	Duration     uint16 // in frames

	JointCount       uint16
	ScaleCount       uint16
	RotationCount    uint16
	TranslationCount uint16

	// Chunk-relative offsets of the tables.
	JointOffset       uint32
	ScaleOffset       uint32
	RotationOffset    uint32
	TranslationOffset uint32

	Joints []TrackSet // JointCount entries
	Tables
}

// DecodeBCK decodes a BCK file. It rejects files that break the validation
// rules (truncated, lying sizes, tables or track references outside their
// bounds, loop mode above 4) with a *bin.FormatError naming the offset.
func DecodeBCK(data []byte) (*BCK, error) {
	const format = "bck"
	h, c, chunk, _, err := readHeader(format, MagicBCK, "ANK1", data)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < ank1HeaderSize {
		return nil, bin.Errorf(format, c.Offset+4, "ANK1 chunk is %d bytes, smaller than its 0x%x-byte header", chunk.Len(), ank1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BCK{
		File:              h,
		Chunk:             c,
		LoopMode:          s.u8(ank1LoopMode),
		RotationFrac:      s.u8(ank1RotationFrac),
		Duration:          s.u16(ank1Duration),
		JointCount:        s.u16(ank1JointCount),
		ScaleCount:        s.u16(ank1ScaleCount),
		RotationCount:     s.u16(ank1RotationCount),
		TranslationCount:  s.u16(ank1TranslationCount),
		JointOffset:       s.u32(ank1JointOffset),
		ScaleOffset:       s.u32(ank1ScaleOffset),
		RotationOffset:    s.u32(ank1RotationOffset),
		TranslationOffset: s.u32(ank1TranslationOffset),
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+ank1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	if b.Joints, err = s.readTrackSets("joint table", ank1JointOffset, b.JointOffset, int(b.JointCount)); err != nil {
		return nil, err
	}
	b.Tables, err = s.readTables(
		[3]uint16{b.ScaleCount, b.RotationCount, b.TranslationCount},
		[3]uint32{b.ScaleOffset, b.RotationOffset, b.TranslationOffset},
		[3]int64{ank1ScaleOffset, ank1RotationOffset, ank1TranslationOffset})
	if err != nil {
		return nil, err
	}
	if err := s.checkTrackSets(b.Joints, b.JointOffset, &b.Tables, "joint", anim.JointTarget); err != nil {
		return nil, err
	}
	return b, nil
}

// Clip converts the BCK into an anim.Clip: one joint target per joint
// (driving the model's joint of the same index), nine channels each in file
// order. It re-checks every track reference, so a BCK built by hand cannot
// make it index out of range.
func (b *BCK) Clip() (*anim.Clip, error) {
	c := &anim.Clip{
		Format:   "bck",
		Duration: float64(b.Duration),
		FPS:      FPS,
		Loop:     anim.LoopMode(b.LoopMode),
	}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("bck", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	conv, err := newConverter("bck", &b.Tables, b.RotationFrac, b.Joints, anim.JointTarget)
	if err != nil {
		return nil, err
	}
	c.Targets = make([]anim.Target, len(b.Joints))
	for i := range b.Joints {
		t := &c.Targets[i]
		t.Index = i
		t.Kind = anim.JointTarget
		t.TexGen = -1
		t.Base = anim.DefaultBase()
		if t.Channels, err = conv.channels(&b.Joints[i]); err != nil {
			return nil, bin.Errorf("bck", -1, "joint %d %s", i, err)
		}
	}
	return c, nil
}
