package bfres

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// Writing an FSKA into a file being edited (edit.go): the same fields
// the reader reads, placed from the same layout tables, in a new region
// of the file. Names come from the file's string table where it holds
// them; references are written the console's way (span.ref).

// span is a stretch of the output at a known file offset: the region of
// new data, or the original bytes being patched.
type span struct {
	b    []byte
	base int64
}

// has reports whether [off, off+n) lies in the span.
func (s *span) has(off, n int64) bool {
	return off >= s.base && off+n <= s.base+int64(len(s.b))
}

// edit is one edit of a FRES file: the original, its decoded form, the
// output's spans and what the Switch relocation table must add.
type edit struct {
	file   []byte
	f      *File
	lay    *layout
	order  binary.ByteOrder
	orig   span // the original bytes the edit patches (a copy)
	region span // the new data
	// newPtrs are the pointer fields written that the relocation table
	// does not list yet (Switch).
	newPtrs []int64
	newSet  map[int64]bool
	listed  map[int64]bool
	// toRegion marks the pointer fields that point into the region: they
	// do not move with the data after it (finishSwitch).
	toRegion map[int64]bool
	strs     map[string]int64
	newStrs  map[int64]bool // the strings written in the region
	// newUserData: the user data references point into the region.
	newUserData bool
	// rewritten marks the pointer fields of the original bytes the edit
	// wrote (their section may change).
	rewritten map[int64]bool
}

// spanAt is the span holding [off, off+n).
func (e *edit) spanAt(off, n int64) *span {
	switch {
	case e.region.has(off, n):
		return &e.region
	case e.orig.has(off, n):
		return &e.orig
	}
	panic(fmt.Sprintf("bfres edit: write at 0x%x outside the output", off))
}

// alloc appends n zero bytes to the region at an align-byte boundary and
// returns their file offset.
func (e *edit) alloc(n, align int64) int64 {
	r := &e.region
	for (r.base+int64(len(r.b)))%align != 0 {
		r.b = append(r.b, 0)
	}
	at := r.base + int64(len(r.b))
	r.b = append(r.b, make([]byte, n)...)
	return at
}

// num writes value v into field fl of the structure at st (nothing when
// the version has no such field).
func (e *edit) num(st int64, fl field, v int64) {
	if fl.kind == absent {
		return
	}
	switch fl.kind {
	case kU8:
		e.bytes(st+fl.at, 1)[0] = uint8(v)
	case kU16, kS16:
		e.order.PutUint16(e.bytes(st+fl.at, 2), uint16(v))
	default:
		e.order.PutUint32(e.bytes(st+fl.at, 4), uint32(v))
	}
}

// bytes are the n output bytes at file offset off.
func (e *edit) bytes(off, n int64) []byte {
	s := e.spanAt(off, n)
	return s.b[off-s.base : off-s.base+n]
}

// ref makes the reference field at file offset at point at target in
// the original file (0: null): a self-relative s32 on the Wii U, a file
// offset on the Switch that the relocation table must list.
func (e *edit) ref(at, target int64) { e.setRef(at, target, false) }

// refNew makes the reference field at at point at target in the region.
// (On the Switch the region's offsets can coincide with those of data
// that moves after it, so which one a reference means is said, not
// guessed.)
func (e *edit) refNew(at, target int64) { e.setRef(at, target, true) }

func (e *edit) setRef(at, target int64, inRegion bool) {
	if !e.lay.nx {
		v := int64(0)
		if target != 0 {
			v = target - at
		}
		e.order.PutUint32(e.bytes(at, 4), uint32(int32(v)))
		return
	}
	e.order.PutUint64(e.bytes(at, 8), uint64(target))
	e.toRegion[at] = target != 0 && inRegion
	if !e.region.has(at, 8) {
		e.rewritten[at] = true
	}
	// A field in the region is new even where its offset equals that of
	// a listed field in the data that moves.
	if target != 0 && !e.newSet[at] && (e.region.has(at, 8) || !e.listed[at]) {
		e.newSet[at] = true
		e.newPtrs = append(e.newPtrs, at)
	}
}

