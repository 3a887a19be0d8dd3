package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// textureViewer is the full-size view of one texture the Textures
// browser opened: which one, the zoom (0: fit the window), the path Save
// PNG writes to, and the save outcome it has reacted to.
type textureViewer struct {
	tex   *mesh.Texture
	entry viewmodel.TextureEntry
	open  bool
	zoom  float32
	path  string
	focus bool
	// fitZoom is the zoom "fit" came to last frame (the base of + and −).
	fitZoom float32
	// want is a texture to open by name once it is listed (ShowTexture).
	want string
}

// Zoom limits of the full-size view.
const (
	minTexZoom = 1.0 / 16
	maxTexZoom = 64
)

// lookupTexture is the GPU copy of t through the window's lookup (none
// without one: the UI's tests, a window that has not set it).
func (u *UI) lookupTexture(t *mesh.Texture) viewmodel.GPUTexture {
	if u.TextureLookup == nil || t == nil {
		return viewmodel.GPUTexture{}
	}
	return u.TextureLookup(t)
}

// texturesTab is the Textures browser: per group (a model of the model in
// use, an open file's loose textures) a grid of thumbnails with their
// names; hovering one says its format and size, clicking it opens it at
// full size.
func (u *UI) texturesTab(v *viewmodel.View) {
	if len(v.Textures) == 0 {
		textDim("No textures. A model's (BMD/BDL TEX1, BFRES with its Tex files beside it) and loose ones (BTI) show here.")
		return
	}
	s := u.scale
	thumb := 72 * s
	pad := imgui.CurrentStyle().ItemSpacing()
	imgui.BeginChildV("##texturegrid", imgui.Vec2{}, false, 0)
	for gi, g := range v.Textures {
		textDim(fmt.Sprintf("%s · %d texture(s)", g.Label, len(g.Textures)))
		// The cells of a group are as wide as its longest name needs (up
		// to maxCellW): texture names differ at their ends (Eyebrow_L_Alb,
		// Eyebrow_R_Alb), which an ellipsis would hide.
		cellW := thumb + 8*s
		for ti := range g.Textures {
			cellW = max(cellW, min(imgui.CalcTextSize(g.Textures[ti].Short, false, 0).X+8*s, maxCellW*s))
		}
		cellH := thumb + imgui.TextLineHeight() + 8*s
		cols := max(1, int((imgui.ContentRegionAvail().X+pad.X)/(cellW+pad.X)))
		for ti := range g.Textures {
			e := &g.Textures[ti]
			if ti%cols != 0 {
				imgui.SameLine()
			}
			u.textureCell(e, fmt.Sprintf("%d.%d", gi, ti), cellW, cellH, thumb)
		}
		imgui.Spacing()
	}
	imgui.EndChild()
}

// maxCellW is the widest a texture cell grows for its name (display units
// at scale 1); longer names are elided, whole in the tooltip.
const maxCellW = 200

// textureCell is one thumbnail with its name under it.
func (u *UI) textureCell(e *viewmodel.TextureEntry, id string, cellW, cellH, thumb float32) {
	t := e.Texture
	p0 := imgui.CursorScreenPos()
	selected := u.texv.open && u.texv.tex == t
	if imgui.SelectableV("##tex"+id, selected, 0, imgui.Vec2{X: cellW, Y: cellH}) {
		u.openTexture(e)
	}
	u.record("texture:" + id)
	g := u.lookupTexture(t)
	unused := e.Index >= 0 && len(e.Uses) == 0
	if imgui.IsItemHovered() {
		tip := fmt.Sprintf("%s\n%s", textureTitle(e), textureSummary(t, g))
		if unused {
			tip += "\nno material slot samples this entry"
		}
		if g.Err != nil {
			tip += "\n" + g.Err.Error()
		}
		imgui.SetTooltip(tip)
	}
	dl := imgui.WindowDrawList()
	box0 := imgui.Vec2{X: p0.X + (cellW-thumb)/2, Y: p0.Y + 4*u.scale}
	u.drawTexture(dl, g, t, box0, thumb, thumb)
	name := elide(e.Short, cellW-4*u.scale)
	w := imgui.CalcTextSize(name, false, 0).X
	dl.AddText(imgui.Vec2{X: p0.X + (cellW-w)/2, Y: box0.Y + thumb + 2*u.scale}, packed(pick(unused, colTextDim, colText)), name)
}

