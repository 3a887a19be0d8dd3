package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/ui/plot"
)

// The tests in this file take screenshots of the analysis panels with the
// real binary (under Xvfb in make test) and check the pixels against the
// evaluator: the curve panel with a tangent-mode-1 BCK, and the loop-mode
// comparison's five viewports.

func openClip(t *testing.T, path string) *anim.Clip {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	a, err := formats.Open(path, data)
	must(t, err)
	return a.Clips[0]
}

func colorNear(c color.RGBA, r, g, b float64, tol float64) bool {
	return math.Abs(float64(c.R)-r) <= tol && math.Abs(float64(c.G)-g) <= tol && math.Abs(float64(c.B)-b) <= tol
}

// found reports a pixel within radius of (x, y) with colour (r, g, b).
func found(img *image.RGBA, x, y float64, radius int, r, g, b, tol float64) bool {
	for dy := -radius; dy <= radius; dy++ {
		for dx := -radius; dx <= radius; dx++ {
			p := image.Point{int(x) + dx, int(y) + dy}
			if p.In(img.Bounds()) && colorNear(img.RGBAAt(p.X, p.Y), r, g, b, tol) {
				return true
			}
		}
	}
	return false
}

// TestGUICurvePanel plots three channels of tangent1.bck (tangent mode 1:
// separate in and out tangents; loop mode mirrored-once) and checks the
// screenshot: each curve is drawn where the evaluator puts it inside the
// clip, dimmed where mirrored-once continues it after the end, with its
// keys and tangent handles; a curve shifted off the truth is not found.
func TestGUICurvePanel(t *testing.T) {
	cs := shootCurvePanel(t)
	cs.checkInside(t)
	cs.checkMirroredAfterEnd(t)
	cs.checkKeysAndHandles(t)
}

// curveShot is a screenshot of the curve panel with the plotted channels'
// curves, as the viewer evaluates them, and the plot's pixel mapping.
type curveShot struct {
	img       *image.RGBA
	view      plot.View
	area      [4]float64 // the plot rectangle: x, y, w, h
	curves    []chanCurve
	playheadX float64
}

type chanCurve struct {
	c     anim.Curve
	col   [3]float64
	label string
}

// curveAt is a curve's value at a frame as one part of the plot draws it.
type curveAt func(c anim.Curve, f float64) float64

func inside(c anim.Curve, f float64) float64 { return c.Eval(f) }

func shootCurvePanel(t *testing.T) *curveShot {
	t.Helper()
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "c.png"), filepath.Join(dir, "c.json")
	runBin(t, "--no-config", "--size", "1600x1000", "--frame", "12", "--tab", "curves",
		"--plot", "#0/translation.x,#0/rotation.y,#0/scale.x",
		"--screenshot", shot, "--state-json", state, "--after-frames", "6", "testdata/tangent1.bck")
	s := guiState(t, state)
	if s.Tab != "curves" || s.Curves == nil || len(s.Curves.Channels) != 3 {
		t.Fatalf("state: tab %q, curves %+v", s.Tab, s.Curves)
	}
	clip := openClip(t, "testdata/tangent1.bck")
	if clip.Loop != anim.MirroredOnce {
		t.Fatalf("tangent1.bck loop mode %v, want mirrored-once", clip.Loop)
	}
	cs := &curveShot{img: readPNG(t, shot), view: s.Curves.plotView(), area: s.Curves.Plot}
	if cs.area[2] < 600 || cs.area[3] < 150 {
		t.Fatalf("plot area %v is too small", cs.area)
	}
	// The plotted channels and the curves the viewer evaluates.
	for _, ch := range s.Curves.Channels {
		slot, ok := anim.ParseSlot(anim.JointTarget, ch.Channel)
		if !ok {
			t.Fatalf("channel %q", ch.Channel)
		}
		c, ok := clip.Targets[ch.Target].Channel(slot)
		if !ok {
			t.Fatalf("target %d has no %s", ch.Target, ch.Channel)
		}
		cs.curves = append(cs.curves, chanCurve{c.Curve, [3]float64{float64(ch.Color[0]) * 255, float64(ch.Color[1]) * 255, float64(ch.Color[2]) * 255}, ch.Label})
	}
	cs.playheadX = cs.view.X.ToPixel(12)
	return cs
}

func (cs *curveShot) inPlot(x, y float64) bool {
	pr := cs.area
	return x > pr[0]+4 && x < pr[0]+pr[2]-4 && y > pr[1]+16 && y < pr[1]+pr[3]-4
}

// clear reports that neither the playhead nor another curve passes near
// (x, y), so a match or a miss there belongs to curve i.
func (cs *curveShot) clear(i int, f, x, y float64, value curveAt) bool {
	if math.Abs(x-cs.playheadX) < 5 {
		return false
	}
	for j, o := range cs.curves {
		if j != i && math.Abs(cs.view.Y.ToPixel(value(o.c, f))-y) < 6 {
			return false
		}
	}
	return true
}

