package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
)

// InputError is a problem with an input file; the CLI prints
// "animscope: FILE: reason" and exits 1.
type InputError struct {
	File string
	Err  error
}

func (e *InputError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// OneLine keeps an error message to one line.
func OneLine(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

// maxInputSize bounds what is read into memory: far beyond any real
// animation file or archive, small enough to never exhaust memory.
const maxInputSize = 1 << 30

// ReadInput reads a file named on the command line (or opened in the
// viewer); its errors are InputErrors.
func ReadInput(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{path, errors.Unwrap(err)}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &InputError{path, err}
	}
	if st.IsDir() {
		return nil, &InputError{path, errors.New("is a directory, not a file")}
	}
	if st.Size() > maxInputSize {
		return nil, &InputError{path, fmt.Errorf("file is %d bytes; the limit is %d", st.Size(), maxInputSize)}
	}
	data, err := io.ReadAll(io.LimitReader(f, maxInputSize+1))
	if err != nil {
		return nil, &InputError{path, err}
	}
	return data, nil
}

// SplitArchivePath splits "FILE:path/in/archive". The whole argument wins
// when it names an existing file; otherwise the split is at the last colon
// whose left side is an existing file. On Windows the colon of a drive
// letter (C:\x\a.szs:bck/walk.bck) never splits, and the path in the
// archive may be written with backslashes (bck\walk.bck): archives name
// their entries with slashes.
func SplitArchivePath(arg string) (file, inner string) {
	return splitArchivePath(arg, runtime.GOOS == "windows", func(p string) (exists, isDir bool) {
		st, err := os.Stat(p)
		return err == nil, err == nil && st.IsDir()
	})
}

// splitArchivePath is SplitArchivePath with the file system and the
// platform given.
func splitArchivePath(arg string, windows bool, stat func(string) (exists, isDir bool)) (file, inner string) {
	if ok, _ := stat(arg); ok {
		return arg, ""
	}
	for i := strings.LastIndexByte(arg, ':'); i > 0; i = strings.LastIndexByte(arg[:i], ':') {
		if windows && isDriveColon(arg, i) {
			break
		}
		if ok, dir := stat(arg[:i]); ok && !dir {
			inner = arg[i+1:]
			if windows {
				inner = strings.ReplaceAll(inner, "\\", "/")
			}
			return arg[:i], inner
		}
	}
	return arg, ""
}

// isDriveColon reports whether the colon at arg[i] ends a Windows drive
// letter: C: or the long forms \\?\C: and \\.\C:.
func isDriveColon(arg string, i int) bool {
	if i < 1 {
		return false
	}
	c := arg[i-1]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return false
	}
	switch prefix := strings.ReplaceAll(arg[:i-1], "/", "\\"); prefix {
	case "", `\\?\`, `\\.\`:
		return true
	}
	return false
}

// LoadAsset opens FILE or FILE:path/in/archive.
func LoadAsset(arg string) (*formats.Asset, error) {
	file, inner := SplitArchivePath(arg)
	data, err := ReadInput(file)
	if err != nil {
		return nil, err
	}
	a, err := formats.Open(file, data)
	if err != nil {
		return nil, &InputError{file, err}
	}
	if inner == "" {
		assemble.Textures(a, assemble.DirSiblings(file))
		return openSingleEntry(file, a)
	}
	if a.Archive == nil {
		return nil, &InputError{file, fmt.Errorf("is a %s file, not an archive; cannot open %q inside it", a.Format, inner)}
	}
	data, err = a.Archive.Read(inner)
	if err != nil {
		return nil, &InputError{file, err}
	}
	e, err := formats.Open(arg, data)
	if err != nil {
		return nil, &InputError{arg, err}
	}
	assemble.FromArchive(e, a.Archive, inner, assemble.DirSiblings(file))
	return e, nil
}

// openSingleEntry opens an archive holding exactly one model or animation
// file (the usual Switch .szs: one .bfres beside .byml files) as that
// file, so FILE works where FILE:PATH would be needed otherwise; the
// entry's path is added to the details. Any other asset is returned as is.
func openSingleEntry(file string, a *formats.Asset) (*formats.Asset, error) {
	if a.Archive == nil {
		return a, nil
	}
	var only *formats.Entry
	for _, e := range a.Archive.Entries() {
		if !formats.Openable(e.Kind) {
			continue
		}
		if only != nil {
			return a, nil
		}
		e := e
		only = &e
	}
	if only == nil {
		return a, nil
	}
	data, err := a.Archive.Read(only.Path)
	if err != nil {
		return nil, &InputError{file, err}
	}
	e, err := formats.Open(file+":"+only.Path, data)
	if err != nil {
		return nil, &InputError{file + ":" + only.Path, err}
	}
	e.Details = append([]formats.Detail{{Name: "archiveEntry", Value: only.Path}}, e.Details...)
	assemble.FromArchive(e, a.Archive, only.Path, assemble.DirSiblings(file))
	return e, nil
}

// LoadZstdDict reads a Zstandard dictionary file (--zstd-dict) and makes
// every later Open use it for .zs frames that name its ID.
func LoadZstdDict(path string) error {
	data, err := ReadInput(path)
	if err != nil {
		return err
	}
	if _, err := formats.SetZstdDictionaries(data); err != nil {
		return &InputError{path, err}
	}
	return nil
}
