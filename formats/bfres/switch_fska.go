package bfres

import (
	"math"
)

// Switch structure sizes that do not change between versions.
const (
	nxCurveSize = 0x30
)

// nxBoneAnimSize is the bone animation size: 0x28, v9+ 0x38 (16 reserved
// bytes after the base value offset).
func (d *decoder) nxBoneAnimSize() int64 {
	if d.nx.v9 {
		return 0x38
	}
	return 0x28
}

// nxReadCurve reads a 0x30-byte Switch curve header (u64 frame and key
// array offsets, then the Wii U fields with delta) and its arrays.
func (d *decoder) nxReadCurve(off int64) (Curve, error) {
	// Files hold thousands of curves: read the fixed header straight from
	// the bytes after one bounds check.
	if !d.r.In(off, nxCurveSize) {
		return Curve{}, d.errf(off, "curve (0x%x bytes) runs past the end of the file (0x%x)", nxCurveSize, d.r.Len())
	}
	if err := d.charge(off, nxCurveSize, "curve"); err != nil {
		return Curve{}, err
	}
	b := d.r.B[off : off+nxCurveSize]
	c := Curve{FileOffset: off, HasDelta: true, LittleEndian: true,
		Flags: le16(b[0x10:]), NumKeys: le16(b[0x12:]), TargetOffset: le32(b[0x14:]),
		StartFrame: math.Float32frombits(le32(b[0x18:])), EndFrame: math.Float32frombits(le32(b[0x1C:])),
		ScaleBits: le32(b[0x20:]), OffsetBits: le32(b[0x24:]), DeltaBits: le32(b[0x28:])}
	size := uint64(d.r.Len())
	for i, p := range []*int64{&c.FrameArrayOffset, &c.KeyArrayOffset} {
		v := le64(b[8*i:])
		if v >= size {
			return Curve{}, d.errf(off+8*int64(i), "curve: offset field points to 0x%x, outside the file (0x%x bytes)", v, size)
		}
		*p = int64(v)
	}
	if err := d.finishCurve(&c, 0x10, 0, 8); err != nil {
		return Curve{}, err
	}
	return c, nil
}

// nxReadSkeletalAnim reads an FSKA: before v9 a 0x60-byte block (header
// magic, next, size; flags after the user data dictionary), from v9 0x50
// bytes (flags in the block header).
func (d *decoder) nxReadSkeletalAnim(off int64) (SkeletalAnim, error) {
	size := int64(0x60)
	if d.nx.v9 {
		size = 0x50
	}
	f, err := d.structAt(off, size, "FSKA header")
	if err != nil {
		return SkeletalAnim{}, err
	}
	a := SkeletalAnim{FileOffset: off}
	hb := d.nx.blockFields()
	if d.nx.v9 {
		a.Flags = f.u32(4)
	}
	a.Name = f.nxName(hb)
	a.Path = f.nxName(hb + 8)
	bindIdx := f.off64(hb + 0x18)
	boneAnims := f.off64(hb + 0x20)
	userData := f.off64(hb + 0x28)
	userDict := f.off64(hb + 0x30)
	p := hb + 0x38
	if !d.nx.v9 {
		a.Flags = f.u32(p)
		p += 4
	}
	a.FrameCount = f.s32(p)
	a.NumCurves = f.s32(p + 4)
	a.BakedSize = f.u32(p + 8)
	a.NumBoneAnims = f.u16(p + 0x0C)
	a.NumUserData = f.u16(p + 0x0E)
	if f.err != nil {
		return SkeletalAnim{}, f.err
	}
	if a.FrameCount < 0 {
		return SkeletalAnim{}, d.errf(off+p, "FSKA %q: negative frame count %d", a.Name, a.FrameCount)
	}
	if rm := a.RotationMode(); rm > rotationModeEulerXYZ {
		return SkeletalAnim{}, d.errf(off, "FSKA %q: unknown rotation mode %d (flags 0x%x)", a.Name, rm, a.Flags)
	}
	n := int64(a.NumBoneAnims)
	stride := d.nxBoneAnimSize()
	if n > 0 && boneAnims == 0 {
		return SkeletalAnim{}, d.errf(off+hb+0x20, "FSKA %q has %d bone anims but no bone anim array", a.Name, n)
	}
	if !d.r.In(boneAnims, n*stride) {
		return SkeletalAnim{}, d.errf(off+hb+0x20, "FSKA %q: bone anim array (%d entries at 0x%x) runs past the end of the file", a.Name, n, boneAnims)
	}
	if a.BindIndices, err = d.nxU16s(bindIdx, n, "FSKA bind index array"); err != nil {
		return SkeletalAnim{}, err
	}
	// All curves of the animation in one allocation (the stated count is
	// checked against the file size first, and against the bone anims
	// below).
	if a.NumCurves < 0 || int64(a.NumCurves) > int64(d.r.Len())/nxCurveSize {
		return SkeletalAnim{}, d.errf(off+p+4, "FSKA %q: curve count %d does not fit in the file", a.Name, a.NumCurves)
	}
	pool := make([]Curve, a.NumCurves)
	a.BoneAnims = make([]BoneAnim, n)
	total := int64(0)
	for i := range a.BoneAnims {
		ba, err := d.nxReadBoneAnim(boneAnims+int64(i)*stride, a.Quaternion(), &pool)
		if err != nil {
			return SkeletalAnim{}, err
		}
		a.BoneAnims[i] = ba
		total += int64(ba.NumCurves)
	}
	if total != int64(a.NumCurves) {
		return SkeletalAnim{}, d.errf(off+p+4, "FSKA %q states %d curves, its bone anims hold %d", a.Name, a.NumCurves, total)
	}
	if a.UserData, err = d.nxUserData(userData, userDict, int(a.NumUserData), "FSKA user data"); err != nil {
		return SkeletalAnim{}, err
	}
	return a, nil
}

