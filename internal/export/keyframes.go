// The candidate frames of the sampling: the frames where the clip's
// curves have keys (and the frames just before those where a curve may
// jump), the J3D rotation steps worth keys, the end and a grid of whole
// frames, distinct as float32 seconds.

package export

import (
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
)

// keyFrames lists the frames where the clip's curves have keys, and the
// frames just before keys of curves that may jump there (NW segments,
// steps), inside [0, duration]; J3D rotation steps of the targets bound
// to joints whose steps matter (k.keepSteps).
func (k *baker) keyFrames() []float64 {
	c := k.clip
	joint := make([]int, len(c.Targets))
	for i := range joint {
		joint[i] = -1
	}
	if k.bind != nil {
		for j, ti := range k.bind.Target {
			if ti >= 0 && ti < len(joint) {
				joint[ti] = j
			}
		}
	}
	var out []float64
	for i := range c.Targets {
		out = targetFrames(c, &c.Targets[i], k.stepMinOf(joint[i]), out)
	}
	if c.RootMotion != nil {
		out = targetFrames(c, c.RootMotion, math.Inf(1), out)
	}
	return out
}

// stepMinOf is the smallest J3D rotation step (radians) worth keys on
// joint j: a quarter of its rotation tolerance. Finer steps are followed
// by the interpolation well within the tolerance, which spares a key per
// step (a BCK of random 400-joint motion has tens of thousands per curve).
func (k *baker) stepMinOf(j int) float64 {
	if j < 0 || j >= len(k.stepMin) {
		return math.Inf(1)
	}
	return k.stepMin[j]
}

// stepAngle is one step of a J3D rotation curve, in radians.
func stepAngle(h *anim.Hermite) float64 { return math.Ldexp(math.Pi/32768, h.RotationFrac) }

// targetFrames appends one target's key frames (see keyFrames) to out,
// with the steps of its J3D rotations larger than stepMin radians.
func targetFrames(c *anim.Clip, t *anim.Target, stepMin float64, out []float64) []float64 {
	add := func(t *anim.Target) {
		for _, ch := range t.Channels {
			kind := ch.Curve.Kind()
			if kind == anim.KindConstant || kind == anim.KindSampled {
				continue // sampled curves have keys at whole frames
			}
			if ff, ok := ch.Curve.(*anim.FullFrame); ok {
				out = fullFrameSwitches(ff, c, out)
				continue
			}
			jumps := kind != anim.KindHermite
			if h, ok := ch.Curve.(*anim.Hermite); ok && h.RotationFrac >= 0 && stepAngle(h) > stepMin {
				// A J3D rotation steps wherever its Hermite crosses a
				// whole s16 unit: every step is a key.
				for _, f := range quantizedSteps(h, c.Duration) {
					out = append(out, f, justBefore(f, c.FPS))
				}
			}
			n := ch.Curve.NumKeys()
			if n > maxCurveKeysListed {
				n = maxCurveKeysListed
			}
			for i := 0; i < n; i++ {
				f := ch.Curve.Key(i).Frame
				if f > 0 && f <= c.Duration {
					out = append(out, f)
					if jumps {
						out = append(out, justBefore(f, c.FPS))
					}
				}
			}
		}
	}
	add(t)
	return out
}

// fullFrameSwitches appends the frames in (0, duration] where a
// full-frame table's lookup moves to a different value, each with the
// frame just before it: the game holds each value between them, so STEP
// keys there are exact. The later runtime's lookup (int)(f + 0.5) reads
// value i from frame i - 0.5, the earlier one's (int)f from frame i.
func fullFrameSwitches(ff *anim.FullFrame, c *anim.Clip, out []float64) []float64 {
	shift := 0.0
	if ff.Round && !ff.Early {
		shift = 0.5
	}
	for i := 1; i < len(ff.Values) && i <= maxCurveKeysListed; i++ {
		f := float64(i) - shift
		if f > c.Duration {
			break
		}
		if ff.Values[i] != ff.Values[i-1] {
			out = append(out, f, justBefore(f, c.FPS))
		}
	}
	return out
}

// secs32 is frame f as float32 seconds, rounded down: a game curve takes
// a key's value from the key's frame on, so a key must not land after it
// (at the clip's last frame a player would otherwise still interpolate).
func secs32(f, fps float64) float32 {
	t := f / fps
	t32 := float32(t)
	if float64(t32) > t {
		t32 = math.Nextafter32(t32, float32(math.Inf(-1)))
	}
	return t32
}

// justBefore is the frame of the float32 time just below frame f's key
// time: a curve that jumps at a key gets its old value there and its new
// one at the key, so the jump is as sharp as float32 seconds allow.
func justBefore(f, fps float64) float64 {
	return float64(math.Nextafter32(secs32(f, fps), float32(math.Inf(-1)))) * fps
}

