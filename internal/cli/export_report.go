// Reporting an export: the warnings of each output, worded for the
// user, and a batch's summary.

package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/export"
)

// jobWarnings are the warnings of writing one output, for the user: the
// binding problems of its animations grouped (a bone missing from the
// skeleton in seven clips is one line naming the seven, not seven lines
// without a name), and every other warning prefixed with the input the
// output stands for unless it names one of its inputs already.
func jobWarnings(j exportJob, built []string) []string {
	sk := j.scene.Skeleton
	var out []string
	var prefixes []string
	if sk != nil {
		out = bindingWarnings(sk, j.scene.Clips)
		// export.Build words a binding warning as "SOURCE on SKELETON:
		// issue" for each clip; bindingWarnings said them already.
		for _, c := range j.scene.Clips {
			if p := c.Source + " on " + skeletonLabel(sk) + ": "; !slices.Contains(prefixes, p) {
				prefixes = append(prefixes, p)
			}
		}
	}
	for _, w := range built {
		if slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(w, p) }) {
			continue
		}
		if !strings.HasPrefix(w, j.label) && !slices.ContainsFunc(j.scene.Clips, func(c export.Clip) bool { return strings.HasPrefix(w, c.Source) }) {
			w = j.label + ": " + w
		}
		out = append(out, w)
	}
	return out
}

func skeletonLabel(s *anim.Skeleton) string {
	if s.Name != "" {
		return s.Name
	}
	return "the skeleton"
}

// issueKey is one binding issue, whichever clip has it.
type issueKey struct {
	kind           anim.BindIssueKind
	name           string
	targets, joint int
}

// bindingWarnings binds each joint clip to sk as the export does and
// words the issues per source file: an issue shared by several clips is
// one line naming them, and the bones missing from the same clips are
// one line naming the bones.
func bindingWarnings(sk *anim.Skeleton, clips []export.Clip) []string {
	type group struct {
		clips  []string
		issues []anim.BindIssue
	}
	var out []string
	var sources []string
	bySource := map[string][]export.Clip{}
	for _, c := range clips {
		if pairing.JointTargets(c.Clip) == 0 {
			continue
		}
		if _, ok := bySource[c.Source]; !ok {
			sources = append(sources, c.Source)
		}
		bySource[c.Source] = append(bySource[c.Source], c)
	}
	for _, src := range sources {
		var keys []issueKey
		issue := map[issueKey]anim.BindIssue{}
		clipsOf := map[issueKey][]string{}
		for _, c := range bySource[src] {
			for _, is := range formats.Bind(c.Clip, sk).Issues {
				k := issueKey{is.Kind, is.Name, is.Targets, is.Joints}
				if _, ok := issue[k]; !ok {
					keys = append(keys, k)
					issue[k] = is
				}
				if names := clipsOf[k]; len(names) == 0 || names[len(names)-1] != c.Clip.Name {
					clipsOf[k] = append(names, c.Clip.Name)
				}
			}
		}
		// Missing bones with the same clips become one group.
		var groups []*group
		missing := map[string]*group{}
		for _, k := range keys {
			who := strings.Join(clipsOf[k], "\x00")
			if k.kind == anim.MissingBone {
				if g := missing[who]; g != nil {
					g.issues = append(g.issues, issue[k])
					continue
				}
				missing[who] = &group{clips: clipsOf[k], issues: []anim.BindIssue{issue[k]}}
				groups = append(groups, missing[who])
				continue
			}
			groups = append(groups, &group{clips: clipsOf[k], issues: []anim.BindIssue{issue[k]}})
		}
		for _, g := range groups {
			text := g.issues[0].String()
			if len(g.issues) > 1 {
				names := make([]string, len(g.issues))
				for i, is := range g.issues {
					names[i] = fmt.Sprintf("%q", is.Name)
				}
				text = fmt.Sprintf("%d animated bones are not in the skeleton: %s", len(names), shortNames(names, 6))
			}
			if slices.ContainsFunc(g.clips, func(n string) bool { return n != "" }) {
				out = append(out, fmt.Sprintf("%s: %s on %s: %s", src, clipNames(g.clips), skeletonLabel(sk), text))
			} else {
				// A J3D file's one clip is unnamed: the file names it.
				out = append(out, fmt.Sprintf("%s on %s: %s", src, skeletonLabel(sk), text))
			}
		}
	}
	return out
}

// clipNames names the clips a warning is about.
func clipNames(names []string) string {
	if len(names) == 1 {
		return "animation " + names[0]
	}
	return fmt.Sprintf("%d animations (%s)", len(names), shortNames(names, 5))
}

// shortNames lists the first n names and counts the rest.
func shortNames(names []string, n int) string {
	if len(names) <= n+1 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// humanSize is a file size for a message (1000-based, as file managers
// show it).
func humanSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.2f GB", float64(n)/1e9)
}

// summary ends a batch with one line: what was written, the warnings
// and failures, where, and how long it took. With a failure the line is
// the error (exit status 1).
func (b *batch) summary(res batchResult, took time.Duration, stderr io.Writer) error {
	// The time ends the line: scripts comparing runs drop " in 0.27s".
	summary := fmt.Sprintf("export: %s with %s (%s), %s, %d failed: written to %s in %.2fs",
		plural(res.written, "file", "files"), plural(res.clips, "animation", "animations"), humanSize(res.bytes),
		plural(b.rep.warnings, "warning", "warnings"), b.failed, b.fl.out, took.Seconds())
	if b.failed > 0 {
		return &batchError{summary}
	}
	fmt.Fprintf(stderr, "animscope: %s\n", summary)
	return nil
}

// batchError is the summary line of a batch in which something failed
// (exit status 1).
type batchError struct{ msg string }

func (e *batchError) Error() string { return e.msg }
