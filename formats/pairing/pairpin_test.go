package pairing

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
)

var pairDump = flag.String("pairdump", "", "write TestPairPinned's dumps to this file prefix")

// dumpPairing writes everything Pair, Assign and AssignOthers say about
// srcs as text, one fact a line: the sources each list holds, per model
// every candidate with its reason, rank, binding (joint→target, issues,
// warnings, fit) and side clip, and which model each clip is assigned.
func dumpPairing(srcs []*Source) string {
	var b strings.Builder
	p := Pair(srcs)
	clipID := map[any]string{}
	for _, s := range srcs {
		for ci, c := range s.Asset.Clips {
			clipID[c] = fmt.Sprintf("%s#%d", s.Path, ci)
		}
	}
	for _, l := range []struct {
		name string
		srcs []*Source
	}{{"model", p.Models}, {"animation", p.Animations}, {"other", p.Others}} {
		for _, s := range l.srcs {
			fmt.Fprintf(&b, "%s %s\n", l.name, s.Path)
		}
	}
	for _, sug := range p.Suggestions {
		fmt.Fprintf(&b, "suggestion %s skeleton %q %d\n", sug.Model.Path, sug.Skeleton.Name, len(sug.Skeleton.Joints))
		for _, c := range sug.Candidates {
			// The counts pairing decides by, then the binding made on demand.
			fit := c.Binding()
			fmt.Fprintf(&b, "  cand %s %q %q rank %d animated %d bound %d fits %v target %v\n", clipID[c.Clip], c.Clip.Name, c.Reason, Rank(c.Reason),
				JointTargets(c.Clip), c.Fit.Bound(), c.Fit.Fits(), fit.Target)
			for _, is := range fit.Issues {
				fmt.Fprintf(&b, "    issue kind %d target %d name %q counts %d %d\n", is.Kind, is.Target, is.Name, is.Targets, is.Joints)
			}
			for _, w := range fit.Warnings {
				fmt.Fprintf(&b, "    fitwarn %s\n", w)
			}
			for _, w := range c.Warnings() {
				fmt.Fprintf(&b, "    warn %s\n", w)
			}
		}
		for _, c := range sug.Side {
			fmt.Fprintf(&b, "  side %s %q %q warnings %d\n", clipID[c.Clip], c.Clip.Name, c.Reason, len(c.Warnings()))
		}
	}
	for _, l := range []struct {
		name string
		m    map[*anim.Clip]int
	}{{"assign", p.Assign()}, {"assignOthers", p.AssignOthers(srcs)}} {
		var lines []string
		for c, si := range l.m {
			lines = append(lines, fmt.Sprintf("%s %s -> %s\n", l.name, clipID[c], p.Suggestions[si].Model.Path))
		}
		slices.Sort(lines)
		b.WriteString(strings.Join(lines, ""))
	}
	return b.String()
}