// drawTexture draws t fitted (keeping its aspect) into the box at p0, w×h,
// over a checkerboard that shows its alpha. Without a GPU copy it draws
// the empty frame (red when the texture failed).
func (u *UI) drawTexture(dl imgui.DrawList, g viewmodel.GPUTexture, t *mesh.Texture, p0 imgui.Vec2, w, h float32) {
	tw, th := float32(max(t.Width, 1)), float32(max(t.Height, 1))
	k := min(w/tw, h/th)
	iw, ih := tw*k, th*k
	a := imgui.Vec2{X: p0.X + (w-iw)/2, Y: p0.Y + (h-ih)/2}
	b := imgui.Vec2{X: a.X + iw, Y: a.Y + ih}
	checkerboard(dl, a, b, max(4*u.scale, min(iw, ih)/4))
	switch {
	case g.Ref.ID != 0:
		dl.AddImageV(imgui.TextureID(g.Ref.ID), a, b, imgui.Vec2{}, imgui.Vec2{X: 1, Y: 1}, packed(imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}))
	case g.Err != nil:
		dl.AddRect(a, b, packed(colError))
	}
	dl.AddRect(imgui.Vec2{X: a.X - 1, Y: a.Y - 1}, imgui.Vec2{X: b.X + 1, Y: b.Y + 1}, packed(imgui.Vec4{X: 0.35, Y: 0.35, Z: 0.4, W: 1}))
}

// checkerboard fills a..b with grey squares of side sq (at most 4096
// dark ones).
func checkerboard(dl imgui.DrawList, a, b imgui.Vec2, sq float32) {
	fillRect(dl, a, b, packed(imgui.Vec4{X: 0.42, Y: 0.42, Z: 0.42, W: 1}))
	dark := packed(imgui.Vec4{X: 0.30, Y: 0.30, Z: 0.30, W: 1})
	if sq <= 0 {
		return
	}
	n := 0
	for y, row := a.Y, 0; y < b.Y && n < 4096; y, row = y+sq, row+1 {
		for x, col := a.X, 0; x < b.X && n < 4096; x, col = x+sq, col+1 {
			if (row+col)%2 == 1 {
				fillRect(dl, imgui.Vec2{X: x, Y: y}, imgui.Vec2{X: min(x+sq, b.X), Y: min(y+sq, b.Y)}, dark)
				n++
			}
		}
	}
}

// textureTitle is the texture's name and, for a model's, its index in
// the model ("linktexS3TC · #34": a J3D TEX1 may hold a name twice).
func textureTitle(e *viewmodel.TextureEntry) string {
	if e.Index < 0 {
		return e.Texture.Name
	}
	return fmt.Sprintf("%s · #%d", e.Texture.Name, e.Index)
}

// textureSummary is "CMPR · 96×96 · 7 mip levels" and how it sits on the
// GPU when known.
func textureSummary(t *mesh.Texture, g viewmodel.GPUTexture) string {
	s := fmt.Sprintf("%s · %d×%d · %d mip level(s)", t.Format, t.Width, t.Height, max(t.Mips, 1))
	switch {
	case g.Ref.ID != 0 && g.Compressed:
		s += fmt.Sprintf(" · on the GPU as stored, %d level(s)", g.Levels)
	case g.Ref.ID != 0:
		s += fmt.Sprintf(" · on the GPU decoded to RGBA8, %d level(s)", g.Levels)
	}
	return s
}

// openTexture shows e at full size (fitted), offering its save path.
func (u *UI) openTexture(e *viewmodel.TextureEntry) {
	tv := &u.texv
	if !tv.open || tv.tex != e.Texture {
		tv.zoom = 0
		tv.path = e.SavePath
	}
	tv.tex, tv.entry, tv.open, tv.focus = e.Texture, *e, true, true
}

// findTexture is t's entry in the view (nil: no longer listed).
func findTexture(v *viewmodel.View, t *mesh.Texture) *viewmodel.TextureEntry {
	for gi := range v.Textures {
		for ti := range v.Textures[gi].Textures {
			if e := &v.Textures[gi].Textures[ti]; e.Texture == t {
				return e
			}
		}
	}
	return nil
}

// textureWindow is the full-size view: what the texture is, which
// material slots sample it and how, the picture (zoomable, scrollable)
// and Save PNG.
func (u *UI) textureWindow(v *viewmodel.View) {
	tv := &u.texv
	if tv.want != "" {
		if e := textureNamed(v, tv.want); e != nil {
			u.openTexture(e)
			tv.want = ""
		}
	}
	if !tv.open {
		return
	}
	e := findTexture(v, tv.tex)
	if e == nil { // its file was closed
		tv.open, tv.tex = false, nil
		return
	}
	tv.entry = *e
	t := tv.tex
	s, r := u.scale, u.scene
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W/2, Y: r.Y + r.H/2}, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: max(r.W*0.8, 420*s), Y: max(r.H*0.9, 360*s)}, imgui.ConditionAppearing)
	if tv.focus {
		imgui.SetNextWindowFocus()
		tv.focus = false
	}
	if !imgui.BeginV("Texture · "+textureTitle(e)+"###texview", &tv.open, imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings) {
		imgui.End()
		return
	}
	u.record("texview")
	g := u.lookupTexture(t)
	imgui.Text(textureSummary(t, g))
	if g.Err != nil {
		textWrapped(colError, g.Err.Error())
	}
	u.textureUses(e)
	u.textureZoomBar(t)
	footer := imgui.FrameHeightWithSpacing() + imgui.TextLineHeightWithSpacing()
	u.texturePixels(t, g, footer)
	u.textureSaveBar(v, t)
	imgui.End()
}

