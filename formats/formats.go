// Package formats opens animation, skeleton and archive files. Open sniffs
// magic bytes (never the extension), unwraps Zstandard and Yaz0, and hands
// the bytes to the format that claims them. Every format is one asset.Format
// descriptor defined in its own package (formats/j3d, formats/bfres,
// formats/jba, formats/archive) and listed once in registry.go; the
// lookups there answer every per-format question the rest of the program
// asks (what to open in an archive, how to bind a clip, which way is up).
// docs/adding-a-format.md says how to add one.
package formats

import (
	"cmp"
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/j3d"
)

// The shared types live in the leaf package format so the format packages
// can use them without importing this one.
type (
	Asset   = asset.Asset
	Detail  = asset.Detail
	Archive = asset.Archive
	Entry   = asset.Entry
)

// FormatError reports a malformed file (a decoder's message with the
// offset); UnsupportedError a valid file this program cannot read (a
// layout or version it does not know). Use errors.As on Open's errors.
type (
	FormatError      = bin.FormatError
	UnsupportedError = bin.UnsupportedError
)

// Sniff names the format of data from its content: a registered format's
// Name, "yaz0" for a Yaz0 stream, "zstd" for a Zstandard one, or "" when
// unknown.
func Sniff(data []byte) string {
	if archive.IsYaz0(data) {
		return "yaz0"
	}
	if archive.IsZstd(data) {
		return "zstd"
	}
	if f := sniff(data); f != nil {
		return f.Name
	}
	return ""
}

// Open decodes a file. name is used in messages only. Errors name the
// format and what is wrong; the caller prefixes the file name.
func Open(name string, data []byte) (*Asset, error) {
	a := &Asset{Name: name}
	if archive.IsZstd(data) {
		d, err := archive.DecompressZstd(data)
		if err != nil {
			return nil, err
		}
		data = d
		a.Zstd = true
		if archive.IsZstd(data) {
			return nil, fmt.Errorf("zstd: stream decompresses to another Zstandard stream")
		}
	}
	if archive.IsYaz0(data) {
		d, err := archive.DecompressYaz0(data)
		if err != nil {
			return nil, err
		}
		data = d
		a.Yaz0 = true
		if archive.IsYaz0(data) {
			return nil, fmt.Errorf("yaz0: stream decompresses to another Yaz0 stream")
		}
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("empty file")
	}
	f := sniff(data)
	if f == nil {
		if err := j3d.ExplainMagic(data); err != nil {
			return nil, err // a J3D type not read, or a mixed-order magic
		}
		return nil, fmt.Errorf("unknown file type (magic % x); expected %s", data[:min(len(data), 8)], expected())
	}
	a.Format = f.Name
	if err := f.Open(a, data, asset.Env{Sniff: Sniff}); err != nil {
		return nil, err
	}
	// A clip that does not validate is listed as broken, unless nothing
	// else of the file would open.
	clips := a.Clips[:0]
	var first error
	for _, c := range a.Clips {
		if err := c.Validate(); err != nil {
			err = fmt.Errorf("%s: %w", f.Name, err)
			first = cmp.Or(first, err)
			a.Broken = append(a.Broken, asset.BrokenClip{Name: c.Name, Err: err})
			continue
		}
		c.Prepare()
		clips = append(clips, c)
	}
	a.Clips = clips
	if len(a.Broken) > 0 && len(a.Clips) == 0 && len(a.Skeletons) == 0 && a.Archive == nil {
		if first == nil {
			first = a.Broken[0].Err
		}
		return nil, first
	}
	for _, s := range a.Skeletons {
		if err := s.Finish(); err != nil {
			return nil, fmt.Errorf("%s: skeleton %q: %w", f.Name, s.Name, err)
		}
	}
	checkModels(a)
	if f.Inspect != nil {
		a.Inspect = f.Inspect(a)
	}
	return a, nil
}

// checkModels makes every model safe to pose with its skeleton
// (mesh.Model.Check) and lists what does not hold together among the
// file's warnings: a broken shape or texture is reported and the rest of
// the model opens.
func checkModels(a *Asset) {
	for _, m := range a.Models {
		joints := 0
		if m.Skeleton >= 0 && m.Skeleton < len(a.Skeletons) {
			joints = len(a.Skeletons[m.Skeleton].Joints)
		} else {
			a.Warnings = append(a.Warnings, fmt.Sprintf("model %s: skeleton %d does not exist; drawn unposed", m.Name, m.Skeleton))
		}
		m.Check(joints)
		a.Warnings = append(a.Warnings, m.Problems...)
	}
}

// Bind binds a clip to a skeleton the way the clip's format does (its
// ClipFormat.Bind): J3D by joint index, JBA by bone name with the GOD ↔
// Bip01 alias of the SWTOR-Slicers importer, everything else by bone name.
func Bind(c *anim.Clip, s *anim.Skeleton) anim.Binding {
	return ClipInfo(c).Bind(c, s)
}

// SetZstdDictionaries supplies the Zstandard dictionaries .zs files are
// compressed with (a dictionary, or a SARC of them such as Tears of the
// Kingdom's ZsDic.pack.zs); nil clears them. It returns the IDs loaded.
func SetZstdDictionaries(data []byte) ([]uint32, error) {
	return archive.SetZstdDictionaries(data)
}
