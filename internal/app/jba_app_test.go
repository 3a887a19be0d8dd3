package app

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestAppJBAInferredSkeleton: a JBA plays at its fps on the Biped
// hierarchy its bone names imply; joints are where the golden's values
// put them; root motion moves the character when applied.
func TestAppJBAInferredSkeleton(t *testing.T) {
	a, _ := openApp(t, filepath.Join(apptest.JBATestdata, "walk_30fps.jba"))
	if a.rig.skel == nil || len(a.rig.skel.Joints) != 5 || a.play.joint == nil || a.play.joint.clip.FPS != 30 {
		t.Fatalf("skeleton %v, clip %v: want the inferred 5-bone Biped skeleton", a.rig.skel, a.play.joint)
	}
	for j, b := range apptest.WalkBones {
		if a.rig.skel.Joints[j].Name != b.Name || a.rig.skel.Joints[j].Parent != b.Parent {
			t.Errorf("joint %d = %q parent %d, want %q parent %d", j, a.rig.skel.Joints[j].Name, a.rig.skel.Joints[j].Parent, b.Name, b.Parent)
		}
	}
	a.Advance(0.5)
	if math.Abs(a.play.joint.clock.Frame-15) > 1e-9 {
		t.Fatalf("0.5 s at the file's 30 fps: frame %v, want 15", a.play.joint.clock.Frame)
	}
	doc := apptest.GoldenDoc(t, filepath.Join(apptest.JBATestdata, "walk_30fps.expected.json"))
	a.Apply(viewmodel.Pause{})
	for _, f := range []float64{15, 45} {
		a.Apply(viewmodel.Seek{Frame: f})
		v := viewOf(a)
		want := apptest.GoldenWorldOf(doc, apptest.WalkBones, apptest.FrameIndex(t, doc, f))
		for j := range want {
			if !near3(v.Markers[j].Pos, apptest.ZUpDisplay(want[j]), 1e-4) {
				t.Errorf("frame %v %s at %v, want %v", f, apptest.WalkBones[j].Name, v.Markers[j].Pos, apptest.ZUpDisplay(want[j]))
			}
		}
	}
	// Root motion: offered, off by default (locked in place); applied, the
	// whole character moves by the world-space track (x 0.04 per frame in
	// this fixture, no rotation).
	v := viewOf(a)
	if v.Pairing.Anims[v.Pairing.Anim].Label != "walk_30fps.jba" || v.Pairing.Anims[v.Pairing.Anim].Reason != pairing.SameFile {
		t.Errorf("playing %+v, want walk_30fps.jba (same file)", v.Pairing.Anims[v.Pairing.Anim])
	}
	if !v.Pairing.HasRootMotion || v.Pairing.ApplyRootMotion {
		t.Fatalf("root motion offered %v applied %v", v.Pairing.HasRootMotion, v.Pairing.ApplyRootMotion)
	}
	locked := slices.Clone(v.Markers)
	a.Apply(viewmodel.SetRootMotion{Apply: true})
	v = viewOf(a)
	if !v.Pairing.ApplyRootMotion {
		t.Fatal("SetRootMotion did not apply")
	}
	// The track as decoded (the fixture states x = 1.8 at frame 45; the
	// file stores it quantized).
	var rm anim.TargetPose
	anim.EvaluateTarget(a.play.joint.clip.RootMotion, 45, &rm)
	if math.Abs(rm.V[anim.TransX]-1.8) > 1e-3 || rm.V[anim.QuatW] < 0.9999 {
		t.Fatalf("root motion at 45: %v", rm.V)
	}
	for j := range locked {
		d := v.Markers[j].Pos.Sub(locked[j].Pos)
		if math.Abs(float64(d[0])-rm.V[anim.TransX]) > 1e-5 || math.Abs(float64(d[1])) > 1e-5 || math.Abs(float64(d[2])) > 1e-5 {
			t.Errorf("%s moved by %v with root motion at frame 45, want (%v, 0, 0)", apptest.WalkBones[j].Name, d, rm.V[anim.TransX])
		}
	}
	a.Apply(viewmodel.SetRootMotion{Apply: false})
	if v := viewOf(a); v.Markers[0].Pos != locked[0].Pos {
		t.Error("locking again did not put the character back")
	}
}