func (e *edit) refFieldNew(st int64, fl field, target int64) {
	if fl.kind != absent {
		e.refNew(st+fl.at, target)
	}
}

// name makes name field fl of the structure at st point at s.
func (e *edit) name(st int64, fl field, s string) {
	if fl.kind != absent {
		e.refStr(st+fl.at, s)
	}
}

// writeFSKA writes a as a new FSKA header with its bind indices, bone
// anims, base values and curves in the region, and returns the header's
// offset. hdr is where the header goes (0: in the region). udata and
// udict are the user data references to store.
func (e *edit) writeFSKA(a *SkeletalAnim, hdr, udata, udict int64) (int64, error) {
	l := &e.lay.fska
	if err := checkSkeletalAnim(a, e.lay); err != nil {
		return 0, err
	}
	if hdr == 0 {
		hdr = e.alloc(l.size, 8)
		e.block(hdr, "FSKA", 0, l.size)
	}
	n := int64(len(a.BoneAnims))
	curves := 0
	for i := range a.BoneAnims {
		curves += len(a.BoneAnims[i].Curves)
	}
	e.name(hdr, l.name, a.Name)
	e.name(hdr, l.path, a.Path)
	e.num(hdr, l.flags, int64(a.Flags))
	e.num(hdr, l.frameCount, int64(a.FrameCount))
	e.num(hdr, l.bakedSize, int64(a.BakedSize))
	e.num(hdr, l.numUserData, int64(len(a.UserData)))
	e.num(hdr, l.numBoneAnims, n)
	e.num(hdr, l.numCurves, int64(curves))
	// Shared user data is the file's; new user data is in the region.
	if l.userData.kind != absent {
		e.setRef(hdr+l.userData.at, udata, e.newUserData)
	}
	e.setRef(hdr+l.udict.at, udict, e.newUserData)
	bind := e.alloc(2*n, e.dataAlign())
	for i := int64(0); i < n; i++ {
		v := uint16(0xFFFF)
		if len(a.BindIndices) == int(n) {
			v = a.BindIndices[i]
		}
		e.order.PutUint16(e.bytes(bind+2*i, 2), v)
	}
	e.refFieldNew(hdr, l.bindIndices, bind)
	arr := e.alloc(n*l.boneAnimSize, 8)
	e.refFieldNew(hdr, l.boneAnims, arr)
	begin := 0
	for i := range a.BoneAnims {
		if err := e.writeBoneAnim(&a.BoneAnims[i], arr+int64(i)*l.boneAnimSize, begin); err != nil {
			return 0, fmt.Errorf("FSKA %q: %v", a.Name, err)
		}
		begin += len(a.BoneAnims[i].Curves)
	}
	return hdr, nil
}

// dataAlign is the alignment of arrays: 8 on the Switch (as its files
// and the test writer place them), 4 on the Wii U.
func (e *edit) dataAlign() int64 {
	if e.lay.nx {
		return 8
	}
	return 4
}

// block writes a new subfile's signature and, before Switch version 9,
// its block header: the offset of the next block (0: none) and its size.
func (e *edit) block(at int64, magic string, next, size int64) {
	copy(e.bytes(at, 4), magic)
	if e.lay.nx && e.lay.major < 9 {
		e.order.PutUint32(e.bytes(at+4, 4), uint32(next))
		e.order.PutUint64(e.bytes(at+8, 8), uint64(size))
	}
}

// boneFlagBits are the bone anim flag bits the writer sets from the bone
// anim's base values and curves: bits 3-5 the base values, bits 6-15 one
// per curve target (scale, rotate, translate).
const boneFlagBits = 0xFFF8

