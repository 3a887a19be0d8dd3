package app

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// openApp opens paths in a fresh app (as a command line or a drop does).
func openApp(t *testing.T, paths ...string) (*App, *bytes.Buffer) {
	t.Helper()
	var log bytes.Buffer
	a := New(&log)
	a.Apply(viewmodel.OpenFiles{Paths: paths})
	return a, &log
}

// readFixture is the bytes of the test file at p.
func readFixture(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	apptest.Must(t, err)
	return b
}

// writeArchive writes a RARC (root folder root) holding files to path
// and returns path.
func writeArchive(t testing.TB, path, root string, files []archivetest.RARCFile) string {
	t.Helper()
	arc, err := archivetest.WriteRARC(root, files)
	apptest.Must(t, err)
	apptest.Must(t, os.WriteFile(path, arc, 0o644))
	return path
}

func viewOf(a *App) *viewmodel.View {
	var v viewmodel.View
	a.Evaluate()
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	return &v
}

func noticeWith(a *App, sev viewmodel.Severity, parts ...string) bool {
	for _, n := range a.msgs.notices {
		ok := n.Severity == sev
		for _, p := range parts {
			ok = ok && strings.Contains(n.Text, p)
		}
		if ok {
			return true
		}
	}
	return false
}

func copyFile(t *testing.T, from, to string) string {
	t.Helper()
	b, err := os.ReadFile(from)
	apptest.Must(t, err)
	apptest.Must(t, os.MkdirAll(filepath.Dir(to), 0o755))
	apptest.Must(t, os.WriteFile(to, b, 0o644))
	return to
}

// TestAppArchiveTreeAndPairing opens a Yaz0 RARC: the archive is listed
// with its entries (the Files tree), its model and animations open, and
// the model's animations are offered in rank order.
func TestAppArchiveTreeAndPairing(t *testing.T) {
	arc := apptest.ArchiveFixtures + "biped.szs"
	a, _ := openApp(t, arc)
	v := viewOf(a)
	if len(v.Files) != 5 || len(v.Files[0].Entries) != 4 || v.Files[0].Archive != "" {
		t.Fatalf("files %d, archive entries %d: want the archive and its 4 entries", len(v.Files), len(v.Files[0].Entries))
	}
	wantEntries := []string{"biped/bck/walk.bck", "biped/bck/wave.bck", "biped/bmdl/biped.bmd", "biped/btk/btk_basic.btk"}
	for i, e := range v.Files[0].Entries {
		if e.Path != wantEntries[i] {
			t.Errorf("entry %d = %q, want %q", i, e.Path, wantEntries[i])
		}
	}
	for _, f := range v.Files[1:] {
		if f.Archive != arc || !slices.Contains(wantEntries, f.Entry) {
			t.Errorf("opened entry %q: archive %q entry %q; the tree needs both", f.Name, f.Archive, f.Entry)
		}
	}
	if a.rig.skel == nil || !strings.HasSuffix(a.rig.skelLabel, "biped/bmdl/biped.bmd") {
		t.Fatalf("model %q, want the archive's biped.bmd", a.rig.skelLabel)
	}
	if a.play.joint == nil || !strings.HasSuffix(a.play.joint.label, "walk.bck") || a.play.tex != nil {
		t.Fatalf("joint clip %v, tex %v: want walk.bck (first ranked) and no texture clip (btk_basic is named after neither)", a.play.joint, a.play.tex)
	}
	p := v.Pairing
	if len(p.Models) != 1 || p.Model != 0 || p.Models[0].Joints != 12 {
		t.Fatalf("models %+v (in use %d)", p.Models, p.Model)
	}
	if len(p.Anims) != 2 || p.Anim != 0 {
		t.Fatalf("animations %+v (playing %d)", p.Anims, p.Anim)
	}
	for i, want := range []string{"walk.bck", "wave.bck"} {
		if c := p.Anims[i]; !strings.HasSuffix(c.Label, want) || c.Reason != "same archive" || len(c.Warnings) != 0 {
			t.Errorf("suggestion %d = %+v, want %s (same archive)", i, c, want)
		}
	}
	if len(p.TexAnims) != 1 || p.TexAnim != -1 {
		t.Errorf("texture animations %+v (playing %d)", p.TexAnims, p.TexAnim)
	}
	// The user picks the other animation.
	a.Apply(viewmodel.SelectClip{File: p.Anims[1].File, Clip: p.Anims[1].Clip})
	if v := viewOf(a); !strings.HasSuffix(a.play.joint.label, "wave.bck") || v.Pairing.Anim != 1 {
		t.Errorf("after picking wave.bck: playing %q, pairing index %d", a.play.joint.label, v.Pairing.Anim)
	}
}

