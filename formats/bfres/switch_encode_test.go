package bfres

import (
	"encoding/binary"
	"math"
	"slices"
	"sort"

	"github.com/animscope/animscope/anim"
)

// A test-only Switch FRES writer (versions 5, 8, 9, 10), written from the
// layout notes in testdata/switch/README.md: header, FMDL/FSKL/bones,
// FSKA/bone anims/curves, FMAA texture SRT, FBVS, _DIC tries, _STR pool
// and an _RLT table listing every pointer field.

var le = binary.LittleEndian

// nxDesc describes a file to write.
type nxDesc struct {
	major     int
	name      string
	models    []nxModelDesc
	skeletal  []nxSkelDesc
	material  []nxMatDesc
	boneVis   []nxVisDesc
	alignment uint8
	// Hostile variants: pointer fields left out of the relocation table,
	// and the first bone anim's base values moved to end 4 bytes into it.
	unlisted    []int
	baseIntoRLT bool
}

type nxModelDesc struct {
	name      string
	scaleMode uint32 // FSKL flags bits 8-9
	rotMode   uint32 // FSKL flags bits 12-14
	bones     []nxBoneDesc
	invModel  [][12]float32 // FSKL inverse model matrices, one per smooth entry
	geom      *nxGeomDesc   // vertex buffers, shapes and materials (switch_fmdl_write_test.go)
}

type nxBoneDesc struct {
	name                    string
	parent, smooth, rigid   int16
	quat                    bool
	scale, translate        [3]float32
	rotate                  [4]float32
	segmentScaleCompensated bool
}

type nxSkelDesc struct {
	name      string
	flags     uint32
	frames    int32
	boneAnims []nxBoneAnimDesc
}

type nxBoneAnimDesc struct {
	name             string
	scale, translate *[3]float32
	rotate           *[4]float32
	curves           []nxCurveDesc
	transform        uint32 // flag bits 23-27 (segment scale compensate ... translate zero)
}

// nxCurveDesc is a curve as stored: frames are real frame numbers (the
// writer quantizes s10.5 and u8 exactly), keys are the stored elements
// (integers for s16/s8 and integer curves; 0/1 per key for bool curves).
type nxCurveDesc struct {
	target               uint32
	typ                  anim.NWCurveType
	ft                   anim.NWFrameType
	kt                   KeyType
	pre, post            anim.NWWrap
	start, end           float32
	scale, offset, delta float64 // float32 values, or integers for int/bool curves
	frames               []float64
	keys                 [][]float64
}

type nxMatDesc struct {
	name   string
	flags  uint16
	frames int32
	mats   []nxMatDataDesc
}

type nxMatDataDesc struct {
	name     string
	params   []nxParamDesc
	patterns []nxPatternDesc
	visCurve *nxCurveDesc // material visibility (bool curve) ...
	visConst *uint32      // ... or constant
}

// nxPatternDesc is a texture pattern: a curve or a constant texture index.
type nxPatternDesc struct {
	name     string
	curve    *nxCurveDesc
	constant *uint32
}

type nxParamDesc struct {
	name      string
	curves    []nxCurveDesc // float curves first, then int curves
	constants [][2]uint32   // target, raw
}

type nxVisDesc struct {
	name   string
	flags  uint16
	frames int32
	bones  []string
	base   []bool
	curves []nxCurveDesc // target = bone index
}

type nxWriter struct {
	b     []byte
	ptrs  []int
	strs  map[int]string
	major int
	v9    bool
	gpu   []byte // the GPU blob: vertex and index buffers (switch_fmdl_write_test.go)
	// basePtrs are the bone anims' base value pointer fields; desc is
	// what is being written (its hostile variants apply in finish).
	basePtrs []int
	desc     *nxDesc
}

func (w *nxWriter) alloc(n, align int) int {
	for len(w.b)%align != 0 {
		w.b = append(w.b, 0)
	}
	p := len(w.b)
	w.b = append(w.b, make([]byte, n)...)
	return p
}

func (w *nxWriter) u8(p int, v uint8)    { w.b[p] = v }
func (w *nxWriter) u16(p int, v uint16)  { le.PutUint16(w.b[p:], v) }
func (w *nxWriter) u32(p int, v uint32)  { le.PutUint32(w.b[p:], v) }
func (w *nxWriter) f32(p int, v float32) { w.u32(p, math.Float32bits(v)) }

