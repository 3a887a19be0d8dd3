package j3d_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// These tests build files with the encoders (every type, every loop mode,
// both byte orders, tangent modes 0 and 1), decode them and check values
// computed here by other means: the Hermite from its basis functions
// (not the evaluator's power form), indices and clamps by hand.

// hermiteBasis is the cubic Hermite between (t0, p0) and (t1, p1) with
// out-tangent m0 and in-tangent m1 (per frame), at frame f.
func hermiteBasis(t0, p0, m0, t1, p1, m1, f float64) float64 {
	l := t1 - t0
	s := (f - t0) / l
	h00 := 1 - 3*s*s + 2*s*s*s
	h10 := s - 2*s*s + s*s*s
	h01 := 3*s*s - 2*s*s*s
	h11 := s*s*s - s*s
	return h00*p0 + h10*l*m0 + h01*p1 + h11*l*m1
}

// keyed evaluates keys {time, value, in, out} as the games do: the first
// value before the first key, the last at or after the last key, the
// Hermite between.
func keyed(f float64, keys ...[4]float64) float64 {
	n := len(keys)
	if f <= keys[0][0] {
		return keys[0][1]
	}
	if f >= keys[n-1][0] {
		return keys[n-1][1]
	}
	i := 0
	for keys[i+1][0] <= f {
		i++
	}
	a, b := keys[i], keys[i+1]
	return hermiteBasis(a[0], a[1], a[3], b[0], b[1], b[2], f)
}

// gameColor clamps and truncates as the games do.
func gameColor(v, lo, hi float64) float64 {
	switch {
	case v < lo:
		return lo
	case v > hi:
		return hi
	}
	return math.Trunc(v)
}

