package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/diff"
)

const diffUsage = `Usage: animscope diff A B [--model MODEL] [--clip NAME [--clip-b NAME]] [--frames LIST] [--tolerance T] [--json] [--zstd-dict FILE]

Compares two versions of an animation channel by channel (a re-export
against the original, a Wii U file against a Switch one of the same clip),
evaluating both exactly as "animscope sample" does. Targets match by name,
or by position where a file stores no names (J3D joints); --clip names the
animation of A (and of B, unless --clip-b names B's). For every channel
that differs it prints the largest |A-B| (rotations in degrees, the
shorter way round), the frame where it occurs and the first frame beyond
the tolerance; a target only one file animates, and a differing duration,
fps or loop mode, are differences too. With --model both pose that
skeleton: slots a clip leaves to the skeleton take its rest values and
every bound joint's world position is compared as well (world.x/y/z).

The frames default to every half frame from 0 to the longer clip's
duration. A value differs when |A-B| > T * max(1, |A|, |B|); rotations when
|A-B| > T degrees. --json prints {"same": bool, "differences": [{"target",
"index", "kind", "texGen", "channel", "maxDiff", "atFrame", "firstFrame",
"onlyIn"}], "headers": [{"field", "a", "b"}], "frames": N}.

Exit status, as cmp(1): 0 the same within the tolerance, 1 different,
2 trouble (a bad or unreadable file, a bad command line).

Flags:
`

// runDiff carries out diff and returns its exit status, which is cmp's
// rather than the other commands' (1 means "different", not bad input).
func runDiff(args []string, stdout, stderr io.Writer) int {
	same, err := diffFiles(args, stdout, stderr)
	switch {
	case errors.Is(err, errHelp):
		return ExitOK
	case err != nil:
		Report(err, stderr)
		return ExitUsage
	case same:
		return ExitOK
	}
	return ExitInput
}

func diffFiles(args []string, stdout, stderr io.Writer) (same bool, err error) {
	fs := NewFlagSet("diff", diffUsage, stdout)
	modelFlag := fs.String("model", "", "skeleton both pose, "+modelArgHelp+"; adds world positions per joint")
	clipFlag := fs.String("clip", "", "animation name, for files holding several (A's and B's)")
	clipB := fs.String("clip-b", "", "B's animation name, when it differs from --clip")
	framesFlag := fs.String("frames", "", "animation frames to compare: LIST as in sample --frames (default: 0 to the longer duration, every half frame)")
	tolFlag := fs.Float64("tolerance", 0, fmt.Sprintf("largest difference taken as the same, in the channel's units (relative above 1; degrees for rotations) (default %g, rotations %g)", diff.DefaultTolerance, diff.DefaultDegreesTolerance))
	jsonFlag := fs.Bool("json", false, `print {"same": bool, "differences": [...]}`)
	zstdDict := zstdDictFlag(fs)
	pos, err := ParseInterleaved(fs, args)
	if err != nil {
		return false, err
	}
	if err := useZstdDict(*zstdDict); err != nil {
		return false, err
	}
	if len(pos) != 2 {
		return false, Usagef("diff: want two files A and B, got %d (see animscope diff -h)", len(pos))
	}
	if *clipB != "" && *clipFlag == "" {
		return false, Usagef("diff: --clip-b goes with --clip (A's animation)")
	}
	if *tolFlag < 0 {
		return false, Usagef("diff: --tolerance must not be negative")
	}
	var opt diff.Options
	if *framesFlag != "" {
		if opt.Frames, err = parseFrameList(*framesFlag); err != nil {
			return false, Usagef("diff: --frames: %v", err)
		}
	}
	if *tolFlag > 0 {
		opt.Tolerance, opt.Degrees = *tolFlag, *tolFlag
	} else if isSet(fs, "tolerance") {
		// Zero asks for exact equality; the smallest positive number
		// keeps Options' zero-means-default rule out of the way.
		opt.Tolerance, opt.Degrees = minPositive, minPositive
	}
	nameB := *clipB
	if nameB == "" {
		nameB = *clipFlag
	}
	a, err := diffSide(pos[0], *clipFlag)
	if err != nil {
		return false, err
	}
	b, err := diffSide(pos[1], nameB)
	if err != nil {
		return false, err
	}
	if *modelFlag != "" {
		m, err := openModel(*modelFlag)
		if err != nil {
			return false, err
		}
		sk, err := pairing.SkeletonNamed(m.asset, m.name)
		if err != nil {
			return false, &app.InputError{File: m.where, Err: err}
		}
		for _, s := range []struct {
			side *diff.Side
			file string
		}{{&a, pos[0]}, {&b, pos[1]}} {
			bind := formats.Bind(s.side.Clip, sk)
			s.side.Model, s.side.Binding = sk, &bind
			for _, w := range bind.Warnings {
				fmt.Fprintf(stderr, "animscope: warning: %s with %s: %s\n", s.file, *modelFlag, w)
			}
		}
	}
	res, err := diff.Compare(a, b, opt)
	if err != nil {
		return false, &app.InputError{File: pos[0], Err: err}
	}
	if *jsonFlag {
		out, err := diff.MarshalJSON(res)
		if err != nil {
			return false, err
		}
		_, err = stdout.Write(out)
		return res.Same(), err
	}
	return res.Same(), diff.WriteTable(stdout, res)
}

// minPositive stands for a tolerance of zero.
const minPositive = 5e-324

// isSet reports whether the flag was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// diffSide opens one of the files and picks its animation.
func diffSide(arg, clip string) (diff.Side, error) {
	asset, err := app.LoadAsset(arg)
	if err != nil {
		return diff.Side{}, err
	}
	c, err := pickClip(asset, clip)
	if err != nil {
		return diff.Side{}, &app.InputError{File: arg, Err: err}
	}
	return diff.Side{Clip: c}, nil
}
