package archtest

import (
	"strings"
	"testing"
)

// The inspector's neutral form sits between formats and ui: it may import
// anim and the standard library only, so ui can use it without seeing a
// decoder (it is the one package under formats/ that ui and render may
// reach).
func TestInspectImportsOnlyAnim(t *testing.T) {
	for _, d := range deps(t, "formats/inspect") {
		if isStd(d) || strings.HasPrefix(d, mathgl) || d == module+"/anim" || d == module+"/formats/inspect" {
			continue
		}
		t.Errorf("formats/inspect depends on %s; it may import only anim and the standard library", d)
	}
}
