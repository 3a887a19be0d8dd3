package writeback

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// docBuilder makes small glTF documents for the reader's tests.
type docBuilder struct{ doc *gltf.Document }

func newDoc(nodes ...*gltf.Node) *docBuilder {
	d := gltf.NewDocument()
	d.Nodes = nodes
	for i, n := range nodes {
		_ = n
		d.Scenes[0].Nodes = append(d.Scenes[0].Nodes, i)
	}
	return &docBuilder{doc: d}
}

// channel adds an animation channel (one animation named name).
func (b *docBuilder) channel(anim string, node int, path gltf.TRSProperty, in gltf.Interpolation, times []float32, values any) {
	var a *gltf.Animation
	for _, x := range b.doc.Animations {
		if x.Name == anim {
			a = x
		}
	}
	if a == nil {
		a = &gltf.Animation{Name: anim}
		b.doc.Animations = append(b.doc.Animations, a)
	}
	ti := modeler.WriteAccessor(b.doc, gltf.TargetNone, times)
	vi := modeler.WriteAccessor(b.doc, gltf.TargetNone, values)
	a.Samplers = append(a.Samplers, &gltf.AnimationSampler{Input: ti, Output: vi, Interpolation: in})
	a.Channels = append(a.Channels, &gltf.AnimationChannel{Sampler: len(a.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: gltf.Index(node), Path: path}})
}

func (b *docBuilder) glb(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := gltf.NewEncoder(&buf)
	enc.AsBinary = true
	if err := enc.Encode(b.doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func read(t testing.TB, data []byte, anim string) (*Source, error) {
	t.Helper()
	return ReadGLTF("in.glb", data, nil, anim, "")
}

func mustRead(t testing.TB, data []byte) *Source {
	t.Helper()
	s, err := read(t, data, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestSamplerLinearStepSlerp(t *testing.T) {
	b := newDoc(&gltf.Node{Name: "a"}, &gltf.Node{Name: "b"})
	b.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 2}, [][3]float32{{0, 10, -4}, {2, 30, 4}})
	b.channel("clip", 1, gltf.TRSTranslation, gltf.InterpolationStep, []float32{0, 1}, [][3]float32{{1, 1, 1}, {5, 5, 5}})
	// 0° to 90° about z: slerp at u plays u·90°.
	s2 := math.Sqrt2 / 2
	b.channel("clip", 1, gltf.TRSRotation, gltf.InterpolationLinear, []float32{0, 3}, [][4]float32{{0, 0, 0, 1}, {0, 0, float32(s2), float32(s2)}})
	src := mustRead(t, b.glb(t))
	out := make([]float64, 4)
	src.Nodes[0].tracks[pathT].eval(0.5, out)
	if !near(out[0], 0.5, 1e-6) || !near(out[1], 15, 1e-5) || !near(out[2], -2, 1e-6) {
		t.Errorf("linear at 0.5 = %v, want (0.5, 15, -2)", out[:3])
	}
	src.Nodes[1].tracks[pathT].eval(0.999, out)
	if out[0] != 1 {
		t.Errorf("step before the second key = %v, want 1", out[0])
	}
	src.Nodes[1].tracks[pathT].eval(7, out)
	if out[0] != 5 {
		t.Errorf("after the last key = %v, want the last value 5", out[0])
	}
	src.Nodes[1].tracks[pathR].eval(1, out)
	want := 30 * math.Pi / 180 / 2 // half-angle of 30°
	if !near(out[2], math.Sin(want), 1e-6) || !near(out[3], math.Cos(want), 1e-6) {
		t.Errorf("slerp at a third = %v, want 30° about z (%v, %v)", out, math.Sin(want), math.Cos(want))
	}
}

func TestSamplerCubicSplineReproducesACubic(t *testing.T) {
	// x(t) = t³ - 2t: a CUBICSPLINE whose keys hold the value and the
	// derivative 3t² - 2 (as both tangents) is that cubic between them.
	x := func(t float64) float64 { return t*t*t - 2*t }
	dx := func(t float64) float64 { return 3*t*t - 2 }
	times := []float32{0, 0.5, 2}
	var vals [][3]float32
	for _, tm := range times {
		f := float64(tm)
		d := float32(dx(f))
		vals = append(vals, [3]float32{d, 0, 0}, [3]float32{float32(x(f)), 1, 0}, [3]float32{d, 0, 0})
	}
	b := newDoc(&gltf.Node{Name: "a"})
	b.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationCubicSpline, times, vals)
	src := mustRead(t, b.glb(t))
	out := make([]float64, 3)
	for _, tm := range []float64{0.1, 0.25, 0.7, 1.3, 1.99} {
		src.Nodes[0].tracks[pathT].eval(tm, out)
		if !near(out[0], x(tm), 1e-5) || !near(out[1], 1, 1e-6) {
			t.Errorf("cubic at %v = %v, want %v", tm, out[0], x(tm))
		}
	}
}

func TestReadGLTFBadInputs(t *testing.T) {
	noAnim := newDoc(&gltf.Node{Name: "a"}).glb(t)
	nan := newDoc(&gltf.Node{Name: "a"})
	nan.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {float32(math.NaN()), 0, 0}})
	inf := newDoc(&gltf.Node{Name: "a"})
	inf.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, float32(math.Inf(1))}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	short := newDoc(&gltf.Node{Name: "a"})
	short.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	short.doc.Accessors[1].Count = 3 // one more than its view holds
	huge := newDoc(&gltf.Node{Name: "a"})
	huge.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	huge.doc.Accessors[0].Count = 10_000_000
	backwards := newDoc(&gltf.Node{Name: "a"})
	backwards.channel("clip", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{1, 0.5}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	two := newDoc(&gltf.Node{Name: "a"})
	two.channel("walk", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	two.channel("run", 0, gltf.TRSTranslation, gltf.InterpolationLinear, []float32{0, 1}, [][3]float32{{0, 0, 0}, {1, 0, 0}})
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"no animations", noAnim, "no animations"},
		{"NaN", nan.glb(t), "output value 1 is NaN"},
		{"Inf", inf.glb(t), "key time 1 is +Inf"},
		{"bad accessor", short.glb(t), "do not fit buffer view"},
		{"10^7 keys", huge.glb(t), "more than 4194304 keyframes"},
		{"times backwards", backwards.glb(t), "not increasing"},
		{"two animations", two.glb(t), `2 animations and none named "": choose one with --animation ("walk", "run")`},
		{"garbage", []byte("glTF\x02\x00\x00\x00garbage"), "not a readable glTF"},
	} {
		_, err := read(t, c.data, "")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "in.glb: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line starting \"in.glb: \" with %q", c.name, err, c.want)
		}
	}
	if s, err := read(t, two.glb(t), "run"); err != nil || s.Animation != "run" {
		t.Errorf("--animation run: %v, %v", s, err)
	}
	if s, err := ReadGLTF("in.glb", two.glb(t), nil, "", "walk"); err != nil || s.Animation != "walk" {
		t.Errorf("the one named after the target clip: %v, %v", s, err)
	}
}

