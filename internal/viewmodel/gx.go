package viewmodel

import "github.com/animscope/animscope/mesh/gx"

// GXView is the GX (J3D) material the Materials panel shows: its stored
// state, its registers as animations leave them this frame, and the
// stages the user turned off.
type GXView struct {
	// Names are the materials of the first model in use, "" for those not
	// drawn through GX; Material is the one shown (-1: none).
	Names    []string
	Material int
	State    *gx.Material
	Live     gx.Values
	StageOff uint16
}

type (
	// SelectGXMaterial shows material Material of the first model in use
	// in the Materials panel.
	SelectGXMaterial struct{ Material int }
	// SetStageOff turns TEV stage Stage of that model's material Material
	// off (its output register keeps its value) or on again.
	SetStageOff struct {
		Material, Stage int
		Off             bool
	}
	// ReportProblem is something the view met while drawing (a GX program
	// that did not compile), for the Messages tab.
	ReportProblem struct{ Text string }
)

func (SelectGXMaterial) intent() {}
func (SetStageOff) intent()      {}
func (ReportProblem) intent()    {}
