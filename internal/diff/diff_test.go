package diff

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
)

// line is a test curve: value = a + b·frame.
type line struct{ a, b float64 }

func (l line) Eval(f float64) float64 { return l.a + l.b*f }
func (line) Kind() anim.CurveKind     { return anim.KindLinear }
func (line) NumKeys() int             { return 0 }
func (line) Key(int) anim.Key         { return anim.Key{} }
func (line) Validate() error          { return nil }

func joint(name string, index int, chans ...anim.Channel) anim.Target {
	return anim.Target{Name: name, Index: index, Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(), Channels: chans}
}

func ch(s anim.Slot, a, b float64) anim.Channel { return anim.Channel{Slot: s, Curve: line{a, b}} }

func clip(ts ...anim.Target) *anim.Clip {
	return &anim.Clip{Format: "test", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: ts}
}

func rowOf(t *testing.T, r *Result, target, channel string) Row {
	t.Helper()
	for _, row := range r.Rows {
		if row.Target == target && row.Channel == channel {
			return row
		}
	}
	t.Fatalf("no row %s/%s in %+v", target, channel, r.Rows)
	return Row{}
}

// Named targets match by name whatever their order; a rotation 359° apart
// from another is 1° away; a channel one side stores as a curve and the
// other leaves at its base compares with the base.
func TestMatchByNameAndRotationWrap(t *testing.T) {
	a := clip(
		joint("Hip", 0, ch(anim.RotY, 10, 0), ch(anim.TransX, 0, 1)),
		joint("Knee", 1, ch(anim.RotZ, 0, 0)),
	)
	b := clip(
		joint("Knee", 0, ch(anim.RotZ, 0, 0)),
		joint("Hip", 1, ch(anim.RotY, 10-359, 0), ch(anim.TransX, 0, 1.5)),
	)
	res, err := Compare(Side{Clip: a}, Side{Clip: b}, Options{Frames: []float64{0, 2, 4, 10}})
	if err != nil {
		t.Fatal(err)
	}
	rot := rowOf(t, res, "Hip", "rotation.y")
	if math.Abs(rot.MaxDiff-1) > 1e-9 || !rot.Differs || rot.TargetA != 0 || rot.TargetB != 1 {
		t.Errorf("Hip rotation.y %+v, want 1° apart, A 0 ↔ B 1", rot)
	}
	tr := rowOf(t, res, "Hip", "translation.x")
	// |A−B| = 0.5·frame; beyond 1e-4·max(1,|A|,|B|) from frame 2 on.
	if tr.MaxDiff != 5 || tr.AtFrame != 10 || tr.FirstFrame != 2 {
		t.Errorf("Hip translation.x %+v, want 5 at 10, first 2", tr)
	}
	if k := rowOf(t, res, "Knee", "rotation.z"); k.Differs || k.MaxDiff != 0 {
		t.Errorf("Knee %+v, want equal", k)
	}
	// B stores no scale curve where A holds scale.x at its base 1.
	a.Targets[1].Channels = append(a.Targets[1].Channels, ch(anim.ScaleX, 1, 0))
	res, _ = Compare(Side{Clip: a}, Side{Clip: b}, Options{Frames: []float64{0, 5}})
	if s := rowOf(t, res, "Knee", "scale.x"); s.Differs || s.OnlyIn != "a" {
		t.Errorf("Knee scale.x only in A at the base value: %+v", s)
	}
}

