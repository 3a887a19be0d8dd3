package cli

import (
	"path/filepath"
	"strings"
)

// ImportBytes is `animscope import GLTF --onto ONTO --model MODEL` without
// --out: the same conversion, with the new file returned instead of
// written, for the viewer (File › Import animation…) to compare and save.
// outName is the name the file would have (the target's file name: the
// animation, or the archive holding it); summary is the line the command
// prints, about outName, then the conversion's notes (what the command
// prints on stderr), a line each.
func ImportBytes(gltfPath, onto, model string) (out []byte, outName, summary string, err error) {
	c, err := convertImport(gltfPath, importFlags{onto: onto, model: model})
	if err != nil {
		return nil, "", "", err
	}
	outName = filepath.Base(c.target.file)
	summary = c.summary(outName)
	if len(c.res.Notes) > 0 {
		summary += "\n" + strings.Join(c.res.Notes, "\n")
	}
	return c.out, outName, summary, nil
}
