package byml

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/byml/bymltest"
)

// partsFix is shaped like SMO's InitPartsFixInfoHead.byml.
func partsFix() map[string]any {
	return map[string]any{
		"JointName":         "Head",
		"LocalRotate":       map[string]any{"X": float32(0), "Y": float32(270), "Z": float32(180)},
		"LocalTrans":        map[string]any{"X": float32(0), "Y": float32(13), "Z": float32(30)},
		"UseFollowMtxScale": true,
		"UseLocalScale":     false,
		"List":              []any{int32(-5), "Head", 2.5, nil},
	}
}

// want is partsFix as Parse gives it back.
func want() map[string]any {
	return map[string]any{
		"JointName":         "Head",
		"LocalRotate":       map[string]any{"X": 0.0, "Y": 270.0, "Z": 180.0},
		"LocalTrans":        map[string]any{"X": 0.0, "Y": 13.0, "Z": 30.0},
		"UseFollowMtxScale": true,
		"UseLocalScale":     false,
		"List":              []any{int64(-5), "Head", 2.5, nil},
	}
}

func TestParseBothOrders(t *testing.T) {
	for _, order := range []bymltest.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		got, err := Parse(bymltest.Encode(order, partsFix()))
		if err != nil {
			t.Fatalf("%v: %v", order, err)
		}
		if !reflect.DeepEqual(got, any(want())) {
			t.Errorf("%v: got %#v\nwant %#v", order, got, want())
		}
		m := Dict(got)
		if v, ok := Vec3(m, "LocalRotate"); !ok || v != [3]float64{0, 270, 180} {
			t.Errorf("%v: Vec3 LocalRotate = %v, %v", order, v, ok)
		}
		if _, ok := Vec3(m, "LocalScale"); ok {
			t.Errorf("%v: a missing LocalScale reads as present", order)
		}
		if String(m, "JointName") != "Head" || !Bool(m, "UseFollowMtxScale") || Bool(m, "UseLocalScale") {
			t.Errorf("%v: lookups read %q %v %v", order, String(m, "JointName"), Bool(m, "UseFollowMtxScale"), Bool(m, "UseLocalScale"))
		}
	}
}

func TestParseRejects(t *testing.T) {
	good := bymltest.Encode(binary.LittleEndian, partsFix())
	cases := map[string]struct {
		data []byte
		msg  string
	}{
		"no magic":    {[]byte("SARC0000000000000000"), "no YB/BY magic"},
		"version 9":   {append([]byte("YB\x09\x00"), good[4:]...), "version 9"},
		"cut short":   {good[:40], "byml:"},
		"root scalar": {func() []byte { b := append([]byte(nil), good...); binary.LittleEndian.PutUint32(b[12:], 4); return b }(), "not an array or dictionary"},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want one containing %q", name, err, c.msg)
		}
	}
}

// A node that contains itself must end in an error, not recurse forever.
func TestParseSelfReference(t *testing.T) {
	doc := bymltest.Encode(binary.LittleEndian, map[string]any{"A": map[string]any{"B": int32(1)}})
	// The inner dictionary's value becomes a reference to the root.
	root := binary.LittleEndian.Uint32(doc[12:])
	inner := binary.LittleEndian.Uint32(doc[root+8:])
	binary.LittleEndian.PutUint32(doc[inner+4:], 0xC1<<24) // B: a dictionary...
	binary.LittleEndian.PutUint32(doc[inner+8:], root)     // ...that is the root
	if _, err := Parse(doc); err == nil || !strings.Contains(err.Error(), "deeper") {
		t.Errorf("self-referencing document: error %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(bymltest.Encode(binary.LittleEndian, partsFix()))
	f.Add(bymltest.Encode(binary.BigEndian, partsFix()))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Parse(data)
	})
}
