// The joint resampling: bakeJoints runs the stages (posing, error bound,
// keying, sampling, key reduction) for one clip.

package export

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
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

// bakeJoints resamples a joint clip and returns the channels that
// differ from the nodes' rest transforms. The stages, each with its
// input and output:
//
//  1. posing (baker): the clip on the skeleton, the nodes' local
//     transforms at any frame, read straight from the pose where the
//     skeleton's rule composes as glTF does (the fast path) or split
//     from anim.Skeleton.World's matrices;
//  2. the error bound (baker.tolerances): per node and path how far
//     the local value may be off so that every joint and mesh corner
//     stays within PositionBound (MeshBound);
//  3. keying (jointKeying): per channel its interpolation under how
//     and whether it can change;
//  4. sampling (refiner): the candidate frames (keyframes.go) and what
//     the refinement adds between them, dense enough that interpolating
//     between neighbours holds the tolerance;
//  5. key reduction (reducer): the keys each channel keeps;
//  6. measured loosening (baker.loosen), where the keys are dense: the
//     joints re-keyed with looser tolerances as far as their measured
//     world positions stay within the bound.
//
// On the fast path every joint is sampled on its own, at its own
// curves' keys (a 400-joint BCK has thousands of rotation steps per
// curve; sampling all joints at every joint's steps would cost their
// product); otherwise the whole skeleton is sampled together, since
// each node's transform depends on others'.
//
// The channels' keys live in mem (nil: their own storage) until the next
// call with it.
func bakeJoints(s *anim.Skeleton, b *anim.Binding, c *anim.Clip, rootMotion bool, how Interpolation, rest []trs, lay *layout, meshPts []meshPoint, mem *bakeMem) ([]nodeChannel, []string) {
	if mem == nil {
		mem = &bakeMem{}
	}
	mem.reset()
	// J3D rotations are followed without the games' truncation to whole
	// s16 units (anim.Clip.UnroundedRotations): the export's one stated
	// exception to the bound. The staircase would cost a key per
	// 0.022° step, tens of thousands per curve on a character's clip.
	c = c.UnroundedRotations()
	k := newBaker(s, b, c, rootMotion, lay)
	if softImage(s.Mode) && !k.root {
		// In the split layout every SoftImage node is a function of its
		// joint's values and its ancestors' scales (softImageLocal);
		// checkFast confirms it against World.
		k.fast = true
	}
	k.meshPts = meshPts
	k.seenMats = mem.worlds
	defer func() { mem.worlds = k.seenMats }()
	// The bound is measured at whole frames, once the fast path is known
	// to agree with World there (checkFast).
	whole := candidates(c, c.FPS, 1, nil)
	k.checkFast(whole)
	k.boundFloor(whole)
	tol := k.tolerances(whole)
	n := len(s.Joints)
	k.stepMin = make([]float64, n)
	for j := range k.stepMin {
		k.stepMin[j] = tol[j][pathR] / 4
	}
	smoothCurves := smoothClip(c)
	ky := jointKeying(k, tol, how, smoothCurves)
	if how == Linear {
		ky.grow = k.tolGrowth(whole, tol) // (CUBICSPLINE keeps the clip-wide tolerances)
	}
	grid := candidateGrid(how, smoothCurves)
	var out []nodeChannel
	exhausted := false
	if !k.fast {
		r := newRefiner(k.at, n, ky)
		dense := r.run(candidates(c, c.FPS, grid, k.keyFrames()))
		exhausted = r.exhausted
		red := reducer{keying: ky}
		for j := range rest {
			fillNonFinite(dense, j, &rest[j])
		}
		fixQuatSigns(dense)
		base := make([][]nodeChannel, n)
		for j := range base {
			base[j] = red.reduceNode(dense, j, &rest[j], j, nil)
		}
		// Loosened, the samples stay those of the bound stage's
		// tolerances: denser than the keys need.
		loose := red
		loose.offCurveOK = true
		loose.tol = append([][numPaths]float64(nil), ky.tol...)
		out = k.loosen(base, rest, ky.tol, func(j int, mult float64) []nodeChannel {
			loose.tol[j] = loosened(ky.tol[j], mult)
			return loose.reduceNode(dense, j, &rest[j], j, nil)
		})
	} else {
		red := reducer{keys: &mem.keys, keep: mem.keep, rots: mem.rots}
		red.rq.dec = mem.dec
		fb := fastBake{k: k, ky: ky, rest: rest, grid: grid, mem: mem, red: red}
		out = fb.run()
		exhausted = fb.exhausted
		mem.keep, mem.rots, mem.dec = fb.red.keep, fb.red.rots, fb.red.rq.dec
	}
	var warns []string
	if w := k.unheldWarning(); w != "" {
		warns = append(warns, w)
	}
	if exhausted {
		warns = append(warns, fmt.Sprintf("clip %q: stopped refining at the pose budget; positions may be off by more than the bound between samples", c.Name))
	}
	return out, warns
}

// candidateGrid is the spacing, in whole frames, of the grid the
// sampling starts from: every frame (the games' per-frame data and
// quantized rotations need it), cubicGrid for smooth curves, and none
// for smooth curves played LINEAR, whose walk keeps its leaves within
// cubicGrid (maxLeaf): the candidates need only the curves' keys.
func candidateGrid(how Interpolation, smoothCurves bool) int {
	switch {
	case !smoothCurves:
		return 1
	case how == Linear:
		return math.MaxInt32
	}
	return cubicGrid
}

// bakeMem is storage bakeJoints reuses from clip to clip.
type bakeMem struct {
	poses  slabs[trs]     // the fast path's poses' transforms
	dense  []poseAt       // and the poses
	keys   slabs[float64] // the channels' frames and values
	keep   []int          // keepInterp's
	rots   [][4]float64   // and its rotations in a row
	dec    [][4]float64   // and their rounding (rotQuant)
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
