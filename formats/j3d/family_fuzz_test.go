package j3d

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
)

// addFamilySeeds seeds a fuzz target with the family fixtures of one type,
// their truncations, the other byte order of each (re-encoded) and empty
// input.
func addFamilySeeds(f *testing.F, ext, magic string) {
	files, err := filepath.Glob(filepath.Join(familyDir, "*"+ext))
	if err != nil || len(files) == 0 {
		f.Fatalf("no %s seeds: %v", ext, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
		if swapped, err := swapOrder(data); err == nil {
			f.Add(swapped)
		}
	}
	f.Add([]byte{})
	f.Add([]byte(magic))
	f.Add([]byte(LittleMagic(magic)))
}

// swapOrder re-encodes a family file in the other byte order.
func swapOrder(data []byte) ([]byte, error) {
	flip := func(h *FileHeader) { h.LittleEndian = !h.LittleEndian }
	switch {
	case byteOrder(data, MagicBCA) != nil:
		b, err := DecodeBCA(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return EncodeBCA(b)
	case byteOrder(data, MagicBRK) != nil:
		b, err := DecodeBRK(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return EncodeBRK(b)
	case byteOrder(data, MagicBPK) != nil:
		b, err := DecodeBPK(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return EncodeBPK(b)
	case byteOrder(data, MagicBTP) != nil:
		b, err := DecodeBTP(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return EncodeBTP(b)
	default:
		b, err := DecodeBVA(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return EncodeBVA(b)
	}
}

func FuzzBCA(f *testing.F) {
	addFamilySeeds(f, ".bca", MagicBCA)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bca") })
}

func FuzzBRK(f *testing.F) {
	addFamilySeeds(f, ".brk", MagicBRK)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "brk") })
}

func FuzzBPK(f *testing.F) {
	addFamilySeeds(f, ".bpk", MagicBPK)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bpk") })
}

func FuzzBTP(f *testing.F) {
	addFamilySeeds(f, ".btp", MagicBTP)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "btp") })
}

func FuzzBVA(f *testing.F) {
	addFamilySeeds(f, ".bva", MagicBVA)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bva") })
}

// familyDecoders decode one type into its struct and clip.
var familyDecoders = map[string]func([]byte) (any, *anim.Clip, error){
	"bca": decodeWith(DecodeBCA),
	"brk": decodeWith(DecodeBRK),
	"bpk": decodeWith(DecodeBPK),
	"btp": decodeWith(DecodeBTP),
	"bva": decodeWith(DecodeBVA),
}

func decodeWith[T interface{ Clip() (*anim.Clip, error) }](dec func([]byte) (T, error)) func([]byte) (any, *anim.Clip, error) {
	return func(data []byte) (any, *anim.Clip, error) {
		raw, err := dec(data)
		if err != nil {
			return nil, nil, err
		}
		clip, err := raw.Clip()
		return raw, clip, err
	}
}

// fuzzFamily runs decode -> convert -> validate -> evaluate (both
// runtimes), checks the error contract, finite values, colour ranges and
// that re-encoding a decoded file is stable.
func fuzzFamily(t *testing.T, data []byte, format string) {
	raw, clip, err := familyDecoders[format](data)
	if err != nil {
		checkErrorContract(t, err, format)
		if raw == nil {
			return
		}
	}
	enc1, err := reencode(data)
	if err != nil {
		t.Fatalf("re-encoding a decoded file: %v", err)
	}
	enc2, err := reencode(enc1)
	if err != nil {
		t.Fatalf("re-encoding the re-encoded file: %v", err)
	}
	if !bytes.Equal(enc1, enc2) {
		t.Fatal("re-encoding is not stable")
	}
	if clip == nil || clip.Validate() != nil {
		return
	}
	pose := anim.NewPose(clip)
	for _, rt := range []anim.Runtime{anim.LateRuntime, anim.EarlyRuntime} {
		clip.SetRuntime(rt)
		for _, f := range []float64{-1, 0, 0.5, clip.Duration / 3, clip.Duration - 0.001, clip.Duration, clip.Duration + 7.25, 1e12, math.NaN()} {
			anim.Evaluate(clip, f, pose)
			if math.IsNaN(f) {
				continue
			}
			for i := range pose.Targets {
				for _, ch := range clip.Targets[i].Channels {
					v := pose.Targets[i].V[ch.Slot]
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("target %d %s at frame %v: %v", i, ch.Slot.Name(clip.Targets[i].Kind), f, v)
					}
					if ch.Slot.IsColor() && format != "brk" && (v < 0 || v > 255 || v != math.Trunc(v)) {
						t.Fatalf("target %d colour %v at frame %v out of 0..255", i, v, f)
					}
				}
			}
		}
	}
}
