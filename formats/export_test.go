package formats

import (
	"fmt"
	"slices"

	"github.com/animscope/animscope/formats/asset"
)

// Register adds a format after the built-in ones (so its Sniff must not
// accept what a built-in heuristic sniff accepts: data starting with a
// u32 0, or a JSON object naming "bones") and returns the function that
// removes it again. It exists for tests (an export_test file, so the
// program cannot register anything): the program's own formats are the
// explicit list in registry.go. It panics on a descriptor without Name, Sniff
// or Open, or with a Name or clip format already registered.
func Register(f *asset.Format) (unregister func()) {
	if f == nil || f.Name == "" || f.Sniff == nil || f.Open == nil {
		panic("formats: Register needs a Name, a Sniff and an Open")
	}
	registry.Lock()
	defer registry.Unlock()
	for _, g := range all() {
		if g.Name == f.Name {
			panic(fmt.Sprintf("formats: format %q registered twice", f.Name))
		}
		for _, c := range f.ClipFormats {
			if findClip(g, c.Name) != nil {
				panic(fmt.Sprintf("formats: clip format %q registered twice", c.Name))
			}
		}
	}
	registry.extra = append(registry.extra, f)
	return func() {
		registry.Lock()
		defer registry.Unlock()
		registry.extra = slices.DeleteFunc(registry.extra, func(g *asset.Format) bool { return g == f })
	}
}

// The throwaway format of the registry tests, for the external tests that
// check what is built on the registry (pairing a registered format).
var ToyFormat = toyFormat

// ToyFile is a toy file holding translation x for frames frames.
func ToyFile(x float32, frames uint32) []byte { return toyFile(x, frames) }

// MemArchive is an Archive over a map, its entries sniffed.
type MemArchive = memArchive
