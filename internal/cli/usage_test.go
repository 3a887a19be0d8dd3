package cli

import (
	"os"
	"strings"
	"testing"
)

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
