package formats

import (
	"encoding/binary"
	"sort"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
)

// sarcBuild writes a big-endian SARC (nodes sorted by hash, 4-byte
// aligned data); a minimal copy of the archive package's test writer.
func sarcBuild(files map[string][]byte) []byte {
	type node struct {
		path string
		hash uint32
	}
	var nodes []node
	for p := range files {
		nodes = append(nodes, node{p, archive.SARCHash(p, 0x65)})
	}
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].hash < nodes[j].hash })
	be := binary.BigEndian
	var names, data []byte
	sfat := []byte("SFAT")
	sfat = be.AppendUint16(sfat, 0x0C)
	sfat = be.AppendUint16(sfat, uint16(len(nodes)))
	sfat = be.AppendUint32(sfat, 0x65)
	for _, n := range nodes {
		for len(data)%4 != 0 {
			data = append(data, 0)
		}
		sfat = be.AppendUint32(sfat, n.hash)
		sfat = be.AppendUint32(sfat, 0x01000000|uint32(len(names)/4))
		sfat = be.AppendUint32(sfat, uint32(len(data)))
		data = append(data, files[n.path]...)
		sfat = be.AppendUint32(sfat, uint32(len(data)))
		names = append(names, n.path...)
		names = append(names, 0)
		for len(names)%4 != 0 {
			names = append(names, 0)
		}
	}
	dataOff := 0x14 + len(sfat) + 8 + len(names)
	b := []byte("SARC")
	b = be.AppendUint16(b, 0x14)
	b = be.AppendUint16(b, 0xFEFF)
	b = be.AppendUint32(b, uint32(dataOff+len(data)))
	b = be.AppendUint32(b, uint32(dataOff))
	b = be.AppendUint32(b, 0x01000000)
	b = append(b, sfat...)
	b = append(b, "SFNT\x00\x08\x00\x00"...)
	b = append(b, names...)
	return append(b, data...)
}

// sarcYaz0Literal wraps data in a valid Yaz0 stream of literal bytes only.
func sarcYaz0Literal(data []byte) []byte {
	out := []byte("Yaz0")
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, make([]byte, 8)...)
	for i := 0; i < len(data); i += 8 {
		out = append(out, 0xFF)
		out = append(out, data[i:min(i+8, len(data))]...)
	}
	return out
}

func TestOpenSARC(t *testing.T) {
	model := bfresFixture(t, "skel_model.bfres")
	anim := bfresFixture(t, "skel_anim.bfres")
	szs := sarcYaz0Literal(sarcBuild(map[string][]byte{
		"Model/Fox.bfres":              model,
		"Anim/Fox_Animation.sbfres":    sarcYaz0Literal(anim),
		"Anim/Quant.sbfres":            bfresFixture(t, "cubic_quant.sbfres"),
		"Actor/Pack/readme.txt":        []byte("not an animation"),
		"Anim/Fox_Animation.bfres.bak": anim[:10],
	}))
	a, err := Open("Fox.szs", szs)
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "sarc" || !a.Yaz0 || a.Archive == nil || len(a.Clips) != 0 {
		t.Fatalf("format %q yaz0 %v archive %v", a.Format, a.Yaz0, a.Archive)
	}
	entries := a.Archive.Entries()
	want := []Entry{
		{"Actor/Pack/readme.txt", 16, ""},
		{"Anim/Fox_Animation.bfres.bak", 10, "bfres"},
		// Yaz0 entries are sniffed from their decompressed first bytes.
		{"Anim/Fox_Animation.sbfres", int64(len(sarcYaz0Literal(anim))), "bfres"},
		{"Anim/Quant.sbfres", int64(len(bfresFixture(t, "cubic_quant.sbfres"))), "bfres"},
		{"Model/Fox.bfres", int64(len(model)), "bfres"},
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
	liar := sarcYaz0Literal(anim)
	binary.BigEndian.PutUint32(liar[4:], uint32(len(anim)+50))
	b, err := Open("liar.sarc", sarcBuild(map[string][]byte{"a.sbfres": liar}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Archive.Read("a.sbfres"); err == nil || !strings.Contains(err.Error(), "a.sbfres: yaz0:") || strings.Contains(err.Error(), "\n") {
		t.Errorf("lying Yaz0 entry: %v", err)
	}
	// Traversal is rejected when the archive is opened.
	if _, err := Open("evil.sarc", sarcBuild(map[string][]byte{"../../evil.bfres": model})); err == nil || !strings.HasPrefix(err.Error(), "sarc: ") {
		t.Errorf("traversal: %v", err)
	}
}
