package bfres

import (
	"bytes"
	"flag"
	"os"
	"slices"
	"testing"
)

var updateWiiUTwins = flag.Bool("update-wiiu-twins", false, "rewrite testdata/wiiu_twin/*.bfres from the Switch fixtures")

// wiiUTwins are Switch fixtures and the Wii U files holding the same
// skeletons and skeletal animations: the Switch file parsed, then written
// by the test's Wii U writer (encodeFile). animscope diff compares each
// pair (internal/cli's diff tests), as a modder compares a Wii U clip with
// its Switch port.
var wiiUTwins = []struct{ switchFile, twin string }{
	{"testdata/switch/nx01_v5_euler.bfres", "testdata/wiiu_twin/nx01_v5_euler.wiiu.bfres"},
	{"testdata/switch/nx02_v8_quat.bfres", "testdata/wiiu_twin/nx02_v8_quat.wiiu.bfres"},
}

// TestWiiUTwins: the committed twins are exactly the Wii U writer's
// encoding of the Switch files (-update-wiiu-twins rewrites them), they
// are Wii U files (big-endian FRES), and they decode to the Switch file's
// clips: same names, targets, channel counts and durations.
func TestWiiUTwins(t *testing.T) {
	for _, c := range wiiUTwins {
		nx, err := Parse(mustRead(t, c.switchFile))
		if err != nil {
			t.Fatal(err)
		}
		for i := range nx.SkeletalAnims {
			nx.SkeletalAnims[i].UserData = nil
			for j := range nx.SkeletalAnims[i].BoneAnims {
				for k := range nx.SkeletalAnims[i].BoneAnims[j].Curves {
					bigEndianArrays(&nx.SkeletalAnims[i].BoneAnims[j].Curves[k])
				}
			}
		}
		data := encodeFile(nx)
		if *updateWiiUTwins {
			if err := os.WriteFile(c.twin, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got := mustRead(t, c.twin)
		if !bytes.Equal(got, data) {
			t.Fatalf("%s differs from the Wii U encoding of %s; run go test -run TestWiiUTwins -update-wiiu-twins", c.twin, c.switchFile)
		}
		if string(got[:4]) != "FRES" || got[4] == ' ' || got[8] != 0xFE || got[9] != 0xFF {
			t.Fatalf("%s: header % x is not a big-endian Wii U FRES", c.twin, got[:12])
		}
		wu, err := Parse(got)
		if err != nil {
			t.Fatalf("%s: %v", c.twin, err)
		}
		a, warnA := nx.Clips()
		b, warnB := wu.Clips()
		if !slices.Equal(warnA, warnB) {
			t.Errorf("%s: warnings %q, the Switch file's %q", c.twin, warnB, warnA)
		}
		if len(a) != len(b) || len(a) == 0 {
			t.Fatalf("%s: %d clips, the Switch file %d", c.twin, len(b), len(a))
		}
		for i := range a {
			if a[i].Name != b[i].Name || a[i].Duration != b[i].Duration || len(a[i].Targets) != len(b[i].Targets) {
				t.Errorf("%s clip %d: %q %g frames %d targets, Switch %q %g %d", c.twin, i, b[i].Name, b[i].Duration, len(b[i].Targets), a[i].Name, a[i].Duration, len(a[i].Targets))
			}
		}
	}
}

// bigEndianArrays turns a Switch curve's stored frame and key arrays
// (little-endian, kept as bytes) into the Wii U's byte order, element by
// element; the header fields are values the writer lays out itself.
func bigEndianArrays(c *Curve) {
	keySize := c.KeyType.Size()
	if c.Type.IsBool() {
		keySize = 4
	}
	c.FrameData = swapped(c.FrameData, frameSize(c.FrameType))
	c.KeyData = swapped(c.KeyData, keySize)
}

func swapped(b []byte, size int) []byte {
	out := append([]byte(nil), b...)
	if size < 2 {
		return out
	}
	for i := 0; i+size <= len(out); i += size {
		slices.Reverse(out[i : i+size])
	}
	return out
}
