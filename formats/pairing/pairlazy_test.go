package pairing

import (
	"slices"
	"sync"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// TestPairCountsMatchBinding: the counts Pair ranks and assigns by
// (Candidate.Fit), worked out without binding where the clip binds by
// name, and the binding made on demand (Candidate.Binding) are what
// binding the clip to the model's skeleton on its own gives (FitClip) —
// over the synthetic dumps and over the cases the counting must not take
// a shortcut for: a joint named "" that unnamed targets bind to, and
// targets sharing a name, which drive one joint.
func TestPairCountsMatchBinding(t *testing.T) {
	named := func(names ...string) *anim.Clip {
		c := &anim.Clip{Format: "bfres-skeletal", Duration: 10, FPS: 30}
		for i, n := range names {
			c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Name: n})
		}
		return c
	}
	skel := func(names ...string) *anim.Skeleton {
		sk := &anim.Skeleton{Mode: anim.Standard}
		for i, n := range names {
			sk.Joints = append(sk.Joints, anim.Joint{Name: n, Parent: i - 1})
		}
		return sk
	}
	clips := []*anim.Clip{
		named("Root", "", "Arm"),           // binds "" where the skeleton has it
		named("Root", "", "", "Arm"),       // two unnamed targets, one joint named ""
		named("Root", "Root", "Arm"),       // a shared name drives one joint
		named("Root", "Arm", "Arm", "Leg"), // 2 of 4 joints: fits by targets found, not by joints
		named("Root", "Arm", "Leg"),
		{Format: "bfres-skeletal", Duration: 10, FPS: 30, Targets: []anim.Target{
			{Kind: anim.JointTarget, Name: "Root"}, {Kind: anim.TexSRTTarget, Name: "Root"}, {Kind: anim.JointTarget, Name: "Arm"}}},
	}
	odd := []*Source{
		{Path: "d/a.bfres", Dir: "d", Asset: &formats.Asset{Clips: clips}},
		{Path: "d/blank.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{skel("Root", "", "Arm")}}},
		{Path: "d/plain.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{skel("Root", "Arm", "Leg")}}},
		{Path: "d/twice.bfres", Dir: "d", Asset: &formats.Asset{Skeletons: []*anim.Skeleton{skel("Root", "Arm", "Arm", "Leg")}}},
	}
	cases := map[string][]*Source{
		"odd":       odd,
		"flat":      synthDump(2, 16, 4, 0, synthFlat),
		"flat-game": synthDump(3, 16, 6, 2, synthFlat),
		"tree":      synthDump(1, 40, 6, 0, synthTree),
	}
	for name, srcs := range cases {
		p := Pair(srcs)
		n, fits := 0, 0
		for _, sug := range p.Suggestions {
			for _, c := range sug.Candidates {
				want := FitClip(c.Clip, sug.Skeleton)
				got := c.Binding()
				if c.Fit.Bound() != want.Bound() || c.Fit.Fits() != want.Fits() {
					t.Errorf("%s: %s on %s: counts bound %d fits %v, binding gives %d %v", name, c.Anim.Path, sug.Model.Path,
						c.Fit.Bound(), c.Fit.Fits(), want.Bound(), want.Fits())
				}
				if got.Animated != want.Animated || !slices.Equal(got.Target, want.Target) || !slices.Equal(got.Issues, want.Issues) ||
					!slices.Equal(got.Warnings, want.Warnings) || !slices.Equal(c.Warnings(), want.Warnings) {
					t.Errorf("%s: %s on %s: binding %+v, want %+v", name, c.Anim.Path, sug.Model.Path, got, want)
				}
				n++
				if want.Fits() {
					fits++
				}
			}
			for _, c := range sug.Side {
				if c.Fit != (FitCounts{}) || c.Binding().Target != nil || c.Warnings() != nil {
					t.Errorf("%s: side clip %s on %s has a binding", name, c.Anim.Path, sug.Model.Path)
				}
			}
		}
		if n == 0 || fits == 0 || fits == n {
			t.Errorf("%s: %d candidates, %d fit: the case checks too little", name, n, fits)
		}
	}
}

// TestPairBindingConcurrent: candidates of one pairing ask for their
// bindings from several goroutines at once (run with -race); each gets
// the binding FitClip gives.
func TestPairBindingConcurrent(t *testing.T) {
	srcs := synthDump(3, 16, 6, 2, synthFlat)
	p := Pair(srcs)
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			for si := range p.Suggestions {
				sug := p.Suggestions[(si+g*5)%len(p.Suggestions)]
				for _, c := range sug.Candidates {
					if want := FitClip(c.Clip, sug.Skeleton); !slices.Equal(c.Binding().Target, want.Target) {
						errs <- c.Anim.Path + " on " + sug.Model.Path
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("binding differs: %s", e)
	}
}
