package archive_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/internal/bin"
)

// yaz0Header is the 16-byte header declaring size.
func yaz0Header(size uint32) []byte {
	h := make([]byte, 16)
	copy(h, "Yaz0")
	binary.BigEndian.PutUint32(h[4:], size)
	return h
}

// yaz0Encode is a small greedy Yaz0 compressor for round-trip tests: at
// each position the longest earlier match (3..0x111 bytes, up to 0x1000
// back) found through a hash chain of 3-byte prefixes, else a literal.
func yaz0Encode(src []byte) []byte {
	const (
		window   = 0x1000
		maxLen   = 0x111
		maxChain = 16
	)
	out := yaz0Header(uint32(len(src)))
	// head[h]: latest position+1 whose 3-byte prefix hashes to h; prev
	// chains earlier ones. Collisions only cost a failed comparison.
	var head [1 << 12]int
	prev := make([]int, len(src))
	hash := func(i int) int {
		return int((uint32(src[i])<<16|uint32(src[i+1])<<8|uint32(src[i+2]))*2654435761>>20) & (len(head) - 1)
	}
	insert := func(i int) {
		if i+3 <= len(src) {
			h := hash(i)
			prev[i] = head[h]
			head[h] = i + 1
		}
	}
	pos := 0
	for pos < len(src) {
		flagAt := len(out)
		out = append(out, 0)
		for bit := 0; bit < 8 && pos < len(src); bit++ {
			bestLen, bestDist := 0, 0
			if pos+3 <= len(src) {
				for cand, n := head[hash(pos)], 0; cand > 0 && n < maxChain; cand, n = prev[cand-1], n+1 {
					c := cand - 1
					if pos-c > window {
						break
					}
					l := 0
					for l < maxLen && pos+l < len(src) && src[c+l] == src[pos+l] {
						l++
					}
					if l > bestLen {
						bestLen, bestDist = l, pos-c
					}
				}
			}
			if bestLen < 3 {
				out[flagAt] |= 0x80 >> bit
				out = append(out, src[pos])
				insert(pos)
				pos++
				continue
			}
			d := bestDist - 1
			if bestLen < 0x12 {
				out = append(out, byte((bestLen-2)<<4|d>>8), byte(d))
			} else {
				out = append(out, byte(d>>8), byte(d), byte(bestLen-0x12))
			}
			for i := 0; i < bestLen; i++ {
				insert(pos + i)
			}
			pos += bestLen
		}
	}
	return out
}

func wantYaz0Error(t *testing.T, what string, err error, fragment string) {
	t.Helper()
	var fe *bin.FormatError
	if err == nil || !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "yaz0: ") || !strings.Contains(err.Error(), fragment) {
		t.Errorf("%s: error %v, want a yaz0 FormatError containing %q", what, err, fragment)
	}
}

// TestYaz0HandMade decodes a stream written by hand: three literals, a
// 2-byte back-reference that overlaps its own output, and a 3-byte one.
func TestYaz0HandMade(t *testing.T) {
	stream := append(yaz0Header(3+8+0x14),
		0xE0,          // flags: literal, literal, literal, ref, ref
		'A', 'B', 'C', // literals
		0x60, 0x02, // length 6+2 = 8, distance 2+1 = 3: "ABCABCAB"
		0x00, 0x0A, 0x02, // length 0x02+0x12 = 0x14, distance 0x0A+1 = 11
	)
	got, err := archive.DecompressYaz0(stream)
	if err != nil {
		t.Fatal(err)
	}
	first := "ABCABCABCAB"
	want := first + strings.Repeat(first, 2)[:0x14]
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if n, err := archive.Yaz0Size(stream); err != nil || n != len(want) {
		t.Errorf("Yaz0Size = %d, %v", n, err)
	}
	// The declared size cuts a back-reference short.
	binary.BigEndian.PutUint32(stream[4:], 5)
	if got, err := archive.DecompressYaz0(stream); err != nil || string(got) != "ABCAB" {
		t.Errorf("size 5: %q, %v", got, err)
	}
}

