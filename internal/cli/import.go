package cli

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/archive"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/internal/writeback"
)

const importUsage = `Usage: animscope import ANIM.glb|ANIM.gltf (--onto TARGET [--as NAME] | --format bck|bca) [--model MODEL] [--animation NAME] [--runtime early|late] [--watch] --out OUT

Writes an animation edited as glTF (animscope export, then Blender or any
glTF tool) back into the game's own file: OUT is TARGET with the
animation replaced, everything else as it was.

TARGET is the animation the glTF replaces: a BCK (walk.bck), BCA or BTK,
or one in a RARC or SARC archive, compressed or not (X.arc:path/walk.bck,
X.szs:...), or a BFRES skeletal animation, Wii U or Switch
(X_Animation.bfres:Walk, X.sbfres:Walk, X.szs:path/X.bfres:Walk). OUT is a
whole new file of TARGET's kind: a .bck/.bca/.btk or .bfres (every other
clip reading as before), or the archive with the entry replaced (every
other entry byte-identical, compression kept). A BFRES clip keeps its
rotation mode, scale mode, flags, user data and bone order; driven bones
get cubic curves, and --model defaults to the model the pairing rule plays
the clip on (X.bfres beside X_Animation.bfres, or the file's own skeleton).

--onto FILE.bfres --as NAME (also X.sbfres, X.szs:path/X.bfres) adds the
glTF's animation to the file as a new skeletal animation NAME, after the
others: its flags (rotation mode, scale mode, loop) are the file's first
skeletal animation's, or Euler, standard scale mode and not looping when
it has none (a line says which); its length is the glTF's; every bone the
glTF animates gets a bone anim, fitted as above. --model defaults to the
model the pairing rule plays the first clip on. A NAME the file already
has is an error naming its clips.
Input files are never written; OUT naming an input is refused.

The glTF's nodes are matched to MODEL's joints by name (animscope export's
"joint N" and extras {"joint": N} for unnamed joints); a BCK's tracks are
by joint index, so --model is required. Joints the glTF does not animate
keep TARGET's tracks, nodes matching no joint are ignored (one line says
which). Each node's transform becomes the game's local values under the
skeleton's rule (J3D Basic, SoftImage, Maya scale compensation), and keys
are fitted so that the game's evaluation (the written file decoded and
posed again) puts every joint within 1e-3*max(1,|w|) of the glTF at every
eighth of a frame, with the format's quantization counted: Hermite keys
with fitted tangents at whole frames, TARGET's rotation fraction (a
larger one where a continuous angle needs it). Loop mode, byte order and
length are TARGET's (longer when the glTF is; a line says so).

A BCA holds one value per frame: each is the glTF's at the middle of the
frames the game reads it at under --runtime (late: value (int)(f+0.5),
so whole frames are exact; early: (int)f), and between frames the game
holds it (the worst error says how far that is from a smooth glTF).

A BTK takes the KHR_texture_transform animation animscope export writes:
each entry's material (by its export name, "MATERIAL texgen N", or the
model material of its name) gives the entry's scale, rotation and
translation under the file's formula and centre, fitted as Hermite keys
so every texture matrix entry m stays within 1e-4*max(1,|m|) of the glTF's
at every eighth of a frame; --model is not needed.

Without --onto, --format bck|bca --model MODEL writes a new J3D file:
every joint of MODEL has a track set, the glTF's joints fitted as above,
the rest at their rest values; loop mode from the glTF's extras (animscope
export's loopMode, else loop), length the glTF's.

--animation picks the glTF animation (default: the only one, or the one
named after the target clip). --watch converts again whenever the glTF
changes on disk until interrupted, so a viewer with OUT open reloads it.

One line on stdout says what was written: keys and size before and after,
and the worst joint error as a fraction of the bound, the written file's
and the target's own (how far the glTF is from what TARGET plays: the
edit, or for an unedited round trip the export's error).

Flags:
`

type importFlags struct {
	onto, model, animation, out string
	runtime, format             string
	as                          string // a new BFRES clip's name (--as)
	watch                       bool
}

