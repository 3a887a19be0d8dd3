package bfres

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestSkeletalClipWarnsOnlyOfBonesNoModelHolds: a file whose first model
// is a one-bone prop before the body (a Mario Kart 8 driver file holds
// "Pupil" before "Yoshi") does not warn that the body's clip animates
// bones the prop lacks: the body holds them, and posed on it they take
// its rest. A bone no model holds is still a warning. Unbound, the clip
// keeps the sample contract: what it does not set is the first model's
// bone's rest, identity where that model lacks the bone.
func TestSkeletalClipWarnsOnlyOfBonesNoModelHolds(t *testing.T) {
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
	for _, b := range multiModelBones {
		body = append(body, b.name)
	}
	f.SkeletalAnims = []SkeletalAnim{clip("KartDrive", append(body, "All_Root")), clip("PupilSpin", []string{"Model"})}
	g, err := Parse(encodeFile(f))
	if err != nil {
		t.Fatal(err)
	}
	clips, warnings := g.Clips()
	want := fmt.Sprintf("skeletal animation %q: bone %q is not in any skeleton of the file (values the animation does not set are identity)", "KartDrive", "All_Root")
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings %q, want only %q", warnings, want)
	}
	if len(clips) != 2 {
		t.Fatalf("%d clips", len(clips))
	}
	wantY := map[string]float64{"Model": 5} // the first model's bones; the others' are identity
	for _, c := range clips {
		pose := anim.NewPose(c)
		anim.Evaluate(c, 3.5, pose)
		for ti := range c.Targets {
			tg := &c.Targets[ti]
			if got := pose.Targets[ti].V[anim.TransY]; got != wantY[tg.Name] {
				t.Errorf("%s %s: unbound translation.y %v, want %v", c.Name, tg.Name, got, wantY[tg.Name])
			}
			if !tg.FromRest.Has(anim.TransY) {
				t.Errorf("%s %s: translation.y should take the bound bone's rest", c.Name, tg.Name)
			}
		}
	}
}

// TestMissingBonesOneLinePerFile: animations that all name the same rig
// helpers the skeleton lacks (Mario Kart 8 Deluxe's BotW Link: 49 such
// bones in 62 of 64 clips, 3,038 lines) are one warning that counts the
// animations and bones and names the first bones, in file order; each
// clip converted alone (SkeletalClip) still says its own.
func TestMissingBonesOneLinePerFile(t *testing.T) {
	const frames, step = 16, 4
	f := &File{Name: "driver", Models: []Model{{Name: "Body", Skeleton: multiModelBody()}}}
	var body []string
	for _, b := range multiModelBones {
		body = append(body, b.name)
	}
	var helpers []string
	for i := range 7 {
		helpers = append(helpers, fmt.Sprintf("IK_rig%d", i))
	}
	for i := range 3 {
		sa := SkeletalAnim{AnimHeader: AnimHeader{Name: fmt.Sprintf("Clip%d", i), Flags: 1<<12 | 1<<2, FrameCount: frames}}
		for b, n := range append(append([]string{}, body...), helpers[:5+i]...) {
			sa.BoneAnims = append(sa.BoneAnims, BoneAnim{Name: n,
				Curves: []Curve{smoothCurve(TargetRotateX, frames, step, 0.3, 2*math.Pi/frames, float64(b))}})
		}
		f.SkeletalAnims = append(f.SkeletalAnims, sa)
	}
	g, err := Parse(encodeFile(f))
	if err != nil {
		t.Fatal(err)
	}
	_, warnings := g.Clips()
	want := fmt.Sprintf("3 skeletal animations animate 7 bones not in skeleton %q (%q, %q, %q, %q, %q, …); values the animations do not set are identity",
		"Body", helpers[0], helpers[1], helpers[2], helpers[3], helpers[4])
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings %q\nwant only %q", warnings, want)
	}
	c, one := g.SkeletalClip(2)
	if len(one) != 7 {
		t.Errorf("SkeletalClip(2) warns %q, want one line for each of its 7 missing bones", one)
	}
	// The helpers are marked so pairing does not count them; the body's
	// bones are not.
	for _, tg := range c.Targets {
		if want := strings.HasPrefix(tg.Name, "IK_rig"); tg.Helper != want {
			t.Errorf("%s: Helper %v, want %v", tg.Name, tg.Helper, want)
		}
	}
}