// boneCurveFlag is the bone anim flag bit of a curve target.
func boneCurveFlag(target uint32) uint32 {
	switch {
	case target >= TargetRotateX:
		return 1 << (9 + (target-TargetRotateX)/4)
	case target >= TargetTranslateX:
		return 1 << (13 + (target-TargetTranslateX)/4)
	}
	return 1 << (6 + (target-TargetScaleX)/4)
}

// writeBoneAnim writes the bone anim b at st, its base values and curves.
func (e *edit) writeBoneAnim(b *BoneAnim, st int64, begin int) error {
	l := &e.lay.boneAnim
	flags := b.Flags &^ boneFlagBits
	var base []float32
	if b.HasScale {
		flags |= boneAnimBaseScale
		base = append(base, b.Scale[:]...)
	}
	if b.HasRotate {
		flags |= boneAnimBaseRotate
		base = append(base, b.Rotate[:]...)
	}
	if b.HasTranslate {
		flags |= boneAnimBaseTranslate
		base = append(base, b.Translate[:]...)
	}
	for i := range b.Curves {
		flags |= boneCurveFlag(b.Curves[i].TargetOffset)
	}
	e.num(st, l.flags, int64(flags))
	e.name(st, l.name, b.Name)
	e.num(st, l.beginRotate, int64(b.BeginRotate))
	e.num(st, l.beginTranslate, int64(b.BeginTranslate))
	e.num(st, l.numCurves, int64(len(b.Curves)))
	e.num(st, l.beginBaseTranslate, int64(b.BeginBaseTranslate))
	if e.lay.nx {
		// The Switch stores the first curve's index as an s32.
		e.order.PutUint32(e.bytes(st+l.beginCurve.at, 4), uint32(begin))
	} else {
		e.num(st, l.beginCurve, int64(begin))
	}
	if len(base) > 0 {
		p := e.alloc(4*int64(len(base)), e.dataAlign())
		for k, v := range base {
			e.order.PutUint32(e.bytes(p+4*int64(k), 4), math.Float32bits(v))
		}
		e.refFieldNew(st, l.base, p)
	}
	if len(b.Curves) == 0 {
		return nil
	}
	cl := &e.lay.curve
	arr := e.alloc(int64(len(b.Curves))*cl.size, 8)
	e.refFieldNew(st, l.curves, arr)
	for i := range b.Curves {
		if err := e.writeCurve(&b.Curves[i], arr+int64(i)*cl.size); err != nil {
			return fmt.Errorf("bone anim %q: %v", b.Name, err)
		}
	}
	return nil
}

// writeCurve writes the curve header at st and its arrays.
func (e *edit) writeCurve(c *Curve, st int64) error {
	l := &e.lay.curve
	if c.LittleEndian != e.lay.nx {
		return fmt.Errorf("curve (target 0x%x) is stored for the other console's byte order", c.TargetOffset)
	}
	e.num(st, l.flags, int64(c.Flags))
	e.num(st, l.numKeys, int64(c.NumKeys))
	e.num(st, l.target, int64(c.TargetOffset))
	e.num(st, l.start, int64(math.Float32bits(c.StartFrame)))
	e.num(st, l.end, int64(math.Float32bits(c.EndFrame)))
	e.num(st, l.scale, int64(c.ScaleBits))
	e.num(st, l.offset, int64(c.OffsetBits))
	e.num(st, l.delta, int64(c.DeltaBits))
	align := e.dataAlign()
	if len(c.FrameData) > 0 {
		p := e.alloc(int64(len(c.FrameData)), align)
		copy(e.bytes(p, int64(len(c.FrameData))), c.FrameData)
		e.refFieldNew(st, l.frames, p)
	}
	p := e.alloc(int64(len(c.KeyData)), align)
	copy(e.bytes(p, int64(len(c.KeyData))), c.KeyData)
	e.refFieldNew(st, l.keys, p)
	return nil
}

