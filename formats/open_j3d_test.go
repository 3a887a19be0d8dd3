package formats

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/j3d"
)

// The J3D fixtures live with their decoder (see formats/j3d/testdata/README.md).
func readJ3DFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("j3d/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func j3dDetail(a *Asset, name string) (any, bool) {
	for _, d := range a.Details {
		if d.Name == name {
			return d.Value, true
		}
	}
	return nil, false
}

func detailJSON(t *testing.T, a *Asset, name string) string {
	t.Helper()
	v, ok := j3dDetail(a, name)
	if !ok {
		t.Fatalf("no detail %q in %v", name, a.Details)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestOpenBCK(t *testing.T) {
	a, err := Open("tiny.bck", readJ3DFixture(t, "tiny.bck"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "bck" || a.Yaz0 || len(a.Clips) != 1 || len(a.Clips[0].Targets) != 2 {
		t.Fatalf("asset %+v", a)
	}
	if _, ok := a.Raw.(*j3d.BCK); !ok {
		t.Errorf("Raw is %T", a.Raw)
	}
	for name, want := range map[string]string{
		"loop mode byte":            "2",
		"rotation frac":             "0",
		"joints":                    "2",
		"value tables":              `{"scale":2,"rotation":8,"translation":7}`,
		"tracks":                    `{"default":0,"constant":16,"keyed":2}`,
		"keyed track key counts":    `"2 keys ×2"`,
		"keyed track tangent modes": `"mode 0 ×2"`,
		"joint 0":                   `"scale.x const @0, rotation.x const @0, translation.x 2 keys mode 0 @0, scale.y const @1, rotation.y 2 keys mode 0 @1, translation.y const @0, scale.z const @0, rotation.z const @0, translation.z const @0"`,
	} {
		if got := detailJSON(t, a, name); got != want {
			t.Errorf("detail %s = %s, want %s", name, got, want)
		}
	}
}

func TestOpenBTK(t *testing.T) {
	a, err := Open("btk_maya.btk", readJ3DFixture(t, "btk_maya.btk"))
	if err != nil {
		t.Fatal(err)
	}
	c := a.Clips[0]
	if a.Format != "btk" || c.Format != "btk" || c.Targets[0].Kind != anim.TexSRTTarget || c.Targets[0].TexMode != anim.TexJ3DMaya {
		t.Fatalf("asset %+v", a)
	}
	if got := detailJSON(t, a, "calc type"); got != `"1 (maya matrix)"` {
		t.Errorf("calc type %s", got)
	}
	if got := detailJSON(t, a, "texGens"); !strings.HasPrefix(got, "[") {
		t.Errorf("texGens %s is not a list", got)
	}
	if got := detailJSON(t, a, "materials"); !strings.HasPrefix(got, `["`) {
		t.Errorf("materials %s", got)
	}
}

// TestOpenLargeDetailsCompact: the 400-joint file summarises its tracks
// instead of listing one detail per joint.
func TestOpenLargeDetailsCompact(t *testing.T) {
	a, err := Open("large.bck", readJ3DFixture(t, "large.bck"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Details) > 10 {
		t.Errorf("%d details for a 400-joint file", len(a.Details))
	}
	if got := detailJSON(t, a, "joints"); got != "400" {
		t.Errorf("joints %s", got)
	}
	if got := detailJSON(t, a, "keyed track tangent modes"); !strings.Contains(got, "mode 0 ×") || !strings.Contains(got, "mode 1 ×") {
		t.Errorf("tangent modes %s", got)
	}
}

func TestOpenYaz0BCK(t *testing.T) {
	plain := readJ3DFixture(t, "shared.bck")
	a, err := Open("shared.bck.szs", archivetest.Yaz0Stored(plain))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open("shared.bck", plain)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Yaz0 || a.Format != "bck" || b.Yaz0 {
		t.Fatalf("yaz0 %v format %s", a.Yaz0, a.Format)
	}
	pa, pb := anim.NewPose(a.Clips[0]), anim.NewPose(b.Clips[0])
	for _, f := range []float64{0, 13.5, 39.5} {
		anim.Evaluate(a.Clips[0], f, pa)
		anim.Evaluate(b.Clips[0], f, pb)
		for i := range pa.Targets {
			if pa.Targets[i] != pb.Targets[i] {
				t.Errorf("frame %v target %d differs: %v vs %v", f, i, pa.Targets[i].V, pb.Targets[i].V)
			}
		}
	}
}

func TestOpenHostileJ3D(t *testing.T) {
	data := append([]byte(nil), readJ3DFixture(t, "tiny.bck")...)
	binary.BigEndian.PutUint16(data[0x60+18+2:], 900) // joint 0 scale.y index
	_, err := Open("bad.bck", data)
	if err == nil || err.Error() != "bck: offset 0x72: joint 0 scale.y: scale index 900 past table end (2)" {
		t.Errorf("err = %v", err)
	}
	// Through Yaz0 too.
	_, err = Open("bad.szs", archivetest.Yaz0Stored(data))
	if err == nil || !strings.HasPrefix(err.Error(), "bck: offset 0x72:") {
		t.Errorf("yaz0: err = %v", err)
	}
	btk := append([]byte(nil), readJ3DFixture(t, "btk_basic.btk")...)
	binary.BigEndian.PutUint16(btk[0x20+0x0C:], 7)
	if _, err := Open("bad.btk", btk); err == nil || err.Error() != "btk: offset 0x2c: track count 7 is not a multiple of 3" {
		t.Errorf("btk err = %v", err)
	}
}
