package bfres

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/asset"
)

// breakCurve makes the curve at off invalid (curve type 3 in its flags).
func breakCurve(data []byte, off int64) {
	p := data[off+0x10:]
	binary.LittleEndian.PutUint16(p, binary.LittleEndian.Uint16(p)&^0x70|0x30)
}

// TestSwitchOneBrokenAnimationOpensTheRest is TestOneBrokenAnimationOpensTheRest
// for Switch files: one unreadable animation must not cost the user the
// rest of the file, so a broken FSKA, FMAA or FBVS is listed with its
// error and the file's other animations open, in every supported version;
// a file whose only content is a broken animation is an error.
func TestSwitchOneBrokenAnimationOpensTheRest(t *testing.T) {
	for _, major := range []int{5, 8, 9, 10} {
		data := encodeSwitch(switchTestDesc(major))
		orig, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		clipNames := func(f *File) []string {
			clips, _ := f.Clips()
			var names []string
			for _, c := range clips {
				names = append(names, c.Name)
			}
			return names
		}
		all := clipNames(orig)
		sw := orig.Switch
		for _, kind := range []string{"FSKA", "FMAA", "FBVS"} {
			t.Run(fmt.Sprintf("v%d/%s", major, kind), func(t *testing.T) {
				var name string
				var curve int64
				switch kind {
				case "FSKA":
					name, curve = orig.SkeletalAnims[0].Name, orig.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset
				case "FMAA":
					name, curve = sw.MaterialAnims[0].Name, sw.MaterialAnims[0].MaterialAnims[0].Curves[0].FileOffset
				case "FBVS":
					name, curve = sw.BoneVisAnims[0].Name, sw.BoneVisAnims[0].Curves[0].FileOffset
				}
				m := slices.Clone(data)
				breakCurve(m, curve)
				f, err := Parse(m)
				if err != nil {
					t.Fatalf("one broken %s: %v", kind, err)
				}
				if len(f.Broken) != 1 || f.Broken[0].Name != name || !strings.Contains(f.Broken[0].Err.Error(), "curve type 3") ||
					!strings.Contains(f.Broken[0].Err.Error(), fmt.Sprintf("offset 0x%x", curve+0x10)) {
					t.Fatalf("broken %v, want %q with the curve type error at 0x%x", f.Broken, name, curve+0x10)
				}
				want := slices.DeleteFunc(slices.Clone(all), func(s string) bool { return s == name })
				if got := clipNames(f); !slices.Equal(got, want) || len(want) != len(all)-1 {
					t.Errorf("clips %v, want %v (all: %v)", got, want, all)
				}
				if len(f.Models) != 1 || len(f.Skeletons()) != 1 {
					t.Errorf("%d models: the model must open", len(f.Models))
				}
				var a asset.Asset
				if err := open(&a, m, asset.Env{}); err != nil || len(a.Broken) != 1 || a.Broken[0].Name != name || a.Broken[0].Err != f.Broken[0].Err && a.Broken[0].Err.Error() != f.Broken[0].Err.Error() {
					t.Errorf("asset: %v, broken %v", err, a.Broken)
				}
			})
		}
		// Only a broken animation: the file is bad, with that error.
		d := switchTestDesc(major)
		d.models, d.material, d.boneVis, d.skeletal = nil, nil, nil, d.skeletal[:1]
		lone := encodeSwitch(d)
		f, err := Parse(lone)
		if err != nil {
			t.Fatal(err)
		}
		breakCurve(lone, f.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset)
		if _, err := Parse(lone); err == nil || !strings.Contains(err.Error(), "curve type 3") {
			t.Errorf("v%d: a file whose only animation is broken: error %v", major, err)
		}
	}
}