// ptr sets the pointer field at p (listed in the relocation table).
func (w *nxWriter) ptr(p, target int) {
	w.ptrs = append(w.ptrs, p)
	le.PutUint64(w.b[p:], uint64(target))
}

// str makes the pointer field at p name s in the string pool.
func (w *nxWriter) str(p int, s string) {
	w.ptrs = append(w.ptrs, p)
	w.strs[p] = s
}

func (w *nxWriter) blockFields() int {
	if w.v9 {
		return 8
	}
	return 0x10
}

// block writes a subfile's block header at p.
func (w *nxWriter) block(p int, magic string, size int, flags uint32) {
	copy(w.b[p:], magic)
	if w.v9 {
		w.u32(p+4, flags)
		return
	}
	w.u32(p+4, uint32(size))
	le.PutUint64(w.b[p+8:], uint64(size))
}

// nxTrieNode is a _DIC node under construction.
type nxTrieNode struct {
	ref         uint32
	left, right uint16
	key         string
}

// buildNxTrie inserts keys into a trie with the nn::util ResDic lookup
// rule (Dict.nxLookup: references increase going down, bits counted from
// the key's last byte).
func buildNxTrie(keys []string) []nxTrieNode {
	nodes := []nxTrieNode{{ref: 0xFFFFFFFF}}
	walk := func(key string, stopAt int64) (parent, child int) {
		parent, child = 0, int(nodes[0].left)
		for int32(nodes[parent].ref) < int32(nodes[child].ref) && int64(nodes[child].ref) < stopAt {
			parent = child
			if nxBit(key, nodes[child].ref) == 1 {
				child = int(nodes[child].right)
			} else {
				child = int(nodes[child].left)
			}
		}
		return parent, child
	}
	for _, key := range keys {
		_, closest := walk(key, math.MaxInt64)
		other := nodes[closest].key
		crit := int64(-1)
		for r := int64(0); r < int64(8*max(len(key), len(other))); r++ {
			if nxBit(key, uint32(r)) != nxBit(other, uint32(r)) {
				crit = r
				break
			}
		}
		parent, child := walk(key, crit)
		k := uint16(len(nodes))
		n := nxTrieNode{ref: uint32(crit), key: key}
		if nxBit(key, uint32(crit)) == 1 {
			n.right, n.left = k, uint16(child)
		} else {
			n.left, n.right = k, uint16(child)
		}
		nodes = append(nodes, n)
		switch {
		case parent == 0:
			nodes[0].left = k
		case nxBit(key, nodes[parent].ref) == 1:
			nodes[parent].right = k
		default:
			nodes[parent].left = k
		}
	}
	return nodes
}

// dict writes a _DIC for names and returns its offset.
func (w *nxWriter) dict(names []string) int {
	nodes := buildNxTrie(names)
	p := w.alloc(8+16*len(nodes), 8)
	copy(w.b[p:], "_DIC")
	w.u32(p+4, uint32(len(names)))
	for i, n := range nodes {
		q := p + 8 + 16*i
		w.u32(q, n.ref)
		w.u16(q+4, n.left)
		w.u16(q+6, n.right)
		w.str(q+8, n.key)
	}
	return p
}

func (w *nxWriter) u16s(vs []uint16) int {
	p := w.alloc(2*len(vs), 8)
	for i, v := range vs {
		w.u16(p+2*i, v)
	}
	return p
}