// TestPairPinned guards the pairing's results on varied synthetic dumps
// (synthDump: a flat folder and a tree with archives and separate
// animation folders) while the pairing is made faster: the dump of every
// result (dumpPairing) must stay byte for byte what the straightforward
// implementation (bind every clip to every model, then rank) gave. The
// counts below say what the dumps cover; "flat-game" has each animation
// file's clips share two bone lists, so bindings are shared. The dumps are
// megabytes, so the test pins their sums; testdata/pairpin keeps a
// readable record of each (pinRecord) that a failure is compared with to
// say which candidates and assignments changed.
func TestPairPinned(t *testing.T) {
	cases := []struct {
		name  string
		srcs  []*Source
		sha   string
		lines string
	}{
		{"tree", synthDump(1, 40, 6, 0, synthTree), "242a8e30f4c2082d9201f93c194ac853d74b5353bc1acefa3e4a2662ae450a83",
			"animation=75 assign=229 assignOthers=34 cand/matching bone names=51 cand/matching joint count=126 cand/named after the model=172 cand/same archive=8 cand/same directory=1053 cand/same file=102 fitwarn=23278 issue=23278 model=51 other=32 side/named after the model=27 side/same archive=4 side/same directory=11 side/same file=6 suggestion=51 warn=23278"},
		{"flat-game", synthDump(3, 16, 6, 2, synthFlat), "79fea5396454774de3223a7ce5a66ad78514122c048254d612313ec9810527ad",
			"animation=31 assign=92 assignOthers=13 cand/named after the model=74 cand/same directory=1894 cand/same file=48 fitwarn=57768 issue=57768 model=21 other=15 side/named after the model=11 side/same directory=105 side/same file=4 suggestion=21 warn=57768"},
		{"flat", synthDump(2, 16, 4, 0, synthFlat), "6370de3bc49660a12c0b20e4faaea9208ad4d057d270c57faa9f14e8ebd21a15",
			"animation=25 assign=60 assignOthers=13 cand/named after the model=50 cand/same directory=1262 cand/same file=32 fitwarn=37714 issue=37714 model=21 other=15 side/named after the model=11 side/same directory=105 side/same file=4 suggestion=21 warn=37714"},
	}
	for _, tc := range cases {
		d := dumpPairing(tc.srcs)
		if *pairDump != "" {
			if err := os.WriteFile(*pairDump+"."+tc.name, []byte(d), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sum := sha256.Sum256([]byte(d))
		counts := map[string]int{}
		for _, l := range strings.Split(d, "\n") {
			f := strings.Fields(l)
			if len(f) == 0 {
				continue
			}
			key := f[0]
			if key == "cand" || key == "side" {
				key += "/" + strings.Split(l, `"`)[3]
			}
			counts[key]++
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var summary []string
		for _, k := range keys {
			summary = append(summary, fmt.Sprintf("%s=%d", k, counts[k]))
		}
		got := strings.Join(summary, " ")
		t.Logf("%s: %s %s", tc.name, hex.EncodeToString(sum[:]), got)
		record := pinRecord(d)
		recordFile := filepath.Join("testdata", "pairpin", tc.name+".txt.gz")
		if *updatePairPin {
			if err := writePinRecord(recordFile, record); err != nil {
				t.Fatal(err)
			}
		}
		want, err := readPinRecord(recordFile)
		if err != nil {
			t.Fatalf("%s: %v (write it with -update-pairpin once the pinned sums are right)", tc.name, err)
		}
		if hex.EncodeToString(sum[:]) != tc.sha || got != tc.lines {
			t.Errorf("%s: pairing changed:\n got %s\n     %s\nwant %s\n     %s\n%s", tc.name, hex.EncodeToString(sum[:]), got, tc.sha, tc.lines,
				pinDiff(want, record, maxPinDiff))
		} else if diff := pinDiff(want, record, maxPinDiff); diff != "" {
			t.Errorf("%s: the dump has its pinned sum but %s is stale (rewrite it with -update-pairpin):\n%s", tc.name, recordFile, diff)
		}
	}
}

var updatePairPin = flag.Bool("update-pairpin", false, "rewrite testdata/pairpin, TestPairPinned's readable records of its dumps (after changing the pinned sums on purpose)")

// maxPinDiff bounds the differences a failure lists: one change of rule
// can move thousands of candidates, and the first screenful says which.
const maxPinDiff = 40

// pinLine is one line of a pin record: the block it belongs to (the
// sources, a model's suggestion, the assignments), what it is about within
// the block (a candidate by its clip), and its text.
type pinLine struct {
	block, item, text string
	// binding is a candidate's joint→target list, shown with a changed
	// candidate (records on disk leave it out).
	binding string
}

// pinRecord shortens a dump to what a person compares: each line as it is,
// except that a candidate's binding (its joint→target list and the issue
// and warning lines under it, tens of thousands of lines in all) becomes a
// short hash, so the record stays small and a changed binding still shows
// as a changed candidate.
func pinRecord(dump string) []pinLine {
	var out []pinLine
	block := "sources"
	var cand *pinLine
	var details []string
	flush := func() {
		if cand != nil {
			h := sha256.Sum256([]byte(strings.Join(details, "\n")))
			cand.text += " binding " + hex.EncodeToString(h[:4])
			out = append(out, *cand)
		}
		cand, details = nil, nil
	}
	for _, l := range strings.Split(dump, "\n") {
		if strings.HasPrefix(l, "    ") {
			details = append(details, l)
			continue
		}
		flush()
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "model", "animation", "other":
			out = append(out, pinLine{block: "sources", item: l, text: l})
		case "suggestion":
			block = "model " + f[1]
			out = append(out, pinLine{block: block, item: "suggestion", text: l})
		case "cand":
			head, binding, _ := strings.Cut(l, " target ")
			cand = &pinLine{block: block, item: "cand " + f[1], text: strings.TrimSpace(head), binding: binding}
			details = []string{binding}
		case "side":
			out = append(out, pinLine{block: block, item: "side " + f[1], text: strings.TrimSpace(l)})
		default: // assign and assignOthers: one per clip
			out = append(out, pinLine{block: f[0], item: f[1], text: l})
		}
	}
	flush()
	return out
}

// pinDiff says, readably, how got differs from want: each line whose text
// changed (was/now, with a candidate's new joint→target list when its
// binding changed), and the lines only one of them has; the assignments
// first, then the sources and each model's candidates. At most max lines,
// then a count.
func pinDiff(want, got []pinLine, max int) string {
	type key struct{ block, item string }
	index := func(ls []pinLine) map[key]pinLine {
		m := make(map[key]pinLine, len(ls))
		for _, l := range ls {
			m[key{l.block, l.item}] = l
		}
		return m
	}
	wm, gm := index(want), index(got)
	var first, rest []string
	add := func(block string, lines ...string) {
		if block == "assign" || block == "assignOthers" {
			first = append(first, lines...)
		} else {
			rest = append(rest, lines...)
		}
	}
	for _, w := range want {
		g, ok := gm[key{w.block, w.item}]
		switch {
		case !ok:
			add(w.block, fmt.Sprintf("%s: gone: %s", w.block, w.text))
		case g.text != w.text:
			pad := strings.Repeat(" ", len(w.block)+1)
			add(w.block, fmt.Sprintf("%s: was %s\n%s now %s", w.block, w.text, pad, g.text))
			if _, wb, _ := strings.Cut(w.text, " binding "); g.binding != "" && !strings.HasSuffix(g.text, " binding "+wb) {
				add(w.block, fmt.Sprintf("%s now binds target %s", pad, g.binding))
			}
		}
	}
	for _, g := range got {
		if _, ok := wm[key{g.block, g.item}]; !ok {
			add(g.block, fmt.Sprintf("%s: new: %s", g.block, g.text))
		}
	}
	lines := append(first, rest...)
	if len(lines) > max {
		lines = append(lines[:max], fmt.Sprintf("... and %d more differences", len(lines)-max))
	}
	return strings.Join(lines, "\n")
}

// writePinRecord stores a record as gzipped text, one line per pinLine
// (block, item and text separated by tabs; the bindings, which the record
// pins by their hash, are left out to keep it small).
func writePinRecord(name string, record []pinLine) error {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	for _, l := range record {
		fmt.Fprintf(zw, "%s\t%s\t%s\n", l.block, l.item, l.text)
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

func readPinRecord(name string) ([]pinLine, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var out []pinLine
	for _, l := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", name, l)
		}
		out = append(out, pinLine{block: f[0], item: f[1], text: f[2]})
	}
	return out, nil
}

// BenchmarkPairFlat pairs a flat folder of 200 models and about 10,000
// joint clips (a game's model folder: every clip is in every model's
// directory, so every clip is a candidate for every model), then assigns
// them as the export batch does. Every clip animates a bone list of its
// own: nothing binds alike.
func BenchmarkPairFlat(b *testing.B) { benchPair(b, synthDump(7, 200, 50, 0, synthFlat)) }

// BenchmarkPairFlatGame is BenchmarkPairFlat with each animation file's
// clips sharing three bone lists, as the games' files do.
func BenchmarkPairFlatGame(b *testing.B) { benchPair(b, synthDump(7, 200, 50, 3, synthFlat)) }

// BenchmarkPairTree pairs a tree of the same size: a directory per model
// family, archives, and animation folders paired by bone names alone.
func BenchmarkPairTree(b *testing.B) { benchPair(b, synthDump(7, 200, 50, 0, synthTree)) }

// BenchmarkPairDir pairs the files of a real folder tree, PAIR_DIR (the
// benchmark is skipped without it), opened as the export batch opens them.
func BenchmarkPairDir(b *testing.B) {
	dir := os.Getenv("PAIR_DIR")
	if dir == "" {
		b.Skip("PAIR_DIR names no folder")
	}
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	srcs, _ := DirSources(dir, names, func(n string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, n)) })
	b.Logf("%d files, %d sources", len(names), len(srcs))
	benchPair(b, srcs)
}

func benchPair(b *testing.B, srcs []*Source) {
	for b.Loop() {
		p := Pair(srcs)
		p.Assign()
		p.AssignOthers(srcs)
	}
}
