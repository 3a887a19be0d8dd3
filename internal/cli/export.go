package cli

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/mesh"
)

const exportUsage = `Usage: animscope export FILE[:PATH]... [--model MODEL] [--clip NAME | --all] [--root-motion] [--no-mesh] [--interpolation linear|cubic] [--runtime early|late] --out OUT

Writes animations as glTF 2.0, exact to the game: a glTF player shows every
joint within 1e-3*max(1,|w|) of "animscope sample --model" at any time
(J3D rotations before the game truncates them to whole 2^frac units: the
game's pose differs by less than one such unit per channel between keys).
The skeleton becomes a node hierarchy (extras {"joint": index}), each clip
a glTF animation named after it (extras fps, frames, loopMode, source);
clips of one name the game plays together (a skeletal clip and the
texture SRT, colour or visibility clip of its name) are one animation
holding all their channels (extras clips: each one merged);
the model's meshes (when it has them) are skinned glTF meshes with their
materials and textures, one mesh per shape (extras {"model", "shape",
"name"}); texture SRT and colour animations drive those materials
(KHR_texture_transform, KHR_animation_pointer), or test quads when there is
no model. --no-mesh writes the skeleton alone.

Joint channels are LINEAR (STEP where the game's curve steps: a full-frame
BCA holds each value from the frame where --runtime's lookup reaches it)
by default,
keyed so that the bound holds both in players that slerp rotations, as the
glTF specification says, and in those that lerp the quaternion's
components and normalise (Blender, assimp). --interpolation cubic writes
CUBICSPLINE with the game curves' own tangents where the curves are
smooth: fewer keys, for players that honour the tangents; Blender's
importer drops them and plays such files wrong.

OUT ending in .glb (one file) or .gltf (plus OUT.bin) takes one input: the
animation a model opens on (a Wait or Idle, else the first; --clip NAME:
that one, --all: every one), with the material, texture and visibility
clips the games play beside it (the same name, Face_NAME, tNAME), on --model's
skeleton, else the file's own (of several models, the largest), else a
stand-in skeleton; one line says what was written. An archive given as
the input must hold at most one model. It also takes a model and its
animations as inputs (cl.bdl wait.bck walk.bck): the one input holding a
skeleton and no animation is the model, as with --model, and each other
input gives its animations (--clip NAME: in any of them).

Any other OUT is a directory (created if missing) and takes any number of
files, archives and directories (walked to the bottom; outputs keep their
folders): every model and animation in them, paired as the viewer pairs
them (own file, named after the model, same archive, same directory,
matching bone names, matching joint count), one .glb per model or per
animation file no model takes, named after it. The same content twice in
a folder (X.bfres and its Yaz0 X.sbfres) is exported once. Files are
converted in parallel (a progress bar on a terminal); a bad file is
reported and the rest go on; a summary ends the run; exit status 1 if
any failed or nothing was found to export. Nothing half-written is left
behind.

Flags:
`

// exportFlags are the command's options.
type exportFlags struct {
	out, model, clip        string
	all, rootMotion, noMesh bool
	interp                  export.Interpolation
	runtime                 anim.Runtime
}

// scene is an output's scene with the options the flags set: every
// output of a command is built here.
func (fl exportFlags) scene(skel *anim.Skeleton, models []*mesh.Model) export.Scene {
	return export.Scene{Skeleton: skel, Models: models, RootMotion: fl.rootMotion, Interpolation: fl.interp}
}

func runExport(args []string, stdout, stderr io.Writer) error {
	fs := NewFlagSet("export", exportUsage, stdout)
	var fl exportFlags
	fs.StringVar(&fl.out, "out", "", "output: FILE.glb, FILE.gltf or a directory")
	fs.StringVar(&fl.model, "model", "", "skeleton to pose the animations on, "+modelArgHelp)
	fs.StringVar(&fl.clip, "clip", "", "export the animation of this name (with the clips the games play beside it)")
	fs.BoolVar(&fl.all, "all", false, "export every animation of the file (a directory OUT always does)")
	fs.BoolVar(&fl.rootMotion, "root-motion", false, "apply the clip's world-space track (JBA) to the skeleton's roots")
	fs.BoolVar(&fl.noMesh, "no-mesh", false, "write the skeleton and animations only, not the model's meshes")
	interp := fs.String("interpolation", "linear", "joint keys: linear (plays right everywhere) or cubic (fewer keys, for players that honour tangents)")
	runtimeName := fs.String("runtime", "late", "JSystem runtime rules the full-frame BCA/BVA lookups follow: late (Pikmin 2, Twilight Princess, Galaxy) or early (Wind Waker, Sunshine)")
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if fl.interp, err = export.ParseInterpolation(*interp); err != nil {
		return Usagef("export: --%v", err)
	}
	if fl.runtime, err = anim.ParseRuntime(*runtimeName); err != nil {
		return Usagef("export: --runtime: %v", err)
	}
	switch {
	case fl.out == "":
		return Usagef("export: --out is required (see animscope export -h)")
	case len(pos) == 0:
		return Usagef("export: want at least one FILE (see animscope export -h)")
	case fl.all && fl.clip != "":
		return Usagef("export: give --clip or --all, not both")
	}
	single := export.IsOutputName(fl.out)
	if err := notAnInput(fl, pos); err != nil {
		return err
	}
	defer catchInterrupt(stderr)()
	if single {
		return exportOne(fl, pos, stderr)
	}
	return exportBatch(fl, pos, stderr)
}

