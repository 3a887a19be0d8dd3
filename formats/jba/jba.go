// Package jba decodes Star Wars: The Old Republic JBA skeletal animations
// (morpheme runtime) in the layout of the 32-bit game client, used by files
// from before game update 7.2.1. Decode returns the file as stored (header,
// block table, per-bone quantization, packed keyframes per block, the
// world-space root motion, bone names) for the inspector; Clip converts it
// to an anim.Clip. Layout and validity rules: testdata/FIXTURES.md.
//
// The file has no bone hierarchy; InferBiped builds one from 3ds Max Biped
// bone names and ParseSkeletonJSON reads a user-supplied sidecar.
package jba

import (
	"math"

	"github.com/animscope/animscope/formats/internal/bin"
)

// Name is the format name used in errors.
const Name = "jba"

// Magic64 starts files of the 64-bit client (game update 7.2.1 and later),
// whose layout is not documented.
const Magic64 = "JAWB"

// Sizes and offsets of the layout.
const (
	headerSize      = 0x28 // fixed header; the block table follows
	blockEntrySize  = 8    // u32 start frame, u32 size
	blockRuntime    = 4    // one run-time u32 per block after the table
	boneDataSize    = 48   // translation stride/base, rotation stride/base
	blockHeaderSize = 8    // u32 bone count, u32 0
	keyLayoutSize   = 16   // u32 rotation count, 0, translation count, 0
	rotationSize    = 6    // 48-bit packed quaternion
	translationSize = 4    // 32-bit packed translation
	worldHeaderSize = 0x48
	nameHeaderSize  = 0x14
	align           = 128 // bone data and the first block start on 128-byte boundaries
)

// maxDuration bounds length·fps, as the layout's validity rules do: frame
// numbers are u32 in the file and a frame count near 2³¹ is already far
// beyond any file (every frame costs at least 10 bytes); it also keeps
// offset arithmetic on frame counts far from int64 overflow.
const maxDuration = 1 << 31

// maxNameLen bounds one bone name. Real names are short ("Bip01 L
// Finger12"); without a bound, N name offsets pointing at one long
// NUL-free run would copy N times the file size into strings.
const maxNameLen = 1024

// File is a JBA file as stored.
type File struct {
	Header Header
	// Frames is the number of stored frames, round(length·fps) + 1.
	Frames int
	// BoneDataOffset is where the per-bone quantization starts.
	BoneDataOffset int64
	// Bones holds each bone's quantization, in file order.
	Bones      []Quant
	Blocks     []Block
	WorldSpace WorldSpace
	Names      NameTable
}

// Header is the fixed header plus the run-time words after the block table.
type Header struct {
	Zero       uint32    // 0x00, always 0 (the 64-bit layout has "JAWB" here)
	Length     float32   // 0x04, seconds
	FPS        float32   // 0x08
	BlockCount uint32    // 0x0C
	Runtime    [2]uint32 // 0x10, filled in by the game at load time
	BoneCount  uint32    // 0x18
	Unknown    [3]uint32 // 0x1C (0, 0x0FFFFFFF, 0 in known files)
	// BlockRuntime are the B words after the block table (0 on disk).
	BlockRuntime []uint32
}

// Quant is the quantization of one bone (or of the world-space track):
// value = base + code·stride per axis.
type Quant struct {
	TranslationStride [3]float32
	TranslationBase   [3]float32
	RotationStride    [3]float32
	RotationBase      [3]float32
}

// PackedRotation is a 48-bit quaternion: w0 = sign of w (bit 15) and x code
// (15 bits), w1 = y code, w2 = z code.
type PackedRotation [3]uint16

// Block is one block of keyframes.
type Block struct {
	Offset     int64  // file offset of the block
	StartFrame uint32 // from the block table
	Size       uint32 // from the block table
	// Frames is the number of frames the block covers (it shares its last
	// frame with the next block).
	Frames    int
	BoneCount uint32 // as stored in the block
	Unknown   uint32
	Bones     []BlockBone
}

// BlockBone is one bone's layout entry and keyframes in a block.
type BlockBone struct {
	RotationCount    uint32
	Unknown1         uint32
	TranslationCount uint32
	Unknown2         uint32
	Rotations        []PackedRotation
	// Translations is nil when TranslationCount is 0: the bone then holds
	// the constant translation of Quant.ConstantTranslation in this block.
	Translations []uint32
}

// WorldSpace is the root motion track: one rotation and translation per
// frame.
type WorldSpace struct {
	Offset           int64
	Unknown          uint32
	FPS              float32
	Quant            Quant
	RotationCount    uint32
	Unknown1         uint32
	TranslationCount uint32
	Unknown2         uint32
	Rotations        []PackedRotation
	Translations     []uint32
}

