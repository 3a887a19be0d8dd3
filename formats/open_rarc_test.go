package formats

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
)

// BenchmarkOpenArchiveList is `animscope info` on a 20 MB archive of 500
// files (one in ten Yaz0-compressed): Open, then Entries with every
// entry's format sniffed. Target: ≤ 50 ms (entries are decoded lazily).
func BenchmarkOpenArchiveList(b *testing.B) {
	var files []archivetest.RARCFile
	for i := 0; i < 500; i++ {
		data := make([]byte, 40_000)
		copy(data, "J3D1bck1")
		f := archivetest.RARCFile{Path: fmt.Sprintf("dir%02d/anim%03d.bck", i%25, i), Data: data}
		if i%10 == 0 {
			// Literal-only Yaz0: 1 flag byte per 8 bytes.
			z := binary.BigEndian.AppendUint32([]byte("Yaz0"), uint32(len(data)))
			z = append(z, make([]byte, 8)...)
			for k := 0; k < len(data); k += 8 {
				z = append(append(z, 0xFF), data[k:k+8]...)
			}
			f.Data, f.Yaz0 = z, true
		}
		files = append(files, f)
	}
	arc, err := archivetest.WriteRARC("bench", files)
	if err != nil || len(arc) < 20_000_000 {
		b.Fatalf("archive %d bytes, %v", len(arc), err)
	}
	b.SetBytes(int64(len(arc)))
	b.ReportAllocs()
	for b.Loop() {
		a, err := Open("bench.arc", arc)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, e := range a.Archive.Entries() {
			if e.Kind == "bck" {
				n++
			}
		}
		if n != 500 {
			b.Fatalf("%d bck entries", n)
		}
	}
}
