// Package formats opens animation, skeleton and archive files. Open sniffs
// magic bytes (never the extension), unwraps Yaz0, and hands the bytes to
// the decoder of formats/j3d, formats/bfres, formats/jba or
// formats/archive; each decoder's adapter in this package turns its
// spec-shaped result into an Asset of format-neutral anim values.
package formats

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/jba"
	"github.com/animscope/animscope/internal/inspect"
)

// Asset is what one opened file holds.
type Asset struct {
	Name      string // the file name as given (shown in errors and output)
	Format    string // "bck", "btk", "bmd", "bdl", "rarc", "sarc", "bfres", "jba", "skeleton-json"
	Yaz0      bool   // the file was Yaz0-compressed
	Clips     []*anim.Clip
	Skeletons []*anim.Skeleton
	// Archive is set for containers (RARC, SARC); entries are decoded only
	// when opened with OpenEntry.
	Archive Archive
	// Details are format-specific facts for `animscope info` (rotation
	// frac, tangent modes, material names, header fields), in display
	// order; values must marshal to JSON.
	Details []Detail
	// Raw holds the decoder's spec-shaped structs for the inspector.
	Raw any
	// Inspect is Raw in the inspector's format-neutral form (nil for
	// formats without one: archives, models).
	Inspect inspect.Source
	// Warnings are problems that did not stop the file from loading.
	Warnings []string
}

// Detail is one named fact about a file.
type Detail struct {
	Name  string
	Value any
}

// Archive is an opened container.
type Archive interface {
	// Entries lists every file (not directories) with its path.
	Entries() []Entry
	// Read returns the (Yaz0-decompressed) bytes of the file at path.
	Read(path string) ([]byte, error)
}

// Entry is a file in an archive.
type Entry struct {
	Path string
	Size int64
	// Kind is the format sniffed from the entry's first bytes ("bck",
	// "bmd", "yaz0", ...; "" when unknown).
	Kind string
}

// Sniff names the format of data from its magic bytes, or "" when unknown.
func Sniff(data []byte) string {
	switch {
	case archive.IsYaz0(data):
		return "yaz0"
	case hasPrefix(data, "J3D1bck1"):
		return "bck"
	case hasPrefix(data, "J3D1btk1"):
		return "btk"
	case hasPrefix(data, "J3D2bmd") || hasPrefix(data, "J3D1bmd"):
		return "bmd"
	case hasPrefix(data, "J3D2bdl"):
		return "bdl"
	case hasPrefix(data, "RARC"):
		return "rarc"
	case hasPrefix(data, "SARC"):
		return "sarc"
	case hasPrefix(data, "FRES"):
		return "bfres"
	case hasPrefix(data, "JAWB"):
		return "jba"
	case looksLikeJBA(data):
		return "jba"
	case looksLikeSkeletonJSON(data):
		return "skeleton-json"
	}
	return ""
}

func hasPrefix(b []byte, s string) bool { return bytes.HasPrefix(b, []byte(s)) }

// looksLikeJBA recognises the 32-bit-client JBA header: u32 0 then a
// plausible length and fps (JBA has no magic).
func looksLikeJBA(b []byte) bool {
	if len(b) < 0x28 || binary.LittleEndian.Uint32(b) != 0 {
		return false
	}
	fps := float32frombits(binary.LittleEndian.Uint32(b[8:]))
	return fps > 0 && fps <= 1000
}

func looksLikeSkeletonJSON(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && bytes.Contains(b[:min(len(b), 4096)], []byte(`"bones"`))
}

// Open decodes a file. name is used in messages only. Errors name the
// format and what is wrong; the caller prefixes the file name.
func Open(name string, data []byte) (*Asset, error) {
	a := &Asset{Name: name}
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
	kind := Sniff(data)
	a.Format = kind
	var err error
	switch kind {
	case "bck", "btk":
		err = openJ3DAnim(a, data)
	case "bmd", "bdl":
		err = openJ3DModel(a, data)
	case "rarc":
		err = openRARC(a, data)
	case "sarc":
		err = openSARC(a, data)
	case "bfres":
		err = openBFRES(a, data)
	case "jba":
		err = openJBA(a, data)
	case "skeleton-json":
		err = openSkeletonJSON(a, data)
	default:
		return nil, fmt.Errorf("unknown file type (magic % x); expected BCK, BTK, BMD/BDL, RARC, SARC, BFRES or JBA", data[:min(len(data), 8)])
	}
	if err != nil {
		return nil, err
	}
	for _, c := range a.Clips {
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %w", kind, err)
		}
		c.Prepare()
	}
	for _, s := range a.Skeletons {
		if err := s.Finish(); err != nil {
			return nil, fmt.Errorf("%s: skeleton %q: %w", kind, s.Name, err)
		}
	}
	a.Inspect = inspectorFor(a)
	return a, nil
}

// Bind binds a clip to a skeleton the way the clip's format does: J3D by
// joint index, everything else by bone name (JBA with the GOD ↔ Bip01
// alias of the SWTOR-Slicers importer).
func Bind(c *anim.Clip, s *anim.Skeleton) anim.Binding {
	switch c.Format {
	case "bck", "btk":
		return anim.BindByIndex(c, s)
	case jba.Name:
		return jba.Bind(c, s)
	}
	return anim.BindByName(c, s)
}
