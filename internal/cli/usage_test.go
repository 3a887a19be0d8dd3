package cli

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// commands are the headless commands whose usage texts must list every
// flag they take.
var commands = []string{"info", "sample", "render", "export", "import", "textures", "diff"}

// definedFlags are the flags of a command's flag set, read from the list
// the flag package prints under "Flags:" in its -h output ("  -name type"):
// what the flag set defines, whatever the usage text above it says.
func definedFlags(help string) []string {
	_, list, ok := strings.Cut(help, "\nFlags:\n")
	if !ok {
		return nil
	}
	var names []string
	for _, l := range strings.Split(list, "\n") {
		if rest, ok := strings.CutPrefix(l, "  -"); ok {
			name, _, _ := strings.Cut(rest, " ")
			names = append(names, name)
		}
	}
	return names
}

// usageSynopses are the synopsis lines a command's -h output starts with:
// the paragraph after "Usage: ", one command line per line.
func usageSynopses(help string) []string {
	para, _, _ := strings.Cut(help, "\n\n")
	var out []string
	for _, l := range strings.Split(para, "\n") {
		l = strings.TrimPrefix(l, "Usage:")
		out = append(out, strings.TrimSpace(l))
	}
	return out
}

// helpSynopses are the command lines of "animscope help": each line that
// starts with "  animscope ", up to the two spaces before a description.
func helpSynopses(help string) []string {
	var out []string
	for _, l := range strings.Split(help, "\n") {
		if rest, ok := strings.CutPrefix(l, "  animscope "); ok {
			rest, _, _ = strings.Cut(rest, "  ")
			out = append(out, "animscope "+rest)
		}
	}
	return out
}

var flagMention = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// mentionedFlags are the --flags named in lines, each once, sorted.
func mentionedFlags(lines []string) []string {
	var names []string
	for _, l := range lines {
		for _, m := range flagMention.FindAllStringSubmatch(l, -1) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestUsageListsEveryFlag: for each command, the synopsis its -h prints is
// its line (or lines) in "animscope help", and that synopsis names exactly
// the flags the command's flag set defines: a flag added to a command
// without its usage line fails here, and so does a usage line naming a
// flag the command does not take.
func TestUsageListsEveryFlag(t *testing.T) {
	_, help, _ := runCLI("help")
	all := helpSynopses(help)
	for _, cmd := range commands {
		code, out, _ := runCLI(cmd, "-h")
		if code != ExitOK {
			t.Fatalf("%s -h: exit status %d", cmd, code)
		}
		defined := definedFlags(out)
		if len(defined) == 0 {
			t.Fatalf("%s -h lists no flags:\n%s", cmd, out)
		}
		slices.Sort(defined)
		synopses := usageSynopses(out)
		var inHelp []string
		for _, s := range all {
			if strings.HasPrefix(s, "animscope "+cmd+" ") {
				inHelp = append(inHelp, s)
			}
		}
		if !slices.Equal(synopses, inHelp) {
			t.Errorf("%s: -h's synopsis and animscope help's lines differ:\n -h:   %q\n help: %q", cmd, synopses, inHelp)
		}
		for _, where := range []struct {
			name  string
			lines []string
		}{{"-h's synopsis", synopses}, {"animscope help's line", inHelp}} {
			named := mentionedFlags(where.lines)
			for _, f := range defined {
				if !slices.Contains(named, f) {
					t.Errorf("%s: --%s is a flag of the command but not in %s %q", cmd, f, where.name, where.lines)
				}
			}
			for _, f := range named {
				if !slices.Contains(defined, f) {
					t.Errorf("%s: %s names --%s, which the command does not define", cmd, where.name, f)
				}
			}
		}
	}
}

// TestREADMEUsageMatches: the command block of README.md's "Command line"
// section, and the one that opens docs/cli.md, are the command lines of
// "animscope help", in order, so the documentation cannot advertise a
// command or flag the program lacks or miss one it gains
// (TestUsageListsEveryFlag ties those lines to the flag sets).
func TestREADMEUsageMatches(t *testing.T) {
	_, help, _ := runCLI("help")
	want := helpSynopses(help)
	if len(want) < len(commands)+2 {
		t.Fatalf("animscope help has %d command lines, want one per command, the viewer's and --version's:\n%s", len(want), help)
	}
	for _, doc := range []struct{ file, heading string }{
		{"../../README.md", "\n## Command line\n"},
		{"../../docs/cli.md", "# Command line reference\n"},
	} {
		data, err := os.ReadFile(doc.file)
		if err != nil {
			t.Fatal(err)
		}
		_, after, ok := strings.Cut(string(data), doc.heading)
		if !ok {
			t.Fatalf("%s has no %q", doc.file, strings.TrimSpace(doc.heading))
		}
		_, block, ok := strings.Cut(after, "```\n")
		if !ok {
			t.Fatalf("%s: no code block after %q", doc.file, strings.TrimSpace(doc.heading))
		}
		block, _, _ = strings.Cut(block, "```")
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "animscope ") {
				synopsis, _, _ := strings.Cut(l, "  ")
				got = append(got, synopsis)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's command block is not animscope help's command lines:\n%s:\n  %s\nhelp:\n  %s",
				doc.file, doc.file, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
	}
}