// NameTable is the bone-name table at the end of the file.
type NameTable struct {
	Offset        int64
	Count         uint32
	TotalBytes    uint32 // stored, not used
	IndicesOffset uint32 // relative to the table
	OffsetsOffset uint32
	NamesOffset   uint32
	Indices       []uint32 // 0..N-1 in known files; name i belongs to bone i regardless
	NameOffsets   []uint32 // relative to the table's names area
	Names         []string
}

func errorf(off int64, msg string, args ...any) error { return bin.Errorf(Name, off, msg, args...) }

// alignUp rounds off up to a multiple of a (a power of two).
func alignUp(off, a int64) int64 { return (off + a - 1) &^ (a - 1) }

// Decode parses a JBA file of the 32-bit client. Files of the 64-bit
// client (magic JAWB) give a *bin.UnsupportedError; anything breaking the
// layout's rules a *bin.FormatError.
func Decode(data []byte) (*File, error) {
	r := bin.LE(data)
	if len(data) >= 4 && string(data[:4]) == Magic64 {
		return nil, bin.Unsupportedf(Name, "JBA layout of game update 7.2.1+ (magic JAWB) is not supported yet")
	}
	if len(data) < headerSize {
		return nil, errorf(0, "file is %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	f := &File{}
	h := &f.Header
	h.Zero, _ = r.U32(0x00)
	if h.Zero != 0 {
		return nil, errorf(0, "first word is 0x%08x, not 0: not a JBA file", h.Zero)
	}
	h.Length, _ = r.F32(0x04)
	h.FPS, _ = r.F32(0x08)
	h.BlockCount, _ = r.U32(0x0C)
	h.Runtime[0], _ = r.U32(0x10)
	h.Runtime[1], _ = r.U32(0x14)
	h.BoneCount, _ = r.U32(0x18)
	for i := range h.Unknown {
		h.Unknown[i], _ = r.U32(0x1C + 4*int64(i))
	}
	length, fps := float64(h.Length), float64(h.FPS)
	if math.IsNaN(length) || math.IsInf(length, 0) || length < 0 {
		return nil, errorf(0x04, "length %v s is not a finite non-negative number", h.Length)
	}
	if math.IsNaN(fps) || math.IsInf(fps, 0) || fps <= 0 {
		return nil, errorf(0x08, "fps %v is not a finite positive number", h.FPS)
	}
	// The product in double, rounded half to even, as the importer's
	// Python round() does.
	product := length * fps
	if math.IsInf(product, 0) || product >= maxDuration {
		return nil, errorf(0x04, "length %v s at %v fps is %v frames (limit %d)", h.Length, h.FPS, product, maxDuration)
	}
	f.Frames = int(math.RoundToEven(product)) + 1
	if h.BlockCount == 0 {
		return nil, errorf(0x0C, "block count is 0")
	}
	nb, nBones := int64(h.BlockCount), int64(h.BoneCount)
	if !bin.Fits(nb, blockEntrySize+blockRuntime, int64(len(data))-headerSize) {
		return nil, errorf(0x0C, "block table of %d blocks does not fit in the file (%d bytes)", nb, len(data))
	}
	f.Blocks = make([]Block, nb)
	h.BlockRuntime = make([]uint32, nb)
	for i := range f.Blocks {
		b := &f.Blocks[i]
		off := headerSize + int64(i)*blockEntrySize
		b.StartFrame, _ = r.U32(off)
		b.Size, _ = r.U32(off + 4)
		h.BlockRuntime[i], _ = r.U32(headerSize + nb*blockEntrySize + int64(i)*blockRuntime)
	}
	if err := f.blockFrames(); err != nil {
		return nil, err
	}

	f.BoneDataOffset = alignUp(headerSize+nb*(blockEntrySize+blockRuntime), align)
	if !bin.Fits(nBones, boneDataSize, int64(len(data))-f.BoneDataOffset) {
		return nil, errorf(f.BoneDataOffset, "bone data for %d bones (%d bytes each) does not fit in the file (%d bytes)", nBones, boneDataSize, len(data))
	}
	f.Bones = make([]Quant, nBones)
	for i := range f.Bones {
		off := f.BoneDataOffset + int64(i)*boneDataSize
		f.Bones[i] = readQuant(r, off)
		if !f.Bones[i].finite() {
			return nil, errorf(off, "bone %d: quantization base or stride is not finite", i)
		}
	}

	off := alignUp(f.BoneDataOffset+nBones*boneDataSize, align)
	for i := range f.Blocks {
		if err := f.decodeBlock(r, i, off); err != nil {
			return nil, err
		}
		off += int64(f.Blocks[i].Size)
	}
	off, err := f.decodeWorldSpace(r, off)
	if err != nil {
		return nil, err
	}
	if err := f.decodeNames(r, off); err != nil {
		return nil, err
	}
	return f, nil
}

// blockFrames checks the block starts and computes the frames each block
// covers.
func (f *File) blockFrames() error {
	n := len(f.Blocks)
	for i := range f.Blocks {
		b := &f.Blocks[i]
		entry := headerSize + int64(i)*blockEntrySize
		switch {
		case i == 0 && b.StartFrame != 0:
			return errorf(entry, "block 0 starts at frame %d, not 0", b.StartFrame)
		case i > 0 && b.StartFrame <= f.Blocks[i-1].StartFrame:
			return errorf(entry, "block %d starts at frame %d, not after block %d (frame %d)", i, b.StartFrame, i-1, f.Blocks[i-1].StartFrame)
		case int64(b.StartFrame) >= int64(f.Frames):
			return errorf(entry, "block %d starts at frame %d, past the last frame %d", i, b.StartFrame, f.Frames-1)
		}
		if i > 0 {
			f.Blocks[i-1].Frames = int(b.StartFrame-f.Blocks[i-1].StartFrame) + 1
		}
		if i == n-1 {
			b.Frames = f.Frames - int(b.StartFrame)
		}
	}
	return nil
}

func readQuant(r bin.Reader, off int64) Quant {
	var q Quant
	for i, a := range [...]*[3]float32{&q.TranslationStride, &q.TranslationBase, &q.RotationStride, &q.RotationBase} {
		for j := range a {
			a[j], _ = r.F32(off + int64(i)*12 + int64(j)*4)
		}
	}
	return q
}

func readRotations(r bin.Reader, off int64, n int) []PackedRotation {
	out := make([]PackedRotation, n)
	for k := range out {
		p := off + int64(k)*rotationSize
		out[k][0], _ = r.U16(p)
		out[k][1], _ = r.U16(p + 2)
		out[k][2], _ = r.U16(p + 4)
	}
	return out
}

func readU32s(r bin.Reader, off int64, n int) []uint32 {
	out := make([]uint32, n)
	for k := range out {
		out[k], _ = r.U32(off + int64(k)*4)
	}
	return out
}

// decodeBlock reads block i at off. Every count is checked against the
// block's size (itself checked against the file) before anything is
// allocated.
func (f *File) decodeBlock(r bin.Reader, i int, off int64) error {
	b := &f.Blocks[i]
	b.Offset = off
	size := int64(b.Size)
	if size < blockHeaderSize {
		return errorf(off, "block %d: size %d is smaller than the %d-byte block header", i, size, blockHeaderSize)
	}
	if !r.In(off, size) {
		return errorf(off, "block %d: %d bytes from 0x%x run past the end of the file (%d bytes)", i, size, off, r.Len())
	}
	end := off + size
	b.BoneCount, _ = r.U32(off)
	b.Unknown, _ = r.U32(off + 4)
	if b.BoneCount != f.Header.BoneCount {
		return errorf(off, "block %d: bone count %d differs from the header's %d", i, b.BoneCount, f.Header.BoneCount)
	}
	nBones := int64(len(f.Bones))
	layout := off + blockHeaderSize
	if !bin.Fits(nBones, keyLayoutSize, end-layout) {
		return errorf(layout, "block %d: key layout of %d bones does not fit in the block (%d bytes)", i, nBones, size)
	}
	// Each bone needs at least its rotations; checking the minimum first
	// bounds the slice of bones before it is allocated.
	minKeys := int64(b.Frames) * rotationSize
	if !bin.Fits(nBones, keyLayoutSize+minKeys, end-layout) {
		return errorf(layout, "block %d: %d bones × %d frames of rotations do not fit in the block (%d bytes)", i, nBones, b.Frames, size)
	}
	b.Bones = make([]BlockBone, nBones)
	for j := range b.Bones {
		bb := &b.Bones[j]
		e := layout + int64(j)*keyLayoutSize
		bb.RotationCount, _ = r.U32(e)
		bb.Unknown1, _ = r.U32(e + 4)
		bb.TranslationCount, _ = r.U32(e + 8)
		bb.Unknown2, _ = r.U32(e + 12)
		if int64(bb.RotationCount) != int64(b.Frames) {
			return errorf(e, "block %d bone %d: %d rotations, want one per block frame (%d)", i, j, bb.RotationCount, b.Frames)
		}
		if bb.TranslationCount != 0 && int64(bb.TranslationCount) != int64(b.Frames) {
			return errorf(e+8, "block %d bone %d: %d translations, want 0 or one per block frame (%d)", i, j, bb.TranslationCount, b.Frames)
		}
	}
	p := layout + nBones*keyLayoutSize
	for j := range b.Bones {
		bb := &b.Bones[j]
		n := int64(b.Frames)
		if n*rotationSize > end-p {
			return errorf(p, "block %d bone %d: %d rotations run past the block end (0x%x)", i, j, n, end)
		}
		bb.Rotations = readRotations(r, p, b.Frames)
		p = alignUp(p+n*rotationSize, 4)
		if bb.TranslationCount != 0 {
			if p > end || n*translationSize > end-p {
				return errorf(p, "block %d bone %d: %d translations run past the block end (0x%x)", i, j, n, end)
			}
			bb.Translations = readU32s(r, p, b.Frames)
			p += n * translationSize
		}
	}
	return nil
}
