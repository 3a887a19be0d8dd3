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
	dir := t.TempDir()
	shot, state := filepath.Join(dir, "c.png"), filepath.Join(dir, "c.json")
	runBin(t, "--no-config", "--size", "1600x1000", "--frame", "12", "--tab", "curves",
		"--plot", "#0/translation.x,#0/rotation.y,#0/scale.x",
		"--screenshot", shot, "--state-json", state, "--after-frames", "6", "testdata/tangent1.bck")
	img := readPNG(t, shot)
	s := guiState(t, state)
	if s.Tab != "curves" || s.Curves == nil || len(s.Curves.Channels) != 3 {
		t.Fatalf("state: tab %q, curves %+v", s.Tab, s.Curves)
	}
	clip := openClip(t, "testdata/tangent1.bck")
	if clip.Loop != anim.MirroredOnce {
		t.Fatalf("tangent1.bck loop mode %v, want mirrored-once", clip.Loop)
	}
	view := s.Curves.plotView()
	pr := s.Curves.Plot
	if pr[2] < 600 || pr[3] < 150 {
		t.Fatalf("plot area %v is too small", pr)
	}
	// The plotted channels and the curves the viewer evaluates.
	type chanCurve struct {
		c     anim.Curve
		col   [3]float64
		label string
	}
	var curves []chanCurve
	for _, ch := range s.Curves.Channels {
		slot, ok := anim.ParseSlot(anim.JointTarget, ch.Channel)
		if !ok {
			t.Fatalf("channel %q", ch.Channel)
		}
		c, ok := clip.Targets[ch.Target].Channel(slot)
		if !ok {
			t.Fatalf("target %d has no %s", ch.Target, ch.Channel)
		}
		curves = append(curves, chanCurve{c.Curve, [3]float64{float64(ch.Color[0]) * 255, float64(ch.Color[1]) * 255, float64(ch.Color[2]) * 255}, ch.Label})
	}
	inPlot := func(x, y float64) bool {
		return x > pr[0]+4 && x < pr[0]+pr[2]-4 && y > pr[1]+16 && y < pr[1]+pr[3]-4
	}
	playheadX := view.X.ToPixel(12)
	// clear reports that no other curve passes near (x, y), so a match or
	// a miss there belongs to curve i.
	clear := func(i int, f, x, y float64, value func(anim.Curve, float64) float64) bool {
		if math.Abs(x-playheadX) < 5 {
			return false
		}
		for j, o := range curves {
			if j != i && math.Abs(view.Y.ToPixel(value(o.c, f))-y) < 6 {
				return false
			}
		}
		return true
	}
	inside := func(c anim.Curve, f float64) float64 { return c.Eval(f) }
	// Inside the clip: the curve at full colour.
	for i, cc := range curves {
		checked, hits, misses := 0, 0, 0
		for f := 0.25; f < 30; f += 0.25 {
			x, y := view.ToPixel(f, cc.c.Eval(f))
			if !inPlot(x, y) || !clear(i, f, x, y, inside) {
				continue
			}
			checked++
			if found(img, x, y, 2, cc.col[0], cc.col[1], cc.col[2], 40) {
				hits++
			}
			// Control: the same curve 12 px higher is not there.
			if yy := y - 12; inPlot(x, yy) && clear(i, f, x, yy, inside) && found(img, x, yy, 2, cc.col[0], cc.col[1], cc.col[2], 40) {
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
	// After the end, mirrored-once plays the clip backwards: the curve
	// continues reflected, at half opacity over the shaded background.
	outBg := [3]float64{0.10 * 255, 0.095 * 255, 0.13 * 255}
	after := func(c anim.Curve, x float64) float64 { return c.Eval(anim.FrameAtTime(anim.MirroredOnce, 30, x)) }
	for i, cc := range curves {
		checked, hits := 0, 0
		for x := 30.5; x < view.X.Max; x += 0.25 {
			px, py := view.X.ToPixel(x), view.Y.ToPixel(after(cc.c, x))
			if !inPlot(px, py) || !clear(i, x, px, py, after) {
				continue
			}
			checked++
			r, g, b := (cc.col[0]+outBg[0])/2, (cc.col[1]+outBg[1])/2, (cc.col[2]+outBg[2])/2
			if found(img, px, py, 2, r, g, b, 30) {
				hits++
			}
		}
		if checked >= 10 && hits < checked*8/10 {
			t.Errorf("%s after the end: %d of %d mirrored-once points drawn", cc.label, hits, checked)
		}
	}
	// Keys: a square in the curve's colour on every key; tangent handles
	// (three channels get them) end where plot.Handles says.
	for i, cc := range curves {
		for k := 0; k < cc.c.NumKeys(); k++ {
			key := cc.c.Key(k)
			x, y := view.ToPixel(key.Frame, key.Value)
			if !inPlot(x, y) || !clear(i, key.Frame, x, y, inside) {
				continue
			}
			if !found(img, x, y, 1, cc.col[0], cc.col[1], cc.col[2], 30) {
				t.Errorf("%s key %d (frame %v): no key marker at (%.0f, %.0f)", cc.label, k, key.Frame, x, y)
			}
			_, out, _, outOK := plot.Handles(cc.c, k)
			hx, hy := view.ToPixel(out.Frame, out.Value)
			if !outOK || math.Abs(hx-x) < 12 || !inPlot(hx, hy) || !clear(i, out.Frame, hx, hy, func(c anim.Curve, f float64) float64 { return out.Value }) {
				continue
			}
			// 70% over the plot background.
			bg := [3]float64{0.075 * 255, 0.08 * 255, 0.09 * 255}
			r, g, b := 0.7*cc.col[0]+0.3*bg[0], 0.7*cc.col[1]+0.3*bg[1], 0.7*cc.col[2]+0.3*bg[2]
			if !found(img, hx, hy, 1, r, g, b, 30) {
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
	shots := map[float64]*image.RGBA{}
	states := map[float64]viewerState{}
	for _, tm := range []float64{0, 10, 12, 20, 40} {
		dir := t.TempDir()
		shot, state := filepath.Join(dir, "c.png"), filepath.Join(dir, "c.json")
		runBin(t, "--no-config", "--size", "1600x1000", "--compare", "--compare-time", fmt.Sprint(tm),
			"--screenshot", shot, "--state-json", state, "--after-frames", "6", "testdata/biped.bmd", "testdata/walk.bck")
		shots[tm], states[tm] = readPNG(t, shot), guiState(t, state)
		if states[tm].Compare == nil {
			t.Fatalf("time %v: no comparison in the state", tm)
		}
	}
	// The image inside the viewport's frame (the file's mode has a
	// coloured one).
	const inset = 4
	crop := func(tm float64, m anim.LoopMode) *image.RGBA {
		r := states[tm].Compare.Viewports[m]
		w, h := r[2]-2*inset, r[3]-2*inset
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				img.SetRGBA(x, y, shots[tm].RGBAAt(r[0]+inset+x, r[1]+inset+y))
			}
		}
		return img
	}
	diff := func(a, b *image.RGBA) int {
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
	d := 30.0
	for tm, st := range states {
		for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
			if want := anim.FrameAtTime(m, d, tm); math.Abs(st.Compare.Frames[m]-want) > 1e-9 {
				t.Errorf("time %v %s: frame %v, want %v", tm, m, st.Compare.Frames[m], want)
			}
			v := st.Compare.Viewports[m]
			if v[2] < 100 || v[3] < 100 {
				t.Fatalf("time %v %s: viewport %v too small", tm, m, v)
			}
			joints := 0
			c := crop(tm, m)
			for y := 0; y < c.Bounds().Dy(); y++ {
				for x := 0; x < c.Bounds().Dx(); x++ {
					if isJoint(c.RGBAAt(x, y)) {
						joints++
					}
				}
			}
			if joints < 30 {
				t.Errorf("time %v %s: %d joint-coloured pixels; the viewport shows no skeleton", tm, m, joints)
			}
		}
	}
	// Before the end: all five alike.
	for _, tm := range []float64{10, 12} {
		for m := anim.LoopMode(1); m < anim.NumLoopModes; m++ {
			if n := diff(crop(tm, 0), crop(tm, m)); n > 0 {
				t.Errorf("time %v: %s differs from once in %d pixels (all modes play frame %v)", tm, m, n, tm)
			}
		}
	}
	// Different frames look different: 10 and 12 of a walk.
	if n := diff(crop(10, 0), crop(12, 0)); n < 50 {
		t.Fatalf("frames 10 and 12 differ in %d pixels only: the check cannot tell frames apart", n)
	}
	// After the end (time 40): frames 29.999, 0, 10, 20, 18: all differ.
	for m := anim.LoopMode(0); m < anim.NumLoopModes; m++ {
		for k := m + 1; k < anim.NumLoopModes; k++ {
			if n := diff(crop(40, m), crop(40, k)); n < 50 {
				t.Errorf("time 40: %s and %s differ in %d pixels only (frames %v and %v)", m, k, n,
					states[40].Compare.Frames[m], states[40].Compare.Frames[k])
			}
		}
	}
	// ... and each is the picture of its frame: once-reset shows frame 0,
	// loop frame 10, mirrored-once frame 20.
	for _, c := range []struct {
		mode anim.LoopMode
		at   float64
	}{{anim.OnceReset, 0}, {anim.Loop, 10}, {anim.MirroredOnce, 20}} {
		if n := diff(crop(40, c.mode), crop(c.at, 0)); n > 0 {
			t.Errorf("time 40 %s differs in %d pixels from frame %v", c.mode, n, c.at)
		}
	}
}
