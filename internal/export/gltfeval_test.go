package export

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A glTF reader and player written for the tests from the glTF 2.0
// specification, independent of the exporter and of the glTF library:
// it parses the GLB (or .gltf + .bin) itself, interpolates samplers as the
// specification says (LINEAR with slerp for rotations, STEP,
// CUBICSPLINE), composes node transforms as T·R·S down the hierarchy, and
// evaluates KHR_animation_pointer targets. Set to play as Blender's glTF
// importer does (blenderPlayer), it interpolates a LINEAR rotation's
// quaternion component by component and normalises, and plays
// CUBICSPLINE from the key values alone.

// player is how the test player interpolates samplers.
type player uint8

const (
	// specPlayer follows the glTF specification.
	specPlayer player = iota
	// blenderPlayer plays as Blender's importer (io_scene_gltf2) leaves
	// the curves: one F-curve per component, LINEAR keys lerped (the
	// rotation quaternion then normalised when the pose is built, after
	// flipping a key whose dot product with the one before is negative),
	// STEP constant, and CUBICSPLINE as the values alone with automatic
	// handles, modelled here as a Catmull-Rom spline through the keys.
	blenderPlayer
)

func (p player) String() string {
	if p == blenderPlayer {
		return "blender"
	}
	return "spec"
}

type gNode struct {
	Name        string          `json:"name"`
	Children    []int           `json:"children"`
	Translation *[3]float64     `json:"translation"`
	Rotation    *[4]float64     `json:"rotation"`
	Scale       *[3]float64     `json:"scale"`
	Matrix      *[16]float64    `json:"matrix"`
	Mesh        *int            `json:"mesh"`
	Skin        *int            `json:"skin"`
	Extras      json.RawMessage `json:"extras"`
}

type gAnim struct {
	Name     string         `json:"name"`
	Extras   map[string]any `json:"extras"`
	Channels []struct {
		Sampler int `json:"sampler"`
		Target  struct {
			Node       *int   `json:"node"`
			Path       string `json:"path"`
			Extensions struct {
				Pointer *struct {
					Pointer string `json:"pointer"`
				} `json:"KHR_animation_pointer"`
			} `json:"extensions"`
		} `json:"target"`
	} `json:"channels"`
	Samplers []struct {
		Input         int    `json:"input"`
		Output        int    `json:"output"`
		Interpolation string `json:"interpolation"`
	} `json:"samplers"`
}

type gDoc struct {
	Nodes  []gNode `json:"nodes"`
	Scenes []struct {
		Nodes []int `json:"nodes"`
	} `json:"scenes"`
	Animations []gAnim `json:"animations"`
	Accessors  []struct {
		BufferView    *int   `json:"bufferView"`
		ByteOffset    int    `json:"byteOffset"`
		ComponentType int    `json:"componentType"`
		Normalized    bool   `json:"normalized"`
		Count         int    `json:"count"`
		Type          string `json:"type"`
	} `json:"accessors"`
	BufferViews []struct {
		Buffer     int `json:"buffer"`
		ByteOffset int `json:"byteOffset"`
		ByteLength int `json:"byteLength"`
		ByteStride int `json:"byteStride"`
	} `json:"bufferViews"`
	Buffers []struct {
		URI        string `json:"uri"`
		ByteLength int    `json:"byteLength"`
	} `json:"buffers"`
	Materials []json.RawMessage `json:"materials"`
	Meshes    []gMesh           `json:"meshes"`
	Skins     []gSkin           `json:"skins"`
	bin       []byte
	raw       map[string]any
	play      player
	signs     map[int][]float64 // blenderSigns by output accessor
	path      string
	decoded   map[int][]float64 // floats by accessor: long clips are played at many times
}

// readGLTF parses a .glb, or a .gltf with its .bin beside it.
func readGLTF(t *testing.T, path string) *gDoc {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var jsonText, bin []byte
	if bytes.HasPrefix(data, []byte("glTF")) {
		le := binary.LittleEndian
		if int(le.Uint32(data[8:12])) != len(data) {
			t.Fatalf("%s: GLB length %d, file %d bytes", path, le.Uint32(data[8:12]), len(data))
		}
		n := int(le.Uint32(data[12:16]))
		if string(data[16:20]) != "JSON" || n%4 != 0 {
			t.Fatalf("%s: first chunk is not JSON or not 4-aligned", path)
		}
		jsonText = data[20 : 20+n]
		if rest := data[20+n:]; len(rest) >= 8 {
			m := int(le.Uint32(rest[0:4]))
			if string(rest[4:8]) != "BIN\x00" {
				t.Fatalf("%s: second chunk is not BIN", path)
			}
			bin = rest[8 : 8+m]
		}
	} else {
		jsonText = data
	}
	d := &gDoc{}
	if err := json.Unmarshal(jsonText, d); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := json.Unmarshal(jsonText, &d.raw); err != nil {
		t.Fatal(err)
	}
	if bin == nil && len(d.Buffers) > 0 && d.Buffers[0].URI != "" {
		if bin, err = os.ReadFile(filepath.Join(filepath.Dir(path), d.Buffers[0].URI)); err != nil {
			t.Fatal(err)
		}
	}
	d.bin = bin
	d.path = path
	return d
}

