package bfres

import (
	"encoding/binary"
	"math"
	"sort"
)

// A test-only FRES 4.5 writer for the spec-shaped structs: FMDL (skeleton
// only) and FSKA subfiles, index groups built as Patricia tries, a sorted
// string table. It lets tests round-trip the fixtures and build large or
// deliberately broken files without storing them.

type encoder struct {
	b       []byte
	strRefs []strRef // name fields to point at the string table
}

type strRef struct {
	field int
	s     string
}

var be = binary.BigEndian

func (e *encoder) pos() int { return len(e.b) }

func (e *encoder) align(n int) {
	for len(e.b)%n != 0 {
		e.b = append(e.b, 0)
	}
}

func (e *encoder) u8(v uint8)    { e.b = append(e.b, v) }
func (e *encoder) u16(v uint16)  { e.b = be.AppendUint16(e.b, v) }
func (e *encoder) u32(v uint32)  { e.b = be.AppendUint32(e.b, v) }
func (e *encoder) f32(v float32) { e.u32(math.Float32bits(v)) }

// ptr reserves a self-relative offset field and returns its position.
func (e *encoder) ptr() int { p := e.pos(); e.u32(0); return p }

// setRel makes the offset field at p point at target (0 stays null).
func (e *encoder) setRel(p, target int) {
	if target == 0 {
		be.PutUint32(e.b[p:], 0)
		return
	}
	be.PutUint32(e.b[p:], uint32(int32(target-p)))
}

// name reserves a field pointing at s in the string table.
func (e *encoder) name(s string) {
	e.strRefs = append(e.strRefs, strRef{e.pos(), s})
	e.u32(0)
}

// dictNode is a node of a trie under construction.
type dictNodeEnc struct {
	ref         uint32
	left, right uint16
	key         string
}

// buildTrie inserts keys in order into a Patricia trie with the lookup
// rule of Dict.lookup (bit indices decrease going down).
func buildTrie(keys []string) []dictNodeEnc {
	nodes := []dictNodeEnc{{ref: 0xFFFFFFFF}}
	walk := func(key string, stopAt int64) (parent, child int) {
		parent, child = 0, int(nodes[0].left)
		for nodes[parent].ref > nodes[child].ref && int64(nodes[child].ref) > stopAt {
			parent = child
			if dictBit(key, nodes[child].ref) == 1 {
				child = int(nodes[child].right)
			} else {
				child = int(nodes[child].left)
			}
		}
		return parent, child
	}
	for _, key := range keys {
		_, closest := walk(key, -1)
		other := nodes[closest].key
		crit := int64(-1)
		for r := int64(8*max(len(key), len(other))) - 1; r >= 0; r-- {
			if dictBit(key, uint32(r)) != dictBit(other, uint32(r)) {
				crit = r
				break
			}
		}
		parent, child := walk(key, crit)
		k := uint16(len(nodes))
		n := dictNodeEnc{ref: uint32(crit), key: key}
		if dictBit(key, uint32(crit)) == 1 {
			n.right, n.left = k, uint16(child)
		} else {
			n.left, n.right = k, uint16(child)
		}
		nodes = append(nodes, n)
		switch {
		case parent == 0:
			nodes[0].left = k
		case dictBit(key, nodes[parent].ref) == 1:
			nodes[parent].right = k
		default:
			nodes[parent].left = k
		}
	}
	return nodes
}

// dict writes an index group for names; it returns the data field
// positions to patch, in names order.
func (e *encoder) dict(names []string) (start int, data []int) {
	nodes := buildTrie(names)
	e.align(4)
	start = e.pos()
	e.u32(uint32(8 + 16*len(nodes)))
	e.u32(uint32(len(names)))
	for i, n := range nodes {
		e.u32(n.ref)
		e.u16(n.left)
		e.u16(n.right)
		if i == 0 {
			e.u32(0)
			e.u32(0)
			continue
		}
		e.name(n.key)
		data = append(data, e.ptr())
	}
	return start, data
}

