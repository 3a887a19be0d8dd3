package formats

import (
	"slices"
	"strings"
	"sync"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/bfres"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/jba"
)

// builtin is every format animscope reads, in sniff order: formats with a
// magic first, then the heuristic sniffs (JBA has no magic; a skeleton
// JSON is recognised by its content). Adding a format adds one line here.
var builtin = []*asset.Format{
	j3d.BCKFormat,
	j3d.BTKFormat,
	j3d.BCAFormat,
	j3d.BRKFormat,
	j3d.BPKFormat,
	j3d.BTPFormat,
	j3d.BVAFormat,
	j3d.BMDFormat,
	j3d.BDLFormat,
	archive.RARCFormat,
	archive.SARCFormat,
	bfres.Format,
	jba.Format,
	jba.SkeletonJSONFormat,
	j3d.BTIFormat, // no magic: a plausible header, after every other sniff
}

// ClipFormat describes how the clips of one anim.Clip.Format value are
// bound and shown (see ClipInfo).
type ClipFormat = asset.ClipFormat

var registry struct {
	sync.RWMutex
	extra []*asset.Format // added by tests (export_test.go), sniffed after builtin
}

// all is builtin then the registered formats; the caller holds the lock.
func all() []*asset.Format {
	return append(builtin[:len(builtin):len(builtin)], registry.extra...)
}

// Formats lists every format in sniff order.
func Formats() []*asset.Format {
	registry.RLock()
	defer registry.RUnlock()
	return all()
}

// find is the first format in sniff order for which match is true, or
// nil. Unlike Formats it allocates nothing: the viewer asks per frame.
func find(match func(*asset.Format) bool) *asset.Format {
	registry.RLock()
	defer registry.RUnlock()
	for _, list := range [2][]*asset.Format{builtin, registry.extra} {
		for _, f := range list {
			if match(f) {
				return f
			}
		}
	}
	return nil
}

// Lookup returns the format named name (a Format.Name, as in Asset.Format
// and Entry.Kind), or nil.
func Lookup(name string) *asset.Format {
	return find(func(f *asset.Format) bool { return f.Name == name })
}

// sniff is the first format in order whose Sniff accepts data, or nil.
func sniff(data []byte) *asset.Format {
	return find(func(f *asset.Format) bool { return f.Sniff(data) })
}

// DisplayName is what to call a kind (a Format.Name or Entry.Kind) in
// the UI: "J3D BCK", "Yaz0"; "" for an unknown kind.
func DisplayName(kind string) string {
	if kind == "yaz0" {
		return "Yaz0"
	}
	if f := Lookup(kind); f != nil {
		return f.DisplayName
	}
	return ""
}

// Openable reports whether an archive entry of this kind is worth opening
// on its own: its format yields clips or skeletons (not an archive, not
// an unknown file).
func Openable(kind string) bool {
	f := Lookup(kind)
	return f != nil && f.Has(asset.Clips|asset.Skeletons)
}

// KnownExtension reports whether a file name extension (".bck", any
// case) belongs to a registered format: the Open dialog shows such files
// brightly. Any file can still be opened; content decides.
func KnownExtension(ext string) bool {
	return hasExtension(ext, func(*asset.Format) bool { return true })
}

// ArchiveExtension reports whether a file name extension belongs to a
// container format: the Open dialog offers to expand such files.
func ArchiveExtension(ext string) bool {
	return hasExtension(ext, func(f *asset.Format) bool { return f.Has(asset.Container) })
}

func hasExtension(ext string, keep func(*asset.Format) bool) bool {
	ext = strings.ToLower(ext)
	return find(func(f *asset.Format) bool { return keep(f) && slices.Contains(f.Extensions, ext) }) != nil
}

