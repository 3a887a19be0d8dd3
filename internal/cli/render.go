package cli

import (
	"errors"
	"fmt"
	"image"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/viewmodel"
)

const renderUsage = `Usage: animscope render [FILE[:PATH]...] [--demo] [--model MODEL] [--clip NAME] [--root-motion] [--runtime early|late] [--mesh-mode MODE] [--select NAME] [--size WxH] [--view Y,P,D[,X,Y,Z]] [--zstd-dict FILE] (--frame F --out x.png | --gif out.gif --frames LIST)

Renders the 3D view (grid, the model's meshes, bones and joints, the
texture test quad) offscreen, without the interface, at animation frame F
(or a GIF of a frame range). --mesh-mode draws a model that has meshes as
View › Models does: mesh-and-bones (the default), mesh, bones, wireframe
(the triangles' edges over the mesh) or xray (the bones through the mesh).
FILE may be FILE:path/in/archive. The model, as in the viewer, is --model
when given, else one the files hold (a BMD, a .bfres FMDL, a JBA's
inferred Biped skeleton or a skeleton sidecar JSON). The camera frames
the scene as the viewer does; --view sets it exactly. With no FILE (or
--demo) the embedded demo is rendered. Needs a display server for the
OpenGL context (Xvfb works); no window is shown.

Flags:
`

// renderOpts is render's command line.
type renderOpts struct {
	files                  []string
	frame, out, gif        string
	frames, model, clip    string
	size, view, selectName string
	runtimeName            string
	meshModeName           string
	rootMotion, demo       bool

	// Parsed from the above.
	w, h      int
	frameList []float64
	cam       *viewmodel.Camera
	camTarget bool // cam has its own target (else the framed one is kept)
	runtime   anim.Runtime
	meshMode  viewmodel.MeshMode
}

func runRender(args []string, stdout, stderr io.Writer, env Env) error {
	o, err := parseRenderFlags(args, stdout)
	if err != nil {
		return err
	}
	a, err := renderApp(o)
	if err != nil {
		return err
	}
	if env.NewOffscreen == nil {
		return errors.New("render: no OpenGL context available")
	}
	off, err := env.NewOffscreen(o.w, o.h)
	if err != nil {
		return err
	}
	defer off.Close()
	for _, p := range a.Headless().Unbound() {
		fmt.Fprintf(stderr, "animscope: warning: %s\n", p)
	}
	err = drawRender(a, o, off, stdout)
	for _, p := range off.Problems() {
		fmt.Fprintf(stderr, "animscope: warning: %s\n", p)
	}
	return err
}

// parseRenderFlags reads and checks render's command line.
func parseRenderFlags(args []string, stdout io.Writer) (*renderOpts, error) {
	o := &renderOpts{}
	fs := NewFlagSet("render", renderUsage, stdout)
	fs.StringVar(&o.frame, "frame", "", "animation frame to render (fractional allowed)")
	fs.StringVar(&o.out, "out", "", "PNG file to write")
	fs.StringVar(&o.gif, "gif", "", "animated GIF to write (with --frames)")
	fs.StringVar(&o.frames, "frames", "", "frames for --gif: LIST, e.g. 0:30:1")
	fs.StringVar(&o.model, "model", "", "model whose skeleton the animation poses (BMD/BDL, .bfres, skeleton sidecar JSON), "+modelArgHelp)
	fs.StringVar(&o.clip, "clip", "", "the animation to render, by name, when the files hold several (BFRES)")
	fs.BoolVar(&o.rootMotion, "root-motion", false, "apply the clip's root-motion track (JBA world space) instead of locking the character in place")
	fs.StringVar(&o.size, "size", "800x600", "image size WxH in pixels")
	fs.StringVar(&o.view, "view", "", "camera: yaw,pitch,distance[,targetX,targetY,targetZ] (degrees, world units)")
	fs.StringVar(&o.selectName, "select", "", "highlight the joint with this name")
	fs.BoolVar(&o.demo, "demo", false, "render the embedded demo (also what happens without FILE)")
	zstdDict := zstdDictFlag(fs)
	fs.StringVar(&o.meshModeName, "mesh-mode", viewmodel.MeshModes[0].Name, "how a model with meshes is drawn: "+meshModeList())
	fs.StringVar(&o.runtimeName, "runtime", "late", "JSystem runtime rules: late (Pikmin 2, Twilight Princess, Galaxy) or early (Wind Waker, Sunshine)")
	var err error
	if o.files, err = ParseInterleaved(fs, args); err != nil {
		return nil, err
	}
	if err := useZstdDict(*zstdDict); err != nil {
		return nil, err
	}
	if o.runtime, err = anim.ParseRuntime(o.runtimeName); err != nil {
		return nil, Usagef("render: --runtime: %v", err)
	}
	if o.meshMode, err = parseMeshMode(o.meshModeName); err != nil {
		return nil, Usagef("render: --mesh-mode: %v", err)
	}
	if o.w, o.h, err = ParseSize(o.size); err != nil {
		return nil, Usagef("render: --size: %v", err)
	}
	if o.frameList, err = o.parseFrames(); err != nil {
		return nil, err
	}
	if o.view != "" {
		c, hasTarget, err := parseView(o.view)
		if err != nil {
			return nil, Usagef("render: --view: %v", err)
		}
		o.cam, o.camTarget = &c, hasTarget
	}
	return o, nil
}

