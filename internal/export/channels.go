package export

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// nodeChannel is one exported glTF channel of a joint node.
type nodeChannel struct {
	node, path int
	mode       interp
	frames     []float64
	values     []float64 // 3 or 4 per key; cubic: in-slope, value, out-slope (per frame)
}

// minJumpFrames is the narrowest interval the refinement splits, in
// frames: two keys this close turn a jump of the game's curve (a J3D
// rotation stepping by one s16 unit, an NW segment boundary) into a
// near-vertical ramp. Longer clips need more to stay distinct as float32
// seconds.
func minJumpFrames(c *anim.Clip) float64 {
	end := secs32(c.Duration, c.FPS)
	ulp := float64(math.Nextafter32(end, float32(math.Inf(1))) - end)
	return math.Max(1e-4, 8*ulp*c.FPS)
}

// cubicGrid is the spacing, in frames, of the whole frames sampled before
// refinement when the clip's curves are smooth: the refinement's tests
// see their shape from the slopes (CUBICSPLINE's own, LINEAR's
// hermiteErr), so a finer grid adds only samples.
const cubicGrid = 4

// bakeJoints samples a joint clip and returns the channels that differ
// from the nodes' rest transforms. On the fast path every joint is
// sampled on its own, at its own curves' keys (a 400-joint BCK has
// thousands of rotation steps per curve; sampling all joints at every
// joint's steps would cost their product); otherwise the whole skeleton
// is sampled together, since each node's transform depends on others'.
//
// The channels' keys live in mem (nil: their own storage) until the next
// call with it.
func bakeJoints(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, rootMotion bool, how Interpolation, rest []trs, meshPts []meshPoint, mem *bakeMem) ([]nodeChannel, []string) {
	if mem == nil {
		mem = &bakeMem{}
	}
	mem.reset()
	k := newBaker(s, b, c, rootMotion)
	k.meshPts = meshPts
	k.seenMats = mem.worlds
	defer func() { mem.worlds = k.seenMats }()
	wmin := minJumpFrames(c)
	smoothCurves := smoothClip(c)
	smooth := how == Cubic && smoothCurves
	grid := 1
	if smoothCurves {
		grid = cubicGrid
	}
	walking := how == Linear && smoothCurves
	if walking {
		// walk's leaves are no longer than the grid (maxLeaf): the
		// candidates need only the curves' keys.
		grid = math.MaxInt32
	}
	whole := candidates(c, c.FPS, 1, nil)
	k.checkFast(whole)
	tol := k.tolerances(whole)
	n := len(s.Joints)
	k.stepMin = make([]float64, n)
	for j := range k.stepMin {
		k.stepMin[j] = tol[j][pathR] / 4
	}
	all := candidates(c, c.FPS, grid, k.keyFrames())
	mode := make([][numPaths]interp, n)
	active := make([][numPaths]bool, n)
	for j := range mode {
		for p := 0; p < numPaths; p++ {
			active[j][p] = k.varies(j, p)
			switch {
			case k.stepwise(j, p):
				mode[j][p] = interpStep
			case smooth:
				mode[j][p] = interpCubic
			}
		}
	}
	newRefiner := func(at func(f float64, out []trs), n int, tol [][numPaths]float64, mode [][numPaths]interp, active [][numPaths]bool) *refiner {
		r := &refiner{at: at, n: n, tol: tol, mode: mode, active: active, wmin: wmin, evalsLeft: evalBudget(n),
			hermite: walking}
		if walking {
			r.maxLeaf = cubicGrid
		}
		for j := range mode {
			for p := range mode[j] {
				r.cubic = r.cubic || mode[j][p] == interpCubic
			}
		}
		return r
	}
	var out []nodeChannel
	exhausted := false
	if !k.fast {
		r := newRefiner(k.at, n, tol, mode, active)
		dense := r.run(all)
		exhausted = r.exhausted
		out = r.channels(dense, rest, func(j int) int { return j })
	} else {
		var tp anim.TargetPose
		// One joint's poses are done with once its channels are built
		// (channelOf copies the values): the next joint reuses them.
		pool := &mem.poses
		poses := mem.dense
		for j := 0; j < n; j++ {
			if active[j] == [numPaths]bool{} {
				one := k.localAt(j, 0, &tp)
				out = append(out, constantChannels(j, one, rest[j], tol[j])...)
				continue
			}
			jj := j
			r := newRefiner(func(f float64, o []trs) { o[0] = k.localAt(jj, f, &tp) }, 1,
				tol[j:j+1], mode[j:j+1], active[j:j+1])
			pool.reset()
			r.slabs, r.out = pool, poses[:0]
			dense := r.run(jointCandidates(k, j, grid))
			poses = dense
			exhausted = exhausted || r.exhausted
			r.keys, r.keep = &mem.keys, mem.keep
			out = append(out, r.channels(dense, rest[j:j+1], func(int) int { return jj })...)
			mem.keep = r.keep
		}
		mem.dense = poses
	}
	var warns []string
	if exhausted {
		warns = append(warns, fmt.Sprintf("clip %q: stopped refining at the pose budget; positions may be off by more than the bound between samples", c.Name))
	}
	return out, warns
}

