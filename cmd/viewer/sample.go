package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/go-gl/mathgl/mgl64"
)

const sampleUsage = `Usage: animscope sample FILE[:PATH] (--frames LIST | --times LIST) [flags] --json

Prints every channel of the clip at the given frames, in the sample schema
(SAMPLES.md). LIST is "0,1.5,7", "start:end:step" (end included), or a mix.
--times maps playback times (frames at speed 1 from the start of playback)
through the loop mode, exactly as the playback clock would.

Flags:
`

// sampleDoc is the sample JSON schema of SAMPLES.md; field order is the
// documented order.
type sampleDoc struct {
	File     string         `json:"file"`
	Format   string         `json:"format"`
	Clip     string         `json:"clip"`
	Duration float64        `json:"duration"`
	FPS      float64        `json:"fps"`
	LoopMode string         `json:"loopMode"`
	Frames   []float64      `json:"frames"`
	Model    string         `json:"model,omitempty"`
	Targets  []sampleTarget `json:"targets"`
}

type sampleTarget struct {
	Name     string           `json:"name"`
	Index    int              `json:"index"`
	Kind     string           `json:"kind"`
	TexGen   *int             `json:"texGen,omitempty"`
	Channels orderedChannels  `json:"channels"`
	Matrix   []anim.TexMatrix `json:"matrix,omitempty"`
	World    [][3]float64     `json:"world,omitempty"`
}

type namedValues struct {
	name   string
	values []float64
}

// orderedChannels marshals as a JSON object in file order.
type orderedChannels []namedValues

func (o orderedChannels) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c.name)
		v, err := json.Marshal(c.values)
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

type sampleOptions struct {
	frames, times []float64
	loop          *anim.LoopMode
	model         *anim.Skeleton
	modelName     string
}

func runSample(args []string, stdout io.Writer) error {
	fs := newFlagSet("sample", sampleUsage, stdout)
	framesFlag := fs.String("frames", "", "animation frames to sample: LIST")
	timesFlag := fs.String("times", "", "playback times to map through the loop mode: LIST")
	loopFlag := fs.String("loop", "", "override the file's loop mode: once, once-reset, loop, mirrored-once, mirrored-loop")
	clipFlag := fs.String("clip", "", "animation name, for files holding several")
	modelFlag := fs.String("model", "", "skeleton FILE[:PATH] to pose; adds world positions per joint")
	jsonFlag := fs.Bool("json", false, "print JSON (the only output format so far; required)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("sample: want exactly one FILE, got %d (see animscope sample -h)", len(pos))
	}
	if !*jsonFlag {
		return usagef("sample: --json is required")
	}
	if (*framesFlag == "") == (*timesFlag == "") {
		return usagef("sample: give exactly one of --frames and --times")
	}
	var opt sampleOptions
	if *framesFlag != "" {
		if opt.frames, err = parseFrameList(*framesFlag); err != nil {
			return usagef("sample: --frames: %v", err)
		}
	} else if opt.times, err = parseFrameList(*timesFlag); err != nil {
		return usagef("sample: --times: %v", err)
	}
	if *loopFlag != "" {
		m, err := anim.ParseLoopMode(*loopFlag)
		if err != nil {
			return usagef("sample: --loop: %v", err)
		}
		opt.loop = &m
	}
	asset, err := loadAsset(pos[0])
	if err != nil {
		return err
	}
	clip, err := pickClip(asset, *clipFlag)
	if err != nil {
		return &inputError{pos[0], err}
	}
	if *modelFlag != "" {
		m, err := loadAsset(*modelFlag)
		if err != nil {
			return err
		}
		if len(m.Skeletons) == 0 {
			return &inputError{*modelFlag, fmt.Errorf("holds no skeleton (it is a %s file)", m.Format)}
		}
		opt.model = m.Skeletons[0]
		opt.modelName = filepath.Base(*modelFlag)
	}
	doc, err := sampleClip(filepath.Base(pos[0]), clip, opt)
	if err != nil {
		return &inputError{pos[0], err}
	}
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return &inputError{pos[0], fmt.Errorf("cannot write sample: %v", err)}
	}
	out = append(out, '\n')
	_, err = stdout.Write(out)
	return err
}

