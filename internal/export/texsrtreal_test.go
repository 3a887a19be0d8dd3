package export

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
)

// texSRTMeasure is how far the exported texture transforms of one clip
// are from the game's matrices, played by the test player.
type texSRTMeasure struct {
	// worst is the largest entry error as a fraction of the bound
	// 1e-4·max(1, |m|), at frame and target, where a J3D rotation may
	// be off by one s16 step (the stated exception: the game truncates
	// its angle to whole steps); strict counts no step.
	worst, frame, strict float64
	target               string
	// sheared counts the samples whose game matrix has no exact
	// offset·rotation·scale form (compared with its projection).
	sheared int
	// keys counts the keys of every texture transform sampler.
	keys int
}

// texSRTMaterials maps each texture SRT target of clip (by position in
// clip.Targets) to the material its KHR_texture_transform animates: the
// export adds one material per target in the clip's order.
func texSRTMaterials(t *testing.T, d *gDoc, ai int, clip *anim.Clip) map[int]int {
	var idx []int
	for m, parts := range pointerMaterials(t, d, ai) {
		if slices.Contains(parts, "baseColorTexture/extensions/KHR_texture_transform/offset") {
			idx = append(idx, m)
		}
	}
	slices.Sort(idx)
	out := map[int]int{}
	for ti := range clip.Targets {
		if clip.Targets[ti].Kind != anim.TexSRTTarget {
			continue
		}
		if len(out) >= len(idx) {
			t.Fatalf("%d texture-transform materials for more texture SRT targets", len(idx))
		}
		out[ti] = idx[len(out)]
	}
	if len(out) != len(idx) {
		t.Fatalf("%d texture-transform materials for %d texture SRT targets", len(idx), len(out))
	}
	return out
}

// trsProjection is what an offset·rotation·scale can hold of a sheared
// matrix: its first column and the second column's part across it.
func trsProjection(m anim.TexMatrix) anim.TexMatrix {
	sx := math.Hypot(m[0][0], m[1][0])
	if sx == 0 {
		return m
	}
	c, s := m[0][0]/sx, m[1][0]/sx
	sy := -s*m[0][1] + c*m[1][1]
	return anim.TexMatrix{{m[0][0], -s * sy, m[0][2]}, {m[1][0], c * sy, m[1][2]}}
}

// measureTexSRT plays animation ai of d at every 1/perFrame of a frame
// over the clip and compares each texture transform with the game's
// matrix (anim.TexMatrixOf, which `sample` prints).
func measureTexSRT(t *testing.T, d *gDoc, ai int, clip *anim.Clip, perFrame int) texSRTMeasure {
	t.Helper()
	var r texSRTMeasure
	mats := texSRTMaterials(t, d, ai, clip)
	an := &d.Animations[ai]
	for _, ch := range an.Channels {
		if p := ch.Target.Extensions.Pointer; p != nil && strings.Contains(p.Pointer, "KHR_texture_transform") {
			r.keys += d.Accessors[an.Samplers[ch.Sampler].Input].Count
		}
	}
	var tp anim.TargetPose
	n := int(math.Ceil(clip.Duration * float64(perFrame)))
	for ti, m := range mats {
		tg := &clip.Targets[ti]
		for k := 0; k <= n; k++ {
			f := math.Min(float64(k)/float64(perFrame), clip.Duration)
			anim.EvaluateTarget(tg, f, &tp)
			got := texTransformAt(t, d, ai, m, f/clip.FPS)
			best := math.Inf(1)
			// The angle within a step of the game's nearest the
			// player's (J3D Maya turns the other way).
			step := fineStepDeg(tg)
			phi := math.Atan2(got[1][0], got[0][0]) * 180 / math.Pi
			near := func(d float64) float64 {
				d = math.Remainder(d, 360)
				return math.Max(-step, math.Min(step, d))
			}
			tries := []float64{0, near(phi - tp.V[anim.RotZ]), near(-phi - tp.V[anim.RotZ])}
			if hasShear(anim.TexMatrixOf(tg, &tp)) && step > 0 {
				// A sheared matrix's projection turns its first column
				// away from the angle, so the player's angle does not
				// name the one it was built from: try the whole step.
				for i := 0; i <= 64; i++ {
					tries = append(tries, -step+2*step*float64(i)/64)
				}
			}
			for i, dd := range tries {
				k := float64(i)
				p := tp
				p.V[anim.RotZ] += dd
				want := anim.TexMatrixOf(tg, &p)
				if hasShear(want) {
					if k == 0 {
						r.sheared++
					}
					want = trsProjection(want)
				}
				e := 0.0
				for i := range want {
					for j := range want[i] {
						e = math.Max(e, math.Abs(got[i][j]-want[i][j])/(1e-4*math.Max(1, math.Abs(want[i][j]))))
					}
				}
				if k == 0 {
					r.strict = math.Max(r.strict, e)
				}
				best = math.Min(best, e)
			}
			if best > r.worst {
				r.worst, r.frame, r.target = best, f, fmt.Sprintf("%s texgen %d", tg.Name, tg.TexGen)
			}
		}
	}
	return r
}