// bakeMem is storage bakeJoints reuses from clip to clip.
type bakeMem struct {
	poses  slabs[trs]     // the fast path's poses' transforms
	dense  []poseAt       // and the poses
	keys   slabs[float64] // the channels' frames and values
	keep   []int          // keepInterp's
	worlds []mgl64.Mat4   // checkFast's
}

func (m *bakeMem) reset() {
	if m.poses.size == 0 {
		m.poses.size = slabPoses * 3
		m.keys.size = 1 << 14
	}
	m.poses.reset()
	m.keys.reset()
}

// evalBudget bounds the poses one refinement may evaluate (a hostile
// curve that oscillates everywhere): about 50 million joint transforms.
func evalBudget(n int) int { return max(4096, 50_000_000/max(n, 1)) }

// jointCandidates are the candidate frames of one joint on the fast path:
// whole frames every grid frames, the end, and its own target's keys (the
// ancestors' too under J3D Basic, whose scale rule looks up the chain).
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
		if k.skel.Mode != anim.J3DBasic {
			break
		}
	}
	slices.Sort(out)
	return dedupeTimes(out, c.FPS)
}

// constantChannels are the one-key channels of a joint that holds still
// away from its rest transform.
func constantChannels(j int, v, rest trs, tol [numPaths]float64) []nodeChannel {
	var out []nodeChannel
	dense := []poseAt{{v: []trs{v}}}
	for p := 0; p < numPaths; p++ {
		if pathErr(p, &v, &rest) > tol[p]/2 {
			ch := channelOf(dense, []int{0}, 0, p, interpLinear, nil)
			ch.node = j
			out = append(out, ch)
		}
	}
	return out
}

// channels turns the dense samples into the channels that differ from
// rest; node maps the refiner's slot to the skeleton joint.
func (r *refiner) channels(dense []poseAt, rest []trs, node func(int) int) []nodeChannel {
	fixQuatSigns(dense)
	var out []nodeChannel
	for j := 0; j < r.n; j++ {
		for p := 0; p < numPaths; p++ {
			lim := r.tol[j][p] / 2
			var ch nodeChannel
			switch {
			case !r.active[j][p]:
				// Constant over the clip: one key where it differs from
				// the rest pose.
				if pathErr(p, &dense[0].v[j], &rest[j]) <= lim {
					continue
				}
				ch = channelOf(dense, []int{0}, j, p, interpLinear, r.keys)
			case isStatic(dense, j, p, &rest[j], lim):
				continue
			case r.mode[j][p] == interpStep:
				ch = channelOf(dense, keepSteps(dense, j, p, lim), j, p, interpStep, r.keys)
			case r.mode[j][p] == interpLinear:
				ch = channelOf(dense, r.keepInterp(dense, j, p, r.linearKeepTol(j, p)), j, p, interpLinear, r.keys)
			default:
				ch = channelOf(dense, r.keepInterp(dense, j, p, lim), j, p, r.mode[j][p], r.keys)
			}
			ch.node = node(j)
			out = append(out, ch)
		}
	}
	return out
}

func isStatic(dense []poseAt, j, p int, rest *trs, lim float64) bool {
	for i := range dense {
		if pathErr(p, &dense[i].v[j], rest) > lim {
			return false
		}
	}
	return true
}

// fixQuatSigns makes consecutive rotations of each node lie in the same
// hemisphere, so every player interpolates along the short arc.
func fixQuatSigns(dense []poseAt) {
	for i := 1; i < len(dense); i++ {
		for j := range dense[i].v {
			a, b := dense[i-1].v[j].R, &dense[i].v[j].R
			if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
				*b = [4]float64{-b[0], -b[1], -b[2], -b[3]}
				if dense[i].din != nil {
					negR(&dense[i].din[j])
					negR(&dense[i].dout[j])
				}
			}
		}
	}
}