// quantizedSteps lists the frames in (0, end] where a J3D rotation curve
// changes value: the game truncates the Hermite to whole units, so the
// curve is a staircase. Each segment's cubic is split at its extrema into
// monotone pieces; on a monotone piece the truncated value changes only
// where the two ends differ, and bisection finds each step to far below
// float32 time resolution. At most maxStepsListed steps are listed.
func quantizedSteps(h *anim.Hermite, end float64) []float64 {
	keys := h.Keys
	var out []float64
	for i := 0; i+1 < len(keys) && len(out) < maxStepsListed; i++ {
		t0, t1 := keys[i].Time, keys[i+1].Time
		if t1 <= t0 || t0 >= end || t1 <= 0 {
			continue
		}
		// v(u) = a u³ + b u² + s0 u + p0 on u in [0, 1].
		L := t1 - t0
		p0, p1, s0, s1 := keys[i].Value, keys[i+1].Value, keys[i].Out*L, keys[i+1].In*L
		a, b := 2*p0-2*p1+s0+s1, -3*p0+3*p1-2*s0-s1
		cuts := []float64{0, 1}
		for _, u := range quadRoots(3*a, 2*b, s0) {
			if u > 0 && u < 1 {
				cuts = append(cuts, u)
			}
		}
		slices.Sort(cuts)
		for k := 0; k+1 < len(cuts); k++ {
			out = stepsIn(h, t0+cuts[k]*L, t0+cuts[k+1]*L, end, out)
		}
	}
	return out
}

// maxStepsListed bounds the steps of one curve used as keys.
const maxStepsListed = 1 << 16

// stepsIn appends the frames in (lo, hi] ∩ (0, end] where the monotone
// staircase h changes value.
func stepsIn(h *anim.Hermite, lo, hi, end float64, out []float64) []float64 {
	lo, hi = math.Max(lo, 0), math.Min(hi, end)
	if hi <= lo || len(out) >= maxStepsListed {
		return out
	}
	vlo, vhi := h.Eval(lo), h.Eval(hi)
	if vlo == vhi {
		return out
	}
	if hi-lo < 1e-9 {
		return append(out, hi)
	}
	mid := (lo + hi) / 2
	out = stepsIn(h, lo, mid, end, out)
	return stepsIn(h, mid, hi, end, out)
}

// quadRoots solves a x² + b x + c = 0 (a linear or empty answer when a
// or b vanish).
func quadRoots(a, b, c float64) []float64 {
	if math.Abs(a) < 1e-300 {
		if math.Abs(b) < 1e-300 {
			return nil
		}
		return []float64{-c / b}
	}
	d := b*b - 4*a*c
	if d < 0 {
		return nil
	}
	r := math.Sqrt(d)
	return []float64{(-b - r) / (2 * a), (-b + r) / (2 * a)}
}

// maxCurveKeysListed bounds the keys of one curve used as sampling
// candidates; the error-bounded refinement finds what lies between.
const maxCurveKeysListed = 1 << 16

// candidates are the frames sampled before refinement: the curves' key
// frames, the end, and whole frames every wholeStep frames (1 for linear
// and step channels, which the games' per-frame data and quantized
// rotations need; cubic channels follow the curves' own keys and need
// only a grid coarse enough that a midpoint test cannot pass by chance),
// distinct as float32 seconds.
func candidates(c *anim.Clip, fps float64, wholeStep int, keys []float64) []float64 {
	n := int(math.Floor(c.Duration))
	out := make([]float64, 0, n/wholeStep+2+len(keys))
	for i := 0; i <= n; i += wholeStep {
		out = append(out, float64(i))
	}
	out = append(out, c.Duration)
	out = append(out, keys...)
	slices.Sort(out)
	return dedupeTimes(out, fps)
}

// dedupeTimes drops frames whose float32 time in seconds equals the
// previous one's (glTF key times must increase strictly).
func dedupeTimes(fr []float64, fps float64) []float64 {
	w := 0
	var last float32
	for i, f := range fr {
		t := secs32(f, fps)
		if i > 0 && t <= last {
			continue
		}
		fr[w], last = f, t
		w++
	}
	return fr[:w]
}

// jointCandidates are the candidate frames of one joint on the fast path:
// whole frames every grid frames, the end, and its own target's keys (the
// ancestors' too under J3D Basic and SoftImage, whose scale rules look up
// the chain, and the parent's under its chain node, whose scale moves the
// translation).
func jointCandidates(k *baker, j, grid int) []float64 {
	c := k.clip
	n := int(math.Floor(c.Duration))
	var out []float64
	for i := 0; i <= n; i += grid {
		out = append(out, float64(i))
	}
	out = append(out, c.Duration)
	for a := j; a >= 0; a = k.skel.Joints[a].Parent {
		if ti := k.bind.Target[a]; ti >= 0 && ti < len(c.Targets) {
			stepMin := math.Inf(1) // an ancestor's scale matters, not its rotation
			if a == j {
				stepMin = k.stepMinOf(j)
			}
			out = targetFrames(c, &c.Targets[ti], stepMin, out)
		}
		if k.skel.Mode != anim.J3DBasic && !softImage(k.skel.Mode) && !(a == j && k.lay.underChain(j)) {
			break
		}
	}
	slices.Sort(out)
	return dedupeTimes(out, c.FPS)
}
