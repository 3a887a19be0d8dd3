package archtest

import (
	"strings"
	"testing"
)

// TestExportHasNoWindow: the glTF exporter (internal/export) works from
// anim and formats (the same posing and binding as the CLI) and assets
// (the checker the test quad shows). It never depends on GL, GLFW, ImGui,
// the UI, the renderer, the application state or cmd/..., so the CLI, the
// viewer and tests share it without a window.
func TestExportHasNoWindow(t *testing.T) {
	for _, pkg := range packages(t, "internal/export/...", "internal/export") {
		for _, d := range deps(t, pkg) {
			for _, bad := range []string{glPkg, glfwPkg, imguiPkg, module + "/ui", module + "/render", module + "/cmd/", module + "/internal/app", module + "/internal/cli"} {
				if d == bad || strings.HasPrefix(d, bad+"/") || strings.HasPrefix(d, bad) && strings.HasSuffix(bad, "/") {
					t.Errorf("%s depends on %s; the exporter needs only anim, formats and assets", pkg, d)
				}
			}
		}
	}
}