func runImport(args []string, stdout, stderr io.Writer) error {
	fs := NewFlagSet("import", importUsage, stdout)
	var fl importFlags
	fs.StringVar(&fl.onto, "onto", "", "the animation the glTF replaces: FILE or ARCHIVE:PATH")
	fs.StringVar(&fl.model, "model", "", "the skeleton the target animates, "+modelArgHelp)
	fs.StringVar(&fl.animation, "animation", "", "the glTF animation to import (default: the only one, or the one named after the target)")
	fs.StringVar(&fl.as, "as", "", "add the glTF's animation to the BFRES file --onto names as a new skeletal animation NAME")
	fs.StringVar(&fl.out, "out", "", "the file to write (a new file of the target's kind)")
	fs.StringVar(&fl.runtime, "runtime", "late", "JSystem runtime whose BCA index rule the values are chosen for: late (round half up) or early (truncate)")
	fs.StringVar(&fl.format, "format", "", "without --onto: write a new J3D file of this kind (bck or bca) for --model")
	fs.BoolVar(&fl.watch, "watch", false, "convert again whenever the glTF changes, until interrupted")
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 1:
		return Usagef("import: want one ANIM.glb or ANIM.gltf (see animscope import -h)")
	case fl.onto == "" && fl.format == "":
		return Usagef("import: --onto TARGET is required (see animscope import -h)")
	case fl.onto != "" && fl.format != "":
		return Usagef("import: --format is for a new file without --onto; the target's kind is kept")
	case fl.format != "" && fl.format != "bck" && fl.format != "bca":
		return Usagef("import: --format %q: want bck or bca", fl.format)
	case fl.out == "":
		return Usagef("import: --out is required (see animscope import -h)")
	}
	for _, in := range []string{pos[0], fl.onto, fl.model} {
		if in == "" {
			continue
		}
		file, _ := app.SplitArchivePath(in)
		if samePath(file, fl.out) {
			return Usagef("import: --out %s is the input %s; refusing to overwrite an input", fl.out, file)
		}
	}
	if fl.onto != "" {
		// OUT is a whole file of the target file's kind: the archive when
		// the target is an entry inside one, so a .bck name for a .arc's
		// bytes would mislead whoever opens it next.
		file, _ := app.SplitArchivePath(fl.onto)
		if want, got := strings.ToLower(filepath.Ext(file)), strings.ToLower(filepath.Ext(fl.out)); want != got {
			return Usagef("import: --out %s would hold a whole %s file (the target is in %s); name it *%s", fl.out, want, filepath.Base(file), want)
		}
	}
	convert := func() error {
		line, notes, err := importOnce(pos[0], fl)
		for _, n := range notes {
			fmt.Fprintf(stderr, "animscope: %s: %s\n", pos[0], n)
		}
		if err == nil {
			fmt.Fprintln(stdout, line)
		}
		return err
	}
	if !fl.watch {
		return convert()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return watchFile(ctx, pos[0], func() {
		if err := convert(); err != nil {
			fmt.Fprintf(stderr, "animscope: %s\n", app.OneLine(err.Error()))
		}
	}, nil)
}

// importTarget is the file --onto names, read once per conversion.
type importTarget struct {
	file, inner string // the file on disk and the archive entry ("" loose)
	clip        string // a BFRES target's clip name (splitBFRESClip)
	add         string // the name of a BFRES clip to add (--as)
	raw         []byte // the file as stored
	entry       []byte // the target animation's own bytes, uncompressed
	asset       *formats.Asset
}

func openImportTarget(arg string) (*importTarget, error) {
	t := &importTarget{}
	arg, t.clip = splitBFRESClip(arg)
	t.file, t.inner = app.SplitArchivePath(arg)
	var err error
	if t.raw, err = app.ReadInput(t.file); err != nil {
		return nil, err
	}
	a, err := formats.Open(t.file, t.raw)
	if err != nil {
		return nil, &app.InputError{File: t.file, Err: err}
	}
	t.entry = t.raw
	if archive.IsYaz0(t.raw) || archive.IsZstd(t.raw) {
		if t.entry, err = decompressed(t.raw); err != nil {
			return nil, &app.InputError{File: t.file, Err: err}
		}
	}
	if t.inner != "" && a.Archive == nil && a.Format == "bfres" && t.clip == "" {
		// A BFRES under another name (Mario Kart 8 Deluxe's drivers are
		// Yaz0 .szs files holding one BFRES, not a SARC): what follows
		// the colon is the clip, as after a .bfres or .sbfres name.
		t.clip, t.inner = t.inner, ""
	}
	if t.inner != "" {
		if a.Archive == nil {
			return nil, &app.InputError{File: t.file, Err: fmt.Errorf("is a %s file, not an archive; cannot import onto %q inside it", a.Format, t.inner)}
		}
		if t.entry, err = a.Archive.Read(t.inner); err != nil {
			return nil, &app.InputError{File: t.file, Err: err}
		}
		if a, err = formats.Open(arg, t.entry); err != nil {
			return nil, &app.InputError{File: arg, Err: err}
		}
	}
	t.asset = a
	return t, nil
}

// name is the target as the user named it.
func (t *importTarget) name() string {
	if t.inner == "" {
		return t.file
	}
	return t.file + ":" + t.inner
}

// clipName is the name the export gives the target's clip (its file
// stem), which picks the glTF animation by default.
func (t *importTarget) clipName() string {
	if t.add != "" {
		return t.add
	}
	if t.clip != "" {
		return t.clip
	}
	p := t.file
	if t.inner != "" {
		p = t.inner
	}
	return strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
}

// wrap puts a written animation where the target was: the archive with
// the entry replaced, or a loose file compressed as the target was.
func (t *importTarget) wrap(anim []byte) ([]byte, error) {
	if t.inner != "" {
		return archive.ReplaceEntry(t.raw, t.inner, anim)
	}
	if archive.IsYaz0(t.raw) && len(t.raw) >= 16 {
		return archive.CompressYaz0(anim, [8]byte(t.raw[8:16]))
	}
	if archive.IsZstd(t.raw) {
		return nil, fmt.Errorf("%s: writing a loose Zstandard-compressed animation is not supported; import onto the uncompressed file", t.file)
	}
	return anim, nil
}

