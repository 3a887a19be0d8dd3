package app

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestMaterialClipsHaveTheirOwnPicker: BRK and BPK clips animate
// material registers, not joints. The Animation picker lists only the
// joint animations (a BRK there read "0 joints" with a warning that it
// binds "the first 4 joints by index"); the Material picker lists the
// material clips with what they animate, marks the ones playing, plays
// one picked and stops them all with "(none)".
func TestMaterialClipsHaveTheirOwnPicker(t *testing.T) {
	a, _ := openApp(t, courseArchive(t))
	v := viewOf(a)
	var anims []string
	for _, c := range v.Pairing.Anims {
		anims = append(anims, path.Base(a.ses.files[c.File].entry))
	}
	// The course holds one joint animation: bomb_wait.bck.
	if !slices.Equal(anims, []string{"bomb_wait.bck"}) {
		t.Errorf("Animation picker lists %q, want only the joint animation bomb_wait.bck", anims)
	}
	materials := func() (list []string, choices []viewmodel.AnimChoice) {
		v := viewOf(a)
		for _, c := range v.Pairing.MaterialAnims {
			list = append(list, fmt.Sprintf("%s %s playing=%v warnings=%d", path.Base(a.ses.files[c.File].entry), c.Kind, c.Playing, len(c.Warnings)))
		}
		return list, v.Pairing.MaterialAnims
	}
	// bomb.bmd plays the BRK named after it; the arrow's BRK and the BPK
	// named after nothing wait to be picked (archive order).
	got, choices := materials()
	want := []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=true warnings=0", "shared.bpk material colours playing=false warnings=0"}
	if !slices.Equal(got, want) {
		t.Fatalf("Material picker:\n got %q\nwant %q", got, want)
	}
	a.Apply(viewmodel.SelectClip{File: choices[2].File, Clip: choices[2].Clip})
	got, _ = materials()
	want = []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=true warnings=0", "shared.bpk material colours playing=true warnings=0"}
	if !slices.Equal(got, want) || !slices.Equal(materialEntries(a), []string{"bomb_1p.brk", "shared.bpk"}) {
		t.Errorf("after picking shared.bpk: picker %q, slots %q", got, materialEntries(a))
	}
	a.Apply(viewmodel.ClearMaterialClips{})
	got, _ = materials()
	want = []string{"arrow.brk TEV colours playing=false warnings=0", "bomb_1p.brk TEV colours playing=false warnings=0", "shared.bpk material colours playing=false warnings=0"}
	if !slices.Equal(got, want) || len(materialEntries(a)) != 0 {
		t.Errorf(`after "(none)": picker %q, slots %q`, got, materialEntries(a))
	}
}

// TestPickedMaterialClipJoinsTheSceneTime: a material clip picked while
// the scene is paused shows the scene's frame, as the clips already
// playing do (it showed its frame 0 until playback resumed), and keeps
// with them when playback goes on.
func TestPickedMaterialClipJoinsTheSceneTime(t *testing.T) {
	a, _ := openApp(t, courseArchive(t))
	a.play.setPlaying(true)
	a.Advance(0.5) // 15 frames at the fixtures' 30 fps
	a.Apply(viewmodel.TogglePlay{})
	choices := viewOf(a).Pairing.MaterialAnims
	i := slices.IndexFunc(choices, func(c viewmodel.AnimChoice) bool { return path.Base(a.ses.files[c.File].entry) == "arrow.brk" })
	a.Apply(viewmodel.SelectClip{File: choices[i].File, Clip: choices[i].Clip})
	frames := func() map[string]float64 {
		out := map[string]float64{}
		for _, s := range a.play.mat.slots {
			out[entryOf(a, s)] = s.clock.Frame
		}
		return out
	}
	// arrow.brk and bomb_1p.brk are the same 28-frame BRK: both show
	// the scene's frame, 15, then 6 frames on, 21.
	for _, step := range []struct {
		dt   float64
		want float64
	}{{0, 15}, {0.2, 21}} {
		if step.dt > 0 {
			a.Apply(viewmodel.TogglePlay{})
		}
		a.Advance(step.dt)
		got := frames()
		for _, e := range []string{"arrow.brk", "bomb_1p.brk"} {
			if f, ok := got[e]; !ok || math.Abs(f-step.want) > 1e-6 {
				t.Errorf("after %v s more: %s at frame %v (playing: %v), want %v", step.dt, e, f, got, step.want)
			}
		}
	}
}

// TestUnfitAnimationGivenWithModelSaysWhy: an animation opened with a
// model it does not fit (walk.bck, made for the 12-joint biped, with
// the 3-joint chain3.bmd, as a drop of Link's cl.bdl with a 6-joint item
// clip) is not played, and one message says so and why; before, the
// picker showed "(none)" with nothing said.
func TestUnfitAnimationGivenWithModelSaysWhy(t *testing.T) {
	a, _ := openApp(t, apptest.ModelFixtures+"chain3.bmd", apptest.ModelFixtures+"walk.bck")
	if a.play.joint != nil {
		t.Fatalf("%s plays on chain3.bmd, which it does not fit", a.play.joint.label)
	}
	var said []string
	for _, n := range viewOf(a).Notices {
		if strings.Contains(n.Text, "walk.bck") && strings.Contains(n.Text, "chain3") && strings.Contains(n.Text, "not played") {
			said = append(said, n.Text)
		}
	}
	if len(said) != 1 {
		t.Errorf("%d messages say walk.bck is not played on chain3.bmd, want 1: %+v", len(said), viewOf(a).Notices)
	}
	// Opened with its own model it plays, and no such message appears.
	b, _ := openApp(t, apptest.ModelFixtures+"biped.bmd", apptest.ModelFixtures+"walk.bck")
	for _, n := range viewOf(b).Notices {
		if strings.Contains(n.Text, "not played") {
			t.Errorf("walk.bck on biped.bmd: %q", n.Text)
		}
	}
	if b.play.joint == nil {
		t.Error("walk.bck does not play on biped.bmd")
	}
}

