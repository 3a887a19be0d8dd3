package formats

import (
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/asset"
)

// supportedItems splits SupportedFormats' "Title: A, B" lines into the
// names they list.
func supportedItems(lines []string) []string {
	var items []string
	for _, l := range lines {
		_, list, _ := strings.Cut(l, ": ")
		items = append(items, strings.Split(list, ", ")...)
	}
	return items
}

// TestSupportedFormatsListsTheRegistry: the usage and the About box list
// every format the registry holds, a registered one included, so neither
// can fall behind a new format.
func TestSupportedFormatsListsTheRegistry(t *testing.T) {
	silent := &asset.Format{Name: "silent", DisplayName: "Silent Format", Sniff: func([]byte) bool { return false }, Open: toyFormat.Open}
	defer Register(toyFormat)()
	defer Register(silent)()
	lines := SupportedFormats()
	items := supportedItems(lines)
	for _, f := range Formats() {
		if !slices.Contains(items, f.DisplayName) {
			t.Errorf("SupportedFormats() = %q lacks %s (%q)", lines, f.Name, f.DisplayName)
		}
	}
	want := map[string]string{"Animations": "Toy Anim", "Skeletons": "J3D BMD", "Archives": "SARC", "Other": "Silent Format"}
	for _, l := range lines {
		title, list, _ := strings.Cut(l, ": ")
		if name, ok := want[title]; ok && !slices.Contains(strings.Split(list, ", "), name) {
			t.Errorf("line %q lacks %q", l, name)
		}
		delete(want, title)
	}
	if len(want) > 0 {
		t.Errorf("SupportedFormats() = %q has no line for %v", lines, want)
	}
}
