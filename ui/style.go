package ui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// baseFontSize is the UI text height in pixels at 96 dpi: the Go font
// reads well at 15 px.
const baseFontSize = 15

// glyphRanges are the characters the UI uses beyond ASCII: Latin-1 (°, ×,
// ·), dashes, bullets, ellipsis and angle quotes, arrows, the minus sign,
// and the play/stop shapes; all in the Go fonts' WGL4 repertoire.
var glyphRanges = [][2]rune{
	{0x0020, 0x00FF}, {0x2010, 0x2027}, {0x2030, 0x203A}, {0x2190, 0x2195},
	{0x2212, 0x2212}, {0x25A0, 0x25CF},
}

// Fonts are the UI's fonts in the current ImGui context.
type Fonts struct {
	Regular, Mono imgui.Font
	ranges        imgui.AllocatedGlyphRanges
}

// SetupFonts adds the Go fonts to the current context's atlas, rasterised
// for the screen: contentScale is the monitor's DPI scale, pixelRatio the
// framebuffer pixels per display unit (2 on a Retina Mac, 1 elsewhere). The
// glyphs are rendered at full pixel density and FontGlobalScale maps them
// back to display units, so text is sharp everywhere. It returns the UI
// scale (display units per 96-dpi pixel) and applies it to the style.
// The caller uploads the atlas texture afterwards.
func (u *UI) SetupFonts(contentScale, pixelRatio float32) float32 {
	if !(contentScale > 0) {
		contentScale = 1
	}
	if !(pixelRatio > 0) {
		pixelRatio = 1
	}
	uiScale := contentScale / pixelRatio
	if uiScale < 0.5 {
		uiScale = 0.5
	}
	io := imgui.CurrentIO()
	atlas := io.Fonts()
	var b imgui.GlyphRangesBuilder
	for _, r := range glyphRanges {
		b.Add(r[0], r[1])
	}
	u.fonts.ranges.Free()
	u.fonts.ranges = b.Build()
	px := baseFontSize * contentScale
	cfg := imgui.NewFontConfig()
	defer cfg.Delete()
	cfg.SetOversampleH(2)
	cfg.SetOversampleV(1)
	u.fonts.Regular = atlas.AddFontFromMemoryTTFV(goregular.TTF, px, cfg, u.fonts.ranges.GlyphRanges)
	u.fonts.Mono = atlas.AddFontFromMemoryTTFV(gomono.TTF, px, cfg, u.fonts.ranges.GlyphRanges)
	io.SetFontGlobalScale(1 / pixelRatio)
	applyStyle(uiScale)
	u.scale = uiScale
	return uiScale
}

// Theme colours shared by panels and the timeline.
var (
	colAccent  = imgui.Vec4{X: 0.98, Y: 0.62, Z: 0.20, W: 1} // playhead, selection
	colText    = imgui.Vec4{X: 0.90, Y: 0.91, Z: 0.93, W: 1}
	colTextDim = imgui.Vec4{X: 0.55, Y: 0.57, Z: 0.62, W: 1}
	colWarn    = imgui.Vec4{X: 1.00, Y: 0.80, Z: 0.30, W: 1}
	colError   = imgui.Vec4{X: 1.00, Y: 0.42, Z: 0.38, W: 1}
	colKey     = imgui.Vec4{X: 0.95, Y: 0.85, Z: 0.35, W: 1} // key markers
	colPanelBg = imgui.Vec4{X: 0.105, Y: 0.110, Z: 0.125, W: 1}
)