var typeComps = map[string]int{"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}

// floats reads a float accessor, or a normalised SHORT one (as the
// specification decodes it: max(c/32767, -1); animation samplers may
// store rotations so), tightly packed or strided.
func (d *gDoc) floats(t *testing.T, acc int) ([]float64, int) {
	t.Helper()
	a := d.Accessors[acc]
	if v, ok := d.decoded[acc]; ok {
		return v, typeComps[a.Type]
	}
	size := 4
	switch {
	case a.ComponentType == 5126:
	case a.ComponentType == 5122 && a.Normalized:
		size = 2
	default:
		t.Fatalf("accessor %d: component type %d (normalized %v), want float or normalised short", acc, a.ComponentType, a.Normalized)
	}
	comps := typeComps[a.Type]
	v := d.BufferViews[*a.BufferView]
	stride := v.ByteStride
	if stride == 0 {
		stride = size * comps
	}
	out := make([]float64, 0, a.Count*comps)
	for i := 0; i < a.Count; i++ {
		for c := 0; c < comps; c++ {
			off := v.ByteOffset + a.ByteOffset + i*stride + size*c
			if off+size > v.ByteOffset+v.ByteLength {
				t.Fatalf("accessor %d element %d past its buffer view", acc, i)
			}
			if size == 2 {
				out = append(out, math.Max(float64(int16(binary.LittleEndian.Uint16(d.bin[off:])))/32767, -1))
				continue
			}
			out = append(out, float64(math.Float32frombits(binary.LittleEndian.Uint32(d.bin[off:]))))
		}
	}
	if d.decoded == nil {
		d.decoded = map[int][]float64{}
	}
	d.decoded[acc] = out
	return out, comps
}

// evalSampler interpolates a sampler at time tm per the specification.
func (d *gDoc) evalSampler(t *testing.T, an *gAnim, si int, tm float64, rotation bool) []float64 {
	s := an.Samplers[si]
	times, _ := d.floats(t, s.Input)
	vals, comps := d.floats(t, s.Output)
	cubic := s.Interpolation == "CUBICSPLINE"
	elem := func(k, which int) []float64 { // which: 0 in-tangent, 1 value, 2 out-tangent
		if cubic {
			return vals[(3*k+which)*comps : (3*k+which+1)*comps]
		}
		return vals[k*comps : (k+1)*comps]
	}
	n := len(times)
	if tm <= times[0] {
		return append([]float64(nil), elem(0, 1)...)
	}
	if tm >= times[n-1] {
		return append([]float64(nil), elem(n-1, 1)...)
	}
	// The last key at or before tm.
	k := sort.SearchFloat64s(times, math.Nextafter(tm, math.Inf(1))) - 1
	td := times[k+1] - times[k]
	u := (tm - times[k]) / td
	out := make([]float64, comps)
	switch {
	case s.Interpolation == "STEP":
		copy(out, elem(k, 1))
	case d.play == blenderPlayer && rotation:
		// Blender makes each key's quaternion continue the one before.
		a, b := elem(k, 1), elem(k+1, 1)
		if sg := d.blenderSigns(s.Output, len(times), elem); sg[k] != sg[k+1] {
			b = []float64{-b[0], -b[1], -b[2], -b[3]}
		}
		if s.Interpolation == "CUBICSPLINE" {
			keysOnly(out, times, func(i int) []float64 { return elem(i, 1) }, k, u)
		} else {
			for c := range out {
				out[c] = a[c] + (b[c]-a[c])*u
			}
		}
		normalize(out)
	case d.play == blenderPlayer && s.Interpolation == "CUBICSPLINE":
		keysOnly(out, times, func(i int) []float64 { return elem(i, 1) }, k, u)
	case s.Interpolation == "CUBICSPLINE":
		u2, u3 := u*u, u*u*u
		p0, m0, p1, m1 := elem(k, 1), elem(k, 2), elem(k+1, 1), elem(k+1, 0)
		for c := range out {
			out[c] = (2*u3-3*u2+1)*p0[c] + td*(u3-2*u2+u)*m0[c] + (-2*u3+3*u2)*p1[c] + td*(u3-u2)*m1[c]
		}
		if rotation {
			normalize(out)
		}
	default: // LINEAR
		a, b := elem(k, 1), elem(k+1, 1)
		if rotation {
			q := specSlerp([4]float64{a[0], a[1], a[2], a[3]}, [4]float64{b[0], b[1], b[2], b[3]}, u)
			copy(out, q[:])
		} else {
			for c := range out {
				out[c] = a[c] + (b[c]-a[c])*u
			}
		}
	}
	return out
}

// blenderSigns are the signs Blender's importer gives the keys of a
// rotation sampler (by its output accessor): each key whose dot product
// with the (flipped) key before it is negative is negated.
func (d *gDoc) blenderSigns(out, n int, elem func(k, which int) []float64) []float64 {
	if sg, ok := d.signs[out]; ok {
		return sg
	}
	sg := make([]float64, n)
	sg[0] = 1
	for i := 1; i < n; i++ {
		a, b := elem(i-1, 1), elem(i, 1)
		sg[i] = sg[i-1]
		if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
			sg[i] = -sg[i]
		}
	}
	if d.signs == nil {
		d.signs = map[int][]float64{}
	}
	d.signs[out] = sg
	return sg
}

