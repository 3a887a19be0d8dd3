// Package sample builds and writes the sample document of
// docs/sample-json.md: the schema shared by golden fixtures and
// `animscope sample --json`. Decoder tests use it (and sampletest, which
// compares two documents) to check the Go API against the same goldens the
// CLI meets. It imports only anim, so format packages can use it in their
// tests.
package sample

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/go-gl/mathgl/mgl64"
)

// Doc is the sample JSON; field order is the documented order.
type Doc struct {
	File     string    `json:"file"`
	Format   string    `json:"format"`
	Clip     string    `json:"clip"`
	Duration float64   `json:"duration"`
	FPS      float64   `json:"fps"`
	LoopMode string    `json:"loopMode"`
	Frames   []float64 `json:"frames"`
	Model    string    `json:"model,omitempty"`
	Targets  []Target  `json:"targets"`
	// Meshes are the posed shapes (sample --mesh), nil otherwise.
	Meshes []Mesh `json:"meshes,omitempty"`
}

// Target is one target's samples.
type Target struct {
	Name     string           `json:"name"`
	Index    int              `json:"index"`
	Kind     string           `json:"kind"`
	TexGen   *int             `json:"texGen,omitempty"`
	Param    string           `json:"param,omitempty"`
	Material string           `json:"material,omitempty"`
	Register string           `json:"register,omitempty"`
	TexMap   *int             `json:"texMap,omitempty"`
	Channels Channels         `json:"channels"`
	Matrix   []anim.TexMatrix `json:"matrix,omitempty"`
	World    [][3]float64     `json:"world,omitempty"`
}

// Channel is one channel's values at every sampled frame.
type Channel struct {
	Name   string
	Values []float64
}

// Channels marshals as a JSON object in file order.
type Channels []Channel

// MarshalJSON implements json.Marshaler.
func (o Channels) MarshalJSON() ([]byte, error) {
	return MarshalObject(len(o), func(i int) (string, any) { return o[i].Name, o[i].Values })
}

// MarshalObject writes a JSON object whose n members, given by member in
// order, keep that order (a Go map would sort them).
func MarshalObject(n int, member func(i int) (string, any)) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i < n; i++ {
		name, value := member(i)
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		v, err := json.Marshal(value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON implements json.Unmarshaler, keeping the document's order.
func (o *Channels) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("channels: want an object")
	}
	*o = nil
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var vals []float64
		if err := dec.Decode(&vals); err != nil {
			return fmt.Errorf("channel %s: %v", name, err)
		}
		*o = append(*o, Channel{name, vals})
	}
	_, err := dec.Token()
	return err
}

// Get returns the channel named name.
func (o Channels) Get(name string) ([]float64, bool) {
	for _, c := range o {
		if c.Name == name {
			return c.Values, true
		}
	}
	return nil, false
}

// Options say what to sample.
type Options struct {
	// Frames are animation frames; Times, when non-nil instead, are
	// playback times mapped through the loop mode (anim.FrameAtTime).
	Frames, Times []float64
	// Loop overrides the clip's loop mode (for Times and the loopMode
	// field).
	Loop *anim.LoopMode
	// Model, with Binding, poses a skeleton and adds world positions.
	Model     *anim.Skeleton
	ModelName string
	Binding   *anim.Binding
	// Runtime is the JSystem generation whose rules apply (the zero value
	// is the later one): Times map through its clock, and Build switches
	// the clip's full-frame lookups to it (anim.Clip.SetRuntime).
	Runtime anim.Runtime
}

