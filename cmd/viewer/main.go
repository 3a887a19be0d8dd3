// Command animscope previews game animation files. With no subcommand it
// opens the viewer window; the subcommands info, sample and render do the
// same work headless (internal/cli). The CLI contract is in docs/architecture.md.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/animscope/animscope/cmd/viewer/internal/platform"
	"github.com/animscope/animscope/internal/cli"
)

func init() {
	// GLFW and OpenGL calls must come from the main thread.
	runtime.LockOSThread()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && cli.IsCommand(args[0]) {
		return cli.Run(args, stdout, stderr, cli.Env{GLContext: hiddenGLContext})
	}
	return cli.Report(runGUI(args, stdout, stderr), stderr)
}

// hiddenGLContext makes the OpenGL context of a hidden window current
// (render draws offscreen; no window is shown).
func hiddenGLContext() (release func(), err error) {
	if err := platform.Init(); err != nil {
		if errors.Is(err, platform.ErrNoDisplay) {
			return nil, fmt.Errorf("%v; render draws with OpenGL and needs one: run it under Xvfb (xvfb-run -a animscope render ...)", err)
		}
		return nil, err
	}
	win, err := platform.NewWindow(platform.Options{Title: "animscope render", Width: 64, Height: 64, Hidden: true})
	if err != nil {
		platform.Terminate()
		return nil, err
	}
	return func() {
		win.Destroy()
		platform.Terminate()
	}, nil
}
