package archtest

import (
	"strings"
	"testing"
)

// TestAppAndCLILinkNoView: the application model (internal/app) and the
// headless commands (internal/cli) speak to the view only through the
// plain data of internal/viewmodel. They never depend on the view
// packages (ui, render), on ImGui, OpenGL or GLFW, nor on cmd/...: they
// run without a window, tests drive them directly, and printing JSON
// links no cgo GUI library. cmd/animscope wires them to the window and hands
// the CLI an offscreen renderer.
func TestAppAndCLILinkNoView(t *testing.T) {
	bad := []string{glPkg, glfwPkg, imguiPkg, module + "/ui", module + "/render", module + "/cmd/"}
	for _, pattern := range []string{"internal/app/...", "internal/cli/..."} {
		for _, pkg := range packages(t, pattern) {
			for _, d := range deps(t, pkg) {
				for _, b := range bad {
					if d == b || strings.HasPrefix(d, strings.TrimSuffix(b, "/")+"/") {
						t.Errorf("%s depends on %s; the view and the window belong in ui, render and cmd/animscope", pkg, d)
					}
				}
			}
		}
	}
}

// TestViewModelIsPlainData: what the app and the view exchange depends on
// nothing but the standard library, mathgl, anim, mesh and the
// inspector's neutral tables, so both sides can import it without importing each
// other.
func TestViewModelIsPlainData(t *testing.T) {
	allowed := []string{mathgl, module + "/anim", module + "/mesh", module + "/formats/inspect", module + "/internal/viewmodel"}
	for _, pkg := range packages(t, "internal/viewmodel/...", "internal/viewmodel") {
		for _, d := range deps(t, pkg) {
			if isStd(d) {
				continue
			}
			ok := false
			for _, a := range allowed {
				if d == a || strings.HasPrefix(d, a+"/") {
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s depends on %s; the view model is plain data", pkg, d)
			}
		}
	}
}
