package writeback

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
)

const (
	extTexTransform = "KHR_texture_transform"
	extPointer      = "KHR_animation_pointer"
)

// TexSource is the texture-transform animation of a glTF: per material
// whose base colour texture carries KHR_texture_transform, its offset,
// rotation and scale, animated through KHR_animation_pointer (as
// animscope export writes a texture SRT clip).
type TexSource struct {
	File       string
	Animation  string
	Animations []string
	End        float64 // seconds: the last key of any channel
	Materials  []TexMaterial
}

// TexMaterial is one material's texture transform: its static values
// and the tracks animating them (nil where not animated).
type TexMaterial struct {
	Name  string
	Off   [2]float64
	Rot   float64
	Scale [2]float64
	off   *track
	rot   *track
	scale *track
}

// Animated reports whether a channel drives the material's transform.
func (m *TexMaterial) Animated() bool { return m.off != nil || m.rot != nil || m.scale != nil }

// At is the transform at time t (seconds) as the glTF plays it.
func (m *TexMaterial) At(t float64) (off [2]float64, rot float64, scale [2]float64) {
	off, rot, scale = m.Off, m.Rot, m.Scale
	var buf [2]float64
	if m.off != nil {
		m.off.eval(t, buf[:])
		off = buf
	}
	if m.rot != nil {
		m.rot.eval(t, buf[:1])
		rot = buf[0]
	}
	if m.scale != nil {
		m.scale.eval(t, buf[:])
		scale = buf
	}
	return
}

// MatrixAt is the 2×3 texture matrix the extension applies at time t:
// T(offset)·R(rotation)·S(scale), R = [[cos, sin], [−sin, cos]] in the
// extension's own GLSL (column-major mat3, so rows here are [cos, −sin]
// over [sin, cos] as animscope's export splits them).
func (m *TexMaterial) MatrixAt(t float64) anim.TexMatrix {
	off, rot, scale := m.At(t)
	c, s := math.Cos(rot), math.Sin(rot)
	return anim.TexMatrix{{c * scale[0], -s * scale[1], off[0]}, {s * scale[0], c * scale[1], off[1]}}
}

// ReadTexGLTF decodes a .glb or .gltf and reads the texture-transform
// channels of the animation picked as ReadGLTF picks it. Every problem
// is one line naming file.
func ReadTexGLTF(file string, data []byte, fsys fs.FS, name, clipName string) (*TexSource, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", file, fmt.Sprintf(format, args...))
	}
	doc, names, ai, err := decodeAnimated(file, data, fsys, name, clipName)
	if err != nil {
		return nil, err
	}
	src := &TexSource{File: file, Animations: names}
	src.Animation = src.Animations[ai]
	for mi, m := range doc.Materials {
		tm := TexMaterial{Name: m.Name, Scale: [2]float64{1, 1}}
		if tm.Name == "" {
			tm.Name = fmt.Sprintf("material %d", mi)
		}
		if m.PBRMetallicRoughness != nil && m.PBRMetallicRoughness.BaseColorTexture != nil {
			if raw, ok := m.PBRMetallicRoughness.BaseColorTexture.Extensions[extTexTransform]; ok {
				var v struct {
					Offset   *[2]float64 `json:"offset"`
					Rotation *float64    `json:"rotation"`
					Scale    *[2]float64 `json:"scale"`
				}
				if err := decodeExt(raw, &v); err != nil {
					return nil, fail("material %d (%q): %s: %v", mi, tm.Name, extTexTransform, err)
				}
				if v.Offset != nil {
					tm.Off = *v.Offset
				}
				if v.Rotation != nil {
					tm.Rot = *v.Rotation
				}
				if v.Scale != nil {
					tm.Scale = *v.Scale
				}
				if !finiteAll(tm.Off[0], tm.Off[1], tm.Rot, tm.Scale[0], tm.Scale[1]) {
					return nil, fail("material %d (%q): %s holds a value that is not finite", mi, tm.Name, extTexTransform)
				}
			}
		}
		src.Materials = append(src.Materials, tm)
	}
	if err := src.readChannels(doc, doc.Animations[ai]); err != nil {
		return nil, fail("animation %q: %v", src.Animation, err)
	}
	return src, nil
}

// decodeExt reads an extension object the library left undecoded (raw
// JSON) or decoded into a map.
func decodeExt(raw any, v any) error {
	var b []byte
	switch r := raw.(type) {
	case json.RawMessage:
		b = r
	default:
		var err error
		if b, err = json.Marshal(r); err != nil {
			return err
		}
	}
	return json.Unmarshal(b, v)
}

// texPointer parses a pointer to a base colour texture's transform:
// the material index and the part (offset, rotation, scale).
func texPointer(p string) (mat int, part string, ok bool) {
	const pre, mid = "/materials/", "/pbrMetallicRoughness/baseColorTexture/extensions/" + extTexTransform + "/"
	rest, ok := strings.CutPrefix(p, pre)
	if !ok {
		return 0, "", false
	}
	num, part, ok := strings.Cut(rest, mid)
	if !ok {
		return 0, "", false
	}
	mat, err := strconv.Atoi(num)
	if err != nil || mat < 0 {
		return 0, "", false
	}
	return mat, part, part == "offset" || part == "rotation" || part == "scale"
}

func (s *TexSource) readChannels(doc *gltf.Document, a *gltf.Animation) error {
	if err := checkKeyBudget(doc, a); err != nil {
		return err
	}
	found := false
	for ci, ch := range a.Channels {
		raw, ok := ch.Target.Extensions[extPointer]
		if !ok {
			continue
		}
		var ptr struct {
			Pointer string `json:"pointer"`
		}
		if err := decodeExt(raw, &ptr); err != nil {
			return fmt.Errorf("channel %d: %s: %v", ci, extPointer, err)
		}
		mi, part, ok := texPointer(ptr.Pointer)
		if !ok {
			continue // another property (a colour, a weight): not a texture transform
		}
		if mi >= len(s.Materials) {
			return fmt.Errorf("channel %d: material %d out of range (%d materials)", ci, mi, len(s.Materials))
		}
		want := gltf.AccessorVec2
		if part == "rotation" {
			want = gltf.AccessorScalar
		}
		tr, err := readTrackAs(doc, a.Samplers[ch.Sampler], want)
		if err != nil {
			return fmt.Errorf("channel %d (%s of material %q): %v", ci, part, s.Materials[mi].Name, err)
		}
		m := &s.Materials[mi]
		switch part {
		case "offset":
			m.off = tr
		case "rotation":
			m.rot = tr
		default:
			m.scale = tr
		}
		s.End = math.Max(s.End, tr.times[len(tr.times)-1])
		found = true
	}
	if !found {
		return fmt.Errorf("no channel animates a material's %s (KHR_animation_pointer)", extTexTransform)
	}
	return nil
}
