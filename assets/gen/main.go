// Command gen writes the generated assets of package assets:
//
//	go run ./assets/gen
//
// checker.png: the UV checker the BTK test quad samples. Every light cell
// has its own colour (red grows with s, green with t) so a translation by
// a fraction of the texture is visible, and the cell at (0,0) carries a
// white corner mark so flips and rotations are too.
//
// demo/scroll.btk: the demo's texture animation (see demoBTK).
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

func main() {
	dir := "assets"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, Checker()); err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "checker.png"), buf.Bytes(), 0o644); err != nil {
		fail(err)
	}
	btk, err := demoBTK()
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "demo", "scroll.btk"), btk, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}

// Checker geometry, shared with the pixel tests through assets.CheckerCell.
const (
	size  = 256
	cells = 8
	cell  = size / cells
)

// Checker draws the UV checker.
func Checker() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			cx, cy := x/cell, y/cell
			var c color.RGBA
			if (cx+cy)%2 == 0 {
				c = color.RGBA{uint8(70 + 185*cx/(cells-1)), uint8(70 + 185*cy/(cells-1)), 200, 255}
			} else {
				c = color.RGBA{34, 36, 44, 255}
			}
			// Orientation mark: the top-left quarter of cell (0,0) is white.
			if x < cell/2 && y < cell/2 {
				c = color.RGBA{250, 250, 250, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
