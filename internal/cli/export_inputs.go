// Planning a batch, its first part: which files are read. The inputs
// are walked, opened in parallel and told apart (the same content twice
// in a folder is one input).

package cli

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
)

// batchInput is one file to open: FILE or FILE:PATH as given, or a file
// found walking a directory (of unknown format: skipped quietly, as the
// viewer's file browser does), whose outputs go to the same folder
// under OUT (rel) that it has under the directory.
type batchInput struct {
	path    string
	fromDir bool
	rel     string
}

// sources gathers the pairing sources of the opened inputs, with the
// folder under OUT each one's outputs go to (rel), reporting and
// counting the parts that failed to open. Identical content in one
// folder is one input: a .bfres beside its Yaz0 .sbfres, or a file named
// twice. The same file in two folders stays two inputs, each paired with
// its own neighbours. A file with no model or animation is noted and
// left out; opened counts the files that opened.
func (b *batch) sources(loaded []loadedInput) (srcs []*pairing.Source, rel map[*pairing.Source]string, opened int) {
	rep := b.rep
	rel = map[*pairing.Source]string{}
	type content struct {
		dir string
		sum [sha256.Size]byte
	}
	seen := map[content]string{}
	var empty []string
	for _, l := range loaded {
		for _, bad := range l.bad {
			rep.fail(bad)
		}
		b.failed += len(l.bad)
		if l.skipped {
			continue
		}
		opened++
		if l.hashed {
			key := content{filepath.Dir(l.in.path), l.sum}
			if first, ok := seen[key]; ok {
				rep.note(fmt.Sprintf("%s holds the same data as %s (once decompressed); exported once", l.in.path, first))
				continue
			}
			seen[key] = l.in.path
		}
		if !slices.ContainsFunc(l.srcs, exportable) {
			if len(l.bad) == 0 {
				empty = append(empty, l.in.path)
			}
			continue
		}
		for _, s := range l.srcs {
			rel[s] = l.in.rel
		}
		srcs = append(srcs, l.srcs...)
	}
	if len(empty) > 0 {
		rep.note(fmt.Sprintf("skipped %s with no model or animation (textures or other data): %s", plural(len(empty), "file", "files"), shortNames(empty, 4)))
	}
	return srcs, rel, opened
}

// exportable reports whether a source gives an output: a skeleton or an
// animation.
func exportable(s *pairing.Source) bool {
	return len(s.Asset.Skeletons) > 0 || len(s.Asset.Clips) > 0
}

// expandInputs lists the files to open: files and FILE:PATH as given,
// and every regular file under a directory, walked recursively in
// lexical order (the output directory itself is left out). A missing
// input is reported and counted; walked counts the folders.
func expandInputs(inputs []string, out string, rep *reporter) (files []batchInput, failed, walked int) {
	for _, in := range inputs {
		file, _ := app.SplitArchivePath(in)
		st, err := os.Stat(file)
		if err != nil {
			rep.fail(fmt.Sprintf("%s: %v", in, errors.Unwrap(err)))
			failed++
			continue
		}
		if !st.IsDir() {
			files = append(files, batchInput{path: in})
			continue
		}
		err = filepath.WalkDir(in, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				rep.fail(fmt.Sprintf("%s: %v", p, errors.Unwrap(err)))
				failed++
				return nil
			}
			if d.IsDir() {
				if p != in && samePath(p, out) {
					return fs.SkipDir
				}
				walked++
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			r, err := filepath.Rel(in, filepath.Dir(p))
			if err != nil || r == "." {
				r = ""
			}
			files = append(files, batchInput{path: p, fromDir: true, rel: filepath.ToSlash(r)})
			return nil
		})
		if err != nil {
			rep.fail(fmt.Sprintf("%s: %v", in, err))
			failed++
		}
	}
	return files, failed, walked
}

// loadedInput is one input opened: its models and animations, the hash
// of its content once decompressed (a .bfres and its Yaz0 .sbfres are
// the same file), and one message per part that failed.
type loadedInput struct {
	in      batchInput
	srcs    []*pairing.Source
	sum     [sha256.Size]byte
	hashed  bool
	skipped bool // a file of unknown format found in a directory
	bad     []string
}

// loadInputs opens the files in parallel (a bar on a terminal) and
// returns them in input order.
func loadInputs(files []batchInput, workers int, rep *reporter) []loadedInput {
	res := make([]loadedInput, len(files))
	if len(files) > 8 {
		rep.startBar("reading", len(files), len(files))
		defer rep.stopBar()
	}
	parallel(len(files), workers, func(i int) {
		res[i] = openInput(files[i])
		rep.end("")
	})
	return res
}

// openInput opens one input as pairing sources (an archive gives one per
// openable entry, each linked to the textures beside it as the viewer
// links them).
func openInput(in batchInput) loadedInput {
	l := loadedInput{in: in}
	file, inner := app.SplitArchivePath(in.path)
	dir := path.Dir(filepath.ToSlash(file))
	if inner != "" {
		a, err := app.LoadAsset(in.path)
		if err != nil {
			l.bad = []string{err.Error()}
			return l
		}
		l.srcs = []*pairing.Source{{Path: in.path, Archive: file, Entry: inner, Dir: dir, Asset: a}}
		return l
	}
	data, err := app.ReadInput(file)
	if err != nil {
		l.bad = []string{err.Error()}
		return l
	}
	if in.fromDir && formats.Sniff(data) == "" {
		l.skipped = true
		return l
	}
	if plain, err := decompressed(data); err == nil {
		l.sum, l.hashed = sha256.Sum256(plain), true
		data = plain
	}
	a, err := formats.Open(file, data)
	if err != nil {
		l.bad = []string{file + ": " + err.Error()}
		return l
	}
	if a.Archive != nil {
		var warns []string
		l.srcs, warns = pairing.ArchiveSources(file, a)
		for _, s := range l.srcs {
			assemble.Textures(s.Asset, assemble.ArchiveSiblings(a.Archive, s.Entry))
		}
		l.bad = warns
		return l
	}
	assemble.Textures(a, assemble.DirSiblings(file))
	l.srcs = []*pairing.Source{{Path: file, Dir: dir, Asset: a}}
	return l
}

// decompressed is a file's content without its Zstandard or Yaz0
// wrapping, as formats.Open reads it.
func decompressed(data []byte) ([]byte, error) {
	var err error
	if archive.IsZstd(data) {
		if data, err = archive.DecompressZstd(data); err != nil {
			return nil, err
		}
	}
	if archive.IsYaz0(data) {
		if data, err = archive.DecompressYaz0(data); err != nil {
			return nil, err
		}
	}
	return data, nil
}
