package ui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh/gx"
)

// gxSection shows a J3D material as the GX hardware draws it: a choice of
// material, its TEV stages as a table (each with a switch that turns it
// off), then its registers and konst colours with this frame's values.
func (u *UI) gxSection(v *viewmodel.View) {
	g := v.GX
	if g == nil || g.State == nil {
		return
	}
	imgui.Spacing()
	name := g.Names[g.Material]
	if imgui.BeginComboV("GX material##gxmat", name, 0) {
		for i, n := range g.Names {
			if n == "" {
				continue
			}
			if imgui.SelectableV(fmt.Sprintf("%s##gxm%d", n, i), i == g.Material, 0, imgui.Vec2{}) {
				u.emit(viewmodel.SelectGXMaterial{Material: i})
			}
		}
		imgui.EndCombo()
	}
	u.record("gx:material")
	tooltip("The material the TEV table below shows; clicking a shape in the Shapes list picks its material.")
	m := g.State
	s := &m.Shader
	flags := imgui.TableFlagsRowBg | imgui.TableFlagsBordersInnerV | imgui.TableFlagsSizingFixedFit
	if imgui.BeginTableV("##tev", 3, flags, imgui.Vec2{}, 0) {
		imgui.TableSetupColumn("on")
		imgui.TableSetupColumn("#")
		imgui.TableSetupColumn("inputs · colour · alpha")
		imgui.TableHeadersRow()
		for i := 0; i < int(s.NumStages); i++ {
			st := &s.Stages[i]
			imgui.TableNextRow()
			imgui.TableNextColumn()
			on := g.StageOff&(1<<i) == 0
			if imgui.Checkbox(fmt.Sprintf("##stage%d", i), &on) {
				u.emit(viewmodel.SetStageOff{Material: g.Material, Stage: i, Off: !on})
			}
			u.record(fmt.Sprintf("gx:stage:%d", i))
			tooltip("Turn the stage off: it writes nothing, so its output register keeps what the stages before left.")
			imgui.TableNextColumn()
			imgui.Text(fmt.Sprintf("%d", i))
			imgui.TableNextColumn()
			in := "no texture"
			if st.TexMap < 8 {
				in = fmt.Sprintf("map %d · coord %d", st.TexMap, st.TexCoord)
				if st.TexSwap != [4]uint8{0, 1, 2, 3} {
					in += swapName(st.TexSwap)
				}
			}
			in += " · raster " + gx.ChannelName(st.Channel)
			if st.RasSwap != [4]uint8{0, 1, 2, 3} {
				in += swapName(st.RasSwap)
			}
			in += " · konst " + gx.KonstColorName(st.KColorSel) + " / " + gx.KonstAlphaName(st.KAlphaSel)
			if st.Ind.Matrix != 0 {
				in += fmt.Sprintf(" · indirect stage %d matrix %d", st.Ind.Stage, st.Ind.Matrix)
			}
			textDim(in)
			imgui.Text(st.Color.Formula(gx.ColorArgNames[:]))
			imgui.Text(st.Alpha.Formula(gx.AlphaArgNames[:]))
		}
		imgui.EndTable()
	}
	a := s.Alpha
	textDim(fmt.Sprintf("alpha test: %s %d %s %s %d · blend %s", compareName(a.CompA), a.RefA, [4]string{"and", "or", "xor", "xnor"}[a.Op&3], compareName(a.CompB), a.RefB, blendName(m.Blend)))
	live := &g.Live
	regs := [4]string{"C0 (REG0)", "C1 (REG1)", "C2 (REG2)", "C3 (PREV)"}
	for k := 0; k < 4; k++ {
		swatchRow(fmt.Sprintf("gxreg%d", k), regs[k], live.TevColor[k])
	}
	for k := 0; k < 4; k++ {
		swatchRow(fmt.Sprintf("gxk%d", k), fmt.Sprintf("K%d", k), live.Konst[k])
	}
	for k := 0; k < int(s.NumChans); k++ {
		swatchRow(fmt.Sprintf("gxmat%d", k), fmt.Sprintf("material %d", k), live.MatColor[k])
		swatchRow(fmt.Sprintf("gxamb%d", k), fmt.Sprintf("ambient %d", k), live.AmbColor[k])
	}
}

// swatchRow is a colour swatch with its values in 0..255 (registers may
// leave that range: the swatch clamps, the numbers do not).
func swatchRow(id, label string, c [4]float32) {
	sz := imgui.FrameHeight()
	sw := imgui.Vec4{X: clamp01(c[0]), Y: clamp01(c[1]), Z: clamp01(c[2]), W: clamp01(c[3])}
	imgui.ColorButton("##"+id, sw, 0, imgui.Vec2{X: sz * 1.4, Y: sz * 0.8})
	imgui.SameLine()
	imgui.Text(fmt.Sprintf("%s  %.0f %.0f %.0f %.0f", label, c[0]*255, c[1]*255, c[2]*255, c[3]*255))
}

func clamp01(f float32) float32 { return max(0, min(1, f)) }

func swapName(sw [4]uint8) string {
	b := []byte(" swap ")
	for _, c := range sw {
		b = append(b, "rgba"[c&3])
	}
	return string(b)
}

func compareName(c uint8) string {
	return [8]string{"never", "<", "==", "<=", ">", "!=", ">=", "always"}[c&7]
}

func blendName(b gx.Blend) string {
	f := [8]string{"0", "1", "colour", "1−colour", "src α", "1−src α", "dst α", "1−dst α"}
	switch b.Mode {
	case 1:
		return fmt.Sprintf("src × %s + dst × %s", f[b.Src&7], f[b.Dst&7])
	case 2:
		return fmt.Sprintf("logic op %d", b.Logic)
	case 3:
		return "dst − src"
	}
	return "none"
}
