package export

import (
	"math"
	"sort"
	"testing"
)

// TestReducerContract holds the key reduction to what the rest of the
// resampling relies on, whatever way it chooses keys: a channel that
// stays at its rest value gets no keys, one that holds still away from
// it gets one key of that value, and the keys of a changing channel
// reproduce every dense sample within the channel's tolerance when
// played back (LINEAR: lerp; STEP: the last key's value), with fewer
// keys than samples where the curve allows it. The samples and the
// playback are written here.
func TestReducerContract(t *testing.T) {
	const tol, end, dt = 1e-3, 20.0, 0.25
	rest := trs{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
	parabola := func(f float64) float64 { return f * f / 100 }
	stairs := func(f float64) float64 { return math.Floor(f / 5) }
	// Nodes: 0 at rest, 1 held away from rest, 2 moving smoothly
	// (LINEAR), 3 stepping (STEP); all in translation x.
	var dense []poseAt
	for f := 0.0; f <= end; f += dt {
		v := []trs{rest, rest, rest, rest}
		v[1].T[0] = 1
		v[2].T[0] = parabola(f)
		v[3].T[0] = stairs(f)
		dense = append(dense, poseAt{f: f, v: v})
	}
	tols := make([][numPaths]float64, 4)
	for j := range tols {
		tols[j] = [numPaths]float64{tol, tol, tol}
	}
	d := &reducer{keying: keying{
		tol:    tols,
		mode:   [][numPaths]interp{{}, {}, {}, {interpStep, interpLinear, interpLinear}},
		active: [][numPaths]bool{{}, {}, {true, false, false}, {true, false, false}},
		wmin:   1e-4,
	}}
	chans := d.reduce(dense, []trs{rest, rest, rest, rest}, func(j int) int { return 10 + j })
	byNode := map[int]nodeChannel{}
	for _, ch := range chans {
		if ch.path != pathT {
			t.Errorf("node %d: a channel on path %d, which never changes", ch.node, ch.path)
			continue
		}
		byNode[ch.node] = ch
	}
	if len(chans) != 3 {
		t.Fatalf("%d channels, want 3 (nodes 11, 12, 13): %+v", len(chans), chans)
	}
	if ch, ok := byNode[11]; !ok || len(ch.frames) != 1 || ch.frames[0] != 0 || ch.values[0] != 1 || ch.values[1] != 0 || ch.values[2] != 0 {
		t.Errorf("held node: %+v, want one key (1, 0, 0) at frame 0", ch)
	}
	play := func(ch nodeChannel, step bool, f float64) float64 {
		k := 0
		for k+1 < len(ch.frames) && ch.frames[k+1] <= f {
			k++
		}
		if step || k+1 == len(ch.frames) {
			return ch.values[3*k]
		}
		u := (f - ch.frames[k]) / (ch.frames[k+1] - ch.frames[k])
		return ch.values[3*k] + (ch.values[3*k+3]-ch.values[3*k])*u
	}
	for _, c := range []struct {
		node int
		mode interp
		fn   func(float64) float64
	}{{12, interpLinear, parabola}, {13, interpStep, stairs}} {
		ch, ok := byNode[c.node]
		if !ok {
			t.Errorf("node %d: no channel", c.node)
			continue
		}
		if ch.mode != c.mode {
			t.Errorf("node %d: interpolation %d, want %d", c.node, ch.mode, c.mode)
		}
		if len(ch.frames) >= len(dense) {
			t.Errorf("node %d: %d keys for %d samples", c.node, len(ch.frames), len(dense))
		}
		worst := 0.0
		for _, s := range dense {
			worst = math.Max(worst, math.Abs(play(ch, c.mode == interpStep, s.f)-c.fn(s.f)))
		}
		if worst > tol {
			t.Errorf("node %d: %d keys miss a sample by %.3g (tolerance %g)", c.node, len(ch.frames), worst, tol)
		}
	}
	// The stairs change four times after frame 0: a key at 0 and one at
	// each change, and no more.
	if ch := byNode[13]; len(ch.frames) != 5 {
		t.Errorf("stepping node: %d keys at %v, want the five where it changes", len(ch.frames), ch.frames)
	}
}

// TestOffCurveKeys: a LINEAR rotation turning with a steady angular
// acceleration (its chords all bend the same way) is keyed with values
// moved off the curve, fewer keys than chords through the curve need
// (those miss by κh²/8 over a span h, so at most 1/√(8τ/κ) spans per
// frame), yet every dense sample lies within the tolerance of both the
// slerp and the normalised lerp between the keys, computed here from
// the written values.
func TestOffCurveKeys(t *testing.T) {
	const (
		tol   = 1e-3
		kappa = 0.2 // rad per frame²
		dur   = 3.0 // up to 0.6 rad per frame
	)
	angle := func(f float64) float64 { return kappa * f * f / 2 }
	var dense []poseAt
	for i := 0; i <= 2000; i++ {
		f := dur * float64(i) / 2000
		h := angle(f) / 2
		dense = append(dense, poseAt{f: f, v: []trs{{R: [4]float64{0, math.Sin(h), 0, math.Cos(h)}, S: [3]float64{1, 1, 1}}}})
	}
	d := &reducer{keying: keying{
		tol:    [][numPaths]float64{{tol, tol, tol}},
		mode:   [][numPaths]interp{{interpLinear, interpLinear, interpLinear}},
		active: [][numPaths]bool{{false, true, false}},
		wmin:   1e-4,
	}, offCurveOK: true}
	chans := d.reduce(dense, []trs{{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}}, func(int) int { return 0 })
	if len(chans) != 1 {
		t.Fatalf("%d channels, want the rotation", len(chans))
	}
	ch := chans[0]
	lim := d.linearKeepTol(0, pathR)
	onCurve := int(math.Ceil(dur / math.Sqrt(8*lim/kappa)))
	if keys := len(ch.frames); keys > onCurve*85/100 {
		t.Errorf("%d keys; chords on the curve need at least %d spans", keys, onCurve)
	}
	off := 0.0
	for _, s := range dense {
		k := max(1, sort.SearchFloat64s(ch.frames, s.f))
		a, b := ch.values[4*(k-1):4*k], ch.values[4*k:4*k+4]
		u := (s.f - ch.frames[k-1]) / (ch.frames[k] - ch.frames[k-1])
		for _, blender := range []bool{false, true} {
			var q [4]float64
			if blender {
				n := 0.0
				for x := range q {
					q[x] = a[x] + (b[x]-a[x])*u
					n += q[x] * q[x]
				}
				for x := range q {
					q[x] /= math.Sqrt(n)
				}
			} else {
				// Slerp from the angle between the unit quaternions.
				dot := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
				om := math.Acos(math.Min(1, dot))
				wa, wb := 1-u, u
				if om > 1e-12 {
					wa, wb = math.Sin((1-u)*om)/math.Sin(om), math.Sin(u*om)/math.Sin(om)
				}
				for x := range q {
					q[x] = wa*a[x] + wb*b[x]
				}
			}
			// The rotation angle between q (normalised, as a player
			// poses it) and the sample.
			r := s.v[0].R
			dot := math.Abs(q[0]*r[0]+q[1]*r[1]+q[2]*r[2]+q[3]*r[3]) / math.Sqrt(q[0]*q[0]+q[1]*q[1]+q[2]*q[2]+q[3]*q[3])
			off = math.Max(off, 2*math.Acos(math.Min(1, dot)))
		}
	}
	if off > tol {
		t.Errorf("keys miss a sample by %.3g rad, tolerance %.3g", off, tol)
	}
	t.Logf("%d keys (chords on the curve: at least %d), worst %.3g of %.3g rad", len(ch.frames), onCurve, off, tol)
}

// TestFiniteTRS: a transform is finite unless one of its ten numbers is
// NaN or ±Inf, whichever it is; the largest and smallest floats are
// finite.
func TestFiniteTRS(t *testing.T) {
	base := trs{T: [3]float64{1, -2, 3}, R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
	if !finiteTRS(&base) {
		t.Fatal("a finite transform reported not finite")
	}
	huge := trs{T: [3]float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}, R: [4]float64{math.MaxFloat64, 0, 0, 1}, S: [3]float64{-math.MaxFloat64, 1, 1}}
	if !finiteTRS(&huge) {
		t.Error("the largest finite floats reported not finite")
	}
	for slot := 0; slot < 10; slot++ {
		for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			v := base
			switch {
			case slot < 3:
				v.T[slot] = bad
			case slot < 7:
				v.R[slot-3] = bad
			default:
				v.S[slot-7] = bad
			}
			if finiteTRS(&v) {
				t.Errorf("number %d = %v reported finite", slot, bad)
			}
		}
	}
}
