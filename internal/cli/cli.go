// Package cli is animscope's headless commands: info, sample, render,
// export, import, textures and diff.
// Their flags, output, usage texts and exit statuses are a contract
// (scripts and the fixture checks depend on them; see docs/architecture.md).
// cmd/animscope dispatches to Run and hands render an offscreen renderer
// (Env.NewOffscreen), so this package never touches a window or GL.
package cli

import (
	"errors"
	"fmt"
	"image"
	"io"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Exit statuses of the CLI contract.
const (
	ExitOK    = 0
	ExitInput = 1 // the input is bad: one line on stderr
	ExitUsage = 2
)

// Env is what the commands need from the program around them.
type Env struct {
	// NewOffscreen makes a w×h offscreen drawing target for render (nil:
	// render cannot draw). The program supplies it so that the CLI links
	// no OpenGL: cmd/animscope backs it with a hidden window's context.
	NewOffscreen func(w, h int) (Offscreen, error)
}

// Offscreen draws scene descriptions into images.
type Offscreen interface {
	// Checker is the texture the test quad samples.
	Checker() viewmodel.TextureRef
	// Draw renders a scene and reads it back, top row first.
	Draw(s *viewmodel.Scene) *image.RGBA
	// Problems are what drawing met that the picture cannot show (a GX
	// program that failed to compile, naming its material), each once,
	// since the last call.
	Problems() []string
	// Close frees the target (and the context behind it).
	Close()
}

// usageError is a bad command line; exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Usagef is a usage error (exit status 2).
func Usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// topUsage is what "animscope help" prints: the formats the registry
// holds (formats.SupportedFormats, so a new format shows up without an
// edit here), then the commands.
func topUsage() string {
	var b strings.Builder
	b.WriteString("animscope: a previewer for game animation files\n")
	for _, line := range formats.SupportedFormats() {
		b.WriteString("  " + line + "\n")
	}
	return b.String() + "\n" + commandUsage
}

// commandUsage is the part of topUsage that lists the commands.
const commandUsage = `Usage:
  animscope [flags] [FILE...]          open the viewer (the embedded demo when no FILE); flags:
        --size WxH  --frame F  --select NAME  --clip NAME  --labels  --no-config
        --no-watch                       do not reload open files that change on disk
        --max-files N                    open up to N files of a FILE that is a folder without asking (0: any)
        --zstd-dict FILE                 Zstandard dictionary for .zs files (remembered for later runs)
        --screenshot PATH [--after-frames N] [--state-json PATH]   (SIGUSR1: screenshot now)
        --tab curves|inspector|textures|messages|differences  --texture NAME  --plot TARGET/CHANNEL,...  --raw-units
        --compare [--compare-time T]     the analysis panels in a known state
        --compare-with OTHER             A/B: compare the playing animation with another version of it
        --import-animation GLB           A/B: convert a glTF onto the playing animation (as animscope import) and compare
        --bench-frames N                 print CPU time per frame and open-to-first-frame
        --churn N                        close and reopen the files N times (memory, GL objects in --state-json)
        --cpuprofile FILE                write a Go CPU profile of the session
  animscope info FILE[:PATH] [--json] [--zstd-dict FILE]
                                       summarise a file (clips, loop mode, targets, archive listing)
  animscope sample FILE[:PATH] (--frames LIST | --times LIST) [--loop MODE] [--runtime early|late] [--clip NAME] [--model MODEL] [--mesh] [--zstd-dict FILE] (--json | --csv)
                                       print sampled channel values (JSON schema: docs/sample-json.md;
                                       CSV: one row per frame, one column per channel)
  animscope render [FILE[:PATH]...] [--demo] [--model MODEL] [--clip NAME] [--root-motion] [--runtime early|late] [--mesh-mode MODE] [--select NAME] [--size WxH] [--view Y,P,D[,X,Y,Z]] [--zstd-dict FILE] (--frame F --out x.png | --gif out.gif --frames LIST)
                                       render the 3D view offscreen (the embedded demo with --demo or
                                       without FILE)
  animscope export FILE[:PATH]... [--model MODEL] [--clip NAME | --all] [--root-motion] [--no-mesh] [--interpolation linear|cubic] [--runtime early|late] --out OUT
                                       write glTF 2.0 (OUT.glb / OUT.gltf, or a directory: one .glb per
                                       model or loose animation), exact to the game
  animscope import ANIM.glb|ANIM.gltf (--onto TARGET [--as NAME] | --format bck|bca) [--model MODEL] [--animation NAME] [--runtime early|late] [--watch] --out OUT
                                       write an animation edited as glTF back into the game's file
                                       (a BCK, BCA or BTK, loose or in an archive, or a new BCK/BCA),
                                       within the export's bound
  animscope textures FILE[:PATH] [--zstd-dict FILE] --out DIR
                                       write every texture (mip 0) as DIR/NAME.png; print name, format,
                                       size and mip levels of each
  animscope diff A B [--model MODEL] [--clip NAME [--clip-b NAME]] [--frames LIST] [--tolerance T] [--json] [--zstd-dict FILE]
                                       compare two versions of an animation channel by channel; exit
                                       status as cmp: 0 the same within T, 1 different, 2 trouble
  animscope --version                  print the version (git describe of the build) and exit

MODEL is FILE (of a file holding several models, the largest), FILE:NAME (the model
NAME of a .bfres holding several), ARCHIVE:PATH or ARCHIVE:PATH:NAME.

Run "animscope COMMAND -h" for a command's flags. Exit status: 0 ok, 1 bad input, 2 usage
(diff: 0 same, 1 different, 2 bad input or usage).
`

// IsCommand reports whether name is a headless command (or help), which
// Run carries out; anything else opens the viewer.
func IsCommand(name string) bool {
	switch name {
	case "info", "sample", "render", "export", "import", "textures", "diff", "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// Run executes the command args[0] (see IsCommand) and returns the exit
// status.
func Run(args []string, stdout, stderr io.Writer, env Env) int {
	var err error
	switch args[0] {
	case "info":
		err = runInfo(args[1:], stdout)
	case "sample":
		err = runSample(args[1:], stdout, stderr)
	case "render":
		err = runRender(args[1:], stdout, stderr, env)
	case "export":
		err = runExport(args[1:], stdout, stderr)
	case "import":
		err = runImport(args[1:], stdout, stderr)
	case "textures":
		err = runTextures(args[1:], stdout, stderr)
	case "diff":
		return runDiff(args[1:], stdout, stderr)
	default:
		fmt.Fprint(stdout, topUsage())
		return ExitOK
	}
	return Report(err, stderr)
}

// Report prints err as the CLI contract says and returns the exit status.
func Report(err error, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "animscope: %s\n", ue.msg)
		return ExitUsage
	}
	if errors.Is(err, errHelp) {
		return ExitOK
	}
	fmt.Fprintf(stderr, "animscope: %s\n", app.OneLine(err.Error()))
	return ExitInput
}
