package bfres

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/animscope/animscope/anim"
)

// synthCurve is a BOTW-like curve: cubic, u8 frames every step frames, s16
// power-basis keys with the scale/offset convention of real files.
func synthCurve(rng *rand.Rand, target uint32, frames, step int) Curve {
	n := frames/step + 1
	if (n-1)*step < frames {
		n++
	}
	fr := make([]byte, 0, n)
	keys := make([]byte, 0, 8*n)
	for i := 0; i < n; i++ {
		fr = append(fr, byte(min(i*step, frames)))
		for k := 0; k < 4; k++ {
			v := int16(rng.Intn(65535) - 32767)
			if i == n-1 && k > 0 {
				v = 0 // real last keys are (v, 0, 0, 0)
			}
			keys = be.AppendUint16(keys, uint16(v))
		}
	}
	return Curve{
		Flags: uint16(anim.NWFrameU8) | uint16(KeyS16)<<2 | uint16(anim.NWCubic)<<4, NumKeys: uint16(n),
		TargetOffset: target, EndFrame: float32(frames),
		ScaleBits: math.Float32bits(1.0 / 32767), OffsetBits: math.Float32bits(0.25), FrameData: fr, KeyData: keys,
	}
}

var synthTargets = []uint32{TargetRotateX, TargetRotateY, TargetRotateZ, TargetTranslateX, TargetTranslateY, TargetTranslateZ, TargetScaleX}

// synthFile builds a FRES with a skeleton of bones bones and anims FSKA,
// each animating every bone with curvesPerBone curves.
func synthFile(anims, bones, curvesPerBone, frames, step int) *File {
	rng := rand.New(rand.NewSource(7))
	f := &File{Name: "Synth_Animation"}
	skel := &Skeleton{Flags: 0x1200}
	for i := 0; i < bones; i++ {
		skel.Bones = append(skel.Bones, Bone{Name: fmt.Sprintf("Bone_%03d", i), Index: uint16(i), Parent: int16((i - 1) / 2),
			SmoothIndex: -1, RigidIndex: -1, BillboardIndex: -1, Flags: 1<<12 | 1,
			Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1}, Translation: [3]float32{0, 0.1, 0}})
	}
	skel.Bones[0].Parent = -1
	f.Models = []Model{{Name: "Skeleton", Skeleton: skel}}
	for a := 0; a < anims; a++ {
		sa := SkeletalAnim{AnimHeader: AnimHeader{Name: fmt.Sprintf("Anim_%03d", a), Flags: 1<<12 | 1<<2, FrameCount: int32(frames)}}
		for b := 0; b < bones; b++ {
			ba := BoneAnim{Name: skel.Bones[b].Name, Flags: boneAnimBaseScale | boneAnimBaseRotate | boneAnimBaseTranslate,
				HasScale: true, HasRotate: true, HasTranslate: true,
				Scale: [3]float32{1, 1, 1}, Rotate: [4]float32{0, 0, 0, 1}, Translate: [3]float32{0, 0.1, 0}}
			for c := 0; c < curvesPerBone; c++ {
				ba.Curves = append(ba.Curves, synthCurve(rng, synthTargets[c%len(synthTargets)], frames, step))
			}
			sa.BoneAnims = append(sa.BoneAnims, ba)
		}
		f.SkeletalAnims = append(f.SkeletalAnims, sa)
	}
	return f
}

// decodeAll is what opening a file costs: parse, convert every clip and
// skeleton, validate.
func decodeAll(data []byte) (int, error) {
	f, err := Parse(data)
	if err != nil {
		return 0, err
	}
	clips, _ := f.Clips()
	for _, c := range clips {
		if err := c.Validate(); err != nil {
			return 0, err
		}
	}
	for _, s := range f.Skeletons() {
		if err := s.Finish(); err != nil {
			return 0, err
		}
	}
	return len(clips), nil
}

// BenchmarkDecode100Anims decodes a ~2.5 MB file with 100 animations of a
// 30-bone skeleton (3 cubic u8/s16 curves per bone, 25 keys each): the
// shape of BOTW's Animal_Bear_Animation.bfres. Target: ≤ 20 ms.
func BenchmarkDecode100Anims(b *testing.B) {
	data := encodeFile(synthFile(100, 30, 3, 72, 3))
	n, err := decodeAll(data)
	if err != nil || n != 100 {
		b.Fatalf("%d clips: %v", n, err)
	}
	b.ReportMetric(float64(len(data))/(1<<20), "MiB")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		if _, err := decodeAll(data); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// reportCPU adds the process CPU time per op (all threads, GC included).
func reportCPU(b *testing.B, start int64) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkSample100Bones evaluates one frame of a 100-bone FSKA (every
// bone with 3 cubic curves and 6 constant channels). Target: ≤ 10 µs per
// frame, 0 allocs.
func BenchmarkSample100Bones(b *testing.B) {
	f, err := Parse(encodeFile(synthFile(1, 100, 3, 120, 4)))
	if err != nil {
		b.Fatal(err)
	}
	clip, _ := f.SkeletalClip(0)
	pose := anim.NewPose(clip)
	b.ReportAllocs()
	frame := 0.0
	cpu := processCPU()
	for b.Loop() {
		anim.Evaluate(clip, frame, pose)
		frame += 0.37
		if frame > 120 {
			frame -= 120
		}
	}
	reportCPU(b, cpu)
}

func TestSynthFileDecodes(t *testing.T) {
	data := encodeFile(synthFile(3, 10, 3, 72, 3))
	n, err := decodeAll(data)
	if err != nil || n != 3 {
		t.Fatalf("%d clips: %v", n, err)
	}
	// Every cubic segment of the synthetic curves is sampled inside its
	// range without NaN, and Evaluate allocates nothing.
	f, _ := Parse(data)
	clip, _ := f.SkeletalClip(0)
	pose := anim.NewPose(clip)
	if allocs := testing.AllocsPerRun(50, func() { anim.Evaluate(clip, 17.3, pose) }); allocs != 0 {
		t.Errorf("Evaluate allocates %v times", allocs)
	}
	for _, tp := range pose.Targets {
		for _, v := range tp.V {
			if math.IsNaN(v) {
				t.Fatal("NaN in pose")
			}
		}
	}
}
