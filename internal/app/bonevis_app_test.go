package app

import (
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestAppBoneVisibility: a Switch FBVS plays on the skeleton in its file;
// bones stay at their rest positions and the hidden ones lose their bone
// line and joint point, frame by frame as the golden's visible channels say.
func TestAppBoneVisibility(t *testing.T) {
	a, _ := openApp(t, apptest.BFRESFixtures+"switch/nx05_v8_bonevis.bfres")
	if a.rig.skel == nil || a.rig.skel.Name != "Robot" || a.play.joint == nil || a.play.joint.clip.Name != "Flicker" {
		t.Fatalf("model %v playing %v: want Flicker on Robot", a.rig.skel, a.play.joint)
	}
	doc := apptest.GoldenDoc(t, apptest.BFRESFixtures+"switch/nx05_v8_bonevis.bfres.Flicker.expected.json")
	// Rest positions: every bone on the Y axis, 0.2 apart, under Body.
	rest := map[string]float32{"Body": 0, "Antenna": 0.2, "LightOn": 0.4, "LightOff": 0.6, "Shield": 0.8, "Spark": 1.0}
	a.Apply(viewmodel.Pause{})
	for _, f := range []float64{0, 9, 20.5} {
		a.Apply(viewmodel.Seek{Frame: f})
		v := viewOf(a)
		fi := apptest.FrameIndex(t, doc, f)
		visible := map[string]bool{"Body": true}
		for _, tg := range doc.Targets {
			vals, _ := tg.Channels.Get("visible")
			visible[tg.Name] = vals[fi] != 0
		}
		shown := 0
		for _, m := range v.Markers {
			if y, ok := rest[m.Name]; !ok || m.Pos[1] < y-1e-5 || m.Pos[1] > y+1e-5 || m.Pos[0] != 0 {
				t.Errorf("frame %v: %q at %v, want its rest position (0, %v, 0)", f, m.Name, m.Pos, y)
			}
			if visible[m.Name] {
				shown++
			}
		}
		var s viewmodel.Scene
		a.BuildScene(&s, viewmodel.Viewport{W: 640, H: 480}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
		// One point per shown joint; one line per shown non-root bone (plus
		// the selected joint's axis triad, if any).
		wantLines := shown - 1
		if a.sel.Joint >= 0 {
			wantLines += 3
		}
		if len(s.Points) != shown || len(s.Bones) != wantLines {
			t.Errorf("frame %v: %d points, %d lines; want %d shown joints (%v)", f, len(s.Points), len(s.Bones), shown, visible)
		}
	}
}
