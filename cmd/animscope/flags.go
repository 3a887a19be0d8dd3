package main

import (
	"flag"
	"io"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// guiUsage heads the viewer's -h; the subcommands' flags are internal/cli's.
const guiUsage = `Usage: animscope [flags] [FILE...]

Opens the viewer. FILEs (animations, models, archives; FILE:path/in/archive
for one entry; folders, whose files open with their subfolders') are opened
together, so a model and its animations pair up. With no FILE the embedded
demo opens. Flags may come before or after files. An open file that changes
on disk is reloaded in place (the scene time, selection, camera and loop
mode stay; a version that does not open leaves the old one): --no-watch
turns that off.

Flags:
`

// guiFlags are the viewer's command-line flags.
type guiFlags struct {
	screenshot  string
	afterFrames int
	bench       int
	frame       float64
	hasFrame    bool
	width       int
	height      int
	noConfig    bool
	labels      bool
	selectName  string
	clipName    string
	cpuProfile  string
	stateJSON   string
	churn       int
	analysis    analysisFlags
	zstdDict    string
	noWatch     bool
	maxFiles    int
}

// parseGUIFlags parses the viewer's command line into its flags and the
// files to open, checking values the flag package cannot.
func parseGUIFlags(args []string, out io.Writer) (*guiFlags, []string, error) {
	fs := cli.NewFlagSet("animscope", guiUsage, out)
	g := &guiFlags{}
	fs.StringVar(&g.screenshot, "screenshot", "", "write a PNG of the whole window after --after-frames frames, then exit")
	fs.IntVar(&g.afterFrames, "after-frames", 10, "frames to draw before --screenshot; 0: only when SIGUSR1 asks (the viewer keeps running)")
	fs.IntVar(&g.bench, "bench-frames", 0, "draw N frames, print the CPU time per frame (without the buffer swap) and open-to-first-frame time, exit")
	frame := fs.String("frame", "", "start paused at this animation frame")
	size := fs.String("size", "", "window size WxH in screen units (default: the last size)")
	fs.BoolVar(&g.noConfig, "no-config", false, "neither read nor write settings (window, recent files, panel layout)")
	fs.BoolVar(&g.labels, "labels", false, "show joint names")
	fs.StringVar(&g.selectName, "select", "", "select the joint (or texture entry) with this name, or #INDEX for the joint clip's target INDEX")
	fs.StringVar(&g.clipName, "clip", "", "play the open animation with this name (a BFRES animation's name, or a file's name with or without extension)")
	fs.StringVar(&g.stateJSON, "state-json", "", "with each screenshot, write the view's state (3D viewport, camera, joint positions, open files, messages) as JSON to this file")
	fs.IntVar(&g.churn, "churn", 0, "long-session check: close and reopen the files N times, one step per frame; --state-json gets memory and GL object counts before and after")
	fs.StringVar(&g.cpuProfile, "cpuprofile", "", "write a Go CPU profile of the session to this file (for performance work)")
	fs.StringVar(&g.zstdDict, "zstd-dict", "", "Zstandard dictionary FILE for .zs files (TotK: Pack/ZsDic.pack.zs); remembered for later runs")
	fs.BoolVar(&g.noWatch, "no-watch", false, "do not reload open files when they change on disk")
	fs.IntVar(&g.maxFiles, "max-files", app.DefaultMaxFolderFiles, "open up to N files of a folder without asking (0: any number)")
	g.analysis.register(fs)
	pos, err := cli.ParseInterleaved(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if err := g.analysis.check(); err != nil {
		return nil, nil, err
	}
	if *frame != "" {
		f, err := cli.ParseFinite(*frame)
		if err != nil {
			return nil, nil, cli.Usagef("--frame: %v", err)
		}
		g.frame, g.hasFrame = f, true
	}
	if *size != "" {
		w, h, err := cli.ParseSize(*size)
		if err != nil {
			return nil, nil, cli.Usagef("--size: %v", err)
		}
		g.width, g.height = w, h
	}
	if g.afterFrames < 0 {
		return nil, nil, cli.Usagef("--after-frames must not be negative")
	}
	if g.bench < 0 || g.churn < 0 || g.maxFiles < 0 {
		return nil, nil, cli.Usagef("--bench-frames, --churn and --max-files must not be negative")
	}
	return g, pos, nil
}

// analysisFlags are the viewer's flags for the analysis panels (tests and
// bug reports use them to show a panel in a known state).
type analysisFlags struct {
	tab         string
	plot        string
	compare     bool
	compareTime string
	raw         bool
	texture     string
	compareWith string
	importAnim  string
}

func (f *analysisFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.tab, "tab", "", "show this tab of the bottom panel: curves, inspector, textures, messages or differences (with --compare-with or --import-animation)")
	fs.StringVar(&f.texture, "texture", "", "open the texture of this name at full size (the Textures tab's view)")
	fs.StringVar(&f.plot, "plot", "", "plot these channels: TARGET/CHANNEL,... (TARGET a name or #index, CHANNEL as in the sample output, or euler.x/y/z of a quaternion target)")
	fs.BoolVar(&f.compare, "compare", false, "open the loop-mode comparison")
	fs.StringVar(&f.compareTime, "compare-time", "", "with --compare: hold the comparison's shared clock at this playback time (frames)")
	fs.BoolVar(&f.raw, "raw-units", false, "plot J3D rotations in file units instead of degrees")
	fs.StringVar(&f.compareWith, "compare-with", "", "compare the playing animation with this other version of it (A/B: File › Compare with…)")
	fs.StringVar(&f.importAnim, "import-animation", "", "convert this glTF onto the playing animation with the model in use and compare the result with it as B (File › Import animation…)")
}

func (f *analysisFlags) check() error {
	switch f.tab {
	case "", ui.TabCurves, ui.TabInspector, ui.TabTextures, ui.TabMessages, ui.TabDifferences:
	default:
		return cli.Usagef("--tab %q: want curves, inspector, textures, messages or differences", f.tab)
	}
	if f.compareTime != "" {
		if _, err := cli.ParseFinite(f.compareTime); err != nil {
			return cli.Usagef("--compare-time: %v", err)
		}
	}
	return nil
}

// applyAnalysisFlags puts the panels in the state the flags ask for, once
// the files are open.
func (v *viewer) applyAnalysisFlags(f *analysisFlags) {
	if f.compareWith != "" {
		v.app.Apply(viewmodel.CompareWith{Path: f.compareWith})
	}
	if f.importAnim != "" {
		v.app.Apply(viewmodel.ImportAnimation{Path: f.importAnim})
	}
	if f.tab != "" {
		v.ui.ShowTab(f.tab)
	}
	if f.texture != "" {
		if f.tab == "" {
			v.ui.ShowTab(ui.TabTextures)
		}
		v.ui.ShowTexture(f.texture)
	}
	v.ui.SetRawUnits(f.raw)
	if f.plot != "" {
		refs, err := v.app.ParsePlotList(f.plot)
		if err != nil {
			v.app.Notify(viewmodel.Warning, "--plot: %v", err)
		}
		v.ui.PlotChannels(refs)
	}
	if f.compare {
		v.ui.SetCompareOpen(true)
		v.app.Comparison().SetActive(true)
		if f.compareTime != "" {
			t, _ := cli.ParseFinite(f.compareTime)
			v.app.Comparison().Hold(t)
		}
	}
}
