package jba

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// SidecarFormat is the format name of skeleton sidecar files in errors.
const SidecarFormat = "skeleton-json"

// maxSidecarBones bounds a sidecar's bone count: game skeletons have a few
// hundred bones, and the hierarchy checks are linear, so this only stops a
// generated file from building a pointless giant skeleton.
const maxSidecarBones = 1 << 16

// A skeleton sidecar gives the hierarchy a JBA file lacks:
//
//	{
//	  "name": "bfn",                       optional; default: the file stem
//	  "bones": [
//	    {"name": "Bip01", "parent": null},
//	    {"name": "Bip01 Pelvis", "parent": "Bip01"},
//	    {"name": "Bip01 Spine", "parent": 1,
//	     "translation": [0, 0.1, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]}
//	  ]
//	}
//
// "parent" is a bone name or a 0-based index into "bones"; null, -1, "" or
// no parent field make a root. Parents may come after their children.
// "translation", "rotation" (a quaternion x, y, z, w; normalized) and
// "scale" give the optional rest pose (default: identity), used for bones
// the animation does not drive. Bone names must be unique; unknown fields
// are errors, to catch typos ("comment" is allowed at the top level).
type sidecarDoc struct {
	Name    string          `json:"name"`
	Comment json.RawMessage `json:"comment"`
	Bones   []sidecarBone   `json:"bones"`
}

type sidecarBone struct {
	Name        string          `json:"name"`
	Parent      json.RawMessage `json:"parent"`
	Translation []float64       `json:"translation"`
	Rotation    []float64       `json:"rotation"`
	Scale       []float64       `json:"scale"`
}

func sidecarErrorf(msg string, args ...any) error { return bin.Errorf(SidecarFormat, -1, msg, args...) }

// ParseSkeletonJSON reads a skeleton sidecar (format above) into a
// skeleton named name unless the file names it. The hierarchy mode is
// Standard (local = T·R·S, quaternion rotation), the JBA pose model.
func ParseSkeletonJSON(data []byte, name string) (*anim.Skeleton, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc sidecarDoc
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, bin.Errorf(SidecarFormat, se.Offset, "%v", err)
		case errors.As(err, &te):
			return nil, bin.Errorf(SidecarFormat, te.Offset, "%s: want %v", jsonField(te), te.Type)
		}
		return nil, sidecarErrorf("%v", err)
	}
	if dec.More() {
		return nil, sidecarErrorf("data after the top-level object")
	}
	if len(doc.Bones) == 0 {
		return nil, sidecarErrorf(`no "bones"`)
	}
	if len(doc.Bones) > maxSidecarBones {
		return nil, sidecarErrorf("%d bones, more than the limit of %d", len(doc.Bones), maxSidecarBones)
	}
	if doc.Name != "" {
		name = doc.Name
	}
	s := &anim.Skeleton{Name: name, Mode: anim.Standard, Joints: make([]anim.Joint, len(doc.Bones))}
	byName := make(map[string]int, len(doc.Bones))
	for i, b := range doc.Bones {
		if b.Name == "" {
			return nil, sidecarErrorf("bone %d has no name", i)
		}
		if j, dup := byName[b.Name]; dup {
			return nil, sidecarErrorf("bone %d (%q): name already used by bone %d", i, b.Name, j)
		}
		byName[b.Name] = i
	}
	for i, b := range doc.Bones {
		j := &s.Joints[i]
		j.Name, j.Quaternion = b.Name, true
		j.Rest = anim.DefaultBase()
		p, err := sidecarParent(b.Parent, byName, len(doc.Bones))
		if err != nil {
			return nil, sidecarErrorf("bone %d (%q): parent %v", i, b.Name, err)
		}
		if p == i {
			return nil, sidecarErrorf("bone %d (%q) is its own parent", i, b.Name)
		}
		j.Parent = p
		for _, v := range [...]struct {
			field string
			vals  []float64
			want  int
		}{{"translation", b.Translation, 3}, {"rotation", b.Rotation, 4}, {"scale", b.Scale, 3}} {
			if v.vals != nil && len(v.vals) != v.want {
				return nil, sidecarErrorf("bone %d (%q): %s has %d values, want %d", i, b.Name, v.field, len(v.vals), v.want)
			}
		}
		if t := b.Translation; t != nil {
			j.Rest[anim.TransX], j.Rest[anim.TransY], j.Rest[anim.TransZ] = t[0], t[1], t[2]
		}
		if sc := b.Scale; sc != nil {
			j.Rest[anim.ScaleX], j.Rest[anim.ScaleY], j.Rest[anim.ScaleZ] = sc[0], sc[1], sc[2]
		}
		if q := b.Rotation; q != nil {
			l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
			if !(l > 0) || math.IsInf(l, 0) {
				return nil, sidecarErrorf("bone %d (%q): rotation %v is not a non-zero quaternion", i, b.Name, q)
			}
			j.Rest[anim.QuatX], j.Rest[anim.QuatY], j.Rest[anim.QuatZ], j.Rest[anim.QuatW] = q[0]/l, q[1]/l, q[2]/l, q[3]/l
		}
	}
	if err := s.Finish(); err != nil {
		return nil, sidecarErrorf("%v", err)
	}
	return s, nil
}

// sidecarParent resolves a parent given as null, an index or a name.
func sidecarParent(raw json.RawMessage, byName map[string]int, n int) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return -1, nil
	}
	if raw[0] == '"' {
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			return 0, fmt.Errorf("%s: %v", raw, err)
		}
		if name == "" {
			return -1, nil
		}
		p, ok := byName[name]
		if !ok {
			return 0, fmt.Errorf("%q is not a bone of the file", name)
		}
		return p, nil
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || v != math.Trunc(v) {
		return 0, fmt.Errorf("%s is not a bone name, an index or null", raw)
	}
	if v == -1 {
		return -1, nil
	}
	if v < 0 || v >= float64(n) {
		return 0, fmt.Errorf("index %s is not in 0..%d (or -1 for a root)", raw, n-1)
	}
	return int(v), nil
}

func jsonField(te *json.UnmarshalTypeError) string {
	if te.Field != "" {
		return strconv.Quote(te.Field)
	}
	return "value " + te.Value
}
