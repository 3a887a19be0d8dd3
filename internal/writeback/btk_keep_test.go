package writeback

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// genBTK encodes a one-entry BTK (centre 0.5, 0.5) with the production
// writer: tracks holds keys by TrackSet slot (0 scale S, 1 rotation S, 2
// translation S, 3.. T, 6.. Q; rotations in raw s16 units), every other
// slot constant (scale S 2 so that Basic shears under rotation, other
// scales 1, else 0).
func genBTK(t *testing.T, calc uint32, frac uint8, duration uint16, tracks map[int][]j3d.Key) []byte {
	t.Helper()
	tb := j3d.NewTableBuilder(nil)
	var set j3d.TrackSet
	for s := range set {
		kind := j3d.KindOf(s)
		var err error
		switch keys, ok := tracks[s]; {
		case ok:
			set[s], err = tb.Keys(kind, 1, keys)
		case s == 0:
			set[s], err = tb.Const(kind, 2)
		case kind == j3d.ScaleTrack:
			set[s], err = tb.Const(kind, 1)
		default:
			set[s], err = tb.Const(kind, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	b := &j3d.BTK{LoopMode: 2, RotationFrac: frac, Duration: duration, CalcType: calc, Entries: []j3d.TrackSet{set},
		Names: []j3d.Name{{Name: "mat"}}, TexGens: []uint8{0}, Centers: [][3]float32{{0.5, 0.5, 0.5}}, Tables: tb.Tables()}
	data, err := j3d.EncodeBTK(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// wrapBTK turns its texture a whole turn every 119 frames at rotation
// fraction 1 (the curve crosses ±180° of the game's 16-bit angle halfway
// through and falls back a turn in one frame, as TripodBossCore's Wait
// does) while its translation T drifts, under the given formula.
func wrapBTK(t *testing.T, calc uint32) []byte {
	const s = 275 // raw units per frame
	return genBTK(t, calc, 1, 240, map[int][]j3d.Key{
		7: {{Time: 0, Value: 0, In: 0, Out: s}, {Time: 119, Value: 32767, In: s, Out: -32768},
			{Time: 120, Value: 0, In: -32768, Out: s}, {Time: 240, Value: 32767, In: s, Out: 0}},
		5: {{Time: 0, Value: 0, In: 0.01, Out: 0.01}, {Time: 240, Value: 1.5, In: 0.002, Out: 0.002}},
	})
}

// TestImportBTKRotating: a texture turning through the game's ±180°
// wrap, under J3D Basic (sheared: scale S 2, T 1) and Maya, exported and
// imported unedited gives its own bytes back; with its offset moved by
// 0.25 in S in the glTF, the rotation and scale keys stay the target's
// exactly and the written entry plays the original matrix moved by 0.25
// (computed from the original file) within the bound, at every eighth of
// a frame, Basic's translation S (a constant moved by 0.25) with few keys.
func TestImportBTKRotating(t *testing.T) {
	for _, calc := range []uint32{0, j3d.CalcTypeMaya} {
		data := wrapBTK(t, calc)
		orig := btkClip(t, data)
		src := exportTexGLB(t, orig, "wrap")
		res, err := ImportBTK(src, data)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("calc %d unedited: worst %.3g (target %.3g), keys %d -> %d", calc, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys)
		if !bytes.Equal(res.Data, data) {
			t.Errorf("calc %d: unedited round trip differs from the target (%d keys, target %d)", calc, res.Keys, res.KeysBefore)
		}

		m := &src.Materials[0]
		if m.off == nil {
			t.Fatalf("calc %d: the export animates no offset", calc)
		}
		for k := 0; k < len(m.off.values); k += 2 {
			m.off.values[k] += 0.25
		}
		res, err = ImportBTK(src, data)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("calc %d offset edit: worst %.3g, keys %d -> %d, notes %q", calc, res.Worst, res.KeysBefore, res.Keys, res.Notes)
		before, _ := j3d.DecodeBTK(data)
		after, err := j3d.DecodeBTK(res.Data)
		if err != nil {
			t.Fatal(err)
		}
		for k := range 9 {
			if j3d.KindOf(k) == j3d.TranslationTrack {
				continue
			}
			a, _ := keptKeys(&before.Tables, before.Entries[0][k], j3d.KindOf(k), int(before.RotationFrac)-int(after.RotationFrac))
			b, _ := keptKeys(&after.Tables, after.Entries[0][k], j3d.KindOf(k), 0)
			if len(a) != len(b) {
				t.Errorf("calc %d track %d: %d keys, want the target's %d", calc, k, len(b), len(a))
				continue
			}
			for n := range a {
				if a[n] != b[n] {
					t.Errorf("calc %d track %d key %d: %v, want the target's %v", calc, k, n, b[n], a[n])
				}
			}
		}
		// Under Basic the edit moves translation S by 0.25 and nothing
		// else: the target's constant stays a constant, which the
		// glTF's ripple about it (half the bound) must not break into a
		// key every few frames.
		if n := after.Entries[0][2].Count; calc == 0 && n > 8 {
			t.Errorf("calc 0: translation S moved by a constant holds %d keys", n)
		}
		got := btkClip(t, res.Data)
		var tp, gp anim.TargetPose
		worst := 0.0
		for s := 0; s <= int(orig.Duration)*8; s++ {
			f := float64(s) / 8
			anim.EvaluateTarget(&orig.Targets[0], f, &tp)
			want := anim.TexMatrixOf(&orig.Targets[0], &tp)
			want[0][2] += 0.25
			anim.EvaluateTarget(&got.Targets[0], f, &gp)
			worst = math.Max(worst, texErr(asGLTF(anim.TexMatrixOf(&got.Targets[0], &gp)), asGLTF(want)))
		}
		// The glTF carries the export's error (up to the bound) and the
		// written file its own against the glTF.
		if worst > 2 {
			t.Errorf("calc %d: edited entry %.3g× the bound from the original moved by 0.25", calc, worst)
		}
	}
}

// TestSolveTrans: for every formula, translations solved for a pose's
// translation column, from other translations, give back the pose's
// matrix (anim.TexMatrixWith), and with one translation kept the other
// gives the column's nearest point.
func TestSolveTrans(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, mode := range []anim.TexMatrixMode{anim.TexJ3DBasic, anim.TexJ3DMaya, anim.TexNWMaya, anim.TexNW3dsMax, anim.TexNWSoftimage} {
		for range 500 {
			e := &btkEntry{target: &anim.Target{Kind: anim.TexSRTTarget, TexMode: mode, Center: [3]float64{r.Float64(), r.Float64(), 0.5}}}
			var tp anim.TargetPose
			tp.V[anim.ScaleX], tp.V[anim.ScaleY] = 0.2+2*r.Float64(), 0.2+2*r.Float64()
			tp.V[anim.RotZ] = 720*r.Float64() - 360
			tp.V[anim.TransX], tp.V[anim.TransY] = 4*r.Float64()-2, 4*r.Float64()-2
			tp.V[anim.TexModeSlot] = float64(mode - anim.TexNWMaya)
			want := anim.TexMatrixWith(mode, e.target, &tp)
			p := tp
			p.V[anim.TransX], p.V[anim.TransY] = 0, 0
			e.solveTrans(&p, want, false, false)
			if d := math.Hypot(p.V[anim.TransX]-tp.V[anim.TransX], p.V[anim.TransY]-tp.V[anim.TransY]); d > 1e-9 {
				t.Fatalf("mode %v: solved translations %v, want %v", mode, p.V[anim.TransX:anim.TransY+1], tp.V[anim.TransX:anim.TransY+1])
			}
			// Kept S: T alone cannot undo an S moved by 0.1; it takes
			// the T that the exact one minimises (the true T when the
			// columns' moves are orthogonal) — checked by the residual
			// at T ± a little.
			p = tp
			p.V[anim.TransX] += 0.1
			p.V[anim.TransY] = 0
			e.solveTrans(&p, want, true, false)
			res := func(ty float64) float64 {
				q := p
				q.V[anim.TransY] = ty
				m := anim.TexMatrixWith(mode, e.target, &q)
				return math.Hypot(m[0][2]-want[0][2], m[1][2]-want[1][2])
			}
			if at := res(p.V[anim.TransY]); at > res(p.V[anim.TransY]+1e-4)+1e-12 || at > res(p.V[anim.TransY]-1e-4)+1e-12 {
				t.Fatalf("mode %v: T %g with S kept is not the nearest (%g, ±1e-4: %g, %g)", mode, p.V[anim.TransY], at, res(p.V[anim.TransY]+1e-4), res(p.V[anim.TransY]-1e-4))
			}
		}
	}
}

// TestTexGameErr: the game's matrix, a sheared Basic one whose rotation
// the glTF has a fraction of a step further on, is measured at the best
// angle within one step of the game's: as a scan over that step at
// 1/2000-step spacing finds it (within what the error moves between two
// of its angles), and never more than without the step.
func TestTexGameErr(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, frac := range []int{0, 2, 4} {
		step := math.Ldexp(180.0/32768, frac)
		h := &anim.Hermite{RotationFrac: frac, Keys: []anim.HermiteKey{{Time: 0, Value: 0}, {Time: 10, Value: 1000}}}
		tg := &anim.Target{Kind: anim.TexSRTTarget, TexMode: anim.TexJ3DBasic, Center: [3]float64{0.5, 0.5, 0.5},
			Channels: []anim.Channel{{Slot: anim.RotZ, Curve: h}}}
		for range 200 {
			var tp anim.TargetPose
			tp.V[anim.ScaleX], tp.V[anim.ScaleY] = 0.5+3*r.Float64(), 0.5+3*r.Float64()
			tp.V[anim.RotZ] = 360*r.Float64() - 180
			tp.V[anim.TransX], tp.V[anim.TransY] = r.Float64(), r.Float64()
			ahead := tp
			ahead.V[anim.RotZ] += (2*r.Float64() - 1) * 1.5 * step
			want := asGLTF(anim.TexMatrixOf(tg, &ahead))
			// The scan's best, and how much the error moves between
			// two of its angles: the true best is within that of it.
			best, moves, last := math.Inf(1), 0.0, 0.0
			for i := -2000; i <= 2000; i++ {
				p := tp
				p.V[anim.RotZ] += float64(i) / 2000 * step
				x := texErr(asGLTF(anim.TexMatrixOf(tg, &p)), want)
				if i > -2000 {
					moves = math.Max(moves, math.Abs(x-last))
				}
				best, last = math.Min(best, x), x
			}
			got := texGameErr(tg, &tp, want)
			plain := texErr(asGLTF(anim.TexMatrixOf(tg, &tp)), want)
			if math.Abs(got-best) > moves+1e-9 || got > plain {
				t.Fatalf("frac %d: %.6g× the bound, want the scan's %.6g (%.6g without the step)", frac, got, best, plain)
			}
		}
	}
}

// scanStepErr is the error of t posed in tp against want, as a fraction
// of TexBound, at the best of 401 angles within one step of the pose's:
// the one-step rule measured by brute force.
func scanStepErr(t *anim.Target, tp *anim.TargetPose, want anim.TexMatrix, step float64) float64 {
	best := math.Inf(1)
	for i := -200; i <= 200; i++ {
		p := *tp
		p.V[anim.RotZ] += float64(i) / 200 * step
		best = math.Min(best, texErr(asGLTF(anim.TexMatrixOf(t, &p)), want))
	}
	return best
}

// worstStepErr plays the written BTK data at every eighth of a frame
// against the glTF material m with scanStepErr.
func worstStepErr(t *testing.T, data []byte, m *TexMaterial) float64 {
	t.Helper()
	b, err := j3d.DecodeBTK(data)
	if err != nil {
		t.Fatal(err)
	}
	c := btkClip(t, data)
	step := math.Ldexp(180.0/32768, int(b.RotationFrac))
	var tp anim.TargetPose
	worst := 0.0
	for s := 0; s <= int(c.Duration)*8; s++ {
		f := float64(s) / 8
		anim.EvaluateTarget(&c.Targets[0], f, &tp)
		worst = math.Max(worst, scanStepErr(&c.Targets[0], &tp, m.MatrixAt(f/c.FPS), step))
	}
	return worst
}

// turn adds rad to the glTF material's texture rotation.
func turn(t *testing.T, m *TexMaterial, rad float64) {
	if m.rot == nil {
		m.Rot += rad
		return
	}
	for k := range m.rot.values {
		m.rot.values[k] += rad
	}
}

// TestImportBTKRotationEdit: rotations set in the glTF are written
// within the bound, a J3D angle within one step: a constant angle
// (0.3 rad where the target has none; the written constant is the step
// nearest it) and a turning texture under J3D Maya at fraction 2 turned
// 0.3 rad further, whose fit the first pass leaves just past its steps'
// edges between the samples it was held to.
func TestImportBTKRotationEdit(t *testing.T) {
	scales := map[int][]j3d.Key{0: {{Value: 3}}, 3: {{Value: 3}}}
	data := genBTK(t, 0, 1, 60, map[int][]j3d.Key{0: scales[0], 3: scales[3],
		5: {{Time: 0, Value: 0, In: 0.01, Out: 0.01}, {Time: 60, Value: 0.6, In: 0.01, Out: 0.01}}})
	src := exportTexGLB(t, btkClip(t, data), "const")
	m := &src.Materials[0]
	turn(t, m, 0.3)
	res, err := ImportBTK(src, data)
	if err != nil {
		t.Fatal(err)
	}
	got := btkClip(t, res.Data)
	ch, _ := got.Targets[0].Channel(anim.RotZ)
	step := math.Ldexp(180.0/32768, 1)
	if k, ok := ch.Curve.(anim.Constant); !ok || math.Abs(float64(k)-0.3*180/math.Pi) > step/2+1e-9 {
		t.Errorf("constant rotation: %v, want the step nearest %g°", ch.Curve, 0.3*180/math.Pi)
	}
	if e := worstStepErr(t, res.Data, m); e > 1 || res.Worst > 1 {
		t.Errorf("constant rotation: %.3g× the bound (the import says %.3g×, notes %q)", e, res.Worst, res.Notes)
	}

	const s = 275
	data = genBTK(t, j3d.CalcTypeMaya, 2, 240, map[int][]j3d.Key{0: {{Value: 1}},
		7: {{Time: 0, Value: 0, In: 0, Out: s}, {Time: 119, Value: 32767, In: s, Out: -32768},
			{Time: 120, Value: 0, In: -32768, Out: s}, {Time: 240, Value: 32767, In: s, Out: 0}}})
	src = exportTexGLB(t, btkClip(t, data), "turn")
	m = &src.Materials[0]
	turn(t, m, 0.3)
	if res, err = ImportBTK(src, data); err != nil {
		t.Fatal(err)
	}
	if e := worstStepErr(t, res.Data, m); e > 1 || res.Worst > 1 {
		t.Errorf("turning texture: %.3g× the bound (the import says %.3g×, notes %q)", e, res.Worst, res.Notes)
	}
}

// TestImportBTKFastTurnEdit: a texture turning fast through the game's
// 16-bit wrap (wrapBTK's curve) under J3D Basic with equal scales (so
// every angle is reachable), stored at rotation fractions 2 and 3 and
// turned 0.3 rad further in the glTF, is written within the bound at
// every eighth of a frame, the game's angle within one step
// (worstStepErr scans that step by brute force, apart from the
// import's own measure). A fit held at its samples must not leave the
// spline past a step's edge between them.
func TestImportBTKFastTurnEdit(t *testing.T) {
	const s = 275 // raw units per frame
	for _, frac := range []uint8{2, 3} {
		for _, sc := range []float64{1, 2} {
			data := genBTK(t, 0, frac, 240, map[int][]j3d.Key{0: {{Value: sc}}, 3: {{Value: sc}},
				7: {{Time: 0, Value: 0, In: 0, Out: s}, {Time: 119, Value: 32767, In: s, Out: -32768},
					{Time: 120, Value: 0, In: -32768, Out: s}, {Time: 240, Value: 32767, In: s, Out: 0}}})
			src := exportTexGLB(t, btkClip(t, data), "fast")
			m := &src.Materials[0]
			turn(t, m, 0.3)
			res, err := ImportBTK(src, data)
			if err != nil {
				t.Fatal(err)
			}
			e := worstStepErr(t, res.Data, m)
			t.Logf("frac %d scale %g: %.3g× the bound (the import says %.3g×), keys %d -> %d, %d passes", frac, sc, e, res.Worst, res.KeysBefore, res.Keys, res.Passes)
			if e > 1 {
				t.Errorf("frac %d scale %g: %.3g× the bound (the import says %.3g×, notes %q)", frac, sc, e, res.Worst, res.Notes)
			}
		}
	}
}

// TestImportBTKUnreachable: a rotation edit on a J3D Basic entry with
// unequal scales (S 2, T 1) asks for matrices Basic cannot make: it
// scales the rotation's rows, so a matrix it makes, as the glTF holds
// it, has first column (sx·cos θ, sy·sin θ) and determinant sx·sy, which
// needs |2·m00·m10/det| ≤ 1 (sin 2θ); the glTF's matrix (computed here)
// goes past that. The import says so, naming the entry, and does not
// blame the format's precision.
func TestImportBTKUnreachable(t *testing.T) {
	data := genBTK(t, 0, 1, 60, map[int][]j3d.Key{
		7: {{Time: 0, Value: 0, In: 10, Out: 10}, {Time: 60, Value: 1000, In: 10, Out: 10}}})
	src := exportTexGLB(t, btkClip(t, data), "shear")
	m := &src.Materials[0]
	if m.rot == nil {
		t.Fatal("the export animates no rotation")
	}
	end := m.rot.times[len(m.rot.times)-1]
	for k, tm := range m.rot.times {
		m.rot.values[k] += 0.5 * tm / end
	}
	past, fps := 0.0, btkClip(t, data).FPS
	for f := 0.0; f <= 60; f++ {
		g := m.MatrixAt(f / fps)
		det := g[0][0]*g[1][1] - g[0][1]*g[1][0]
		past = math.Max(past, math.Abs(2*g[0][0]*g[1][0]/det))
	}
	if past < 1.2 {
		t.Fatalf("the edit stays within Basic's reach (|sin 2θ| up to %.3g): no test", past)
	}
	res, err := ImportBTK(src, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3g× the bound, notes %q", res.Worst, res.Notes)
	said := false
	for _, n := range res.Notes {
		said = said || strings.Contains(n, "cannot make") && strings.Contains(n, "mat texgen 0")
		if strings.Contains(n, "precision") {
			t.Errorf("note %q blames precision for a matrix the formula cannot make", n)
		}
	}
	if !said {
		t.Errorf("notes %q do not say the matrices of %q cannot be made", res.Notes, "mat texgen 0")
	}
}

// TestImportBTKBasicJump: a J3D Basic entry with scale S 0.6 and T 1
// turning a quarter turn, turned 0.3 rad further in the glTF: the glTF's
// texture turns past 90° (its first column past vertical, computed
// here), where Basic, whose matrices have first column (sx·cos θ,
// sy·sin θ), can follow it only by jumping from one of its two solutions
// to the other (θ → 0 needs sy → ∞). Every matrix is within reach
// (|2·m00·m10/det| < 1), so the import must say the values jump, not
// that the formula cannot make them, and not blame the format's
// precision.
func TestImportBTKBasicJump(t *testing.T) {
	data := genBTK(t, 0, 1, 30, map[int][]j3d.Key{0: {{Value: 0.6}}, 3: {{Value: 1}},
		7: {{Time: 0, Value: 0, In: 273, Out: 273}, {Time: 30, Value: 8192, In: 273, Out: 273}}})
	fps := btkClip(t, data).FPS
	src := exportTexGLB(t, btkClip(t, data), "jump")
	m := &src.Materials[0]
	turn(t, m, 0.3)
	past, reach := false, 0.0
	for f := 0.0; f <= 30; f += 0.125 {
		g := m.MatrixAt(f / fps)
		det := g[0][0]*g[1][1] - g[0][1]*g[1][0]
		reach = math.Max(reach, math.Abs(2*g[0][0]*g[1][0]/det))
		past = past || math.Atan2(g[1][0], g[0][0]) > math.Pi/2
	}
	if !past || reach >= 1 {
		t.Fatalf("the edited glTF does not turn past 90° within Basic's reach (past %v, |sin 2θ| up to %.3g): no test", past, reach)
	}
	res, err := ImportBTK(src, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("worst %.3g× the bound, notes %q", res.Worst, res.Notes)
	said := false
	for _, n := range res.Notes {
		said = said || strings.Contains(n, "jump") && strings.Contains(n, "mat texgen 0")
		if strings.Contains(n, "precision") || strings.Contains(n, "cannot make") {
			t.Errorf("note %q: want the jump named", n)
		}
	}
	if !said {
		t.Errorf("notes %q do not say the values of %q jump", res.Notes, "mat texgen 0")
	}
}
