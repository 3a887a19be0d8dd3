package j3d_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
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
	f.Add([]byte(j3d.LittleMagic(magic)))
}

// swapOrder re-encodes a family file in the other byte order.
func swapOrder(data []byte) ([]byte, error) {
	flip := func(h *j3d.FileHeader) { h.LittleEndian = !h.LittleEndian }
	switch {
	case j3d.ByteOrderOf(data, j3d.MagicBCA) != nil:
		b, err := j3d.DecodeBCA(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return j3dtest.EncodeBCA(b)
	case j3d.ByteOrderOf(data, j3d.MagicBRK) != nil:
		b, err := j3d.DecodeBRK(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return j3dtest.EncodeBRK(b)
	case j3d.ByteOrderOf(data, j3d.MagicBPK) != nil:
		b, err := j3d.DecodeBPK(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return j3dtest.EncodeBPK(b)
	case j3d.ByteOrderOf(data, j3d.MagicBTP) != nil:
		b, err := j3d.DecodeBTP(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return j3dtest.EncodeBTP(b)
	default:
		b, err := j3d.DecodeBVA(data)
		if err != nil {
			return nil, err
		}
		flip(&b.File)
		return j3dtest.EncodeBVA(b)
	}
}

func FuzzBCA(f *testing.F) {
	addFamilySeeds(f, ".bca", j3d.MagicBCA)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bca") })
}

func FuzzBRK(f *testing.F) {
	addFamilySeeds(f, ".brk", j3d.MagicBRK)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "brk") })
}

func FuzzBPK(f *testing.F) {
	addFamilySeeds(f, ".bpk", j3d.MagicBPK)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bpk") })
}

func FuzzBTP(f *testing.F) {
	addFamilySeeds(f, ".btp", j3d.MagicBTP)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "btp") })
}

func FuzzBVA(f *testing.F) {
	addFamilySeeds(f, ".bva", j3d.MagicBVA)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFamily(t, data, "bva") })
}

// familyDecoders decode one type into its struct and clip.
var familyDecoders = map[string]func([]byte) (any, *anim.Clip, error){
	"bca": decodeWith(j3d.DecodeBCA),
	"brk": decodeWith(j3d.DecodeBRK),
	"bpk": decodeWith(j3d.DecodeBPK),
	"btp": decodeWith(j3d.DecodeBTP),
	"bva": decodeWith(j3d.DecodeBVA),
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
