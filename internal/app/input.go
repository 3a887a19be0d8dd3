package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/animscope/animscope/formats"
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
// whose left side is an existing file.
func SplitArchivePath(arg string) (file, inner string) {
	if _, err := os.Stat(arg); err == nil {
		return arg, ""
	}
	for i := strings.LastIndexByte(arg, ':'); i > 0; i = strings.LastIndexByte(arg[:i], ':') {
		if st, err := os.Stat(arg[:i]); err == nil && !st.IsDir() {
			return arg[:i], arg[i+1:]
		}
	}
	return arg, ""
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
		formats.LinkTextures(a, formats.DirSiblings(file))
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
	formats.LinkTextures(e, formats.ArchiveSiblings(a.Archive, inner))
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
	formats.LinkTextures(e, formats.ArchiveSiblings(a.Archive, only.Path))
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