// checkSkeletalAnim refuses what the file cannot hold or the runtime
// cannot play: counts past their fields, curves whose arrays disagree
// with their headers, targets that are no bone channel or repeat.
func checkSkeletalAnim(a *SkeletalAnim, lay *layout) error {
	switch {
	case a.Name == "":
		return fmt.Errorf("skeletal animation has no name")
	case len(a.BoneAnims) > math.MaxUint16:
		return fmt.Errorf("FSKA %q: %d bone anims (at most 65535)", a.Name, len(a.BoneAnims))
	case a.FrameCount < 0 || !lay.nx && lay.fska.frameCount.kind == kS16 && a.FrameCount > math.MaxInt16:
		return fmt.Errorf("FSKA %q: frame count %d does not fit the header", a.Name, a.FrameCount)
	case a.RotationMode() > rotationModeEulerXYZ:
		return fmt.Errorf("FSKA %q: unknown rotation mode %d", a.Name, a.RotationMode())
	}
	for i := range a.BoneAnims {
		b := &a.BoneAnims[i]
		if len(b.Curves) > math.MaxUint8 {
			return fmt.Errorf("FSKA %q: bone anim %q has %d curves (at most 255)", a.Name, b.Name, len(b.Curves))
		}
		if b.Name == "" {
			return fmt.Errorf("FSKA %q: bone anim %d has no name", a.Name, i)
		}
		if x, ok := allFinite(b.Scale[:], b.Rotate[:], b.Translate[:]); !ok {
			return fmt.Errorf("FSKA %q: bone anim %q: base value %v is not finite", a.Name, b.Name, x)
		}
		var seen [0x30 / 4]bool
		for k := range b.Curves {
			c := &b.Curves[k]
			if err := checkCurve(c); err != nil {
				return fmt.Errorf("FSKA %q: bone anim %q: %v", a.Name, b.Name, err)
			}
			if _, ok := boneSlot(c.TargetOffset, a.Quaternion()); !ok || c.Type.IsInt() || seen[c.TargetOffset/4] {
				return fmt.Errorf("FSKA %q: bone anim %q: %s curve on target 0x%x (float curves, one per bone channel)", a.Name, b.Name, c.Type, c.TargetOffset)
			}
			seen[c.TargetOffset/4] = true
		}
	}
	return nil
}

// checkCurve checks that a curve's flags and arrays agree.
func checkCurve(c *Curve) error {
	want := uint16(c.FrameType) | uint16(c.KeyType)<<2 | uint16(c.Type)<<4 | uint16(c.PreWrap)<<8 | uint16(c.PostWrap)<<12
	if c.Flags&0x337F != want {
		return fmt.Errorf("curve (target 0x%x): flags 0x%04x disagree with its types", c.TargetOffset, c.Flags)
	}
	h := c.NWHeader(1)
	switch {
	case c.NumKeys == 0:
		return fmt.Errorf("curve (target 0x%x) has no keys", c.TargetOffset)
	case int64(len(c.KeyData)) != h.KeyBytes():
		return fmt.Errorf("curve (target 0x%x): %d key bytes, its header needs %d", c.TargetOffset, len(c.KeyData), h.KeyBytes())
	case len(c.FrameData) == 0 && !c.Type.IsBaked(), len(c.FrameData) != 0 && int64(len(c.FrameData)) != h.FrameBytes():
		return fmt.Errorf("curve (target 0x%x): %d frame bytes, its header needs %d", c.TargetOffset, len(c.FrameData), h.FrameBytes())
	}
	return nil
}

// sameUserData reports whether two user data lists hold the same names,
// types and values (where they sit in the file aside; no values equal
// an empty list).
func sameUserData(a, b []UserData) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Type != y.Type || !slices.Equal(x.Ints, y.Ints) || !slices.Equal(x.Strings, y.Strings) ||
			!slices.Equal(x.Bytes, y.Bytes) || !slices.EqualFunc(x.Floats, y.Floats, func(p, q float32) bool { return math.Float32bits(p) == math.Float32bits(q) }) {
			return false
		}
	}
	return true
}
