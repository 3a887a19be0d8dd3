package j3d

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// familyInspector shows a BCA, BRK, BPK, BTP or BVA as stored: the file and
// chunk headers, the entry tables, and per target its tracks with the
// stored keys or per-frame values next to what the game computes.
type familyInspector struct {
	raw   any
	clips []*anim.Clip
}

// maxFrameRows bounds a full-frame track's table (a long BCA track still
// shows its first frames; the curve plot shows all of them).
const maxFrameRows = 600

func (x *familyInspector) header() (FileHeader, Chunk) {
	switch b := x.raw.(type) {
	case *BCA:
		return b.File, b.Chunk
	case *BRK:
		return b.File, b.Chunk
	case *BPK:
		return b.File, b.Chunk
	case *BTP:
		return b.File, b.Chunk
	case *BVA:
		return b.File, b.Chunk
	}
	return FileHeader{}, Chunk{}
}

func loopText(b uint8) string { return fmt.Sprintf("%d (%s)", b, anim.LoopMode(b)) }

func (x *familyInspector) Header() []inspect.Section {
	file, chunk := x.header()
	chunks := inspect.Table{Title: "chunks", Columns: []string{"id", "offset", "size"}}
	for _, c := range file.Chunks {
		chunks.Rows = append(chunks.Rows, []string{c.ID, inspect.Hex(c.Offset), inspect.Int(c.Size)})
	}
	order := "big-endian"
	if file.LittleEndian {
		order = "little-endian (magic and chunk ids stored as byte-swapped u32s)"
	}
	out := []inspect.Section{{
		Title: "J3D file header",
		Fields: []inspect.Field{inspect.F("magic", file.Magic), inspect.F("byte order", order), inspect.F("file size", file.FileSize), inspect.F("chunk count", file.ChunkCount),
			inspect.F("trimmed", fmt.Sprintf("%d bytes of final padding missing from the data", file.Trimmed))},
		Tables: []inspect.Table{chunks},
	}}
	sec := inspect.Section{Title: fmt.Sprintf("%s chunk at %s", chunk.ID, inspect.Hex(chunk.Offset))}
	sec.Fields = append(sec.Fields, inspect.F("chunk size", chunk.Size))
	switch b := x.raw.(type) {
	case *BCA:
		sec.Fields = append(sec.Fields, inspect.F("loop mode", loopText(b.LoopMode)), inspect.F("duration", b.Duration),
			inspect.F("joint count", b.JointCount), inspect.F("scale count", b.ScaleCount), inspect.F("rotation count", b.RotationCount),
			inspect.F("translation count", b.TranslationCount), inspect.F("joint table offset", inspect.Hex(b.JointOffset)),
			inspect.F("scale table offset", inspect.Hex(b.ScaleOffset)), inspect.F("rotation table offset", inspect.Hex(b.RotationOffset)),
			inspect.F("translation table offset", inspect.Hex(b.TranslationOffset)))
	case *BRK:
		sec.Fields = append(sec.Fields, inspect.F("loop mode", loopText(b.LoopMode)), inspect.F("duration", b.Duration),
			inspect.F("C (TEV colour) entries", b.CCount), inspect.F("K (konst colour) entries", b.KCount),
			inspect.F("C value counts (r g b a)", fmt.Sprint(b.CValueCounts)), inspect.F("K value counts (r g b a)", fmt.Sprint(b.KValueCounts)),
			inspect.F("C table offset", inspect.Hex(b.CTableOffset)), inspect.F("K table offset", inspect.Hex(b.KTableOffset)),
			inspect.F("C remap offset", inspect.Hex(b.CRemapOffset)), inspect.F("K remap offset", inspect.Hex(b.KRemapOffset)),
			inspect.F("C name table offset", inspect.Hex(b.CNameOffset)), inspect.F("K name table offset", inspect.Hex(b.KNameOffset)),
			inspect.F("C value offsets (r g b a)", hexList(b.CValueOffsets[:])), inspect.F("K value offsets (r g b a)", hexList(b.KValueOffsets[:])))
		sec.Tables = append(sec.Tables, regTable("C register entries", b.CRegs, b.CNames, b.CRemap), regTable("K register entries", b.KRegs, b.KNames, b.KRemap))
	case *BPK:
		sec.Fields = append(sec.Fields, inspect.F("loop mode", loopText(b.LoopMode)), inspect.F("duration", b.Duration),
			inspect.F("material count", b.EntryCount), inspect.F("value counts (r g b a)", fmt.Sprint(b.ValueCounts)),
			inspect.F("table offset", inspect.Hex(b.TableOffset)), inspect.F("remap offset", inspect.Hex(b.RemapOffset)),
			inspect.F("name table offset", inspect.Hex(b.NameOffset)), inspect.F("value offsets (r g b a)", hexList(b.ValueOffsets[:])))
		regs := make([]RegEntry, len(b.Entries))
		for i := range b.Entries {
			regs[i].Tracks = b.Entries[i]
		}
		t := regTable("material entries (material colour 0)", regs, b.Names, b.Remap)
		t.Columns = t.Columns[:len(t.Columns)-1] // no colour id
		for i := range t.Rows {
			t.Rows[i] = t.Rows[i][:len(t.Rows[i])-1]
		}
		sec.Tables = append(sec.Tables, t)
	case *BTP:
		sec.Fields = append(sec.Fields, inspect.F("loop mode", loopText(b.LoopMode)), inspect.F("duration", b.Duration),
			inspect.F("entry count", b.EntryCount), inspect.F("texture number count", b.ValueCount),
			inspect.F("table offset", inspect.Hex(b.TableOffset)), inspect.F("value offset", inspect.Hex(b.ValueOffset)),
			inspect.F("remap offset", inspect.Hex(b.RemapOffset)), inspect.F("name table offset", inspect.Hex(b.NameOffset)))
		t := inspect.Table{Title: "entries", Columns: []string{"entry", "material", "texMap", "frames", "index"}}
		for i, e := range b.Entries {
			t.Rows = append(t.Rows, []string{inspect.Int(i), b.Names[i].Name, inspect.Int(e.TexMap), inspect.Int(e.Count), inspect.Int(e.Index)})
		}
		sec.Tables = append(sec.Tables, t)
	case *BVA:
		sec.Fields = append(sec.Fields, inspect.F("loop mode", loopText(b.LoopMode)), inspect.F("duration", b.Duration),
			inspect.F("shape count", b.ShapeCount), inspect.F("visibility byte count", b.ValueCount),
			inspect.F("table offset", inspect.Hex(b.TableOffset)), inspect.F("value offset", inspect.Hex(b.ValueOffset)))
		t := inspect.Table{Title: "shapes", Columns: []string{"shape", "frames", "index"}}
		for i, s := range b.Shapes {
			t.Rows = append(t.Rows, []string{inspect.Int(i), inspect.Int(s.Count), inspect.Int(s.Index)})
		}
		sec.Tables = append(sec.Tables, t)
	}
	return append(out, sec)
}

