package export

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

var materialPointer = regexp.MustCompile(`^/materials/(\d+)/pbrMetallicRoughness/(baseColorFactor|baseColorTexture/extensions/KHR_texture_transform/(offset|rotation|scale))$`)

// texTransformAt is the texture matrix a player applies for material m at
// time tm: KHR_texture_transform's T(offset)·R(rotation)·S(scale), with
// R = [[cos, −sin], [sin, cos]] as the extension's GLSL writes it
// (mat3(cos, sin, 0, −sin, cos, 0, ...) is column-major).
func texTransformAt(t *testing.T, d *gDoc, ai int, m int, tm float64) anim.TexMatrix {
	p := d.pose(t, ai, tm)
	base := fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/", m)
	off, rot, sc := p.pointers[base+"offset"], p.pointers[base+"rotation"], p.pointers[base+"scale"]
	if off == nil || rot == nil || sc == nil {
		t.Fatalf("material %d: offset/rotation/scale not all animated (%v)", m, p.pointers)
	}
	c, s := math.Cos(rot[0]), math.Sin(rot[0])
	return anim.TexMatrix{{c * sc[0], -s * sc[1], off[0]}, {s * sc[0], c * sc[1], off[1]}}
}

// pointerMaterials lists, per material index, the pointer targets an
// animation drives.
func pointerMaterials(t *testing.T, d *gDoc, ai int) map[int][]string {
	out := map[int][]string{}
	for _, ch := range d.Animations[ai].Channels {
		if ch.Target.Path != "pointer" {
			continue
		}
		m := materialPointer.FindStringSubmatch(ch.Target.Extensions.Pointer.Pointer)
		if m == nil {
			t.Fatalf("unexpected pointer %q", ch.Target.Extensions.Pointer.Pointer)
		}
		i, _ := strconv.Atoi(m[1])
		out[i] = append(out[i], m[2])
	}
	return out
}

func materialName(t *testing.T, d *gDoc, m int) string {
	mats, _ := d.raw["materials"].([]any)
	if m >= len(mats) {
		t.Fatalf("material %d of %d", m, len(mats))
	}
	name, _ := mats[m].(map[string]any)["name"].(string)
	return name
}

// hasShear reports whether a texture matrix has no exact T·R·S form
// (its columns are not orthogonal).
func hasShear(m anim.TexMatrix) bool {
	dot := m[0][0]*m[0][1] + m[1][0]*m[1][1]
	return math.Abs(dot) > 1e-9*math.Max(1, math.Hypot(m[0][0], m[1][0])*math.Hypot(m[0][1], m[1][1]))
}

// TestTexSRTExport: every texture SRT clip of the testdata (BTK Basic and
// Maya, BFRES NW modes) drives one quad material per target; at
// fractional frames the player's KHR_texture_transform matrix equals the
// game's matrix (anim.TexMatrixOf, which `sample` prints) within the
// sample tolerance wherever that matrix has an exact offset·rotation·scale
// form; where it has shear the export says so.
func TestTexSRTExport(t *testing.T) {
	files := []string{"../../formats/j3d/testdata/btk_basic.btk", "../../formats/j3d/testdata/btk_maya.btk", "../../formats/j3d/testdata/btk_multi.btk",
		"../../formats/bfres/testdata/texsrt.bfres", "../../formats/bfres/testdata/v33_layout.bfres"}
	n := 0
	for _, f := range files {
		for _, clip := range open(t, f).Clips {
			if clip.Targets[0].Kind != anim.TexSRTTarget {
				continue
			}
			n++
			t.Run(filepath.Base(f)+"/"+clip.Name, func(t *testing.T) {
				d, warns := exportFile(t, filepath.Base(f)+"-"+clip.Name+".glb", Scene{Clips: []Clip{{Clip: clip, Source: f}}})
				checkTexSRT(t, d, clip, strings.Join(warns, "\n"))
			})
		}
	}
	if n < 5 {
		t.Fatalf("%d texture SRT clips", n)
	}
}

