package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExportInterrupted: Ctrl+C (SIGINT) during a batch export exits 130
// and leaves only complete files: the finished ones renamed into place,
// no temporary file of the ones being written. The test waits for the
// first "wrote" line (polling the output, no fixed sleep) before the
// signal.
func TestExportInterrupted(t *testing.T) {
	bin := buildBin(t)
	in, out := t.TempDir(), t.TempDir()
	data, err := os.ReadFile("../../formats/bfres/testdata/export_bench.bfres")
	must(t, err)
	// One copy per folder: the batch exports identical files in one
	// folder once.
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		must(t, os.MkdirAll(filepath.Join(in, n), 0o755))
		must(t, os.WriteFile(filepath.Join(in, n, n+".bfres"), data, 0o644))
	}
	cmd := exec.Command(bin, "export", in, "--out", out)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	must(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(stderr.String(), "animscope: wrote ") {
		select {
		case err := <-done:
			t.Fatalf("export finished before the signal (%v): make the batch larger\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no file written within 60 s\n%s", stderr.String())
		}
		time.Sleep(statePoll)
	}
	must(t, cmd.Process.Signal(syscall.SIGINT))
	err = <-done
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted; no partial file left") {
		t.Fatalf("exit %v\n%s", err, stderr.String())
	}
	ents, err := filepath.Glob(filepath.Join(out, "*", "*"))
	must(t, err)
	if len(ents) == 0 || len(ents) == 12 {
		t.Fatalf("%d files: the interrupt came too early or too late to tell", len(ents))
	}
	for _, e := range ents {
		b, err := os.ReadFile(e)
		must(t, err)
		if !strings.HasSuffix(e, ".glb") || len(b) < 12 || string(b[:4]) != "glTF" || int(b[8])|int(b[9])<<8|int(b[10])<<16|int(b[11])<<24 != len(b) {
			t.Errorf("%s: not a complete GLB (%d bytes)", e, len(b))
		}
	}
}