func encodeSwitch(d nxDesc) []byte {
	w := &nxWriter{strs: map[int]string{}, major: d.major, v9: d.major >= 9, desc: &d}
	hs := 0xD0
	if w.v9 {
		hs = 0xF0
	}
	w.alloc(hs, 8)
	copy(w.b, SwitchMagic)
	w.u32(8, uint32(d.major)<<16)
	w.u16(0x0C, 0xFEFF)
	w.u8(0x0E, d.alignment)
	w.str(0x20, d.name)
	base := 0x38
	cnt := base + 0x86
	if w.v9 {
		base, cnt = 0x58, 0x58+0x8A
	}
	group := func(arr, dict, countAt int, names []string, size int, write func(p, i int)) {
		if len(names) == 0 {
			return
		}
		p := w.alloc(size*len(names), 8)
		for i := range names {
			write(p+size*i, i)
		}
		w.ptr(arr, p)
		w.ptr(dict, w.dict(names))
		w.u16(countAt, uint16(len(names)))
	}
	var names []string
	for _, m := range d.models {
		names = append(names, m.name)
	}
	group(0x28, 0x30, base+0x84, names, 0x78, func(p, i int) { w.model(p, d.models[i]) })
	names = nil
	for _, a := range d.skeletal {
		names = append(names, a.name)
	}
	fskaSize := 0x60
	if w.v9 {
		fskaSize = 0x50
	}
	group(base, base+8, cnt, names, fskaSize, func(p, i int) { w.fska(p, d.skeletal[i]) })
	names = nil
	for _, a := range d.material {
		names = append(names, a.name)
	}
	fmaaSize := 0x78
	if w.v9 {
		fmaaSize = 0x70
	}
	group(base+0x10, base+0x18, cnt+2, names, fmaaSize, func(p, i int) { w.fmaa(p, d.material[i]) })
	names = nil
	for _, a := range d.boneVis {
		names = append(names, a.name)
	}
	fbvsSize := 0x68
	if w.v9 {
		fbvsSize = 0x60
	}
	group(base+0x20, base+0x28, cnt+4, names, fbvsSize, func(p, i int) { w.fbvs(p, d.boneVis[i]) })
	w.gpuBlob(base + 0x58)
	w.finish(base + 0x78)
	return w.b
}

func (w *nxWriter) model(p int, m nxModelDesc) {
	w.block(p, "FMDL", 0x78, 0)
	hb := p + w.blockFields()
	w.str(hb, m.name)
	w.str(hb+8, "")
	s := w.alloc(w.fsklSize(), 8)
	w.ptr(hb+0x10, s)
	w.fskl(s, m)
	if m.geom != nil {
		w.geometry(p, m.geom)
	}
}

func (w *nxWriter) fsklSize() int {
	switch w.major {
	case 5:
		return 0x48
	case 8:
		return 0x58
	}
	return 0x40
}

func (w *nxWriter) boneFields() int {
	switch w.major {
	case 5:
		return 0x18
	case 10:
		return 0x20
	}
	return 0x28
}

func (w *nxWriter) fskl(p int, m nxModelDesc) {
	flags := m.scaleMode<<8 | m.rotMode<<12
	w.block(p, "FSKL", w.fsklSize(), flags)
	hb := p + w.blockFields()
	var cp int
	switch w.major {
	case 5:
		cp = hb + 0x28
		w.u32(cp, flags)
		cp += 4
	case 8:
		cp = hb + 0x38
		w.u32(cp, flags)
		cp += 4
	default:
		cp = p + 0x38
	}
	w.u16(cp, uint16(len(m.bones)))
	var smooth, rigid []uint16
	for i, b := range m.bones {
		if b.smooth >= 0 {
			smooth = append(smooth, uint16(i))
		}
		if b.rigid >= 0 {
			rigid = append(rigid, uint16(i))
		}
	}
	w.u16(cp+2, uint16(len(smooth)))
	w.u16(cp+4, uint16(len(rigid)))
	size := w.boneFields() + 0x38
	arr := w.alloc(size*len(m.bones), 8)
	var names []string
	for i, b := range m.bones {
		q := arr + size*i
		names = append(names, b.name)
		w.str(q, b.name)
		f := q + w.boneFields()
		w.u16(f, uint16(i))
		w.u16(f+2, uint16(b.parent))
		w.u16(f+4, uint16(b.smooth))
		w.u16(f+6, uint16(b.rigid))
		w.u16(f+8, 0xFFFF)
		flags := uint32(1) // visible
		if !b.quat {
			flags |= 1 << 12
		}
		if b.segmentScaleCompensated {
			flags |= boneSegmentScaleComp
		}
		w.u32(f+0x0C, flags)
		for k := 0; k < 3; k++ {
			w.f32(f+0x10+4*k, b.scale[k])
			w.f32(f+0x2C+4*k, b.translate[k])
		}
		for k := 0; k < 4; k++ {
			w.f32(f+0x1C+4*k, b.rotate[k])
		}
	}
	w.ptr(hb+8, arr)
	w.ptr(hb, w.dict(names))
	w.ptr(hb+0x10, w.u16s(append(smooth, rigid...)))
	if len(m.invModel) > 0 {
		inv := w.alloc(48*len(m.invModel), 8)
		for i, im := range m.invModel {
			for k, v := range im {
				w.f32(inv+48*i+4*k, v)
			}
		}
		w.ptr(hb+0x18, inv)
	}
}

