package app

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// TestStateWithUnplaceableJointsEncodes: Wind Waker's ice-rock clip
// (gicer01.bck) played on Link's Maya-compensated skeleton scales a
// parent to 0, so its children's world positions divide by zero and are
// not numbers. The screenshot's state (--state-json, SIGUSR1) still
// encodes: those joints have a null position, the others theirs.
func TestStateWithUnplaceableJointsEncodes(t *testing.T) {
	sk := &anim.Skeleton{Name: "cl", Mode: anim.J3DMaya, Joints: []anim.Joint{
		{Name: "root", Parent: -1, Rest: anim.DefaultBase()},
		{Name: "arm", Parent: 0, Rest: anim.DefaultBase()},
		{Name: "hand", Parent: 1, Rest: anim.DefaultBase(), ScaleCompensate: true},
		{Name: "finger", Parent: 2, Rest: anim.DefaultBase()}}}
	sk.Joints[1].Rest[anim.TransY] = 2
	sk.Joints[2].Rest[anim.TransX] = 3
	sk.Joints[3].Rest[anim.TransX] = 1
	if err := sk.Finish(); err != nil {
		t.Fatal(err)
	}
	clip := &anim.Clip{Name: "grow", Format: "bck", Duration: 10, FPS: 30, Loop: anim.Once}
	for _, j := range sk.Joints {
		tg := anim.Target{Name: j.Name, Kind: anim.JointTarget, TexGen: -1, Base: j.Rest}
		if j.Name == "arm" { // grows from nothing, as the ice rocks do
			for _, s := range []anim.Slot{anim.ScaleX, anim.ScaleY, anim.ScaleZ} {
				tg.Channels = append(tg.Channels, anim.Channel{Slot: s, Curve: anim.Constant(0)})
			}
		}
		clip.Targets = append(clip.Targets, tg)
	}
	dir := t.TempDir()
	a := New(nil)
	a.Add([]*File{{path: filepath.Join(dir, "cl.bdl"), name: "cl.bdl", asset: &formats.Asset{Format: "bdl", Skeletons: []*anim.Skeleton{sk}}},
		{path: filepath.Join(dir, "cl_grow.bck"), name: "cl_grow.bck", asset: &formats.Asset{Format: "bck", Clips: []*anim.Clip{clip}}}})
	a.Evaluate()
	s := a.Snapshot(100, 100, [4]int{0, 0, 100, 100})
	finite := func(p [3]float32) bool {
		for _, v := range p {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return false
			}
		}
		return true
	}
	var unplaced []string
	for _, j := range s.Joints {
		if !finite(j.Pos) {
			unplaced = append(unplaced, j.Name)
		}
	}
	if len(unplaced) == 0 {
		t.Fatalf("joints %+v: none unplaceable; the test needs a pose that divides by a zero scale", s.Joints)
	}
	b, err := json.Marshal(struct {
		Joints []StateJoint `json:"joints"`
	}{s.Joints})
	if err != nil {
		t.Fatalf("state with joints %q not placeable: %v", unplaced, err)
	}
	var back struct {
		Joints []struct {
			Name string      `json:"name"`
			Pos  *[3]float32 `json:"pos"`
		} `json:"joints"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Joints) != len(s.Joints) {
		t.Fatalf("%d joints written, want %d", len(back.Joints), len(s.Joints))
	}
	for i, j := range s.Joints {
		got := back.Joints[i]
		switch {
		case got.Name != j.Name:
			t.Errorf("joint %d named %q, want %q", i, got.Name, j.Name)
		case finite(j.Pos) && (got.Pos == nil || *got.Pos != j.Pos):
			t.Errorf("%s at %v, want %v", j.Name, got.Pos, j.Pos)
		case !finite(j.Pos) && got.Pos != nil:
			t.Errorf("%s at %v, want null (drawn at %v)", j.Name, *got.Pos, j.Pos)
		}
	}
}
