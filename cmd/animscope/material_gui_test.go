package main

import (
	"image"
	"testing"
)

const familyFixtures = "../../formats/j3d/testdata/family/"

// quadCam looks straight at the test quad drawn alone (corners (−1, 2, 0)
// to (1, 0, 0), facing +Z).
var quadCam = orbitCamera{Yaw: 0, Pitch: 0, Distance: 4, FovY: 40, Target: [3]float64{0, 1, 0}}

// quadUV is the pixel of texture coordinate (u, v) of the quad (v down).
func quadUV(u, v float64) (int, int) {
	x, y := quadCam.project([3]float64{-1 + 2*u, 2 - 2*v, 0}, 0, 0, 640, 480)
	return int(x), int(y)
}

// patch returns the maximum of each channel and the mean brightness over
// the pixels of the quad between texture coordinates (u0, v0) and (u1, v1).
func patch(img *image.RGBA, u0, v0, u1, v1 float64) (maxC [3]uint8, mean float64, white int) {
	x0, y0 := quadUV(u0, v0)
	x1, y1 := quadUV(u1, v1)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c := img.RGBAAt(x, y)
			maxC = [3]uint8{max(maxC[0], c.R), max(maxC[1], c.G), max(maxC[2], c.B)}
			mean += float64(c.R) + float64(c.G) + float64(c.B)
			if c.R > 230 && c.G > 230 && c.B > 230 {
				white++
			}
			n++
		}
	}
	return maxC, mean / float64(3*n), white
}

// TestRenderMaterialQuad renders material animations alone: the test quad
// is tinted by the BRK's first colour register, shows the BTP's texture
// number, and fades while the BVA hides its first shape.
func TestRenderMaterialQuad(t *testing.T) {
	// brk_tan0 at frame 14 (golden): mat_2/C1 r ≤ 0 (shows as 0), g and b
	// high: the checker's bright squares turn cyan, with no red.
	doc := goldenDoc(t, familyFixtures+"brk_tan0.brk.expected.json")
	fi := frameIndex(t, doc, 14)
	r, _ := doc.Targets[0].Channels.Get("r")
	g, _ := doc.Targets[0].Channels.Get("g")
	if r[fi] > 0 || g[fi] < 200 {
		t.Fatalf("test premise: mat_2/C1 at 14 is r %v g %v", r[fi], g[fi])
	}
	img := renderAt(t, 14, familyFixtures+"brk_tan0.brk", "--view", viewArg(quadCam))
	maxC, _, _ := patch(img, 0.35, 0.35, 0.65, 0.65)
	if maxC[0] > 40 || maxC[1] < 100 {
		t.Errorf("BRK quad centre: max RGB %v, want no red (tint r = 0) and bright green", maxC)
	}

	// btp_pattern at 14: texture 10 (golden), two digits drawn in white
	// in the top-left box; the BRK render above has no white there.
	doc = goldenDoc(t, familyFixtures+"btp_pattern.btp.expected.json")
	if idx, _ := doc.Targets[0].Channels.Get("texIndex"); idx[frameIndex(t, doc, 14)] != 10 {
		t.Fatalf("test premise: mat_0 texture at 14 is %v", idx[frameIndex(t, doc, 14)])
	}
	img = renderAt(t, 14, familyFixtures+"btp_pattern.btp", "--view", viewArg(quadCam))
	if _, _, white := patch(img, 0.06, 0.06, 0.3, 0.26); white < 20 {
		t.Errorf("BTP: %d white digit pixels in the number box, want some", white)
	}
	if _, _, white := patch(renderAt(t, 14, familyFixtures+"brk_tan0.brk", "--view", viewArg(quadCam)), 0.06, 0.06, 0.3, 0.26); white != 0 {
		t.Errorf("BRK: %d white pixels where a pattern number would be", white)
	}

	// bva_visible (bva_visible.json): shape 0 shows at frame 0 (byte 1)
	// and is hidden at frame 14 (byte 0): the quad fades.
	_, shown, _ := patch(renderAt(t, 0, familyFixtures+"bva_visible.bva", "--view", viewArg(quadCam)), 0.3, 0.3, 0.7, 0.7)
	_, hidden, _ := patch(renderAt(t, 14, familyFixtures+"bva_visible.bva", "--view", viewArg(quadCam)), 0.3, 0.3, 0.7, 0.7)
	if !(hidden < shown*0.6) {
		t.Errorf("BVA: mean brightness %v hidden vs %v shown, want the hidden quad faded", hidden, shown)
	}
}