func (w *nxWriter) fska(p int, a nxSkelDesc) {
	w.block(p, "FSKA", 0x60, a.flags)
	hb := p + w.blockFields()
	w.str(hb, a.name)
	w.str(hb+8, "")
	c := hb + 0x38
	if !w.v9 {
		w.u32(c, a.flags)
		c += 4
	}
	w.u32(c, uint32(a.frames))
	curves := 0
	for _, b := range a.boneAnims {
		curves += len(b.curves)
	}
	w.u32(c+4, uint32(curves))
	w.u16(c+0x0C, uint16(len(a.boneAnims)))
	bind := make([]uint16, len(a.boneAnims))
	for i := range bind {
		bind[i] = 0xFFFF
	}
	w.ptr(hb+0x18, w.u16s(bind))
	size := 0x28
	if w.v9 {
		size = 0x38
	}
	arr := w.alloc(size*len(a.boneAnims), 8)
	w.ptr(hb+0x20, arr)
	begin := 0
	for i, b := range a.boneAnims {
		q := arr + size*i
		w.str(q, b.name)
		f := q + 0x18
		if w.v9 {
			f = q + 0x28
		}
		flags := b.transform
		var base []float32
		if b.scale != nil {
			flags |= boneAnimBaseScale
			base = append(base, b.scale[:]...)
		}
		if b.rotate != nil {
			flags |= boneAnimBaseRotate
			base = append(base, b.rotate[:]...)
		}
		if b.translate != nil {
			flags |= boneAnimBaseTranslate
			base = append(base, b.translate[:]...)
		}
		for _, c := range b.curves {
			switch {
			case c.target >= TargetRotateX:
				flags |= 1 << (9 + (c.target-TargetRotateX)/4)
			case c.target >= TargetTranslateX:
				flags |= 1 << (13 + (c.target-TargetTranslateX)/4)
			default:
				flags |= 1 << (6 + (c.target-TargetScaleX)/4)
			}
		}
		w.u32(f, flags)
		w.u8(f+6, uint8(len(b.curves)))
		w.u32(f+8, uint32(begin))
		begin += len(b.curves)
		if len(base) > 0 {
			bp := w.alloc(4*len(base), 8)
			for k, v := range base {
				w.f32(bp+4*k, v)
			}
			w.ptr(q+0x10, bp)
			w.basePtrs = append(w.basePtrs, q+0x10)
		}
		if len(b.curves) > 0 {
			w.ptr(q+8, w.curves(b.curves))
		}
	}
}

// curves writes curve headers and then their arrays; it returns the
// first header's offset.
func (w *nxWriter) curves(cs []nxCurveDesc) int {
	arr := w.alloc(0x30*len(cs), 8)
	for i, c := range cs {
		q := arr + 0x30*i
		flags := uint16(c.ft) | uint16(c.kt)<<2 | uint16(c.typ)<<4 | uint16(c.pre)<<8 | uint16(c.post)<<12
		w.u16(q+0x10, flags)
		w.u16(q+0x12, uint16(len(c.keys)))
		w.u32(q+0x14, c.target)
		w.f32(q+0x18, c.start)
		w.f32(q+0x1C, c.end)
		if c.typ.IsInt() {
			w.u32(q+0x20, uint32(int32(c.scale)))
			w.u32(q+0x24, uint32(int32(c.offset)))
			w.u32(q+0x28, uint32(int32(c.delta)))
		} else {
			w.f32(q+0x20, float32(c.scale))
			w.f32(q+0x24, float32(c.offset))
			w.f32(q+0x28, float32(c.delta))
		}
		if c.frames != nil {
			fp := w.alloc(len(c.frames)*frameSize(c.ft), 8)
			for k, f := range c.frames {
				switch c.ft {
				case anim.NWFrameF32:
					w.f32(fp+4*k, float32(f))
				case anim.NWFrameFixed:
					w.u16(fp+2*k, uint16(int16(f*32)))
				default:
					w.u8(fp+k, uint8(f))
				}
			}
			w.ptr(q, fp)
		}
		var kp int
		if c.typ.IsBool() {
			kp = w.alloc(4*((len(c.keys)+31)/32), 8)
			for k, key := range c.keys {
				if key[0] != 0 {
					w.u32(kp+4*(k>>5), le.Uint32(w.b[kp+4*(k>>5):])|1<<(k&31))
				}
			}
		} else {
			elems := c.typ.KeyElems()
			kp = w.alloc(len(c.keys)*elems*c.kt.Size(), 8)
			for k, key := range c.keys {
				for e, v := range key {
					o := kp + (k*elems+e)*c.kt.Size()
					switch {
					case c.kt == Key32 && c.typ.IsInt():
						w.u32(o, uint32(int32(v)))
					case c.kt == Key32:
						w.f32(o, float32(v))
					case c.kt == KeyS16:
						w.u16(o, uint16(int16(v)))
					default:
						w.u8(o, uint8(int8(v)))
					}
				}
			}
		}
		w.ptr(q+8, kp)
	}
	return arr
}