// parseFrames is the frame of --out or the frames of --gif.
func (o *renderOpts) parseFrames() ([]float64, error) {
	if o.out != "" && o.gif != "" {
		return nil, Usagef("render: give --out or --gif, not both")
	}
	if o.out == "" && o.gif == "" {
		return nil, Usagef("render: give --out x.png (with --frame) or --gif out.gif (with --frames); see animscope render -h")
	}
	out, flag, want, value, parse := "--out", "--frame", "--frame F", o.frame, parseOneFrame
	if o.gif != "" {
		out, flag, want, value, parse = "--gif", "--frames", "--frames A:B:STEP", o.frames, parseFrameList
	}
	if value == "" {
		return nil, Usagef("render: %s needs %s", out, want)
	}
	frames, err := parse(value)
	if err != nil {
		return nil, Usagef("render: %s: %v", flag, err)
	}
	if len(frames) > maxGIFFrames {
		return nil, Usagef("render: --frames gives %d frames; a GIF holds at most %d", len(frames), maxGIFFrames)
	}
	return frames, nil
}

// parseOneFrame is --frame: one finite frame.
func parseOneFrame(s string) ([]float64, error) {
	f, err := ParseFinite(s)
	return []float64{f}, err
}

// renderApp opens the files (or the demo) as the viewer would and sets
// up the model, clip, camera and selection the flags ask for.
func renderApp(o *renderOpts) (*app.App, error) {
	a := app.New(io.Discard)
	h := a.Headless()
	a.Apply(viewmodel.Pause{})
	a.Apply(viewmodel.SetRootMotion{Apply: o.rootMotion})
	a.Apply(viewmodel.SetRuntime{Runtime: o.runtime})
	named, err := renderModel(o)
	if err != nil {
		return nil, err
	}
	loaded, modelFirst, err := loadRenderFiles(o)
	if err != nil {
		return nil, err
	}
	a.Add(loaded)
	if modelFirst >= 0 {
		if err := h.UseModelFrom(modelFirst); err != nil {
			return nil, &app.InputError{File: o.model, Err: err}
		}
		if named >= 0 {
			a.Apply(viewmodel.SelectModel{File: modelFirst, Skel: named})
		}
	}
	if o.clip != "" {
		if err := h.UseClipNamed(o.clip); err != nil {
			return nil, &app.InputError{File: strings.Join(o.files, " "), Err: err}
		}
	}
	h.Reframe()
	if h.Empty() {
		return nil, &app.InputError{File: strings.Join(o.files, " "), Err: errors.New("holds no animation or skeleton to render")}
	}
	if o.cam != nil {
		if !o.camTarget {
			o.cam.Target = h.Camera().Target
		}
		a.Apply(viewmodel.SetCamera{Camera: *o.cam})
	}
	if o.selectName != "" && !h.SelectJointNamed(o.selectName) {
		return nil, Usagef("render: --select: no joint named %q", o.selectName)
	}
	return a, nil
}

// renderModel resolves a --model naming a model inside its file
// (FILE:NAME, ARCHIVE:PATH:NAME): o.model becomes the file or entry to
// open and named the index of the skeleton to use; -1 when --model names
// no model (the app takes the file's largest skeleton, as
// pairing.DefaultSkeleton does).
func renderModel(o *renderOpts) (named int, err error) {
	if o.model == "" {
		return -1, nil
	}
	if _, inner := app.SplitArchivePath(o.model); inner == "" {
		return -1, nil
	}
	m, err := openModel(o.model)
	if err != nil {
		return -1, err
	}
	if m.name == "" {
		return -1, nil // an archive entry
	}
	sk, err := pairing.SkeletonNamed(m.asset, m.name)
	if err != nil {
		return -1, &app.InputError{File: m.where, Err: err}
	}
	o.model = m.where
	return slices.Index(m.asset.Skeletons, sk), nil
}

