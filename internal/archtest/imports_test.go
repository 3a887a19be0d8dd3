// Package archtest enforces the import rules of docs/architecture.md:
// anim <- formats/* <- cmd/viewer; ui and render import anim, never
// formats; GL only in render, GLFW only in cmd/viewer.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/animscope/animscope"

// deps lists the packages pkg depends on (transitively).
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", module+"/"+pkg).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// packages lists the module's packages matching pattern.
func packages(t *testing.T, pattern string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", module+"/"+pattern).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		pkgs = append(pkgs, strings.TrimPrefix(p, module+"/"))
	}
	return pkgs
}

func isStd(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

const (
	glPkg    = "github.com/go-gl/gl"
	glfwPkg  = "github.com/go-gl/glfw"
	imguiPkg = "github.com/inkyblackness/imgui-go"
	mathgl   = "github.com/go-gl/mathgl"
)

func TestAnimImportsOnlyStdAndMathgl(t *testing.T) {
	for _, d := range deps(t, "anim") {
		if isStd(d) || strings.HasPrefix(d, mathgl) || d == module+"/anim" {
			continue
		}
		t.Errorf("anim depends on %s; it may import only the standard library and mathgl", d)
	}
}

func TestFormatsImportNoGraphics(t *testing.T) {
	for _, pkg := range packages(t, "formats/...") {
		for _, d := range deps(t, pkg) {
			for _, bad := range []string{glPkg, glfwPkg, imguiPkg, module + "/ui", module + "/render", module + "/cmd/"} {
				if strings.HasPrefix(d, bad) {
					t.Errorf("%s depends on %s", pkg, d)
				}
			}
		}
	}
}

func TestUIAndRenderDoNotImportFormats(t *testing.T) {
	for _, pattern := range []string{"ui/...", "render/..."} {
		for _, pkg := range packagesIfAny(t, pattern) {
			for _, d := range deps(t, pkg) {
				if strings.HasPrefix(d, module+"/formats") {
					t.Errorf("%s depends on %s; ui and render see only anim", pkg, d)
				}
				if strings.HasPrefix(d, glfwPkg) {
					t.Errorf("%s depends on GLFW; only cmd/viewer's platform code may", pkg)
				}
				if strings.HasPrefix(pkg, "ui") && strings.HasPrefix(d, glPkg) {
					t.Errorf("%s depends on %s; GL calls belong in render", pkg, d)
				}
			}
		}
	}
}

func TestGLOnlyInRender(t *testing.T) {
	for _, pkg := range packages(t, "...") {
		if strings.HasPrefix(pkg, "render") || strings.HasPrefix(pkg, "cmd/") {
			continue
		}
		out, err := exec.Command("go", "list", "-f", "{{join .Imports \" \"}}", module+"/"+pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		for _, imp := range strings.Fields(string(out)) {
			if strings.HasPrefix(imp, glPkg) || strings.HasPrefix(imp, glfwPkg) {
				t.Errorf("%s imports %s directly; GL belongs in render, GLFW in cmd/viewer", pkg, imp)
			}
		}
	}
}

// packagesIfAny is packages, but an empty match is not an error (ui and
// render may not exist yet in a branch).
func packagesIfAny(t *testing.T, pattern string) []string {
	out, err := exec.Command("go", "list", module+"/"+pattern).Output()
	if err != nil {
		return nil
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		pkgs = append(pkgs, strings.TrimPrefix(p, module+"/"))
	}
	return pkgs
}