func checkTexSRT(t *testing.T, d *gDoc, clip *anim.Clip, warns string) {
	mats := pointerMaterials(t, d, 0)
	if len(mats) != len(clip.Targets) {
		t.Fatalf("%d animated materials for %d targets", len(mats), len(clip.Targets))
	}
	var tp anim.TargetPose
	// One material per target, in the clip's order, named after it.
	var idx []int
	for m := range mats {
		idx = append(idx, m)
	}
	slices.Sort(idx)
	for ti, m := range idx {
		name := materialName(t, d, m)
		tg := &clip.Targets[ti]
		if !strings.HasPrefix(name, tg.Name) || !strings.Contains(name, fmt.Sprintf("texgen %d", tg.TexGen)) {
			t.Fatalf("material %d %q for target %d %q texgen %d", m, name, ti, tg.Name, tg.TexGen)
		}
		sheared := false
		for _, f := range testFrames(clip) {
			anim.EvaluateTarget(tg, f, &tp)
			want := anim.TexMatrixOf(tg, &tp)
			if hasShear(want) {
				sheared = true
				continue
			}
			got := texTransformAt(t, d, 0, m, f/clip.FPS)
			// J3D rotation steps are followed
			// within two steps: the game's matrix two steps either way
			// also counts.
			// Between two steps the ramp is off by up to what one step
			// changes in each entry.
			ok := false
			for _, k := range []float64{0, -1, 1, -2, 2} {
				p, q := tp, tp
				p.V[anim.RotZ] += k * fineStepDeg(tg)
				q.V[anim.RotZ] += (k + 1) * fineStepDeg(tg)
				mp, mq := anim.TexMatrixOf(tg, &p), anim.TexMatrixOf(tg, &q)
				ok = ok || matrixClose(got, mp, entryDiff(mp, mq))
			}
			if !ok {
				t.Fatalf("%s frame %g: player matrix %v, game %v", name, f, got, want)
			}
		}
		if sheared != strings.Contains(warns, "matrix of "+name+" has shear") {
			t.Errorf("%s: shear %v but warnings %q", name, sheared, warns)
		}
	}
}

// fineStepDeg is one step of the target's J3D rotation in degrees (the
// export follows those steps within two), else 0.
func fineStepDeg(tg *anim.Target) float64 {
	if ch, ok := tg.Channel(anim.RotZ); ok {
		if h, isH := ch.Curve.(*anim.Hermite); isH && h.RotationFrac >= 0 {
			return math.Ldexp(180.0/32768, h.RotationFrac)
		}
	}
	return 0
}

// matrixClose is the sample schema's rule for matrix entries, plus slack.
func matrixClose(got, want anim.TexMatrix, slack float64) bool {
	for r := range want {
		for c := range want[r] {
			if math.Abs(got[r][c]-want[r][c]) > 1e-4*math.Max(1, math.Abs(want[r][c]))+slack {
				return false
			}
		}
	}
	return true
}

// entryDiff is the largest entry difference of two matrices.
func entryDiff(a, b anim.TexMatrix) float64 {
	d := 0.0
	for r := range a {
		for c := range a[r] {
			d = math.Max(d, math.Abs(a[r][c]-b[r][c]))
		}
	}
	return d
}

// truncated is a colour curve as the J3D colour decoders give it: a
// Hermite whose value the game truncates to a whole number.
type truncated struct{ anim.Hermite }

func (c *truncated) Eval(f float64) float64 { return math.Trunc(c.Hermite.Eval(f)) }

func colourCurve(keys ...anim.HermiteKey) anim.Curve {
	h := anim.Hermite{Keys: keys, RotationFrac: anim.NotRotation}
	return &truncated{h}
}

