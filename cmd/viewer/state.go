package main

import (
	"encoding/json"
	"os"
	"path/filepath"

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
	// Churn is the long-session check's figures (--churn).
	Churn *stateChurn `json:"churn,omitempty"`
}

// stateChurn is the process before and after --churn reopened the files
// Opened times (After is nil until it has finished).
type stateChurn struct {
	Before *churnStats `json:"before"`
	After  *churnStats `json:"after"`
	Opened int         `json:"opened"`
}

// writeState writes s to path atomically: into a temporary file in the
// same directory, renamed over path when complete, so a reader (a test
// polling for the file) sees either no file, the previous one or the whole
// new one, never a part.
func writeState(path string, s viewerState) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
