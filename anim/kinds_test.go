package anim

import "testing"

func TestMaterialKindsAndSlots(t *testing.T) {
	kinds := map[TargetKind]string{JointTarget: "joint", TexSRTTarget: "texsrt", TevRegTarget: "tevreg", MatColorTarget: "matcolor",
		TexPatternTarget: "texpattern", ShapeTarget: "shape", ShaderParamTarget: "shaderparam"}
	for k, want := range kinds {
		if got := k.String(); got != want {
			t.Errorf("kind %d: %q, want %q", k, got, want)
		}
		if k.IsMaterial() != (k >= TevRegTarget) {
			t.Errorf("kind %s: IsMaterial %v", want, k.IsMaterial())
		}
	}
	slots := map[Slot]string{ColorR: "r", ColorG: "g", ColorB: "b", ColorA: "a", TexIndex: "texIndex", Visible: "visible", Param0: "offset.0", Param0 + 3: "offset.12", NumSlots - 1: "offset.60"}
	for s, want := range slots {
		for _, k := range []TargetKind{JointTarget, TexSRTTarget, TevRegTarget} {
			if got := s.Name(k); got != want {
				t.Errorf("slot %d kind %s: %q, want %q", s, k, got, want)
			}
			if back, ok := ParseSlot(k, want); !ok || back != s {
				t.Errorf("ParseSlot(%s, %q) = %d,%v", k, want, back, ok)
			}
		}
	}
	if !ColorB.IsColor() || TexIndex.IsColor() || !Visible.IsStep() || ColorR.IsStep() {
		t.Error("IsColor/IsStep wrong")
	}
	if b := DefaultBase(); b[Visible] != 1 || b[ColorA] != 0 || b[ScaleY] != 1 {
		t.Errorf("DefaultBase visible/colour/scale: %v %v %v", b[Visible], b[ColorA], b[ScaleY])
	}
}