// checkInside: inside the clip every curve is drawn at full colour where
// the evaluator puts it, and the same curve 12 px higher is not there.
func (cs *curveShot) checkInside(t *testing.T) {
	for i, cc := range cs.curves {
		checked, hits, misses := 0, 0, 0
		for f := 0.25; f < 30; f += 0.25 {
			x, y := cs.view.ToPixel(f, cc.c.Eval(f))
			if !cs.inPlot(x, y) || !cs.clear(i, f, x, y, inside) {
				continue
			}
			checked++
			if found(cs.img, x, y, 2, cc.col[0], cc.col[1], cc.col[2], 40) {
				hits++
			}
			if yy := y - 12; cs.inPlot(x, yy) && cs.clear(i, f, x, yy, inside) && found(cs.img, x, yy, 2, cc.col[0], cc.col[1], cc.col[2], 40) {
				misses++
			}
		}
		if checked < 40 {
			t.Errorf("%s: only %d points could be checked", cc.label, checked)
			continue
		}
		if hits < checked*9/10 {
			t.Errorf("%s: %d of %d evaluator points are drawn", cc.label, hits, checked)
		}
		if misses > checked/10 {
			t.Errorf("%s: %d of %d points of a shifted curve also match: the check cannot tell", cc.label, misses, checked)
		}
	}
}

// checkMirroredAfterEnd: after the end, mirrored-once plays the clip
// backwards: the curve continues reflected, at half opacity over the
// shaded background.
func (cs *curveShot) checkMirroredAfterEnd(t *testing.T) {
	outBg := [3]float64{0.10 * 255, 0.095 * 255, 0.13 * 255}
	after := func(c anim.Curve, x float64) float64 { return c.Eval(anim.FrameAtTime(anim.MirroredOnce, 30, x)) }
	for i, cc := range cs.curves {
		checked, hits := 0, 0
		for x := 30.5; x < cs.view.X.Max; x += 0.25 {
			px, py := cs.view.X.ToPixel(x), cs.view.Y.ToPixel(after(cc.c, x))
			if !cs.inPlot(px, py) || !cs.clear(i, x, px, py, after) {
				continue
			}
			checked++
			r, g, b := (cc.col[0]+outBg[0])/2, (cc.col[1]+outBg[1])/2, (cc.col[2]+outBg[2])/2
			if found(cs.img, px, py, 2, r, g, b, 30) {
				hits++
			}
		}
		if checked >= 10 && hits < checked*8/10 {
			t.Errorf("%s after the end: %d of %d mirrored-once points drawn", cc.label, hits, checked)
		}
	}
}

// checkKeysAndHandles: a square in the curve's colour on every key;
// tangent handles (three channels get them) end where plot.Handles says.
func (cs *curveShot) checkKeysAndHandles(t *testing.T) {
	for i, cc := range cs.curves {
		for k := 0; k < cc.c.NumKeys(); k++ {
			key := cc.c.Key(k)
			x, y := cs.view.ToPixel(key.Frame, key.Value)
			if !cs.inPlot(x, y) || !cs.clear(i, key.Frame, x, y, inside) {
				continue
			}
			if !found(cs.img, x, y, 1, cc.col[0], cc.col[1], cc.col[2], 30) {
				t.Errorf("%s key %d (frame %v): no key marker at (%.0f, %.0f)", cc.label, k, key.Frame, x, y)
			}
			_, out, _, outOK := plot.Handles(cc.c, k)
			hx, hy := cs.view.ToPixel(out.Frame, out.Value)
			if !outOK || math.Abs(hx-x) < 12 || !cs.inPlot(hx, hy) || !cs.clear(i, out.Frame, hx, hy, func(anim.Curve, float64) float64 { return out.Value }) {
				continue
			}
			// 70% over the plot background.
			bg := [3]float64{0.075 * 255, 0.08 * 255, 0.09 * 255}
			r, g, b := 0.7*cc.col[0]+0.3*bg[0], 0.7*cc.col[1]+0.3*bg[1], 0.7*cc.col[2]+0.3*bg[2]
			if !found(cs.img, hx, hy, 1, r, g, b, 30) {
				t.Errorf("%s key %d: no tangent handle end at (%.0f, %.0f) (frame %v, value %v)", cc.label, k, hx, hy, out.Frame, out.Value)
			}
		}
	}
}

