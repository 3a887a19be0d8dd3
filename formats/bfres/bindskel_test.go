package bfres

import (
	"math"
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestSkeletalClipBindsToTheModelWithItsBones: a file whose first model
// is a one-bone prop before the body (a Mario Kart 8 driver file holds
// "Pupil" before "Yoshi") takes each skeletal animation's bind pose from
// the model holding its bones: the body's clip neither warns that the
// body's bones are missing nor leaves what it does not set at identity,
// and the prop's clip still binds to the prop.
func TestSkeletalClipBindsToTheModelWithItsBones(t *testing.T) {
	const frames, step = 16, 4
	prop := multiModelSkeleton([]string{"Model"}, []int{-1}, []float32{5})
	f := &File{Name: "driver", Models: []Model{{Name: "Pupil", Skeleton: prop}, {Name: "Body", Skeleton: multiModelBody()}}}
	clip := func(name string, bones []string) SkeletalAnim {
		sa := SkeletalAnim{AnimHeader: AnimHeader{Name: name, Flags: 1<<12 | 1<<2, FrameCount: frames}}
		for b, n := range bones {
			// No base values: the translation is the bound bone's.
			sa.BoneAnims = append(sa.BoneAnims, BoneAnim{Name: n,
				Curves: []Curve{smoothCurve(TargetRotateX, frames, step, 0.3, 2*math.Pi/frames, float64(b))}})
		}
		return sa
	}
	var body []string
	wantY := map[string]float64{"Model": 5}
	for _, b := range multiModelBones {
		body = append(body, b.name)
		wantY[b.name] = float64(b.y)
	}
	f.SkeletalAnims = []SkeletalAnim{clip("KartDrive", body), clip("PupilSpin", []string{"Model"})}
	g, err := Parse(encodeFile(f))
	if err != nil {
		t.Fatal(err)
	}
	clips, warnings := g.Clips()
	if len(warnings) != 0 {
		t.Errorf("warnings %q, want none: every animated bone is in one of the skeletons", warnings)
	}
	if len(clips) != 2 {
		t.Fatalf("%d clips", len(clips))
	}
	for _, c := range clips {
		pose := anim.NewPose(c)
		anim.Evaluate(c, 3.5, pose)
		for ti := range c.Targets {
			tg := &c.Targets[ti]
			if got, want := pose.Targets[ti].V[anim.TransY], wantY[tg.Name]; got != want {
				t.Errorf("%s %s: translation.y %v, want the bound bone's %v", c.Name, tg.Name, got, want)
			}
		}
	}
}