func TestYaz0HostileStreams(t *testing.T) {
	// A stream declaring 4 GiB is refused before anything is allocated.
	huge := append(yaz0Header(0xFFFFFFFF), bytes.Repeat([]byte{0xFF, 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'}, 4)...)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	_, err := archive.DecompressYaz0(huge)
	runtime.ReadMemStats(&m1)
	wantYaz0Error(t, "4 GiB", err, "declared size 4294967295 exceeds the 256 MiB limit")
	// TotalAlloc is process-wide (the runtime and other goroutines allocate
	// too), so allow a megabyte: what matters is that the declared 4 GiB,
	// or any sizable part of it, was never allocated.
	if a := m1.TotalAlloc - m0.TotalAlloc; a > 1<<20 {
		t.Errorf("4 GiB stream: allocated %d bytes", a)
	}
	// Under the cap but impossible for the payload.
	_, err = archive.DecompressYaz0(append(yaz0Header(100_000), 0xFF, 'a'))
	wantYaz0Error(t, "ratio", err, "declared size 100000 is impossible for 2 bytes")

	_, err = archive.DecompressYaz0([]byte("Yaz0\x00\x00"))
	wantYaz0Error(t, "short header", err, "need 16-byte header")
	_, err = archive.DecompressYaz0(append([]byte("Yaz1"), make([]byte, 12)...))
	wantYaz0Error(t, "wrong magic", err, "not a Yaz0 stream")

	// A back-reference before the start of the output.
	_, err = archive.DecompressYaz0(append(yaz0Header(8), 0xBF, 'A', 0x10, 0x01))
	wantYaz0Error(t, "reference before start", err, "back-reference 2 bytes before the start of the output (at 1)")
	_, err = archive.DecompressYaz0(append(yaz0Header(8), 0x00, 0x10, 0x00))
	wantYaz0Error(t, "reference at 0", err, "back-reference 1 bytes before the start of the output (at 0)")

	// Truncated at every length: a clean error each time.
	src := bytes.Repeat([]byte("animscope yaz0 "), 40)
	enc := yaz0Encode(src)
	for n := 16; n < len(enc); n++ {
		_, err := archive.DecompressYaz0(enc[:n])
		if err == nil || !strings.HasPrefix(err.Error(), "yaz0: ") {
			t.Fatalf("cut at %d: %v", n, err)
		}
		if !strings.Contains(err.Error(), "stream ends") && !strings.Contains(err.Error(), "impossible") {
			t.Errorf("cut at %d: %v does not say the stream ends", n, err)
		}
	}
	_, err = archive.DecompressYaz0(append(yaz0Header(4), 0x00, 0x10))
	wantYaz0Error(t, "cut reference", err, "stream ends inside a back-reference")
	_, err = archive.DecompressYaz0(append(yaz0Header(40), 0xBF, 'a', 0x00, 0x00))
	wantYaz0Error(t, "cut long reference", err, "stream ends inside a back-reference")
}

func TestYaz0RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 5000)
	for i := range random {
		random[i] = byte(rng.IntN(256))
	}
	runs := make([]byte, 0, 20000)
	for len(runs) < 20000 {
		runs = append(runs, bytes.Repeat([]byte{byte(rng.IntN(4))}, 1+rng.IntN(600))...)
	}
	for name, src := range map[string][]byte{
		"empty": {}, "one": {42}, "random": random, "runs": runs,
		"text": bytes.Repeat([]byte("This is padding data to align"), 300),
	} {
		enc := yaz0Encode(src)
		got, err := archive.DecompressYaz0(enc)
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("%s: round trip failed (%v)", name, err)
		}
		if name == "runs" && len(enc) > len(src)/10 {
			t.Errorf("runs: %d bytes compressed to %d: the encoder is not using references", len(src), len(enc))
		}
	}
}

func FuzzYaz0(f *testing.F) {
	f.Add([]byte{})
	f.Add(append(yaz0Header(3+8+0x14), 0xE0, 'A', 'B', 'C', 0x60, 0x02, 0x00, 0x0A, 0x02))
	enc := yaz0Encode(bytes.Repeat([]byte("J3D1bck1 ANK1 This is padding data to align"), 20))
	f.Add(enc)
	f.Add(enc[:len(enc)/2])
	f.Add(append(yaz0Header(0xFFFFFFFF), 0xFF, 1, 2, 3, 4, 5, 6, 7, 8))
	f.Fuzz(func(t *testing.T, data []byte) {
		// As a stream: an error with the yaz0 prefix, or exactly the
		// declared size.
		out, err := archive.DecompressYaz0(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "yaz0: ") {
				t.Fatalf("error without prefix: %v", err)
			}
		} else if n, _ := archive.Yaz0Size(data); len(out) != n {
			t.Fatalf("%d bytes out, %d declared", len(out), n)
		}
		// As plain data: compress and decompress back. Large inputs are
		// left to the stream half: the test encoder is slow enough on them
		// to stall the fuzzer's minimisation.
		if len(data) > 1024 {
			return
		}
		back, err := archive.DecompressYaz0(yaz0Encode(data))
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("round trip of %d bytes failed: %v", len(data), err)
		}
	})
}

// BenchmarkYaz0 decompresses 1 MiB of animation-like data (float tables
// with repeats). Bytes are the decompressed size. Target: ≥ 150 MB/s.
func BenchmarkYaz0(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	src := make([]byte, 0, 1<<20)
	for len(src) < 1<<20 {
		if rng.IntN(3) == 0 && len(src) > 64 {
			at := rng.IntN(len(src) - 32)
			src = append(src, src[at:at+4+rng.IntN(28)]...)
		} else {
			src = binary.BigEndian.AppendUint32(src, uint32(rng.IntN(1<<16))<<16|0x3f80)
		}
	}
	src = src[:1<<20]
	enc := yaz0Encode(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := archive.DecompressYaz0(enc); err != nil {
			b.Fatal(err)
		}
	}
}