func hexList(v []uint32) string {
	s := ""
	for i, x := range v {
		if i > 0 {
			s += " "
		}
		s += inspect.Hex(x)
	}
	return s
}

// regTable lists colour entries: material, each channel's count/index/mode
// and the colour id.
func regTable(title string, regs []RegEntry, names []Name, remap []uint16) inspect.Table {
	t := inspect.Table{Title: title, Columns: []string{"entry", "material", "remap", "r", "g", "b", "a", "colour id"}}
	for i, e := range regs {
		row := []string{inspect.Int(i), names[i].Name, ""}
		if i < len(remap) {
			row[2] = inspect.Int(remap[i])
		}
		for _, tr := range e.Tracks {
			row = append(row, fmt.Sprintf("%d @%d mode %d", tr.Count, tr.Index, tr.TangentMode))
		}
		row = append(row, inspect.Int(e.ColorID))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Target shows target index of the file's clip: its stored tracks and, per
// track, the keys (keyed colours) or the per-frame values (full frame)
// next to what the game computes.
func (x *familyInspector) Target(clip *anim.Clip, index int) []inspect.Section {
	if len(x.clips) == 0 || clip != x.clips[0] || index < 0 || index >= len(clip.Targets) {
		return nil
	}
	t := &clip.Targets[index]
	sec := inspect.Section{Title: fmt.Sprintf("%s %d", t.Kind, index)}
	if t.Name != "" {
		sec.Title += " (" + t.Name + ")"
	}
	switch b := x.raw.(type) {
	case *BCA:
		if index >= len(b.Joints) {
			return nil
		}
		entries := inspect.Table{Title: "track entries (file order)", Columns: []string{"channel", "frames", "index", "table"}}
		for j, tr := range b.Joints[index] {
			name := slotOf(j).Name(anim.JointTarget)
			entries.Rows = append(entries.Rows, []string{name, inspect.Int(tr.Count), inspect.Int(tr.Index), KindOf(j).String()})
			if tr.Count > 1 {
				sec.Tables = append(sec.Tables, frameTable(name, t.Channels[j].Curve, int(tr.Count), func(i int) string {
					return fileValue(&b.Tables, KindOf(j), int(tr.Index)+i)
				}))
			}
		}
		sec.Tables = append([]inspect.Table{entries}, sec.Tables...)
	case *BRK:
		regs, values, letter := b.CRegs, &b.CValues, "C"
		i := index
		if i >= len(b.CRegs) {
			regs, values, letter, i = b.KRegs, &b.KValues, "K", i-len(b.CRegs)
		}
		if i >= len(regs) {
			return nil
		}
		sec.Fields = append(sec.Fields, inspect.F("material", t.Material), inspect.F("register", t.Register),
			inspect.F("table", fmt.Sprintf("%s entry %d", letter, i)))
		sec.Tables = colorTables(&regs[i].Tracks, values, t)
	case *BPK:
		if index >= len(b.Entries) {
			return nil
		}
		sec.Fields = append(sec.Fields, inspect.F("material", t.Name))
		sec.Tables = colorTables(&b.Entries[index], &b.Values, t)
	case *BTP:
		if index >= len(b.Entries) {
			return nil
		}
		e := b.Entries[index]
		sec.Fields = append(sec.Fields, inspect.F("material", t.Name), inspect.F("texMap", e.TexMap),
			inspect.F("frames", e.Count), inspect.F("index", e.Index), inspect.F("index rule", "(int)frame (truncated, both runtimes)"))
		if e.Count > 1 {
			sec.Tables = append(sec.Tables, frameTable("texIndex", t.Channels[0].Curve, int(e.Count), func(i int) string { return inspect.Int(b.Values[int(e.Index)+i]) }))
		}
	case *BVA:
		if index >= len(b.Shapes) {
			return nil
		}
		s := b.Shapes[index]
		sec.Fields = append(sec.Fields, inspect.F("frames", s.Count), inspect.F("index", s.Index), inspect.F("rule", "byte 0 hides the shape, any other byte shows it"))
		if s.Count > 1 {
			sec.Tables = append(sec.Tables, frameTable("visible", t.Channels[0].Curve, int(s.Count), func(i int) string { return inspect.Int(b.Values[int(s.Index)+i]) }))
		}
	default:
		return nil
	}
	return []inspect.Section{sec}
}

// frameTable lists a full-frame track: per stored frame the value as stored
// and the value played at that whole frame.
func frameTable(name string, curve anim.Curve, n int, stored func(i int) string) inspect.Table {
	tb := inspect.Table{Title: fmt.Sprintf("%s: %d frames", name, n), Channel: name, Columns: []string{"frame", "stored", "played"}}
	for i := 0; i < n && i < maxFrameRows; i++ {
		tb.Rows = append(tb.Rows, []string{inspect.Int(i), stored(i), inspect.Num(curve.Eval(float64(i)))})
	}
	if n > maxFrameRows {
		tb.Title += fmt.Sprintf(" (first %d shown)", maxFrameRows)
	}
	return tb
}

// colorTables lists a colour entry's four tracks, then each keyed track's
// keys as stored (s16) with the value the game computes at the key.
func colorTables(tr *ColorTracks, values *[4][]int16, t *anim.Target) []inspect.Table {
	entries := inspect.Table{Title: "track entries (r, g, b, a)", Columns: []string{"channel", "count", "index", "tangent mode", "stored", "value"}}
	var keys []inspect.Table
	for j, k := range tr {
		curve := t.Channels[j].Curve
		row := []string{colorNames[j], inspect.Int(k.Count), inspect.Int(k.Index), inspect.Int(k.TangentMode)}
		switch k.Count {
		case 0:
			row = append(row, "none (reads 0)", inspect.Num(curve.Eval(0)))
		case 1:
			row = append(row, inspect.Int(values[j][k.Index]), inspect.Num(curve.Eval(0)))
		default:
			row = append(row, fmt.Sprintf("%d keys", k.Count), "")
			keys = append(keys, colorKeyTable(colorNames[j], k, values[j], curve))
		}
		entries.Rows = append(entries.Rows, row)
	}
	return append([]inspect.Table{entries}, keys...)
}

func colorKeyTable(name string, tr Track, table []int16, curve anim.Curve) inspect.Table {
	stride := tr.ValuesPerKey()
	tb := inspect.Table{
		Title:   fmt.Sprintf("%s: %d keys, tangent mode %d, from element %d", name, tr.Count, tr.TangentMode, tr.Index),
		Channel: name,
		Columns: []string{"key", "time", "value", "in", "out", "played"},
	}
	for i := 0; i < int(tr.Count); i++ {
		base := int(tr.Index) + i*stride
		out := base + 2
		if stride == 4 {
			out = base + 3
		}
		v := table[base : out+1]
		tb.Rows = append(tb.Rows, []string{inspect.Int(i), inspect.Int(v[0]), inspect.Int(v[1]), inspect.Int(v[2]), inspect.Int(table[out]), inspect.Num(curve.Eval(float64(v[0])))})
	}
	return tb
}
