package export

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app/apptest"
)

var updatePicture = flag.Bool("update-picture", false, "rewrite docs/export-walk.png")

// TestExportPicture draws the README's picture (with -update-picture):
// the biped walk exported to glTF and played by the test player at
// fractional frames, side view (z across, y up): the player's bones as
// lines, `sample --model`'s joint positions as rings on top.
func TestExportPicture(t *testing.T) {
	if !*updatePicture {
		t.Skip("writes docs/export-walk.png with -update-picture")
	}
	dir := apptest.ModelFixtures
	skel := open(t, dir+"biped.bmd").Skeletons[0]
	clip := open(t, dir+"walk.bck").Clips[0]
	d, _ := exportFile(t, "picture.glb", Scene{Skeleton: skel, Clips: []Clip{{Clip: clip, Source: "walk.bck"}}})
	nodes := d.jointNodes(t)
	bind := formats.Bind(clip, skel)
	const w, h, scale = 1080, 330, 1.6
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0x22
		if i%4 == 3 {
			img.Pix[i] = 0xff
		}
	}
	at := func(p [3]float64, dx float64) (int, int) {
		return int(90 + dx + p[2]*scale), int(float64(h) - 30 - p[1]*scale*0.9)
	}
	world := make([]mgl64.Mat4, len(skel.Joints))
	pose := anim.NewPose(clip)
	frames := []float64{0.37, 5.13, 9.61, 14.89, 19.37, 24.61, 29.13}
	for i, f := range frames {
		dx := float64(i) * 100
		col := color.RGBA{uint8(120 + 20*i), uint8(200 - 15*i), 255, 255}
		got := d.world(d.pose(t, 0, f/clip.FPS))
		for j, jt := range skel.Joints {
			if jt.Parent < 0 {
				continue
			}
			a, b := got[nodes[j]], got[nodes[jt.Parent]]
			x0, y0 := at([3]float64{a[12], a[13], a[14]}, dx)
			x1, y1 := at([3]float64{b[12], b[13], b[14]}, dx)
			line(img, x0, y0, x1, y1, col)
		}
		anim.Evaluate(clip, f, pose)
		skel.World(pose, &bind, world)
		for _, m := range world {
			x, y := at([3]float64{m[12], m[13], m[14]}, dx)
			ring(img, x, y, 4, color.RGBA{255, 170, 40, 255})
		}
	}
	out, err := os.Create("../../docs/export-walk.png")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := png.Encode(out, img); err != nil {
		t.Fatal(err)
	}
}

func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	n := max(abs(x1-x0), abs(y1-y0), 1)
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*i/n
		y := y0 + (y1-y0)*i/n
		for dx := 0; dx < 2; dx++ {
			img.SetRGBA(x+dx, y, c)
		}
	}
}

func ring(img *image.RGBA, x, y, r int, c color.RGBA) {
	for a := 0; a < 64; a++ {
		s, co := math.Sincos(float64(a) * 2 * math.Pi / 64)
		img.SetRGBA(x+int(math.Round(float64(r)*co)), y+int(math.Round(float64(r)*s)), c)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