func (e *encoder) bytes(b []byte) int {
	e.align(4)
	p := e.pos()
	e.b = append(e.b, b...)
	e.align(4)
	return p
}

// encodeFile writes the models (skeletons only) and skeletal animations of
// f as a FRES 4.5.0.3 file. Other groups are not written.
func encodeFile(f *File) []byte {
	e := &encoder{}
	e.b = append(e.b, "FRES"...)
	e.u32(0x04050003)
	e.u16(0xFEFF)
	e.u16(0x10)
	e.u32(0) // file size, patched
	e.u32(4)
	e.name(f.Name)
	e.u32(0) // string table size, patched
	strTab := e.ptr()
	groups := make([]int, NumGroups)
	for g := range groups {
		groups[g] = e.ptr()
	}
	counts := [NumGroups]int{GroupModel: len(f.Models), GroupSkeletalAnim: len(f.SkeletalAnims)}
	for _, c := range counts {
		e.u16(uint16(c))
	}
	e.u32(0)
	var modelData, animData []int
	if len(f.Models) > 0 {
		var names []string
		for _, m := range f.Models {
			names = append(names, m.Name)
		}
		var start int
		start, modelData = e.dict(names)
		e.setRel(groups[GroupModel], start)
	}
	if len(f.SkeletalAnims) > 0 {
		var names []string
		for _, a := range f.SkeletalAnims {
			names = append(names, a.Name)
		}
		var start int
		start, animData = e.dict(names)
		e.setRel(groups[GroupSkeletalAnim], start)
	}
	for i := range f.Models {
		e.align(4)
		e.setRel(modelData[i], e.pos())
		e.model(&f.Models[i])
	}
	for i := range f.SkeletalAnims {
		e.align(4)
		e.setRel(animData[i], e.pos())
		e.fska(&f.SkeletalAnims[i])
	}
	// String table: sorted, deduplicated, the empty string last.
	e.align(8)
	tabStart := e.pos()
	seen := map[string]bool{}
	var strs []string
	for _, r := range e.strRefs {
		if !seen[r.s] {
			seen[r.s] = true
			strs = append(strs, r.s)
		}
	}
	sort.Slice(strs, func(i, j int) bool {
		if (strs[i] == "") != (strs[j] == "") {
			return strs[j] == ""
		}
		return strs[i] < strs[j]
	})
	at := map[string]int{}
	for _, s := range strs {
		e.u32(uint32(len(s)))
		at[s] = e.pos()
		e.b = append(e.b, s...)
		e.u8(0)
		e.align(4)
	}
	for _, r := range e.strRefs {
		e.setRel(r.field, at[r.s])
	}
	e.setRel(strTab, tabStart)
	be.PutUint32(e.b[0x18:], uint32(e.pos()-tabStart))
	be.PutUint32(e.b[0x0C:], uint32(e.pos()))
	return e.b
}

