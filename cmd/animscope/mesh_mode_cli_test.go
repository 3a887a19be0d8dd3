package main

import (
	"image"
	"testing"
)

// synthModel is the shared fixtures' J3D mesh model (three joints: root,
// arm, hand; an untextured, white-lit two-shape mesh).
const synthModel = "../../formats/j3d/testdata/j3dmesh/synth.bmd"

// modeCounts counts the pixels that only one thing in the picture has:
// the selected joint's cyan marker (colSelected, drawn with the bones),
// the lit untextured mesh's near-white, and the wireframe's light blue
// edges over it.
type modeCounts struct{ selected, white, wire int }

func countModePixels(img *image.RGBA) modeCounts {
	var c modeCounts
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := img.RGBAAt(x, y)
			switch {
			case p.R < 110 && p.G > 200 && p.B > 230:
				c.selected++
			case p.R > 235 && p.G > 235 && p.B > 235:
				c.white++
			case p.R > 130 && p.R < 210 && p.G > 200 && p.B > 240:
				c.wire++
			}
		}
	}
	return c
}

// TestRenderMeshMode: render --mesh-mode draws what View › Models does:
// the bones (here the selected joint's marker) in every mode but "mesh",
// the mesh in every mode but "bones", its edges in "wireframe", and in
// "xray" the mesh see-through with the bones over it.
func TestRenderMeshMode(t *testing.T) {
	counts := map[string]modeCounts{}
	for _, m := range []string{"", "mesh-and-bones", "mesh", "bones", "wireframe", "xray"} {
		args := []string{synthModel, "--select", "hand"}
		if m != "" {
			args = append(args, "--mesh-mode", m)
		}
		counts[m] = countModePixels(renderAt(t, 0, args...))
		t.Logf("%-15q %+v", m, counts[m])
	}
	if counts[""] != counts["mesh-and-bones"] {
		t.Errorf("without --mesh-mode %+v, with mesh-and-bones %+v: want the viewer's default", counts[""], counts["mesh-and-bones"])
	}
	const mesh = 2000 // the opaque mesh covers about 8,700 pixels of 640x480
	for m, want := range map[string]struct{ bones, mesh bool }{
		"mesh-and-bones": {true, true}, "mesh": {false, true}, "bones": {true, false}, "wireframe": {true, true}, "xray": {true, false},
	} {
		c := counts[m]
		if (c.selected > 0) != want.bones {
			t.Errorf("%s: %d pixels of the selected joint's marker, want bones %v", m, c.selected, want.bones)
		}
		if (c.white > mesh) != want.mesh {
			t.Errorf("%s: %d near-white mesh pixels, want the opaque mesh %v", m, c.white, want.mesh)
		}
	}
	if w, m := counts["wireframe"], counts["mesh"]; w.wire < 100 || w.wire < 10*max(m.wire, 1) {
		t.Errorf("wireframe: %d edge pixels (mesh alone: %d), want the triangles' edges drawn", w.wire, m.wire)
	}
	if x, m := counts["xray"], counts["mesh"]; x.white*4 > m.white {
		t.Errorf("xray: %d near-white pixels against %d opaque, want the mesh see-through", x.white, m.white)
	}
	out := t.TempDir() + "/x.png"
	code, _, stderr := runCLI("render", synthModel, "--frame", "0", "--out", out, "--mesh-mode", "solid")
	if code != 2 || stderr == "" {
		t.Errorf("--mesh-mode solid: exit %d, stderr %q; want a usage error", code, stderr)
	}
}
