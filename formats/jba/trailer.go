// The sections after the last block: the world space (root motion) and the bone-name table.

package jba

import (
	"errors"
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/internal/bin"
)

func (f *File) decodeWorldSpace(r bin.Reader, off int64) (int64, error) {
	ws := &f.WorldSpace
	ws.Offset = off
	if !r.In(off, worldHeaderSize) {
		return 0, errorf(off, "world-space header (%d bytes) runs past the end of the file (%d bytes)", worldHeaderSize, r.Len())
	}
	ws.Unknown, _ = r.U32(off)
	ws.FPS, _ = r.F32(off + 4)
	ws.Quant = readQuant(r, off+8)
	ws.RotationCount, _ = r.U32(off + 0x38)
	ws.Unknown1, _ = r.U32(off + 0x3C)
	ws.TranslationCount, _ = r.U32(off + 0x40)
	ws.Unknown2, _ = r.U32(off + 0x44)
	if v := float64(ws.FPS); math.IsNaN(v) || math.IsInf(v, 0) || !ws.Quant.finite() {
		return 0, errorf(off, "world space: fps or quantization is not finite")
	}
	if int64(ws.RotationCount) != int64(f.Frames) {
		return 0, errorf(off+0x38, "world space: %d rotations, want one per frame (%d)", ws.RotationCount, f.Frames)
	}
	if int64(ws.TranslationCount) != int64(f.Frames) {
		return 0, errorf(off+0x40, "world space: %d translations, want one per frame (%d)", ws.TranslationCount, f.Frames)
	}
	n := int64(f.Frames)
	p := off + worldHeaderSize
	if !r.In(p, n*rotationSize) {
		return 0, errorf(p, "world space: %d rotations run past the end of the file (%d bytes)", n, r.Len())
	}
	ws.Rotations = readRotations(r, p, f.Frames)
	p = alignUp(p+n*rotationSize, 4)
	if !r.In(p, n*translationSize) {
		return 0, errorf(p, "world space: %d translations run past the end of the file (%d bytes)", n, r.Len())
	}
	ws.Translations = readU32s(r, p, f.Frames)
	return p + n*translationSize, nil
}

func (f *File) decodeNames(r bin.Reader, off int64) error {
	nt := &f.Names
	nt.Offset = off
	if !r.In(off, nameHeaderSize) {
		return errorf(off, "bone-name table header (%d bytes) runs past the end of the file (%d bytes)", nameHeaderSize, r.Len())
	}
	nt.Count, _ = r.U32(off)
	nt.TotalBytes, _ = r.U32(off + 4)
	nt.IndicesOffset, _ = r.U32(off + 8)
	nt.OffsetsOffset, _ = r.U32(off + 12)
	nt.NamesOffset, _ = r.U32(off + 16)
	n := int64(len(f.Bones))
	if nt.Count != f.Header.BoneCount {
		return errorf(off, "bone-name table has %d names for %d bones", nt.Count, f.Header.BoneCount)
	}
	if nt.IndicesOffset != nameHeaderSize {
		return errorf(off+8, "bone-name indices at table offset 0x%x, want 0x%x", nt.IndicesOffset, nameHeaderSize)
	}
	if int64(nt.OffsetsOffset) != nameHeaderSize+4*n {
		return errorf(off+12, "bone-name offsets at table offset 0x%x, want 0x%x", nt.OffsetsOffset, nameHeaderSize+4*n)
	}
	if !r.In(off+nameHeaderSize, 8*n) {
		return errorf(off+nameHeaderSize, "bone-name indices and offsets (%d names) run past the end of the file (%d bytes)", n, r.Len())
	}
	nt.Indices = readU32s(r, off+nameHeaderSize, int(n))
	nt.NameOffsets = readU32s(r, off+int64(nt.OffsetsOffset), int(n))
	nt.Names = make([]string, n)
	for i, no := range nt.NameOffsets {
		p := off + int64(nt.NamesOffset) + int64(no)
		name, err := latin1CString(r, p)
		if err != nil {
			return errorf(off+int64(nt.OffsetsOffset)+4*int64(i), "bone %d name at 0x%x: %v", i, p, err)
		}
		nt.Names[i] = name
	}
	return nil
}

// latin1CString reads a NUL-terminated Latin-1 string of at most maxNameLen
// bytes and returns it as UTF-8.
func latin1CString(r bin.Reader, off int64) (string, error) {
	if !r.In(off, 1) {
		return "", fmt.Errorf("starts outside the file (%d bytes)", r.Len())
	}
	end := min(int64(r.Len()), off+maxNameLen+1)
	b := r.B[off:end]
	n := -1
	for i, c := range b {
		if c == 0 {
			n = i
			break
		}
	}
	if n < 0 {
		if end == int64(r.Len()) {
			return "", errors.New("no NUL terminator before the end of the file")
		}
		return "", fmt.Errorf("longer than %d bytes", maxNameLen)
	}
	ascii := true
	for _, c := range b[:n] {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b[:n]), nil
	}
	rs := make([]rune, n)
	for i, c := range b[:n] {
		rs[i] = rune(c)
	}
	return string(rs), nil
}
