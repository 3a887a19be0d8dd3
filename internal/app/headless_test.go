package app

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// TestRenderAPI drives what `animscope render` calls: the model and clip
// choice, framing, the camera, selection and seeking.
func TestRenderAPI(t *testing.T) {
	a, _ := newTestApp(t, anim.Once, true)
	h := a.Headless()
	if err := h.UseClipNamed("nope"); err == nil || !strings.Contains(err.Error(), `no animation named "nope" (have ["hand"])`) {
		t.Errorf("UseClipNamed nope: %v", err)
	}
	if err := h.UseModelFrom(2); err == nil || err.Error() != "holds no skeleton" {
		t.Errorf("UseModelFrom 2 (no file): %v", err)
	}
	if b, _ := newTestApp(t, anim.Once, false); b.Headless().UseModelFrom(0) == nil || !strings.Contains(b.Headless().UseModelFrom(0).Error(), "holds no skeleton (it is a bck file)") {
		t.Errorf("UseModelFrom 0 without a model: %v", b.Headless().UseModelFrom(0))
	}
	if err := h.UseModelFrom(1); err != nil || a.rig.skel == nil {
		t.Errorf("UseModelFrom 1 (the model): %v", err)
	}
	if err := h.UseClipNamed("hand"); err != nil || h.Empty() {
		t.Errorf("UseClipNamed hand: %v", err)
	}
	h.Reframe()
	cam := h.Camera()
	cam.Yaw = 33
	a.Apply(viewmodel.SetCamera{Camera: cam})
	if h.Camera().Yaw != 33 {
		t.Errorf("SetCamera did not stick")
	}
	if h.SelectJointNamed("nope") || !h.SelectJointNamed("tip") || a.sel.Joint != 1 {
		t.Errorf("SelectJointNamed: joint %d", a.sel.Joint)
	}
	a.Apply(viewmodel.Seek{Frame: 15})
	a.Evaluate()
	if a.play.joint.clock.Frame != 15 || h.FocusedFPS() != 30 {
		t.Errorf("SeekAll 15: frame %v fps %v", a.play.joint.clock.Frame, h.FocusedFPS())
	}
	if New(nil).Headless().FocusedFPS() != 30 || !New(nil).Headless().Empty() {
		t.Errorf("an empty app: fps %v empty %v", New(nil).Headless().FocusedFPS(), New(nil).Headless().Empty())
	}
}