// nxU16s reads n u16 values at off (nil when off is null).
func (d *decoder) nxU16s(off, n int64, what string) ([]uint16, error) {
	if off == 0 || n == 0 {
		return nil, nil
	}
	b, err := d.structAt(off, 2*n, what)
	if err != nil {
		return nil, err
	}
	out := make([]uint16, n)
	for i := range out {
		out[i] = b.u16(2 * int64(i))
	}
	return out, b.err
}

// nxUserData reads a user data dictionary and its 0x40-byte entries
// (u64 name, u64 data, u32 count, u8 type): int, float, byte and string
// values; wide strings are listed by name and type only.
func (d *decoder) nxUserData(values, dict int64, count int, what string) ([]UserData, error) {
	if dict == 0 {
		if count != 0 {
			return nil, d.errf(values, "%s: %d entries but no dictionary", what, count)
		}
		return nil, nil
	}
	t, err := d.nxDict(dict, values, 0x40, what)
	if err != nil {
		return nil, err
	}
	if len(t.Entries) != count {
		return nil, d.errf(dict+4, "%s dictionary has %d entries, the header says %d", what, len(t.Entries), count)
	}
	out := make([]UserData, count)
	for i, e := range t.Entries {
		f, err := d.structAt(e.DataOffset, 0x40, what)
		if err != nil {
			return nil, err
		}
		u := UserData{FileOffset: e.DataOffset, Name: f.nxName(0)}
		data := f.off64(8)
		n := int64(f.u32(0x10))
		u.Type = f.u8(0x14)
		if f.err != nil {
			return nil, f.err
		}
		elem := map[uint8]int64{0: 4, 1: 4, 2: 8, 3: 8, 4: 1}[u.Type]
		if elem == 0 {
			return nil, d.errf(e.DataOffset+0x14, "%s %q: unknown type %d", what, u.Name, u.Type)
		}
		if n > 0 {
			v, err := d.structAt(data, n*elem, what+" values")
			if err != nil {
				return nil, err
			}
			for k := int64(0); k < n; k++ {
				switch u.Type {
				case 0:
					u.Ints = append(u.Ints, v.s32(4*k))
				case 1:
					u.Floats = append(u.Floats, v.f32(4*k))
				case 2:
					u.Strings = append(u.Strings, v.nxName(8*k))
				case 4:
					u.Bytes = append(u.Bytes, v.u8(k))
				}
			}
			if v.err != nil {
				return nil, v.err
			}
		}
		out[i] = u
	}
	return out, nil
}

