package bfres

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/animscope/animscope/anim"
)

// switchSynth is a Switch file (version major) with a bones-bone skeleton
// and anims FSKA animating every bone with 3 cubic u8/s16 curves of keys
// keys each: the shape of real Switch animation archives.
func switchSynth(major, anims, bones, keys int) nxDesc {
	rng := rand.New(rand.NewPCG(11, 12))
	d := nxDesc{major: major, name: "Synth_Animation", alignment: 12}
	m := nxModelDesc{name: "Skeleton", scaleMode: 1, rotMode: 1}
	for i := 0; i < bones; i++ {
		m.bones = append(m.bones, nxBoneDesc{name: fmt.Sprintf("Bone_%03d", i), parent: int16((i - 1) / 2), smooth: -1, rigid: -1,
			scale: [3]float32{1, 1, 1}, rotate: [4]float32{0, 0, 0, 1}, translate: [3]float32{0, 0.1, 0}})
	}
	m.bones[0].parent = -1
	d.models = []nxModelDesc{m}
	frames := 3 * (keys - 1)
	for a := 0; a < anims; a++ {
		sa := nxSkelDesc{name: fmt.Sprintf("Anim_%03d", a), flags: 1<<12 | animLoop, frames: int32(frames)}
		for b := 0; b < bones; b++ {
			ba := nxBoneAnimDesc{name: m.bones[b].name, scale: &[3]float32{1, 1, 1}, rotate: &[4]float32{0, 0, 0, 1}, translate: &[3]float32{0, 0.1, 0}}
			for _, target := range []uint32{TargetRotateX, TargetRotateY, TargetRotateZ} {
				c := nxCurveDesc{target: target, typ: anim.NWCubic, ft: anim.NWFrameU8, kt: KeyS16, end: float32(frames), scale: 1.0 / 32767, offset: 0.25}
				for k := 0; k < keys; k++ {
					c.frames = append(c.frames, float64(3*k))
					c.keys = append(c.keys, []float64{float64(rng.IntN(65535) - 32767), float64(rng.IntN(20001) - 10000), float64(rng.IntN(20001) - 10000), float64(rng.IntN(20001) - 10000)})
				}
				ba.curves = append(ba.curves, c)
			}
			sa.boneAnims = append(sa.boneAnims, ba)
		}
		d.skeletal = append(d.skeletal, sa)
	}
	return d
}

// BenchmarkSwitchDecode2MB decodes a ~2 MB Switch v10 animation file (80
// animations of a 30-bone skeleton, 3 cubic curves of 25 keys per bone):
// parse, convert every clip and skeleton, validate. Target: ≥ 300 MB/s.
func BenchmarkSwitchDecode2MB(b *testing.B) {
	data := encodeSwitch(switchSynth(10, 80, 30, 25))
	n, err := decodeAll(data)
	if err != nil || n != 80 {
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

// BenchmarkSwitchSample100Bones evaluates one frame of a 100-bone Switch
// FSKA (3 cubic curves and 6 constant channels per bone). Target: ≤ 10 µs
// per frame, 0 allocs.
func BenchmarkSwitchSample100Bones(b *testing.B) {
	f, err := Parse(encodeSwitch(switchSynth(8, 1, 100, 41)))
	if err != nil {
		b.Fatal(err)
	}
	clip, _ := f.SkeletalClip(0)
	if err := clip.Validate(); err != nil {
		b.Fatal(err)
	}
	clip.Prepare()
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

func TestSwitchSynthSamples(t *testing.T) {
	f, err := Parse(encodeSwitch(switchSynth(9, 2, 20, 9)))
	if err != nil {
		t.Fatal(err)
	}
	clip, _ := f.SkeletalClip(1)
	pose := anim.NewPose(clip)
	if allocs := testing.AllocsPerRun(50, func() { anim.Evaluate(clip, 17.3, pose) }); allocs != 0 {
		t.Errorf("Evaluate allocates %v times", allocs)
	}
}
