package bfres_test

import (
	"fmt"
	"os"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/bfres"
)

// An import starts from the decoded target clip, swaps the curves it
// fits (in display units: degrees for Euler rotations) and writes the
// clip back into the whole file.
func ExampleReplaceSkeletalAnim() {
	data, err := os.ReadFile("testdata/skel_anim.bfres")
	if err != nil {
		panic(err)
	}
	f, err := bfres.Parse(data)
	if err != nil {
		panic(err)
	}
	clip := f.SkeletalAnims[0] // "Trot"
	// The first bone's translate.y: a cubic rising by 2 units over
	// frames 0..24 (c0 + c1·t + c2·t² + c3·t³ over each segment; the
	// last key, at the end frame, holds its value).
	c, err := bfres.EncodeCurve(bfres.CurveSpec{
		Type: anim.NWCubic, Target: bfres.TargetTranslateY, Start: 0, End: 24,
		Frames: []float64{0, 12, 24}, Values: [][]float64{{0, 0, 3, -2}, {1, 0, 3, -2}, {2, 0, 0, 0}},
		Unit:      bfres.BoneCurveUnit(bfres.TargetTranslateY, clip.Quaternion()),
		Tolerance: 1e-3, LittleEndian: f.Switch != nil,
	})
	if err != nil {
		panic(err)
	}
	bones := append([]bfres.BoneAnim(nil), clip.BoneAnims...)
	bones[0].Curves = []bfres.Curve{c}
	clip.BoneAnims = bones
	out, err := bfres.ReplaceSkeletalAnim(data, clip.Name, &clip)
	if err != nil {
		panic(err)
	}
	g, _ := bfres.Parse(out)
	fmt.Printf("%s: %s keys, translate.y at frame 12 = %.3f\n", g.SkeletalAnims[0].Name,
		c.KeyType.Name(c.Type), g.SkeletalAnims[0].BoneAnims[0].Curves[0].Decoded.Eval(12))
	// Output: Trot: s16 keys, translate.y at frame 12 = 1.000
}