// TestAppJBASidecar: a skeleton sidecar given with the JBA, or dropped
// later, is the hierarchy used (bones the clip lacks stay at rest).
func TestAppJBASidecar(t *testing.T) {
	jbaPath, side := filepath.Join(apptest.JBATestdata, "walk_30fps.jba"), filepath.Join(apptest.JBATestdata, "walk.skeleton.json")
	for _, paths := range [][]string{{jbaPath, side}, {side, jbaPath}} {
		a, _ := openApp(t, paths...)
		if a.rig.skel == nil || a.rig.skelLabel != "walk.skeleton.json" || len(a.rig.skel.Joints) != 7 {
			t.Fatalf("open %q: model %q, want the sidecar's 7 bones", paths, a.rig.skelLabel)
		}
	}
	a, _ := openApp(t, jbaPath)
	a.Apply(viewmodel.OpenFiles{Paths: []string{side}})
	if a.rig.skelLabel != "walk.skeleton.json" || a.play.joint == nil || a.play.joint.clip.Name != "walk_30fps" {
		t.Fatalf("dropping the sidecar: model %q playing %v", a.rig.skelLabel, a.play.joint)
	}
	v := viewOf(a)
	foot := slices.IndexFunc(v.Markers, func(m viewmodel.Marker) bool { return m.Name == "Bip01 L Foot" })
	calf := slices.IndexFunc(v.Markers, func(m viewmodel.Marker) bool { return m.Name == "Bip01 L Calf" })
	if foot < 0 || calf < 0 || v.Markers[foot].Target != -1 {
		t.Fatalf("markers %+v: want the sidecar's foot, at rest", v.Markers)
	}
	// The foot hangs 0.42 from the calf along the calf's x axis.
	if d := v.Markers[foot].Pos.Sub(v.Markers[calf].Pos).Len(); math.Abs(float64(d)-0.42) > 1e-5 {
		t.Errorf("foot %.4f from the calf, want 0.42 (the sidecar's rest translation)", d)
	}
}

// TestAppJBANoHierarchyAndJAWB: bone names that are not Biped's give no
// skeleton: each bone is drawn at its own transform with its axes, and
// the message says so; a 64-bit-client file is an error message.
func TestAppJBANoHierarchyAndJAWB(t *testing.T) {
	a, _ := openApp(t, filepath.Join(apptest.JBATestdata, "negative_w.jba"))
	if a.rig.skel != nil || a.play.joint == nil {
		t.Fatalf("skeleton %v: want none", a.rig.skel)
	}
	if !noticeWith(a, viewmodel.Warning, "no bone hierarchy known", "skeleton sidecar") {
		t.Errorf("no notice about the missing hierarchy: %+v", a.msgs.notices)
	}
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.Seek{Frame: 5})
	v := viewOf(a)
	pose := anim.NewPose(a.play.joint.clip)
	anim.Evaluate(a.play.joint.clip, 5, pose)
	for j, m := range v.Markers {
		tv := pose.Targets[j].V
		own := apptest.ZUpDisplay([3]float64{tv[anim.TransX], tv[anim.TransY], tv[anim.TransZ]})
		if !near3(m.Pos, own, 1e-6) {
			t.Errorf("bone %q at %v, want its own translation %v", m.Name, m.Pos, own)
		}
	}
	var s viewmodel.Scene
	a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Bones) != 3*len(v.Markers) || len(s.Points) != len(v.Markers) {
		t.Errorf("scene: %d lines, %d points; want an axis triad (3 lines) and a point per bone", len(s.Bones), len(s.Points))
	}

	d := t.TempDir()
	jawb := filepath.Join(d, "new_client.jba")
	apptest.Must(t, os.WriteFile(jawb, append([]byte("JAWB"), make([]byte, 60)...), 0o644))
	a.Apply(viewmodel.OpenFiles{Paths: []string{jawb}})
	if !noticeWith(a, viewmodel.Error, "new_client.jba", "7.2.1", "not supported") {
		t.Errorf("no error message for the JAWB file: %+v", a.msgs.notices)
	}
	if a.play.joint == nil || a.play.joint.clip.Name != "negative_w" {
		t.Error("the failed file changed what was open")
	}
}

