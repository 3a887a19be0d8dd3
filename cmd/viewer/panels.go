package main

import (
	"flag"
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/render"
	"github.com/animscope/animscope/ui"
	"github.com/animscope/animscope/ui/plot"
)

// analysisFlags are the viewer's flags for the analysis panels (tests and
// bug reports use them to show a panel in a known state).
type analysisFlags struct {
	tab         string
	plot        string
	compare     bool
	compareTime string
	raw         bool
}

func (f *analysisFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.tab, "tab", "", "show this tab of the bottom panel: curves, inspector or messages")
	fs.StringVar(&f.plot, "plot", "", "plot these channels: TARGET/CHANNEL,... (TARGET a name or #index, CHANNEL as in the sample output, or euler.x/y/z of a quaternion target)")
	fs.BoolVar(&f.compare, "compare", false, "open the loop-mode comparison")
	fs.StringVar(&f.compareTime, "compare-time", "", "with --compare: hold the comparison's shared clock at this playback time (frames)")
	fs.BoolVar(&f.raw, "raw-units", false, "plot J3D rotations in file units instead of degrees")
}

func (f *analysisFlags) check() error {
	switch f.tab {
	case "", ui.TabCurves, ui.TabInspector, ui.TabMessages:
	default:
		return cli.Usagef("--tab %q: want curves, inspector or messages", f.tab)
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
	if f.tab != "" {
		v.ui.ShowTab(f.tab)
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
		v.app.SetCompareActive(true)
		if f.compareTime != "" {
			t, _ := cli.ParseFinite(f.compareTime)
			v.app.Comparison().Hold(t)
		}
	}
}

// compareRenderer draws the comparison's five viewports into textures.
type compareRenderer struct {
	targets render.TargetSet
	scenes  [anim.NumLoopModes]viewmodel.Scene
	ready   bool // scenes were built this frame
}

// prepareCompare poses the five modes and builds their scenes (the CPU
// part of the comparison's viewports).
func (v *viewer) prepareCompare(sx float32) {
	r := &v.cmpRender
	r.ready = false
	w, h := v.ui.CompareViewportSize()
	pw, ph := int(w*sx), int(h*sx)
	if !v.ui.CompareOpen() || !v.app.Comparison().Shown() || pw < 1 || ph < 1 {
		return
	}
	if err := r.targets.Ensure(anim.NumLoopModes, pw, ph); err != nil {
		v.app.Notify(viewmodel.Error, "loop-mode comparison: %v", err)
		v.ui.SetCompareOpen(false)
		return
	}
	r.ready = v.app.PrepareCompare(&r.scenes, pw, ph, v.ui.Scale()*sx, v.ui.Options, v.checker.Ref())
}

// drawCompare draws the prepared scenes into their textures (before the
// UI, which shows them) and hands the textures to the next frame's view.
// A mode showing the same frame as an earlier one shows that one's
// texture.
func (v *viewer) drawCompare() {
	r := &v.cmpRender
	if !r.ready {
		return
	}
	for m, t := range r.targets.Targets {
		k := v.app.Comparison().Same(m)
		if k == m {
			t.Bind()
			v.scene.DrawScene(&r.scenes[m])
		}
		src := r.targets.Targets[k]
		v.app.Comparison().SetTexture(m, viewmodel.TextureRef{ID: uintptr(src.Texture.ID), W: src.W(), H: src.H()})
	}
	render.BindWindow()
}

// stateCurves is the curve panel in --state-json: where the plot is and
// how it maps frames and values to pixels, and what it shows.
type stateCurves struct {
	// Plot is the plot area in framebuffer pixels (x, y, w, h), origin
	// top left; X and Y are the frame and value ranges it spans.
	Plot     [4]float64     `json:"plot"`
	X        [2]float64     `json:"x"`
	Y        [2]float64     `json:"y"`
	Channels []stateChannel `json:"channels"`
	Raw      bool           `json:"rawUnits"`
}

type stateChannel struct {
	Slot    string     `json:"slot"` // "joint" or "texture"
	Target  int        `json:"target"`
	Channel string     `json:"channel"`
	Label   string     `json:"label"`
	Color   [3]float32 `json:"color"`
}

// stateCompare is the loop-mode comparison in --state-json.
type stateCompare struct {
	Time   float64                    `json:"time"`
	Frames [anim.NumLoopModes]float64 `json:"frames"`
	Modes  [anim.NumLoopModes]string  `json:"modes"`
	// Viewports are the five images in framebuffer pixels (x, y, w, h),
	// by mode.
	Viewports [anim.NumLoopModes][4]int `json:"viewports"`
}

// analysisState adds the panels' state to a --state-json document; sx and
// sy are framebuffer pixels per display unit.
func (v *viewer) analysisState(st *viewerState, sx, sy float32) {
	st.Tab = v.ui.ActiveTab()
	if pv, ok := v.ui.CurveView(); ok && st.Tab == ui.TabCurves {
		c := &stateCurves{
			Plot:     [4]float64{pv.X.Pixel0 * float64(sx), pv.Y.Pixel0 * float64(sy), pv.X.Pixels * float64(sx), pv.Y.Pixels * float64(sy)},
			X:        [2]float64{pv.X.Min, pv.X.Max},
			Y:        [2]float64{pv.Y.Min, pv.Y.Max},
			Channels: []stateChannel{},
		}
		for _, sc := range v.ui.ShownChannels() {
			ch := stateChannel{Slot: "joint", Target: sc.Ref.Target, Label: sc.Label, Color: [3]float32{sc.Color[0], sc.Color[1], sc.Color[2]}}
			kind := anim.JointTarget
			if sc.Ref.Slot == viewmodel.TexSlot {
				ch.Slot, kind = "texture", anim.TexSRTTarget
			}
			ch.Channel = sc.Ref.Chan.Name(kind)
			if sc.Ref.Euler > 0 {
				ch.Channel = [4]string{"", "euler.x", "euler.y", "euler.z"}[sc.Ref.Euler]
			}
			c.Channels = append(c.Channels, ch)
		}
		st.Curves = c
	}
	if cv := v.view.Compare; cv != nil && v.ui.CompareOpen() {
		c := &stateCompare{Time: cv.Time, Frames: cv.Frames}
		for m := range c.Modes {
			c.Modes[m] = anim.LoopMode(m).String()
			if r, ok := v.ui.ItemRect(fmt.Sprintf("compare:%d", m)); ok {
				c.Viewports[m] = [4]int{int(r.X * sx), int(r.Y * sy), int(r.W * sx), int(r.H * sy)}
			}
		}
		st.Compare = c
	}
}

// plotViewOf rebuilds a plot.View from the state (tests use it).
func (c *stateCurves) plotView() plot.View {
	return plot.View{
		X: plot.Axis{Min: c.X[0], Max: c.X[1], Pixel0: c.Plot[0], Pixels: c.Plot[2]},
		Y: plot.Axis{Min: c.Y[0], Max: c.Y[1], Pixel0: c.Plot[1], Pixels: c.Plot[3], Flip: true},
	}
}
