package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// MagicBCA is the BCA (full-frame joint animation) magic.
const MagicBCA = "J3D1bca1"

// ANF1 chunk header layout (offsets relative to the chunk start).
const (
	anf1HeaderSize        = 0x24
	anf1LoopMode          = 0x08
	anf1Duration          = 0x0A
	anf1JointCount        = 0x0C
	anf1ScaleCount        = 0x0E
	anf1RotationCount     = 0x10
	anf1TranslationCount  = 0x12
	anf1JointOffset       = 0x14
	anf1ScaleOffset       = 0x18
	anf1RotationOffset    = 0x1C
	anf1TranslationOffset = 0x20
)

// FullSet is the nine full-frame tracks of one joint, in the order of a
// TrackSet: scale, rotation, translation of X, then Y, then Z.
type FullSet [9]FullTrack

// FullSetSize is the size of a FullSet in the file.
const FullSetSize = 9 * FullTrackSize

// BCA is a decoded BCA file: the ANF1 chunk's header as stored, the
// per-joint track tables and the value tables (scale and translation f32,
// rotation s16 with 0x8000 = 180° and no shift).
type BCA struct {
	File  FileHeader
	Chunk Chunk // the ANF1 chunk

	LoopMode uint8
	Duration uint16

	JointCount       uint16
	ScaleCount       uint16
	RotationCount    uint16
	TranslationCount uint16

	JointOffset       uint32
	ScaleOffset       uint32
	RotationOffset    uint32
	TranslationOffset uint32

	Joints []FullSet
	Tables
}

// DecodeBCA decodes a BCA file (either byte order).
func DecodeBCA(data []byte) (*BCA, error) {
	const format = "bca"
	h, c, chunk, _, err := readHeaderSlack(format, MagicBCA, "ANF1", data, trimSlack)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < anf1HeaderSize {
		return nil, chunkTooSmall(format, c, chunk.Len(), anf1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BCA{
		File:              h,
		Chunk:             c,
		LoopMode:          s.u8(anf1LoopMode),
		Duration:          s.u16(anf1Duration),
		JointCount:        s.u16(anf1JointCount),
		ScaleCount:        s.u16(anf1ScaleCount),
		RotationCount:     s.u16(anf1RotationCount),
		TranslationCount:  s.u16(anf1TranslationCount),
		JointOffset:       s.u32(anf1JointOffset),
		ScaleOffset:       s.u32(anf1ScaleOffset),
		RotationOffset:    s.u32(anf1RotationOffset),
		TranslationOffset: s.u32(anf1TranslationOffset),
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+anf1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	flat, err := s.readFullTracks("joint table", anf1JointOffset, b.JointOffset, 9*int(b.JointCount))
	if err != nil {
		return nil, err
	}
	b.Joints = make([]FullSet, b.JointCount)
	for i := range b.Joints {
		copy(b.Joints[i][:], flat[9*i:])
	}
	b.Tables, err = s.readTables(
		[3]uint16{b.ScaleCount, b.RotationCount, b.TranslationCount},
		[3]uint32{b.ScaleOffset, b.RotationOffset, b.TranslationOffset},
		[3]int64{anf1ScaleOffset, anf1RotationOffset, anf1TranslationOffset})
	if err != nil {
		return nil, err
	}
	for i := range b.Joints {
		for j, t := range b.Joints[i] {
			if msg := checkFull(t, b.Tables.Len(KindOf(j)), false); msg != "" {
				off := c.Offset + int64(b.JointOffset) + int64(i)*FullSetSize + int64(j)*FullTrackSize
				return nil, bin.Errorf(format, off, "joint %d %s: %s %s", i, trackName(j, anim.JointTarget), KindOf(j), msg)
			}
		}
	}
	return b, nil
}

// Clip converts the BCA into an anim.Clip: one joint target per joint
// (driving the model's joint of the same index, as a BCK's), nine
// full-frame channels each in file order. Rotations are the stored s16 in
// degrees. DecodeBCA refuses count-0 tracks (see checkFull).
func (b *BCA) Clip() (*anim.Clip, error) {
	c := &anim.Clip{Format: "bca", Duration: float64(b.Duration), FPS: FPS, Loop: anim.LoopMode(b.LoopMode)}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("bca", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	// Scale and translation are the decoded f32 tables themselves; angles
	// become degrees (exact in float32: s16 · 45 / 8192).
	var tables [3][]float32
	tables[ScaleTrack], tables[TranslationTrack] = b.Scale, b.Translation
	tables[RotationTrack] = make([]float32, len(b.Rotation))
	for i, v := range b.Rotation {
		tables[RotationTrack][i] = float32(RotationDegrees(v))
	}
	c.Targets = make([]anim.Target, len(b.Joints))
	chans := make([]anim.Channel, 9*len(b.Joints))
	curves := make([]anim.FullFrame, 9*len(b.Joints))
	for i := range b.Joints {
		t := &c.Targets[i]
		t.Index, t.Kind, t.TexGen, t.Base = i, anim.JointTarget, -1, anim.DefaultBase()
		t.Channels = chans[9*i : 9*i+9 : 9*i+9]
		for j, tr := range b.Joints[i] {
			k := KindOf(j)
			if msg := checkFull(tr, b.Tables.Len(k), false); msg != "" {
				return nil, bin.Errorf("bca", -1, "joint %d %s: %s %s", i, trackName(j, anim.JointTarget), k, msg)
			}
			def := defaultZero
			if k == ScaleTrack {
				def = defaultScale
			}
			t.Channels[j] = anim.Channel{Slot: slotOf(j), Curve: fullCurve(tr, tables[k], true, def, &curves[9*i+j])}
		}
	}
	return c, nil
}
