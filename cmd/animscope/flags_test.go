package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/cli"
)

// TestHelpListsEveryViewerFlag: "animscope help" lists the viewer's flags
// under its "animscope [flags] [FILE...]" line; every flag the viewer's
// flag set defines must be there, and nothing it does not define. The
// flag set's own list (what the flag package prints under the viewer's
// -h) is the independent record of what it defines.
func TestHelpListsEveryViewerFlag(t *testing.T) {
	var out bytes.Buffer
	parseGUIFlags([]string{"-h"}, &out)
	usage, list, ok := strings.Cut(out.String(), "\nFlags:\n")
	if !ok {
		t.Fatalf("the viewer's -h has no flag list:\n%s", out.String())
	}
	var defined []string
	for _, l := range strings.Split(list, "\n") {
		if rest, ok := strings.CutPrefix(l, "  -"); ok {
			name, _, _ := strings.Cut(rest, " ")
			defined = append(defined, name)
		}
	}
	if len(defined) < 10 {
		t.Fatalf("the viewer's -h lists %d flags: %q", len(defined), defined)
	}
	slices.Sort(defined)

	var help bytes.Buffer
	cli.Run([]string{"help"}, &help, &help, cli.Env{})
	const synopsis = "animscope [flags] [FILE...]"
	if first, _, _ := strings.Cut(usage, "\n"); first != "Usage: "+synopsis {
		t.Errorf("the viewer's -h starts %q, want %q", first, "Usage: "+synopsis)
	}
	_, block, ok := strings.Cut(help.String(), "\n  "+synopsis)
	if !ok {
		t.Fatalf("animscope help has no line %q:\n%s", synopsis, help.String())
	}
	// The viewer's block is its line and those under it, up to the next
	// command line.
	if i := strings.Index(block, "\n  animscope "); i >= 0 {
		block = block[:i]
	}
	var named []string
	for _, m := range regexp.MustCompile(`--([a-z][a-z0-9-]*)`).FindAllStringSubmatch(block, -1) {
		named = append(named, m[1])
	}
	slices.Sort(named)
	named = slices.Compact(named)
	for _, f := range defined {
		if !slices.Contains(named, f) {
			t.Errorf("--%s is a viewer flag but animscope help does not list it under %q", f, synopsis)
		}
	}
	for _, f := range named {
		if !slices.Contains(defined, f) {
			t.Errorf("animscope help lists --%s for the viewer, which does not define it", f)
		}
	}
}
