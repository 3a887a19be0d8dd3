package writeback

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
)

// jumpGap is how close, in frames, two keys of a glTF track are for the
// step between them to be a jump (with the keys either side at least
// jumpIsolation times as far): our export writes a discontinuity of the
// clip (a curve's wrap at its end frame) as two keys millionths of a
// frame apart, and verification, at eighths of a frame, sees no more of
// a step that short than its two sides. A track sampled that densely
// all along has no jumps.
const (
	jumpGap       = 1.0 / 64
	jumpIsolation = 8
)

// jump is a discontinuity of the glTF at sample at of the ideal: the
// sample holds the values after it, left[j] each driven joint's local
// values just before it. A BFRES curve carries it as it is: the segment
// before the key at that frame ends at the left value, the key starts
// at the sample's (the runtime takes the last key at or before a frame),
// so the fit neither averages nor ramps across it.
type jump struct {
	at   int
	left [][jointSlots]float64
}

// jumpTimes are the glTF's discontinuities, each as the sample-grid frame
// from which it plays the value after (the first 1/keyGrid frame at or
// after the jump) mapped to the glTF time, in seconds, just before it: a
// STEP key's time less a little, the first of two keys within jumpGap
// frames of each other and isolated. Where tracks jump into the same grid frame, the earliest time
// before.
func (s *Source) jumpTimes(fps float64) map[float64]float64 {
	const keyGrid = 8 // sampleFrames' grid
	out := map[float64]float64{}
	add := func(after, before float64) {
		g := math.Ceil(after*fps*keyGrid-1e-6) / keyGrid
		if g <= 0 {
			return
		}
		if b, ok := out[g]; !ok || before < b {
			out[g] = before
		}
	}
	for i := range s.Nodes {
		for _, tr := range s.Nodes[i].tracks {
			if tr == nil {
				continue
			}
			per, mid := 1, 0
			if tr.interp == interpCubic {
				per, mid = 3, tr.comps
			}
			key := func(k int) []float64 { return tr.values[k*per*tr.comps+mid : k*per*tr.comps+mid+tr.comps] }
			for k := 1; k < len(tr.times); k++ {
				if slices.Equal(key(k-1), key(k)) {
					continue
				}
				t0, t1 := tr.times[k-1], tr.times[k]
				switch {
				case tr.interp == interpStep:
					// The previous key holds until t1: a ten-thousandth
					// of a frame before it, or halfway for keys closer.
					add(t1, math.Max(t1-1e-4/fps, (t0+t1)/2))
				case (t1-t0)*fps < jumpGap && isolated(tr.times, k):
					add(t1, t0)
				}
			}
		}
	}
	return out
}

// isolated reports whether the keys either side of the pair k-1, k of
// times are at least jumpIsolation times its gap away.
func isolated(times []float64, k int) bool {
	gap := (times[k] - times[k-1]) * jumpIsolation
	return (k < 2 || times[k-1]-times[k-2] >= gap) && (k+1 >= len(times) || times[k+1]-times[k] >= gap)
}

// solveJumps finds the ideal's samples where the glTF jumps (times, from
// jumpTimes) and solves
// each driven joint's values just before the jump, as solveIdeal solves
// a sample (from the previous sample's values, kept joints playing the
// target), so that the fit can end the segment there.
func solveJumps(src *Source, skel *anim.Skeleton, m *Match, orig *anim.Clip, b *anim.Binding, id *ideal, times map[float64]float64, fps float64) []jump {
	if len(times) == 0 {
		return nil
	}
	n := len(skel.Joints)
	s := &solver{src: src, skel: skel, m: m, orig: orig, b: b, fps: fps, id: id, keep: id.same,
		sp: space{skel}, order: jointOrder(skel), pose: anim.NewPose(orig),
		world: make([]mgl64.Mat4, len(src.Nodes)), states: make([]jointState, n),
		prev: make([][anim.NumSlots]float64, n), next: make([][anim.NumSlots]float64, n)}
	var out []jump
	for i := 1; i < len(id.frames); i++ {
		before, ok := times[id.frames[i]]
		if !ok {
			continue
		}
		for j, d := range m.Driven {
			if d {
				for k := range jointSlots {
					s.prev[j][k] = id.values[j][k][i-1]
				}
			}
		}
		s.follow(id.frames[i-1], before*fps, 0)
		jp := jump{at: i, left: make([][jointSlots]float64, n)}
		for j, d := range m.Driven {
			if d {
				copy(jp.left[j][:], s.next[j][:jointSlots])
			}
		}
		out = append(out, jp)
	}
	return out
}

// fitPieces is fitHermite over the samples of one channel (joint j,
// slot) broken at the jumps the channel makes by more than tol: each
// piece is fitted alone, the piece before a jump ending at the left
// value, so that the keys hold two keys at a jump's frame, the left
// value's and the sample's (encode writes the segment before ending at
// the first and the key of the second). A constant piece before a jump
// gets a second key at its end, to hold it there.
func fitPieces(frames, ys []float64, jumps []jump, j int, slot anim.Slot, tol, fitTol float64, q quantizer) []hkey {
	var keys []hkey
	start := 0
	for _, jp := range jumps {
		l := jp.left[j][slot]
		if !(math.Abs(l-ys[jp.at]) > tol) {
			continue
		}
		piece := slices.Clone(ys[start : jp.at+1])
		piece[len(piece)-1] = l
		pk := fitHermite(frames[start:jp.at+1], piece, fitTol, q)
		if len(pk) == 1 {
			pk = append(pk, hkey{t: q.store(frames[jp.at]), v: pk[0].v})
		}
		keys = append(keys, pk...)
		start = jp.at
	}
	return append(keys, fitHermite(frames[start:], ys[start:], fitTol, q)...)
}