// TestAppPairingRanking: same directory beats matching joint count,
// whatever the order of the files; a model given alone switches to its own
// suggestions; a joint-count mismatch is a message naming both counts.
func TestAppPairingRanking(t *testing.T) {
	d := t.TempDir()
	bmd := copyFile(t, apptest.ModelFixtures+"biped.bmd", filepath.Join(d, "a", "biped.bmd"))
	walk := copyFile(t, apptest.ModelFixtures+"walk.bck", filepath.Join(d, "a", "walk.bck"))
	wave := copyFile(t, apptest.ModelFixtures+"wave.bck", filepath.Join(d, "b", "wave.bck"))
	pulse := copyFile(t, apptest.ModelFixtures+"pulse.bck", filepath.Join(d, "b", "pulse.bck"))
	chain := copyFile(t, apptest.ModelFixtures+"chain3.bmd", filepath.Join(d, "b", "chain3.bmd"))

	a, _ := openApp(t, wave, pulse, walk, bmd)
	if a.rig.skel == nil || a.rig.skelLabel != "biped.bmd" || a.play.joint == nil || a.play.joint.label != "walk.bck" {
		t.Fatalf("model %q playing %v: want walk.bck (same directory) on biped.bmd", a.rig.skelLabel, a.play.joint)
	}
	p := viewOf(a).Pairing
	want := []struct{ label, reason string }{{"walk.bck", "same directory"}, {"wave.bck", "matching joint count"}, {"pulse.bck", ""}}
	if len(p.Anims) != len(want) {
		t.Fatalf("animations %+v", p.Anims)
	}
	for i, w := range want {
		if p.Anims[i].Label != w.label || p.Anims[i].Reason != w.reason {
			t.Errorf("animation %d = %q (%q), want %q (%q)", i, p.Anims[i].Label, p.Anims[i].Reason, w.label, w.reason)
		}
	}
	if w := p.Anims[2].Warnings; len(w) != 1 || !strings.Contains(w[0], "7 joints") || !strings.Contains(w[0], "has 12") {
		t.Errorf("pulse.bck on biped.bmd: warnings %q, want the mismatch with both counts", w)
	}

	// A model opened on its own: none of its suggestions (same
	// directory: pulse.bck, wave.bck, 7 joints) fits its 3 joints, and
	// walk.bck is not bound to it either: it shows its bind pose.
	a.Apply(viewmodel.OpenFiles{Paths: []string{chain}})
	if a.rig.skelLabel != "chain3.bmd" || a.play.joint != nil || len(a.rig.markers) != 3 {
		t.Fatalf("after opening chain3.bmd: model %q playing %v, %d joints; want its 3-joint bind pose", a.rig.skelLabel, a.play.joint, len(a.rig.markers))
	}
	if noticeWith(a, viewmodel.Warning, "on chain3.bmd") {
		t.Errorf("a binding message without a binding: %+v", a.msgs.notices)
	}
	// Picked by the user, pulse.bck plays on it anyway, with one message
	// naming both counts.
	pi := slices.IndexFunc(viewOf(a).Pairing.Anims, func(c viewmodel.AnimChoice) bool { return c.Label == "pulse.bck" })
	if pi < 0 {
		t.Fatalf("pulse.bck not offered: %+v", viewOf(a).Pairing.Anims)
	}
	pc := viewOf(a).Pairing.Anims[pi]
	a.Apply(viewmodel.SelectClip{File: pc.File, Clip: pc.Clip})
	if a.play.joint == nil || a.play.joint.label != "pulse.bck" {
		t.Fatalf("picked pulse.bck: playing %v", a.play.joint)
	}
	if !noticeWith(a, viewmodel.Warning, "pulse.bck on chain3.bmd", "animation has 7 joints, skeleton has 3") {
		t.Errorf("no mismatch message naming both counts: %+v", a.msgs.notices)
	}
	var v viewmodel.View
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if !slices.ContainsFunc(v.Notices, func(n viewmodel.Notice) bool { return strings.Contains(n.Text, "skeleton has 3") }) {
		t.Error("the mismatch is not in the view's messages")
	}

	// Picking biped.bmd again: pulse.bck is not suggested for it, walk.bck is.
	bi := slices.IndexFunc(v.Pairing.Models, func(m viewmodel.ModelChoice) bool { return m.Label == "biped.bmd" })
	if bi < 0 {
		t.Fatalf("models %+v", v.Pairing.Models)
	}
	a.Apply(viewmodel.SelectModel{File: v.Pairing.Models[bi].File, Skel: v.Pairing.Models[bi].Skel})
	if a.rig.skelLabel != "biped.bmd" || a.play.joint.label != "walk.bck" {
		t.Errorf("back on biped.bmd: playing %q, want walk.bck", a.play.joint.label)
	}
	// The stale mismatch went with pulse.bck's binding.
	if noticeWith(a, viewmodel.Warning, "skeleton has 3") {
		t.Errorf("pulse.bck's warning outlived its binding: %+v", a.msgs.notices)
	}
	// No model: the clip's joints on their own.
	a.Apply(viewmodel.SelectModel{File: -1, Skel: -1})
	if a.rig.skel != nil || a.rig.drawnSkeleton() == nil || len(a.rig.markers) != 12 {
		t.Errorf("no model: skel %v, %d markers; want the 12 free joints of walk.bck", a.rig.skel, len(a.rig.markers))
	}
}

