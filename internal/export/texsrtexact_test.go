package export

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
)

// genBTK writes a one-entry BTK (centre 0.5, 0.5) with the production
// encoder and opens it: tracks holds keys by TrackSet slot (0 scale S, 1
// rotation S, 2 translation S, 3.. T, 6.. Q; rotations in raw s16
// units); every other slot is constant (scale 1, else 0).
func genBTK(t *testing.T, frac uint8, duration uint16, tracks map[int][]j3d.Key) *anim.Clip {
	t.Helper()
	tb := j3d.NewTableBuilder(nil)
	var set j3d.TrackSet
	for s := range set {
		kind := j3d.TrackKind(s % 3)
		var err error
		if keys, ok := tracks[s]; ok {
			set[s], err = tb.Keys(kind, 1, keys)
		} else if kind == j3d.ScaleTrack {
			set[s], err = tb.Const(kind, 1)
		} else {
			set[s], err = tb.Const(kind, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	b := &j3d.BTK{LoopMode: 2, RotationFrac: frac, Duration: duration, Entries: []j3d.TrackSet{set},
		Names: []j3d.Name{{Name: "mat"}}, TexGens: []uint8{0}, Centers: [][3]float32{{0.5, 0.5, 0.5}}, Tables: tb.Tables()}
	data, err := j3d.EncodeBTK(b)
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open("gen.btk", data)
	if err != nil {
		t.Fatal(err)
	}
	return a.Clips[0]
}

// checkTexSRTExact exports clip alone and requires the test player's
// texture matrix within the sample bound of the game's at every
// 1/perFrame of a frame (a J3D rotation within one s16 step, the stated
// exception).
func checkTexSRTExact(t *testing.T, name string, clip *anim.Clip, perFrame int) texSRTMeasure {
	t.Helper()
	d, _ := exportFile(t, name+".glb", Scene{Clips: []Clip{{Clip: clip, Source: name + ".btk"}}})
	r := measureTexSRT(t, d, 0, clip, perFrame)
	t.Logf("%s: worst %.3g× the bound, %d keys", name, r.worst, r.keys)
	if r.worst > 1 {
		t.Errorf("%s: texture matrix off by %.3g× the bound at frame %g (%d keys)", name, r.worst, r.frame, r.keys)
	}
	return r
}

// A texture turning at rotation fraction 1 crosses ±180° of the game's
// 16-bit angle halfway through each turn, and its curve falls back a
// whole turn in one frame (TripodBossCore's Wait): the exported rotation
// neither jumps there nor spins, and the staircase of s16 steps costs no
// key pair per step.
func TestTexSRTWrappingRotation(t *testing.T) {
	const s = 275 // raw units per frame: a turn in 119 frames
	clip := genBTK(t, 1, 240, map[int][]j3d.Key{7: {
		{Time: 0, Value: 0, In: 0, Out: s}, {Time: 119, Value: 32767, In: s, Out: -32768},
		{Time: 120, Value: 0, In: -32768, Out: s}, {Time: 240, Value: 32767, In: s, Out: 0}}})
	checkTexSRTExact(t, "wrap", clip, 32)
}

// An S-shaped Hermite segment (ClockworkHandle's TexChange: translation
// 0 → 0.5 in a frame, with equal tangents at both ends) meets its chord
// at the midpoint; the refinement must not take that for a straight line.
func TestTexSRTSCurve(t *testing.T) {
	clip := genBTK(t, 0, 4, map[int][]j3d.Key{
		2: {{Time: 0, Value: 0}, {Time: 1, Value: 0, In: 0.25, Out: 0.25}, {Time: 2, Value: 0.5, In: 0.25, Out: 0.25}, {Time: 3, Value: 0.5}, {Time: 4, Value: 0.5}},
		5: {{Time: 0, Value: 0, In: 0.25, Out: 0.25}, {Time: 1, Value: 0.5, In: 0.25, Out: 0.25}, {Time: 2, Value: 0.5, In: 0.25, Out: 0.25}, {Time: 3, Value: 1, In: 0.25, Out: 0.25}, {Time: 4, Value: 1}}})
	checkTexSRTExact(t, "scurve", clip, 32)
}

// On a 10000-frame clip a key's float32 time lies up to 0.001 frame
// before its frame; a translation falling back 10 units in the last
// frame (CometNearOrbitSky) must still be where the game has it.
func TestTexSRTLongClipTimes(t *testing.T) {
	clip := genBTK(t, 0, 10000, map[int][]j3d.Key{5: {
		{Time: 0, Value: 0, In: 10, Out: -0.001}, {Time: 9999, Value: -10, In: -0.001, Out: 10}, {Time: 10000, Value: 0, In: 10, Out: -0.001}}})
	checkTexSRTExact(t, "long", clip, 8)
}

// A rotation under a large scale moves the matrix entries by the angle's
// error times the scale: the tolerance is on the entries, not the angle.
// Here the angle stays within ±0.1°, so the off-diagonal entries (up to
// 400·sin 0.1° ≈ 0.7) are held to 1e-4 while a radian of error moves
// them 400.
func TestTexSRTScaledRotation(t *testing.T) {
	base := anim.DefaultBase()
	tg := anim.Target{Name: "big", Kind: anim.TexSRTTarget, TexGen: 0, Base: base, Center: [3]float64{0.5, 0.5, 0.5}}
	tg.Channels = []anim.Channel{
		{Slot: anim.ScaleX, Curve: anim.Constant(400)}, {Slot: anim.ScaleY, Curve: anim.Constant(400)},
		{Slot: anim.RotZ, Curve: &anim.Hermite{Keys: []anim.HermiteKey{{Time: 0, Value: -0.1}, {Time: 15, Value: 0.03, In: 0.013, Out: 0.013}, {Time: 30, Value: 0.1}}, RotationFrac: anim.NotRotation}},
	}
	clip := &anim.Clip{Name: "big", Format: "btk", Duration: 30, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{tg}}
	if err := clip.Validate(); err != nil {
		t.Fatal(err)
	}
	checkTexSRTExact(t, "scaled", clip, 32)
}