// colourClip is a synthetic BRK/BPK-like clip: a TEV register whose red
// and alpha move (red past 255, which the factor clamps), a material
// colour held constant, and a texture pattern and a shape visibility that
// glTF cannot animate.
func colourClip() *anim.Clip {
	base := anim.DefaultBase()
	c := &anim.Clip{Name: "glow", Format: "brk", Duration: 40, FPS: 30, Loop: anim.Loop}
	reg := anim.Target{Name: "body/C1", Kind: anim.TevRegTarget, Material: "body", Register: "C1", TexGen: -1, Base: base}
	reg.Channels = []anim.Channel{
		{Slot: anim.ColorR, Curve: colourCurve(anim.HermiteKey{Time: 0, Value: 10}, anim.HermiteKey{Time: 25, Value: 300, In: 4, Out: 4}, anim.HermiteKey{Time: 40, Value: 50})},
		{Slot: anim.ColorG, Curve: anim.Constant(128)},
		{Slot: anim.ColorB, Curve: anim.Constant(-20)},
		{Slot: anim.ColorA, Curve: colourCurve(anim.HermiteKey{Time: 5, Value: 255}, anim.HermiteKey{Time: 30, Value: 0})},
	}
	mat := anim.Target{Name: "eyes", Index: 1, Kind: anim.MatColorTarget, TexGen: -1, Base: base,
		Channels: []anim.Channel{{Slot: anim.ColorR, Curve: anim.Constant(200)}, {Slot: anim.ColorG, Curve: anim.Constant(100)},
			{Slot: anim.ColorB, Curve: anim.Constant(50)}, {Slot: anim.ColorA, Curve: anim.Constant(255)}}}
	pat := anim.Target{Name: "eyes", Index: 2, Kind: anim.TexPatternTarget, TexGen: -1, TexMap: 1, Base: base,
		Channels: []anim.Channel{{Slot: anim.TexIndex, Curve: colourCurve(anim.HermiteKey{Time: 0, Value: 0}, anim.HermiteKey{Time: 40, Value: 4})}}}
	vis := anim.Target{Index: 3, Kind: anim.ShapeTarget, TexGen: -1, Base: base,
		Channels: []anim.Channel{{Slot: anim.Visible, Curve: colourCurve(anim.HermiteKey{Time: 0, Value: 1}, anim.HermiteKey{Time: 20, Value: 1.5}, anim.HermiteKey{Time: 21, Value: 0})}}}
	c.Targets = []anim.Target{reg, mat, pat, vis}
	return c
}