// TestAnimationArchiveWithoutModelPlaysAJointClip: an archive of
// animations without a model whose first entry is a material clip
// (Galaxy 2's MarioAnime.arc: PlayerFollowActor.brk, then 733 BCKs, 71
// BTPs and 19 BVAs) plays its first joint clip. The material clip was
// taken for the joint animation, so none played and, with no joint clip,
// every material clip whose name says Wait played at once (ten).
func TestAnimationArchiveWithoutModelPlaysAJointClip(t *testing.T) {
	p := writeArchive(t, filepath.Join(t.TempDir(), "anime.arc"), "anime", []archivetest.RARCFile{
		{Path: "anime/Follow.brk", Data: readFixture(t, familyFixtures+"brk_tan0.brk")},
		{Path: "anime/Run.bck", Data: readFixture(t, apptest.ModelFixtures+"walk.bck")},
		{Path: "anime/ResultWait.bva", Data: readFixture(t, familyFixtures+"bva_visible.bva")},
		{Path: "anime/Wait.bck", Data: readFixture(t, apptest.ModelFixtures+"wave.bck")},
	})
	a, _ := openApp(t, p)
	if got := entryOf(a, a.play.joint); got != "Run.bck" {
		t.Errorf("joint clip %q, want Run.bck (the first joint animation)", got)
	}
	// No material clip is named after Run: none plays.
	if got := materialEntries(a); len(got) != 0 {
		t.Errorf("material clips playing: %q, want none", got)
	}
}

// TestPickedPlayerVariantStaysTheOnlyOne: a player variant the user
// picked (bomb_2p.brk) stands for its set when the animation changes;
// choosing the clips again added the first variant (bomb_1p.brk) beside
// it, so both played (MKDD's bomb after picking _2p and another clip).
func TestPickedPlayerVariantStaysTheOnlyOne(t *testing.T) {
	p := writeArchive(t, filepath.Join(t.TempDir(), "track.arc"), "course", []archivetest.RARCFile{
		{Path: "objects/bomb.bmd", Data: readFixture(t, apptest.ModelFixtures+"biped.bmd")},
		{Path: "objects/bomb_1p.brk", Data: readFixture(t, familyFixtures+"brk_tan0.brk")},
		{Path: "objects/bomb_2p.brk", Data: readFixture(t, familyFixtures+"brk_tan1.brk")},
		{Path: "objects/bomb_run.bck", Data: readFixture(t, apptest.ModelFixtures+"wave.bck")},
		{Path: "objects/bomb_wait.bck", Data: readFixture(t, apptest.ModelFixtures+"walk.bck")},
	})
	a, _ := openApp(t, p)
	if got := materialEntries(a); !slices.Equal(got, []string{"bomb_1p.brk"}) {
		t.Fatalf("on opening: %q, want the first variant bomb_1p.brk", got)
	}
	pick := func(list []viewmodel.AnimChoice, entry string) {
		t.Helper()
		i := slices.IndexFunc(list, func(c viewmodel.AnimChoice) bool { return path.Base(a.ses.files[c.File].entry) == entry })
		if i < 0 {
			t.Fatalf("%s is not offered", entry)
		}
		a.Apply(viewmodel.SelectClip{File: list[i].File, Clip: list[i].Clip})
	}
	pick(viewOf(a).Pairing.MaterialAnims, "bomb_2p.brk")
	if got := materialEntries(a); !slices.Equal(got, []string{"bomb_2p.brk"}) {
		t.Fatalf("after picking bomb_2p.brk: %q", got)
	}
	for _, clip := range []string{"bomb_run.bck", "bomb_wait.bck"} {
		pick(viewOf(a).Pairing.Anims, clip)
		if got := materialEntries(a); !slices.Equal(got, []string{"bomb_2p.brk"}) {
			t.Errorf("after playing %s: material clips %q, want only the picked bomb_2p.brk", clip, got)
		}
	}
}

// TestUnfitAnimationPickedSettlesItsMessage: the message that an
// animation is not played on the model it does not fit leaves the toast
// once the animation plays after all (--clip names it, or the user picks
// it under Animation as the message says); Messages keeps it.
func TestUnfitAnimationPickedSettlesItsMessage(t *testing.T) {
	a, _ := openApp(t, apptest.ModelFixtures+"chain3.bmd", apptest.ModelFixtures+"walk.bck")
	a.Apply(viewmodel.SelectClipNamed{Name: "walk"})
	if a.play.joint == nil || a.play.joint.label != "walk.bck" {
		t.Fatalf("--clip walk: playing %v, want walk.bck", a.play.joint)
	}
	kept := 0
	for _, n := range viewOf(a).Notices {
		if strings.Contains(n.Text, "not played") {
			kept++
			if !n.Settled {
				t.Errorf("walk.bck plays, yet the toast still says %q", n.Text)
			}
		}
	}
	if kept != 1 {
		t.Errorf("%d messages say walk.bck is not played, want 1 kept in Messages", kept)
	}
}
