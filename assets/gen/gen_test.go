package main

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

// TestAssetsMatchTheGenerator fails when a generated asset was edited by
// hand or the generator changed without `go run ./assets/gen`.
func TestAssetsMatchTheGenerator(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, Checker()); err != nil {
		t.Fatal(err)
	}
	btk, err := demoBTK()
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]byte{"../checker.png": buf.Bytes(), "../demo/scroll.btk": btk} {
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what assets/gen writes; run go run ./assets/gen", file)
		}
	}
}
