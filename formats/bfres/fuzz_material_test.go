package bfres

import (
	"strings"
	"testing"
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
