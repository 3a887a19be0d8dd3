package bfres

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFRES runs decode → convert → validate → evaluate on arbitrary bytes:
// no panic, no hang, and every failure is one bfres-prefixed line.
func FuzzFRES(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.bfres")
	paths = append(paths, "testdata/cubic_quant.sbfres")
	for _, p := range paths {
		data := readFixture(f, filepath.Base(p))
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte{})
	f.Add([]byte("FRES"))
	if b, err := os.ReadFile("testdata/texsrt.bfres"); err == nil {
		f.Add(b[:headerSize])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := exercise(data)
		if err != nil && (strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "bfres: ")) {
			t.Fatalf("error %q is not one bfres-prefixed line", err)
		}
	})
}

// FuzzSwitchFRES is FuzzFRES for Switch files: seeded with the Switch
// fixtures, the writer's files per version and their truncations.
func FuzzSwitchFRES(f *testing.F) {
	for _, data := range switchCorpus(f) {
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte(SwitchMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := exercise(data)
		if err != nil && (strings.ContainsAny(err.Error(), "\n\r") || !strings.HasPrefix(err.Error(), "bfres: ")) {
			t.Fatalf("error %q is not one bfres-prefixed line", err)
		}
	})
}
