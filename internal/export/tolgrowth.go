// Tolerances that follow the clip: the error bound is relative to each
// position's distance from the origin (PositionBound), so the clip-wide
// tolerances (baker.tolerances, the smallest over the clip) are set by
// the frames where the joints are nearest to it. Where a clip moves the
// character far away (Wind Waker's gwp00 drops Link's root 350 units),
// the bound there is a hundred times larger, and keying the whole clip to
// the tightest frame took thousands of keys per frame. tolGrowth measures
// the tolerances frame by frame and lets LINEAR channels use, between two
// measured frames, the smaller of the two.

package export

import (
	"math"
	"sort"
)

// tolGrowth is, per joint, window of the clip and path, how many times
// the clip-wide tolerance the channel may use there (at least 1). The
// windows lie between consecutive measured frames. nil: 1 everywhere.
type tolGrowth struct {
	frames []float64
	g      [][][numPaths]float64 // [joint][window]
}

// maxGrowthFrames bounds the frames the growth is measured at (spread
// over the clip); the windows between them are then longer.
const maxGrowthFrames = 256

// growthWork bounds the points (joints and mesh corners) times frames
// measured; minGrowthFrames are measured however many points.
const (
	growthWork      = 1 << 19
	minGrowthFrames = 16
)

// maxGrowthParts bounds the parts each frame is measured in.
const maxGrowthParts = 8

// tolGrowth measures the tolerances at the whole frames (at most
// maxGrowthFrames of them) against the clip-wide ones, base.
func (k *baker) tolGrowth(whole []float64, base [][numPaths]float64) *tolGrowth {
	if len(whole) < 2 || !k.boundVaries(whole) {
		return nil
	}
	// Short clips are measured between the whole frames too (parts per
	// frame), where a joint passing near the origin changes its bound
	// within a frame.
	// Each measurement visits every joint and mesh corner up its chain:
	// bounded by growthWork.
	most := max(minGrowthFrames, min(maxGrowthFrames, growthWork/(len(base)+len(k.meshPts))))
	step := max(1, (len(whole)+most-1)/most)
	parts := max(1, min(maxGrowthParts, most/len(whole)))
	var frames []float64
	for i := 0; i < len(whole); i += step {
		frames = append(frames, whole[i])
		if step == 1 && i+1 < len(whole) {
			for q := 1; q < parts; q++ {
				frames = append(frames, whole[i]+(whole[i+1]-whole[i])*float64(q)/float64(parts))
			}
		}
	}
	if frames[len(frames)-1] != whole[len(whole)-1] {
		frames = append(frames, whole[len(whole)-1])
	}
	// Tolerances at one frame: no cache lookups, and the frame's own
	// bound.
	seen, floor := k.seen, k.floor
	k.seen, k.floor = nil, nil
	defer func() { k.seen, k.floor = seen, floor }()
	at := make([][][numPaths]float64, len(frames))
	// The joints' bounds at each frame measured (tolerances poses it).
	edge := make([][]float64, len(frames))
	for i, f := range frames {
		at[i] = k.tolerances([]float64{f})
		edge[i] = make([]float64, len(base))
		for j := range edge[i] {
			w := &k.world[j]
			edge[i][j] = PositionBound([3]float64{w[12], w[13], w[14]})
		}
	}
	// A joint whose bound dips between two frames measured (passing near
	// the origin) shrinks the tolerances there, its own and its
	// ancestors', at most as much as its bound: the growth in that window
	// is cut by the deepest dip.
	cut := make([]float64, len(frames)-1)
	lower := make([]float64, len(base))
	for w := range cut {
		for j := range lower {
			lower[j] = min(edge[w][j], edge[w+1][j])
		}
		cut[w] = k.dips.deepest(frames[w], frames[w+1], lower)
	}
	n := len(base)
	t := &tolGrowth{frames: frames, g: make([][][numPaths]float64, n)}
	grows := false
	for j := range t.g {
		t.g[j] = make([][numPaths]float64, len(frames)-1)
		for w := range t.g[j] {
			for p := 0; p < numPaths; p++ {
				g := math.Min(at[w][j][p], at[w+1][j][p]) / base[j][p] / cut[w]
				if !(g > 1) {
					g = 1
				}
				t.g[j][w][p] = g
				grows = grows || g > 1
			}
		}
	}
	if !grows {
		return nil
	}
	return t
}

// boundVaries reports whether some joint's PositionBound changes by more
// than growthRatio over the clip (at up to maxTolFrames of the frames):
// otherwise the tolerances change only with the lever arms, and
// measuring them frame by frame costs more than it saves.
func (k *baker) boundVaries(frames []float64) bool {
	n := len(k.skel.Joints)
	lo, hi := make([]float64, n), make([]float64, n)
	step := max(1, len(frames)/maxTolFrames)
	for fi := 0; fi < len(frames); fi += step {
		k.worldAt(frames[fi])
		for j := range lo {
			b := PositionBound([3]float64{k.world[j][12], k.world[j][13], k.world[j][14]})
			if fi == 0 || b < lo[j] {
				lo[j] = b
			}
			if k.floor != nil {
				lo[j] = min(lo[j], k.floor[j])
			}
			hi[j] = math.Max(hi[j], b)
		}
	}
	for j := range lo {
		if hi[j] > growthRatio*lo[j] {
			return true
		}
	}
	return false
}

// growthRatio is how much a bound must change over the clip for the
// tolerances to be measured frame by frame.
const growthRatio = 2

// at is how many times its clip-wide tolerance channel (j, p) may use
// over the frames [f0, f1]: the least over the windows they touch.
func (t *tolGrowth) at(j, p int, f0, f1 float64) float64 {
	if t == nil {
		return 1
	}
	fr := t.frames
	// The last edge at or before f0 and the first at or after f1.
	w0 := max(sort.SearchFloat64s(fr, f0)-1, 0)
	if w0+1 < len(fr) && fr[w0+1] <= f0 {
		w0++
	}
	w1 := min(sort.SearchFloat64s(fr, f1), len(fr)-1)
	w0 = min(w0, len(fr)-2)
	g := math.Inf(1)
	for w := w0; w < max(w1, w0+1); w++ {
		g = math.Min(g, t.g[j][w][p])
	}
	return g
}

// joint is the growth of joint j alone.
func (t *tolGrowth) joint(j int) *tolGrowth {
	if t == nil {
		return nil
	}
	return &tolGrowth{frames: t.frames, g: t.g[j : j+1]}
}
