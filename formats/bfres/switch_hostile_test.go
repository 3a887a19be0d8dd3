package bfres

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// switchCorpus is every Switch fixture plus the writer's file per version.
func switchCorpus(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	paths, _ := filepath.Glob("testdata/switch/*.bfres")
	paths = append(paths, "testdata/switch/nx06_v10_archive.szs")
	for _, p := range paths {
		out[filepath.Base(p)] = readSwitchFixture(t, filepath.Base(p))
	}
	for _, v := range []int{5, 8, 9, 10} {
		out[fmt.Sprintf("writer_v%d", v)] = encodeSwitch(switchTestDesc(v))
	}
	return out
}

// Every truncation fails with one bfres line, as the stated size says;
// with the size field patched to the truncated length, the decoder meets
// structures and arrays that run past the end instead.
func TestSwitchTruncations(t *testing.T) {
	for name, data := range switchCorpus(t) {
		for n := 0; n < len(data); n += max(1, len(data)/97) {
			b := append([]byte(nil), data[:n]...)
			err := exercise(b)
			if err == nil {
				t.Fatalf("%s cut at %d: no error", name, n)
			}
			checkOneLine(t, err)
			if n >= 0x20 {
				binary.LittleEndian.PutUint32(b[0x1C:], uint32(n))
				checkOneLine(t, exercise(b))
			}
		}
	}
}

// Byte mutations anywhere never panic and fail with one line.
func TestSwitchMutations(t *testing.T) {
	for name, data := range switchCorpus(t) {
		for i := 0; i < len(data); i += 5 {
			for _, v := range []byte{0xFF, 0x00, 0x7F, data[i] ^ 0x10} {
				b := append([]byte(nil), data...)
				b[i] = v
				err := exercise(b)
				checkOneLine(t, err)
				_ = name
			}
		}
	}
}

// TestSwitchHostile checks targeted corruptions of the writer's files and
// the messages naming what is wrong.
func TestSwitchHostile(t *testing.T) {
	type mut func(f *File, b []byte)
	le := binary.LittleEndian
	rlt := func(f *File) int { return int(f.Switch.Relocation.Offset) }
	entry := func(f *File, i int) int { return rlt(f) + 0x10 + 0x18*len(f.Switch.Relocation.Sections) + 8*i }
	cases := []struct {
		name string
		mut  mut
		want string
	}{
		{"version 7", func(f *File, b []byte) { le.PutUint16(b[0x0A:], 7) }, "Switch FRES version 7.0.0"},
		{"version 11", func(f *File, b []byte) { le.PutUint16(b[0x0A:], 11) }, "only versions 5, 8, 9 and 10"},
		{"big-endian BOM", func(f *File, b []byte) { b[0x0C], b[0x0D] = 0xFE, 0xFF }, "big-endian Switch files"},
		{"file size", func(f *File, b []byte) { le.PutUint32(b[0x1C:], uint32(len(b)+1)) }, "larger than the data"},
		{"no _RLT", func(f *File, b []byte) { copy(b[rlt(f):], "_XYZ") }, "not point at an _RLT"},
		{"relocation entry past end", func(f *File, b []byte) { le.PutUint32(b[entry(f, 3):], uint32(len(b))) }, "relocation entry"},
		{"relocation entries overlap", func(f *File, b []byte) { copy(b[entry(f, 4):entry(f, 4)+4], b[entry(f, 3):]) }, "relocation entries overlap"},
		{"relocation chunk count huge", func(f *File, b []byte) { le.PutUint16(b[entry(f, 2)+4:], 0xFFFF) }, "relocation entry"},
		{"relocation entry count huge", func(f *File, b []byte) {
			le.PutUint32(b[rlt(f)+0x10+0x18*(len(f.Switch.Relocation.Sections)-1)+0x14:], 0x7FFFFFFF)
		}, "entries run past the end"},
		{"section count huge", func(f *File, b []byte) { le.PutUint32(b[rlt(f)+8:], 0xFFFFFFF) }, "sections do not fit"},
		{"relocated pointer out of range", func(f *File, b []byte) { le.PutUint64(b[0x28:], 1<<40) }, "outside the file"},
		{"relocated pointer in another section", func(f *File, b []byte) { le.PutUint64(b[0x20:], le.Uint64(b[0x28:])) }, "or its section 1"},
		{"dictionary count huge", func(f *File, b []byte) { le.PutUint32(b[f.Switch.Subfiles[0].Dict.FileOffset+4:], 0x7FFFFFFF) }, "does not fit in the file"},
		{"dictionary unreachable", func(f *File, b []byte) { le.PutUint16(b[f.Switch.Subfiles[1].Dict.FileOffset+8+4:], 0) }, "not reachable by the dictionary lookup"},
		{"dictionary child past count", func(f *File, b []byte) { le.PutUint16(b[f.Switch.Subfiles[1].Dict.FileOffset+8+16+6:], 99) }, "child index"},
		{"dictionary loop", func(f *File, b []byte) {
			d := f.Switch.Subfiles[1].Dict // two FSKA: make the entries point at each other with rising references
			le.PutUint32(b[d.Entries[0].NodeOffset:], 1)
			le.PutUint32(b[d.Entries[1].NodeOffset:], 2)
			le.PutUint16(b[d.Entries[0].NodeOffset+4:], 2)
			le.PutUint16(b[d.Entries[0].NodeOffset+6:], 2)
			le.PutUint16(b[d.Entries[1].NodeOffset+4:], 1)
			le.PutUint16(b[d.Entries[1].NodeOffset+6:], 1)
			le.PutUint16(b[d.FileOffset+8+4:], 1)
		}, "not reachable by the dictionary lookup"},
		{"dictionary count vs header", func(f *File, b []byte) { le.PutUint16(b[countOffset(f):], 9) }, "header says 9"},
		{"bone anim count huge", func(f *File, b []byte) { le.PutUint16(b[fskaCount(f):], 0xFFFF) }, "runs past the end of the file"},
		{"curve key count huge", func(f *File, b []byte) {
			le.PutUint16(b[f.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset+0x12:], 0xFFFF)
		}, "runs past the end"},
		{"curve type 3", func(f *File, b []byte) {
			o := f.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset + 0x10
			le.PutUint16(b[o:], le.Uint16(b[o:])&^0x70|0x30)
		}, "curve type 3"},
		{"string length", func(f *File, b []byte) { le.PutUint16(b[le.Uint64(b[0x20:]):], 200) }, "states length 200"},
		{"bone parent cycle", func(f *File, b []byte) {
			s := f.Models[0].Skeleton
			o := s.Bones[0].FileOffset + f.Switch.layoutBoneFields() + 2
			le.PutUint16(b[o:], 2)
		}, "cycle"},
		{"FBVS curve target", func(f *File, b []byte) { le.PutUint32(b[f.Switch.BoneVisAnims[0].Curves[0].FileOffset+0x14:], 40) }, "not a bone of the animation"},
		{"FMAA param curve range", func(f *File, b []byte) {
			le.PutUint16(b[f.Switch.MaterialAnims[0].MaterialAnims[0].Params[0].FileOffset+8:], 60)
		}, "outside the material anim's"},
		{"FSKA curve count too small", func(f *File, b []byte) { le.PutUint32(b[fskaCount(f)-8:], 3) }, "exceed the animation's stated curve count"},
		{"FSKA curve count too large", func(f *File, b []byte) { le.PutUint32(b[fskaCount(f)-8:], 40) }, "states 40 curves, its bone anims hold 27"},
		{"FSKA curve count huge", func(f *File, b []byte) { le.PutUint32(b[fskaCount(f)-8:], 0x7FFFFFFF) }, "does not fit in the file"},
	}
	for _, v := range []int{5, 8, 9, 10} {
		orig := encodeSwitch(switchTestDesc(v))
		f, err := Parse(orig)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			t.Run(fmt.Sprintf("v%d/%s", v, c.name), func(t *testing.T) {
				b := append([]byte(nil), orig...)
				c.mut(f, b)
				err := exercise(b)
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("error %v, want one containing %q", err, c.want)
				}
				checkOneLine(t, err)
			})
		}
	}
}