// keepSteps keeps the first sample and every sample whose value differs
// from the last kept one.
func keepSteps(dense []poseAt, j, p int, lim float64) []int {
	keep := []int{0}
	for i := 1; i < len(dense); i++ {
		if pathErr(p, &dense[i].v[j], &dense[keep[len(keep)-1]].v[j]) > lim {
			keep = append(keep, i)
		}
	}
	return keep
}

// keepInterp keeps few samples (greedily) such that interpolating between
// the kept ones (the channel's own interpolation) reproduces every dropped
// sample within lim, and also the midpoint of every dense interval (as
// that interval's own interpolation gives it, which the refinement
// checked against the game): a key whose slope reaches across a jump is
// only right for a short span, and its dense neighbours alone would not
// show that.
func (r *refiner) keepInterp(dense []poseAt, j, p int, lim float64) []int {
	var fine, coarse trs
	midOK := func(s, e, i int) bool {
		a, c := &dense[i], &dense[i+1]
		if c.f-a.f <= r.wmin {
			return true // a jump: its inside is no part of the curve
		}
		mid := (a.f + c.f) / 2
		r.interpAt(j, p, a, c, 0.5, &fine)
		r.interpAt(j, p, &dense[s], &dense[e], (mid-dense[s].f)/(dense[e].f-dense[s].f), &coarse)
		return pathErr(p, &fine, &coarse) <= lim
	}
	linRot := r.mode[j][p] == interpLinear && p == pathR
	var arc slerpArc
	r.keep = greedyKeep(r.keep, len(dense), r.mode[j][p] == interpLinear, func(s, e int) bool {
		if linRot {
			if !arc.init(dense[s].v[j].R, dense[e].v[j].R) {
				return false
			}
			// From the middle out: a span too long fails there first.
			span := dense[e].f - dense[s].f
			mid := (s + e) / 2
			for d := 0; mid-d > s || mid+d+1 < e; d++ {
				for _, i := range [2]int{mid - d, mid + d + 1} {
					if i > s && i < e && !arc.within((dense[i].f-dense[s].f)/span, dense[i].v[j].R, lim) {
						return false
					}
				}
			}
			return true
		}
		for i := s + 1; i < e; i++ {
			if r.interpErr(j, p, &dense[s], &dense[i], &dense[e]) > lim {
				return false
			}
		}
		// Only the slopes at s and e are new to the span; the first and
		// last dense intervals are where a wrong one shows between
		// samples. STEP needs no such check.
		if r.mode[j][p] != interpCubic {
			return true
		}
		return midOK(s, e, s) && midOK(s, e, e-1)
	})
	return r.keep
}

