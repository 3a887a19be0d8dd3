// Command animscope previews game animation files. With no subcommand it
// opens the viewer window and wires the application model (internal/app)
// to the window, the interface (ui) and the renderer (render); the
// subcommands info, sample, render and export do the same work headless
// (internal/cli), and for render this package makes the OpenGL context of
// a hidden window and hands the CLI an offscreen renderer. The CLI
// contract is in docs/architecture.md.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/animscope/animscope/assets"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/platform"
	"github.com/animscope/animscope/render"
)

// version is the release's name, set when linking (make: git describe,
// -ldflags "-X main.version=..."); empty in a plain go build.
var version string

// versionLine is what --version prints: "animscope VERSION (OS/ARCH,
// GOVERSION)". Without a linked version it is "devel" and, when Go
// recorded the build's commit, "devel-COMMIT[-dirty]".
func versionLine(v string, info *debug.BuildInfo, goos, goarch string) string {
	goVersion := "go?"
	if v == "" {
		v = "devel"
	}
	if info != nil {
		goVersion = info.GoVersion
		if v == "devel" {
			var rev, modified string
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					modified = s.Value
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				v += "-" + rev
				if modified == "true" {
					v += "-dirty"
				}
			}
		}
	}
	return fmt.Sprintf("animscope %s (%s/%s, %s)", v, goos, goarch, goVersion)
}

func init() {
	// GLFW and OpenGL calls must come from the main thread.
	runtime.LockOSThread()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		info, _ := debug.ReadBuildInfo()
		fmt.Fprintln(stdout, versionLine(version, info, runtime.GOOS, runtime.GOARCH))
		return 0
	}
	if len(args) > 0 && cli.IsCommand(args[0]) {
		return cli.Run(args, stdout, stderr, cli.Env{NewOffscreen: newOffscreen})
	}
	return cli.Report(runGUI(args, stdout, stderr), stderr)
}

// newOffscreen draws render's scenes with OpenGL on the context of a
// hidden window, freed with the target.
func newOffscreen(w, h int) (cli.Offscreen, error) {
	release, err := hiddenGLContext()
	if err != nil {
		return nil, err
	}
	checker, err := assets.Checker()
	if err == nil {
		err = render.Init()
	}
	var off *render.Offscreen
	if err == nil {
		off, err = render.NewOffscreen(w, h, checker)
	}
	if err != nil {
		release()
		return nil, err
	}
	return &glOffscreen{off, release}, nil
}

// glOffscreen releases the hidden window after the GL objects.
type glOffscreen struct {
	*render.Offscreen
	release func()
}

func (o *glOffscreen) Close() {
	o.Offscreen.Close()
	o.release()
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