// pickClip returns the clip named name, or the only/first clip.
func pickClip(a *formats.Asset, name string) (*anim.Clip, error) {
	if len(a.Clips) == 0 {
		if a.Archive != nil {
			return nil, fmt.Errorf("is an archive; name an entry as FILE:PATH (see animscope info %s)", a.Name)
		}
		return nil, fmt.Errorf("holds no animation (it is a %s file)", a.Format)
	}
	if name == "" {
		return a.Clips[0], nil
	}
	var names []string
	for _, c := range a.Clips {
		if c.Name == name {
			return c, nil
		}
		names = append(names, c.Name)
	}
	return nil, fmt.Errorf("no animation named %q (have %q)", name, names)
}

// sampleClip evaluates clip at the requested frames (or playback times).
func sampleClip(file string, clip *anim.Clip, opt sampleOptions) (*sampleDoc, error) {
	mode := clip.Loop
	if opt.loop != nil {
		mode = *opt.loop
	}
	frames := opt.frames
	if opt.times != nil {
		frames = make([]float64, len(opt.times))
		for i, t := range opt.times {
			frames[i] = anim.FrameAtTime(mode, clip.Duration, t)
		}
	}
	doc := &sampleDoc{
		File: file, Format: clip.Format, Clip: clip.Name, Duration: clip.Duration,
		FPS: clip.FPS, LoopMode: mode.String(), Frames: frames, Model: opt.modelName,
		Targets: make([]sampleTarget, len(clip.Targets)),
	}
	for i := range clip.Targets {
		t := &clip.Targets[i]
		st := &doc.Targets[i]
		st.Name, st.Index, st.Kind = t.Name, t.Index, t.Kind.String()
		if t.Kind == anim.TexSRTTarget {
			g := t.TexGen
			st.TexGen = &g
			st.Matrix = make([]anim.TexMatrix, len(frames))
		}
		st.Channels = make(orderedChannels, len(t.Channels))
		for c, ch := range t.Channels {
			st.Channels[c] = namedValues{ch.Slot.Name(t.Kind), make([]float64, len(frames))}
		}
	}
	var jointOf []int // target -> skeleton joint
	var world []mgl64.Mat4
	var binding anim.Binding
	if opt.model != nil {
		binding = formats.Bind(clip, opt.model)
		jointOf = make([]int, len(clip.Targets))
		for i := range jointOf {
			jointOf[i] = -1
		}
		for j, ti := range binding.Target {
			if ti >= 0 {
				jointOf[ti] = j
			}
		}
		world = make([]mgl64.Mat4, len(opt.model.Joints))
		for i := range clip.Targets {
			if jointOf[i] >= 0 {
				doc.Targets[i].World = make([][3]float64, len(frames))
			}
		}
	}
	pose := anim.NewPose(clip)
	for fi, f := range frames {
		anim.Evaluate(clip, f, pose)
		if opt.model != nil {
			opt.model.World(pose, &binding, world)
		}
		for i := range clip.Targets {
			t := &clip.Targets[i]
			st := &doc.Targets[i]
			p := &pose.Targets[i]
			for c, ch := range t.Channels {
				v := p.V[ch.Slot]
				if t.Quat == nil || !ch.Slot.IsQuat() {
					v = ch.Curve.Eval(f)
				}
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("target %d channel %s is not finite at frame %g", i, ch.Slot.Name(t.Kind), f)
				}
				st.Channels[c].values[fi] = v
			}
			if st.Matrix != nil {
				st.Matrix[fi] = anim.TexMatrixOf(t, p)
			}
			if st.World != nil {
				w := world[jointOf[i]]
				st.World[fi] = [3]float64{w[12], w[13], w[14]}
			}
		}
	}
	return doc, nil
}
