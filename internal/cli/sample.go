package cli

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/matbind"
	"github.com/animscope/animscope/internal/sample"
)

const sampleUsage = `Usage: animscope sample FILE[:PATH] (--frames LIST | --times LIST) [--loop MODE] [--runtime early|late] [--clip NAME] [--model MODEL] [--mesh] [--zstd-dict FILE] (--json | --csv)

Prints every channel of the clip at the given frames, in the sample schema
(docs/sample-json.md) with --json, or as a table for spreadsheets with --csv: a
header row "frame,<target>/<channel>,..." then one row per frame (texture
SRT targets add their 2x3 matrix as <target>/matrix.r0c0 .. r1c2, --model
adds <target>/world.x/y/z; an unnamed target, or one whose name another
shares, is <name>#<position>). LIST is "0,1.5,7", "start:end:step" (end
included), or a mix. --times maps playback times (frames at speed 1 from
the start of playback) through the loop mode, exactly as the playback
clock would; the frame column then holds the frames it maps to.

Flags:
`

func runSample(args []string, stdout, stderr io.Writer) error {
	fs := NewFlagSet("sample", sampleUsage, stdout)
	framesFlag := fs.String("frames", "", "animation frames to sample: LIST")
	timesFlag := fs.String("times", "", "playback times to map through the loop mode: LIST")
	loopFlag := fs.String("loop", "", "override the file's loop mode: once, once-reset, loop, mirrored-once, mirrored-loop")
	clipFlag := fs.String("clip", "", "animation name, for files holding several")
	modelFlag := fs.String("model", "", "skeleton to pose, "+modelArgHelp+"; adds world positions per joint")
	jsonFlag := fs.Bool("json", false, "print the sample JSON (schema: docs/sample-json.md)")
	csvFlag := fs.Bool("csv", false, "print CSV: one row per frame, one column per channel")
	meshFlag := fs.Bool("mesh", false, "with --json: add every shape's skinned vertex positions per frame (\"meshes\"); FILE may be a model alone (its rest pose)")
	zstdDict := zstdDictFlag(fs)
	runtimeFlag := fs.String("runtime", "late", "JSystem runtime rules: late (Pikmin 2, Twilight Princess, Galaxy) or early (Wind Waker, Sunshine: full-frame BCA/BVA indices truncate, mirrored loop modes clamp and turn at the end)")
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if err := useZstdDict(*zstdDict); err != nil {
		return err
	}
	if len(pos) != 1 {
		return Usagef("sample: want exactly one FILE, got %d (see animscope sample -h)", len(pos))
	}
	if *jsonFlag == *csvFlag {
		return Usagef("sample: give exactly one of --json and --csv")
	}
	if (*framesFlag == "") == (*timesFlag == "") {
		return Usagef("sample: give exactly one of --frames and --times")
	}
	if *meshFlag && *csvFlag {
		return Usagef("sample: --mesh goes with --json (positions do not fit a table)")
	}
	var opt sample.Options
	if *framesFlag != "" {
		if opt.Frames, err = parseFrameList(*framesFlag); err != nil {
			return Usagef("sample: --frames: %v", err)
		}
	} else if opt.Times, err = parseFrameList(*timesFlag); err != nil {
		return Usagef("sample: --times: %v", err)
	}
	if opt.Runtime, err = anim.ParseRuntime(*runtimeFlag); err != nil {
		return Usagef("sample: --runtime: %v", err)
	}
	if *loopFlag != "" {
		m, err := anim.ParseLoopMode(*loopFlag)
		if err != nil {
			return Usagef("sample: --loop: %v", err)
		}
		opt.Loop = &m
	}
	asset, err := app.LoadAsset(pos[0])
	if err != nil {
		return err
	}
	if *meshFlag && len(asset.Clips) == 0 && len(asset.Models) > 0 && *modelFlag == "" {
		return writeRestMeshes(stdout, pos[0], asset, opt)
	}
	clip, err := pickClip(asset, *clipFlag)
	if err != nil {
		return &app.InputError{File: pos[0], Err: err}
	}
	models := sample.Models{Models: asset.Models, Skeletons: asset.Skeletons}
	if *modelFlag != "" {
		m, err := openModel(*modelFlag)
		if err != nil {
			return err
		}
		if opt.Model, err = pairing.SkeletonNamed(m.asset, m.name); err != nil {
			return &app.InputError{File: m.where, Err: err}
		}
		models = sample.Models{Models: m.asset.Models, Skeletons: m.asset.Skeletons}
		opt.ModelName = filepath.Base(*modelFlag)
		b := formats.Bind(clip, opt.Model)
		opt.Binding = &b
		// A joint-count mismatch still samples (the clip drives the joints
		// that exist); say so on stderr, where the JSON is not disturbed.
		// A texture, material or visibility clip drives no joint: what
		// it can miss is the model's materials.
		if pairing.JointTargets(clip) > 0 {
			for _, w := range b.Warnings {
				fmt.Fprintf(stderr, "animscope: warning: %s with %s: %s\n", pos[0], *modelFlag, w)
			}
		} else if missing := matbind.Unbound(clip, m.asset.Models); len(missing) > 0 {
			fmt.Fprintf(stderr, "animscope: warning: %s: binds to nothing of model %s: it animates %q, which the model does not have\n", pos[0], *modelFlag, missing)
		}
	}
	if r := formats.ClipInfo(clip).Runtime; !r.JSystem() {
		// A BFRES (or JBA) clip plays under its own frame control;
		// --runtime chooses between JSystem's generations only.
		opt.Runtime = r
	}
	doc, err := sample.Build(filepath.Base(pos[0]), clip, opt)
	if err != nil {
		return &app.InputError{File: pos[0], Err: err}
	}
	if *meshFlag {
		if len(models.Models) == 0 {
			where := cmp.Or(*modelFlag, pos[0])
			return &app.InputError{File: where, Err: fmt.Errorf("--mesh: holds no model with meshes")}
		}
		if err := sample.AddMeshes(doc, clip, models, formats.Bind); err != nil {
			return &app.InputError{File: cmp.Or(*modelFlag, pos[0]), Err: err}
		}
	}
	if *csvFlag {
		_, err = stdout.Write(sample.CSV(doc))
		return err
	}
	out, err := sample.Marshal(doc)
	if err != nil {
		return &app.InputError{File: pos[0], Err: fmt.Errorf("cannot write sample: %v", err)}
	}
	_, err = stdout.Write(out)
	return err
}

