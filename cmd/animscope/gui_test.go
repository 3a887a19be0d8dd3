package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The GUI tests run the real animscope binary on a display: the GUI with
// --screenshot, `animscope render`, and drops and input through X11. This
// file builds and runs the binary; gui_pixels_test.go relates pixels to
// the math, gui_screenshot_test.go and gui_input_test.go hold the tests.
// Which display each test may use, and when a missing one is a failure, is
// in display_test.go.

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildBin builds the binary once per test run.
func buildBin(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "animscope-test-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "animscope")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// runBin runs the binary on the display in the environment with a private
// config directory and returns its output; a non-zero exit fails the test.
func runBin(t *testing.T, args ...string) string {
	t.Helper()
	needDisplay(t)
	return runBinEnv(t, os.Environ(), args...)
}

// runBinEnv is runBin in the environment env (e.g. privateDisplay's).
func runBinEnv(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(buildBin(t), args...)
	cmd.Env = append(env, "XDG_CONFIG_HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("animscope %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("animscope %s: no exit after 90 s", strings.Join(args, " "))
	}
	return stdout.String()
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			rgba.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return rgba
}

// guiState reads --state-json output.
func guiState(t *testing.T, path string) viewerState {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s viewerState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
