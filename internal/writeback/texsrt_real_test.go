package writeback

import (
	"bytes"
	"math"
	"os"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/internal/sample"
)

// realTexSRT is a retail FRES (Yaz0 unwrapped); the test is skipped
// where the file is not (retail files are never in the repository).
func realTexSRT(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip("no retail files here")
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			t.Fatal(err)
		}
	}
	return data
}

// sampledClips is the sample document (as `sample --json` prints it) of
// every clip of a FRES, in file order, every quarter frame.
func sampledClips(t *testing.T, data []byte) [][]byte {
	t.Helper()
	f, err := bfres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	clips, _ := f.Clips()
	var out [][]byte
	for _, c := range clips {
		var frames []float64
		for s := 0; s <= 4*int(c.Duration); s++ {
			frames = append(frames, float64(s)/4)
		}
		doc, err := sample.Build("x", c, sample.Options{Frames: frames})
		if err != nil {
			t.Fatal(err)
		}
		b, err := sample.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// TestTexSRTRealFiles imports, onto every retail texture SRT clip at
// hand (BotW's Wii U face clips, Mario Kart 8 Deluxe's Switch pupil
// FMAA, whose visibility fixes its layout), the clip's own export
// unedited (the file comes back byte for byte) and, on three clips per
// file, with its last parameter's offset scrolled by 0.1 over the clip: that parameter's
// matrix lands within the bound (twice: the glTF carries the export's
// error) of the target's own with the scroll added, at every eighth of
// a frame, and every other clip of the file samples byte for byte as
// before.
func TestTexSRTRealFiles(t *testing.T) {
	for _, path := range []string{
		"/work/real/botw/Npc_Gerudo_Queen_Animation.bfres",
		"/work/real/mk8dx/Mario.szs",
		"/work/real/mk8dx/LinkBotw.szs",
		"/work/real/mk8dx/Yoshi.szs",
	} {
		t.Run(path, func(t *testing.T) {
			data := realTexSRT(t, path)
			f, err := bfres.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			before := sampledClips(t, data)
			names := TexSRTNames(f)
			if len(names) == 0 {
				t.Fatal("no texture SRT clip")
			}
			// Every clip's unedited round trip; the edit (sampling
			// every clip of the file again) on the first, middle and
			// last.
			edit := map[string]bool{names[0]: true, names[len(names)/2]: true, names[len(names)-1]: true}
			for _, name := range names {
				_, _, orig := texSRTTarget(t, data, name)
				src := exportTexGLB(t, orig, name)
				res, err := ImportTexSRT(src, data, name)
				if err != nil {
					t.Fatalf("%s unedited: %v", name, err)
				}
				if !bytes.Equal(res.Data, data) {
					t.Errorf("%s: unedited round trip changed the file", name)
				}
				if !edit[name] {
					continue
				}
				edited := -1
				for i := range orig.Targets {
					if orig.Targets[i].Kind == anim.TexSRTTarget {
						edited = i
					}
				}
				end := math.Max(1, float64(orig.Duration))
				ramp := func(f float64) float64 { return 0.1 * f / end }
				label := texLabel(orig, &orig.Targets[edited])
				for i := range src.Materials {
					if m := &src.Materials[i]; m.Name == label && m.off != nil {
						for k := 0; k < len(m.off.values); k += 2 {
							m.off.values[k] += ramp(m.off.times[k/2] * orig.FPS)
						}
					}
				}
				if res, err = ImportTexSRT(src, data, name); err != nil {
					t.Fatalf("%s edited: %v", name, err)
				}
				t.Logf("%s (%d frames) edited: worst %.3f of the bound at %s (target %.3g), keys %d -> %d, file %d -> %d bytes, %d passes",
					name, int(orig.Duration), res.Worst, res.WorstJoint, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data), res.Passes)
				_, _, got := texSRTTarget(t, res.Data, name)
				var tp, gp anim.TargetPose
				worst := 0.0
				for s := 0; s <= int(orig.Duration)*8; s++ {
					fr := float64(s) / 8
					anim.EvaluateTarget(&orig.Targets[edited], fr, &tp)
					want := asGLTF(anim.TexMatrixOf(&orig.Targets[edited], &tp))
					want[0][2] += ramp(fr)
					anim.EvaluateTarget(&got.Targets[edited], fr, &gp)
					worst = math.Max(worst, texErr(asGLTF(anim.TexMatrixOf(&got.Targets[edited], &gp)), want))
				}
				if worst > 2 {
					t.Errorf("%s: edited parameter %.3g× the bound from the target's with the scroll added", name, worst)
				}
				after := sampledClips(t, res.Data)
				g, _ := bfres.Parse(res.Data)
				clips, _ := g.Clips()
				for i := range before {
					if clips[i].Name == name && clips[i].Format == orig.Format {
						continue
					}
					if !bytes.Equal(before[i], after[i]) {
						t.Errorf("%s: clip %d (%s, %s) samples differently after the import", name, i, clips[i].Name, clips[i].Format)
					}
				}
			}
		})
	}
}