// defaultClip is how clips of an unknown format (hand-built clips, the
// embedded demo before it names one) are treated.
var defaultClip = asset.ClipFormat{
	Bind:        anim.BindByName,
	BindIndexed: anim.BindByNameIndexed,
	Fallback:    anim.Standard,
	ModelHint:   "Open or drop the model that goes with it to see the real bones.",
}

// ClipInfo says how to bind and show c: its ClipFormat with Bind always
// set. An unknown format binds by name, falls back to a Standard
// skeleton, is Y-up and gets a generic model hint.
func ClipInfo(c *anim.Clip) ClipFormat {
	cf := clipFormat(c.Format)
	if cf == nil {
		d := defaultClip
		d.Name = c.Format
		return d
	}
	out := *cf
	if out.Bind == nil {
		out.Bind, out.BindIndexed = anim.BindByName, anim.BindByNameIndexed
	}
	return out
}

// BindsByName reports whether c's format binds by bone name alone
// (anim.BindByName: a format that names no Bind of its own, or a clip of
// no known format), so a binding can be shared by every clip naming the
// same bones.
func BindsByName(c *anim.Clip) bool {
	cf := clipFormat(c.Format)
	return cf == nil || cf.Bind == nil
}

// ClipKind says what c animates ("skeletal", "texture SRT", "bone
// visibility"): its format's Kind, or for a clip of no known format, what
// its first target is.
func ClipKind(c *anim.Clip) string {
	if cf := clipFormat(c.Format); cf != nil && cf.Kind != "" {
		return cf.Kind
	}
	if len(c.Targets) == 0 {
		return "animation"
	}
	switch k := c.Targets[0].Kind; {
	case k == anim.JointTarget:
		return "skeletal"
	case k == anim.TexSRTTarget:
		return "texture SRT"
	case k.IsMaterial():
		return "material"
	}
	return "animation"
}

// clipFormat finds the ClipFormat named name, or nil.
func clipFormat(name string) *asset.ClipFormat {
	var c *asset.ClipFormat
	find(func(f *asset.Format) bool {
		c = findClip(f, name)
		return c != nil
	})
	return c
}

func findClip(f *asset.Format, name string) *asset.ClipFormat {
	for _, c := range f.ClipFormats {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// expected lists the display names for the unknown-file error:
// "J3D BCK, J3D BTK, ... or skeleton JSON".
func expected() string {
	fs := Formats()
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.DisplayName
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// SupportedFormats lists what animscope reads, one line per kind of
// content, for the CLI's usage and the viewer's About box:
//
//	Animations: J3D BCK, J3D BTK, ..., BFRES, JBA
//	Skeletons: J3D BMD, J3D BDL, BFRES, JBA, skeleton JSON
//	Archives: RARC, SARC
//	Textures: J3D BTI
//	Compression: Yaz0, Zstandard
//
// The first four come from the registry (display names in sniff order; a
// format whose files hold both clips and skeletons is on both lines, one
// that declares no Yields is under "Other"), so a new format appears
// without editing any list. The compressions are not formats of their
// own: Open unwraps them before it sniffs.
func SupportedFormats() []string {
	groups := []struct {
		title string
		has   func(*asset.Format) bool
	}{
		{"Animations", func(f *asset.Format) bool { return f.Has(asset.Clips) }},
		{"Skeletons", func(f *asset.Format) bool { return f.Has(asset.Skeletons) }},
		{"Archives", func(f *asset.Format) bool { return f.Has(asset.Container) }},
		{"Textures", func(f *asset.Format) bool { return f.Has(asset.Textures) }},
		{"Other", func(f *asset.Format) bool { return f.Yields == 0 }},
	}
	fs := Formats()
	var lines []string
	for _, g := range groups {
		var names []string
		for _, f := range fs {
			if g.has(f) {
				names = append(names, f.DisplayName)
			}
		}
		if len(names) > 0 {
			lines = append(lines, g.title+": "+strings.Join(names, ", "))
		}
	}
	return append(lines, "Compression: Yaz0, Zstandard")
}