// notAnInput refuses an OUT that names an input (or, for .gltf, whose
// .bin would): the inputs are never written.
func notAnInput(fl exportFlags, pos []string) error {
	outs := []string{fl.out}
	if strings.EqualFold(filepath.Ext(fl.out), ".gltf") {
		outs = append(outs, strings.TrimSuffix(fl.out, filepath.Ext(fl.out))+".bin")
	}
	ins := append([]string(nil), pos...)
	if fl.model != "" {
		ins = append(ins, fl.model)
	}
	for _, in := range ins {
		file, _ := app.SplitArchivePath(in)
		for _, o := range outs {
			if samePath(file, o) {
				return Usagef("export: --out %s is the input %s; refusing to overwrite an input", fl.out, file)
			}
		}
	}
	return nil
}

// samePath reports whether two paths name the same file (or, when
// neither exists yet, the same absolute path).
func samePath(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == ab
}

// loadModelAsset is the skeleton a --model argument names and the file
// that holds it (for its meshes).
func loadModelAsset(arg string) (*anim.Skeleton, *formats.Asset, error) {
	m, err := openModel(arg)
	if err != nil {
		return nil, nil, err
	}
	sk, err := pairing.SkeletonNamed(m.asset, m.name)
	if err != nil {
		return nil, nil, &app.InputError{File: m.where, Err: err}
	}
	return sk, m.asset, nil
}

// sceneModels are the models of a file that skel poses (each posed by
// a.Skeletons[model.Skeleton]); a model posed by another of the file's
// skeletons is left out with a warning saying how to export it (one
// skeleton per glTF file). in is the file, as the user named it.
func sceneModels(a *formats.Asset, skel *anim.Skeleton, in string, rep *reporter) []*mesh.Model {
	if a == nil || skel == nil {
		return nil
	}
	var out []*mesh.Model
	for _, m := range a.Models {
		if m.Skeleton >= 0 && m.Skeleton < len(a.Skeletons) && a.Skeletons[m.Skeleton] == skel {
			out = append(out, m)
		} else {
			rep.warn(fmt.Sprintf("%s: model %s has a skeleton of its own; not in this export (export it with --model %s:%s)", in, m.Name, in, m.Name))
		}
	}
	return out
}

// chooseClips applies --clip / --all (all: every clip without either).
// nameOf is a clip's name as users give it (pairing.ClipName: a J3D
// clip's file stem). One clip is a joint clip and the texture, material
// and visibility clips the games play with it (pairing.Partner: BotW's
// same-named visibility clip and Face_X texture clip, J3D's tX.btk with
// X.bck), in file order; without --clip that joint clip is the one the
// viewer opens on (pairing.DefaultClip).
func chooseClips(clips []*anim.Clip, fl exportFlags, all bool, nameOf func(*anim.Clip) string) ([]*anim.Clip, error) {
	if fl.clip == "" && (fl.all || all || len(clips) <= 1) {
		return clips, nil
	}
	names := make([]string, len(clips))
	joints := make([]string, len(clips)) // joint clips' names, "" for others
	for i, c := range clips {
		names[i] = nameOf(c)
		if pairing.JointTargets(c) > 0 {
			joints[i] = names[i]
		}
	}
	pick := fl.clip
	if pick != "" && !slices.Contains(names, pick) {
		pick = strings.TrimSuffix(pick, path.Ext(pick)) // a J3D file's name given with its extension
	}
	if pick == "" {
		var js []string
		for _, n := range joints {
			if n != "" {
				js = append(js, n)
			}
		}
		if len(js) == 0 {
			return clips[:1], nil
		}
		pick = js[pairing.DefaultClip(js)]
	}
	var out []*anim.Clip
	for i, c := range clips {
		if names[i] == pick {
			out = append(out, c)
			continue
		}
		if joints[i] == "" {
			if j := pairing.Partner(names[i], joints); j >= 0 && joints[j] == pick {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		if all {
			return nil, nil
		}
		return nil, fmt.Errorf("no animation named %q (have %s)", fl.clip, clipNameList(names))
	}
	return out, nil
}

func warnRootMotion(fl exportFlags, in string, clips []*anim.Clip, rep *reporter) {
	if !fl.rootMotion {
		return
	}
	for _, c := range clips {
		if c.RootMotion != nil {
			return
		}
	}
	rep.warn(in + ": --root-motion: no animation has a root-motion track")
}
