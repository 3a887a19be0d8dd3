package j3d

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// toLittleModel rewrites a big-endian BMD in the little-endian form, field
// by field for everything ReadModel reads (header, chunk headers, INF1,
// JNT1 with its remap table, name table and joint data); other chunks are
// copied unchanged (ReadModel does not read them). An independent writer:
// it knows the layout, not the reader's code.
func toLittleModel(t *testing.T, be []byte) []byte {
	t.Helper()
	b := append([]byte(nil), be...)
	sw16 := func(at int) { b[at], b[at+1] = b[at+1], b[at] }
	sw32 := func(at int) { b[at], b[at+1], b[at+2], b[at+3] = b[at+3], b[at+2], b[at+1], b[at] }
	u16 := func(at int) int { return int(binary.BigEndian.Uint16(be[at:])) }
	u32 := func(at int) int { return int(binary.BigEndian.Uint32(be[at:])) }
	sw32(0)
	sw32(4)
	sw32(8)
	sw32(0x0C)
	sw32(0x10) // "SVR1"
	count := u32(0x0C)
	off := 0x20
	for range count {
		id := string(be[off : off+4])
		size := u32(off + 4)
		sw32(off)
		sw32(off + 4)
		switch id {
		case "INF1":
			sw16(off + 8)
			sw32(off + 0x0C)
			sw32(off + 0x10)
			sw32(off + 0x14)
			for p := off + u32(off+0x14); ; p += 4 {
				typ := u16(p)
				sw16(p)
				sw16(p + 2)
				if typ == NodeEnd {
					break
				}
			}
		case "JNT1":
			n := u16(off + 8)
			sw16(off + 8)
			data, remap, names := u32(off+0x0C), u32(off+0x10), u32(off+0x14)
			sw32(off + 0x0C)
			sw32(off + 0x10)
			sw32(off + 0x14)
			entries := 0
			for i := range n {
				sw16(off + remap + 2*i)
				entries = max(entries, u16(off+remap+2*i)+1)
			}
			if names != 0 {
				nn := u16(off + names)
				sw16(off + names)
				sw16(off + names + 2)
				for i := range nn {
					sw16(off + names + 4 + 4*i)
					sw16(off + names + 6 + 4*i)
				}
			}
			for e := range entries {
				p := off + data + e*jointDataSize
				sw16(p)
				for k := range 3 {
					sw32(p + 0x04 + 4*k)
					sw16(p + 0x10 + 2*k)
					sw32(p + 0x18 + 4*k)
					sw32(p + 0x28 + 4*k)
					sw32(p + 0x34 + 4*k)
				}
				sw32(p + 0x24)
			}
		}
		off += size
	}
	return b
}

// TestLittleEndianModel reads every model fixture in both byte orders: the
// skeletons must be identical, and the little-endian file is recognised as
// such by the sniffer.
func TestLittleEndianModel(t *testing.T) {
	files, _ := filepath.Glob("testdata/j3dmodel/*.bmd")
	if len(files) == 0 {
		t.Fatal("no model fixtures")
	}
	for _, name := range files {
		be, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		le := toLittleModel(t, be)
		if string(le[:8]) != LittleMagic(string(be[:8])) {
			t.Fatalf("%s: magic %q", name, le[:8])
		}
		mb, err := ReadModel(be)
		if err != nil {
			t.Fatal(err)
		}
		ml, err := ReadModel(le)
		if err != nil {
			t.Fatalf("%s little-endian: %v", name, err)
		}
		if !ml.LittleEndian || mb.LittleEndian {
			t.Errorf("%s: LittleEndian %v / %v", name, mb.LittleEndian, ml.LittleEndian)
		}
		if !sniffModel(le, "bmd") || sniffModel(le, "bdl") {
			t.Errorf("%s: the little-endian model is not sniffed as a BMD", name)
		}
		sb, sl := mb.Skeleton("x"), ml.Skeleton("x")
		if !reflect.DeepEqual(sb, sl) {
			t.Errorf("%s: skeletons differ between byte orders", name)
		}
		if len(sb.Joints) < 2 || sb.Joints[1].Name == "" {
			t.Errorf("%s: test premise: want named joints, got %d", name, len(sb.Joints))
		}
	}
}
