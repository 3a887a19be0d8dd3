// Package assets embeds what the viewer ships with: the demo that opens
// when no file is given (a small skeleton, its walk and a scrolling
// texture animation, all generated; see README.md) and the UV checker of
// the BTK test quad.
package assets

import (
	"bytes"
	"embed"
	"image"
	"image/png"
	"io/fs"
	"sort"
)

//go:embed demo/* checker.png
var files embed.FS

// DemoFile is one file of the demo.
type DemoFile struct {
	Name string
	Data []byte
}

// Demo returns the demo files, model first.
func Demo() ([]DemoFile, error) {
	entries, err := fs.ReadDir(files, "demo")
	if err != nil {
		return nil, err
	}
	var out []DemoFile
	for _, e := range entries {
		b, err := files.ReadFile("demo/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, DemoFile{Name: e.Name(), Data: b})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// CheckerCells is the number of cells along each side of the checker.
const CheckerCells = 8

// Checker decodes the UV checker texture.
func Checker() (*image.RGBA, error) {
	b, err := files.ReadFile("checker.png")
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	bounds := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, bounds.Dx(), bounds.Dy()))
	for y := 0; y < bounds.Dy(); y++ {
		for x := 0; x < bounds.Dx(); x++ {
			rgba.Set(x, y, img.At(bounds.Min.X+x, bounds.Min.Y+y))
		}
	}
	return rgba, nil
}
