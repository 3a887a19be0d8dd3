package jba

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// encode writes f in the 32-bit-client layout, the inverse of Decode, for
// building test files. It lays the file out from the slices (positions are
// recomputed, not taken from the Offset fields) and writes every stored
// field as it is, so a test can make a field lie about the data. A block
// with Size 0 gets the size of its contents padded to 128 bytes; name
// offsets and table offsets left 0 are computed.
func encode(f *File) []byte {
	var w writer
	h := &f.Header
	w.u32(0, h.Zero)
	w.f32(4, h.Length)
	w.f32(8, h.FPS)
	w.u32(0x0C, h.BlockCount)
	w.u32(0x10, h.Runtime[0])
	w.u32(0x14, h.Runtime[1])
	w.u32(0x18, h.BoneCount)
	for i, v := range h.Unknown {
		w.u32(0x1C+4*int64(i), v)
	}
	nb := int64(len(f.Blocks))
	for i := range f.Blocks {
		w.u32(headerSize+8*int64(i), f.Blocks[i].StartFrame)
	}
	for i := int64(0); i < nb; i++ {
		v := uint32(0)
		if int(i) < len(h.BlockRuntime) {
			v = h.BlockRuntime[i]
		}
		w.u32(headerSize+nb*8+4*i, v)
	}
	off := alignUp(headerSize+nb*12, align)
	for i := range f.Bones {
		w.quant(off+int64(i)*boneDataSize, &f.Bones[i])
	}
	off = alignUp(off+int64(len(f.Bones))*boneDataSize, align)
	w.grow(off)
	for i := range f.Blocks {
		b := &f.Blocks[i]
		start := off
		w.u32(off, b.BoneCount)
		w.u32(off+4, b.Unknown)
		p := off + blockHeaderSize
		for _, bb := range b.Bones {
			w.u32(p, bb.RotationCount)
			w.u32(p+4, bb.Unknown1)
			w.u32(p+8, bb.TranslationCount)
			w.u32(p+12, bb.Unknown2)
			p += keyLayoutSize
		}
		for _, bb := range b.Bones {
			p = w.rotations(p, bb.Rotations)
			p = alignUp(p, 4)
			for _, v := range bb.Translations {
				w.u32(p, v)
				p += 4
			}
		}
		size := b.Size
		if size == 0 {
			size = uint32(alignUp(p-start, align))
		}
		w.u32(headerSize+8*int64(i)+4, size)
		off = start + int64(size)
		w.grow(off)
	}
	ws := &f.WorldSpace
	w.u32(off, ws.Unknown)
	w.f32(off+4, ws.FPS)
	w.quant(off+8, &ws.Quant)
	w.u32(off+0x38, ws.RotationCount)
	w.u32(off+0x3C, ws.Unknown1)
	w.u32(off+0x40, ws.TranslationCount)
	w.u32(off+0x44, ws.Unknown2)
	p := w.rotations(off+worldHeaderSize, ws.Rotations)
	p = alignUp(p, 4)
	for _, v := range ws.Translations {
		w.u32(p, v)
		p += 4
	}
	w.grow(p)
	nt := &f.Names
	n := int64(len(nt.Names))
	idxOff, offsOff, namesOff := nt.IndicesOffset, nt.OffsetsOffset, nt.NamesOffset
	if idxOff == 0 {
		idxOff = nameHeaderSize
	}
	if offsOff == 0 {
		offsOff = uint32(nameHeaderSize + 4*n)
	}
	if namesOff == 0 {
		namesOff = uint32(nameHeaderSize + 8*n)
	}
	w.u32(p, nt.Count)
	w.u32(p+8, idxOff)
	w.u32(p+12, offsOff)
	w.u32(p+16, namesOff)
	var strs []byte
	for i, name := range nt.Names {
		idx := uint32(i)
		if i < len(nt.Indices) {
			idx = nt.Indices[i]
		}
		w.u32(p+nameHeaderSize+4*int64(i), idx)
		no := uint32(len(strs))
		if i < len(nt.NameOffsets) {
			no = nt.NameOffsets[i]
		}
		w.u32(p+int64(offsOff)+4*int64(i), no)
		if int(no) == len(strs) {
			for _, r := range name { // Latin-1
				strs = append(strs, byte(r))
			}
			strs = append(strs, 0)
		}
	}
	total := nt.TotalBytes
	if total == 0 {
		total = uint32(len(strs))
	}
	w.u32(p+4, total)
	w.bytes(p+int64(namesOff), strs)
	return w.b
}

type writer struct{ b []byte }

