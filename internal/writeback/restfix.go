package writeback

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// maxRestSlack is how far, in degrees, a node's rest frame may be from
// its joint's rest frame turned by a quarter-turn rotation for alignRest
// to take the quarter turns as the node's: a skin's bind pose (which
// Blender rests its bones in) differs from the skeleton's rest by a few
// degrees on some models, a turned bone by a multiple of 90°.
const maxRestSlack = 20

// alignRest sets, for a glTF whose nodes rest as skel's joints do but
// turned by quarter turns, each matched node's turn back to its joint's
// frame. Blender's glTF importer (its default bone heuristic) lays each
// bone along the local axis nearest its child, and its export writes the
// bones as it holds them: a node's frame is then its joint's times a
// rotation of the axes onto each other, the same at rest and in every
// pose, so that its world at any time times the turn back is the joint's
// frame again (where the node is does not change; how it is turned, which
// its children and skinned mesh follow in the game's terms, does). The
// turn is read from the rests, never from the animation, so an edit
// cannot be taken for one. Nothing is set when every node rests turned
// as its joint (animscope's own export), or when some node rests turned
// otherwise than by quarter turns: the glTF's frames are then taken as
// they are.
func (s *Source) alignRest(skel *anim.Skeleton, m *Match) {
	s.fix = nil
	game := make([]mgl64.Mat4, len(skel.Joints))
	skel.World(nil, nil, game)
	rest := make([]mgl64.Mat4, len(s.Nodes))
	for _, i := range s.order {
		nd := &s.Nodes[i]
		l := nd.Matrix
		if !nd.HasMatrix {
			l = composeTRS(nd.T, nd.R, nd.S)
		}
		if p := nd.Parent; p >= 0 {
			l = rest[p].Mul4(l)
		}
		rest[i] = l
	}
	fix := map[int]mgl64.Mat4{}
	for j, ni := range m.Node {
		if ni < 0 {
			continue
		}
		// The joint's node and, where the export split it, its scale
		// node: Blender turns each bone to its own frame.
		for _, ni := range []int{ni, m.World[j]} {
			a, okA := frame(game[j])
			b, okB := frame(rest[ni])
			if !okA || !okB {
				return
			}
			r := a.Transpose().Mul3(b)
			p, ok := quarterTurns(r)
			if !ok || angleBetween(r, p) > maxRestSlack {
				return
			}
			if p != mgl64.Ident3() {
				fix[ni] = p.Transpose().Mat4()
			}
		}
	}
	if len(fix) > 0 {
		s.fix = fix
	}
}

// frame is m's rotation: its 3×3 part with the columns made unit length
// (the scale taken out), false when a column is zero or the axes mirror.
func frame(m mgl64.Mat4) (mgl64.Mat3, bool) {
	r := m.Mat3()
	for c := range 3 {
		col := r.Col(c)
		l := col.Len()
		if !(l > 1e-9) {
			return r, false
		}
		r.SetCol(c, col.Mul(1/l))
	}
	return r, r.Det() > 0
}

// quarterTurns is the rotation among the 24 that map axes onto axes
// (each column a signed unit axis) nearest r: each column's largest
// component, signed. False when two columns pick one axis.
func quarterTurns(r mgl64.Mat3) (mgl64.Mat3, bool) {
	var p mgl64.Mat3
	used := [3]bool{}
	for c := range 3 {
		col := r.Col(c)
		k := 0
		for i := 1; i < 3; i++ {
			if math.Abs(col[i]) > math.Abs(col[k]) {
				k = i
			}
		}
		if used[k] {
			return p, false
		}
		used[k] = true
		p.Set(k, c, math.Copysign(1, col[k]))
	}
	return p, p.Det() > 0
}

// angleBetween is the angle in degrees of the rotation taking b to a.
func angleBetween(a, b mgl64.Mat3) float64 {
	tr := 0.0
	for k := range a {
		tr += a[k] * b[k]
	}
	return math.Acos(math.Max(-1, math.Min(1, (tr-1)/2))) * 180 / math.Pi
}