// TestNullEntriesSaySo: a JSON null where glTF wants an object (the
// decoder keeps it as a nil entry) is one line naming the file and the
// entry, for both readers, never a crash.
func TestNullEntriesSaySo(t *testing.T) {
	const head = `{"asset":{"version":"2.0"},`
	for _, c := range []struct{ doc, want string }{
		{head + `"animations":[null]}`, "animation 0 is null"},
		{head + `"nodes":[{"name":"a"},null],"animations":[{"channels":[],"samplers":[]}]}`, "node 1 is null"},
		{head + `"animations":[{"channels":[null],"samplers":[]}]}`, "animation 0: channel 0 is null"},
		{head + `"animations":[{"channels":[],"samplers":[null]}]}`, "animation 0: sampler 0 is null"},
		{head + `"accessors":[null],"animations":[{"channels":[],"samplers":[]}]}`, "accessor 0 is null"},
		{head + `"materials":[null],"animations":[{"channels":[],"samplers":[]}]}`, "material 0 is null"},
	} {
		_, err := ReadGLTF("bad.gltf", []byte(c.doc), nil, "", "")
		if err == nil || !strings.HasPrefix(err.Error(), "bad.gltf: ") || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming bad.gltf and %q", c.doc, err, c.want)
		}
		_, err = ReadTexGLTF("bad.gltf", []byte(c.doc), nil, "", "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("texture reader, %s: error %v, want %q", c.doc, err, c.want)
		}
	}
}
