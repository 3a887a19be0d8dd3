// Command animscope previews game animation files. With no subcommand it
// opens the viewer window; the subcommands info, sample and render do the
// same work headless. See DESIGN.md for the CLI contract.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
)

func init() {
	// GLFW and OpenGL calls must come from the main thread.
	runtime.LockOSThread()
}

// Exit statuses of the CLI contract.
const (
	exitOK    = 0
	exitInput = 1 // the input is bad: one line on stderr
	exitUsage = 2
)

// inputError is a problem with an input file; the CLI prints
// "animscope: FILE: reason" and exits 1.
type inputError struct {
	file string
	err  error
}

func (e *inputError) Error() string { return e.file + ": " + e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// usageError is a bad command line; exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

const topUsage = `animscope: a previewer for game animation files (J3D BCK/BTK, BMD/BDL, RARC, BFRES, SWTOR JBA)

Usage:
  animscope [flags] [FILE...]          open the viewer (the embedded demo when no FILE); flags:
        --size WxH  --frame F  --select NAME  --labels  --no-config
        --screenshot PATH [--after-frames N] [--state-json PATH]   (SIGUSR1: screenshot now)
        --tab curves|inspector|messages  --plot TARGET/CHANNEL,...  --raw-units
        --compare [--compare-time T]     the analysis panels in a known state
        --bench-frames N                 print CPU time per frame and open-to-first-frame
  animscope info FILE[:PATH] [--json]  summarise a file (clips, loop mode, targets, archive listing)
  animscope sample FILE (--frames LIST | --times LIST) [--loop MODE] [--clip NAME] [--model FILE] (--json | --csv)
                                       print sampled channel values (JSON schema: SAMPLES.md;
                                       CSV: one row per frame, one column per channel)
  animscope render FILE [--model FILE] [--clip NAME] --frame F --out x.png [--size WxH] [--view Y,P,D[,X,Y,Z]]
  animscope render FILE [--model FILE] --gif out.gif --frames A:B:STEP [--size WxH]
                                       render the 3D view offscreen (--demo: the embedded demo)

Run "animscope COMMAND -h" for a command's flags. Exit status: 0 ok, 1 bad input, 2 usage.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var err error
	cmd := ""
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "info":
		err = runInfo(args[1:], stdout)
	case "sample":
		err = runSample(args[1:], stdout, stderr)
	case "render":
		err = runRender(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, topUsage)
		return exitOK
	default:
		err = runGUI(args, stdout, stderr)
	}
	return report(err, stderr)
}

// report prints err as the CLI contract says and returns the exit status.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "animscope: %s\n", ue.msg)
		return exitUsage
	}
	if errors.Is(err, errHelp) {
		return exitOK
	}
	fmt.Fprintf(stderr, "animscope: %s\n", oneLine(err.Error()))
	return exitInput
}

// oneLine keeps an error message to one line.
func oneLine(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}
