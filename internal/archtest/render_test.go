package archtest

import (
	"slices"
	"strings"
	"testing"
)

// The rules about where GL contexts come from and what stays GL-free
// inside render: the GX shader generator writes GLSL text (render
// compiles it), and render/rendertest, which gives tests a context from a
// hidden internal/platform window, is test support that no program links.

const (
	gxshaderPkg   = "render/gxshader"
	rendertestPkg = "render/rendertest"
	platformPkg   = "internal/platform"
)

// TestGXShaderGeneratorHasNoGL: the generator depends on no GL, GLFW or
// ImGui, and not on render, whose GL it would bring along.
func TestGXShaderGeneratorHasNoGL(t *testing.T) {
	for _, d := range deps(t, gxshaderPkg) {
		for _, bad := range []string{glPkg, glfwPkg, imguiPkg} {
			if d == bad || strings.HasPrefix(d, bad+"/") {
				t.Errorf("%s depends on %s; it writes GLSL text, render compiles it", gxshaderPkg, d)
			}
		}
		if d == module+"/render" || strings.HasPrefix(d, module+"/render/") && d != module+"/"+gxshaderPkg {
			t.Errorf("%s depends on %s; the generator sits below render, not on it", gxshaderPkg, d)
		}
	}
}

// imports lists, for every package of the module, its direct imports:
// those of its production files, and those its _test.go files add.
func imports(t *testing.T) (prod, tests map[string][]string) {
	t.Helper()
	out, err := goList("-f", "{{.ImportPath}}|{{join .Imports \",\"}}|{{join .TestImports \",\"}},{{join .XTestImports \",\"}}", module+"/...")
	if err != nil {
		t.Fatal(err)
	}
	prod, tests = map[string][]string{}, map[string][]string{}
	for _, line := range out {
		f := strings.Split(line, "|")
		if len(f) != 3 {
			t.Fatalf("go list line %q: want 3 fields", line)
		}
		pkg := strings.TrimPrefix(f[0], module+"/")
		prod[pkg] = strings.FieldsFunc(f[1], func(r rune) bool { return r == ',' })
		tests[pkg] = strings.FieldsFunc(f[2], func(r rune) bool { return r == ',' })
	}
	for _, want := range []string{"render", gxshaderPkg, rendertestPkg, platformPkg} {
		if _, ok := prod[want]; !ok {
			t.Fatalf("go list ./... does not list %s", want)
		}
	}
	return prod, tests
}

// TestGLFWOnlyInPlatform: the window system is reached from one package,
// internal/platform (the viewer's window, the CLI's hidden one, and the
// tests' hidden one that rendertest asks it for), in production files and
// tests alike (rendertest's own test asks GLFW what context it was
// given); and only the program and rendertest use that package, so the
// app, the CLI and the formats stay free of it.
func TestGLFWOnlyInPlatform(t *testing.T) {
	prod, tests := imports(t)
	full := module + "/" + platformPkg
	for i, set := range []map[string][]string{prod, tests} {
		for pkg, imps := range set {
			if pkg == platformPkg || i == 1 && pkg == rendertestPkg {
				continue
			}
			for _, imp := range imps {
				if imp == glfwPkg || strings.HasPrefix(imp, glfwPkg+"/") {
					t.Errorf("%s imports %s; GLFW belongs in %s", pkg, imp, platformPkg)
				}
			}
		}
	}
	for pkg, imps := range prod {
		if slices.Contains(imps, full) && pkg != "cmd/animscope" && pkg != rendertestPkg {
			t.Errorf("%s imports %s; only cmd/animscope and %s open windows", pkg, platformPkg, rendertestPkg)
		}
	}
}

// TestRendertestOnlyInTests: no production package imports rendertest
// (a program never opens the tests' window), while render's own tests do,
// so the rule is about a package in use.
func TestRendertestOnlyInTests(t *testing.T) {
	prod, tests := imports(t)
	full := module + "/" + rendertestPkg
	for pkg, imps := range prod {
		if slices.Contains(imps, full) {
			t.Errorf("%s imports %s outside its tests; it is test support", pkg, rendertestPkg)
		}
	}
	if !slices.Contains(tests["render"], full) {
		t.Errorf("render's tests do not import %s (test imports: %q): the GL tests have lost their context", rendertestPkg, tests["render"])
	}
}