// textureUses says which material slots sample the texture, with their
// wrap modes and filters.
func (u *UI) textureUses(e *viewmodel.TextureEntry) {
	if len(e.Uses) == 0 {
		if e.Index < 0 {
			textDim("A loose texture: no material samples it.")
		} else {
			textDim(fmt.Sprintf("No material slot of the model samples texture #%d.", e.Index))
		}
		return
	}
	flags := imgui.TableFlagsBordersInnerV | imgui.TableFlagsRowBg | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("##texuses", 6, flags, imgui.Vec2{}, 0) {
		return
	}
	for _, h := range []string{"material", "slot", "wrap S", "wrap T", "filter (min / mag)", "UV set · matrix"} {
		imgui.TableSetupColumn(h)
	}
	imgui.TableHeadersRow()
	for i, us := range e.Uses {
		if i == 8 && len(e.Uses) > 9 {
			imgui.TableNextRow()
			imgui.TableNextColumn()
			textDim(fmt.Sprintf("… %d more", len(e.Uses)-8))
			break
		}
		imgui.TableNextRow()
		mtx := "-"
		if us.TexMatrix >= 0 {
			mtx = fmt.Sprint(us.TexMatrix)
		}
		for _, c := range []string{us.Material, fmt.Sprint(us.Slot), wrapName(us.Sampler.WrapS), wrapName(us.Sampler.WrapT),
			filterName(us.Sampler), fmt.Sprintf("%d · %s", us.UVSet, mtx)} {
			imgui.TableNextColumn()
			imgui.Text(c)
		}
	}
	imgui.EndTable()
}

func wrapName(w mesh.Wrap) string {
	switch w {
	case mesh.WrapRepeat:
		return "repeat"
	case mesh.WrapClamp:
		return "clamp"
	case mesh.WrapMirror:
		return "mirror"
	}
	return fmt.Sprintf("wrap %d", w)
}

func filterName(s mesh.Sampler) string {
	f := func(x mesh.Filter) string {
		if x == mesh.FilterNearest {
			return "nearest"
		}
		return "linear"
	}
	min := f(s.MinFilter)
	if s.Mipmaps {
		min += ", mipmaps"
	}
	return min + " / " + f(s.MagFilter)
}

// textureZoomBar is Fit, 1:1, − and + with the zoom shown.
func (u *UI) textureZoomBar(t *mesh.Texture) {
	tv := &u.texv
	cur := tv.zoom
	if cur == 0 {
		cur = tv.fitZoom
	}
	if imgui.Button("Fit") {
		tv.zoom = 0
	}
	u.record("texview:fit")
	imgui.SameLine()
	if imgui.Button("1:1") {
		tv.zoom = 1
	}
	u.record("texview:1:1")
	imgui.SameLine()
	if imgui.Button(" − ") && cur > 0 {
		tv.zoom = zoomStep(cur, -1)
	}
	u.record("texview:zoomout")
	imgui.SameLine()
	if imgui.Button(" + ") && cur > 0 {
		tv.zoom = zoomStep(cur, 1)
	}
	u.record("texview:zoomin")
	imgui.SameLine()
	label := "fit"
	if tv.zoom > 0 {
		label = ""
	}
	textDim(strings.TrimSpace(fmt.Sprintf("%s %.0f%% · Ctrl+wheel zooms", label, cur*100)))
}

// zoomStep is the next power-of-two zoom from z in direction dir (+1 in,
// −1 out), within the limits.
func zoomStep(z float32, dir int) float32 {
	e := math.Log2(float64(z))
	if dir > 0 {
		e = math.Floor(e+1e-6) + 1
	} else {
		e = math.Ceil(e-1e-6) - 1
	}
	return float32(max(minTexZoom, min(maxTexZoom, math.Exp2(e))))
}