// writeRestMeshes prints the sample document of a model file alone: no
// animation, every frame its models' rest pose.
func writeRestMeshes(stdout io.Writer, file string, asset *formats.Asset, opt sample.Options) error {
	frames := opt.Frames
	if opt.Times != nil {
		frames = make([]float64, len(opt.Times)) // nothing plays: every time shows frame 0
	}
	base := filepath.Base(file)
	doc := sample.RestDoc(base, asset.Format, base, frames)
	if err := sample.AddMeshes(doc, nil, sample.Models{Models: asset.Models, Skeletons: asset.Skeletons}, formats.Bind); err != nil {
		return &app.InputError{File: file, Err: err}
	}
	out, err := sample.Marshal(doc)
	if err != nil {
		return &app.InputError{File: file, Err: fmt.Errorf("cannot write sample: %v", err)}
	}
	_, err = stdout.Write(out)
	return err
}

// pickClip returns the clip named name, or the only/first clip.
func pickClip(a *formats.Asset, name string) (*anim.Clip, error) {
	if len(a.Clips) == 0 {
		if a.Archive != nil {
			return nil, fmt.Errorf("is an archive; name an entry as FILE:PATH (see animscope info %s)", a.Name)
		}
		return nil, fmt.Errorf("holds no animation (it is a %s file)", a.Format)
	}
	if name == "" {
		return a.Clips[0], nil
	}
	var names []string
	for _, c := range a.Clips {
		// A J3D file's one clip has no name of its own: it answers to its
		// file's, with or without the extension, as in the viewer.
		own := pairing.ClipName(a.Name, c)
		if c.Name == name || c.Name == "" && len(a.Clips) == 1 && (own == name || filepath.Base(a.Name) == name) {
			return c, nil
		}
		names = append(names, own)
	}
	for _, b := range a.Broken {
		if b.Name == name {
			return nil, fmt.Errorf("animation %q could not be read: %v", name, b.Err)
		}
	}
	return nil, fmt.Errorf("no animation named %q (have %s)", name, clipNameList(names))
}

// maxListedClips caps the names a "no animation named" error lists, as
// render's does: a game's animation file holds hundreds.
const maxListedClips = 40

// clipNameList quotes the first maxListedClips names (["a" "b"]) and
// counts the rest.
func clipNameList(names []string) string {
	if len(names) > maxListedClips {
		return fmt.Sprintf("%q and %d more", names[:maxListedClips], len(names)-maxListedClips)
	}
	return fmt.Sprintf("%q", names)
}
