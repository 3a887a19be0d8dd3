package j3d

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

// j3dInspector shows a BCK or BTK as stored: the file and chunk headers,
// each joint's (entry's) nine track entries and every keyed track's keys
// in file units next to the units the evaluator works in.
type j3dInspector struct {
	bck   *BCK
	btk   *BTK
	clips []*anim.Clip
}

func (x *j3dInspector) Header() []inspect.Section {
	var file FileHeader
	var chunk Chunk
	if x.bck != nil {
		file, chunk = x.bck.File, x.bck.Chunk
	} else {
		file, chunk = x.btk.File, x.btk.Chunk
	}
	chunks := inspect.Table{Title: "chunks", Columns: []string{"id", "offset", "size"}}
	for _, c := range file.Chunks {
		chunks.Rows = append(chunks.Rows, []string{c.ID, inspect.Hex(c.Offset), inspect.Int(c.Size)})
	}
	out := []inspect.Section{{
		Title: "J3D file header",
		Fields: []inspect.Field{
			inspect.F("magic", file.Magic), inspect.F("file size", file.FileSize), inspect.F("chunk count", file.ChunkCount),
		},
		Tables: []inspect.Table{chunks},
	}}
	loop := func(b uint8) string { return fmt.Sprintf("%d (%s)", b, anim.LoopMode(b)) }
	if b := x.bck; b != nil {
		out = append(out, inspect.Section{Title: "ANK1 chunk at " + inspect.Hex(chunk.Offset), Fields: []inspect.Field{
			inspect.F("chunk size", chunk.Size),
			inspect.F("loop mode", loop(b.LoopMode)),
			inspect.F("rotation frac", fmt.Sprintf("%d (raw values << %d, 0x8000 = 180°)", b.RotationFrac, b.RotationFrac)),
			inspect.F("duration", b.Duration),
			inspect.F("joint count", b.JointCount),
			inspect.F("scale count", b.ScaleCount),
			inspect.F("rotation count", b.RotationCount),
			inspect.F("translation count", b.TranslationCount),
			inspect.F("joint table offset", inspect.Hex(b.JointOffset)),
			inspect.F("scale table offset", inspect.Hex(b.ScaleOffset)),
			inspect.F("rotation table offset", inspect.Hex(b.RotationOffset)),
			inspect.F("translation table offset", inspect.Hex(b.TranslationOffset)),
		}})
		return out
	}
	b := x.btk
	mode := "Basic"
	if b.TexMode() == anim.TexJ3DMaya {
		mode = "Maya"
	}
	fields := []inspect.Field{
		inspect.F("chunk size", chunk.Size),
		inspect.F("loop mode", loop(b.LoopMode)),
		inspect.F("rotation frac", fmt.Sprintf("%d (raw values << %d, 0x8000 = 180°)", b.RotationFrac, b.RotationFrac)),
		inspect.F("duration", b.Duration),
		inspect.F("track count", fmt.Sprintf("%d (%d entries)", b.TrackCount, len(b.Entries))),
		inspect.F("scale count", b.ScaleCount),
		inspect.F("rotation count", b.RotationCount),
		inspect.F("translation count", b.TranslationCount),
		inspect.F("calc type (matrix mode)", fmt.Sprintf("%d (%s)", b.CalcType, mode)),
		inspect.F("name table count", b.NameCount),
		inspect.F("entry table offset", inspect.Hex(b.EntryOffset)),
		inspect.F("remap table offset", inspect.Hex(b.RemapOffset)),
		inspect.F("name table offset", inspect.Hex(b.NameOffset)),
		inspect.F("texGen table offset", inspect.Hex(b.TexGenOffset)),
		inspect.F("center table offset", inspect.Hex(b.CenterOffset)),
		inspect.F("scale table offset", inspect.Hex(b.ScaleOffset)),
		inspect.F("rotation table offset", inspect.Hex(b.RotationOffset)),
		inspect.F("translation table offset", inspect.Hex(b.TranslationOffset)),
		inspect.F("post-matrix block", fmt.Sprintf("%d bytes (unused by the games)", len(b.PostMatrix))),
	}
	if b.SizeQuirk {
		fields = append(fields, inspect.F("size quirk", "the chunk states up to 4 bytes more than the file holds (tolerated)"))
	}
	out = append(out, inspect.Section{Title: "TTK1 chunk at " + inspect.Hex(chunk.Offset), Fields: fields})
	return out
}

