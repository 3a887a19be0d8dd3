package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/platform"
)

// Where the GUI tests draw, and what they may do there.
//
// Tests that only open a window and take a screenshot (runBin) use
// the display in the environment. make test gives them a private one: it
// runs go test under xvfb-run, whatever $DISPLAY was.
//
// Tests that change the X server's state or send it input (Xft.dpi in the
// root window's RESOURCE_MANAGER, xdotool keys and clicks, XDND drops,
// which also take the XdndSelection) never use $DISPLAY, even under make
// test: each starts an Xvfb of its own (privateDisplay) and points the
// viewer and its tools at it. We chose a server of the test's own over an
// environment marker ("the Makefile made this display"): a marker is only a
// claim, which an exported variable or a nested shell can carry to a real
// desktop, while a server the test started, on a display number the
// server picked itself (-displayfd), cannot be anyone else's. It also keeps
// these tests apart from each other and from the other GUI tests (a 144-dpi
// RESOURCE_MANAGER would rescale their windows; xdnd-drop --name could find
// another test's window).
//
// ANIMSCOPE_REQUIRE_DISPLAY (set by make test) turns the skips for a
// missing display or a missing Xvfb into failures, so the GUI tests cannot
// silently not run there. Plain go test on a machine without either skips.

// requireEnv is the variable that makes a missing display a failure.
const requireEnv = "ANIMSCOPE_REQUIRE_DISPLAY"

// skipOrFail skips the test, or fails it when make test requires the GUI
// tests to run.
func skipOrFail(t testing.TB, why string) {
	t.Helper()
	if os.Getenv(requireEnv) != "" {
		t.Fatalf("%s; %s is set (make test): the GUI tests must run, not skip", why, requireEnv)
	}
	t.Skip(why)
}

// needDisplay skips (or fails, see skipOrFail) when no display is
// configured.
func needDisplay(t testing.TB) {
	t.Helper()
	if !platform.HasDisplay() {
		skipOrFail(t, "no display ($DISPLAY/$WAYLAND_DISPLAY unset); run under xvfb-run, as make test does")
	}
}

// privateDisplay starts an Xvfb for this test alone (killed when the test
// ends) and returns the environment for programs that must use it: $DISPLAY
// names the new server, and $WAYLAND_DISPLAY and $XAUTHORITY of the
// caller's session are not passed on.
func privateDisplay(t testing.TB) []string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		skipOrFail(t, "Xvfb is not installed (make deps installs it); this test runs only on an X server of its own")
	}
	r, w, err := os.Pipe()
	must(t, err)
	// -displayfd 3: the server picks a free display number and writes it
	// to fd 3 (ExtraFiles[0]) once it accepts connections.
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		t.Fatalf("starting Xvfb: %v", err)
	}
	w.Close()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	num := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		r.Close()
		num <- strings.TrimSpace(line)
	}()
	var n string
	select {
	case n = <-num:
	case <-time.After(20 * time.Second):
		t.Fatalf("Xvfb did not report its display within 20 s\n%s", stderr.String())
	}
	if n == "" {
		<-exited
		t.Fatalf("Xvfb exited without a display\n%s", stderr.String())
	}
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name != "DISPLAY" && name != "WAYLAND_DISPLAY" && name != "XAUTHORITY" {
			env = append(env, kv)
		}
	}
	// The server has no cookie; an empty authority file makes clients
	// connect as the local user, whom it admits.
	env = append(env, "DISPLAY=:"+n, "XAUTHORITY="+filepath.Join(t.TempDir(), "no-xauthority"))
	return slices.Clip(env)
}

// syncBuffer is a bytes.Buffer that a running process may write to while
// the test reads it (for its failure messages).
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// stateWait is how long waitState waits for a state that shows what the
// test expects, and how often it looks.
const (
	stateWait = 20 * time.Second
	statePoll = 10 * time.Millisecond
)

// waitState waits until the --state-json file at path exists, decodes
// and satisfies ok (nil: any state), and returns it. The viewer writes the
// file atomically (writeState), so a file that exists is complete. It
// fails with what description says was expected and the last state seen
// after stateWait, or when stop is closed first (the viewer exited; stop
// may be nil); detail adds context (e.g. the viewer's stderr) to failures.
func waitState(t testing.TB, path string, description string, ok func(viewerState) bool, stop <-chan struct{}, detail func() string) viewerState {
	t.Helper()
	if detail == nil {
		detail = func() string { return "" }
	}
	deadline := time.Now().Add(stateWait)
	last := "no state file"
	for {
		if b, err := os.ReadFile(path); err == nil {
			var s viewerState
			if err := json.Unmarshal(b, &s); err != nil {
				// Never a partly written file: the writer renames it into
				// place. A file that does not decode is a bug.
				t.Fatalf("%s: %v\n%s", path, err, b)
			}
			if ok == nil || ok(s) {
				return s
			}
			last = fmt.Sprintf("last state: %+v", s)
		} else if !os.IsNotExist(err) {
			t.Fatal(err)
		}
		select {
		case <-stop:
			t.Fatalf("the viewer exited before its state showed %s (%s)\n%s", description, last, detail())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no state showing %s within %v (%s)\n%s", description, stateWait, last, detail())
		}
		time.Sleep(statePoll)
	}
}

// TestWriteStateIsAtomic: the state file is complete when it appears, and
// no temporary file is left next to it.
func TestWriteStateIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	for _, files := range [][]string{{"a.bck"}, {"a.bck", "b.bmd"}} {
		must(t, writeState(path, viewerState{State: app.State{Files: files, Selected: 3}}))
		s := waitState(t, path, "the state just written", nil, nil, nil)
		if !slices.Equal(s.Files, files) || s.Selected != 3 {
			t.Errorf("read back %+v, want files %q and joint 3", s, files)
		}
		entries, err := os.ReadDir(dir)
		must(t, err)
		if len(entries) != 1 {
			t.Errorf("directory holds %d entries after writeState, want only s.json", len(entries))
		}
	}
	if err := writeState(filepath.Join(dir, "missing", "s.json"), viewerState{}); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}
