package bfres

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
)

// TestRealFiles checks real game files that cannot be distributed: set
// ANIMSCOPE_REAL_BFRES to a directory of Wii U .bfres/.sbfres files. Every
// file must decode, every animation convert, validate and evaluate to
// finite values, every .sbfres must decompress to its .bfres sibling if
// present, and every cubic segment must end where the next one begins
// (within 2 key units for quantized keys, as LAYOUT.md measured; relative
// 1e-6 for f32 keys).
func TestRealFiles(t *testing.T) {
	dir := os.Getenv("ANIMSCOPE_REAL_BFRES")
	if dir == "" {
		t.Skip("set ANIMSCOPE_REAL_BFRES to a directory of real .bfres/.sbfres files")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*bfres"))
	if len(paths) == 0 {
		t.Fatalf("no *.bfres / *.sbfres in %s", dir)
	}
	var files, anims, boneAnims, curves, keys, joins int
	var maxQuant, maxF32 float64
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if archive.IsYaz0(data) {
			if data, err = archive.DecompressYaz0(data); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if plain, err := os.ReadFile(strings.TrimSuffix(p, ".sbfres") + ".bfres"); err == nil && !bytes.Equal(plain, data) {
				t.Errorf("%s: decompresses to %d bytes that differ from the .bfres (%d bytes)", name, len(data), len(plain))
			}
		}
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		files++
		clips, warnings := f.Clips()
		for _, c := range clips {
			if err := c.Validate(); err != nil {
				t.Errorf("%s %s: %v", name, c.Name, err)
			}
			pose := anim.NewPose(c)
			for fr := -2.0; fr <= c.Duration+2; fr += 0.25 {
				anim.Evaluate(c, fr, pose)
				for ti, tp := range pose.Targets {
					for _, v := range tp.V {
						if math.IsNaN(v) || math.IsInf(v, 0) {
							t.Fatalf("%s %s target %d frame %v: not finite", name, c.Name, ti, fr)
						}
					}
				}
			}
		}
		for _, s := range f.Skeletons() {
			if err := s.Finish(); err != nil {
				t.Errorf("%s skeleton %s: %v", name, s.Name, err)
			}
		}
		for ai := range f.SkeletalAnims {
			a := &f.SkeletalAnims[ai]
			anims++
			for bi := range a.BoneAnims {
				boneAnims++
				for ci := range a.BoneAnims[bi].Curves {
					c := &a.BoneAnims[bi].Curves[ci]
					curves++
					keys += int(c.NumKeys)
					if c.Type != anim.NWCubic {
						continue
					}
					for k := 0; k+1 < int(c.NumKeys); k++ {
						end := c.RawKey(4*k) + c.RawKey(4*k+1) + c.RawKey(4*k+2) + c.RawKey(4*k+3)
						next := c.RawKey(4 * (k + 1))
						joins++
						d := math.Abs(end - next)
						if c.KeyType == Key32 {
							d /= math.Max(1, math.Abs(next))
							maxF32 = math.Max(maxF32, d)
							if d > 1e-6 {
								t.Errorf("%s %s bone %s curve 0x%x segment %d ends at %v, next starts at %v", name, a.Name, a.BoneAnims[bi].Name, c.TargetOffset, k, end, next)
							}
						} else {
							maxQuant = math.Max(maxQuant, d)
							if d > 2 {
								t.Errorf("%s %s bone %s curve 0x%x segment %d ends at %v, next starts at %v (key units)", name, a.Name, a.BoneAnims[bi].Name, c.TargetOffset, k, end, next)
							}
						}
					}
				}
			}
		}
		t.Logf("%s: FRES %s, %d FSKA, %d FSHU tex SRT, %d models, %d clips, %d warnings", name, f.Header.VersionString,
			len(f.SkeletalAnims), len(f.TexSRTAnims), len(f.Models), len(clips), len(warnings))
	}
	t.Logf("%d files decoded; %d FSKA, %d bone anims, %d curves, %d keys; %d cubic joins, max gap %.3g key units (quantized), %.3g relative (f32)",
		files, anims, boneAnims, curves, keys, joins, maxQuant, maxF32)
}

// BenchmarkRealFiles decodes each real file (ANIMSCOPE_REAL_BFRES, as for
// TestRealFiles; Yaz0 already removed) the way opening it does.
func BenchmarkRealFiles(b *testing.B) {
	dir := os.Getenv("ANIMSCOPE_REAL_BFRES")
	if dir == "" {
		b.Skip("set ANIMSCOPE_REAL_BFRES to a directory of real .bfres files")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*_Animation.bfres"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(p), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				if _, err := decodeAll(data); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}
