package archive

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/klauspost/compress/zstd"
)

func zstdEncode(t *testing.T, data []byte, opts ...zstd.EOption) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

func testPayload() []byte {
	var b bytes.Buffer
	for i := 0; i < 4000; i++ {
		b.WriteString("FRES    bone anim curve ")
		b.WriteByte(byte(i))
	}
	return b.Bytes()
}

func TestZstdRoundTrip(t *testing.T) {
	want := testPayload()
	z := zstdEncode(t, want)
	if !IsZstd(z) || IsZstd(want) {
		t.Fatal("IsZstd wrong")
	}
	got, err := DecompressZstd(z)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("got %d bytes, want %d", len(got), len(want))
	}
}

// A frame compressed against a dictionary fails with a message naming the
// dictionary ID and the flag until the dictionary is supplied, directly or
// inside a SARC (TotK's ZsDic.pack layout).
func TestZstdDictionary(t *testing.T) {
	want := testPayload()
	// Varied samples: BuildDict needs real match statistics.
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"FRES", "FSKA", "bone", "curve", "anim", "Root", "Spine", "Arm_L", "Arm_R", "Head", "scale", "rotate"}
	var samples [][]byte
	for i := 0; i < 64; i++ {
		var b bytes.Buffer
		for k := 0; k < 200; k++ {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(byte(rng.IntN(4)))
		}
		samples = append(samples, b.Bytes())
	}
	dict, err := zstd.BuildDict(zstd.BuildDictOptions{ID: 0x1234, Contents: samples, History: bytes.Join(samples[:8], nil)})
	if err != nil {
		t.Fatal(err)
	}
	z := zstdEncode(t, want, zstd.WithEncoderDict(dict))
	defer SetZstdDictionaries(nil)
	if _, err := SetZstdDictionaries(nil); err != nil {
		t.Fatal(err)
	}
	_, err = DecompressZstd(z)
	if err == nil || !strings.Contains(err.Error(), "dictionary ID 4660 (0x00001234)") || !strings.Contains(err.Error(), "--zstd-dict") {
		t.Fatalf("without the dictionary: %v", err)
	}
	for name, file := range map[string][]byte{"raw": dict, "zstd-compressed": zstdEncode(t, dict)} {
		ids, err := SetZstdDictionaries(file)
		if err != nil || len(ids) != 1 || ids[0] != 0x1234 {
			t.Fatalf("%s: ids %v, %v", name, ids, err)
		}
		got, err := DecompressZstd(z)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes, %v", name, len(got), err)
		}
	}
	if _, err := SetZstdDictionaries([]byte("not a dictionary")); err == nil {
		t.Error("garbage accepted as a dictionary")
	}
}

// zstdHeader is a frame header declaring size n (8-byte content size field,
// no checksum, no dictionary) followed by one raw empty last block.
func zstdHeader(n uint64) []byte {
	b := append([]byte{}, zstdMagic...)
	b = append(b, 0xC0, 0x50) // FCS 8 bytes, window descriptor
	b = binary.LittleEndian.AppendUint64(b, n)
	return append(b, 0x01, 0x00, 0x00) // last raw block of size 0
}

func TestZstdHostile(t *testing.T) {
	cases := map[string]struct {
		data []byte
		want string
	}{
		"4 GiB":            {zstdHeader(4 << 30), "over the 256 MiB limit"},
		"200 MiB tiny":     {zstdHeader(200 << 20), "impossible for"},
		"truncated header": {zstdMagic, "frame header"},
		"size mismatch":    {zstdHeader(100), "zstd"},
	}
	for name, c := range cases {
		_, err := DecompressZstd(c.data)
		var fe *bin.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) {
			t.Errorf("%s: %v, want a FormatError containing %q", name, err, c.want)
		}
	}
	// Truncations of a valid stream never decode to the full payload and
	// never panic.
	z := zstdEncode(t, testPayload())
	for n := 0; n < len(z); n += 7 {
		if out, err := DecompressZstd(z[:n]); err == nil && len(out) == len(testPayload()) {
			t.Errorf("truncated to %d bytes: decoded everything", n)
		}
	}
}

// FuzzZstd: arbitrary input never panics, never exceeds the cap, and
// fails with a zstd-prefixed line.
func FuzzZstd(f *testing.F) {
	f.Add(zstdHeader(4 << 30))
	f.Add(zstdHeader(100))
	f.Add([]byte{})
	enc, _ := zstd.NewWriter(nil)
	f.Add(enc.EncodeAll(testPayload(), nil))
	f.Add(enc.EncodeAll([]byte("FRES    "), nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := DecompressZstd(data)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "zstd: ") {
				t.Fatalf("error %q is not one zstd-prefixed line", err)
			}
			return
		}
		if len(out) > MaxZstdSize {
			t.Fatalf("%d bytes out", len(out))
		}
	})
}
