package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestAppAndCLIHaveNoWindow: the application state (internal/app) and the
// headless commands (internal/cli) run without a window, so tests drive
// them directly. They never depend on GLFW (cmd/viewer injects the
// OpenGL context render needs) nor import go-gl/gl themselves (drawing
// goes through render), and never import cmd/....
func TestAppAndCLIHaveNoWindow(t *testing.T) {
	for _, pattern := range []string{"internal/app/...", "internal/cli/..."} {
		for _, pkg := range packages(t, pattern) {
			for _, d := range deps(t, pkg) {
				if strings.HasPrefix(d, glfwPkg) || strings.HasPrefix(d, module+"/cmd/") {
					t.Errorf("%s depends on %s; the window and the platform belong in cmd/viewer", pkg, d)
				}
			}
			out, err := exec.Command("go", "list", "-f", "{{join .Imports \" \"}}", module+"/"+pkg).Output()
			if err != nil {
				t.Fatalf("go list %s: %v", pkg, err)
			}
			for _, imp := range strings.Fields(string(out)) {
				if strings.HasPrefix(imp, glPkg) {
					t.Errorf("%s imports %s directly; GL calls belong in render", pkg, imp)
				}
			}
		}
	}
}
