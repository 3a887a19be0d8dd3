package jba

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// jbaInspector shows a JBA file as stored: the header and block table,
// and for each bone its quantization (bases and strides) and, block by
// block, every packed rotation and translation next to its decoded value.
type jbaInspector struct {
	f     *File
	clips []*anim.Clip
}

func (x *jbaInspector) Header() []inspect.Section {
	f := x.f
	h := &f.Header
	sec := inspect.Section{Title: "JBA header (32-bit client)", Fields: []inspect.Field{
		inspect.F("first word", inspect.Hex(h.Zero)),
		inspect.F("length", inspect.Num32(h.Length)+" s"),
		inspect.F("fps", h.FPS),
		inspect.F("frames", fmt.Sprintf("%d (round(length·fps) + 1)", f.Frames)),
		inspect.F("block count", h.BlockCount),
		inspect.F("runtime words", fmt.Sprintf("0x%x, 0x%x", h.Runtime[0], h.Runtime[1])),
		inspect.F("bone count", h.BoneCount),
		inspect.F("unknown words", fmt.Sprintf("0x%x, 0x%x, 0x%x", h.Unknown[0], h.Unknown[1], h.Unknown[2])),
		inspect.F("bone data offset", inspect.Hex(f.BoneDataOffset)),
	}}
	blocks := inspect.Table{Title: "blocks", Columns: []string{"block", "offset", "start frame", "size", "frames", "bone count", "unknown", "runtime word"}}
	for i, b := range f.Blocks {
		rt := ""
		if i < len(h.BlockRuntime) {
			rt = inspect.Hex(h.BlockRuntime[i])
		}
		blocks.Rows = append(blocks.Rows, []string{inspect.Int(i), inspect.Hex(b.Offset), inspect.Int(b.StartFrame), inspect.Int(b.Size),
			inspect.Int(b.Frames), inspect.Int(b.BoneCount), inspect.Hex(b.Unknown), rt})
	}
	sec.Tables = append(sec.Tables, blocks)
	ws := &f.WorldSpace
	world := inspect.Section{Title: "world-space section (root motion)", Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(ws.Offset)),
		inspect.F("unknown", inspect.Hex(ws.Unknown)),
		inspect.F("fps", ws.FPS),
		inspect.F("rotations", fmt.Sprintf("%d (unknown 0x%x)", ws.RotationCount, ws.Unknown1)),
		inspect.F("translations", fmt.Sprintf("%d (unknown 0x%x)", ws.TranslationCount, ws.Unknown2)),
	}}
	world.Fields = append(world.Fields, quantFields(&ws.Quant)...)
	nt := &f.Names
	names := inspect.Section{Title: "name table", Fields: []inspect.Field{
		inspect.F("offset", inspect.Hex(nt.Offset)),
		inspect.F("count", nt.Count),
		inspect.F("total bytes (stored)", nt.TotalBytes),
		inspect.F("indices, offsets, names at", fmt.Sprintf("+%s, +%s, +%s", inspect.Hex(nt.IndicesOffset), inspect.Hex(nt.OffsetsOffset), inspect.Hex(nt.NamesOffset))),
	}}
	return []inspect.Section{sec, world, names}
}

func quantFields(q *Quant) []inspect.Field {
	return []inspect.Field{
		inspect.F("translation base", inspect.Vec32(q.TranslationBase[:])),
		inspect.F("translation stride", inspect.Vec32(q.TranslationStride[:])),
		inspect.F("rotation base", inspect.Vec32(q.RotationBase[:])),
		inspect.F("rotation stride", inspect.Vec32(q.RotationStride[:])),
	}
}

func (x *jbaInspector) Target(clip *anim.Clip, index int) []inspect.Section {
	f := x.f
	if len(x.clips) == 0 || clip != x.clips[0] || index < 0 || index >= len(f.Bones) {
		return nil
	}
	name := ""
	if index < len(f.Names.Names) {
		name = f.Names.Names[index]
	}
	q := &f.Bones[index]
	sec := inspect.Section{Title: fmt.Sprintf("bone %d: %s", index, name)}
	sec.Fields = append(sec.Fields, quantFields(q)...)
	sec.Fields = append(sec.Fields, inspect.F("decoding",
		"rotation: x = base + (w0 & 0x7fff)·stride, y = base + w1·stride, z = base + w2·stride, w = ±√(1 − x² − y² − z²) (sign: w0 bit 15), normalised; "+
			"translation: x = base + bits 31..21 · stride, y = bits 20..10, z = bits 9..0; a block without translations holds codes (2047, 2047, 1023)"))
	layout := inspect.Table{Title: "per block", Columns: []string{"block", "start frame", "frames", "rotations", "unknown 1", "translations", "unknown 2"}}
	keys := inspect.Table{Title: fmt.Sprintf("%s: packed keys, block by block", name), Channel: "rotation+translation",
		Columns: []string{"block", "frame", "w0", "w1", "w2", "qx", "qy", "qz", "qw", "packed translation", "tx", "ty", "tz", "used"}}
	for bi := range f.Blocks {
		b := &f.Blocks[bi]
		if index >= len(b.Bones) {
			continue
		}
		bb := &b.Bones[index]
		layout.Rows = append(layout.Rows, []string{inspect.Int(bi), inspect.Int(b.StartFrame), inspect.Int(b.Frames),
			inspect.Int(bb.RotationCount), inspect.Hex(bb.Unknown1), inspect.Int(bb.TranslationCount), inspect.Hex(bb.Unknown2)})
		n := max(len(bb.Rotations), len(bb.Translations), b.Frames)
		for k := 0; k < n; k++ {
			frame := int(b.StartFrame) + k
			row := []string{inspect.Int(bi), inspect.Int(frame)}
			if k < len(bb.Rotations) {
				p := bb.Rotations[k]
				r := q.Rotation(p)
				row = append(row, inspect.Hex(p[0]), inspect.Hex(p[1]), inspect.Hex(p[2]), inspect.Num(r[0]), inspect.Num(r[1]), inspect.Num(r[2]), inspect.Num(r[3]))
			} else {
				row = append(row, "", "", "", "", "", "", "")
			}
			var tr [3]float64
			packed := "none (constant)"
			if bb.Translations == nil {
				tr = q.ConstantTranslation()
			} else if k < len(bb.Translations) {
				packed = inspect.Hex(bb.Translations[k])
				tr = q.Translation(bb.Translations[k])
			} else {
				packed = ""
			}
			row = append(row, packed, inspect.Num(tr[0]), inspect.Num(tr[1]), inspect.Num(tr[2]))
			// On a frame two blocks share, the later block's key is the
			// one played (blocks are applied in file order).
			used := "yes"
			if bi+1 < len(f.Blocks) && frame >= int(f.Blocks[bi+1].StartFrame) {
				used = fmt.Sprintf("no: block %d's key", bi+1)
			}
			keys.Rows = append(keys.Rows, append(row, used))
		}
	}
	sec.Tables = []inspect.Table{layout, keys}
	return []inspect.Section{sec}
}