func (e *encoder) model(m *Model) {
	e.b = append(e.b, "FMDL"...)
	e.name(m.Name)
	e.name(m.Path)
	skel := e.ptr()
	vbuf := e.ptr()
	e.u32(0) // shapes
	e.u32(0) // materials
	e.u32(0) // user data
	e.u16(0)
	e.u16(0)
	e.u16(0)
	e.u16(0)
	e.u32(0)
	e.u32(0)
	// An empty vertex buffer array points just past the header.
	e.setRel(vbuf, e.pos())
	if m.Skeleton == nil {
		return
	}
	s := m.Skeleton
	e.setRel(skel, e.pos())
	e.b = append(e.b, "FSKL"...)
	e.u32(s.Flags)
	e.u16(uint16(len(s.Bones)))
	e.u16(s.NumSmooth)
	e.u16(s.NumRigid)
	e.u16(0)
	dictField := e.ptr()
	arrField := e.ptr()
	m2bField := e.ptr()
	invField := e.ptr()
	e.u32(0)
	e.setRel(arrField, e.pos())
	var boneAt []int
	for _, b := range s.Bones {
		boneAt = append(boneAt, e.pos())
		e.name(b.Name)
		e.u16(b.Index)
		e.u16(uint16(b.Parent))
		e.u16(uint16(b.SmoothIndex))
		e.u16(uint16(b.RigidIndex))
		e.u16(uint16(b.BillboardIndex))
		e.u16(0)
		e.u32(b.Flags)
		for _, v := range b.Scale {
			e.f32(v)
		}
		for _, v := range b.Rotation {
			e.f32(v)
		}
		for _, v := range b.Translation {
			e.f32(v)
		}
		e.u32(0)
	}
	var names []string
	for _, b := range s.Bones {
		names = append(names, b.Name)
	}
	start, data := e.dict(names)
	e.setRel(dictField, start)
	for i, p := range data {
		e.setRel(p, boneAt[i])
	}
	if len(s.MatrixToBone) > 0 {
		e.align(4)
		e.setRel(m2bField, e.pos())
		for _, v := range s.MatrixToBone {
			e.u16(v)
		}
	}
	if len(s.InverseModelMatrices) > 0 {
		e.align(4)
		e.setRel(invField, e.pos())
		for _, m := range s.InverseModelMatrices {
			for _, v := range m {
				e.f32(v)
			}
		}
	}
}

func (e *encoder) fska(a *SkeletalAnim) {
	e.b = append(e.b, "FSKA"...)
	e.name(a.Name)
	e.name(a.Path)
	e.u32(a.Flags)
	e.u32(uint32(a.FrameCount))
	e.u16(uint16(len(a.BoneAnims)))
	e.u16(0)
	curves, baked := 0, 0
	for _, b := range a.BoneAnims {
		curves += len(b.Curves)
		for _, c := range b.Curves {
			baked += 4*(int(c.EndFrame)-int(c.StartFrame)+1) + 20
		}
	}
	e.u32(uint32(curves))
	e.u32(uint32(baked))
	arr := e.ptr()
	e.u32(0)
	bind := e.ptr()
	e.u32(0)
	e.setRel(bind, e.pos())
	for range a.BoneAnims {
		e.u16(0xFFFF)
	}
	e.align(4)
	e.setRel(arr, e.pos())
	type later struct{ curves, base int }
	fix := make([]later, len(a.BoneAnims))
	begin := 0
	for i, b := range a.BoneAnims {
		e.u32(b.Flags)
		e.name(b.Name)
		e.u8(b.BeginRotate)
		e.u8(b.BeginTranslate)
		e.u8(uint8(len(b.Curves)))
		e.u8(b.BeginBaseTranslate)
		e.u8(uint8(begin))
		e.u8(0)
		e.u16(0)
		fix[i].curves = e.ptr()
		fix[i].base = e.ptr()
		begin += len(b.Curves)
	}
	for i, b := range a.BoneAnims {
		if b.HasScale || b.HasRotate || b.HasTranslate {
			e.setRel(fix[i].base, e.pos())
			if b.HasScale {
				for _, v := range b.Scale {
					e.f32(v)
				}
			}
			if b.HasRotate {
				for _, v := range b.Rotate {
					e.f32(v)
				}
			}
			if b.HasTranslate {
				for _, v := range b.Translate {
					e.f32(v)
				}
			}
		}
		e.setRel(fix[i].curves, e.pos())
		arrays := make([][2]int, len(b.Curves))
		for k, c := range b.Curves {
			e.u16(c.Flags)
			e.u16(c.NumKeys)
			e.u32(c.TargetOffset)
			e.f32(c.StartFrame)
			e.f32(c.EndFrame)
			e.u32(c.ScaleBits)
			e.u32(c.OffsetBits)
			e.u32(c.DeltaBits)
			arrays[k] = [2]int{e.ptr(), e.ptr()}
		}
		for k, c := range b.Curves {
			if c.FrameData != nil {
				e.setRel(arrays[k][0], e.bytes(c.FrameData))
			}
			e.setRel(arrays[k][1], e.bytes(c.KeyData))
		}
	}
}
