package main

import (
	"errors"
	"io"
)

// runGUI opens the viewer window. Not implemented yet: the viewer issue
// replaces this file.
func runGUI(args []string, stdout, stderr io.Writer) error {
	return errors.New("the viewer window is not built yet; use animscope info/sample")
}

// runRender renders the 3D view offscreen. Not implemented yet.
func runRender(args []string, stdout io.Writer) error {
	return errors.New("render is not built yet")
}
