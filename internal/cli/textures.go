package cli

import (
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/mesh"
)

const texturesUsage = `Usage: animscope textures FILE[:PATH] [--zstd-dict FILE] --out DIR

Writes every texture the file holds (its loose textures, then each
model's; for a whole archive, each entry's in turn) to DIR/NAME.png: mip level 0 as 8-bit RGBA, as the GPU samples
it. A name used twice is written as NAME#1.png, then NAME#2.png. Prints
one line per texture: name, format, width x height, mip levels, file.
A texture that cannot be decoded is a warning and the others are
written; a file with no texture, or none that decodes, is an error.

Flags:
`

func runTextures(args []string, stdout, stderr io.Writer) error {
	fs := NewFlagSet("textures", texturesUsage, stdout)
	out := fs.String("out", "", "the directory to write the PNGs into (made if missing)")
	zstdDict := zstdDictFlag(fs)
	pos, err := ParseInterleaved(fs, args)
	switch {
	case err != nil:
		return err
	case len(pos) != 1:
		return Usagef("textures: want exactly one FILE, got %d (see animscope textures -h)", len(pos))
	case *out == "":
		return Usagef("textures: --out DIR is required")
	}
	if err := useZstdDict(*zstdDict); err != nil {
		return err
	}
	lists, format, err := textureLists(pos[0], stderr)
	if err != nil {
		return err
	}
	// A texture is written once, however many models use it (a Switch
	// file's BNTX is both loose and its model's; Bass and Bass_Boneless
	// share theirs); two different textures of one name stay two files.
	var texs []*mesh.Texture
	seen := map[*mesh.Texture]bool{}
	for _, list := range lists {
		for _, t := range list {
			if !seen[t] {
				seen[t] = true
				texs = append(texs, t)
			}
		}
	}
	if len(texs) == 0 {
		return &app.InputError{File: pos[0], Err: fmt.Errorf("holds no textures (it is a %s)", format)}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return &app.InputError{File: *out, Err: pathCause(err)}
	}
	names := make([]string, len(texs))
	for i, t := range texs {
		names[i] = t.Name
	}
	names = pngNames(names)
	var first error
	written := 0
	for i, t := range texs {
		file := filepath.Join(*out, names[i])
		err := writeTexturePNG(t, file)
		if err != nil {
			var we *writeError
			if errors.As(err, &we) {
				return &app.InputError{File: file, Err: we.err}
			}
			fmt.Fprintf(stderr, "animscope: warning: %s: %s\n", pos[0], app.OneLine(err.Error()))
			if first == nil {
				first = err
			}
			continue
		}
		written++
		fmt.Fprintf(stdout, "%s: %s %dx%d, %s -> %s\n", t.Name, t.Format, t.Width, t.Height, plural(t.Mips, "mip level", "mip levels"), file)
	}
	if written == 0 {
		return &app.InputError{File: pos[0], Err: fmt.Errorf("none of its %s could be decoded: %w", plural(len(texs), "texture", "textures"), first)}
	}
	return nil
}

// pngNames is each texture's file name: NAME.png, a repeated name
// NAME#1.png, NAME#2.png and so on (a name that is itself such a
// repeat gets the next free one). Path separators in names become '_'.
func pngNames(names []string) []string {
	used := map[string]bool{}
	next := map[string]int{}
	out := make([]string, len(names))
	for i, n := range names {
		base := app.TextureFileStem(n)
		name := base
		for used[name] {
			next[base]++
			name = fmt.Sprintf("%s#%d", base, next[base])
		}
		used[name] = true
		out[i] = name + ".png"
	}
	return out
}

// writeError is a failure to write the PNG (the output's fault, not the
// texture's).
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// writeTexturePNG writes mip 0 of t to file. The decoded bytes are
// straight (not premultiplied) RGBA, so they are written as image.NRGBA:
// exactly as decoded.
func writeTexturePNG(t *mesh.Texture, file string) error {
	n, err := app.TextureImage(t)
	if err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return &writeError{pathCause(err)}
	}
	err = png.Encode(f, n)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &writeError{err}
	}
	return nil
}

// pathCause is what went wrong with a file operation, without the path
// (the caller names the file).
func pathCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// textureLists lists the textures of FILE[:PATH], loose ones first, then
// each model's, with the file's format for the error that finds none. A
// whole archive (no PATH) lists its entries' textures, even when it
// holds one model or animation that FILE alone would open as.
func textureLists(arg string, stderr io.Writer) ([][]*mesh.Texture, string, error) {
	if file, inner := app.SplitArchivePath(arg); inner == "" {
		data, err := app.ReadInput(file)
		if err != nil {
			return nil, "", err
		}
		if c, err := formats.Open(file, data); err == nil && c.Archive != nil {
			var kinds []string
			for _, e := range c.Archive.Entries() {
				if k := e.Kind; k != "" && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			return archiveTextures(file, c, stderr), c.Format + " archive; its entries: " + strings.Join(kinds, ", "), nil
		}
	}
	a, err := app.LoadAsset(arg)
	if err != nil {
		return nil, "", err
	}
	return append([][]*mesh.Texture{a.Textures}, modelTextures(a)...), a.Format + " file", nil
}

// archiveTextures lists the textures of an archive's entries that hold
// textures or models (a Sunshine .szs of BTIs, a Galaxy .arc's BDL), in
// entry order, so that `textures ARCHIVE` writes what FILE:PATH would
// write for each. An entry that does not open is a warning line; the
// others are written.
func archiveTextures(file string, a *formats.Asset, stderr io.Writer) [][]*mesh.Texture {
	var out [][]*mesh.Texture
	for _, e := range a.Archive.Entries() {
		f := formats.Lookup(e.Kind)
		if f == nil || !f.Has(asset.Textures|asset.Skeletons) {
			continue
		}
		ea, err := app.LoadAsset(file + ":" + e.Path)
		if err != nil {
			fmt.Fprintf(stderr, "animscope: warning: %s\n", app.OneLine(err.Error()))
			continue
		}
		out = append(out, append([][]*mesh.Texture{ea.Textures}, modelTextures(ea)...)...)
	}
	return out
}

// modelTextures lists each model's textures.
func modelTextures(a *formats.Asset) [][]*mesh.Texture {
	var out [][]*mesh.Texture
	for _, m := range a.Models {
		out = append(out, m.Textures)
	}
	return out
}