// TestGUICompareViewports opens the loop-mode comparison of walk.bck on
// biped.bmd held at several playback times. Before the clip's end the
// five viewports match; after it they differ, and each shows the frame
// anim.FrameAtTime gives its mode (the picture equals the one every mode
// shows at that frame before the end).
func TestGUICompareViewports(t *testing.T) {
	cmp := shootCompare(t, 0, 10, 12, 20, 40)
	cmp.checkFramesAndSkeletons(t, 30)
	// Before the end: all five alike.
	for _, tm := range []float64{10, 12} {
		for m := anim.LoopMode(1); m < anim.NumLoopModes; m++ {
			if n := pixelDiff(cmp.crop(tm, 0), cmp.crop(tm, m)); n > 0 {
				t.Errorf("time %v: %s differs from once in %d pixels (all modes play frame %v)", tm, m, n, tm)
			}
		}
	}
	// Different frames look different: 10 and 12 of a walk.
	if n := pixelDiff(cmp.crop(10, 0), cmp.crop(12, 0)); n < 50 {
		t.Fatalf("frames 10 and 12 differ in %d pixels only: the check cannot tell frames apart", n)
	}
	// After the end (time 40): frames 29.999, 0, 10, 20, 18: all differ.
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		for k := m + 1; k < anim.NumLoopModes; k++ {
			if n := pixelDiff(cmp.crop(40, m), cmp.crop(40, k)); n < 50 {
				t.Errorf("time 40: %s and %s differ in %d pixels only (frames %v and %v)", m, k, n,
					cmp.states[40].Compare.Frames[m], cmp.states[40].Compare.Frames[k])
			}
		}
	}
	// ... and each is the picture of its frame: once-reset shows frame 0,
	// loop frame 10, mirrored-once frame 20.
	for _, c := range []struct {
		mode anim.LoopMode
		at   float64
	}{{anim.OnceReset, 0}, {anim.Loop, 10}, {anim.MirroredOnce, 20}} {
		if n := pixelDiff(cmp.crop(40, c.mode), cmp.crop(c.at, 0)); n > 0 {
			t.Errorf("time 40 %s differs in %d pixels from frame %v", c.mode, n, c.at)
		}
	}
}

// compareShots are screenshots of the comparison at playback times.
type compareShots struct {
	shots  map[float64]*image.RGBA
	states map[float64]viewerState
}

func shootCompare(t *testing.T, times ...float64) *compareShots {
	t.Helper()
	c := &compareShots{shots: map[float64]*image.RGBA{}, states: map[float64]viewerState{}}
	for _, tm := range times {
		dir := t.TempDir()
		shot, state := filepath.Join(dir, "c.png"), filepath.Join(dir, "c.json")
		runBin(t, "--no-config", "--size", "1600x1000", "--compare", "--compare-time", fmt.Sprint(tm),
			"--screenshot", shot, "--state-json", state, "--after-frames", "6", "testdata/biped.bmd", "testdata/walk.bck")
		c.shots[tm], c.states[tm] = readPNG(t, shot), guiState(t, state)
		if c.states[tm].Compare == nil {
			t.Fatalf("time %v: no comparison in the state", tm)
		}
	}
	return c
}

// crop is the image inside mode m's viewport frame at time tm (the
// file's mode has a coloured frame).
func (c *compareShots) crop(tm float64, m anim.LoopMode) *image.RGBA {
	const inset = 4
	r := c.states[tm].Compare.Viewports[m]
	w, h := r[2]-2*inset, r[3]-2*inset
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c.shots[tm].RGBAAt(r[0]+inset+x, r[1]+inset+y))
		}
	}
	return img
}

// checkFramesAndSkeletons: every viewport plays the frame FrameAtTime
// gives its mode for a clip of duration d, and shows a skeleton.
func (c *compareShots) checkFramesAndSkeletons(t *testing.T, d float64) {
	for tm, st := range c.states {
		for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
			if want := anim.FrameAtTime(m, d, tm); math.Abs(st.Compare.Frames[m]-want) > 1e-9 {
				t.Errorf("time %v %s: frame %v, want %v", tm, m, st.Compare.Frames[m], want)
			}
			v := st.Compare.Viewports[m]
			if v[2] < 100 || v[3] < 100 {
				t.Fatalf("time %v %s: viewport %v too small", tm, m, v)
			}
			joints := 0
			img := c.crop(tm, m)
			for y := 0; y < img.Bounds().Dy(); y++ {
				for x := 0; x < img.Bounds().Dx(); x++ {
					if isJoint(img.RGBAAt(x, y)) {
						joints++
					}
				}
			}
			if joints < 30 {
				t.Errorf("time %v %s: %d joint-coloured pixels; the viewport shows no skeleton", tm, m, joints)
			}
		}
	}
}

// pixelDiff counts the pixels of two same-sized images that differ by
// more than 24 in a channel (every pixel when the sizes differ).
func pixelDiff(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return math.MaxInt
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if absDiff(a.Pix[i], b.Pix[i]) > 24 || absDiff(a.Pix[i+1], b.Pix[i+1]) > 24 || absDiff(a.Pix[i+2], b.Pix[i+2]) > 24 {
			n++
		}
	}
	return n
}

// plotView rebuilds a plot.View from the state (tests use it).
func (c *stateCurves) plotView() plot.View {
	return plot.View{
		X: plot.Axis{Min: c.X[0], Max: c.X[1], Pixel0: c.Plot[0], Pixels: c.Plot[2]},
		Y: plot.Axis{Min: c.Y[0], Max: c.Y[1], Pixel0: c.Plot[1], Pixels: c.Plot[3], Flip: true},
	}
}
