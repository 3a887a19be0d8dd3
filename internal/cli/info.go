package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/sample"
)

const infoUsage = `Usage: animscope info FILE[:PATH] [--json] [--zstd-dict FILE]

Summarises a file: format, animations (duration, fps, loop mode, targets
with their channels' key counts and curve kinds), skeletons, archive
entries, and the format's own header facts.

Flags:
`

type infoDoc struct {
	File      string          `json:"file"`
	Format    string          `json:"format"`
	Yaz0      bool            `json:"yaz0,omitempty"`
	Zstd      bool            `json:"zstd,omitempty"`
	Clips     []infoClip      `json:"clips,omitempty"`
	Skeletons []infoSkeleton  `json:"skeletons,omitempty"`
	Models    []infoModel     `json:"models,omitempty"`
	Textures  []infoTexture   `json:"textures,omitempty"`
	Entries   []formats.Entry `json:"entries,omitempty"`
	Pairing   *infoPairing    `json:"pairing,omitempty"`
	Details   orderedDetails  `json:"details,omitempty"`
	Warnings  []string        `json:"warnings,omitempty"`
	// Notes say what the file is where that is not obvious and not wrong
	// (a BotW .Tex2 holds only mip levels 1+).
	Notes []string `json:"notes,omitempty"`
	// Broken are the file's animations that could not be read.
	Broken []infoBroken `json:"broken,omitempty"`
}

type infoBroken struct {
	Name  string `json:"name"`
	Error string `json:"error"`
}

type infoClip struct {
	Name     string       `json:"name"`
	Format   string       `json:"format"`
	Duration float64      `json:"duration"`
	FPS      float64      `json:"fps"`
	LoopMode string       `json:"loopMode"`
	Targets  []infoTarget `json:"targets"`
}

type infoTarget struct {
	Name     string        `json:"name"`
	Index    int           `json:"index"`
	Kind     string        `json:"kind"`
	TexGen   *int          `json:"texGen,omitempty"`
	TexMode  string        `json:"texMatrixMode,omitempty"`
	Channels []infoChannel `json:"channels"`
}

type infoChannel struct {
	Name  string `json:"name"`
	Curve string `json:"curve"`
	Keys  int    `json:"keys"`
}

type infoSkeleton struct {
	Name   string      `json:"name"`
	Mode   string      `json:"hierarchyMode"`
	Joints []infoJoint `json:"joints"`
}

type infoJoint struct {
	Name   string `json:"name"`
	Parent int    `json:"parent"`
}

type orderedDetails []formats.Detail

// MarshalJSON keeps the details in the format's display order.
func (d orderedDetails) MarshalJSON() ([]byte, error) {
	return sample.MarshalObject(len(d), func(i int) (string, any) { return d[i].Name, d[i].Value })
}