// TestAppBMDJointNamesAndWorld: joints carry their JNT1 names and the
// selected joint's world transform at the playhead is the golden one.
func TestAppBMDJointNamesAndWorld(t *testing.T) {
	a, _ := openApp(t, apptest.ArchiveFixtures+"biped.szs:biped/bmdl/biped.bmd", apptest.ArchiveFixtures+"biped.szs:biped/bck/walk.bck")
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.Seek{Frame: 7.5})
	names := []string{"center", "hips", "spine", "head", "arm_L", "hand_L", "arm_R", "hand_R", "leg_L", "foot_L", "leg_R", "foot_R"}
	v := viewOf(a)
	if len(v.Markers) != len(names) {
		t.Fatalf("%d joints", len(v.Markers))
	}
	for i, n := range names {
		if v.Markers[i].Name != n {
			t.Errorf("joint %d named %q, want %q (JNT1)", i, v.Markers[i].Name, n)
		}
	}
	doc := apptest.GoldenDoc(t, apptest.ModelFixtures+"walk.bck.expected.json")
	fi := apptest.FrameIndex(t, doc, 7.5)
	var gold [][3]float64
	for _, tg := range doc.Targets {
		gold = append(gold, tg.World[fi])
	}
	for _, j := range []int{3, 9} {
		a.Apply(viewmodel.SelectJoint{Joint: j})
		v := viewOf(a)
		if !v.HasSelectedWorld || v.Selection.Target != j {
			t.Fatalf("joint %d: no world matrix or target %d", j, v.Selection.Target)
		}
		_, _, tr := anim.DecomposeSRT(v.SelectedWorld)
		for k := 0; k < 3; k++ {
			if math.Abs(tr[k]-gold[j][k]) > 1e-3*math.Max(1, math.Abs(gold[j][k])) {
				t.Errorf("%s world translation %v, want %v", names[j], tr, gold[j])
				break
			}
		}
	}
}

func near3(a mgl32.Vec3, b [3]float64, tol float64) bool {
	for k := 0; k < 3; k++ {
		if math.Abs(float64(a[k])-b[k]) > tol*math.Max(1, math.Abs(b[k])) {
			return false
		}
	}
	return true
}