// scaledSkeleton is a small Z-up leg rig in units of scale, posed at rest
// by a clip of constants (a JBA in its own units).
func scaledApp(scale float64) *App {
	base := anim.DefaultBase()
	tgt := func(name string, x, y, z float64) anim.Target {
		b := base
		b[anim.TransX], b[anim.TransY], b[anim.TransZ] = x*scale, y*scale, z*scale
		return anim.Target{Name: name, Kind: anim.JointTarget, TexGen: -1, Base: b}
	}
	c := &anim.Clip{Name: "legs", Format: "jba", Duration: 10, FPS: 30, Loop: anim.Loop, Targets: []anim.Target{
		tgt("Bip01", 0, 0, 1), tgt("Bip01 L Thigh", 0, 0.09, -0.05), tgt("Bip01 L Calf", 0.2, 0, -0.4), tgt("Bip01 R Thigh", 0, -0.09, -0.05), tgt("Bip01 R Calf", 0.1, 0, -0.45)}}
	sk := &anim.Skeleton{Name: "legs", Mode: anim.Standard}
	for _, b := range apptest.WalkBones {
		sk.Joints = append(sk.Joints, anim.Joint{Name: b.Name, Parent: b.Parent, Rest: base})
	}
	if err := sk.Finish(); err != nil {
		panic(err)
	}
	a := New(nil)
	a.Add([]*File{{path: "legs.jba", name: "legs.jba", asset: &formats.Asset{Format: "jba", Clips: []*anim.Clip{c}, Skeletons: []*anim.Skeleton{sk}}}})
	return a
}

// TestFrameJBAUnits: F frames the skeleton the same way whatever the
// file's units (JBA positions are in the file's own space: a character
// may be 2 or 2000 units tall), and after orbit, pan and zoom.
func TestFrameJBAUnits(t *testing.T) {
	const w, h = 800, 600
	project := func(a *App) [][2]float32 {
		var out [][2]float32
		for _, m := range a.rig.markers {
			x, y, ok := a.frame.camera.Project(m.Pos, w, h)
			if !ok {
				t.Fatalf("joint %q behind the camera", m.Name)
			}
			out = append(out, [2]float32{x, y})
		}
		return out
	}
	var ref [][2]float32
	for _, scale := range []float64{1, 1000, 0.001} {
		a := scaledApp(scale)
		a.Apply(viewmodel.CameraOrbit{DX: 40, DY: -15})
		a.Apply(viewmodel.CameraPan{DX: 300, DY: 100, ViewH: h})
		a.Apply(viewmodel.CameraZoom{Steps: -6})
		a.Apply(viewmodel.CameraFrame{})
		pts := project(a)
		lo, hi := [2]float32{w, h}, [2]float32{}
		for _, p := range pts {
			for k := 0; k < 2; k++ {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		if lo[0] < 0 || lo[1] < 0 || hi[0] > w || hi[1] > h {
			t.Errorf("scale %v: joints span %v..%v, outside the %dx%d view", scale, lo, hi, w, h)
		}
		if hi[1]-lo[1] < h/3 {
			t.Errorf("scale %v: the skeleton is %v px tall in a %d px view; F should fill it", scale, hi[1]-lo[1], h)
		}
		if ref == nil {
			ref = pts
			continue
		}
		for i := range pts {
			if math.Hypot(float64(pts[i][0]-ref[i][0]), float64(pts[i][1]-ref[i][1])) > 0.5 {
				t.Errorf("scale %v: joint %d framed at %v, at scale 1 at %v; framing must not depend on units", scale, i, pts[i], ref[i])
			}
		}
	}
}

// TestAppSARCPackWithBFRES opens a Yaz0 SARC holding a BFRES model, a
// Yaz0-compressed FSKA file and texture SRT animations: the pack is a
// tree, the model file's FSKL plays the FSKA (same archive), and the
// texture animations are offered.
func TestAppSARCPackWithBFRES(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(apptest.BFRESFixtures + name)
		apptest.Must(t, err)
		return b
	}
	pack := filepath.Join(t.TempDir(), "Fox.pack")
	apptest.Must(t, os.WriteFile(pack, archivetest.Yaz0Stored(archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Model/Fox.bfres", Data: read("skel_model.bfres")},
		{Path: "Anim/Fox_Animation.sbfres", Data: archivetest.Yaz0Stored(read("skel_anim.bfres"))},
		{Path: "Anim/Water.bfres", Data: read("texsrt.bfres")},
		{Path: "Actor/readme.txt", Data: []byte("not an animation")},
	}, true, 4)), 0o644))
	a, _ := openApp(t, pack)
	v := viewOf(a)
	if len(v.Files) != 4 || len(v.Files[0].Entries) != 4 || v.Files[0].Kind != "SARC" {
		t.Fatalf("files %d (archive entries %d): want the pack and its 3 BFRES files", len(v.Files), len(v.Files[0].Entries))
	}
	// The UI gets display names and openability, never format ids.
	for _, e := range v.Files[0].Entries {
		bfres := strings.HasSuffix(e.Path, "bfres")
		if bfres && (e.Kind != "BFRES" || !e.Openable) || !bfres && (e.Kind != "" || e.Openable) {
			t.Errorf("entry %+v: want BFRES entries openable and named BFRES, the readme unknown and not openable", e)
		}
	}
	if a.rig.skel == nil || a.rig.skel.Name != "Fox" || a.play.joint == nil || a.play.joint.clip.Name != "Trot" {
		t.Fatalf("model %v playing %v: want Trot on Model/Fox.bfres", a.rig.skel, a.play.joint)
	}
	p := v.Pairing
	if p.Anims[p.Anim].Reason != "named after the model" {
		t.Errorf("Trot (in Fox_Animation.sbfres) suggested as %q, want named after the model (Fox.bfres)", p.Anims[p.Anim].Reason)
	}
	// Named after no skeletal clip: offered, not played (the games start
	// a texture clip with the skeletal clip of its name).
	if len(p.TexAnims) != 2 || a.play.tex != nil {
		t.Errorf("texture animations %+v playing %v: want ScrollWater and Blink offered, none playing", p.TexAnims, a.play.tex)
	}
}

