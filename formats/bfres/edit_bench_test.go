package bfres

import "testing"

// benchReplace replaces the middle clip of data with a copy of itself
// whose curves are re-encoded (new arrays, as an import writes).
func benchReplace(b *testing.B, data []byte) {
	f, err := Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	a := f.SkeletalAnims[len(f.SkeletalAnims)/2]
	a.BoneAnims = append([]BoneAnim(nil), a.BoneAnims...)
	for i := range a.BoneAnims {
		bn := &a.BoneAnims[i]
		bn.Curves = append([]Curve(nil), bn.Curves...)
		for k := range bn.Curves {
			c := &bn.Curves[k]
			spec := specOf(c, BoneCurveUnit(c.TargetOffset, a.Quaternion()))
			spec.Tolerance = 1e-3
			if *c, err = EncodeCurve(spec); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(data))/(1<<20), "MiB")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		if _, err := ReplaceSkeletalAnim(data, a.Name, &a); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// BenchmarkReplaceSkeletalAnimWiiU writes a ~3 MB Wii U animation file
// (120 animations of a 30-bone skeleton) with one clip replaced, the
// check that the result reads back included. Target: ≤ 200 ms.
func BenchmarkReplaceSkeletalAnimWiiU(b *testing.B) {
	benchReplace(b, encodeFile(synthFile(120, 30, 3, 72, 3)))
}

// BenchmarkReplaceSkeletalAnimSwitch is the same on a ~3 MB Switch v8
// file (120 animations). Target: ≤ 200 ms.
func BenchmarkReplaceSkeletalAnimSwitch(b *testing.B) {
	benchReplace(b, encodeSwitch(switchSynth(8, 120, 30, 25)))
}