func runInfo(args []string, stdout io.Writer) error {
	fs := NewFlagSet("info", infoUsage, stdout)
	jsonFlag := fs.Bool("json", false, "print JSON instead of text")
	zstdDict := zstdDictFlag(fs)
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if err := useZstdDict(*zstdDict); err != nil {
		return err
	}
	if len(pos) != 1 {
		return Usagef("info: want exactly one FILE, got %d (see animscope info -h)", len(pos))
	}
	a, err := app.LoadAsset(pos[0])
	if err != nil {
		return err
	}
	doc := makeInfo(filepath.Base(pos[0]), a)
	if *jsonFlag {
		out, err := json.MarshalIndent(doc, "", " ")
		if err != nil {
			return &app.InputError{File: pos[0], Err: err}
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	writeInfoText(stdout, doc)
	return nil
}

func makeInfo(file string, a *formats.Asset) *infoDoc {
	doc := &infoDoc{File: file, Format: a.Format, Yaz0: a.Yaz0, Zstd: a.Zstd, Details: a.Details, Warnings: a.Warnings, Notes: a.Notes}
	for _, b := range a.Broken {
		doc.Broken = append(doc.Broken, infoBroken{Name: b.Name, Error: b.Err.Error()})
	}
	for _, c := range a.Clips {
		ic := infoClip{Name: c.Name, Format: c.Format, Duration: c.Duration, FPS: c.FPS, LoopMode: c.Loop.String()}
		for i := range c.Targets {
			t := &c.Targets[i]
			it := infoTarget{Name: t.Name, Index: t.Index, Kind: t.Kind.String()}
			if t.Kind == anim.TexSRTTarget {
				g := t.TexGen
				it.TexGen = &g
				it.TexMode = t.TexMode.String()
			}
			for _, ch := range t.Channels {
				it.Channels = append(it.Channels, infoChannel{ch.Slot.Name(t.Kind), ch.Curve.Kind().String(), ch.Curve.NumKeys()})
			}
			ic.Targets = append(ic.Targets, it)
		}
		doc.Clips = append(doc.Clips, ic)
	}
	for _, s := range a.Skeletons {
		is := infoSkeleton{Name: s.Name, Mode: s.Mode.String()}
		for _, j := range s.Joints {
			is.Joints = append(is.Joints, infoJoint{j.Name, j.Parent})
		}
		doc.Skeletons = append(doc.Skeletons, is)
	}
	doc.Models, doc.Textures = makeInfoModels(a)
	if len(doc.Textures) == 0 {
		doc.Textures = nil
	}
	if a.Archive != nil {
		doc.Entries = a.Archive.Entries()
		var w []string
		doc.Pairing, w = makePairing(file, a)
		doc.Warnings = append(doc.Warnings, w...)
	}
	return doc
}

func writeInfoText(w io.Writer, d *infoDoc) {
	yaz := ""
	if d.Yaz0 {
		yaz = " (Yaz0-compressed)"
	}
	if d.Zstd {
		yaz = " (Zstandard-compressed)"
	}
	fmt.Fprintf(w, "%s: %s%s\n", d.File, d.Format, yaz)
	for _, x := range d.Details {
		writeDetail(w, x.Name, x.Value)
	}
	for _, c := range d.Clips {
		name := c.Name
		if name == "" {
			name = "(unnamed)"
		}
		fmt.Fprintf(w, "animation %s: %s, %g frames at %g fps (%.3f s), loop mode %s, %s\n",
			name, c.Format, c.Duration, c.FPS, c.Duration/c.FPS, c.LoopMode, plural(len(c.Targets), "target", "targets"))
		for _, t := range c.Targets {
			label := t.Name
			if label == "" {
				label = fmt.Sprintf("#%d", t.Index)
			}
			extra := ""
			if t.TexGen != nil {
				extra = fmt.Sprintf(" texGen %d, %s matrix", *t.TexGen, t.TexMode)
			}
			var parts []string
			for _, ch := range t.Channels {
				if ch.Curve == anim.KindConstant.String() {
					parts = append(parts, ch.Name+" const")
				} else {
					parts = append(parts, fmt.Sprintf("%s %s×%d", ch.Name, ch.Curve, ch.Keys))
				}
			}
			fmt.Fprintf(w, "  %s %s%s: %s\n", t.Kind, label, extra, strings.Join(parts, ", "))
		}
	}
	for _, s := range d.Skeletons {
		fmt.Fprintf(w, "skeleton %s: %s, %s hierarchy\n", s.Name, plural(len(s.Joints), "joint", "joints"), s.Mode)
		for i, j := range s.Joints {
			fmt.Fprintf(w, "  %3d %-24s parent %d\n", i, j.Name, j.Parent)
		}
	}
	writeInfoModels(w, d.Models, d.Textures)
	if len(d.Entries) > 0 {
		fmt.Fprintf(w, "archive: %s\n", plural(len(d.Entries), "file", "files"))
		for _, e := range d.Entries {
			fmt.Fprintf(w, "  %-40s %8d  %s\n", e.Path, e.Size, e.Kind)
		}
	}
	for _, b := range d.Broken {
		fmt.Fprintf(w, "broken animation %s: %s\n", b.Name, b.Error)
	}
	writePairingText(w, d.Pairing)
	for _, x := range d.Notes {
		fmt.Fprintf(w, "note: %s\n", x)
	}
	for _, x := range d.Warnings {
		fmt.Fprintf(w, "warning: %s\n", x)
	}
}

// plural writes n with the singular or plural noun ("1 joint").
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
