// Package archtest enforces the import rules of docs/architecture.md by
// asking go list for the dependency graph: anim needs only the standard
// library and mathgl; formats (the inspector's tables included) and internal/export no
// view, window or GL; the app and the CLI reach the view only through the
// plain data of internal/viewmodel; ui and render see the view model and
// anim, never formats or the app; GL only in render, GLFW only in
// internal/platform, which the program and render/rendertest (the GL
// context of tests, which only tests import) use; the GX shader generator is GLSL text,
// without GL.
package archtest

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/animscope/animscope"

// goList runs go list with args and returns the fields of its output. A
// failing go list is an error carrying its stderr: a rule checked against
// nothing would pass.
func goList(args ...string) ([]string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.Fields(string(out)), nil
}

// deps lists the packages pkg depends on (transitively), pkg included.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	ds, err := goList("-deps", module+"/"+pkg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(ds, module+"/"+pkg) {
		t.Fatalf("go list -deps %s does not list the package itself: %q", pkg, ds)
	}
	return ds
}

// matching lists the module's packages matching pattern, relative to the
// module. It is an error when go list fails, when nothing matches (go list
// only warns) and when a package of want is not among the matches: the
// packages a rule is about must exist for the rule to check anything.
func matching(pattern string, want ...string) ([]string, error) {
	out, err := goList(module + "/" + pattern)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("go list %s matched no packages", pattern)
	}
	var pkgs []string
	for _, p := range out {
		pkgs = append(pkgs, strings.TrimPrefix(p, module+"/"))
	}
	for _, w := range want {
		if !slices.Contains(pkgs, w) {
			return nil, fmt.Errorf("go list %s: %s is missing from %q", pattern, w, pkgs)
		}
	}
	return pkgs, nil
}

// packages is matching, failing the test on an error.
func packages(t *testing.T, pattern string, want ...string) []string {
	t.Helper()
	pkgs, err := matching(pattern, want...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestPackageListingFailsLoudly: the listing the rules rely on reports a
// pattern that matches nothing, a package that is missing and a go list
// failure, instead of returning an empty list to check.
func TestPackageListingFailsLoudly(t *testing.T) {
	if _, err := matching("no-such-dir/..."); err == nil {
		t.Error("a pattern matching no package was accepted")
	}
	if _, err := matching("ui/...", "ui", "ui/no-such-package"); err == nil || !strings.Contains(err.Error(), "ui/no-such-package") {
		t.Errorf("a missing wanted package: %v", err)
	}
	if _, err := matching("no-such-package"); err == nil {
		t.Error("go list of a package that does not exist did not fail")
	}
	if pkgs, err := matching("ui/...", "ui"); err != nil || len(pkgs) == 0 {
		t.Errorf("ui/...: %q, %v", pkgs, err)
	}
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

	inspectPkg = module + "/formats/inspect"
)

func TestAnimImportsOnlyStdAndMathgl(t *testing.T) {
	for _, d := range deps(t, "anim") {
		if isStd(d) || strings.HasPrefix(d, mathgl) || d == module+"/anim" {
			continue
		}
		t.Errorf("anim depends on %s; it may import only the standard library and mathgl", d)
	}
}

// TestMeshImportsOnlyStdAndMathgl: the format-neutral model, like anim,
// is plain data and maths every decoder fills and every consumer reads.
func TestMeshImportsOnlyStdAndMathgl(t *testing.T) {
	for _, d := range deps(t, "mesh") {
		if isStd(d) || strings.HasPrefix(d, mathgl) || d == module+"/mesh" {
			continue
		}
		t.Errorf("mesh depends on %s; it may import only the standard library and mathgl", d)
	}
}

func TestFormatsImportNoGraphics(t *testing.T) {
	for _, pkg := range packages(t, "formats/...", "formats", "formats/archive", "formats/bfres", "formats/j3d", "formats/jba") {
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
	for _, c := range []struct{ pattern, want string }{{"ui/...", "ui"}, {"render/...", "render"}} {
		for _, pkg := range packages(t, c.pattern, c.want) {
			for _, d := range deps(t, pkg) {
				if d == inspectPkg {
					continue // the inspector's neutral tables: anim and std only (TestInspectImportsOnlyAnim)
				}
				if strings.HasPrefix(d, module+"/formats") || strings.HasPrefix(d, module+"/internal/app") || strings.HasPrefix(d, module+"/internal/cli") {
					t.Errorf("%s depends on %s; ui and render see only anim and the view model", pkg, d)
				}
				if strings.HasPrefix(d, glfwPkg) && pkg != rendertestPkg {
					t.Errorf("%s depends on GLFW; only internal/platform and the tests' context (%s) may", pkg, rendertestPkg)
				}
				if strings.HasPrefix(pkg, "ui") && strings.HasPrefix(d, glPkg) {
					t.Errorf("%s depends on %s; GL calls belong in render", pkg, d)
				}
			}
		}
	}
}

func TestGLOnlyInRender(t *testing.T) {
	for _, pkg := range packages(t, "...", "anim", "formats", "ui", "render", "cmd/animscope") {
		if strings.HasPrefix(pkg, "render") || strings.HasPrefix(pkg, "cmd/") {
			continue
		}
		imports, err := goList("-f", "{{join .Imports \" \"}}", module+"/"+pkg)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range imports {
			isGL := imp == glPkg || strings.HasPrefix(imp, glPkg+"/")
			isGLFW := strings.HasPrefix(imp, glfwPkg)
			if isGL || isGLFW && pkg != platformPkg {
				t.Errorf("%s imports %s directly; GL belongs in render, GLFW in internal/platform", pkg, imp)
			}
		}
	}
}
