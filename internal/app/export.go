package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/internal/viewmodel"
)

// ExportRequest is File › Export: what to write and where (a .glb, or a
// .gltf with its .bin).
type ExportRequest struct {
	Path string
	// All exports every animation of the open files; otherwise the
	// current model with the current animation (and texture animation).
	All bool
	// NoMesh leaves the model's meshes, materials and textures out (the
	// skeleton alone, as `animscope export --no-mesh`).
	NoMesh bool
}

// ExportPlan is an export ready to run off the frame loop: the scene is
// made of the open files' immutable clips and skeleton, so writing it on
// another goroutine is safe.
type ExportPlan struct {
	Path    string
	Scene   export.Scene
	Skipped []string // animations left out, for the Messages panel
}

// Exporter plans File › Export from what the viewer shows (the model in
// use, its meshes, the playing or all open animations), suggests where
// to write, and reports how an export ended. Writing runs off the frame
// loop (ExportPlan.Run), so it keeps no state between exports.
type Exporter struct {
	ses  *session // the open files (never overwritten)
	play *transport
	rig  *rig
	msgs *messages
}

// Export is File › Export's planning.
func (a *App) Export() *Exporter { return &a.export }

// Plan turns a request into a plan: the current model (or none: the
// stand-in skeleton of the joint animation) with its meshes unless
// NoMesh, the root motion as the Scene panel applies it, and the
// animations asked for. With All, a joint
// animation goes in when at least half of its joints bind to the model
// (as `animscope export` pairs a directory); texture and material
// animations always do.
func (e *Exporter) Plan(req ExportRequest) (*ExportPlan, error) {
	if !export.IsOutputName(req.Path) {
		return nil, fmt.Errorf("%s: export to a file ending in .glb or .gltf", req.Path)
	}
	r, play := e.rig, e.play
	p := &ExportPlan{Path: req.Path, Scene: export.Scene{Skeleton: r.skel, RootMotion: r.applyRoot}}
	if err := e.ses.refuseInput(req.Path); err != nil {
		return nil, err
	}
	if !req.NoMesh {
		// The models the viewer draws: the model in use's, posed by its
		// skeleton (rig.models reuses its slice; the plan keeps a copy).
		p.Scene.Models = slices.Clone(r.models())
	}
	if !req.All {
		for _, s := range []*slot{play.joint, play.tex} {
			if s != nil {
				p.Scene.Clips = append(p.Scene.Clips, clipOf(s.clip, e.ses.files[s.file].path))
			}
		}
		if len(p.Scene.Clips) == 0 && r.skel == nil {
			return nil, errors.New("nothing to export: open an animation or a model first")
		}
		return p, nil
	}
	for _, f := range e.ses.files {
		for _, c := range f.asset.Clips {
			if n := pairing.JointTargets(c); n > 0 && r.skel != nil && play.joint != nil && c != play.joint.clip {
				if fit := pairing.FitClip(c, r.skel); !fit.Fits() {
					p.Skipped = append(p.Skipped, fmt.Sprintf("%s: not exported: %d of its %d joints bind to %s", clipSource(f, c.Name), fit.Bound(), n, r.skelLabel))
					continue
				}
			}
			p.Scene.Clips = append(p.Scene.Clips, clipOf(c, f.path))
		}
	}
	if len(p.Scene.Clips) == 0 && r.skel == nil {
		return nil, errors.New("nothing to export: open an animation or a model first")
	}
	return p, nil
}

func clipSource(f *File, clip string) string {
	if clip == "" {
		return f.name
	}
	return f.name + " › " + clip
}

// refuseInput rejects a path that names an open file: inputs are never
// written.
func (s *session) refuseInput(path string) error {
	outs := []string{path}
	if strings.EqualFold(filepath.Ext(path), ".gltf") {
		outs = append(outs, strings.TrimSuffix(path, filepath.Ext(path))+".bin")
	}
	for _, f := range s.files {
		file := f.path
		if f.archive != "" {
			file = f.archive
		}
		for _, o := range outs {
			if absPath(o) == absPath(file) {
				return fmt.Errorf("%s: is an open file; refusing to overwrite it", o)
			}
		}
	}
	return nil
}

// ExportResult is a finished export.
type ExportResult struct {
	Path     string
	Clips    int
	Warnings []string
	Err      error
}

// Run writes the plan (call it off the frame loop). What the export
// built (its samples, keys and buffers) is garbage once the file is
// written, but the Go runtime keeps the freed pages mapped for minutes:
// the viewer would stay at the export's peak. Run hands them back to the
// system before it returns (a collection of the viewer's heap, off the
// frame loop).
func (p *ExportPlan) Run() ExportResult {
	warns, err := export.WriteFile(p.Path, p.Scene)
	debug.FreeOSMemory()
	return ExportResult{Path: p.Path, Clips: len(p.Scene.Clips), Warnings: warns, Err: err}
}

// Finished reports a finished export in the Messages panel: the skipped
// animations and warnings, the error, or what was written.
func (e *Exporter) Finished(p *ExportPlan, r ExportResult) {
	for _, s := range p.Skipped {
		e.msgs.notify(viewmodel.Warning, "%s", s)
	}
	for _, w := range r.Warnings {
		e.msgs.notify(viewmodel.Warning, "export: %s", w)
	}
	if r.Err != nil {
		e.msgs.notify(viewmodel.Error, "export: %v", r.Err)
		return
	}
	e.msgs.notify(viewmodel.Info, "exported %d animation(s) to %s", r.Clips, r.Path)
}

// DefaultPath suggests where File › Export writes: next to the current
// animation (or model), named after it.
func (e *Exporter) DefaultPath() string {
	var f *File
	switch {
	case e.play.joint != nil:
		f = e.ses.files[e.play.joint.file]
	case e.play.tex != nil:
		f = e.ses.files[e.play.tex.file]
	case e.rig.skel != nil && e.rig.skelFile >= 0:
		f = e.ses.files[e.rig.skelFile]
	default:
		return "animscope.glb"
	}
	file := f.path
	if f.archive != "" {
		file = f.archive
	}
	if f.demo {
		return "demo.glb"
	}
	stem := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if f.entry != "" {
		stem = strings.TrimSuffix(filepath.Base(f.entry), filepath.Ext(f.entry))
	}
	return filepath.Join(filepath.Dir(file), stem+".glb")
}

// clipOf is c from the file at p (FILE or ARCHIVE:ENTRY) as the export
// names it: its path for messages, and for the file's "source" extra
// the archive's base name with the entry, as the CLI writes it.
func clipOf(c *anim.Clip, p string) export.Clip {
	file, entry := SplitArchivePath(p)
	return export.Clip{Clip: c, Source: p, Origin: export.SourceName(file, entry)}
}