// importOnce runs one conversion, writes OUT and returns the summary
// line and the notes.
func importOnce(gltfPath string, fl importFlags) (line string, notes []string, err error) {
	c, err := convertImport(gltfPath, fl)
	if c != nil {
		notes = c.res.Notes
	}
	if err != nil {
		return "", notes, err
	}
	if err := export.WriteAtomic(fl.out, c.out); err != nil {
		return "", notes, err
	}
	return c.summary(fl.out), notes, nil
}

// converted is one conversion's result before it is written anywhere:
// the whole new file of the target's kind and what went into it.
type converted struct {
	out    []byte
	kind   string
	gltf   string
	src    *writeback.Source
	res    *writeback.Result
	target *importTarget // nil for a new file (--format)
	// animation and measure stand in for src's animation and "joint"
	// where the glTF is read as texture transforms (a BTK).
	animation, measure string
}

// summary is the line saying what the conversion made, as written to
// name.
func (c *converted) summary(name string) string {
	animation, measure := c.animation, c.measure
	if c.src != nil {
		animation = c.src.Animation
	}
	if measure == "" {
		measure = "joint"
	}
	if c.target == nil {
		return fmt.Sprintf("%s: new %s from %s (animation %q): %d keys, %d bytes, worst %s %.3g of the bound (%s)",
			name, c.kind, c.gltf, animation, c.res.Keys, len(c.res.Data), measure, c.res.Worst, c.res.WorstJoint)
	}
	return fmt.Sprintf("%s: %s from %s (animation %q): %d keys (target %d), %d bytes (target %d), worst %s %.3g of the bound (%s; the target: %.3g)",
		name, c.kind, c.gltf, animation, c.res.Keys, c.res.KeysBefore, len(c.res.Data), len(c.target.entry), measure, c.res.Worst, c.res.WorstJoint, c.res.TargetWorst)
}

// convertImport reads the glTF and the target and converts, in memory.
// A conversion that fails after the animation was written (wrapping it
// in its archive) still returns the result for its notes.
func convertImport(gltfPath string, fl importFlags) (*converted, error) {
	if fl.onto == "" {
		return convertNew(gltfPath, fl)
	}
	target, err := openImportTarget(fl.onto)
	if err != nil {
		return nil, err
	}
	if fl.as != "" {
		if target.asset.Format != "bfres" || target.clip != "" {
			return nil, Usagef("import: --as NAME adds a clip to a BFRES file: --onto FILE.bfres (no :CLIP), not %s", fl.onto)
		}
		target.add = fl.as
	}
	data, err := app.ReadInput(gltfPath)
	if err != nil {
		return nil, err
	}
	var fsys fs.FS
	if strings.EqualFold(filepath.Ext(gltfPath), ".gltf") {
		fsys = os.DirFS(filepath.Dir(gltfPath))
	}
	if target.asset.Format == "btk" {
		return convertBTK(gltfPath, data, fsys, target, fl)
	}
	src, err := writeback.ReadGLTF(gltfPath, data, fsys, fl.animation, target.clipName())
	if err != nil {
		return nil, err
	}
	c := &converted{gltf: gltfPath, src: src, target: target}
	switch target.asset.Format {
	case "bck":
		c.kind = "BCK"
		c.res, err = importBCK(src, target, fl)
	case "bca":
		c.kind = "BCA"
		c.res, err = importBCA(src, target, fl)
	case "bfres":
		c.kind = "FSKA"
		if target.add != "" {
			c.kind = "new FSKA " + fmt.Sprintf("%q", target.add)
			c.res, err = addFSKA(src, target, fl)
		} else {
			c.res, err = importFSKA(src, target, fl)
		}
	default:
		err = fmt.Errorf("%s: a %s target is not supported yet (BCK, BCA, BTK and BFRES skeletal targets are)", target.name(), target.asset.Format)
	}
	if err != nil {
		return nil, err
	}
	if c.out, err = target.wrap(c.res.Data); err != nil {
		return c, err
	}
	return c, nil
}

func importBCK(src *writeback.Source, target *importTarget, fl importFlags) (*writeback.Result, error) {
	if fl.model == "" {
		return nil, Usagef("import: a BCK's tracks are by joint index: give the skeleton with --model")
	}
	skel, _, err := loadModelAsset(fl.model)
	if err != nil {
		return nil, err
	}
	bck, err := j3d.DecodeBCK(target.entry)
	if err != nil {
		return nil, &app.InputError{File: target.name(), Err: err}
	}
	res, err := writeback.ImportBCK(src, bck, skel, writeback.DefaultEncoders)
	if err != nil {
		return nil, &app.InputError{File: target.name() + " from " + src.File, Err: err}
	}
	return res, nil
}