// keysOnly plays a CUBICSPLINE sampler from its values alone, tangents
// ignored: a Catmull-Rom spline through the keys (slopes from the
// neighbouring keys, flat at the ends), as automatic handles make of them.
func keysOnly(out, times []float64, val func(i int) []float64, k int, u float64) {
	n := len(times)
	slope := func(i, c int) float64 {
		lo, hi := max(i-1, 0), min(i+1, n-1)
		if lo == hi || (i == 0 || i == n-1) {
			return 0
		}
		return (val(hi)[c] - val(lo)[c]) / (times[hi] - times[lo])
	}
	td := times[k+1] - times[k]
	u2, u3 := u*u, u*u*u
	for c := range out {
		out[c] = (2*u3-3*u2+1)*val(k)[c] + td*(u3-2*u2+u)*slope(k, c) + (-2*u3+3*u2)*val(k + 1)[c] + td*(u3-u2)*slope(k+1, c)
	}
}

// specSlerp is the specification's reference slerp (Appendix: shortest
// arc by the sign of the dot product).
func specSlerp(a, b [4]float64, u float64) [4]float64 {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	s := 1.0
	if d < 0 {
		s = -1
	}
	ang := math.Acos(math.Min(1, math.Abs(d)))
	var wa, wb float64
	if ang < 1e-9 {
		wa, wb = 1-u, u
	} else {
		wa, wb = math.Sin(ang*(1-u))/math.Sin(ang), math.Sin(ang*u)/math.Sin(ang)
	}
	var q [4]float64
	for i := range q {
		q[i] = wa*a[i] + s*wb*b[i]
	}
	normalize(q[:])
	return q
}

func normalize(v []float64) {
	l := 0.0
	for _, x := range v {
		l += x * x
	}
	l = math.Sqrt(l)
	for i := range v {
		v[i] /= l
	}
}

// pose is the nodes' local T, R, S after applying animation ai at time tm
// (ai < 0: the rest pose), and the pointer targets' values.
type gPose struct {
	t, s     [][3]float64
	r        [][4]float64
	pointers map[string][]float64
}

func (d *gDoc) pose(t *testing.T, ai int, tm float64) *gPose {
	p := &gPose{t: make([][3]float64, len(d.Nodes)), s: make([][3]float64, len(d.Nodes)), r: make([][4]float64, len(d.Nodes)), pointers: map[string][]float64{}}
	for i, n := range d.Nodes {
		p.s[i], p.r[i] = [3]float64{1, 1, 1}, [4]float64{0, 0, 0, 1}
		if n.Matrix != nil {
			t.Fatalf("node %d uses a matrix; the exporter writes TRS", i)
		}
		if n.Translation != nil {
			p.t[i] = *n.Translation
		}
		if n.Rotation != nil {
			p.r[i] = *n.Rotation
		}
		if n.Scale != nil {
			p.s[i] = *n.Scale
		}
	}
	if ai < 0 {
		return p
	}
	an := &d.Animations[ai]
	for _, ch := range an.Channels {
		tg := ch.Target
		switch tg.Path {
		case "translation":
			v := d.evalSampler(t, an, ch.Sampler, tm, false)
			p.t[*tg.Node] = [3]float64{v[0], v[1], v[2]}
		case "scale":
			v := d.evalSampler(t, an, ch.Sampler, tm, false)
			p.s[*tg.Node] = [3]float64{v[0], v[1], v[2]}
		case "rotation":
			v := d.evalSampler(t, an, ch.Sampler, tm, true)
			p.r[*tg.Node] = [4]float64{v[0], v[1], v[2], v[3]}
		case "pointer":
			if tg.Extensions.Pointer == nil {
				t.Fatalf("animation %d: pointer channel without KHR_animation_pointer", ai)
			}
			p.pointers[tg.Extensions.Pointer.Pointer] = d.evalSampler(t, an, ch.Sampler, tm, false)
		default:
			t.Fatalf("animation %d: unknown path %q", ai, tg.Path)
		}
	}
	return p
}