// ok returns v, failing the test (through a panic, which the testing
// package reports with the stack) on an error.
func ok[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// eachVariant runs f for both byte orders and every loop mode.
func eachVariant(t *testing.T, f func(t *testing.T, little bool, mode uint8)) {
	for _, little := range []bool{false, true} {
		for mode := uint8(0); mode < anim.NumLoopModes; mode++ {
			t.Run(fmt.Sprintf("little=%v/mode=%d", little, mode), func(t *testing.T) { f(t, little, mode) })
		}
	}
}

// checkHeader checks the decoded clip's loop mode and duration, and the
// file's magic for the byte order.
func checkHeader(t *testing.T, data []byte, magic string, little bool, clip *anim.Clip, mode uint8, duration float64) {
	t.Helper()
	want := magic
	if little {
		want = j3d.LittleMagic(magic)
	}
	if string(data[:8]) != want {
		t.Errorf("magic %q, want %q", data[:8], want)
	}
	if clip.Loop != anim.LoopMode(mode) || clip.Duration != duration || clip.FPS != 30 {
		t.Errorf("loop %v duration %v fps %v, want %v %v 30", clip.Loop, clip.Duration, clip.FPS, anim.LoopMode(mode), duration)
	}
}

type probe struct {
	target, channel int
	frame, want     float64
}

func checkProbes(t *testing.T, clip *anim.Clip, probes []probe) {
	t.Helper()
	for _, p := range probes {
		got := clip.Targets[p.target].Channels[p.channel].Curve.Eval(p.frame)
		if math.Abs(got-p.want) > 1e-9*math.Max(1, math.Abs(p.want)) {
			t.Errorf("target %d channel %d frame %v: %v, want %v", p.target, p.channel, p.frame, got, p.want)
		}
	}
}

func TestBCAValues(t *testing.T) {
	eachVariant(t, func(t *testing.T, little bool, mode uint8) {
		b := &j3d.BCA{File: j3d.FileHeader{LittleEndian: little}, LoopMode: mode, Duration: 4}
		var set j3d.FullSet
		set[0] = ok(j3dtest.FullSeq(&b.Scale, 1, 2, 3))             // scale.x
		set[1] = ok(j3dtest.FullSeq(&b.Rotation, 0, 16384, -32768)) // rotation.x: 0°, 90°, -180°
		set[2] = ok(j3dtest.FullSeq(&b.Translation, 5))             // translation.x constant
		set[4] = ok(j3dtest.FullSeq(&b.Rotation, 16384, -32768))    // rotation.y shares rotation.x's data
		// Every track has a frame: the game reads outside a 0-frame one.
		set[3] = ok(j3dtest.FullSeq(&b.Scale, 0.5))
		set[5] = ok(j3dtest.FullSeq(&b.Translation, -2))
		set[6] = ok(j3dtest.FullSeq(&b.Scale, 1))
		set[7] = ok(j3dtest.FullSeq(&b.Rotation, 0))
		set[8] = ok(j3dtest.FullSeq(&b.Translation, 0))
		b.Joints = []j3d.FullSet{set}
		data := ok(j3dtest.EncodeBCA(b))
		d := ok(j3d.DecodeBCA(data))
		clip := ok(d.Clip())
		checkHeader(t, data, j3d.MagicBCA, little, clip, mode, 4)
		if d.Joints[0][4].Index != 1 {
			t.Errorf("rotation.y index %d, want 1 (shares rotation.x's data)", d.Joints[0][4].Index)
		}
		late := []probe{
			{0, 0, -1, 1}, {0, 0, 0.49, 1}, {0, 0, 0.5, 2}, {0, 0, 1.49, 2}, {0, 0, 1.5, 3}, {0, 0, 40, 3},
			{0, 1, 0.5, 90}, {0, 1, 1.5, -180}, {0, 2, 3, 5},
			{0, 4, 0.2, 90}, {0, 4, 2.2, -180},
			{0, 3, 1, 0.5}, {0, 5, 1, -2}, // one frame: constant
		}
		checkProbes(t, clip, late)
		clip.SetRuntime(anim.EarlyRuntime)
		checkProbes(t, clip, []probe{{0, 0, 0.5, 1}, {0, 0, 1.99, 2}, {0, 0, 2, 3}, {0, 1, 1.5, 90}, {0, 0, -0.2, 1}, {0, 0, 9, 3}})
		clip.SetRuntime(anim.LateRuntime)
		checkProbes(t, clip, late)
	})
}

func TestBRKValues(t *testing.T) {
	eachVariant(t, func(t *testing.T, little bool, mode uint8) {
		b := &j3d.BRK{File: j3d.FileHeader{LittleEndian: little}, LoopMode: mode, Duration: 10}
		var c, k j3d.ColorTracks
		c[0] = ok(j3dtest.ColorKeys(&b.CValues[0], 0, []float64{0, 0, 0}, []float64{10, 2000, 0}))            // mode 0
		c[1] = ok(j3dtest.ColorKeys(&b.CValues[1], 1, []float64{0, -100, 0, 50}, []float64{10, 100, -20, 0})) // mode 1
		c[2] = ok(j3dtest.ColorConst(&b.CValues[2], -5))
		k[0] = ok(j3dtest.ColorKeys(&b.KValues[0], 1, []float64{2, 300, 9, -30}, []float64{6, -10, 4, 0}))
		k[1] = ok(j3dtest.ColorConst(&b.KValues[1], -40))
		k[3] = ok(j3dtest.ColorKeys(&b.KValues[3], 0, []float64{0, 10, 3}, []float64{4, 100, -2}, []float64{8, 50, 0}))
		// A K entry with the C entry's r and b data: K rules apply.
		var k2 j3d.ColorTracks
		k2[0] = ok(j3dtest.ColorKeys(&b.KValues[0], 0, []float64{0, 0, 0}, []float64{10, 2000, 0}))
		k2[2] = ok(j3dtest.ColorConst(&b.KValues[2], -5))
		b.CRegs = []j3d.RegEntry{{Tracks: c, ColorID: 2}}
		b.KRegs = []j3d.RegEntry{{Tracks: k, ColorID: 3}, {Tracks: k2, ColorID: 0}}
		b.CNames = []j3d.Name{{Name: "body"}}
		b.KNames = []j3d.Name{{Name: "eye"}, {Name: "body"}}
		data := ok(j3dtest.EncodeBRK(b))
		clip := ok(ok(j3d.DecodeBRK(data)).Clip())
		checkHeader(t, data, j3d.MagicBRK, little, clip, mode, 10)
		names := []string{"body/C2", "eye/K3", "body/K0"}
		regs := []string{"C2", "K3", "K0"}
		for i, tg := range clip.Targets {
			if tg.Kind != anim.TevRegTarget || tg.Name != names[i] || tg.Register != regs[i] {
				t.Errorf("target %d: %v %q %q, want tevreg %q %q", i, tg.Kind, tg.Name, tg.Register, names[i], regs[i])
			}
		}
		cr := func(f float64) float64 { return gameColor(hermiteBasis(0, 0, 0, 10, 2000, 0, f), -1024, 1023) }
		cg := func(f float64) float64 { return gameColor(hermiteBasis(0, -100, 50, 10, 100, -20, f), -1024, 1023) }
		kr := func(f float64) float64 {
			return gameColor(keyed(f, [4]float64{2, 300, 9, -30}, [4]float64{6, -10, 4, 0}), 0, 255)
		}
		ka := func(f float64) float64 {
			return gameColor(keyed(f, [4]float64{0, 10, 3, 3}, [4]float64{4, 100, -2, -2}, [4]float64{8, 50, 0, 0}), 0, 255)
		}
		var probes []probe
		for _, f := range []float64{0.25, 1, 2.5, 3.7, 5, 6.1, 7.5, 9.9} {
			probes = append(probes,
				probe{0, 0, f, cr(f)}, probe{0, 1, f, cg(f)},
				probe{1, 0, f, kr(f)}, probe{1, 3, f, ka(f)},
				probe{2, 0, f, gameColor(hermiteBasis(0, 0, 0, 10, 2000, 0, f), 0, 255)})
		}
		probes = append(probes,
			probe{0, 2, 3, -5}, probe{0, 3, 3, 0}, // C constant as stored; count 0 → 0
			probe{1, 1, 3, 216}, probe{1, 2, 3, 0}, // K constant: low byte; count 0 → 0
			probe{2, 2, 3, 251}, probe{2, 1, 3, 0}, // −5 as a K constant: its low byte
			probe{0, 0, -3, 0}, probe{0, 0, 12, 1023}, probe{1, 0, 0, 255}, probe{1, 0, 20, 0}, probe{1, 3, 30, 50},
		)
		checkProbes(t, clip, probes)
		if v := cr(9.9); v != 1023 {
			t.Errorf("test premise: C r at 9.9 = %v, want the clamp 1023", v)
		}
	})
}

func TestBPKValues(t *testing.T) {
	eachVariant(t, func(t *testing.T, little bool, mode uint8) {
		b := &j3d.BPK{File: j3d.FileHeader{LittleEndian: little}, LoopMode: mode, Duration: 20}
		var e j3d.ColorTracks
		e[0] = ok(j3dtest.ColorKeys(&b.Values[0], 0, []float64{0, 0, 40}, []float64{20, 255, 0}))
		e[1] = ok(j3dtest.ColorKeys(&b.Values[1], 1, []float64{5, 128, -60, 30}, []float64{15, 20, 10, 0}))
		e[2] = ok(j3dtest.ColorConst(&b.Values[2], 300))
		b.Entries = []j3d.ColorTracks{e}
		b.Names = []j3d.Name{{Name: "mat"}}
		data := ok(j3dtest.EncodeBPK(b))
		clip := ok(ok(j3d.DecodeBPK(data)).Clip())
		checkHeader(t, data, j3d.MagicBPK, little, clip, mode, 20)
		if tg := clip.Targets[0]; tg.Kind != anim.MatColorTarget || tg.Name != "mat" {
			t.Errorf("target %v %q", tg.Kind, tg.Name)
		}
		var probes []probe
		for _, f := range []float64{-2, 0, 1, 3.3, 5, 7.75, 10, 14.2, 15, 19.9, 25} {
			r := gameColor(hermiteBasis(0, 0, 40, 20, 255, 0, math.Max(0, math.Min(f, 20))), 0, 255)
			g := 128.0
			switch {
			case f >= 15:
				g = 20
			case f > 5:
				g = gameColor(hermiteBasis(5, 128, 30, 15, 20, 10, f), 0, 255)
			}
			probes = append(probes, probe{0, 0, f, r}, probe{0, 1, f, g}, probe{0, 2, f, 44}, probe{0, 3, f, 0})
		}
		checkProbes(t, clip, probes)
	})
}

func TestBTPValues(t *testing.T) {
	eachVariant(t, func(t *testing.T, little bool, mode uint8) {
		b := &j3d.BTP{File: j3d.FileHeader{LittleEndian: little}, LoopMode: mode, Duration: 6}
		b.Entries = []j3d.PatternEntry{
			{FullTrack: ok(j3dtest.FullSeq(&b.Values, 3, 1, 4, 1, 5)), TexMap: 2},
			{FullTrack: ok(j3dtest.FullSeq(&b.Values, 9)), TexMap: 7},
		}
		b.Names = []j3d.Name{{Name: "eye"}, {Name: "digit"}}
		data := ok(j3dtest.EncodeBTP(b))
		clip := ok(ok(j3d.DecodeBTP(data)).Clip())
		checkHeader(t, data, j3d.MagicBTP, little, clip, mode, 6)
		if tg := clip.Targets[1]; tg.Kind != anim.TexPatternTarget || tg.Name != "digit" || tg.TexMap != 7 {
			t.Errorf("target 1: %v %q texMap %d", tg.Kind, tg.Name, tg.TexMap)
		}
		probes := []probe{{0, 0, -1, 3}, {0, 0, 0.99, 3}, {0, 0, 1, 1}, {0, 0, 1.5, 1}, {0, 0, 4.5, 5}, {0, 0, 100, 5}, {1, 0, 3, 9}}
		checkProbes(t, clip, probes)
		clip.SetRuntime(anim.EarlyRuntime) // BTP truncates in both runtimes
		checkProbes(t, clip, probes)
	})
}

func TestBVAValues(t *testing.T) {
	eachVariant(t, func(t *testing.T, little bool, mode uint8) {
		b := &j3d.BVA{File: j3d.FileHeader{LittleEndian: little}, LoopMode: mode, Duration: 3}
		b.Shapes = []j3d.FullTrack{ok(j3dtest.FullSeq(&b.Values, 0, 2, 0, 255)), {}}
		data := ok(j3dtest.EncodeBVA(b))
		clip := ok(ok(j3d.DecodeBVA(data)).Clip())
		checkHeader(t, data, j3d.MagicBVA, little, clip, mode, 3)
		checkProbes(t, clip, []probe{{0, 0, -1, 0}, {0, 0, 0.49, 0}, {0, 0, 0.5, 1}, {0, 0, 1.49, 1}, {0, 0, 1.5, 0}, {0, 0, 2.5, 1}, {0, 0, 9, 1}, {1, 0, 1, 1}})
		clip.SetRuntime(anim.EarlyRuntime)
		checkProbes(t, clip, []probe{{0, 0, 0.5, 0}, {0, 0, 1.99, 1}, {0, 0, 2.99, 0}, {0, 0, 3, 1}})
	})
}
