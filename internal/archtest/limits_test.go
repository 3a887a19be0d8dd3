package archtest

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The size limits that keep the code easy to change: a type of the
// application model that gathers more than maxMethods methods has become
// the place every feature lands (give the feature its own type), and a
// production file over maxLines holds more than one seam (split it where
// the work divides, not into free functions of the same file).
const (
	maxMethods = 40
	maxLines   = 500
)

// moduleRoot is the repository's top directory (the tests run in
// internal/archtest).
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at the module root %s: %v", root, err)
	}
	return root
}

// methodCounts counts the methods of each type declared in the
// production files (not _test.go) of the package in dir, by receiver
// type name.
func methodCounts(dir string) (map[string]int, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files++
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
				continue
			}
			counts[receiverType(fn.Recv.List[0].Type)]++
		}
	}
	if files == 0 {
		return nil, fmt.Errorf("%s: no production Go files", dir)
	}
	return counts, nil
}

// receiverType is the type name of a receiver expression: T, *T, T[P],
// *T[P].
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return fmt.Sprintf("%T", e)
		}
	}
}

// tooManyMethods lists "pkg.Type has N methods" for every type of the
// packages under dir (recursively) with more than limit methods.
func tooManyMethods(dir string, limit int) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		counts, err := methodCounts(p)
		if err != nil {
			if strings.Contains(err.Error(), "no production Go files") {
				return nil
			}
			return err
		}
		for typ, n := range counts {
			if n > limit {
				out = append(out, fmt.Sprintf("%s.%s has %d methods (limit %d)", filepath.Base(p), typ, n, limit))
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// longFiles lists "path: N lines" for every production Go file (not
// _test.go, not under testdata or node_modules) below root with more
// than limit lines.
func longFiles(root string, limit int) ([]string, error) {
	var out []string
	seen := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		seen++
		n := bytes.Count(b, []byte("\n"))
		if len(b) > 0 && b[len(b)-1] != '\n' {
			n++
		}
		if n > limit {
			rel, _ := filepath.Rel(root, p)
			out = append(out, fmt.Sprintf("%s: %d lines (limit %d)", filepath.ToSlash(rel), n, limit))
		}
		return nil
	})
	if err == nil && seen == 0 {
		err = fmt.Errorf("%s: no production Go files found", root)
	}
	sort.Strings(out)
	return out, err
}

// TestAppTypesStaySmall: no type of the application model (internal/app
// and below) has more than maxMethods methods.
func TestAppTypesStaySmall(t *testing.T) {
	over, err := tooManyMethods(filepath.Join(moduleRoot(t), "internal", "app"), maxMethods)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range over {
		t.Errorf("%s: give a feature its own type instead of another App method", o)
	}
}

// TestProductionFilesStayShort: no production Go file of the module is
// over maxLines lines.
func TestProductionFilesStayShort(t *testing.T) {
	over, err := longFiles(moduleRoot(t), maxLines)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range over {
		t.Errorf("%s: split it along a real seam", o)
	}
}

// TestLimitsCatchPlantedViolations: the two checks above report a type
// with one method too many and a file one line too long, planted in a
// scratch module, and pass what is exactly at the limit, so a pass on
// main means something.
func TestLimitsCatchPlantedViolations(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var big, fit strings.Builder
	big.WriteString("package app\n\ntype App struct{}\n\ntype Gen[T any] struct{}\n\n")
	for i := 0; i <= maxMethods; i++ { // maxMethods+1 methods
		fmt.Fprintf(&big, "func (a *App) M%d() {}\n", i)
	}
	for i := 0; i < maxMethods; i++ { // exactly maxMethods, on a generic type
		fmt.Fprintf(&big, "func (g Gen[T]) M%d() {}\n", i)
	}
	write("app/app.go", big.String())
	// Methods in a test file do not count.
	write("app/app_test.go", "package app\n\ntype Helper struct{}\n\n"+strings.Repeat("func (Helper) X() {}\n", 50))
	over, err := tooManyMethods(filepath.Join(dir, "app"), maxMethods)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("app.App has %d methods (limit %d)", maxMethods+1, maxMethods); len(over) != 1 || over[0] != want {
		t.Errorf("planted 41 methods: got %q, want [%q]", over, want)
	}

	fit.WriteString("package app\n")
	for fit.Len() == 0 || strings.Count(fit.String(), "\n") < maxLines {
		fit.WriteString("// line\n")
	}
	write("long/at_limit.go", fit.String())                      // exactly maxLines lines
	write("long/over.go", fit.String()+"// one too many")        // maxLines+1, no final newline
	write("long/long_test.go", strings.Repeat("\n", 2*maxLines)) // tests do not count
	write("long/testdata/gen.go", strings.Repeat("\n", 2*maxLines))
	lines, err := longFiles(dir, maxLines)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("long/over.go: %d lines (limit %d)", maxLines+1, maxLines); len(lines) != 1 || lines[0] != want {
		t.Errorf("planted long file: got %q, want [%q]", lines, want)
	}
}
