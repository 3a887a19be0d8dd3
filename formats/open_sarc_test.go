package formats

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
)

func TestOpenSARC(t *testing.T) {
	model := bfresFixture(t, "skel_model.bfres")
	anim := bfresFixture(t, "skel_anim.bfres")
	szs := archivetest.Yaz0Stored(archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Model/Fox.bfres", Data: model},
		{Path: "Anim/Fox_Animation.sbfres", Data: archivetest.Yaz0Stored(anim)},
		{Path: "Anim/Quant.sbfres", Data: bfresFixture(t, "cubic_quant.sbfres")},
		{Path: "Actor/Pack/readme.txt", Data: []byte("not an animation")},
		{Path: "Anim/Fox_Animation.bfres.bak", Data: anim[:10]},
	}, true, 4))
	a, err := Open("Fox.szs", szs)
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "sarc" || !a.Yaz0 || a.Archive == nil || len(a.Clips) != 0 {
		t.Fatalf("format %q yaz0 %v archive %v", a.Format, a.Yaz0, a.Archive)
	}
	entries := a.Archive.Entries()
	want := []Entry{
		{Path: "Actor/Pack/readme.txt", Size: 16, Kind: ""},
		{Path: "Anim/Fox_Animation.bfres.bak", Size: 10, Kind: "bfres"},
		// Yaz0 entries are sniffed from their decompressed first bytes.
		{Path: "Anim/Fox_Animation.sbfres", Size: int64(len(archivetest.Yaz0Stored(anim))), Kind: "bfres"},
		{Path: "Anim/Quant.sbfres", Size: int64(len(bfresFixture(t, "cubic_quant.sbfres"))), Kind: "bfres"},
		{Path: "Model/Fox.bfres", Size: int64(len(model)), Kind: "bfres"},
	}
	if len(entries) != len(want) {
		t.Fatalf("entries %+v", entries)
	}
	for i := range want {
		if entries[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, entries[i], want[i])
		}
	}
	got, err := a.Archive.Read("Anim/Fox_Animation.sbfres")
	if err != nil || string(got) != string(anim) {
		t.Fatalf("Read: %v (%d bytes)", err, len(got))
	}
	inner, err := Open("Fox.szs:Anim/Fox_Animation.sbfres", got)
	if err != nil || len(inner.Clips) != 1 || inner.Clips[0].Name != "Trot" {
		t.Fatalf("inner: %v", err)
	}
	if _, err := a.Archive.Read("Anim/Missing.bfres"); err == nil || !strings.Contains(err.Error(), "no file") {
		t.Errorf("missing entry: %v", err)
	}
	// A Yaz0 entry that lies about its size fails on Read, one line.
	liar := archivetest.Yaz0Stored(anim)
	binary.BigEndian.PutUint32(liar[4:], uint32(len(anim)+50))
	b, err := Open("liar.sarc", archivetest.WriteSARC([]archivetest.SARCFile{{Path: "a.sbfres", Data: liar}}, true, 4))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Archive.Read("a.sbfres"); err == nil || !strings.Contains(err.Error(), "a.sbfres: yaz0:") || strings.Contains(err.Error(), "\n") {
		t.Errorf("lying Yaz0 entry: %v", err)
	}
	// Traversal is rejected when the archive is opened.
	if _, err := Open("evil.sarc", archivetest.WriteSARC([]archivetest.SARCFile{{Path: "../../evil.bfres", Data: model}}, true, 4)); err == nil || !strings.HasPrefix(err.Error(), "sarc: ") {
		t.Errorf("traversal: %v", err)
	}
}
