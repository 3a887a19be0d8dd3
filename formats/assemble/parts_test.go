package assemble_test

import (
	"encoding/binary"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive/archivetest"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/formats/byml/bymltest"
)

func vec(x, y, z float32) map[string]any { return map[string]any{"X": x, "Y": y, "Z": z} }

// smoArchives lays out an SMO actor the way Super Mario Odyssey's
// ObjectData does: Body.szs holds the body model, InitSubActor.byml
// naming the parts model "Helmet" for the suffix Face, and the
// InitPartsFixInfo files for Face and Hat (whose archive, BodyHat.szs, is
// missing); Helmet.szs holds the part model and its own
// InitPartsFixInfo.byml, which must not make it a part of itself.
func smoArchives(t *testing.T) (body []byte, dir map[string][]byte) {
	model, err := os.ReadFile("../bfres/testdata/mesh_wiiu.bfres")
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	sub := bymltest.Encode(le, map[string]any{"CreatorList": []any{
		map[string]any{"ClassName": "SilhouetteModel"},
		map[string]any{"ClassName": "PartsModel", "FixFileSuffixName": "Face", "ModelName": "Helmet"},
	}})
	face := bymltest.Encode(le, map[string]any{"JointName": "Hand", "LocalRotate": vec(0, 90, 0),
		"LocalTrans": vec(0, 0, 10), "LocalScale": vec(3, 3, 3), "UseFollowMtxScale": true, "UseLocalScale": false})
	hat := bymltest.Encode(le, map[string]any{"JointName": "Root"})
	body = archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Body.bfres", Data: model},
		{Path: "InitSubActor.byml", Data: sub},
		{Path: "InitPartsFixInfoFace.byml", Data: face},
		{Path: "InitPartsFixInfoHat.byml", Data: hat},
	}, false, 8)
	self := bymltest.Encode(le, map[string]any{"JointName": "Tip"})
	helmet := archivetest.WriteSARC([]archivetest.SARCFile{
		{Path: "Helmet.bfres", Data: model},
		{Path: "InitPartsFixInfo.byml", Data: self},
	}, false, 8)
	return body, map[string][]byte{"Helmet.szs": helmet}
}

// TestLinkParts: the Face part is the model InitSubActor names, read from
// the archive beside the body, on the joint its file names, placed by its
// rotation and translation with the joint's scale (UseFollowMtxScale; the
// LocalScale is ignored without UseLocalScale); the missing Hat is
// reported in one warning and the body opens.
func TestLinkParts(t *testing.T) {
	body, files := smoArchives(t)
	dir := func(name string) ([]byte, error) {
		if b, ok := files[name]; ok {
			return b, nil
		}
		return nil, os.ErrNotExist
	}
	outer, err := formats.Open("Body.szs", body)
	if err != nil {
		t.Fatal(err)
	}
	data, err := outer.Archive.Read("Body.bfres")
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open("Body.szs:Body.bfres", data)
	if err != nil {
		t.Fatal(err)
	}
	assemble.FromArchive(a, outer.Archive, "Body.bfres", dir)

	host := a.Models[0]
	if len(host.Parts) != 1 {
		t.Fatalf("%d parts, want 1 (Face); warnings %q", len(host.Parts), a.Warnings)
	}
	p := host.Parts[0]
	sk := a.Skeletons[host.Skeleton]
	if p.Name != "Face" || p.Model == nil || p.Model == host || sk.Joints[p.Joint].Name != "Hand" {
		t.Fatalf("part %q on joint %d, model %p (host %p)", p.Name, p.Joint, p.Model, host)
	}
	if len(p.Model.Parts) != 0 {
		t.Errorf("the part has %d parts of its own; its InitPartsFixInfo.byml says how it is attached, not what", len(p.Model.Parts))
	}
	warned := false
	for _, w := range a.Warnings {
		if strings.Contains(w, "1 parts the game draws on Body are not drawn: Hat (BodyHat.szs: not found beside it)") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning for the missing Hat part: %q", a.Warnings)
	}

	// Where the game puts the part's origin and its X axis: the joint's
	// unscaled frame, turned 90° about Y, moved 10 along the turned Z,
	// scaled by the joint's scale.
	world := make([]mgl64.Mat4, len(sk.Joints))
	sk.World(nil, nil, world)
	j := world[p.Joint]
	var axis [3]mgl64.Vec3
	var scale [3]float64
	for c := range axis {
		v := j.Col(c).Vec3()
		scale[c] = v.Len()
		axis[c] = v.Mul(1 / scale[c])
	}
	// Ry(90°) takes local Z to +X and local X to −Z.
	wantOrigin := j.Col(3).Vec3().Add(axis[0].Mul(10))
	wantX := axis[2].Mul(-scale[0])
	place := p.Place(world)
	if got := place.Col(3).Vec3(); !close3(got, wantOrigin) {
		t.Errorf("part origin %v, want %v", got, wantOrigin)
	}
	if got := place.Col(0).Vec3(); !close3(got, wantX) {
		t.Errorf("part X axis %v, want %v", got, wantX)
	}
	if len(p.Rest) != len(a.Skeletons[p.Model.Skeleton].Joints) {
		t.Errorf("%d rest matrices for a %d-joint part", len(p.Rest), len(a.Skeletons[p.Model.Skeleton].Joints))
	}
}

func close3(a, b mgl64.Vec3) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9*max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}

// A part file that is not BYML, or an archive beside the body that is
// not an archive, is reported with its name; the body still opens.
func TestLinkPartsBroken(t *testing.T) {
	body, _ := smoArchives(t)
	outer, err := formats.Open("Body.szs", body)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := outer.Archive.Read("Body.bfres")
	a, err := formats.Open("Body.szs:Body.bfres", data)
	if err != nil {
		t.Fatal(err)
	}
	assemble.FromArchive(a, outer.Archive, "Body.bfres", func(name string) ([]byte, error) {
		return []byte("not an archive at all"), nil
	})
	if len(a.Models[0].Parts) != 0 {
		t.Fatalf("parts linked from garbage: %d", len(a.Models[0].Parts))
	}
	joined := strings.Join(a.Warnings, "\n")
	if !strings.Contains(joined, "Face (Helmet.szs: unknown file type") {
		t.Errorf("warnings %q do not name Helmet.szs and its problem", a.Warnings)
	}
}
