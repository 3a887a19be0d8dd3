package writeback

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
)

// checkSteps is how many times per frame verification poses the written
// file: eighths, so that it sees between the quarter frames the fit was
// held to.
const checkSteps = 8

// verdict is how far a written file's joints land from the glTF's, as a
// fraction of the bound: worst over all, and per joint.
type verdict struct {
	worst      float64
	worstJoint int
	perJoint   []float64
}

// verifyBCK decodes a written BCK with the reader every command uses,
// poses it on skel with anim.Skeleton.World and measures every matched
// joint against the glTF player's pose (ref).
func verifyBCK(data []byte, ref *reference, skel *anim.Skeleton, m *Match) (verdict, error) {
	dec, err := j3d.DecodeBCK(data)
	if err != nil {
		return verdict{}, err
	}
	clip, err := dec.Clip()
	if err != nil {
		return verdict{}, err
	}
	if err := clip.Validate(); err != nil {
		return verdict{}, err
	}
	// Measured as the export promises, before the game's truncation of
	// interpolated rotations (see ImportBCK).
	clip = clip.UnroundedRotations()
	bind := anim.BindByIndex(clip, skel)
	return ref.measure(clip, &bind, skel, m), nil
}

// reference is the glTF player's position of every node at every
// 1/checkSteps frame, posed once for all the measures of an import.
type reference struct {
	frames int // samples: duration·checkSteps + 1
	nodes  int
	pos    []mgl64.Vec3
	bound  []float64 // PositionBound of each pos, for the measures to share
	// wholeOnly says the glTF holds its motion once per frame
	// (Source.onceAFrame); then a joint that plays the target's own
	// tracks, and whose driven ancestors all do (same, when set), is
	// measured at whole frames only: between them the glTF is a straight
	// line where the target curves, and the file keeps the target's
	// curve there.
	wholeOnly bool
	same      []bool
}

// bounds fills bound from pos.
func (r *reference) bounds() *reference {
	r.bound = make([]float64, len(r.pos))
	for i, p := range r.pos {
		r.bound[i] = PositionBound(p)
	}
	return r
}

func newReference(src *Source, fps float64, duration int) *reference {
	r := &reference{frames: duration*checkSteps + 1, nodes: len(src.Nodes), wholeOnly: src.onceAFrame(fps)}
	r.pos = make([]mgl64.Vec3, r.frames*r.nodes)
	gl := make([]mgl64.Mat4, len(src.Nodes))
	for i := range r.frames {
		src.WorldAt(float64(i)/checkSteps/fps, gl)
		for n := range gl {
			r.pos[i*r.nodes+n] = mgl64.Vec3{gl[n][12], gl[n][13], gl[n][14]}
		}
	}
	return r.bounds()
}

// newReferenceSolved is newReference taking the matched nodes'
// positions at id's sample frames (those on the 1/checkSteps grid) from
// id, which solveIdeal posed there already from the same glTF times: half
// the posing of an import. The other nodes are left out at those frames;
// measure reads matched nodes only.
func newReferenceSolved(src *Source, fps float64, duration int, id *ideal, m *Match) *reference {
	r := &reference{frames: duration*checkSteps + 1, nodes: len(src.Nodes), wholeOnly: src.onceAFrame(fps)}
	r.pos = make([]mgl64.Vec3, r.frames*r.nodes)
	solved := make([]int, r.frames)
	for i := range solved {
		solved[i] = -1
	}
	for k, f := range id.frames {
		if g := f * checkSteps; g == math.Trunc(g) && g >= 0 && g < float64(r.frames) {
			solved[int(g)] = k
		}
	}
	n := len(m.Node)
	gl := make([]mgl64.Mat4, len(src.Nodes))
	for i := range r.frames {
		if k := solved[i]; k >= 0 {
			for j, ni := range m.Node {
				if ni >= 0 {
					r.pos[i*r.nodes+ni] = id.pos[k*n+j]
				}
			}
			continue
		}
		src.WorldAt(float64(i)/checkSteps/fps, gl)
		for n := range gl {
			r.pos[i*r.nodes+n] = mgl64.Vec3{gl[n][12], gl[n][13], gl[n][14]}
		}
	}
	return r.bounds()
}

// measure poses clip at every 1/checkSteps frame against the reference.
func (r *reference) measure(clip *anim.Clip, bind *anim.Binding, skel *anim.Skeleton, m *Match) verdict {
	n := len(skel.Joints)
	v := verdict{worstJoint: -1, perJoint: make([]float64, n)}
	pose := anim.NewPose(clip)
	game := make([]mgl64.Mat4, n)
	kept := r.keptChains(skel, m)
	for i := range r.frames {
		anim.Evaluate(clip, float64(i)/checkSteps, pose)
		skel.World(pose, bind, game)
		for j, ni := range m.Node {
			if ni < 0 || kept != nil && kept[j] && i%checkSteps != 0 {
				continue
			}
			want := r.pos[i*r.nodes+ni]
			got := mgl64.Vec3{game[j][12], game[j][13], game[j][14]}
			e := got.Sub(want).Len() / r.bound[i*r.nodes+ni]
			if e > v.perJoint[j] || math.IsNaN(e) {
				v.perJoint[j] = e
			}
			if e > v.worst || math.IsNaN(e) {
				v.worst, v.worstJoint = e, j
			}
		}
	}
	return v
}

// keptChains marks, when the reference measures kept joints at whole
// frames only, each joint that plays the target's tracks with all its
// driven ancestors (a joint the glTF does not drive plays the target's
// too); nil otherwise.
func (r *reference) keptChains(skel *anim.Skeleton, m *Match) []bool {
	if !r.wholeOnly || r.same == nil {
		return nil
	}
	kept := make([]bool, len(skel.Joints))
	for _, j := range jointOrder(skel) {
		kept[j] = !m.Driven[j] || r.same[j]
		if p := skel.Joints[j].Parent; p >= 0 && p < len(kept) {
			kept[j] = kept[j] && kept[p]
		}
	}
	return kept
}