func (x *j3dInspector) Target(clip *anim.Clip, index int) []inspect.Section {
	if len(x.clips) == 0 || clip != x.clips[0] || index < 0 || index >= len(clip.Targets) {
		return nil
	}
	var set *TrackSet
	var tables *Tables
	var sec inspect.Section
	if b := x.bck; b != nil {
		if index >= len(b.Joints) {
			return nil
		}
		set, tables = &b.Joints[index], &b.Tables
		sec.Title = fmt.Sprintf("joint %d", index)
		sec.Fields = []inspect.Field{inspect.F("track set offset", inspect.Hex(int64(b.JointOffset)+int64(index)*TrackSetSize)+" (in the chunk)")}
	} else {
		b := x.btk
		if index >= len(b.Entries) {
			return nil
		}
		set, tables = &b.Entries[index], &b.Tables
		sec.Title = fmt.Sprintf("entry %d", index)
		mode := "Basic"
		if b.TexMode() == anim.TexJ3DMaya {
			mode = "Maya"
		}
		name := b.Names[index]
		hash := inspect.Hex(name.Hash)
		if h := NameHash(name.Name); h != name.Hash {
			hash += fmt.Sprintf(" (the name hashes to 0x%x)", h)
		}
		c := b.Centers[index]
		sec.Fields = []inspect.Field{
			inspect.F("material", name.Name),
			inspect.F("name hash", hash),
			inspect.F("texGen", b.TexGens[index]),
			inspect.F("center (S, T, Q)", fmt.Sprintf("%s, %s, %s", inspect.Num32(c[0]), inspect.Num32(c[1]), inspect.Num32(c[2]))),
			inspect.F("matrix mode", fmt.Sprintf("%s (calc type %d, for the whole file)", mode, b.CalcType)),
			inspect.F("track set offset", inspect.Hex(int64(b.EntryOffset)+int64(index)*TrackSetSize)+" (in the chunk)"),
		}
		if index < len(b.Remap) {
			sec.Fields = append(sec.Fields, inspect.F("remap", b.Remap[index]))
		}
	}
	t := &clip.Targets[index]
	entries := inspect.Table{Title: "track entries (file order)", Columns: []string{"channel", "count", "index", "tangent mode", "table", "stored", "file value", "value"}}
	var keyTables []inspect.Table
	for j, tr := range set {
		kind := KindOf(j)
		name := t.Channels[j].Slot.Name(t.Kind)
		row := []string{name, inspect.Int(tr.Count), inspect.Int(tr.Index), inspect.Int(tr.TangentMode), kind.String()}
		curve := t.Channels[j].Curve
		switch tr.Count {
		case 0:
			row = append(row, "default", "", inspect.Num(curve.Eval(0)))
		case 1:
			row = append(row, "constant", fileValue(tables, kind, int(tr.Index)), inspect.Num(curve.Eval(0)))
		default:
			row = append(row, fmt.Sprintf("%d keys", tr.Count), "", "")
			keyTables = append(keyTables, j3dKeyTable(name, tr, kind, tables, curve))
		}
		entries.Rows = append(entries.Rows, row)
	}
	sec.Tables = append([]inspect.Table{entries}, keyTables...)
	return []inspect.Section{sec}
}

// fileValue is table element i as stored.
func fileValue(t *Tables, k TrackKind, i int) string {
	switch k {
	case ScaleTrack:
		return inspect.Num32(t.Scale[i])
	case RotationTrack:
		return inspect.Int(t.Rotation[i])
	}
	return inspect.Num32(t.Translation[i])
}

// j3dKeyTable lists a keyed track's keys: time, value and tangents as
// stored, then (rotations) in degrees as the evaluator converts them, and
// the value the game computes at the key's time.
func j3dKeyTable(name string, tr Track, k TrackKind, t *Tables, curve anim.Curve) inspect.Table {
	stride := tr.ValuesPerKey()
	tangents := "one tangent, used in and out"
	if stride == 4 {
		tangents = "separate in and out tangents"
	}
	tb := inspect.Table{
		Title:   fmt.Sprintf("%s: %d keys, tangent mode %d (%s), %s table from element %d", name, tr.Count, tr.TangentMode, tangents, k, tr.Index),
		Channel: name,
	}
	rot := k == RotationTrack
	if rot {
		tb.Columns = []string{"key", "time", "value (raw)", "in (raw/frame)", "out (raw/frame)", "value (°)", "in (°/frame)", "out (°/frame)", "played (°)"}
	} else {
		tb.Columns = []string{"key", "time", "value", "in (/frame)", "out (/frame)", "played"}
	}
	for i := 0; i < int(tr.Count); i++ {
		base := int(tr.Index) + i*stride
		out := base + 2
		if stride == 4 {
			out = base + 3
		}
		row := []string{inspect.Int(i), fileValue(t, k, base), fileValue(t, k, base+1), fileValue(t, k, base+2), fileValue(t, k, out)}
		if i < curve.NumKeys() {
			key := curve.Key(i)
			if rot {
				row = append(row, inspect.Num(key.Value), inspect.Num(key.InSlope), inspect.Num(key.OutSlope))
			}
			row = append(row, inspect.Num(curve.Eval(key.Frame)))
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}