func applyStyle(scale float32) {
	imgui.StyleColorsDark()
	s := imgui.CurrentStyle()
	s.SetWindowRounding(0)
	s.SetChildRounding(2)
	s.SetFrameRounding(3)
	s.SetPopupRounding(3)
	s.SetScrollbarRounding(3)
	s.SetGrabRounding(3)
	s.SetTabRounding(3)
	s.SetWindowBorderSize(1)
	s.SetFrameBorderSize(0)
	s.SetWindowPadding(imgui.Vec2{X: 8, Y: 7})
	s.SetFramePadding(imgui.Vec2{X: 6, Y: 4})
	s.SetItemSpacing(imgui.Vec2{X: 7, Y: 5})
	s.SetIndentSpacing(16)
	s.SetScrollbarSize(13)
	s.SetGrabMinSize(10)
	s.SetWindowTitleAlign(imgui.Vec2{X: 0, Y: 0.5})
	s.ScaleAllSizes(scale)

	c := func(id imgui.StyleColorID, r, g, b, a float32) { s.SetColor(id, imgui.Vec4{X: r, Y: g, Z: b, W: a}) }
	c(imgui.StyleColorText, colText.X, colText.Y, colText.Z, 1)
	c(imgui.StyleColorTextDisabled, colTextDim.X, colTextDim.Y, colTextDim.Z, 1)
	c(imgui.StyleColorWindowBg, colPanelBg.X, colPanelBg.Y, colPanelBg.Z, 1)
	c(imgui.StyleColorChildBg, 0, 0, 0, 0)
	c(imgui.StyleColorPopupBg, 0.12, 0.125, 0.14, 0.98)
	c(imgui.StyleColorBorder, 0.22, 0.23, 0.26, 1)
	c(imgui.StyleColorFrameBg, 0.17, 0.18, 0.20, 1)
	c(imgui.StyleColorFrameBgHovered, 0.22, 0.23, 0.26, 1)
	c(imgui.StyleColorFrameBgActive, 0.26, 0.27, 0.30, 1)
	c(imgui.StyleColorTitleBg, 0.085, 0.09, 0.10, 1)
	c(imgui.StyleColorTitleBgActive, 0.10, 0.105, 0.12, 1)
	c(imgui.StyleColorTitleBgCollapsed, 0.085, 0.09, 0.10, 1)
	c(imgui.StyleColorMenuBarBg, 0.085, 0.09, 0.10, 1)
	c(imgui.StyleColorScrollbarBg, 0, 0, 0, 0)
	c(imgui.StyleColorButton, 0.20, 0.21, 0.24, 1)
	c(imgui.StyleColorButtonHovered, 0.27, 0.28, 0.32, 1)
	c(imgui.StyleColorButtonActive, 0.33, 0.34, 0.38, 1)
	c(imgui.StyleColorHeader, 0.98, 0.62, 0.20, 0.28)
	c(imgui.StyleColorHeaderHovered, 0.98, 0.62, 0.20, 0.18)
	c(imgui.StyleColorHeaderActive, 0.98, 0.62, 0.20, 0.40)
	c(imgui.StyleColorCheckMark, colAccent.X, colAccent.Y, colAccent.Z, 1)
	c(imgui.StyleColorSliderGrab, 0.98, 0.62, 0.20, 0.80)
	c(imgui.StyleColorSliderGrabActive, colAccent.X, colAccent.Y, colAccent.Z, 1)
	c(imgui.StyleColorSeparator, 0.22, 0.23, 0.26, 1)
	c(imgui.StyleColorSeparatorHovered, 0.98, 0.62, 0.20, 0.6)
	c(imgui.StyleColorSeparatorActive, colAccent.X, colAccent.Y, colAccent.Z, 1)
	c(imgui.StyleColorResizeGrip, 0, 0, 0, 0)
	c(imgui.StyleColorResizeGripHovered, 0.98, 0.62, 0.20, 0.5)
	c(imgui.StyleColorResizeGripActive, colAccent.X, colAccent.Y, colAccent.Z, 0.8)
	c(imgui.StyleColorTab, 0.14, 0.145, 0.16, 1)
	c(imgui.StyleColorTabHovered, 0.98, 0.62, 0.20, 0.35)
	c(imgui.StyleColorTabActive, 0.20, 0.21, 0.24, 1)
	c(imgui.StyleColorTabUnfocused, 0.14, 0.145, 0.16, 1)
	c(imgui.StyleColorTabUnfocusedActive, 0.18, 0.19, 0.21, 1)
	c(imgui.StyleColorTableHeaderBg, 0.15, 0.155, 0.17, 1)
	c(imgui.StyleColorTableRowBgAlt, 1, 1, 1, 0.025)
	c(imgui.StyleColorTextSelectedBg, 0.98, 0.62, 0.20, 0.35)
}

