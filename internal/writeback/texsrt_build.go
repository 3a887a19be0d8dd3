package writeback

import (
	"fmt"
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// Fitting a BFRES texture SRT parameter's fields and laying them out in
// its material anim: in place where the target's curves and constants
// allow, else anew (ImportTexSRT).

// texSRTFit is one parameter's fitted fields: per texSRTFields entry a
// curve, or (curve nil) a constant; kept fields are unset.
type texSRTFit struct {
	keep   [len(texSRTFields)]bool
	curve  [len(texSRTFields)]*bfres.Curve
	values [len(texSRTFields)]float64 // display units (degrees for the rotation)
}

// texSRTBuild fits and lays out the parameters the glTF changes.
type texSRTBuild struct {
	target    *bfres.ShaderParamAnim
	le        bool // Switch: little-endian curve arrays
	duration  int
	pre, post anim.NWWrap
	fitted    map[*btkEntry]*texSRTFit
}

// fit fits entry e's fields the glTF changes: a constant where one value
// holds within the tolerance, else a cubic curve, half the tolerance
// left to the key type's quantization. Where the mode field switches
// formula the values jump (the glTF's matrix does not): each run of one
// formula is fitted on its own, ending at the switch with the old
// formula's values, and the next starts there with the new one's (a
// curve's segment need not end at the next key's value).
func (b *texSRTBuild) fit(e *btkEntry, fps float64) error {
	runs := e.modeRuns(fps)
	out := &texSRTFit{}
	for k, fd := range texSRTFields {
		if e.keep[bckIndex(fd.slot)] {
			out.keep[k] = true
			continue
		}
		tol := e.tol[fd.slot]
		segs := make([][]hkey, len(runs))
		constant := true
		for r, run := range runs {
			segs[r] = fitRun(run.frames, run.vals[fd.slot], share*tol)
			constant = constant && len(segs[r]) == 1 && math.Abs(segs[r][0].v-segs[0][0].v) <= share*tol
			if last := run.frames[len(run.frames)-1]; r < len(runs)-1 && len(segs[r]) == 1 {
				segs[r] = append(segs[r], hkey{t: last, v: segs[r][0].v})
			}
		}
		if constant {
			out.values[k] = segs[0][0].v
			continue
		}
		c, err := b.encode(fd.off, segs, (1-share)*tol)
		if err != nil {
			return fmt.Errorf("%s: %v", e.target.Name, err)
		}
		out.curve[k] = &c
	}
	b.fitted[e] = out
	return nil
}

// fitRun is fitHermite over a run of samples that may start past frame
// 0 and end between frames (at a formula switch). fitHermite numbers
// whole frames from the first sample and ends on a whole frame, so the
// run is fitted moved to end on one, starting within the first frame
// (the eighths stay on the grid when the run's length is whole), and
// its keys are moved back.
func fitRun(frames, ys []float64, tol float64) []hkey {
	end := frames[len(frames)-1]
	off := end - math.Ceil(end-frames[0])
	moved := make([]float64, len(frames))
	for i, f := range frames {
		moved[i] = f - off
	}
	keys := fitHermite(moved, ys, tol, quantizer{})
	for i := range keys {
		keys[i].t += off
	}
	return keys
}

// texRun is a stretch of an entry's samples under one formula.
type texRun struct {
	frames []float64
	vals   [anim.NumSlots][]float64
}

// modeRuns splits the entry's samples where its mode field switches
// formula: each run but the last ends with a sample at the switch (found
// to 1/1024 frame) valued under its own formula, the left limit the
// curve approaches, and the next starts there.
func (e *btkEntry) modeRuns(fps float64) []texRun {
	var tp anim.TargetPose
	modeAt := func(f float64) anim.TexMatrixMode {
		anim.EvaluateTarget(e.target, f, &tp)
		return anim.TexModeOf(e.target, &tp)
	}
	valsAt := func(f float64, mode anim.TexMatrixMode, near int) [5]float64 {
		var prev [5]float64
		for k, s := range texSlots {
			prev[k] = e.vals[s][near]
		}
		return splitNWTexValues(e.mat.MatrixAt(f/fps), mode, &prev)
	}
	var runs []texRun
	cur := texRun{}
	add := func(f float64, v [5]float64) {
		cur.frames = append(cur.frames, f)
		for k, s := range texSlots {
			cur.vals[s] = append(cur.vals[s], v[k])
		}
	}
	at := func(i int) [5]float64 {
		var v [5]float64
		for k, s := range texSlots {
			v[k] = e.vals[s][i]
		}
		return v
	}
	mode := modeAt(e.frames[0])
	for i, f := range e.frames {
		m := modeAt(f)
		if e.target.TexMode < anim.TexNWMaya || i == 0 || m == mode {
			add(f, at(i))
			continue
		}
		lo, hi := e.frames[i-1], f
		for range 10 {
			if mid := (lo + hi) / 2; modeAt(mid) == mode {
				lo = mid
			} else {
				hi = mid
			}
		}
		add(hi, valsAt(hi, mode, i-1))
		runs = append(runs, cur)
		cur = texRun{}
		if hi < f {
			add(hi, valsAt(hi, m, i))
		}
		add(f, at(i))
		mode = m
	}
	return append(runs, cur)
}

// encode stores runs of Hermite keys as one cubic curve over the
// animation (the power-basis coefficients of each segment): every run
// but the last ends at the key that starts the next, its last segment
// running to its own last key's value.
func (b *texSRTBuild) encode(target uint32, runs [][]hkey, tol float64) (bfres.Curve, error) {
	var frames []float64
	var values [][]float64
	for r, keys := range runs {
		for i, k := range keys {
			if i == len(keys)-1 {
				if r == len(runs)-1 {
					frames = append(frames, k.t)
					values = append(values, []float64{k.v, 0, 0, 0})
				}
				break
			}
			n := keys[i+1]
			l := n.t - k.t
			s0, s1 := k.out*l, n.in*l
			frames = append(frames, k.t)
			values = append(values, []float64{k.v, s0, -3*k.v + 3*n.v - 2*s0 - s1, 2*k.v - 2*n.v + s0 + s1})
		}
	}
	return bfres.EncodeCurve(bfres.CurveSpec{
		Type: anim.NWCubic, Target: target, Start: 0, End: float64(b.duration),
		PreWrap: b.pre, PostWrap: b.post, Frames: frames, Values: values,
		Unit: bfres.TexSRTCurveUnit(target), Tolerance: tol, LittleEndian: b.le,
	})
}

// flat is a curve holding v from the first frame to the last.
func (b *texSRTBuild) flat(target uint32, v float64) (bfres.Curve, error) {
	return b.encode(target, [][]hkey{{{t: 0, v: v}, {t: float64(b.duration), v: v}}}, 1e-6*math.Max(1, math.Abs(v)))
}

// fileValue is a field's display value as a constant stores it.
func fileValue(off uint32, v float64) uint32 {
	return math.Float32bits(float32(v / bfres.TexSRTCurveUnit(off)))
}

// assemble is the target animation with the fitted fields in place:
// where every changed field already is a curve or a constant in its
// parameter, in place (a constant field that must vary gets a curve
// only where the material anim's layout may change: it has no texture
// pattern or visibility animation); the frame count follows the glTF.
func (b *texSRTBuild) assemble(entries []*btkEntry) (*bfres.ShaderParamAnim, error) {
	a := *b.target
	a.FrameCount = int32(b.duration)
	a.MaterialAnims = slices.Clone(a.MaterialAnims)
	for i := range a.MaterialAnims {
		m := &a.MaterialAnims[i]
		m.Curves, m.Constants, m.Params = slices.Clone(m.Curves), slices.Clone(m.Constants), slices.Clone(m.Params)
	}
	byMat := map[int][]*btkEntry{}
	for _, e := range entries {
		if e.mat != nil && !e.same && b.fitted[e] != nil {
			byMat[e.target.Index] = append(byMat[e.target.Index], e)
		}
	}
	for mi, es := range byMat {
		m := &a.MaterialAnims[mi]
		if ok, err := b.inPlace(m, es); err != nil || ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		// An FMAA's texture patterns and visibility index its curves
		// and constants (a Wii U FSHU has neither).
		if b.le && (len(m.Patterns) > 0 || m.VisCurveIndex != 0xFFFF || m.VisConstantIndex != 0xFFFF) {
			return nil, fmt.Errorf("material %q: the glTF animates a texture SRT field the target holds constant or leaves unset, and its texture pattern or visibility animation fixes the layout of its curves", m.Name)
		}
		if err := b.relayout(m, es); err != nil {
			return nil, err
		}
	}
	return &a, nil
}

// fieldAt finds field off of parameter p of m: its curve index, or its
// constant index (-1 each where it is not one).
func fieldAt(m *bfres.MaterialAnim, p *bfres.ParamAnimInfo, off uint32) (curve, constant int) {
	curve, constant = -1, -1
	for k := 0; k < int(p.NumFloatCurves)+int(p.NumIntCurves); k++ {
		if m.Curves[int(p.BeginCurve)+k].TargetOffset == off {
			curve = int(p.BeginCurve) + k
		}
	}
	for k := 0; k < int(p.NumConstants); k++ {
		if m.Constants[int(p.BeginConstant)+k].TargetOffset == off {
			constant = int(p.BeginConstant) + k
		}
	}
	return curve, constant
}

// inPlace writes the fitted fields of m's entries where they are (a
// curve for a curve, flat where the fit is constant; a value for a
// constant) and reports whether every one could be.
func (b *texSRTBuild) inPlace(m *bfres.MaterialAnim, es []*btkEntry) (bool, error) {
	for _, e := range es {
		p, ft := &m.Params[e.target.TexGen], b.fitted[e]
		for k, fd := range texSRTFields {
			if ft.keep[k] {
				continue
			}
			ci, ki := fieldAt(m, p, fd.off)
			if ci < 0 && (ki < 0 || ft.curve[k] != nil) {
				return false, nil
			}
		}
	}
	for _, e := range es {
		p, ft := &m.Params[e.target.TexGen], b.fitted[e]
		for k, fd := range texSRTFields {
			if ft.keep[k] {
				continue
			}
			ci, ki := fieldAt(m, p, fd.off)
			switch {
			case ci >= 0 && ft.curve[k] != nil:
				m.Curves[ci] = *ft.curve[k]
			case ci >= 0:
				c, err := b.flat(fd.off, ft.values[k])
				if err != nil {
					return false, err
				}
				m.Curves[ci] = c
			default:
				m.Constants[ki].Raw = fileValue(fd.off, ft.values[k])
			}
		}
	}
	return true, nil
}

// relayout writes m's parameters anew: per parameter in order its float
// curves (by field), then its integer ones, and its constants; the
// fitted fields of the changed parameters as fitted, everything else as
// the target has it.
func (b *texSRTBuild) relayout(m *bfres.MaterialAnim, es []*btkEntry) error {
	fits := map[int]*texSRTFit{}
	for _, e := range es {
		fits[e.target.TexGen] = b.fitted[e]
	}
	covered := 0
	for _, p := range m.Params {
		covered += int(p.NumFloatCurves) + int(p.NumIntCurves)
	}
	if covered != len(m.Curves) {
		return fmt.Errorf("material %q has curves outside its parameters; its layout cannot change", m.Name)
	}
	var curves []bfres.Curve
	var consts []bfres.AnimConstant
	for pi := range m.Params {
		p := &m.Params[pi]
		// A parameter without curves or constants may store 0xFFFF as
		// its first index.
		var pc []bfres.Curve
		var pk []bfres.AnimConstant
		if n := int(p.NumFloatCurves) + int(p.NumIntCurves); n > 0 {
			pc = slices.Clone(m.Curves[p.BeginCurve : int(p.BeginCurve)+n])
		}
		if p.NumConstants > 0 {
			pk = slices.Clone(m.Constants[p.BeginConstant : int(p.BeginConstant)+int(p.NumConstants)])
		}
		if ft := fits[pi]; ft != nil {
			for k, fd := range texSRTFields {
				if ft.keep[k] {
					continue
				}
				pc = slices.DeleteFunc(pc, func(c bfres.Curve) bool { return c.TargetOffset == fd.off })
				pk = slices.DeleteFunc(pk, func(c bfres.AnimConstant) bool { return c.TargetOffset == fd.off })
				if ft.curve[k] != nil {
					pc = append(pc, *ft.curve[k])
				} else {
					pk = append(pk, bfres.AnimConstant{TargetOffset: fd.off, Raw: fileValue(fd.off, ft.values[k])})
				}
			}
			slices.SortStableFunc(pc, func(x, y bfres.Curve) int {
				if x.Type.IsInt() != y.Type.IsInt() {
					if x.Type.IsInt() {
						return 1
					}
					return -1
				}
				return int(x.TargetOffset) - int(y.TargetOffset)
			})
			slices.SortStableFunc(pk, func(x, y bfres.AnimConstant) int { return int(x.TargetOffset) - int(y.TargetOffset) })
		}
		nf, ni := 0, 0
		for _, c := range pc {
			if c.Type.IsInt() {
				ni++
			} else {
				nf++
			}
		}
		p.BeginCurve, p.NumFloatCurves, p.NumIntCurves = uint16(len(curves)), uint16(nf), uint16(ni)
		p.BeginConstant, p.NumConstants = uint16(len(consts)), uint16(len(pk))
		curves, consts = append(curves, pc...), append(consts, pk...)
	}
	m.Curves, m.Constants = curves, consts
	return nil
}
