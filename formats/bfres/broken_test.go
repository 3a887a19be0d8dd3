package bfres

import (
	"strings"
	"testing"
)

// TestFSHUHeaderCountsAreBufferSizes: NW G3d sizes its tables from the
// FSHU header's counts and lets each material anim write its own range,
// so a header stating more than the material anims hold opens (a BotW
// file states 10 param anims for 2).
func TestFSHUHeaderCountsAreBufferSizes(t *testing.T) {
	data := readFixture(t, "texsrt.bfres")
	orig, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m := append([]byte(nil), data...)
	a := orig.TexSRTAnims[0]
	put32(m, a.FileOffset+0x18, uint32(a.NumParamAnims)+8)
	put32(m, a.FileOffset+0x1C, uint32(a.NumCurves)+7)
	f, err := Parse(m)
	if err != nil || len(f.Broken) != 0 || len(f.TexSRTAnims) != 2 {
		t.Fatalf("larger header counts: err %v, broken %v, %d animations; want both to open", err, f.Broken, len(f.TexSRTAnims))
	}
	if got := f.TexSRTAnims[0].NumParamAnims; got != a.NumParamAnims+8 {
		t.Errorf("header param anims %d, want the stated %d", got, a.NumParamAnims+8)
	}
}

// TestOneBrokenAnimationOpensTheRest: a broken FSHU is listed with its
// error; the other animation and the file open.
func TestOneBrokenAnimationOpensTheRest(t *testing.T) {
	data := readFixture(t, "texsrt.bfres")
	orig, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m := append([]byte(nil), data...)
	put32(m, orig.TexSRTAnims[0].FileOffset+0x1C, 1) // fewer curves than its material anims use
	f, err := Parse(m)
	if err != nil {
		t.Fatalf("one broken animation of two: %v", err)
	}
	if len(f.TexSRTAnims) != 1 || f.TexSRTAnims[0].Name != orig.TexSRTAnims[1].Name {
		t.Fatalf("animations %d, want only %q", len(f.TexSRTAnims), orig.TexSRTAnims[1].Name)
	}
	if len(f.Broken) != 1 || f.Broken[0].Name != orig.TexSRTAnims[0].Name || !strings.Contains(f.Broken[0].Err.Error(), "outside the header's 1") {
		t.Fatalf("broken %v, want %q with the curve range error", f.Broken, orig.TexSRTAnims[0].Name)
	}
	// Both broken: the file still has its model; without one it is bad.
	put32(m, orig.TexSRTAnims[1].FileOffset+0x18, 0) // no param anims for its material anims
	f, err = Parse(m)
	if len(orig.Models) == 0 {
		if err == nil || !strings.Contains(err.Error(), "outside the header's") {
			t.Fatalf("every animation broken, no model: error %v, want the first one's", err)
		}
	} else if err != nil || len(f.Broken) != 2 {
		t.Fatalf("every animation broken beside a model: error %v, broken %v", err, f.Broken)
	}
	one := append([]byte(nil), readFixture(t, "cubic_f32.bfres")...)
	o, err := Parse(one)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Models) != 0 || len(o.SkeletalAnims) != 1 {
		t.Fatalf("cubic_f32.bfres: %d models, %d animations; the test needs a lone animation", len(o.Models), len(o.SkeletalAnims))
	}
	putF32(one, o.SkeletalAnims[0].BoneAnims[0].Curves[0].FileOffset+0x0C, -1)
	if _, err := Parse(one); err == nil {
		t.Fatal("a file whose only animation is broken opened")
	}
}