// layoutBoneFields is where a bone's index field starts in this version.
func (sw *SwitchInfo) layoutBoneFields() int64 {
	l, _ := switchLayout(sw.Major)
	return l.bone.index.at
}

// countOffset is the header's FSKA count field.
func countOffset(f *File) int {
	if f.Switch.Major >= 9 {
		return 0x58 + 0x8A
	}
	return 0x38 + 0x86
}

// fskaCount is the first FSKA's bone anim count field.
func fskaCount(f *File) int {
	o := int(f.SkeletalAnims[0].FileOffset)
	if f.Switch.Major >= 9 {
		return o + 0x4C
	}
	return o + 0x58
}

// TestSwitchRelocationRules: a pointer field the relocation table does not
// list (the runtime would leave it a file offset) and base values that run
// into the relocation table are malformed; a GPU buffer pointer left out
// is a problem of the model, whose skeleton still opens.
func TestSwitchRelocationRules(t *testing.T) {
	for _, v := range []int{5, 8, 9, 10} {
		desc := switchTestDesc(v)
		orig := encodeSwitch(desc)
		f, err := Parse(orig)
		if err != nil {
			t.Fatal(err)
		}
		bone := int(f.Models[0].Skeleton.Bones[1].FileOffset) // its name pointer
		for _, c := range []struct {
			name  string
			field int
			want  string
		}{
			{"FMDL array", 0x28, "pointer field at 0x28 is not listed in the relocation table"},
			{"bone name", bone, fmt.Sprintf("pointer field at 0x%x is not listed in the relocation table", bone)},
		} {
			d := desc
			d.unlisted = []int{c.field}
			err := exercise(encodeSwitch(d))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("v%d %s: error %v, want one containing %q", v, c.name, err, c.want)
			}
			checkOneLine(t, err)
		}
		d := desc
		d.baseIntoRLT = true
		err = exercise(encodeSwitch(d))
		if want := "bone anim base values (0x28 bytes at"; err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "runs into the relocation table") {
			t.Errorf("v%d base values into the table: error %v", v, err)
		}
		checkOneLine(t, err)
	}
	for _, v := range []int{8, 9} {
		desc := nxDesc{major: v, name: "mesh", models: []nxModelDesc{nxMeshModel(nxMeshShapes())}}
		orig := encodeSwitch(desc)
		info := int(le.Uint64(orig[map[bool]int{false: 0x38, true: 0x58}[v >= 9]+0x58:]))
		desc.unlisted = []int{info + 8}
		f, err := Parse(encodeSwitch(desc))
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		m := f.Meshes()[0]
		want := fmt.Sprintf("model Body: bfres: offset 0x%x: buffer info: pointer field at 0x%x is not listed in the relocation table", info+8, info+8)
		if len(m.Problems) != 1 || !strings.HasPrefix(m.Problems[0], want) || len(f.Skeletons()) != 1 {
			t.Errorf("v%d: problems %q, want %q…", v, m.Problems, want)
		}
	}
}