// hasCubic reports whether animation ai has a CUBICSPLINE sampler.
func (d *gDoc) hasCubic(ai int) bool {
	for _, s := range d.Animations[ai].Samplers {
		if s.Interpolation == "CUBICSPLINE" {
			return true
		}
	}
	return false
}

// checkHemispheres fails where two consecutive keys of a LINEAR rotation
// lie in opposite hemispheres: slerp then turns the short way round and a
// player that lerps the components without flipping a key (assimp) the
// long way.
func (d *gDoc) checkHemispheres(t *testing.T, ai int) {
	t.Helper()
	an := &d.Animations[ai]
	for _, ch := range an.Channels {
		s := an.Samplers[ch.Sampler]
		if ch.Target.Path != "rotation" || s.Interpolation == "STEP" || s.Interpolation == "CUBICSPLINE" {
			continue
		}
		v, _ := d.floats(t, s.Output)
		for i := 4; i+4 <= len(v); i += 4 {
			if v[i-4]*v[i]+v[i-3]*v[i+1]+v[i-2]*v[i+2]+v[i-1]*v[i+3] < 0 {
				t.Errorf("animation %q node %d: rotation keys %d and %d in opposite hemispheres", an.Name, *ch.Target.Node, i/4-1, i/4)
				break
			}
		}
	}
}

// world composes every node's world matrix from a pose.
func (d *gDoc) world(p *gPose) []mgl64.Mat4 {
	out := make([]mgl64.Mat4, len(d.Nodes))
	var visit func(i int, parent mgl64.Mat4)
	visit = func(i int, parent mgl64.Mat4) {
		q := mgl64.Quat{W: p.r[i][3], V: mgl64.Vec3{p.r[i][0], p.r[i][1], p.r[i][2]}}
		local := mgl64.Translate3D(p.t[i][0], p.t[i][1], p.t[i][2]).Mul4(q.Mat4()).Mul4(mgl64.Scale3D(p.s[i][0], p.s[i][1], p.s[i][2]))
		out[i] = parent.Mul4(local)
		for _, c := range d.Nodes[i].Children {
			visit(c, out[i])
		}
	}
	for _, r := range d.Scenes[0].Nodes {
		visit(r, mgl64.Ident4())
	}
	return out
}

// jointNodes maps skeleton joint index -> node index (extras.joint).
func (d *gDoc) jointNodes(t *testing.T) map[int]int { return d.nodesBy(t, "joint") }

// scaleNodes maps skeleton joint index -> the node carrying its scale
// (extras.jointScale: the joints the layout splits), else its node.
func (d *gDoc) scaleNodes(t *testing.T) map[int]int {
	out := d.jointNodes(t)
	maps.Copy(out, d.nodesBy(t, "jointScale"))
	return out
}

// nodesBy maps the integer of each node's extras key -> node index.
func (d *gDoc) nodesBy(t *testing.T, key string) map[int]int {
	out := map[int]int{}
	for i, n := range d.Nodes {
		if len(n.Extras) == 0 {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal(n.Extras, &e); err != nil {
			t.Fatal(err)
		}
		if v, ok := e[key].(float64); ok {
			j := int(v)
			if _, dup := out[j]; dup {
				t.Fatalf("%s %d on two nodes", key, j)
			}
			out[j] = i
		}
	}
	return out
}

// animation finds an animation by name.
func (d *gDoc) animation(t *testing.T, name string) int {
	t.Helper()
	var names []string
	for i, a := range d.Animations {
		if a.Name == name {
			return i
		}
		names = append(names, a.Name)
	}
	t.Fatalf("no animation %q (have %s)", name, strings.Join(names, ", "))
	return -1
}

func (d *gDoc) String() string {
	return fmt.Sprintf("glTF with %d nodes, %d animations", len(d.Nodes), len(d.Animations))
}
