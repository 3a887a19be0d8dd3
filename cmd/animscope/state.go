package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui"
)

// viewerState is what --state-json writes next to a screenshot: the
// app's state (where the 3D view was, the camera, what was open) and the
// analysis panels', so a test (or a bug report) can relate pixels to the
// math.
type viewerState struct {
	app.State
	// The analysis panels: the bottom tab shown, the curve plot (when
	// that tab shows) and the loop-mode comparison (when open).
	Tab     string        `json:"tab,omitempty"`
	Curves  *stateCurves  `json:"curves,omitempty"`
	Compare *stateCompare `json:"compare,omitempty"`
	// Textures is the Textures browser (when its tab shows): what it
	// lists and the texture open at full size.
	Textures *stateTextures `json:"textures,omitempty"`
	// Churn is the long-session check's figures (--churn).
	Churn *stateChurn `json:"churn,omitempty"`
	// AB is the A/B comparison (--compare-with), when one is on.
	AB *stateAB `json:"ab,omitempty"`
}

// stateAB is the A/B comparison in --state-json: what is compared and
// the Differences table's rows.
type stateAB struct {
	A, B     string
	Error    string       `json:",omitempty"`
	Compared int          `json:"compared"`
	Selected int          `json:"selected"`
	Rows     []stateABRow `json:"rows"`
}

type stateABRow struct {
	Target     int     `json:"target"` // in A's clip, -1: only B has it
	Channel    string  `json:"channel"`
	MaxDiff    float64 `json:"maxDiff"`
	AtFrame    float64 `json:"atFrame"`
	FirstFrame float64 `json:"firstFrame"`
}

// stateChurn is the process before and after --churn reopened the files
// Opened times (After is nil until it has finished).
type stateChurn struct {
	Before *churnStats `json:"before"`
	After  *churnStats `json:"after"`
	Opened int         `json:"opened"`
}

// writeState writes s to path atomically: into a temporary file in the
// same directory, renamed over path when complete, so a reader (a test
// polling for the file) sees either no file, the previous one or the whole
// new one, never a part.
func writeState(path string, s viewerState) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
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
	if st.Tab == ui.TabTextures || v.ui.TextureShown() != "" {
		st.Textures = v.texturesState(sx, sy)
	}
	if ab := v.view.AB; ab != nil {
		st.AB = &stateAB{A: ab.LabelA, B: ab.LabelB, Error: ab.Error, Compared: ab.Compared, Selected: ab.Selected, Rows: []stateABRow{}}
		for _, r := range ab.Rows {
			st.AB.Rows = append(st.AB.Rows, stateABRow{Target: r.Ref.Target, Channel: r.Channel, MaxDiff: r.MaxDiff, AtFrame: r.AtFrame, FirstFrame: r.FirstFrame})
		}
	}
	if cv := v.view.Compare; cv != nil && v.ui.CompareOpen() {
		c := &stateCompare{Time: cv.Time, Frames: cv.Frames}
		for _, mode := range cv.Modes {
			// Modes the clip's runtime lacks (BFRES has once and loop)
			// stay "" with no viewport.
			m := int(mode)
			c.Modes[m] = mode.String()
			if r, ok := v.ui.ItemRect(fmt.Sprintf("compare:%d", m)); ok {
				c.Viewports[m] = [4]int{int(r.X * sx), int(r.Y * sy), int(r.W * sx), int(r.H * sy)}
			}
		}
		st.Compare = c
	}
}