// TestColourExport: colour targets drive their quad's baseColorFactor
// (game value / 255, clamped) through KHR_animation_pointer as STEP keys,
// exact at fractional frames; other material kinds are listed per whole
// frame in the animation's extras.
func TestColourExport(t *testing.T) {
	clip := colourClip()
	if err := clip.Validate(); err != nil {
		t.Fatal(err)
	}
	d, _ := exportFile(t, "colour.glb", Scene{Clips: []Clip{{Clip: clip, Source: "synthetic.brk"}}})
	mats := pointerMaterials(t, d, 0)
	if len(mats) != 2 {
		t.Fatalf("animated materials %v", mats)
	}
	wmin := minJumpFrames(clip)
	var tp anim.TargetPose
	for m := range mats {
		name := materialName(t, d, m)
		ti := map[string]int{"body/C1": 0, "eyes": 1}[name]
		for _, f := range testFrames(clip) {
			got := d.pose(t, 0, f/clip.FPS).pointers[fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorFactor", m)]
			ok := false
			// A jump within the refinement's resolution of f may show either side.
			for _, g := range []float64{f, f - wmin, f + wmin} {
				anim.EvaluateTarget(&clip.Targets[ti], g, &tp)
				want := colourFactor(&tp)
				same := true
				for i := range want {
					same = same && math.Abs(got[i]-want[i]) < 1e-6
				}
				ok = ok || same
			}
			if !ok {
				anim.EvaluateTarget(&clip.Targets[ti], f, &tp)
				t.Fatalf("%s frame %g: baseColorFactor %v, game %v", name, f, got, colourFactor(&tp))
			}
		}
	}
	tracks, _ := d.Animations[0].Extras["materialTracks"].([]any)
	if len(tracks) != 2 {
		t.Fatalf("materialTracks %v", d.Animations[0].Extras["materialTracks"])
	}
	for i, tr := range tracks {
		m := tr.(map[string]any)
		tg := &clip.Targets[2+i]
		if m["kind"] != tg.Kind.String() {
			t.Errorf("track %d kind %v", i, m["kind"])
		}
		ch := m["channels"].(map[string]any)[tg.Channels[0].Slot.Name(tg.Kind)].([]any)
		for f, v := range ch {
			anim.EvaluateTarget(tg, float64(f), &tp)
			if v.(float64) != tp.V[tg.Channels[0].Slot] {
				t.Fatalf("track %d frame %d: %v, want %v", i, f, v, tp.V[tg.Channels[0].Slot])
			}
		}
		if len(ch) != 41 {
			t.Errorf("track %d: %d frames", i, len(ch))
		}
	}
}

// TestFamilyColourExport: the decoded J3D BRK and BPK fixtures (TEV and
// konst registers, material colours; tangent modes 0 and 1, clamped and
// truncated values) export one animated baseColorFactor per colour
// target, equal to the game's colour / 255 (clamped to 0..1) at
// fractional frames; BTP and BVA tracks go to the extras per whole frame.
func TestFamilyColourExport(t *testing.T) {
	dir := "../../formats/j3d/testdata/family/"
	for _, file := range []string{"brk_tan0.brk", "brk_tan1.brk", "bpk_color.bpk", "btp_pattern.btp", "bva_visible.bva"} {
		t.Run(file, func(t *testing.T) {
			clip := open(t, dir+file).Clips[0]
			d, _ := exportFile(t, file+".glb", Scene{Clips: []Clip{{Clip: clip, Source: file}}})
			colour := 0
			for i := range clip.Targets {
				if k := clip.Targets[i].Kind; k == anim.TevRegTarget || k == anim.MatColorTarget {
					colour++
				}
			}
			mats := pointerMaterials(t, d, 0)
			if len(mats) != colour {
				t.Fatalf("%d animated materials, want %d colour targets", len(mats), colour)
			}
			var tp anim.TargetPose
			wmin := minJumpFrames(clip)
			for m := range mats {
				name := materialName(t, d, m)
				ti := -1
				for i := range clip.Targets {
					if clip.Targets[i].Name == name {
						ti = i
					}
				}
				if ti < 0 {
					t.Fatalf("material %q names no target", name)
				}
				for _, f := range testFrames(clip) {
					got := d.pose(t, 0, f/clip.FPS).pointers[fmt.Sprintf("/materials/%d/pbrMetallicRoughness/baseColorFactor", m)]
					ok := false
					for _, g := range []float64{f, f - wmin, f + wmin} {
						anim.EvaluateTarget(&clip.Targets[ti], g, &tp)
						want := colourFactor(&tp)
						same := len(got) == len(want)
						for i := range want {
							same = same && math.Abs(got[i]-want[i]) < 1e-6
						}
						ok = ok || same
					}
					if !ok {
						anim.EvaluateTarget(&clip.Targets[ti], f, &tp)
						t.Fatalf("%s frame %g: baseColorFactor %v, game %v", name, f, got, colourFactor(&tp))
					}
				}
			}
			if colour == 0 {
				tracks, _ := d.Animations[0].Extras["materialTracks"].([]any)
				if len(tracks) != len(clip.Targets) {
					t.Fatalf("%d material tracks in extras, want %d", len(tracks), len(clip.Targets))
				}
			}
		})
	}
}

// A warning about one animation names it when its file holds others (a
// BFRES) and stays the file's name when the clip is the file (a BTK).
func TestClipWhere(t *testing.T) {
	for _, c := range []struct{ source, clip, want string }{
		{"dir/texsrt.bfres", "ScrollWater", "dir/texsrt.bfres, animation ScrollWater"},
		{`C:\mods\btk_basic.btk`, "btk_basic", `C:\mods\btk_basic.btk`},
		{"biped.szs:biped/btk/btk_basic.btk", "btk_basic", "biped.szs:biped/btk/btk_basic.btk"},
		{"noname.bfres", "", "noname.bfres"},
	} {
		if got := clipWhere(Clip{Clip: &anim.Clip{Name: c.clip}, Source: c.source}); got != c.want {
			t.Errorf("clipWhere(%q, %q) = %q, want %q", c.source, c.clip, got, c.want)
		}
	}
}
