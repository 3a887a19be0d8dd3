package main

import (
	"errors"
	"fmt"
	"image"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"io"
	"math"
	"os"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/cmd/viewer/internal/platform"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/ui"
)

const renderUsage = `Usage: animscope render FILE... [--model FILE[:PATH]] [--clip NAME] --frame F --out x.png [--size WxH]
       animscope render FILE... [--model FILE[:PATH]] --gif out.gif --frames A:B:STEP [--size WxH]
       animscope render --demo --frame F --out x.png

Renders the 3D view (grid, bones and joints, the texture test quad)
offscreen, without the interface, at animation frame F (or a GIF of a frame
range). FILE may be FILE:path/in/archive. The model, as in the viewer, is
--model when given, else one the files hold (a BMD, a .bfres FMDL, a JBA's
inferred Biped skeleton or a skeleton sidecar JSON).
The camera frames the scene as the viewer does; --view sets it exactly.
With no FILE the embedded demo is rendered. Needs a display server for the
OpenGL context (Xvfb works); no window is shown.

Flags:
`

func runRender(args []string, stdout io.Writer) error {
	fs := newFlagSet("render", renderUsage, stdout)
	frameFlag := fs.String("frame", "", "animation frame to render (fractional allowed)")
	out := fs.String("out", "", "PNG file to write")
	gifOut := fs.String("gif", "", "animated GIF to write (with --frames)")
	framesFlag := fs.String("frames", "", "frames for --gif: LIST, e.g. 0:30:1")
	model := fs.String("model", "", "model FILE[:PATH] whose skeleton the animation poses (BMD/BDL, .bfres, skeleton sidecar JSON)")
	clipName := fs.String("clip", "", "the animation to render, by name, when the files hold several (BFRES)")
	rootMotion := fs.Bool("root-motion", false, "apply the clip's root-motion track (JBA world space) instead of locking the character in place")
	sizeFlag := fs.String("size", "800x600", "image size WxH in pixels")
	viewFlag := fs.String("view", "", "camera: yaw,pitch,distance[,targetX,targetY,targetZ] (degrees, world units)")
	selectName := fs.String("select", "", "highlight the joint with this name")
	demoFlag := fs.Bool("demo", false, "render the embedded demo (also what happens without FILE)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	w, h, err := parseSize(*sizeFlag)
	if err != nil {
		return usagef("render: --size: %v", err)
	}
	var frames []float64
	switch {
	case *out != "" && *gifOut != "":
		return usagef("render: give --out or --gif, not both")
	case *out != "":
		if *frameFlag == "" {
			return usagef("render: --out needs --frame F")
		}
		f, err := parseFinite(*frameFlag)
		if err != nil {
			return usagef("render: --frame: %v", err)
		}
		frames = []float64{f}
	case *gifOut != "":
		if *framesFlag == "" {
			return usagef("render: --gif needs --frames A:B:STEP")
		}
		if frames, err = parseFrameList(*framesFlag); err != nil {
			return usagef("render: --frames: %v", err)
		}
		if len(frames) > maxGIFFrames {
			return usagef("render: --frames gives %d frames; a GIF holds at most %d", len(frames), maxGIFFrames)
		}
	default:
		return usagef("render: give --out x.png (with --frame) or --gif out.gif (with --frames); see animscope render -h")
	}
	var cam *ui.Camera
	camTarget := false
	if *viewFlag != "" {
		c, hasTarget, err := parseView(*viewFlag)
		if err != nil {
			return usagef("render: --view: %v", err)
		}
		cam, camTarget = &c, hasTarget
	}

	a := newApp(io.Discard)
	a.playing = false
	a.applyRoot = *rootMotion
	var loaded []*openFile
	modelFirst := -1
	for i, p := range append(pos, nonEmpty(*model)...) {
		fs, err := loadFiles(p)
		if err != nil {
			return &inputError{p, errors.Unwrap(err)}
		}
		if i == len(pos) {
			modelFirst = len(loaded)
		}
		loaded = append(loaded, fs...)
	}
	if *demoFlag && len(pos) > 0 {
		return usagef("render: --demo renders the embedded demo; give no FILE with it")
	}
	if len(pos) == 0 {
		demo, err := assets.Demo()
		if err != nil {
			return err
		}
		for _, d := range demo {
			fs, err := openData("demo/"+d.Name, d.Name, d.Data)
			if err != nil {
				return err
			}
			loaded = append(loaded, fs...)
		}
	}
	a.add(loaded)
	if modelFirst >= 0 {
		if err := a.useModelFrom(modelFirst); err != nil {
			return &inputError{*model, err}
		}
	}
	if *clipName != "" {
		if err := a.useClipNamed(*clipName); err != nil {
			return &inputError{strings.Join(pos, " "), err}
		}
	}
	a.sceneReady = false
	a.evaluate()
	a.frameScene(true)
	if a.joint == nil && a.tex == nil && a.skel == nil {
		return &inputError{strings.Join(pos, " "), errors.New("holds no animation or skeleton to render")}
	}
	if cam != nil {
		if !camTarget {
			cam.Target = a.camera.Target
		}
		a.camera = *cam
	}
	if *selectName != "" {
		found := false
		for _, m := range a.markers {
			if m.Name == *selectName {
				a.apply(ui.SelectJoint{Joint: m.Joint})
				found = true
				break
			}
		}
		if !found {
			return usagef("render: --select: no joint named %q", *selectName)
		}
	}

	if err := platform.Init(); err != nil {
		if errors.Is(err, platform.ErrNoDisplay) {
			return fmt.Errorf("%v; render draws with OpenGL and needs one: run it under Xvfb (xvfb-run -a animscope render ...)", err)
		}
		return err
	}
	defer platform.Terminate()
	win, err := platform.NewWindow(platform.Options{Title: "animscope render", Width: 64, Height: 64, Hidden: true})
	if err != nil {
		return err
	}
	defer win.Destroy()
	if err := render.Init(); err != nil {
		return err
	}
	r, err := render.NewRenderer()
	if err != nil {
		return err
	}
	defer r.Delete()
	checkerImg, err := assets.Checker()
	if err != nil {
		return err
	}
	checker, err := render.NewTexture(checkerImg, true, true)
	if err != nil {
		return err
	}
	defer checker.Delete()
	fb, err := render.NewRenderTarget(w, h)
	if err != nil {
		return err
	}
	defer fb.Delete()

	var scene render.Scene
	opt := ui.DefaultOptions()
	shoot := func(f float64) *image.RGBA {
		for _, s := range a.slots() {
			s.clock.Seek(f)
		}
		a.evaluate()
		fb.Bind()
		a.buildScene(&scene, render.Viewport{W: int32(w), H: int32(h)}, 1, opt, checker)
		r.DrawScene(&scene)
		return fb.Read()
	}
	if *out != "" {
		img := shoot(frames[0])
		if err := writePNG(*out, img); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%dx%d, frame %g)\n", *out, w, h, frames[0])
		return nil
	}
	anim := &gif.GIF{LoopCount: 0}
	fps := 30.0
	if f := a.focused(); f != nil {
		fps = f.clip.FPS
	}
	step := 1.0
	if len(frames) > 1 {
		step = math.Abs(frames[1] - frames[0])
	}
	delay := max(2, int(math.Round(100*step/fps)))
	for _, f := range frames {
		img := shoot(f)
		pal := image.NewPaletted(img.Bounds(), palette.Plan9)
		draw.FloydSteinberg.Draw(pal, img.Bounds(), img, image.Point{})
		anim.Image = append(anim.Image, pal)
		anim.Delay = append(anim.Delay, delay)
	}
	file, err := os.Create(*gifOut)
	if err != nil {
		return err
	}
	if err := gif.EncodeAll(file, anim); err != nil {
		file.Close()
		return err
	}
	if err := file.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, %d frames)\n", *gifOut, w, h, len(frames))
	return nil
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
func parseView(s string) (c ui.Camera, hasTarget bool, err error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 && len(parts) != 6 {
		return c, false, fmt.Errorf("%q: want yaw,pitch,distance or yaw,pitch,distance,x,y,z", s)
	}
	var v [6]float64
	for i, p := range parts {
		f, err := parseFinite(p)
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
	c = ui.DefaultCamera()
	c.Yaw, c.Pitch, c.Distance = float32(v[0]), float32(v[1]), float32(v[2])
	if len(parts) == 6 {
		c.Target = mgl32.Vec3{float32(v[3]), float32(v[4]), float32(v[5])}
	}
	return c, len(parts) == 6, nil
}