func (d *decoder) nxReadBoneAnim(off int64, quat bool, pool *[]Curve) (BoneAnim, error) {
	f, err := d.structAt(off, d.nxBoneAnimSize(), "bone anim")
	if err != nil {
		return BoneAnim{}, err
	}
	b := BoneAnim{FileOffset: off}
	b.Name = f.nxName(0)
	b.CurveArrayOffset = f.off64(8)
	b.BaseOffset = f.off64(0x10)
	p := int64(0x18)
	if d.nx.v9 {
		p = 0x28
	}
	b.Flags = f.u32(p)
	b.BeginRotate = f.u8(p + 4)
	b.BeginTranslate = f.u8(p + 5)
	b.NumCurves = f.u8(p + 6)
	b.BeginBaseTranslate = f.u8(p + 7)
	b.BeginCurve = uint8(f.s32(p + 8))
	if f.err != nil {
		return BoneAnim{}, f.err
	}
	if err := d.readBoneBase(&b); err != nil {
		return BoneAnim{}, err
	}
	if b.NumCurves > 0 {
		if b.CurveArrayOffset == 0 {
			return BoneAnim{}, d.errf(off+8, "bone anim %q has %d curves but no curve array", b.Name, b.NumCurves)
		}
		if len(*pool) < int(b.NumCurves) {
			return BoneAnim{}, d.errf(off+d.nxBoneAnimSize()-0x10+6, "bone anim %q: its %d curves exceed the animation's stated curve count", b.Name, b.NumCurves)
		}
		b.Curves, *pool = (*pool)[:b.NumCurves:b.NumCurves], (*pool)[b.NumCurves:]
		var seen [0x30 / 4]bool
		for i := range b.Curves {
			c, err := d.nxReadCurve(b.CurveArrayOffset + int64(i)*nxCurveSize)
			if err != nil {
				return BoneAnim{}, err
			}
			unit, err := d.boneCurve(b.Name, &c, &seen, quat, c.FileOffset+0x10, c.FileOffset+0x14)
			if err != nil {
				return BoneAnim{}, err
			}
			if err := d.nxDecode(&c, unit); err != nil {
				return BoneAnim{}, err
			}
			b.Curves[i] = c
		}
	}
	return b, nil
}

// readBoneBase reads the base values the bone anim's flags announce
// (scale 3, rotate 4, translate 3 floats).
func (d *decoder) readBoneBase(b *BoneAnim) error {
	b.HasScale = b.Flags&boneAnimBaseScale != 0
	b.HasRotate = b.Flags&boneAnimBaseRotate != 0
	b.HasTranslate = b.Flags&boneAnimBaseTranslate != 0
	nBase := int64(0)
	if b.HasScale {
		nBase += 3
	}
	if b.HasRotate {
		nBase += 4
	}
	if b.HasTranslate {
		nBase += 3
	}
	if nBase == 0 {
		return nil
	}
	if b.BaseOffset == 0 {
		return d.errf(b.FileOffset, "bone anim %q: flags 0x%x announce base values but the offset is null", b.Name, b.Flags)
	}
	v, err := d.structAt(b.BaseOffset, 4*nBase, "bone anim base values")
	if err != nil {
		return err
	}
	// structAt checked the range: read the floats straight from it.
	raw, order := v.r.B[:4*nBase], v.r.Order
	o := 0
	next := func() float32 { x := math.Float32frombits(order.Uint32(raw[o:])); o += 4; return x }
	b.fillBase(next)
	if v.err != nil {
		return v.err
	}
	if x, ok := allFinite(b.Scale[:], b.Rotate[:], b.Translate[:]); !ok {
		return d.errf(b.BaseOffset, "bone anim %q: base value %v is not finite", b.Name, x)
	}
	return nil
}

// arenaChunk is how many float64 values floats allocates at once: a
// Switch animation file holds thousands of curves of a few dozen values
// each, and one allocation per curve dominated decoding.
const arenaChunk = 1 << 15

// floats hands out n float64s from the current chunk.
func (d *decoder) floats(n int) []float64 {
	if n > arenaChunk/4 {
		return make([]float64, n)
	}
	if len(d.arena) < n {
		d.arena = make([]float64, arenaChunk)
	}
	out := d.arena[:n:n]
	d.arena = d.arena[n:]
	return out
}

// curveChunk is how many curves storedCurve allocates at once.
const curveChunk = 256

// storedCurve hands out a zero curve from the current chunk.
func (d *decoder) storedCurve() *storedCurve {
	if len(d.curves) == 0 {
		d.curves = make([]storedCurve, curveChunk)
	}
	c := &d.curves[0]
	d.curves = d.curves[1:]
	return c
}

// nxDecode builds c.Decoded with storage from the arena.
func (d *decoder) nxDecode(c *Curve, unit float64) error {
	nw, err := decodeCurveBuf(c.NWHeader(unit), c.FrameData, c.KeyData, c.order(), d.floats, d.storedCurve)
	if err != nil {
		return d.errf(c.FileOffset, "%s curve (target 0x%x): %v", c.Type, c.TargetOffset, err)
	}
	c.Decoded = nw
	return nil
}
