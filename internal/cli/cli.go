// Package cli is animscope's headless commands: info, sample, render and
// export.
// Their flags, output, usage texts and exit statuses are a contract
// (scripts and the fixture checks depend on them; see docs/architecture.md).
// cmd/viewer dispatches to Run and provides the OpenGL context render
// needs, so this package never touches a window.
package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/animscope/animscope/internal/app"
)

// Exit statuses of the CLI contract.
const (
	ExitOK    = 0
	ExitInput = 1 // the input is bad: one line on stderr
	ExitUsage = 2
)

// Env is what the commands need from the program around them.
type Env struct {
	// GLContext makes an OpenGL context current (render draws offscreen
	// into it) and returns its release; nil: render cannot draw.
	GLContext func() (release func(), err error)
}

// usageError is a bad command line; exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Usagef is a usage error (exit status 2).
func Usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// TopUsage is what "animscope help" prints.
const TopUsage = `animscope: a previewer for game animation files (J3D BCK/BCA/BTK/BRK/BPK/BTP/BVA, BMD/BDL, RARC, BFRES, SWTOR JBA)

Usage:
  animscope [flags] [FILE...]          open the viewer (the embedded demo when no FILE); flags:
        --size WxH  --frame F  --select NAME  --labels  --no-config
        --screenshot PATH [--after-frames N] [--state-json PATH]   (SIGUSR1: screenshot now)
        --tab curves|inspector|messages  --plot TARGET/CHANNEL,...  --raw-units
        --compare [--compare-time T]     the analysis panels in a known state
        --bench-frames N                 print CPU time per frame and open-to-first-frame
        --churn N                        close and reopen the files N times (memory, GL objects in --state-json)
  animscope info FILE[:PATH] [--json]  summarise a file (clips, loop mode, targets, archive listing)
  animscope sample FILE (--frames LIST | --times LIST) [--loop MODE] [--runtime early|late] [--clip NAME] [--model MODEL] (--json | --csv)
                                       print sampled channel values (JSON schema: docs/sample-json.md;
                                       CSV: one row per frame, one column per channel)
  animscope render FILE [--model MODEL] [--clip NAME] --frame F --out x.png [--size WxH] [--view Y,P,D[,X,Y,Z]]
  animscope render FILE [--model MODEL] --gif out.gif --frames A:B:STEP [--size WxH]
                                       render the 3D view offscreen (--demo: the embedded demo)
  animscope export FILE[:PATH]... [--model MODEL] [--clip NAME | --all] [--root-motion] --out OUT
                                       write glTF 2.0 (OUT.glb / OUT.gltf, or a directory: one .glb per
                                       model or loose animation), exact to the game

MODEL is FILE (of a file holding several models, the largest), FILE:NAME (the model
NAME of a .bfres holding several), ARCHIVE:PATH or ARCHIVE:PATH:NAME.

Run "animscope COMMAND -h" for a command's flags. Exit status: 0 ok, 1 bad input, 2 usage.
`

// IsCommand reports whether name is a headless command (or help), which
// Run carries out; anything else opens the viewer.
func IsCommand(name string) bool {
	switch name {
	case "info", "sample", "render", "export", "help", "-h", "-help", "--help":
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
		err = runRender(args[1:], stdout, env)
	case "export":
		err = runExport(args[1:], stdout, stderr)
	default:
		fmt.Fprint(stdout, TopUsage)
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
