package writeback

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/j3d"
)

// realBTKs calls f with every BTK under the directory ANIMSCOPE_REAL
// names, loose or in a RARC (Yaz0 or not), named X.arc:path/y.btk.
func realBTKs(t *testing.T, f func(name string, data []byte)) {
	archivetest.RealFiles(t, archivetest.Ext(".btk"), f)
}

// TestRealBTKRoundTrip (ANIMSCOPE_REAL): every real BTK exported alone
// (as `animscope export` without a model) and imported unedited onto
// itself gives its own bytes back, and the result plays the glTF within
// the bound. ANIMSCOPE_BTK_REPORT names a file for a table per BTK.
func TestRealBTKRoundTrip(t *testing.T) {
	var rows []string
	n, same := 0, 0
	realBTKs(t, func(name string, data []byte) {
		n++
		where := strings.TrimPrefix(name, os.Getenv("ANIMSCOPE_REAL")+"/")
		src := exportTexGLB(t, btkClip(t, data), filepath.Base(name))
		res, err := ImportBTK(src, data)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
		ident := bytes.Equal(res.Data, data)
		if ident {
			same++
		} else {
			t.Errorf("%s: written BTK differs from the target (%d keys, target %d; %d bytes, target %d)", where, res.Keys, res.KeysBefore, len(res.Data), len(data))
		}
		if res.Worst > 1 {
			t.Errorf("%s: %.3g× the bound from the glTF (%s)", where, res.Worst, res.WorstJoint)
		}
		rows = append(rows, fmt.Sprintf("%s\t%v\t%.3g\t%.3g\t%d\t%d\t%d\t%d", where, ident, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data)))
	})
	table := "btk\tidentical\tworst/bound\ttarget worst/bound\tkeys before\tkeys after\tbytes before\tbytes after\n" + strings.Join(rows, "\n") + "\n"
	t.Logf("%d of %d BTKs byte-identical\n%s", same, n, table)
	if out := os.Getenv("ANIMSCOPE_BTK_REPORT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRealBTKEdits (ANIMSCOPE_REAL): every real BTK exported alone, its
// glTF edited on every animated material (the offset moved by 0.25 in S;
// the rotation turned 0.3 rad further), imported onto the BTK: the
// written entries play the edited glTF within the bound at every eighth
// of a frame, the game's angle within one step (scanStepErr, by brute
// force), except where the import says why not: the formula cannot
// make the glTF's matrices, or J3D Basic's values jump where the texture
// turns past a quarter turn under unequal scales (MetalMarioBall's
// Anim.btk turned 0.3 rad further).
// ANIMSCOPE_BTK_REPORT names a file for a table per BTK and edit.
func TestRealBTKEdits(t *testing.T) {
	type edit struct {
		name string
		do   func(m *TexMaterial)
	}
	edits := []edit{
		{"offset", func(m *TexMaterial) {
			if m.off == nil {
				m.Off[0] += 0.25
				return
			}
			for k := 0; k < len(m.off.values); k += 2 {
				m.off.values[k] += 0.25
			}
		}},
		{"rotation", func(m *TexMaterial) { turn(t, m, 0.3) }},
	}
	var rows []string
	realBTKs(t, func(name string, data []byte) {
		where := strings.TrimPrefix(name, os.Getenv("ANIMSCOPE_REAL")+"/")
		for _, ed := range edits {
			orig := btkClip(t, data)
			src := exportTexGLB(t, orig, filepath.Base(name))
			for i := range src.Materials {
				if src.Materials[i].Animated() {
					ed.do(&src.Materials[i])
				}
			}
			res, err := ImportBTK(src, data)
			if err != nil {
				t.Errorf("%s %s: %v", where, ed.name, err)
				continue
			}
			b, err := j3d.DecodeBTK(res.Data)
			if err != nil {
				t.Fatal(err)
			}
			got := btkClip(t, res.Data)
			step := math.Ldexp(180.0/32768, int(b.RotationFrac))
			entries, _ := matchTexEntries(src, orig)
			worst := 0.0
			var tp anim.TargetPose
			for _, e := range entries {
				if e.mat == nil {
					continue
				}
				tg := &got.Targets[e.pos]
				for s := 0; s <= int(got.Duration)*8; s++ {
					f := float64(s) / 8
					anim.EvaluateTarget(tg, f, &tp)
					worst = math.Max(worst, scanStepErr(tg, &tp, e.mat.MatrixAt(f/got.FPS), step))
				}
			}
			unreachable, jumps := false, false
			for _, n := range res.Notes {
				unreachable = unreachable || strings.Contains(n, "cannot make")
				jumps = jumps || strings.Contains(n, "jump")
			}
			if worst > 1 && !unreachable && !jumps {
				t.Errorf("%s %s: %.3g× the bound (the import says %.3g×, notes %q)", where, ed.name, worst, res.Worst, res.Notes)
			}
			rows = append(rows, fmt.Sprintf("%s\t%s\t%.3g\t%.3g\t%v\t%v\t%d\t%d\t%d\t%d", where, ed.name, worst, res.Worst, unreachable, jumps, res.KeysBefore, res.Keys, len(data), len(res.Data)))
		}
	})
	table := "btk\tedit\tworst/bound (scan)\tworst/bound (import)\tunreachable\tjumps\tkeys before\tkeys after\tbytes before\tbytes after\n" + strings.Join(rows, "\n") + "\n"
	t.Logf("\n%s", table)
	if out := os.Getenv("ANIMSCOPE_BTK_REPORT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
