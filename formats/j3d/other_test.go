package j3d_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// A J3D file of a type animscope does not read, or with a magic half in
// each byte order, says so instead of "unknown file type".
func TestOtherJ3DMagics(t *testing.T) {
	body := make([]byte, 0x40)
	for _, c := range []struct {
		magic string
		want  []string
	}{
		{"J3D1bxa1", []string{`J3D file of type "bxa1"`, "not supported"}},
		{"1D3J1axb", []string{`J3D file of type "bxa1"`, "not supported"}},
		{"J3D1bck2", []string{`J3D file of type "bck2"`, "not supported"}},
		{"J3D2bck1", []string{`J3D file of type "bck1" under "J3D2" not supported`, `"J3D1bck1"`}},
		{"J3D11avb", []string{"mixed byte order", `"J3D1" is big-endian`, `type "bva1" little-endian (stored "1avb")`, `"J3D1bva1"`}},
		{"1D3Jbck1", []string{"mixed byte order", `"1D3J" is little-endian`, `type "bck1" big-endian`}},
		{"J3D23dmb", []string{"mixed byte order", `"bmd3"`}},
	} {
		_, err := formats.Open("x.bin", append([]byte(c.magic), body...))
		if err == nil {
			t.Errorf("%s: opened", c.magic)
			continue
		}
		msg := err.Error()
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q lacks %q", c.magic, msg, w)
			}
		}
		if strings.Contains(msg, "unknown file type") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q", c.magic, msg)
		}
	}
	// The known magics still go to their readers, and nothing else is
	// claimed.
	for _, m := range []string{j3d.MagicBCK, j3d.LittleMagic(j3d.MagicBVA), "J3D2bdl4", "J3D1bmd1", "JUNKJUNK", "J3D"} {
		if err := j3d.ExplainMagic([]byte(m)); err != nil {
			t.Errorf("%s explained: %v", m, err)
		}
	}
}

// A BCA or BTP track of 0 frames is refused: the game's full-frame
// samplers read outside the track for it (see checkFull); a BVA shape
// track of 0 frames still reads shown.
func TestZeroFrameFullTracks(t *testing.T) {
	bca := &j3d.BCA{Duration: 2}
	var set j3d.FullSet
	for i := range set {
		switch j3d.KindOf(i) {
		case j3d.ScaleTrack:
			set[i] = ok(j3dtest.FullSeq(&bca.Scale, 1, 2))
		case j3d.RotationTrack:
			set[i] = ok(j3dtest.FullSeq(&bca.Rotation, 0, 100))
		default:
			set[i] = ok(j3dtest.FullSeq(&bca.Translation, 1, 2))
		}
	}
	bca.Joints = []j3d.FullSet{set}
	// The encoder refuses a count-0 track, so the file is written valid
	// and rotation.y's count (track 4 of joint 0, at the joint table
	// 0x40 into the chunk) is zeroed in the bytes.
	data := ok(j3dtest.EncodeBCA(bca))
	binary.BigEndian.PutUint16(data[0x20+0x40+4*j3d.FullTrackSize:], 0)
	_, err := j3d.DecodeBCA(data)
	if err == nil || !strings.Contains(err.Error(), "joint 0 rotation.y: rotation has 0 frames") {
		t.Errorf("BCA: %v", err)
	}
	bca.Joints[0][4] = j3d.FullTrack{Count: 0, Index: 1}
	if _, err := j3d.EncodeBCA(bca); err == nil || !strings.Contains(err.Error(), "joint 0 rotation.y: rotation has 0 frames") {
		t.Errorf("EncodeBCA of a count-0 track: %v", err)
	}
	if _, err := (&j3d.BCA{Joints: bca.Joints, Tables: bca.Tables}).Clip(); err == nil || !strings.Contains(err.Error(), "0 frames") {
		t.Errorf("BCA.Clip: %v", err)
	}

	btp := &j3d.BTP{Duration: 2, Names: []j3d.Name{{Name: "eye"}, {Name: "mouth"}}}
	btp.Entries = []j3d.PatternEntry{{FullTrack: ok(j3dtest.FullSeq(&btp.Values, 0, 1))}, {FullTrack: j3d.FullTrack{Count: 0, Index: 0}}}
	_, err = j3d.DecodeBTP(ok(j3dtest.EncodeBTP(btp)))
	if err == nil || !strings.Contains(err.Error(), "entry 1 (mouth): has 0 frames") {
		t.Errorf("BTP: %v", err)
	}
	// The same with the entry given a frame opens.
	btp.Entries[1].FullTrack = ok(j3dtest.FullSeq(&btp.Values, 2))
	if _, err := j3d.DecodeBTP(ok(j3dtest.EncodeBTP(btp))); err != nil {
		t.Errorf("BTP with frames: %v", err)
	}

	bva := &j3d.BVA{Duration: 2}
	bva.Shapes = []j3d.FullTrack{ok(j3dtest.FullSeq(&bva.Values, 0, 1)), {}}
	if _, err := j3d.DecodeBVA(ok(j3dtest.EncodeBVA(bva))); err != nil {
		t.Errorf("BVA: %v", err)
	}
}
