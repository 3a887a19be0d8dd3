// Package sampletest compares two sample documents (docs/sample-json.md)
// with the golden tests' tolerances: the rule every decoder golden test and
// the CLI tests apply. It is a test helper; production code builds and
// writes documents (package sample) but never compares them.
package sampletest

import (
	"fmt"
	"math"
	"strings"

	"github.com/animscope/animscope/internal/sample"
)

// Tolerances of docs/sample-json.md.
const (
	valueTol = 1e-4 // relative to max(1, |want|)
	degTol   = 2e-3 // absolute, rotation channels in degrees
	quatTol  = 1e-3 // absolute, per component, q and -q equal
	worldTol = 1e-3 // relative to max(1, |want|)
)

func closeRel(got, want, tol float64) bool {
	return !math.IsNaN(got) && !math.IsInf(got, 0) && math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func closeAbs(got, want, tol float64) bool {
	return !math.IsNaN(got) && !math.IsInf(got, 0) && math.Abs(got-want) <= tol
}

var quatNames = [4]string{"rotation.qx", "rotation.qy", "rotation.qz", "rotation.qw"}

// Compare checks got against want with the rules of docs/sample-json.md
// and returns one message per mismatch (at most max; max <= 0 means 20).
// Channels and fields present in got but not in want are not errors;
// target order is.
func Compare(got, want *sample.Doc, max int) []string {
	if max <= 0 {
		max = 20
	}
	var errs []string
	add := func(format string, args ...any) bool {
		errs = append(errs, fmt.Sprintf(format, args...))
		return len(errs) < max
	}
	if got.Format != want.Format {
		add("format: got %q want %q", got.Format, want.Format)
	}
	if got.Clip != want.Clip {
		add("clip: got %q want %q", got.Clip, want.Clip)
	}
	if math.Abs(got.Duration-want.Duration) > 1e-6 {
		add("duration: got %v want %v", got.Duration, want.Duration)
	}
	if want.FPS != 0 && math.Abs(got.FPS-want.FPS) > 1e-6 {
		add("fps: got %v want %v", got.FPS, want.FPS)
	}
	if got.LoopMode != want.LoopMode {
		add("loopMode: got %q want %q", got.LoopMode, want.LoopMode)
	}
	if len(got.Frames) != len(want.Frames) {
		add("frames: got %d want %d", len(got.Frames), len(want.Frames))
		return errs
	}
	for i := range want.Frames {
		if !closeRel(got.Frames[i], want.Frames[i], valueTol) {
			add("frames[%d]: got %v want %v", i, got.Frames[i], want.Frames[i])
		}
	}
	if len(got.Targets) != len(want.Targets) {
		add("targets: got %d want %d", len(got.Targets), len(want.Targets))
		return errs
	}
	frame := func(k int) float64 { return want.Frames[k] }
	for i := range want.Targets {
		g, w := &got.Targets[i], &want.Targets[i]
		if g.Name != w.Name {
			if !add("target %d: name %q, want %q", i, g.Name, w.Name) {
				return errs
			}
		}
		if g.Kind != w.Kind || g.Index != w.Index {
			if !add("target %d (%s): kind/index %s/%d, want %s/%d", i, w.Name, g.Kind, g.Index, w.Kind, w.Index) {
				return errs
			}
		}
		if (w.TexGen != nil) && (g.TexGen == nil || *g.TexGen != *w.TexGen) {
			if !add("target %d (%s): texGen %v, want %d", i, w.Name, g.TexGen, *w.TexGen) {
				return errs
			}
		}
		if (w.TexMap != nil) && (g.TexMap == nil || *g.TexMap != *w.TexMap) {
			if !add("target %d (%s): texMap %v, want %d", i, w.Name, g.TexMap, *w.TexMap) {
				return errs
			}
		}
		for _, f := range [...]struct{ name, got, want string }{{"param", g.Param, w.Param}, {"material", g.Material, w.Material}, {"register", g.Register, w.Register}} {
			if f.want != "" && f.got != f.want {
				if !add("target %d (%s): %s %q, want %q", i, w.Name, f.name, f.got, f.want) {
					return errs
				}
			}
		}
		for _, wc := range w.Channels {
			gv, ok := g.Channels.Get(wc.Name)
			if !ok || len(gv) != len(wc.Values) {
				if !add("target %d (%s): channel %s missing or wrong length", i, w.Name, wc.Name) {
					return errs
				}
				continue
			}
			if strings.HasPrefix(wc.Name, "rotation.q") && len(wc.Name) == len("rotation.qx") {
				continue // compared as quaternions below
			}
			for k := range wc.Values {
				var ok bool
				if strings.HasPrefix(wc.Name, "rotation.") {
					ok = closeAbs(gv[k], wc.Values[k], degTol)
				} else {
					ok = closeRel(gv[k], wc.Values[k], valueTol)
				}
				if !ok {
					if !add("target %d (%s) %s at frame %v: got %v want %v", i, w.Name, wc.Name, frame(k), gv[k], wc.Values[k]) {
						return errs
					}
					break
				}
			}
		}
		if msg := compareQuats(g, w, frame); msg != "" {
			if !add("target %d (%s) %s", i, w.Name, msg) {
				return errs
			}
		}
		if w.Matrix != nil {
			if len(g.Matrix) != len(w.Matrix) {
				add("target %d (%s): matrix missing", i, w.Name)
			} else {
			matrices:
				for k := range w.Matrix {
					for r := 0; r < 2; r++ {
						for c := 0; c < 3; c++ {
							if !closeRel(g.Matrix[k][r][c], w.Matrix[k][r][c], valueTol) {
								if !add("target %d (%s) matrix at frame %v: got %v want %v", i, w.Name, frame(k), g.Matrix[k], w.Matrix[k]) {
									return errs
								}
								break matrices
							}
						}
					}
				}
			}
		}
		if w.World != nil {
			if len(g.World) != len(w.World) {
				add("target %d (%s): world missing", i, w.Name)
			} else {
				for k := range w.World {
					if !closeRel(g.World[k][0], w.World[k][0], worldTol) || !closeRel(g.World[k][1], w.World[k][1], worldTol) || !closeRel(g.World[k][2], w.World[k][2], worldTol) {
						if !add("target %d (%s) world at frame %v: got %v want %v", i, w.Name, frame(k), g.World[k], w.World[k]) {
							return errs
						}
						break
					}
				}
			}
		}
	}
	return errs
}

// compareQuats compares rotation.qx..qw as quaternions, q and -q equal.
func compareQuats(g, w *sample.Target, frame func(int) float64) string {
	var gq, wq [4][]float64
	for c, n := range quatNames {
		var ok bool
		if wq[c], ok = w.Channels.Get(n); !ok {
			return ""
		}
		if gq[c], ok = g.Channels.Get(n); !ok || len(gq[c]) != len(wq[c]) {
			return "quaternion channels missing"
		}
	}
	for k := range wq[0] {
		same, neg := true, true
		for c := 0; c < 4; c++ {
			same = same && closeAbs(gq[c][k], wq[c][k], quatTol)
			neg = neg && closeAbs(-gq[c][k], wq[c][k], quatTol)
		}
		if !same && !neg {
			return fmt.Sprintf("quaternion at frame %v: got (%v %v %v %v) want (%v %v %v %v)", frame(k),
				gq[0][k], gq[1][k], gq[2][k], gq[3][k], wq[0][k], wq[1][k], wq[2][k], wq[3][k])
		}
	}
	return ""
}