// smoothClip reports whether every curve of the clip is smooth between
// its keys (J3D Hermite other than rotations, NW cubic, linear and baked
// float curves), so CUBICSPLINE with the curves' own slopes fits it with
// few keys. Quantized J3D rotations, steps and per-frame slerped samples
// (JBA, which LINEAR reproduces exactly) are not.
func smoothClip(c *anim.Clip) bool {
	ok := func(t *anim.Target) bool {
		if t.Quat != nil {
			return false
		}
		for _, ch := range t.Channels {
			switch ch.Curve.Kind() {
			case anim.KindConstant, anim.KindCubic, anim.KindLinear, anim.KindBakedFloat:
			case anim.KindHermite:
				if h, isH := ch.Curve.(*anim.Hermite); !isH || h.RotationFrac >= 0 {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.JointTarget && !ok(&c.Targets[i]) {
			return false
		}
	}
	return c.RootMotion == nil || ok(c.RootMotion)
}

// greedyKeep picks samples 0 = k0 < k1 < ... < n-1 such that ok(k_i,
// k_i+1) holds (every sample between two kept ones is reproduced), each
// step as long as a doubling then bisecting search finds; with hint, the
// search first tries the previous step's length (neighbouring keys tend
// to be alike apart, so one more check usually settles it). ok(s, s+1)
// must hold. The cost is O(n log n) checks of O(span) each, with hint
// about two per key where the spacing is steady. The hint suits only an
// ok that checks every sample of the span (LINEAR): CUBICSPLINE's check
// trusts the shorter spans the doubling tried before.
func greedyKeep(buf []int, n int, hint bool, ok func(s, e int) bool) []int {
	keep := append(buf[:0], 0)
	last := 1
	for s := 0; s < n-1; {
		good, bad := s+1, n // ok(s, good) holds; bad fails (or is n)
		if h := s + last; hint && h > good && h < n {
			if ok(s, h) {
				good = h
			} else {
				bad = h
			}
		}
		if bad == n {
			step := 1
			for good+step < n && ok(s, good+step) {
				good += step
				step *= 2
			}
			bad = min(good+step, n)
		}
		for bad-good > 1 {
			mid := (good + bad) / 2
			if ok(s, mid) {
				good = mid
			} else {
				bad = mid
			}
		}
		keep = append(keep, good)
		last = good - s
		s = good
	}
	return keep
}

func channelOf(dense []poseAt, keep []int, j, p int, mode interp, mem *slabs[float64]) nodeChannel {
	if mem == nil {
		mem = &slabs[float64]{}
	}
	ch := nodeChannel{node: j, path: p, mode: mode, frames: mem.take(len(keep))}
	comp, per := 3, 1
	if p == pathR {
		comp = 4
	}
	if mode == interpCubic {
		per = 3 // in-tangent, value, out-tangent
	}
	ch.values = mem.take(len(keep) * comp * per)[:0]
	part := func(v *trs) {
		switch p {
		case pathT:
			for _, x := range v.T {
				ch.values = append(ch.values, x)
			}
		case pathR:
			for _, x := range v.R {
				ch.values = append(ch.values, x)
			}
		default:
			for _, x := range v.S {
				ch.values = append(ch.values, x)
			}
		}
	}
	for i, k := range keep {
		ch.frames[i] = dense[k].f
		if mode == interpCubic {
			part(&dense[k].din[j])
			part(&dense[k].v[j])
			part(&dense[k].dout[j])
			continue
		}
		part(&dense[k].v[j])
	}
	return ch
}

// vecChannel is a channel of plain numbers (a texture transform, a
// colour) addressed by a JSON pointer.
type vecChannel struct {
	pointer string
	step    bool
	frames  []float64
	values  []float64 // dim per key
	dim     int
}

// sampleVec samples fn (dim numbers per frame) over [0, duration]:
// whole frames and the given key frames (each with the frame just before
// it), refined at midpoints until linear interpolation (or, for step,
// holding) is within tol of every component or the interval is narrower
// than minGap, then reduced to the keys that matter.
func sampleVec(c *anim.Clip, dim int, step bool, tol, minGap float64, keys []float64, fn func(f float64, out []float64)) (frames, values []float64) {
	wmin := math.Max(minJumpFrames(c), minGap)
	n := int(math.Floor(c.Duration))
	var cands []float64
	for i := 0; i <= n; i++ {
		cands = append(cands, float64(i))
	}
	cands = append(cands, c.Duration)
	for _, k := range keys {
		if k > 0 && k < c.Duration {
			cands = append(cands, k, justBefore(k, c.FPS))
		}
	}
	slices.Sort(cands)
	cands = dedupeTimes(cands, c.FPS)
	type vs struct {
		f float64
		v []float64
	}
	eval := func(f float64) vs {
		v := make([]float64, dim)
		fn(f, v)
		return vs{f, v}
	}
	far := func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > tol/2 {
				return true
			}
		}
		return false
	}
	budget := evalBudget(1)
	var dense []vs
	var refine func(a, b vs, depth int)
	refine = func(a, b vs, depth int) {
		if b.f-a.f <= wmin || depth > maxRefineDepth || budget <= 0 {
			return
		}
		m := eval((a.f + b.f) / 2)
		budget--
		split := false
		if step {
			split = far(a.v, m.v) || far(a.v, b.v)
		} else {
			mid := make([]float64, dim)
			for i := range mid {
				mid[i] = (a.v[i] + b.v[i]) / 2
			}
			split = far(mid, m.v)
		}
		if split {
			refine(a, m, depth+1)
		}
		dense = append(dense, m)
		if split {
			refine(m, b, depth+1)
		}
	}
	prev := eval(cands[0])
	dense = append(dense, prev)
	for _, f := range cands[1:] {
		next := eval(f)
		refine(prev, next, 0)
		dense = append(dense, next)
		prev = next
	}
	keep := []int{0}
	if step {
		for i := 1; i < len(dense); i++ {
			if far(dense[i].v, dense[keep[len(keep)-1]].v) {
				keep = append(keep, i)
			}
		}
	} else {
		tmp := make([]float64, dim)
		keep = greedyKeep(nil, len(dense), true, func(s, e int) bool {
			for i := s + 1; i < e; i++ {
				u := (dense[i].f - dense[s].f) / (dense[e].f - dense[s].f)
				for d := range tmp {
					tmp[d] = dense[s].v[d] + (dense[e].v[d]-dense[s].v[d])*u
				}
				if far(tmp, dense[i].v) {
					return false
				}
			}
			return true
		})
	}
	for _, k := range keep {
		frames = append(frames, dense[k].f)
		values = append(values, dense[k].v...)
	}
	return frames, values
}