// TestOpenDialogListsArchive: the Open dialog's + on an archive lists its
// entries with their sniffed kinds, and an entry picked there opens as
// ARCHIVE:ENTRY with its model pairing.
func TestOpenDialogListsArchive(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(apptest.ArchiveFixtures + "biped.szs")
	if err != nil {
		t.Fatal(err)
	}
	szs := filepath.Join(dir, "biped.szs")
	if err := os.WriteFile(szs, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.szs"), []byte("not an archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := New(nil)
	a.Apply(viewmodel.Browse{Dir: dir})
	var found bool
	for _, e := range a.browser.Entries {
		if e.Name == "biped.szs" {
			found = e.Archive && e.Known
		}
	}
	if !found {
		t.Fatalf("biped.szs not offered as an archive: %+v", a.browser.Entries)
	}
	a.Apply(viewmodel.BrowseArchive{Path: szs})
	kinds := map[string]string{}
	for _, e := range a.browser.ArchiveEntries {
		kinds[e.Path] = e.Kind
	}
	want := map[string]string{"biped/bck/walk.bck": "J3D BCK", "biped/bck/wave.bck": "J3D BCK", "biped/bmdl/biped.bmd": "J3D BMD", "biped/btk/btk_basic.btk": "J3D BTK"}
	if len(kinds) != len(want) || a.browser.ArchiveErr != "" {
		t.Fatalf("listing %v (err %q), want %v", kinds, a.browser.ArchiveErr, want)
	}
	for p, k := range want {
		if kinds[p] != k {
			t.Errorf("%s: kind %q, want %q", p, kinds[p], k)
		}
	}
	a.Apply(viewmodel.BrowseArchive{Path: filepath.Join(dir, "notes.szs")})
	if a.browser.ArchiveErr == "" || len(a.browser.ArchiveEntries) != 0 {
		t.Errorf("a non-archive .szs listed %v with no error", a.browser.ArchiveEntries)
	}
	a.Apply(viewmodel.BrowseArchive{})
	if a.browser.Archive != "" || a.browser.ArchiveErr != "" {
		t.Errorf("folding left %q / %q", a.browser.Archive, a.browser.ArchiveErr)
	}
	a.Apply(viewmodel.OpenFiles{Paths: []string{szs + ":biped/bmdl/biped.bmd", szs + ":biped/bck/wave.bck"}})
	if a.rig.skel == nil || len(a.rig.skel.Joints) != 12 || a.play.joint == nil || a.play.joint.clip.Duration != 40 {
		t.Fatalf("opening two entries: skeleton %v, clip %v", a.rig.skel != nil, a.play.joint != nil)
	}
}