// realTexSRTClips calls f with every texture SRT clip under the directory
// ANIMSCOPE_REAL names: BTKs, loose or in a RARC (Yaz0 or not), and the
// texture SRT animations of BFRES files.
func realTexSRTClips(t *testing.T, f func(source string, clip *anim.Clip)) {
	openClips := func(name string, data []byte) {
		a, err := formats.Open(name, data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		for _, c := range a.Clips {
			if len(c.Targets) > 0 && c.Targets[0].Kind == anim.TexSRTTarget {
				f(name, c)
			}
		}
	}
	archivetest.RealFiles(t, archivetest.Ext(".btk", ".bfres", ".sbfres"), func(name string, data []byte) {
		// A Yaz0 .sbfres arrives decompressed: opened as the .bfres it holds.
		if strings.EqualFold(filepath.Ext(name), ".sbfres") {
			name = strings.TrimSuffix(name, filepath.Ext(name)) + ".bfres"
		}
		openClips(name, data)
	})
}

// TestRealTexSRTExact (ANIMSCOPE_REAL): every real texture SRT clip,
// exported alone and played by the test player at every 1/32 of a
// frame, keeps every texture matrix entry m within 1e-4·max(1, |m|) of
// the game's (for a sheared matrix, of its offset·rotation·scale
// projection, which the export warns about; a J3D rotation within one
// s16 step, the stated exception). ANIMSCOPE_TEXSRT_REPORT
// names a file for a table of the worst error, keys and size per clip.
func TestRealTexSRTExact(t *testing.T) {
	var rows []string
	n := 0
	realTexSRTClips(t, func(source string, clip *anim.Clip) {
		n++
		name := fmt.Sprintf("texsrt-real-%d.glb", n)
		d, _ := exportFile(t, name, Scene{Clips: []Clip{{Clip: clip, Source: source}}})
		r := measureTexSRT(t, d, 0, clip, 32)
		st, err := os.Stat(filepath.Join(outDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		where := strings.TrimPrefix(source, os.Getenv("ANIMSCOPE_REAL")+"/")
		if clip.Name != "" && !strings.Contains(where, clip.Name) {
			where += ":" + clip.Name
		}
		rows = append(rows, fmt.Sprintf("%s\t%g\t%.3g\t%g\t%s\t%.3g\t%d\t%d\t%d", where, clip.Duration, r.worst, r.frame, r.target, r.strict, r.sheared, r.keys, st.Size()))
		if r.worst > 1 {
			t.Errorf("%s: texture matrix off by %.3g× the bound at frame %g (%s)", where, r.worst, r.frame, r.target)
		}
	})
	table := "clip\tframes\tworst/bound\tat frame\ttarget\tstrict/bound\tsheared samples\tkeys\tbytes\n" + strings.Join(rows, "\n") + "\n"
	t.Logf("%d texture SRT clips\n%s", n, table)
	if out := os.Getenv("ANIMSCOPE_TEXSRT_REPORT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