// texturePixels is the picture in a scrolling child, footer units above
// the window's bottom: fitted, or at the zoom chosen (Ctrl+wheel over it
// zooms about the mouse).
func (u *UI) texturePixels(t *mesh.Texture, g viewmodel.GPUTexture, footer float32) {
	tv := &u.texv
	avail := imgui.ContentRegionAvail()
	avail.Y = max(avail.Y-footer, 40*u.scale)
	tw, th := float32(max(t.Width, 1)), float32(max(t.Height, 1))
	pad := imgui.CurrentStyle().WindowPadding()
	tv.fitZoom = max(min((avail.X-2*pad.X)/tw, (avail.Y-2*pad.Y)/th), minTexZoom)
	zoom := tv.zoom
	if zoom == 0 {
		zoom = tv.fitZoom
	}
	imgui.BeginChildV("##texpixels", imgui.Vec2{X: 0, Y: avail.Y}, true, imgui.WindowFlagsHorizontalScrollbar)
	p0 := imgui.CursorScreenPos()
	w, h := tw*zoom, th*zoom
	imgui.Dummy(imgui.Vec2{X: w, Y: h})
	dl := imgui.WindowDrawList()
	// The checkerboard only where the child shows (a 1024² texture at
	// 8× would be thousands of squares).
	vis0, vis1 := imgui.WindowPos(), imgui.WindowPos().Plus(imgui.WindowSize())
	a := imgui.Vec2{X: max(p0.X, vis0.X), Y: max(p0.Y, vis0.Y)}
	b := imgui.Vec2{X: min(p0.X+w, vis1.X), Y: min(p0.Y+h, vis1.Y)}
	if a.X < b.X && a.Y < b.Y {
		checkerboard(dl, a, b, 12*u.scale)
	}
	if g.Ref.ID != 0 {
		dl.AddImageV(imgui.TextureID(g.Ref.ID), p0, imgui.Vec2{X: p0.X + w, Y: p0.Y + h}, imgui.Vec2{}, imgui.Vec2{X: 1, Y: 1}, packed(imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}))
	}
	if io := imgui.CurrentIO(); imgui.IsWindowHovered() && io.KeyCtrlPressed() {
		if _, wheel := io.MouseWheel(); wheel != 0 {
			nz := zoomStep(zoom, int(math.Copysign(1, float64(wheel))))
			// Keep the texel under the mouse where it is.
			m := imgui.MousePos()
			tx, ty := (m.X-p0.X)/zoom, (m.Y-p0.Y)/zoom
			imgui.SetScrollX(imgui.ScrollX() + tx*(nz-zoom))
			imgui.SetScrollY(imgui.ScrollY() + ty*(nz-zoom))
			tv.zoom = nz
		}
	}
	imgui.EndChild()
	u.record("texview:pixels")
}

// textureSaveBar is where Save PNG writes and the button; the app writes
// the file (viewmodel.SaveTexture) and its outcome shows under it.
func (u *UI) textureSaveBar(v *viewmodel.View, t *mesh.Texture) {
	tv := &u.texv
	s := u.scale
	imgui.Text("PNG:")
	imgui.SameLine()
	imgui.PushItemWidth(max(imgui.ContentRegionAvail().X-110*s, 120*s))
	enter := imgui.InputTextV("##texpath", &tv.path, imgui.InputTextFlagsEnterReturnsTrue, nil)
	u.record("texview:path")
	imgui.PopItemWidth()
	imgui.SameLine()
	if imgui.Button("Save PNG") || enter {
		u.emit(viewmodel.SaveTexture{Texture: t, Path: tv.path})
	}
	u.record("texview:save")
	if last := v.TextureSave; last.Text != "" && time.Since(last.Time) < exportToastLife {
		c := colText
		if last.Failed {
			c = colError
		}
		textColored(c, last.Text)
	} else {
		textDim("Mip level 0 as 8-bit RGBA, as the GPU samples it.")
	}
}

// TextureShown is the texture the full-size view shows ("" when closed),
// for --state-json and tests.
func (u *UI) TextureShown() string {
	if !u.texv.open || u.texv.tex == nil {
		return ""
	}
	return u.texv.tex.Name
}

// ShowTexture opens the full-size view of the listed texture named name
// (of several, the first a material samples: a J3D TEX1 may hold a name
// twice) as soon as one is listed (the files given on the command line
// load before the first frame).
func (u *UI) ShowTexture(name string) { u.texv.want = name }

// textureNamed is the first listed texture named name that a material
// samples, else the first of that name (nil: none).
func textureNamed(v *viewmodel.View, name string) *viewmodel.TextureEntry {
	var first *viewmodel.TextureEntry
	for gi := range v.Textures {
		for ti := range v.Textures[gi].Textures {
			e := &v.Textures[gi].Textures[ti]
			if e.Texture.Name != name {
				continue
			}
			if len(e.Uses) > 0 {
				return e
			}
			if first == nil {
				first = e
			}
		}
	}
	return first
}