func (w *writer) grow(n int64) {
	if int64(len(w.b)) < n {
		w.b = append(w.b, make([]byte, n-int64(len(w.b)))...)
	}
}
func (w *writer) u32(off int64, v uint32) {
	w.grow(off + 4)
	binary.LittleEndian.PutUint32(w.b[off:], v)
}
func (w *writer) u16(off int64, v uint16) {
	w.grow(off + 2)
	binary.LittleEndian.PutUint16(w.b[off:], v)
}
func (w *writer) f32(off int64, v float32) { w.u32(off, math.Float32bits(v)) }
func (w *writer) bytes(off int64, b []byte) {
	w.grow(off + int64(len(b)))
	copy(w.b[off:], b)
}
func (w *writer) quant(off int64, q *Quant) {
	for i, a := range [...]*[3]float32{&q.TranslationStride, &q.TranslationBase, &q.RotationStride, &q.RotationBase} {
		for j, v := range a {
			w.f32(off+int64(i)*12+int64(j)*4, v)
		}
	}
}
func (w *writer) rotations(off int64, rs []PackedRotation) int64 {
	for _, r := range rs {
		w.u16(off, r[0])
		w.u16(off+2, r[1])
		w.u16(off+4, r[2])
		off += rotationSize
	}
	return off
}

// synth builds a valid file with the given bone names, stored frame count
// and block starts at 30 fps. Rotations turn about a per-bone axis
// (different per bone, so the Biped tests can check which bone went
// where), translations move along x; every third bone has no translation
// keys.
func synth(names []string, frames int, starts []int) *File {
	f := &File{Frames: frames}
	f.Header = Header{Length: float32(frames-1) / 30, FPS: 30, BlockCount: uint32(len(starts)), BoneCount: uint32(len(names)), Unknown: [3]uint32{0, 0x0FFFFFFF, 0}}
	f.Bones = make([]Quant, len(names))
	for i := range f.Bones {
		f.Bones[i] = Quant{
			TranslationStride: [3]float32{0.001, 0.0005, 0.0002},
			TranslationBase:   [3]float32{float32(i) * 0.1, -0.5, -0.1},
			RotationStride:    [3]float32{1.0 / 32767, 2.0 / 65535, 2.0 / 65535},
			RotationBase:      [3]float32{0, -1, -1},
		}
	}
	for bi, s := range starts {
		end := frames - 1
		if bi+1 < len(starts) {
			end = starts[bi+1]
		}
		b := Block{StartFrame: uint32(s), Frames: end - s + 1, BoneCount: uint32(len(names))}
		for i := range names {
			bb := BlockBone{RotationCount: uint32(b.Frames)}
			for k := 0; k < b.Frames; k++ {
				fr := s + k
				bb.Rotations = append(bb.Rotations, PackedRotation{uint16(1000 + 37*fr + 11*i), uint16(32768 + 100*i + 50*fr), uint16(32768 - 70*i)})
			}
			if i%3 != 1 {
				bb.TranslationCount = uint32(b.Frames)
				for k := 0; k < b.Frames; k++ {
					fr := uint32(s + k)
					bb.Translations = append(bb.Translations, (100+fr*3)<<21|(1000+uint32(i))<<10|uint32(500+fr))
				}
			}
			b.Bones = append(b.Bones, bb)
		}
		f.Blocks = append(f.Blocks, b)
	}
	f.WorldSpace = WorldSpace{FPS: 30, RotationCount: uint32(frames), TranslationCount: uint32(frames),
		Quant: Quant{TranslationStride: [3]float32{0.01, 0, 0}, RotationStride: [3]float32{0, 0, 1.0 / 65535}}}
	for k := 0; k < frames; k++ {
		f.WorldSpace.Rotations = append(f.WorldSpace.Rotations, PackedRotation{0, 0, uint16(100 * k)})
		f.WorldSpace.Translations = append(f.WorldSpace.Translations, uint32(k)<<21)
	}
	f.Names = NameTable{Count: uint32(len(names)), Names: names}
	return f
}

// TestEncodeRoundTrip checks the test encoder against the fixtures: a
// decoded fixture re-encodes to the same bytes, so Decode keeps every
// stored field and hostile files built with encode differ from valid ones
// only where a test says.
func TestEncodeRoundTrip(t *testing.T) {
	for _, path := range fixtures(t) {
		data := readFixture(t, path)
		f, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := encode(f); !bytes.Equal(got, data) {
			i := 0
			for i < len(got) && i < len(data) && got[i] == data[i] {
				i++
			}
			t.Errorf("%s: re-encoded file differs at 0x%x (len %d, want %d)", path, i, len(got), len(data))
		}
	}
	f := synth([]string{"Bip01", "Bip01 Pelvis", "Bip01 Spine"}, 20, []int{0, 7, 15})
	g, err := Decode(encode(f))
	if err != nil {
		t.Fatal(err)
	}
	if g.Frames != 20 || len(g.Blocks) != 3 || g.Blocks[1].Frames != 9 || g.Blocks[2].Frames != 5 || g.Names.Names[2] != "Bip01 Spine" {
		t.Errorf("synthetic file decodes to frames %d, blocks %d, names %q", g.Frames, len(g.Blocks), g.Names.Names)
	}
	if got, want := encode(g), encode(f); !bytes.Equal(got, want) {
		t.Error("synthetic file does not round-trip")
	}
}