func (w *nxWriter) fmaa(p int, a nxMatDesc) {
	w.block(p, "FMAA", 0x78, uint32(a.flags))
	hb := p + w.blockFields()
	w.str(hb, a.name)
	w.str(hb+8, "")
	curves := 0
	for _, m := range a.mats {
		for _, pa := range m.params {
			curves += len(pa.curves)
		}
		for _, pat := range m.patterns {
			if pat.curve != nil {
				curves++
			}
		}
		if m.visCurve != nil {
			curves++
		}
	}
	if w.v9 {
		w.u32(p+0x58, uint32(a.frames))
		w.u16(p+0x62, uint16(len(a.mats)))
		w.u16(p+0x64, uint16(curves))
	} else {
		w.u16(p+0x60, a.flags)
		w.u16(p+0x64, uint16(len(a.mats)))
		w.u16(p+0x66, uint16(curves))
		w.u32(p+0x68, uint32(a.frames))
	}
	arr := w.alloc(0x40*len(a.mats), 8)
	w.ptr(hb+0x20, arr)
	first := 0
	for i, m := range a.mats {
		q := arr + 0x40*i
		w.str(q, m.name)
		var cs []nxCurveDesc
		var consts [][2]uint32
		pi := w.alloc(0x18*len(m.params), 8)
		for k, pa := range m.params {
			r := pi + 0x18*k
			w.str(r, pa.name)
			w.u16(r+8, uint16(len(cs)))
			nf := 0
			for _, c := range pa.curves {
				if !c.typ.IsInt() {
					nf++
				}
			}
			w.u16(r+0x0A, uint16(nf))
			w.u16(r+0x0C, uint16(len(pa.curves)-nf))
			w.u16(r+0x0E, uint16(len(consts)))
			w.u16(r+0x10, uint16(len(pa.constants)))
			w.u16(r+0x12, 0xFFFF)
			cs = append(cs, pa.curves...)
			consts = append(consts, pa.constants...)
		}
		w.ptr(q+8, pi)
		patCurve, visCurve, visConst := 0xFFFF, 0xFFFF, 0xFFFF
		if len(m.patterns) > 0 {
			pp := w.alloc(0x10*len(m.patterns), 8)
			patCurve = len(cs)
			for k, pat := range m.patterns {
				r := pp + 0x10*k
				w.str(r, pat.name)
				w.u16(r+8, 0xFFFF)
				w.u16(r+0x0A, 0xFFFF)
				if pat.curve != nil {
					w.u16(r+8, uint16(len(cs)))
					cs = append(cs, *pat.curve)
				}
				if pat.constant != nil {
					w.u16(r+0x0A, uint16(len(consts)))
					consts = append(consts, [2]uint32{0, *pat.constant})
				}
				w.u8(r+0x0C, 0xFF)
			}
			w.ptr(q+0x10, pp)
		}
		if m.visCurve != nil {
			visCurve = len(cs)
			cs = append(cs, *m.visCurve)
		}
		if m.visConst != nil {
			visConst = len(consts)
			consts = append(consts, [2]uint32{0, *m.visConst})
		}
		if len(cs) > 0 {
			w.ptr(q+0x18, w.curves(cs))
		}
		if len(consts) > 0 {
			cp := w.alloc(8*len(consts), 8)
			for k, c := range consts {
				w.u32(cp+8*k, c[0])
				w.u32(cp+8*k+4, c[1])
			}
			w.ptr(q+0x20, cp)
		}
		w.u16(q+0x28, uint16(first))
		w.u16(q+0x2A, uint16(patCurve))
		w.u16(q+0x2C, uint16(visConst))
		w.u16(q+0x2E, uint16(visCurve))
		w.u16(q+0x30, uint16(visConst))
		w.u16(q+0x32, uint16(len(m.params)))
		w.u16(q+0x34, uint16(len(m.patterns)))
		w.u16(q+0x36, uint16(len(consts)))
		w.u16(q+0x38, uint16(len(cs)))
		first += len(cs)
	}
}

