package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/platform"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/ui"
)

// processStart is when the program started, for the open-to-first-frame
// measurement of --bench-frames.
var processStart = time.Now()

// runGUI opens the viewer window and runs it until closed.
func runGUI(args []string, stdout, stderr io.Writer) error {
	g, files, err := parseGUIFlags(args, stdout)
	if err != nil {
		return err
	}
	// Before the window exists, so a signal never meets the default
	// action (exit) once the window can be seen.
	signals := notifySignals()
	if err := platform.Init(); err != nil {
		if errors.Is(err, platform.ErrNoDisplay) {
			return fmt.Errorf("%v; the viewer needs a display. Headless: animscope render FILE --frame F --out x.png", err)
		}
		return err
	}
	defer platform.Terminate()

	cfgDir := ""
	if !g.noConfig {
		cfgDir = configDir()
	}
	set := loadSettings(cfgDir)
	if err := useZstdDict(g.zstdDict, &set, stderr); err != nil {
		return err
	}
	opts := platform.Options{Title: "animscope", Width: set.Window.W, Height: set.Window.H,
		X: set.Window.X, Y: set.Window.Y, HasPos: set.Window.HasPos, Maximized: set.Window.Maximized, VSync: true}
	if g.width > 0 {
		opts.Width, opts.Height, opts.Maximized, opts.HasPos = g.width, g.height, false, false
	}
	win, err := platform.NewWindow(opts)
	if err != nil {
		return err
	}
	defer win.Destroy()
	if err := render.Init(); err != nil {
		return err
	}

	v, err := newViewer(win, cfgDir, set, g.maxFiles, stderr)
	if err != nil {
		return err
	}
	v.signals = signals
	defer v.close()
	if !g.noWatch {
		if err := v.app.Reloader().Watch(platform.Wake); err != nil {
			v.app.Notify(viewmodel.Warning, "open files are not reloaded when they change: %v", err)
		}
		defer v.app.Reloader().Close()
	}
	if g.labels {
		v.ui.Options.Labels = true
	}
	loadStart := time.Now()
	v.openStart = loadStart
	if len(files) == 0 {
		v.app.OpenDemo()
	} else {
		v.app.Open(files)
	}
	v.loadTime = time.Since(loadStart)
	if g.churn > 0 {
		v.churn = &churn{total: g.churn, left: g.churn, files: files}
	}
	if g.clipName != "" {
		v.app.Apply(viewmodel.SelectClipNamed{Name: g.clipName})
	}
	if g.hasFrame {
		v.app.Apply(viewmodel.Seek{Frame: g.frame})
		v.app.Apply(viewmodel.Pause{})
		v.app.Evaluate()
	}
	if g.selectName != "" {
		v.app.Apply(viewmodel.SelectNamed{Name: g.selectName})
	}
	v.applyAnalysisFlags(&g.analysis)
	if g.cpuProfile != "" {
		f, err := os.Create(g.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	return v.loop(g, stdout)
}

// viewer ties the window, ImGui, the renderers, the UI and the app.
type viewer struct {
	win      *platform.Window
	ctx      *imgui.Context
	ui       *ui.UI
	app      *app.App
	scene    *render.Renderer
	imr      *render.ImGuiRenderer
	checker  render.Texture
	cfgDir   string
	set      settings
	loadTime time.Duration

	view      viewmodel.View
	sceneData viewmodel.Scene
	cmpRender compareRenderer
	title     string
	// openStart is when the files given at startup began to load;
	// firstFrameSinceOpen is from then to the first frame shown.
	openStart           time.Time
	firstFrameSinceOpen time.Duration
	signals             <-chan os.Signal
	churn               *churn    // --churn (churn.go)
	exp                 exportJob // File › Export glTF (export.go)
	// texErrs are the texture failures already in Messages (textures.go).
	texErrs map[string]bool
}

func newViewer(win *platform.Window, cfgDir string, set settings, maxFiles int, log io.Writer) (*viewer, error) {
	v := &viewer{win: win, cfgDir: cfgDir, set: set, ui: newUI(set)}
	v.newContext(nil)
	var err error
	if v.imr, err = render.NewImGuiRenderer(); err != nil {
		return nil, err
	}
	v.imr.Install()
	if err := v.imr.UploadFonts(); err != nil {
		return nil, err
	}
	if v.scene, err = render.NewRenderer(); err != nil {
		return nil, err
	}
	img, err := assets.Checker()
	if err != nil {
		return nil, fmt.Errorf("assets: checker: %w", err)
	}
	if v.checker, err = render.NewTexture(img, true, true); err != nil {
		return nil, err
	}
	v.ui.TextureLookup = v.textureLookup
	v.app = app.New(log)
	v.app.Configure(app.Settings{Recent: set.Recent, BrowseDir: set.BrowseDir, Speed: set.Speed,
		ChainMode: set.Options.ChainMode, Up: set.Options.Up, Clipboard: win.SetClipboard, LoadDemo: loadDemo, Import: cli.ImportBytes,
		MaxFolderFiles: cmp.Or(maxFiles, -1)}) // --max-files 0: any number
	if rt, err := anim.ParseRuntime(set.Runtime); err == nil {
		v.app.Apply(viewmodel.SetRuntime{Runtime: rt})
	}
	return v, nil
}

// newUI is the interface with the saved options and the format
// registry's lines for Help › About (ui does not import formats).
func newUI(set settings) *ui.UI {
	u := ui.New()
	u.Options = set.Options
	u.AboutFormats = formats.SupportedFormats()
	return u
}

// newContext creates the ImGui context (again, after a DPI change: ImGui
// 1.85 cannot rebuild a font atlas in place), keeping the panel layout.
func (v *viewer) newContext(ini []byte) {
	v.ctx = imgui.CreateContext(nil)
	io := imgui.CurrentIO()
	if v.cfgDir != "" {
		_ = os.MkdirAll(v.cfgDir, 0o755)
		io.SetIniFilename(filepath.Join(v.cfgDir, "imgui.ini"))
	} else {
		io.SetIniFilename("")
	}
	if ini != nil {
		imgui.LoadIniSettingsFromMemory(string(ini))
	}
	v.win.InstallImGui()
	ww, _ := v.win.Size()
	fw, _ := v.win.FramebufferSize()
	ratio := float32(1)
	if ww > 0 {
		ratio = float32(fw) / float32(ww)
	}
	v.ui.SetupFonts(v.win.ContentScale(), ratio)
}

func (v *viewer) rebuildFonts() {
	ini := imgui.SaveIniSettingsToMemory()
	v.ctx.Destroy()
	v.newContext([]byte(ini))
	v.imr.Install()
	if err := v.imr.UploadFonts(); err != nil {
		v.app.Notify(viewmodel.Error, "fonts: %v", err)
	}
}

func (v *viewer) close() {
	v.saveSettings()
	v.checker.Delete()
	v.cmpRender.targets.Delete()
	v.scene.Delete()
	v.imr.Delete()
	v.ctx.Destroy()
}

func (v *viewer) saveSettings() {
	if v.cfgDir == "" {
		return
	}
	s := v.set
	s.Window.Maximized = v.win.Maximized()
	if !s.Window.Maximized {
		s.Window.W, s.Window.H = v.win.Size()
		s.Window.X, s.Window.Y = v.win.Pos()
		s.Window.HasPos = true
	}
	s.Recent = v.app.Settings().Recent
	s.BrowseDir = v.app.Settings().BrowseDir
	s.Options = v.ui.Options
	s.Speed = v.app.Settings().Speed
	s.Runtime = v.app.Runtime().String()
	if err := saveSettings(v.cfgDir, s); err != nil {
		fmt.Fprintf(os.Stderr, "animscope: saving settings: %v\n", err)
	}
}

// loadDemo supplies the embedded demo's files.
func loadDemo() ([]app.DemoFile, error) {
	fs, err := assets.Demo()
	out := make([]app.DemoFile, len(fs))
	for i, f := range fs {
		out[i] = app.DemoFile{Name: f.Name, Data: f.Data}
	}
	return out, err
}

func (v *viewer) updateTitle() {
	if t := v.app.Title(); t != v.title {
		v.title = t
		v.win.SetTitle(t)
	}
}
