package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Importer converts the glTF at gltfPath onto the animation onto names
// (the CLI's TARGET: FILE, ARCHIVE:path/x.bck, FILE.bfres:Clip), with the
// skeleton of model, and returns the new file of onto's kind (the whole
// archive when onto is an entry), the name it would have and the line
// saying what was converted (then the conversion's notes, a line each).
// It is `animscope import` without --out; the
// program sets it (the app does not reach the command line's code).
type Importer func(gltfPath, onto, model string) (out []byte, outName, summary string, err error)

// abImport is a B converted from a glTF, in memory until Save as writes
// it: the bytes, the files that went into it (which Save as never
// overwrites), the summary and how the last Save as ended.
type abImport struct {
	data     []byte
	inputs   []string
	summary  string
	savePath string
	last     viewmodel.ExportOutcome
}

// importAnimation converts the glTF at path onto A's file with the model
// in use and compares the result with A as B. What fails leaves the
// comparison as it was and says why.
func (c *abCompare) importAnimation(path string) {
	fail := func(format string, args ...any) {
		c.msgs.notify(viewmodel.Error, "import %s: %s", filepath.Base(path), fmt.Sprintf(format, args...))
	}
	if c.importer == nil {
		fail("this build cannot import")
		return
	}
	onto, model, err := c.importTarget()
	if err != nil {
		fail("%v", err)
		return
	}
	data, name, summary, err := c.importer(path, onto, model)
	if err != nil {
		// The command's own usage errors start with its name already.
		c.msgs.notify(viewmodel.Error, "import: %s", strings.TrimPrefix(OneLine(err.Error()), "import: "))
		return
	}
	files, err := openData(name, name, data, nil)
	if err != nil {
		fail("the converted file does not open again: %v", err)
		return
	}
	ontoFile, _ := SplitArchivePath(onto)
	modelFile, _ := SplitArchivePath(model)
	summary, notes, _ := strings.Cut(summary, "\n")
	imp := &abImport{data: data, inputs: []string{path, ontoFile, modelFile}, summary: summary,
		savePath: savePathFor(path, ontoFile)}
	entry, clipIdx := c.targetClip()
	c.start(name+" (imported)", files)
	c.imported = imp
	// B is the clip the import replaced: in an archive, its entry, which
	// pickB cannot find by name (J3D clips have none).
	if cl := importedClip(files, entry, clipIdx); cl != nil && cl != c.clip {
		c.chosen, c.res = cl, nil
		c.update()
	}
	c.msgs.notify(viewmodel.Info, "imported %s onto %s: %s", filepath.Base(path), onto, summary)
	for n := range strings.Lines(notes) {
		c.msgs.notify(viewmodel.Info, "%s: %s", filepath.Base(path), strings.TrimSuffix(n, "\n"))
	}
}

// importTarget is what an import converts onto: A's file as the CLI names
// it (the archive entry it came from; the clip by name in a file of
// several), and the file of the model A is posed on.
func (c *abCompare) importTarget() (onto, model string, err error) {
	sa, slotA := c.clipA()
	if sa == nil {
		return "", "", fmt.Errorf("play the animation to import onto first")
	}
	f := c.ses.files[sa.file]
	if f.demo {
		return "", "", fmt.Errorf("%s is the embedded demo; open the game's file to import onto", f.name)
	}
	onto = f.path
	if f.archive != "" {
		onto = f.archive + ":" + f.entry
	}
	// A BFRES target is always a clip of the file, even its only one.
	if (len(f.asset.Clips) > 1 || f.asset.Format == "bfres") && sa.clip.Name != "" {
		onto += ":" + sa.clip.Name
	}
	if r := c.rig; r.skel != nil && r.skelFile >= 0 && r.skelFile < len(c.ses.files) {
		model = c.ses.files[r.skelFile].path
	}
	// A texture SRT clip (BTK, BFRES) takes the glTF's material
	// channels: no joints to match, so no model needed.
	if model == "" && slotA == viewmodel.JointSlot {
		return "", "", fmt.Errorf("open the model %s plays on: the glTF's nodes are matched to its joints", sa.label)
	}
	return onto, model, nil
}

// targetClip is where A's clip sits in the file an import onto it makes:
// its archive entry ("" loose) and its index among the entry's clips.
func (c *abCompare) targetClip() (entry string, clipIdx int) {
	sa, _ := c.clipA()
	return c.ses.files[sa.file].entry, sa.clipIdx
}

// importedClip is the clip at clipIdx of the file of files opened from
// entry (the loose file when entry is "").
func importedClip(files []*File, entry string, clipIdx int) *anim.Clip {
	for _, f := range files {
		if f.entry == entry && clipIdx >= 0 && clipIdx < len(f.asset.Clips) {
			return f.asset.Clips[clipIdx]
		}
	}
	return nil
}

// savePathFor is where Save as offers to write an import: beside the
// glTF, named after the target's file with "-imported" before its
// extension (never an input's own name).
func savePathFor(gltfPath, ontoFile string) string {
	base := filepath.Base(ontoFile)
	ext := filepath.Ext(base)
	return filepath.Join(filepath.Dir(gltfPath), strings.TrimSuffix(base, ext)+"-imported"+ext)
}

// saveImported writes the imported B to path, refusing a path that names
// one of the files it was converted from (or any file open in the
// viewer): inputs are never written.
func (c *abCompare) saveImported(path string) {
	imp := c.imported
	if imp == nil {
		return
	}
	done := func(failed bool, format string, args ...any) {
		text := fmt.Sprintf(format, args...)
		imp.last = viewmodel.ExportOutcome{Text: text, Failed: failed, Time: time.Now()}
		sev := viewmodel.Info
		if failed {
			sev = viewmodel.Error
		}
		c.msgs.notify(sev, "%s", text)
	}
	if path == "" {
		done(true, "Not saved: give the path to write")
		return
	}
	inputs := append([]string(nil), imp.inputs...)
	for _, f := range c.ses.files {
		if file, _ := SplitArchivePath(f.path); !f.demo {
			inputs = append(inputs, file)
		}
	}
	for _, in := range inputs {
		if in != "" && sameFile(in, path) {
			done(true, "Not saved: %s is the input %s; inputs are never overwritten", path, in)
			return
		}
	}
	if err := export.WriteAtomic(path, imp.data); err != nil {
		done(true, "Not saved: %v", err)
		return
	}
	imp.savePath = path
	done(false, "Saved %s (%d bytes)", path, len(imp.data))
}

// sameFile reports whether two paths name the same file (or, when
// either does not exist yet, the same absolute path).
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return absPath(a) == absPath(b)
}