func (w *nxWriter) fbvs(p int, a nxVisDesc) {
	w.block(p, "FBVS", 0x68, uint32(a.flags))
	hb := p + w.blockFields()
	w.str(hb, a.name)
	w.str(hb+8, "")
	if !w.v9 {
		w.u16(hb+0x48, a.flags)
	}
	w.u32(hb+0x4C, uint32(a.frames))
	w.u16(hb+0x50, uint16(len(a.bones)))
	w.u16(hb+0x52, uint16(len(a.curves)))
	names := w.alloc(8*len(a.bones), 8)
	for i, n := range a.bones {
		w.str(names+8*i, n)
	}
	w.ptr(hb+0x30, names)
	bits := w.alloc(4*((len(a.bones)+31)/32), 8)
	for i, on := range a.base {
		if on {
			w.u32(bits+4*(i>>5), le.Uint32(w.b[bits+4*(i>>5):])|1<<(i&31))
		}
	}
	w.ptr(hb+0x28, bits)
	if len(a.curves) > 0 {
		w.ptr(hb+0x20, w.curves(a.curves))
	}
}

// finish writes the string pool and the relocation table and patches the
// header's size fields.
func (w *nxWriter) finish(strField int) {
	set := map[string]bool{"": true}
	for _, s := range w.strs {
		set[s] = true
	}
	var strs []string
	for s := range set {
		strs = append(strs, s)
	}
	sort.Strings(strs)
	blk := w.alloc(0x14, 8)
	copy(w.b[blk:], "_STR")
	w.u32(blk+0x10, uint32(len(strs)-1))
	at := map[string]int{}
	for _, s := range strs {
		p := w.alloc(2+len(s)+1, 2)
		w.u16(p, uint16(len(s)))
		copy(w.b[p+2:], s)
		at[s] = p
	}
	le.PutUint64(w.b[blk+8:], uint64(len(w.b)-blk))
	for p, s := range w.strs {
		le.PutUint64(w.b[p:], uint64(at[s]))
	}
	w.ptr(strField, at[""])
	w.u32(0x10, uint32(at[w.strs[0x20]]+2))
	if w.desc.baseIntoRLT && len(w.basePtrs) > 0 {
		le.PutUint64(w.b[w.basePtrs[0]:], uint64((len(w.b)+7)&^7-4))
	}
	if len(w.desc.unlisted) > 0 {
		var kept []int
		for _, p := range w.ptrs {
			if !slices.Contains(w.desc.unlisted, p) {
				kept = append(kept, p)
			}
		}
		w.ptrs = kept
	}
	// Two sections, as in real files: pointers are grouped by the section
	// they point into (section 1: the string pool), wherever they sit.
	sort.Ints(w.ptrs)
	var groups [2][]int
	for _, p := range w.ptrs {
		g := 0
		if v := int(le.Uint64(w.b[p:])); v >= blk {
			g = 1
		}
		groups[g] = append(groups[g], p)
	}
	rlt := w.alloc(0x10+2*0x18+8*len(w.ptrs), 8)
	copy(w.b[rlt:], "_RLT")
	w.u32(rlt+4, uint32(rlt))
	w.u32(rlt+8, 2)
	e := rlt + 0x10 + 2*0x18
	first := 0
	for si, g := range groups {
		s := rlt + 0x10 + 0x18*si
		lo, hi := 0, blk
		if si == 1 {
			lo, hi = blk, rlt
		}
		w.u32(s+8, uint32(lo))
		w.u32(s+0x0C, uint32(hi-lo))
		w.u32(s+0x10, uint32(first))
		w.u32(s+0x14, uint32(len(g)))
		first += len(g)
		for _, p := range g {
			w.u32(e, uint32(p))
			w.u16(e+4, 1)
			w.u8(e+6, 1)
			e += 8
		}
	}
	w.u32(0x18, uint32(rlt))
	w.u32(0x1C, uint32(len(w.b)))
}