// Build evaluates clip as the options say. file is the name reported in the
// document.
func Build(file string, clip *anim.Clip, opt Options) (*Doc, error) {
	clip.SetRuntime(opt.Runtime)
	mode := clip.Loop
	if opt.Loop != nil {
		mode = *opt.Loop
	}
	frames := opt.Frames
	if opt.Times != nil {
		frames = make([]float64, len(opt.Times))
		for i, t := range opt.Times {
			frames[i] = anim.FrameAtTimeRuntime(opt.Runtime, mode, clip.Duration, t)
		}
	}
	if frames == nil {
		frames = []float64{}
	}
	doc := &Doc{
		File: file, Format: clip.Format, Clip: clip.Name, Duration: clip.Duration,
		FPS: clip.FPS, LoopMode: mode.String(), Frames: frames, Model: opt.ModelName,
		Targets: make([]Target, len(clip.Targets)),
	}
	for i := range clip.Targets {
		t := &clip.Targets[i]
		st := &doc.Targets[i]
		st.Name, st.Index, st.Kind = t.Name, t.Index, t.Kind.String()
		st.Param, st.Material, st.Register = t.Param, t.Material, t.Register
		if t.Kind == anim.TexPatternTarget {
			m := t.TexMap
			st.TexMap = &m
		}
		if t.Kind == anim.TexSRTTarget {
			g := t.TexGen
			st.TexGen = &g
			st.Matrix = make([]anim.TexMatrix, len(frames))
		}
		st.Channels = make(Channels, len(t.Channels))
		for c, ch := range t.Channels {
			st.Channels[c] = Channel{ch.Slot.Name(t.Kind), make([]float64, len(frames))}
		}
	}
	var jointOf []int // target -> skeleton joint
	var world []mgl64.Mat4
	if opt.Model != nil {
		if opt.Binding == nil {
			return nil, fmt.Errorf("sample: a model needs a binding")
		}
		jointOf = make([]int, len(clip.Targets))
		for i := range jointOf {
			jointOf[i] = -1
		}
		for j, ti := range opt.Binding.Target {
			if ti >= 0 && ti < len(jointOf) {
				jointOf[ti] = j
			}
		}
		world = make([]mgl64.Mat4, len(opt.Model.Joints))
		for i := range clip.Targets {
			if jointOf[i] >= 0 {
				doc.Targets[i].World = make([][3]float64, len(frames))
			}
		}
	}
	pose := anim.NewPose(clip)
	var bound [anim.NumSlots]float64
	for fi, f := range frames {
		anim.Evaluate(clip, f, pose)
		if opt.Model != nil {
			opt.Model.World(pose, opt.Binding, world)
		}
		for i := range clip.Targets {
			t := &clip.Targets[i]
			st := &doc.Targets[i]
			p := &pose.Targets[i]
			vals := &p.V
			if p.FromRest != 0 && jointOf != nil && jointOf[i] >= 0 {
				// The values the model's joint is posed with: slots the
				// clip leaves to the skeleton come from the model's rest.
				bound, _ = opt.Model.LocalSRT(jointOf[i], pose, opt.Binding)
				vals = &bound
			}
			for c, ch := range t.Channels {
				v := vals[ch.Slot]
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("target %d channel %s is not finite at frame %g", i, ch.Slot.Name(t.Kind), f)
				}
				st.Channels[c].Values[fi] = v + 0 // + 0 turns -0 into 0 for the output
			}
			if st.Matrix != nil {
				m := anim.TexMatrixOf(t, p)
				for r := range m {
					for c := range m[r] {
						m[r][c] += 0
					}
				}
				st.Matrix[fi] = m
			}
			if st.World != nil {
				w := world[jointOf[i]]
				st.World[fi] = [3]float64{w[12] + 0, w[13] + 0, w[14] + 0}
			}
		}
	}
	return doc, nil
}

// Marshal writes the document as indented JSON with arrays of numbers on one
// line ("scale.x": [1, 1, 0.5]), so a person can read the output.
func Marshal(d *Doc) ([]byte, error) {
	out, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		return nil, err
	}
	return append(oneLineNumberArrays(out), '\n'), nil
}

// oneLineNumberArrays rewrites the encoder's indented output so that every
// array holding only numbers is on one line, its numbers as the encoder
// wrote them. It reads the text as JSON tokens: a string literal (names come
// from the files and may hold brackets, commas and digits) is copied as it
// is, so only the whitespace between tokens changes.
func oneLineNumberArrays(in []byte) []byte {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); {
		switch in[i] {
		case '"':
			end := stringEnd(in, i)
			out = append(out, in[i:end]...)
			i = end
		case '[':
			if numbers, end, ok := numberArray(in, i); ok {
				out = append(out, '[')
				for k, n := range numbers {
					if k > 0 {
						out = append(out, ", "...)
					}
					out = append(out, n...)
				}
				out = append(out, ']')
				i = end
				continue
			}
			out = append(out, '[')
			i++
		default:
			out = append(out, in[i])
			i++
		}
	}
	return out
}

// stringEnd returns the index just past the string literal that starts at
// in[start] (a quote), stepping over escapes.
func stringEnd(in []byte, start int) int {
	for i := start + 1; i < len(in); i++ {
		switch in[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(in)
}

// numberArray reads the array that starts at in[start] (a bracket). When
// its elements are all numbers it returns their text and the index just
// past the closing bracket; an empty array, or one holding anything else,
// is not a number array.
func numberArray(in []byte, start int) (numbers [][]byte, end int, ok bool) {
	i := start + 1
	for {
		i = skipSpace(in, i)
		n := i
		for n < len(in) && isNumberByte(in[n]) {
			n++
		}
		if n == i || !(in[i] == '-' || in[i] >= '0' && in[i] <= '9') {
			return nil, 0, false
		}
		numbers = append(numbers, in[i:n])
		i = skipSpace(in, n)
		if i >= len(in) {
			return nil, 0, false
		}
		switch in[i] {
		case ']':
			return numbers, i + 1, true
		case ',':
			i++
		default:
			return nil, 0, false
		}
	}
}

func skipSpace(in []byte, i int) int {
	for i < len(in) && (in[i] == ' ' || in[i] == '\n' || in[i] == '\t' || in[i] == '\r') {
		i++
	}
	return i
}

// isNumberByte reports whether c can be part of a JSON number.
func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}
