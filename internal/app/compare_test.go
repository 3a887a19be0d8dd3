package app

import (
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestCompareClocksFollowFrameAtTime advances the comparison's five
// clocks by one shared playback time in uneven steps and checks each
// against anim.FrameAtTime, and that the posed joints follow each mode's
// own frame.
func TestCompareClocksFollowFrameAtTime(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Comparison().SetActive(true)
	if a.cmp.clip != a.play.joint.clip || !a.cmp.playing || a.cmp.time != 0 {
		t.Fatalf("the comparison did not start on the joint clip at time 0: %+v", a.cmp)
	}
	// 95 frames of playback at 30 fps in steps of 1 frame (dt 1/30 s).
	for i := 0; i < 95; i++ {
		a.Advance(1.0 / 30)
	}
	if math.Abs(a.cmp.time-95) > 1e-9 {
		t.Fatalf("shared time %v, want 95", a.cmp.time)
	}
	d := a.play.joint.clip.Duration
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		want := anim.FrameAtTime(m, d, 95)
		if got := a.cmp.clocks[m].Frame; math.Abs(got-want) > 1e-6 {
			t.Errorf("%s: clock at %v, FrameAtTime %v", m, got, want)
		}
	}
	a.cmp.evaluate()
	root := a.play.joint.clip.Targets[0].Channels[0].Curve
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		k := a.cmp.same[m]
		z := float64(a.cmp.markers[k][0].Pos[2])
		if want := root.Eval(a.cmp.clocks[m].Frame); math.Abs(z-want) > 1e-4 {
			t.Errorf("%s: root drawn at z %v, want %v (frame %v)", m, z, want, a.cmp.clocks[m].Frame)
		}
	}
	// Seek lands on FrameAtTime too, and pause stops the shared clock.
	a.Apply(viewmodel.CompareSeek{Time: 47.25})
	a.Apply(viewmodel.ComparePause{})
	a.Advance(1)
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		if got, want := a.cmp.clocks[m].Frame, anim.FrameAtTime(m, d, 47.25); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s after seek: %v, want %v", m, got, want)
		}
	}
	// Before the end all five show one frame (posed once).
	a.Apply(viewmodel.CompareReset{})
	a.Apply(viewmodel.CompareSeek{Time: 12})
	a.cmp.evaluate()
	for m := range a.cmp.same {
		if a.cmp.same[m] != 0 {
			t.Errorf("at time 12 mode %d shows its own pose, want mode 0's", m)
		}
	}
	v := a.cmp.viewAt(a.play.speed)
	if v == nil || v.Time != 12 || v.Frames[anim.Loop] != 12 || v.Playing {
		t.Errorf("view %+v", v)
	}
	a.Comparison().SetActive(false)
	if a.cmp.viewAt(a.play.speed) != nil {
		t.Error("a closed comparison still has a view")
	}
}

func TestCopyTextReachesTheClipboard(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, false)
	var got string
	a.clipboard = func(s string) { got = s }
	a.Apply(viewmodel.CopyText{Text: "time,value\n0,1\n", What: "keys (1 rows)"})
	if got != "time,value\n0,1\n" || a.copied != got {
		t.Fatalf("clipboard %q", got)
	}
	if n := a.msgs.notices[len(a.msgs.notices)-1]; !strings.Contains(n.Text, "keys (1 rows)") {
		t.Errorf("notice %q", n.Text)
	}
}

func TestParsePlotList(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, false)
	refs, err := a.ParsePlotList("root/translation.z,#1/translation.y")
	if err != nil || len(refs) != 2 || refs[0] != (viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: 0, Chan: anim.TransZ}) || refs[1].Target != 1 {
		t.Fatalf("refs %v, err %v", refs, err)
	}
	for _, bad := range []string{"root", "nobody/translation.x", "root/sideways", "root/rotation.x", "root/euler.x"} {
		if _, err := a.ParsePlotList(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

// TestCompareFollowsTransport: the comparison moves with the main
// transport: Space pauses and plays both, a step moves both a frame
// (paused), Home takes both back to the start.
func TestCompareFollowsTransport(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Comparison().SetActive(true)
	a.Advance(0.5) // 15 frames at 30 fps
	a.Apply(viewmodel.TogglePlay{})
	if a.play.Playing() || a.cmp.playing {
		t.Fatalf("Space: main playing %v, comparison playing %v; want both paused", a.play.Playing(), a.cmp.playing)
	}
	a.Advance(0.5)
	if a.cmp.time != 15 {
		t.Errorf("paused comparison moved to %v, want 15", a.cmp.time)
	}
	a.Apply(viewmodel.Step{N: 1})
	if a.cmp.time != 16 || a.cmp.playing {
		t.Errorf("step +1: comparison at %v (playing %v), want 16 paused", a.cmp.time, a.cmp.playing)
	}
	a.Apply(viewmodel.Step{N: -1})
	a.Apply(viewmodel.Step{N: -1})
	if a.cmp.time != 14 {
		t.Errorf("two steps back: comparison at %v, want 14", a.cmp.time)
	}
	d := a.play.joint.clip.Duration
	for m := range a.cmp.clocks {
		if got, want := a.cmp.clocks[m].Frame, anim.FrameAtTime(anim.LoopMode(m), d, 14); math.Abs(got-want) > 1e-9 {
			t.Errorf("%v after the steps: frame %v, want %v", anim.LoopMode(m), got, want)
		}
	}
	a.Apply(viewmodel.TogglePlay{})
	a.Advance(0.1) // 3 frames
	if !a.cmp.playing || math.Abs(a.cmp.time-17) > 1e-9 {
		t.Errorf("Space again: comparison playing %v at %v, want playing at 17", a.cmp.playing, a.cmp.time)
	}
	a.Apply(viewmodel.Seek{Frame: 0}) // Home
	if a.cmp.time != 0 {
		t.Errorf("Home: comparison at %v, want 0", a.cmp.time)
	}
}

// TestCompareStartsWhereTheUserIs: opening the comparison (C) while the
// main transport is paused at frame 21 shows frame 21, paused; opened
// while playing in the clip's second pass it plays on from that time.
func TestCompareStartsWhereTheUserIs(t *testing.T) {
	a, _ := newTestApp(t, anim.Loop, true)
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.Seek{Frame: 21})
	a.Comparison().SetActive(true)
	if a.cmp.playing || a.cmp.time != 21 {
		t.Fatalf("opened paused at 21: comparison playing %v at time %v, want paused at 21", a.cmp.playing, a.cmp.time)
	}
	d := a.play.joint.clip.Duration
	if got := a.cmp.clocks[anim.Loop].Frame; got != anim.FrameAtTime(anim.Loop, d, 21) {
		t.Errorf("loop clock at %v, want %v", got, anim.FrameAtTime(anim.Loop, d, 21))
	}
	a.Comparison().SetActive(false)
	// Playing, past the end once: the scene time is d+5 frames.
	a.Apply(viewmodel.Seek{Frame: 0})
	a.Apply(viewmodel.Play{})
	fps := a.play.joint.clip.FPS
	a.Advance((d + 5) / fps)
	want := (d + 5)
	a.Comparison().SetActive(true)
	if !a.cmp.playing || math.Abs(a.cmp.time-want) > 1e-6 {
		t.Fatalf("opened while playing at time %v: comparison playing %v at %v", want, a.cmp.playing, a.cmp.time)
	}
	if got, w := a.cmp.clocks[anim.Once].Frame, anim.FrameAtTime(anim.Once, d, want); math.Abs(got-w) > 1e-6 {
		t.Errorf("once clock at %v, want %v (rested at the end)", got, w)
	}
}
