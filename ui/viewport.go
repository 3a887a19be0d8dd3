package ui

import (
	"fmt"
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// pickRadius is how close (display units at scale 1) a click must land to
// a joint marker to select it.
const pickRadius = 10

// viewport handles the mouse over the 3D view and draws its overlay: the
// clip caption, the no-skeleton notice, joint names and the selected
// joint's label. The overlay goes on the background draw list: above the
// 3D scene (drawn before ImGui) and below every panel and dialog.
func (u *UI) viewport(v *viewmodel.View) {
	r := u.scene
	if r.W <= 0 || r.H <= 0 {
		return
	}
	io := imgui.CurrentIO()
	mouse := imgui.MousePos()
	hover := r.contains(mouse) && !io.WantCaptureMouse()

	// Camera drags start in the view and continue wherever the mouse goes.
	// The motion of the frame with the press is not part of the drag: the
	// pointer may have jumped there in the same frame.
	pressed := false
	if u.dragButton < 0 && hover {
		for b := 0; b < 3; b++ {
			if imgui.IsMouseClicked(b) {
				u.dragButton, u.dragDist = b, 0
				pressed = true
				break
			}
		}
	}
	if u.dragButton >= 0 && !pressed {
		d := io.MouseDelta()
		if imgui.IsMouseDown(u.dragButton) {
			if d.X != 0 || d.Y != 0 {
				u.dragDist += float32(math.Hypot(float64(d.X), float64(d.Y)))
				if u.dragButton == 0 {
					u.emit(viewmodel.CameraOrbit{DX: d.X, DY: d.Y})
				} else {
					u.emit(viewmodel.CameraPan{DX: d.X, DY: d.Y, ViewH: r.H})
				}
			}
		} else {
			if u.dragButton == 0 && u.dragDist < 3*u.scale {
				u.emit(viewmodel.SelectJoint{Joint: u.pick(v, mouse)})
			}
			u.dragButton = -1
		}
	}
	if hover {
		if _, wy := io.MouseWheel(); wy != 0 {
			u.emit(viewmodel.CameraZoom{Steps: wy})
		}
	}

	dl := imgui.BackgroundDrawList()
	dl.PushClipRectV(r.min(), r.max(), false)
	defer dl.PopClipRect()
	s := u.scale
	pad := 10 * s
	lineH := imgui.TextLineHeightWithSpacing()

	// Caption: what plays, where.
	y := r.Y + pad
	// The caption lines are gathered first, then drawn outlined.
	u.captions = u.captions[:0]
	caption := func(c imgui.Vec4, text string) {
		u.captions = append(u.captions, captionLine{c, text})
	}
	if v.Joint != nil {
		caption(colText, fmt.Sprintf("%s  ·  frame %.2f / %g", v.Joint.Label, v.Joint.Clock.Frame, v.Joint.Clock.Duration))
	}
	if v.Tex != nil {
		caption(colText, fmt.Sprintf("%s  ·  frame %.2f / %g", v.Tex.Label, v.Tex.Clock.Frame, v.Tex.Clock.Duration))
	}
	if v.Skeleton != nil {
		caption(colTextDim, fmt.Sprintf("model %s  ·  %s, %s hierarchy", v.Skeleton.Label, plural(len(v.Skeleton.Skeleton.Joints), "joint", "joints"), v.Skeleton.Skeleton.Mode))
	}
	if p := v.MaterialPlayback(v.Focus); p != nil {
		caption(colText, fmt.Sprintf("%s  ·  frame %.2f / %g", p.Label, p.Clock.Frame, p.Clock.Duration))
	}
	switch {
	case v.Joint != nil || v.Tex != nil || v.Skeleton != nil || v.Materials != nil:
	case len(v.Files) > 0: // a texture file alone (BotW's .Tex2) is open, listed in Files
		caption(colTextDim, "The open files hold no model or animation. Drop some here, or use File › Open (Ctrl+O).")
	default:
		caption(colTextDim, "Nothing open. Drop animation or model files here, or use File › Open (Ctrl+O).")
	}
	// Over the bright test quad (which F, framing the skeleton alone, can
	// bring under the caption) each line is outlined in dark so it stays
	// readable; otherwise a drop shadow, which hides less of the joints.
	offsets := captionShadow[:]
	if u.Options.Quad && (v.Tex != nil || v.Materials != nil) {
		offsets = captionOutline[:]
	}
	shadow := packed(imgui.Vec4{W: 0.85})
	for _, l := range u.captions {
		p := imgui.Vec2{X: r.X + pad, Y: y}
		for _, d := range offsets {
			dl.AddText(imgui.Vec2{X: p.X + d[0], Y: p.Y + d[1]}, shadow, l.text)
		}
		dl.AddText(p, packed(l.color), l.text)
		y += lineH
	}

	// The notice for a clip with no hierarchy.
	if v.Joint != nil && v.Skeleton == nil {
		how := "Each joint is drawn at its own translation"
		if len(v.Markers) <= 100 {
			how += ", with its local axes"
		}
		if u.Options.ChainMode {
			how = "Joints are chained i → i−1 (an assumption, not the model's hierarchy)"
		}
		msg := "No skeleton: a " + v.Joint.FormatLabel + " file has no joint hierarchy. " + how +
			". " + v.Joint.ModelHint
		u.banner(dl, r, y+4*s, msg)
	}

	// Joint names.
	w, h := r.W, r.H
	cam := v.Camera
	if u.Options.Labels {
		for i := range v.Markers {
			m := &v.Markers[i]
			if m.Joint == v.Selection.Joint {
				continue // boxed below
			}
			x, yy, ok := cam.Project(m.Pos, w, h)
			if !ok || m.Name == "" {
				continue
			}
			p := imgui.Vec2{X: r.X + x + 6*s, Y: r.Y + yy - 7*s}
			dl.AddText(imgui.Vec2{X: p.X + 1, Y: p.Y + 1}, packed(imgui.Vec4{W: 0.9}), m.Name)
			dl.AddText(p, packed(imgui.Vec4{X: 0.85, Y: 0.88, Z: 0.95, W: 0.95}), m.Name)
		}
	}
	// The selected joint's name, boxed.
	if sel := v.Selection.Joint; sel >= 0 {
		for i := range v.Markers {
			m := &v.Markers[i]
			if m.Joint != sel {
				continue
			}
			x, yy, ok := cam.Project(m.Pos, w, h)
			if !ok {
				break
			}
			name := m.Name
			if name == "" {
				name = fmt.Sprintf("#%d", m.Joint)
			}
			ts := imgui.CalcTextSize(name, false, 0)
			p := imgui.Vec2{X: r.X + x + 10*s, Y: r.Y + yy - ts.Y - 10*s}
			dl.AddRectFilledV(imgui.Vec2{X: p.X - 4*s, Y: p.Y - 2*s}, imgui.Vec2{X: p.X + ts.X + 4*s, Y: p.Y + ts.Y + 2*s},
				packed(imgui.Vec4{X: 0.05, Y: 0.06, Z: 0.07, W: 0.85}), 3*s, imgui.DrawFlagsNone)
			dl.AddText(p, packed(colSelected), name)
			break
		}
	}
}

// colSelected is the selected joint's colour, the same cyan the renderer
// uses for it.
var colSelected = imgui.Vec4{X: 0.30, Y: 0.90, Z: 1.00, W: 1}

// banner draws a wrapped warning strip across the top of the view.
func (u *UI) banner(dl imgui.DrawList, r Rect, y float32, msg string) {
	s := u.scale
	pad := 10 * s
	// The left part of the view: the warnings toast takes the top right.
	wrap := min(r.W-4*pad, r.W*0.52-3*pad)
	if wrap < 100 {
		return
	}
	ts := imgui.CalcTextSize(msg, false, wrap)
	min := imgui.Vec2{X: r.X + pad, Y: y}
	max := imgui.Vec2{X: r.X + pad + ts.X + 2*pad, Y: y + ts.Y + pad}
	dl.AddRectFilledV(min, max, packed(imgui.Vec4{X: 0.30, Y: 0.22, Z: 0.05, W: 0.88}), 4*s, imgui.DrawFlagsNone)
	dl.AddRectV(min, max, packed(withAlpha(colWarn, 0.8)), 4*s, imgui.DrawFlagsNone, 1)
	// AddText does not wrap: break the message into lines that fit.
	yy := y + pad/2
	for _, line := range wrapText(msg, wrap) {
		dl.AddText(imgui.Vec2{X: min.X + pad, Y: yy}, packed(colWarn), line)
		yy += imgui.TextLineHeight()
	}
}

// wrapText splits s at spaces into lines no wider than width.
func wrapText(s string, width float32) []string {
	var lines []string
	start, lastSpace := 0, -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ' ' {
			continue
		}
		if imgui.CalcTextSize(s[start:i], false, 0).X > width && lastSpace > start {
			lines = append(lines, s[start:lastSpace])
			start = lastSpace + 1
		}
		lastSpace = i
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// pick returns the joint whose marker is nearest the mouse within the pick
// radius, or -1.
func (u *UI) pick(v *viewmodel.View, mouse imgui.Vec2) int {
	r := u.scene
	best, bestD := -1, float32(pickRadius*u.scale)
	for i := range v.Markers {
		m := &v.Markers[i]
		x, y, ok := v.Camera.Project(m.Pos, r.W, r.H)
		if !ok {
			continue
		}
		d := float32(math.Hypot(float64(r.X+x-mouse.X), float64(r.Y+y-mouse.Y)))
		if d < bestD {
			best, bestD = m.Joint, d
		}
	}
	return best
}

// captionShadow and captionOutline are the offsets (pixels) the
// caption's dark copies are drawn at.
var (
	captionShadow  = [...][2]float32{{1, 1}}
	captionOutline = [...][2]float32{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
)

// captionLine is one line of the 3D view's caption.
type captionLine struct {
	color imgui.Vec4
	text  string
}