func packed(c imgui.Vec4) imgui.PackedColor { return imgui.PackedColorFromVec4(c) }

func withAlpha(c imgui.Vec4, a float32) imgui.Vec4 { c.W = a; return c }

// textColored draws text in a colour.
func textColored(c imgui.Vec4, s string) {
	imgui.PushStyleColor(imgui.StyleColorText, c)
	imgui.Text(s)
	imgui.PopStyleColor()
}

// textDim draws secondary text.
func textDim(s string) { textColored(colTextDim, s) }

// textWrapped draws text wrapped at the window edge.
func textWrapped(c imgui.Vec4, s string) {
	imgui.PushTextWrapPosV(0)
	textColored(c, s)
	imgui.PopTextWrapPos()
}

// beginDisabled greys out and disables the following items when disabled
// is set (imgui-go v4 leaves ImGui's BeginDisabled out); pair with
// endDisabled(disabled).
func beginDisabled(disabled bool) {
	if disabled {
		imgui.PushItemFlag(imgui.ItemFlagsDisabled, true)
		imgui.PushStyleVarFloat(imgui.StyleVarAlpha, imgui.CurrentStyle().Alpha()*0.45)
	}
}

func endDisabled(disabled bool) {
	if disabled {
		imgui.PopStyleVar()
		imgui.PopItemFlag()
	}
}

// setCursorX moves the layout cursor to x (window coordinates).
func setCursorX(x float32) { imgui.SetCursorPos(imgui.Vec2{X: x, Y: imgui.CursorPosY()}) }

func bulletText(s string) {
	imgui.Bullet()
	imgui.Text(s)
}

// section is a collapsing header in the panels' neutral colours (the
// theme's header colour is the accent, kept for selected rows).
func section(label string) bool {
	imgui.PushStyleColor(imgui.StyleColorHeader, imgui.Vec4{X: 0.17, Y: 0.18, Z: 0.205, W: 1})
	imgui.PushStyleColor(imgui.StyleColorHeaderHovered, imgui.Vec4{X: 0.21, Y: 0.22, Z: 0.25, W: 1})
	imgui.PushStyleColor(imgui.StyleColorHeaderActive, imgui.Vec4{X: 0.24, Y: 0.25, Z: 0.28, W: 1})
	open := imgui.CollapsingHeaderV(label, imgui.TreeNodeFlagsDefaultOpen)
	imgui.PopStyleColorV(3)
	return open
}

// warningLine is a list of warnings as one line of the panel, elided to
// its width: summary (or the first warning and how many more), with the
// full text on hover. A long list must not push the panel's content off
// screen.
func warningLine(summary, detail string, all []string) {
	if summary == "" {
		if len(all) == 0 {
			return
		}
		summary = all[0]
		if len(all) > 1 {
			summary = fmt.Sprintf("%d warnings: %s; …", len(all), all[0])
		}
	}
	if detail == "" && len(all) > 1 {
		detail = strings.Join(all[:min(len(all), maxTooltipLines)], "\n")
		if len(all) > maxTooltipLines {
			detail += fmt.Sprintf("\n… and %d more (Messages tab)", len(all)-maxTooltipLines)
		}
	}
	textColored(colWarn, elide(summary, imgui.ContentRegionAvail().X))
	if imgui.IsItemHovered() {
		tip := summary
		if detail != "" {
			tip += "\n\n" + detail
		}
		imgui.PushTextWrapPosV(imgui.FontSize() * 50)
		imgui.SetTooltip(tip)
		imgui.PopTextWrapPos()
	}
}

// maxTooltipLines caps a warning list's tooltip.
const maxTooltipLines = 40
