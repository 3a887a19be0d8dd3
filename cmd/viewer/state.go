package main

import (
	"encoding/json"
	"os"

	"github.com/animscope/animscope/internal/app"
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
}

func writeState(path string, s viewerState) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
