package archtest

import (
	"strings"
	"testing"
)

// The inspector's neutral form sits between formats and ui: it may import
// anim and the standard library only, so ui can use it without seeing a
// decoder.
func TestInspectImportsOnlyAnim(t *testing.T) {
	for _, d := range deps(t, "internal/inspect") {
		if isStd(d) || strings.HasPrefix(d, mathgl) || d == module+"/anim" || d == module+"/internal/inspect" {
			continue
		}
		t.Errorf("internal/inspect depends on %s; it may import only anim and the standard library", d)
	}
}
