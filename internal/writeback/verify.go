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
// joint against the glTF player's pose.
func verifyBCK(data []byte, src *Source, skel *anim.Skeleton, m *Match, fps float64, duration int) (verdict, error) {
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
	bind := anim.BindByIndex(clip, skel)
	return measure(clip, &bind, src, skel, m, fps, duration), nil
}

// measure poses clip and the glTF at every 1/checkSteps frame.
func measure(clip *anim.Clip, bind *anim.Binding, src *Source, skel *anim.Skeleton, m *Match, fps float64, duration int) verdict {
	n := len(skel.Joints)
	v := verdict{worstJoint: -1, perJoint: make([]float64, n)}
	pose := anim.NewPose(clip)
	game := make([]mgl64.Mat4, n)
	gl := make([]mgl64.Mat4, len(src.Nodes))
	for i := 0; i <= duration*checkSteps; i++ {
		f := float64(i) / checkSteps
		anim.Evaluate(clip, f, pose)
		skel.World(pose, bind, game)
		src.WorldAt(f/fps, gl)
		for j, ni := range m.Node {
			if ni < 0 {
				continue
			}
			want := mgl64.Vec3{gl[ni][12], gl[ni][13], gl[ni][14]}
			got := mgl64.Vec3{game[j][12], game[j][13], game[j][14]}
			e := got.Sub(want).Len() / PositionBound(want)
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
