package bfres

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/asset"
)

// FuzzFRESMaterial is FuzzFRES seeded with the material animations the
// committed fixtures lack: shader-parameter and colour FSHUs (the texture
// SRT fixture relisted), bone and material FVIS and an FTXP, written by
// the test-side writers.
func FuzzFRESMaterial(f *testing.F) {
	vis := []visCurve{{target: 1, frames: []float32{0, 10}, values: []int32{0, 1}}, {target: 0, bits: []bool{true, false, true}}}
	seeds := [][]byte{
		encodeVisFile(GroupBoneVisAnim, 4, 30, []string{"a", "b"}, []bool{true, false}, vis),
		encodeVisFile(GroupMatVisAnim, 4|fvisMaterial, 30, []string{"m"}, []bool{false}, vis[1:]),
		encodePatternFile(24, []string{"face"}, [][]testPattern{{{"_a0", 4, &visCurve{frames: []float32{0, 5}, values: []int32{2, 7}}}, {"_a1", 9, nil}}}),
	}
	for _, s := range seeds {
		f.Add(s)
		f.Add(s[:len(s)/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := exercise(data)
		if err != nil && (strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "bfres: ")) {
			t.Fatalf("error %q is not one bfres-prefixed line", err)
		}
	})
}

// TestFuzzMaterialSeedsDecode: the material seeds are valid files (the
// fuzz target starts from real coverage, not from errors).
func TestFuzzMaterialSeedsDecode(t *testing.T) {
	for _, g := range []int{GroupShaderParamAnim, GroupColorAnim} {
		if err := exercise(asParamGroup(t, g)); err != nil {
			t.Errorf("param group %d: %v", g, err)
		}
	}
	if err := exercise(encodePatternFile(24, []string{"face"}, [][]testPattern{{{"_a0", 4, nil}}})); err != nil {
		t.Error(err)
	}
}

// TestOpenMaterialClips opens the material subfiles through the format
// descriptor, as formats.Open does: every clip has a registered clip
// format and validates.
func TestOpenMaterialClips(t *testing.T) {
	known := map[string]bool{}
	for _, cf := range Format.ClipFormats {
		known[cf.Name] = true
	}
	for _, data := range [][]byte{
		asParamGroup(t, GroupColorAnim),
		encodeVisFile(GroupMatVisAnim, fvisMaterial, 30, []string{"m"}, []bool{true}, nil),
		encodePatternFile(24, []string{"face"}, [][]testPattern{{{"_a0", 4, nil}}}),
	} {
		var a asset.Asset
		if err := Format.Open(&a, data, asset.Env{}); err != nil {
			t.Fatal(err)
		}
		if len(a.Clips) == 0 {
			t.Fatal("no clips")
		}
		for _, c := range a.Clips {
			if !known[c.Format] {
				t.Errorf("clip %q: format %q is not registered", c.Name, c.Format)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("clip %q: %v", c.Name, err)
			}
		}
	}
}
