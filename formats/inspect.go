package formats

import (
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/jba"
	"github.com/animscope/animscope/internal/inspect"
)

// inspectorFor returns the inspector's view of an opened asset's raw
// structs, or nil for formats without one (archives, models).
func inspectorFor(a *Asset) inspect.Source {
	switch raw := a.Raw.(type) {
	case *j3d.BCK:
		return &j3dInspector{bck: raw, clips: a.Clips}
	case *j3d.BTK:
		return &j3dInspector{btk: raw, clips: a.Clips}
	case *bfres.File:
		return newBFRESInspector(raw, a.Clips)
	case *jba.File:
		return &jbaInspector{f: raw, clips: a.Clips}
	}
	return nil
}
