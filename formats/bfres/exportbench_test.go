package bfres

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/animscope/animscope/anim"
)

var updateExportBench = flag.Bool("update-export-bench", false, "rewrite testdata/export_bench.bfres from exportBenchFile")

// exportBenchPath is the glTF export benchmark's input (internal/export's
// BenchmarkExport96Anims32Bones): 96 skeletal animations of a 32-bone
// skeleton, written by this package's test encoder.
const exportBenchPath = "testdata/export_bench.bfres"

// smoothCurve is a cubic curve (u8 frames, s16 keys) through a sine
// A·sin(ω·f + φ) with its exact slopes at keys every step frames, written
// in the power basis as real files store it: continuous and smooth, the
// shape of motion-capture-like animation data.
func smoothCurve(target uint32, frames, step int, amp, omega, phase float64) Curve {
	const scale = 1.0 / 2048 // s16 keys: value = raw·scale, |value| < 16
	var fr, keys []byte
	n := 0
	for f0 := 0; f0 <= frames; f0 += step {
		f1 := min(f0+step, frames)
		L := float64(f1 - f0)
		v0, v1 := amp*math.Sin(omega*float64(f0)+phase), amp*math.Sin(omega*float64(f1)+phase)
		d0, d1 := amp*omega*math.Cos(omega*float64(f0)+phase), amp*omega*math.Cos(omega*float64(f1)+phase)
		c := [4]float64{v0, L * d0, 3*(v1-v0) - L*(2*d0+d1), 2*(v0-v1) + L*(d0+d1)}
		if f0 == frames {
			c = [4]float64{v0, 0, 0, 0}
		}
		fr = append(fr, byte(f0))
		for _, x := range c {
			keys = be.AppendUint16(keys, uint16(int16(math.Round(x/scale))))
		}
		n++
		if f0 == frames {
			break
		}
		if f1 == frames {
			f0 = frames - step // next key at the end
		}
	}
	return Curve{
		Flags: uint16(anim.NWFrameU8) | uint16(KeyS16)<<2 | uint16(anim.NWCubic)<<4, NumKeys: uint16(n),
		TargetOffset: target, EndFrame: float32(frames),
		ScaleBits: math.Float32bits(scale), FrameData: fr, KeyData: keys,
	}
}

// exportBenchFile: a binary-tree skeleton of 32 bones 10 units apart and
// 96 animations of 48 frames, each bone turning about two axes (keys every
// 8 frames).
func exportBenchFile() *File {
	const anims, bones, frames, step = 96, 32, 48, 8
	f := &File{Name: "export_bench"}
	skel := &Skeleton{Flags: 0x1200}
	for i := 0; i < bones; i++ {
		skel.Bones = append(skel.Bones, Bone{Name: fmt.Sprintf("Bone_%02d", i), Index: uint16(i), Parent: int16((i - 1) / 2),
			SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1, Flags: 1<<12 | 1,
			Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1}, Translation: [3]float32{0, 10, 0}})
	}
	skel.Bones[0].Parent = -1
	f.Models = []Model{{Name: "Skeleton", Skeleton: skel}}
	for a := 0; a < anims; a++ {
		sa := SkeletalAnim{AnimHeader: AnimHeader{Name: fmt.Sprintf("Anim_%02d", a), Flags: 1<<12 | 1<<2, FrameCount: frames}}
		for b := 0; b < bones; b++ {
			ba := BoneAnim{Name: skel.Bones[b].Name, Flags: boneAnimBaseScale | boneAnimBaseRotate | boneAnimBaseTranslate,
				HasScale: true, HasRotate: true, HasTranslate: true,
				Scale: [3]float32{1, 1, 1}, Rotate: [4]float32{0, 0, 0, 1}, Translate: [3]float32{0, 10, 0}}
			omega := 2 * math.Pi / float64(frames) * float64(1+a%3)
			ba.Curves = []Curve{
				smoothCurve(TargetRotateX, frames, step, 0.3, omega, float64(b)*0.4),
				smoothCurve(TargetRotateZ, frames, step, 0.5, omega, float64(a)*0.1+float64(b)*0.7),
			}
			sa.BoneAnims = append(sa.BoneAnims, ba)
		}
		f.SkeletalAnims = append(f.SkeletalAnims, sa)
	}
	return f
}

// TestExportBenchFixture: the committed benchmark input is exactly what
// the generator writes (-update-export-bench rewrites it) and decodes to
// 96 animations of a 32-bone skeleton.
func TestExportBenchFixture(t *testing.T) {
	data := encodeFile(exportBenchFile())
	if *updateExportBench {
		if err := os.WriteFile(exportBenchPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(exportBenchPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("%s differs from exportBenchFile's encoding; run go test -run TestExportBenchFixture -update-export-bench", exportBenchPath)
	}
	f, err := Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	clips, _ := f.Clips()
	if len(clips) != 96 || len(f.Skeletons()) != 1 || len(f.Skeletons()[0].Joints) != 32 {
		t.Fatalf("%d clips, %d skeletons", len(clips), len(f.Skeletons()))
	}
}
