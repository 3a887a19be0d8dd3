package cli

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/format"
)

// TestUsageListsEveryFormat: "animscope help" names every registered
// format, one registered after start-up included, so adding a format
// cannot leave the usage behind.
func TestUsageListsEveryFormat(t *testing.T) {
	extra := &format.Format{
		Name: "usage-test", DisplayName: "Usage Test Format", Yields: format.Clips,
		Sniff: func([]byte) bool { return false },
		Open:  func(*format.Asset, []byte, format.Env) error { return nil },
	}
	defer formats.Register(extra)()
	code, out, _ := runCLI("help")
	if code != ExitOK {
		t.Fatalf("help: exit %d", code)
	}
	head, _, ok := strings.Cut(out, "\nUsage:")
	if !ok {
		t.Fatalf("help prints no Usage section:\n%s", out)
	}
	var listed []string
	for _, line := range strings.Split(head, "\n")[1:] {
		_, list, _ := strings.Cut(line, ": ")
		listed = append(listed, strings.Split(list, ", ")...)
	}
	for _, f := range formats.Formats() {
		if !slices.Contains(listed, f.DisplayName) {
			t.Errorf("help does not list %s (%q):\n%s", f.Name, f.DisplayName, head)
		}
	}
}

// TestREADMEUsageMatches: every command line of README.md's "Command
// line" block is one "animscope help" prints, so the README cannot
// advertise a flag the usage lacks or miss one it gains.
func TestREADMEUsageMatches(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "\n## Command line\n")
	if !ok {
		t.Fatal(`README.md has no "## Command line" section`)
	}
	_, block, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatal(`README.md's "Command line" section has no code block`)
	}
	block, _, _ = strings.Cut(block, "```")
	_, usage, _ := runCLI("help")
	var n int
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		// A line is the synopsis, then (after two or more spaces) what it does.
		synopsis, _, _ := strings.Cut(line, "  ")
		if !strings.Contains(usage, "  "+synopsis+"  ") && !strings.Contains(usage, "  "+synopsis+"\n") {
			t.Errorf("README.md's usage line %q is not in animscope help", synopsis)
		}
		n++
	}
	if n < 6 {
		t.Errorf("README.md's usage block has %d lines, want one per command line of animscope help", n)
	}
}
