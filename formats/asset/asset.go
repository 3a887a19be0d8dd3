// Package asset holds the types every file format shares: the Asset an
// opened file becomes, and Format, the descriptor through which a format
// package (formats/j3d, formats/bfres, formats/jba, formats/archive)
// tells the registry in package formats everything the rest of the program
// needs to know about it. It is a leaf so the format packages can define
// their descriptors without importing the registry.
package asset

import (
	"path"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
	"github.com/animscope/animscope/mesh"
)

// Asset is what one opened file holds.
type Asset struct {
	Name      string // the file name as given (shown in errors and output)
	Format    string // the Format.Name of the descriptor that opened it
	Yaz0      bool   // the file was Yaz0-compressed
	Zstd      bool   // the file was Zstandard-compressed (.zs)
	Clips     []*anim.Clip
	Skeletons []*anim.Skeleton
	// Models are the file's skinned, textured models, each posed by one
	// of Skeletons (mesh.Model.Skeleton).
	Models []*mesh.Model
	// Textures are textures the file holds outside any model (a BTI, a
	// BotW Tex1/Tex2 file, a BNTX): what `animscope textures` writes
	// besides the models' own.
	Textures []*mesh.Texture
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
	// Notes say what a file is when that is not obvious and not wrong
	// (a BotW .Tex2 holds only mip levels 1+, as every such file does).
	Notes []string
	// Broken lists the animations the file names that could not be read,
	// each with its error; the rest of the file opened. (One bad
	// animation among a hundred must not hide the other ninety-nine.)
	Broken []BrokenClip
}

// BrokenClip is an animation of a file that failed to decode or
// validate.
type BrokenClip struct {
	Name string
	Err  error
}

// Error is "NAME: error".
func (b BrokenClip) Error() string { return b.Name + ": " + b.Err.Error() }

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
	// Kind is the format sniffed from the entry's first bytes (a
	// Format.Name, "yaz0" or "zstd"; "" when unknown).
	Kind string
}

// Yield says what a format's files can hold.
type Yield uint8

const (
	Clips     Yield = 1 << iota // animation clips
	Skeletons                   // skeletons (models, sidecars)
	Container                   // archive entries (Asset.Archive)
	Textures                    // loose textures (Asset.Textures)
)

// Env is what the registry hands a format's Open.
type Env struct {
	// Sniff names the format of some bytes with every registered format
	// (Format.Name, "yaz0", "zstd" or ""): containers use it to label
	// entries.
	Sniff func(data []byte) string
}

// Format describes one file format. The format's own package defines it
// as a variable; package formats lists it once in its registry.
type Format struct {
	// Name is the stable id: Asset.Format, `animscope info` output and
	// archive entry kinds ("bck", "bfres", ...). Never change it.
	Name string
	// DisplayName is what people read ("J3D BCK"): the unknown-file error
	// and the UI use it.
	DisplayName string
	// Extensions are the file name extensions ("." included, lower case)
	// the Open dialog highlights; formats are still told apart by
	// content, never by name.
	Extensions []string
	// Sniff reports whether data (the whole file, or its first 4 KiB for
	// archive entries) is in this format. The registry tries formats in
	// its order, so a heuristic sniff (no magic) must come after every
	// format with a magic.
	Sniff func(data []byte) bool
	// Open decodes data (already Yaz0-decompressed) into a, whose Name
	// and Format are set. It fills Clips, Skeletons or Archive, Raw,
	// Details and Warnings; the registry validates and prepares the clips
	// and finishes the skeletons afterwards.
	Open func(a *Asset, data []byte, env Env) error
	// Yields says what the files can hold; Clips or Skeletons make an
	// archive entry of this format worth opening.
	Yields Yield
	// ClipFormats are the anim.Clip.Format values Open produces, with how
	// each is bound and shown.
	ClipFormats []*ClipFormat
	// Inspect gives the inspector's view of an opened asset's Raw; nil
	// (or a nil result) when the format has none.
	Inspect func(a *Asset) inspect.Source
}

// ClipFormat describes the clips of one anim.Clip.Format value.
type ClipFormat struct {
	// Name is the anim.Clip.Format value ("bck", "bfres-skeletal", ...).
	Name string
	// Bind binds a clip to a skeleton; nil means by bone name
	// (anim.BindByName). It reads only the clip's format and its targets'
	// kinds, indices and names, and the skeleton's joint names: pairing
	// binds once for the clips and skeletons that agree in those.
	Bind func(c *anim.Clip, s *anim.Skeleton) anim.Binding
	// BindIndexed, when set, binds exactly as Bind does, to the skeleton a
	// JointIndex built once has indexed: pairing binds every clip of a
	// folder to every model in it. With Bind nil it is by bone name too.
	BindIndexed func(c *anim.Clip, ix *anim.JointIndex) anim.Binding
	// Fallback is the hierarchy mode of the stand-in skeleton drawn for a
	// clip shown without a model.
	Fallback anim.HierarchyMode
	// ZUp marks data authored with Z up (the viewer turns it to Y up).
	ZUp bool
	// ModelHint tells the user where to get the real bones when a clip is
	// shown without a skeleton.
	ModelHint string
	// Runtime is the frame control the clip plays under: the zero value
	// (anim.LateRuntime) stands for JSystem's, whose five loop modes and
	// early/late generation apply; anim.G3dRuntime is loop or once only.
	Runtime anim.Runtime
	// Kind says what the clips animate, for people and for grouping a
	// file's clips ("skeletal", "texture SRT", "bone visibility").
	Kind string
}

// Has reports whether the format yields y.
func (f *Format) Has(y Yield) bool { return f.Yields&y != 0 }

// Stem is a file's name without directories, archive path or extension:
// "x/biped.arc:biped/bmdl/biped.bmd" -> "biped". Formats whose files hold
// one unnamed clip or skeleton name it so.
func Stem(name string) string {
	if i := strings.LastIndexAny(name, `:/\`); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSuffix(name, path.Ext(name))
}

// HasPrefix reports whether data starts with magic.
func HasPrefix(data []byte, magic string) bool {
	return len(data) >= len(magic) && string(data[:len(magic)]) == magic
}