// Quaternions q and −q are one rotation: no difference; a real one is
// measured after aligning the signs.
func TestQuaternionSign(t *testing.T) {
	quat := func(x, y, z, w float64) anim.Target {
		tg := joint("Bone", 0, ch(anim.QuatX, x, 0), ch(anim.QuatY, y, 0), ch(anim.QuatZ, z, 0), ch(anim.QuatW, w, 0))
		tg.Quaternion = true
		return tg
	}
	s := math.Sqrt(0.5)
	a := clip(quat(0, s, 0, s))
	res, err := Compare(Side{Clip: a}, Side{Clip: clip(quat(0, -s, 0, -s))}, Options{Frames: []float64{0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Same() {
		t.Errorf("q against −q: %+v", res.Differences())
	}
	res, _ = Compare(Side{Clip: a}, Side{Clip: clip(quat(0, -0.6, 0, -0.8))}, Options{Frames: []float64{0}})
	if w := rowOf(t, res, "Bone", "rotation.qw"); math.Abs(w.MaxDiff-(0.8-s)) > 1e-12 || !w.Differs {
		t.Errorf("qw %+v, want %v", w, 0.8-s)
	}
}

// With a model, world positions are compared: a root translation moves
// the child's world position by the same amount.
func TestWorldRows(t *testing.T) {
	sk := &anim.Skeleton{Name: "s", Joints: []anim.Joint{
		{Name: "Root", Parent: -1, Rest: anim.DefaultBase()},
		{Name: "Tip", Parent: 0, Rest: anim.DefaultBase()},
	}}
	sk.Joints[1].Rest[anim.TransY] = 2
	if err := sk.Finish(); err != nil {
		t.Fatal(err)
	}
	a := clip(joint("Root", 0, ch(anim.TransX, 0, 0)), joint("Tip", 1, ch(anim.TransY, 2, 0)))
	b := clip(joint("Root", 0, ch(anim.TransX, 0, 0.25)), joint("Tip", 1, ch(anim.TransY, 2, 0)))
	ba, bb := anim.BindByName(a, sk), anim.BindByName(b, sk)
	res, err := Compare(Side{a, sk, &ba}, Side{b, sk, &bb}, Options{Frames: []float64{0, 4, 8}})
	if err != nil {
		t.Fatal(err)
	}
	if w := rowOf(t, res, "Tip", "world.x"); w.MaxDiff != 2 || w.AtFrame != 8 || w.FirstFrame != 4 || w.Slot != -1 {
		t.Errorf("Tip world.x %+v, want 2 at 8, first 4", w)
	}
	if w := rowOf(t, res, "Tip", "world.y"); w.Differs {
		t.Errorf("Tip world.y %+v, want equal", w)
	}
}

// The default frames are every half frame up to the longer clip.
func TestDefaultFrames(t *testing.T) {
	a, b := clip(), clip()
	a.Duration, b.Duration = 3, 2.2
	got := DefaultFrames(a, b)
	if len(got) != 7 || got[0] != 0 || got[1] != 0.5 || got[6] != 3 {
		t.Errorf("DefaultFrames = %v", got)
	}
}

// TestUnnamedJointsTakeTheModelsNames: J3D animations name no joints; on a
// model, a row names the joint its target drives (as the viewer does),
// not "#1"; without a model it stays "#1".
func TestUnnamedJointsTakeTheModelsNames(t *testing.T) {
	sk := &anim.Skeleton{Name: "cl", Joints: []anim.Joint{
		{Name: "center", Parent: -1, Rest: anim.DefaultBase()},
		{Name: "cl_LhandA", Parent: 0, Rest: anim.DefaultBase()},
	}}
	if err := sk.Finish(); err != nil {
		t.Fatal(err)
	}
	a := clip(joint("", 0, ch(anim.TransX, 0, 0)), joint("", 1, ch(anim.TransY, 0, 0)))
	b := clip(joint("", 0, ch(anim.TransX, 0, 0)), joint("", 1, ch(anim.TransY, 0, 1)))
	ba, bb := anim.BindByIndex(a, sk), anim.BindByIndex(b, sk)
	labels := func(res *Result) map[string]bool {
		out := map[string]bool{}
		for _, d := range res.Differences() {
			out[d.TargetLabel()] = true
		}
		return out
	}
	res, err := Compare(Side{a, sk, &ba}, Side{b, sk, &bb}, Options{Frames: []float64{0, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if got := labels(res); !got["cl_LhandA"] || len(got) != 1 {
		t.Errorf("with the model the differing target is labelled %v, want cl_LhandA alone", got)
	}
	res, err = Compare(Side{Clip: a}, Side{Clip: b}, Options{Frames: []float64{0, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if got := labels(res); !got["#1"] || len(got) != 1 {
		t.Errorf("without a model the differing target is labelled %v, want #1", got)
	}
}
