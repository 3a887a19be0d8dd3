package bfres

import (
	"fmt"

	"github.com/animscope/animscope/formats/inspect"
)

// Header is the file's header view: the FRES header of its console, its
// subfile lists and the animations it decoded.
func (x *bfresInspector) Header() []inspect.Section {
	if x.f.Switch != nil {
		return x.switchHeader()
	}
	h := &x.f.Header
	bom := inspect.Hex(h.BOM)
	if h.BOM == 0xFEFF {
		bom += " (big-endian)"
	}
	sec := inspect.Section{Title: "FRES header", Fields: []inspect.Field{
		inspect.F("version", fmt.Sprintf("%s (0x%08x)", h.VersionString, h.Version)),
		inspect.F("byte order mark", bom),
		inspect.F("header length", h.HeaderLen),
		inspect.F("file size", h.FileSize),
		inspect.F("alignment", h.Alignment),
		inspect.F("name", x.f.Name),
		inspect.F("string table", fmt.Sprintf("%d bytes at %s", h.StringTableSize, inspect.Hex(h.StringTableOff))),
		inspect.F("user pointer", inspect.Hex(h.UserPointer)),
	}}
	if h.Pre34Layout {
		sec.Fields = append(sec.Fields, inspect.F("layout", "before 3.4 (curves without delta)"))
	}
	groups := inspect.Table{Title: "subfile groups", Columns: []string{"group", "kind", "count", "index group offset"}}
	for g := range h.GroupCounts {
		if h.GroupCounts[g] == 0 && h.GroupOffsets[g] == 0 {
			continue
		}
		groups.Rows = append(groups.Rows, []string{inspect.Int(g), GroupNames[g], inspect.Int(h.GroupCounts[g]), inspect.Hex(h.GroupOffsets[g])})
	}
	sec.Tables = append(sec.Tables, groups)
	anims := x.animations()
	sec.Tables = append(sec.Tables, anims)
	return []inspect.Section{sec}
}

// switchHeader is the inspector's header view of a Switch file: the binary
// file header, the relocation table, the dictionaries and the animations.
func (x *bfresInspector) switchHeader() []inspect.Section {
	f, sw := x.f, x.f.Switch
	sec := inspect.Section{Title: "FRES header (Switch)", Fields: []inspect.Field{
		inspect.F("version", fmt.Sprintf("%s (0x%08x)", f.Header.VersionString, f.Header.Version)),
		inspect.F("byte order mark", inspect.Hex(sw.BOM)+" (little-endian)"),
		inspect.F("alignment", fmt.Sprintf("2^%d = %d", sw.AlignmentShift, f.Header.Alignment)),
		inspect.F("address size", sw.AddressSize),
		inspect.F("file name offset", inspect.Hex(sw.FileNameOffset)),
		inspect.F("flag", inspect.Hex(sw.Flag)),
		inspect.F("first block", inspect.Hex(sw.FirstBlockOffset)),
		inspect.F("relocation table", inspect.Hex(sw.RelocTableOffset)),
		inspect.F("file size", sw.FileSize),
		inspect.F("name", f.Name),
		inspect.F("string pool", fmt.Sprintf("%d bytes at %s", sw.StringPoolSize, inspect.Hex(sw.StringPoolOffset))),
		inspect.F("external flags", inspect.Hex(sw.ExternalFlags)),
	}}
	dicts := inspect.Table{Title: "dictionaries", Columns: []string{"kind", "count", "dictionary offset", "names"}}
	for _, g := range sw.Subfiles {
		names := ""
		for i, e := range g.Dict.Entries {
			if i > 0 {
				names += ", "
			}
			names += e.Name
		}
		dicts.Rows = append(dicts.Rows, []string{g.Kind, inspect.Int(len(g.Dict.Entries)), inspect.Hex(g.Dict.FileOffset), names})
	}
	rel := inspect.Table{Title: "relocation sections", Columns: []string{"section", "offset", "size", "first entry", "entries"}}
	for i, s := range sw.Relocation.Sections {
		rel.Rows = append(rel.Rows, []string{inspect.Int(i), inspect.Hex(s.Offset), inspect.Int(s.Size), inspect.Int(s.FirstEntry), inspect.Int(s.NumEntries)})
	}
	anims := x.animations()
	sec.Tables = append(sec.Tables, dicts, rel, anims)
	return []inspect.Section{sec}
}

// animations lists the animations the file decoded, one row each (the
// rotation column on the Wii U, whose inspector shows it).
func (x *bfresInspector) animations() inspect.Table {
	f, wiiu := x.f, x.f.Switch == nil
	t := inspect.Table{Title: "animations", Columns: []string{"subfile", "name", "offset", "flags", "frames", "loop", "baked", "targets", "curves", "baked size"}}
	if wiiu {
		t.Columns = append(t.Columns[:7:7], "rotation", "targets", "curves", "baked size")
	}
	row := func(kind string, h *AnimHeader, rot string, targets, curves int) {
		r := []string{kind, h.Name, inspect.Hex(h.FileOffset), inspect.Hex(h.Flags), inspect.Int(h.FrameCount),
			fmt.Sprint(h.Loop()), fmt.Sprint(h.Baked())}
		if wiiu {
			r = append(r, rot)
		}
		t.Rows = append(t.Rows, append(r, inspect.Int(targets), inspect.Int(curves), inspect.Int(h.BakedSize)))
	}
	for i := range f.SkeletalAnims {
		a := &f.SkeletalAnims[i]
		rot := "euler"
		if a.Quaternion() {
			rot = "quaternion"
		}
		row("FSKA", &a.AnimHeader, rot, len(a.BoneAnims), int(a.NumCurves))
	}
	if wiiu {
		for i := range f.TexSRTAnims {
			a := &f.TexSRTAnims[i]
			row("FSHU texture SRT", &a.AnimHeader, "", len(a.MaterialAnims), int(a.NumCurves))
		}
		return t
	}
	for i := range f.Switch.MaterialAnims {
		a := &f.Switch.MaterialAnims[i]
		row("FMAA", &a.AnimHeader, "", len(a.MaterialAnims), int(a.NumCurves))
	}
	for i := range f.Switch.BoneVisAnims {
		a := &f.Switch.BoneVisAnims[i]
		row("FBVS", &a.AnimHeader, "", len(a.Names), len(a.Curves))
	}
	return t
}
