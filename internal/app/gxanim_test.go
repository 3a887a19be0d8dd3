package app

import (
	"math"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
	"github.com/animscope/animscope/mesh/gx"
)

// TestGXRegistersFollowTheAnimations: for the GX pipeline the BRK's
// register C1 of "lamp" is set whole and signed past 255 (blue 300 stays
// 300/255, the hardware's 11-bit register), only that register of only
// that material; the BTK's texture matrix 1 of "body" arrives by its
// number with the matrix anim.TexMatrixOf gives.
func TestGXRegistersFollowTheAnimations(t *testing.T) {
	a, _, _ := openAnimated(t)
	btk, _, _, _ := materialClips()
	var s viewmodel.Scene
	for _, f := range []float64{0, 12, 29.5} {
		d := drawAt(t, a, &s, f)
		u := f / 30
		r := 255 * u * u * (3 - 2*u)
		g := d.Materials[2].GX
		if g.TevColorSet != 1<<1 || g.KonstSet != 0 || g.MatColorSet != 0 {
			t.Fatalf("frame %v: lamp's GX masks %b %b %b, want register 1 only", f, g.TevColorSet, g.KonstSet, g.MatColorSet)
		}
		want := [4]float64{math.Trunc(r) / 255, 51.0 / 255, 300.0 / 255, 1}
		for k := range want {
			if math.Abs(float64(g.TevColor[1][k])-want[k]) > 1.0/255 {
				t.Errorf("frame %v: lamp C1 %v, want %v", f, g.TevColor[1], want)
				break
			}
		}
		if d.Materials[0].GX.TevColorSet != 0 || d.Materials[1].GX.TevColorSet != 0 {
			t.Errorf("frame %v: the BRK reached other materials", f)
		}
		body := d.Materials[0].GX
		if body.TexMtxSet != 1<<1 {
			t.Fatalf("frame %v: body's texture matrices set %b, want matrix 1", f, body.TexMtxSet)
		}
		var pose anim.Pose
		anim.Evaluate(btk, f, &pose)
		m := anim.TexMatrixOf(&btk.Targets[0], &pose.Targets[0])
		for row := range m {
			for col := range m[row] {
				if math.Abs(float64(body.TexMtx[1][row][col])-m[row][col]) > 1e-5 {
					t.Fatalf("frame %v: body TEXMTX1 %v, want %v", f, body.TexMtx[1], m)
				}
			}
		}
	}
}

type gxNative struct{ m *gx.Material }

func (n gxNative) GXMaterial() *gx.Material { return n.m }

// TestGXPanel: the panel lists the GX materials of the model in use and
// shows the first; the BRK's register is live in it; a stage the user
// turns off reaches the draw of that material only, and stays off with
// no material clip playing; a shape's click shows its material; a
// renderer problem lands in the messages.
func TestGXPanel(t *testing.T) {
	log := &bytesWriter{}
	a := New(log)
	m := animatedModel()
	lamp := &gx.Material{Name: "lamp"}
	lamp.Shader.NumStages = 3
	lamp.Values.TevColor[1] = [4]float32{0.1, 0.2, 0.3, 0.4}
	m.Materials[2].Native = gxNative{lamp}
	body := &gx.Material{Name: "body"}
	m.Materials[0].Native = gxNative{body}
	_, _, _, brk := materialClips()
	a.Add([]*File{
		{path: "lamp_man.bmd", name: "lamp_man.bmd", asset: &formats.Asset{Format: "bmd", Skeletons: []*anim.Skeleton{oneJoint()}, Models: []*mesh.Model{m}}},
		{path: "pulse.brk", name: "pulse.brk", asset: &formats.Asset{Format: "brk", Clips: []*anim.Clip{brk}}, explicit: true},
	})
	var v viewmodel.View
	a.Evaluate()
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.GX == nil || len(v.GX.Names) != 3 || v.GX.Names[0] != "body" || v.GX.Names[1] != "" || v.GX.Names[2] != "lamp" || v.GX.Material != 0 {
		t.Fatalf("GX view %+v, want body and lamp listed, body shown", v.GX)
	}
	a.Apply(viewmodel.SelectGXMaterial{Material: 2})
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Evaluate()
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.GX.Material != 2 || v.GX.State != lamp {
		t.Fatalf("shown material %d, want lamp", v.GX.Material)
	}
	if got := v.GX.Live.TevColor[1]; math.Abs(float64(got[2])-300.0/255) > 1e-6 || v.GX.Live.TevColor[0] != lamp.Values.TevColor[0] {
		t.Errorf("live C1 %v, want the BRK's (blue 300/255)", got)
	}
	a.Apply(viewmodel.SetStageOff{Material: 2, Stage: 1, Off: true})
	var s viewmodel.Scene
	d := drawAt(t, a, &s, 15)
	if d.Materials[2].GX.StageOff != 1<<1 || d.Materials[0].GX.StageOff != 0 {
		t.Errorf("stage switches %b %b, want lamp's stage 1 off only", d.Materials[2].GX.StageOff, d.Materials[0].GX.StageOff)
	}
	// With the BRK closed, the switch still reaches the draw.
	a.Apply(viewmodel.CloseFile{File: 1})
	a.Evaluate()
	a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes) != 1 || len(s.Meshes[0].Materials) != 3 || s.Meshes[0].Materials[2].GX.StageOff != 1<<1 {
		t.Fatalf("without material clips the stage switch is lost: %+v", s.Meshes)
	}
	a.Apply(viewmodel.SetStageOff{Material: 2, Stage: 1, Off: false})
	a.BuildScene(&s, viewmodel.Viewport{W: 64, H: 64}, 1, viewmodel.DefaultOptions(), viewmodel.TextureRef{})
	if len(s.Meshes[0].Materials) != 0 {
		t.Errorf("all stages on again, yet materials are overridden: %+v", s.Meshes[0].Materials)
	}
	a.Apply(viewmodel.SelectShape{Ref: viewmodel.ShapeRef{Model: 0, Shape: 3}})
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	if v.GX.Material != 0 {
		t.Errorf("clicking shape 3 (body) shows material %d", v.GX.Material)
	}
	a.Apply(viewmodel.ReportProblem{Text: "render: material lamp: compiling the GX fragment shader: boom"})
	a.View(&v, viewmodel.Stats{}, viewmodel.TextureRef{})
	found := false
	for _, n := range v.Notices {
		if strings.Contains(n.Text, "material lamp") {
			found = true
		}
	}
	if !found {
		t.Errorf("the renderer's problem is not among the messages: %+v", v.Notices)
	}
}