// loadRenderFiles opens the files, then --model (modelFirst is the index
// of its first file, -1 without one), or the demo when no file is given.
func loadRenderFiles(o *renderOpts) (loaded []*app.File, modelFirst int, err error) {
	modelFirst = -1
	for i, p := range append(o.files, nonEmpty(o.model)...) {
		fs, err := app.LoadFiles(p)
		if err != nil {
			// LoadFiles's messages start with the path; an unwrappable
			// one is printed as it is (it used to crash render).
			if u := errors.Unwrap(err); u != nil {
				err = &app.InputError{File: p, Err: u}
			}
			return nil, -1, err
		}
		if i == len(o.files) {
			modelFirst = len(loaded)
		}
		loaded = append(loaded, fs...)
	}
	if o.demo && len(o.files) > 0 {
		return nil, -1, Usagef("render: --demo renders the embedded demo; give no FILE with it")
	}
	if len(o.files) == 0 {
		demo, err := assets.Demo()
		if err != nil {
			return nil, -1, err
		}
		for _, d := range demo {
			fs, err := app.OpenData("demo/"+d.Name, d.Name, d.Data)
			if err != nil {
				return nil, -1, err
			}
			loaded = append(loaded, fs...)
		}
	}
	return loaded, modelFirst, nil
}

// meshModeList is --mesh-mode's values for its help and errors.
func meshModeList() string {
	var names []string
	for _, m := range viewmodel.MeshModes {
		names = append(names, m.Name)
	}
	return strings.Join(names, ", ")
}

// parseMeshMode reads a --mesh-mode value.
func parseMeshMode(s string) (viewmodel.MeshMode, error) {
	for _, m := range viewmodel.MeshModes {
		if m.Name == s {
			return m.Mode, nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, meshModeList())
}

// shoot renders frame f.
func shoot(a *app.App, off Offscreen, scene *viewmodel.Scene, o *renderOpts, f float64) *image.RGBA {
	a.Apply(viewmodel.Seek{Frame: f})
	a.Evaluate()
	opt := viewmodel.DefaultOptions()
	opt.Mesh = o.meshMode
	a.BuildScene(scene, viewmodel.Viewport{W: int32(o.w), H: int32(o.h)}, 1, opt, off.Checker())
	return off.Draw(scene)
}

// drawRender writes the PNG or the GIF.
func drawRender(a *app.App, o *renderOpts, off Offscreen, stdout io.Writer) error {
	var scene viewmodel.Scene
	if o.out != "" {
		img := shoot(a, off, &scene, o, o.frameList[0])
		if err := WritePNG(o.out, img); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%dx%d, frame %g)\n", o.out, o.w, o.h, o.frameList[0])
		return nil
	}
	if err := writeGIF(o.gif, a, func(f float64) *image.RGBA { return shoot(a, off, &scene, o, f) }, o.frameList); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, %d frames)\n", o.gif, o.w, o.h, len(o.frameList))
	return nil
}

// writeGIF renders frames into an animated GIF at the clip's speed.
func writeGIF(path string, a *app.App, shoot func(frame float64) *image.RGBA, frames []float64) error {
	anim := &gif.GIF{LoopCount: 0}
	step := 1.0
	if len(frames) > 1 {
		step = math.Abs(frames[1] - frames[0])
	}
	delay := max(2, int(math.Round(100*step/a.Headless().FocusedFPS())))
	for _, f := range frames {
		img := shoot(f)
		pal := image.NewPaletted(img.Bounds(), palette.Plan9)
		draw.FloydSteinberg.Draw(pal, img.Bounds(), img, image.Point{})
		anim.Image = append(anim.Image, pal)
		anim.Delay = append(anim.Delay, delay)
	}
	return writeFile(path, func(w io.Writer) error { return gif.EncodeAll(w, anim) })
}

// WritePNG writes img to path.
func WritePNG(path string, img image.Image) error {
	return writeFile(path, func(w io.Writer) error { return png.Encode(w, img) })
}

// writeFile creates path and fills it with enc.
func writeFile(path string, enc func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := enc(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// maxGIFFrames bounds --frames for a GIF: each frame is a full image in
// memory.
const maxGIFFrames = 2000

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// parseView reads --view yaw,pitch,distance[,tx,ty,tz]; hasTarget says
// whether the target was given (else the framed one is kept).
func parseView(s string) (c viewmodel.Camera, hasTarget bool, err error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 && len(parts) != 6 {
		return c, false, fmt.Errorf("%q: want yaw,pitch,distance or yaw,pitch,distance,x,y,z", s)
	}
	var v [6]float64
	for i, p := range parts {
		f, err := ParseFinite(p)
		if err != nil {
			return c, false, err
		}
		v[i] = f
	}
	if v[2] <= 0 {
		return c, false, fmt.Errorf("distance %g must be positive", v[2])
	}
	if math.Abs(v[1]) > 89 {
		return c, false, fmt.Errorf("pitch %g outside -89..89", v[1])
	}
	c = viewmodel.DefaultCamera()
	c.Yaw, c.Pitch, c.Distance = float32(v[0]), float32(v[1]), float32(v[2])
	if len(parts) == 6 {
		c.Target = mgl32.Vec3{float32(v[3]), float32(v[4]), float32(v[5])}
	}
	return c, len(parts) == 6, nil
}
