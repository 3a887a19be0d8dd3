package export

import (
	"fmt"
	"math"
	"slices"

	"github.com/animscope/animscope/anim"
	"github.com/go-gl/mathgl/mgl64"
)

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
