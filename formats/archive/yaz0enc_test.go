package archive

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// yaz0Inputs are the round-trip cases: empty, tiny, runs longer than the
// longest match, periodic data shorter than the window and longer, random
// bytes (nothing to match) and a mix.
func yaz0Inputs() map[string][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 50000)
	for i := range random {
		random[i] = byte(r.IntN(256))
	}
	mixed := make([]byte, 0, 200000)
	for len(mixed) < 200000 {
		switch r.IntN(3) {
		case 0:
			mixed = append(mixed, random[:r.IntN(300)]...)
		case 1:
			mixed = append(mixed, bytes.Repeat([]byte{byte(r.IntN(4))}, r.IntN(600))...)
		default:
			if len(mixed) > 5000 {
				at := len(mixed) - 1 - r.IntN(5000)
				mixed = append(mixed, mixed[at:at+r.IntN(len(mixed)-at)]...)
			}
		}
	}
	return map[string][]byte{
		"empty":    {},
		"one":      {7},
		"three":    {1, 2, 3},
		"run":      bytes.Repeat([]byte{0xAB}, 10000),
		"periodic": bytes.Repeat([]byte("abcdefghij0123456789"), 3000),
		"far":      append(append(append([]byte{}, random[:3000]...), make([]byte, 5000)...), random[:3000]...),
		"random":   random,
		"mixed":    mixed,
	}
}

func TestYaz0EncodeRoundTrip(t *testing.T) {
	for name, in := range yaz0Inputs() {
		enc, err := CompressYaz0(in, [8]byte{1, 2, 3, 4, 5, 6, 7, 8})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(enc[8:16]) != "\x01\x02\x03\x04\x05\x06\x07\x08" {
			t.Errorf("%s: reserved header bytes % x, want 01..08", name, enc[8:16])
		}
		out, err := DecompressYaz0(enc)
		if err != nil {
			t.Fatalf("%s: decoding: %v", name, err)
		}
		if !bytes.Equal(out, in) {
			t.Fatalf("%s: round trip differs (%d bytes in, %d out)", name, len(in), len(out))
		}
		// Every 8 items take at most 8·3+1 bytes and at least 8 input
		// bytes; literals cost 9/8 of a byte.
		if bound := 16 + len(in) + (len(in)+7)/8; len(enc) > bound {
			t.Errorf("%s: %d bytes compressed, more than the %d literals take", name, len(enc), bound)
		}
	}
	// A run compresses to about 3 bytes per 0x111 (one flag byte per 8).
	enc, _ := CompressYaz0(bytes.Repeat([]byte{0}, 0x111*80), [8]byte{})
	if len(enc) > 16+1+1+80*3+11 {
		t.Errorf("80 maximal runs: %d bytes", len(enc))
	}
}

// TestYaz0EncodeRealFiles re-compresses every Yaz0 file under
// ANIMSCOPE_REAL and reports the size against the original's.
func TestYaz0EncodeRealFiles(t *testing.T) {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files")
	}
	var orig, ours, raw int
	files := 0
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil || !IsYaz0(data) {
			return err
		}
		plain, err := DecompressYaz0(data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		enc, err := CompressYaz0(plain, [8]byte(data[8:16]))
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecompressYaz0(enc)
		if err != nil || !bytes.Equal(back, plain) {
			t.Errorf("%s: round trip fails: %v", p, err)
		}
		files++
		orig += len(data)
		ours += len(enc)
		raw += len(plain)
		return nil
	})
	t.Logf("%d Yaz0 files, %d bytes decompressed: originals %d bytes, ours %d (%.1f%% of the originals)", files, raw, orig, ours, 100*float64(ours)/float64(max(orig, 1)))
	if files == 0 {
		t.Fatalf("no Yaz0 file under %s", root)
	}
	// Nintendo's encoders set the bar: ours may not be much larger.
	if ours > orig+orig/20 {
		t.Errorf("ours %d bytes, more than 5%% over the originals' %d", ours, orig)
	}
}

func FuzzYaz0Encode(f *testing.F) {
	for _, in := range yaz0Inputs() {
		if len(in) < 4096 {
			f.Add(in)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		enc, err := CompressYaz0(in, [8]byte{})
		if err != nil {
			t.Fatal(err)
		}
		out, err := DecompressYaz0(enc)
		if err != nil || !bytes.Equal(out, in) {
			t.Fatalf("round trip of %d bytes: %v", len(in), err)
		}
	})
}

func BenchmarkYaz0Encode3MB(b *testing.B) {
	in := yaz0Inputs()["mixed"]
	data := bytes.Repeat(in, 3<<20/len(in)+1)[:3<<20]
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := CompressYaz0(data, [8]byte{}); err != nil {
			b.Fatal(err)
		}
	}
}
