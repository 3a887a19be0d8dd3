package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Open loads files given together (one drop, one command line, one Open):
// models first so the animations bind to them. A folder opens the files
// inside it (folders.go), after asking when they are many. A file already
// open is reloaded in place instead of opened twice. A file that fails
// shows an error and changes nothing else; what was open stays open.
// Opening real files closes the demo.
func (a *App) Open(paths []string) { a.open(paths, false) }

// open is Open; confirmed says the user already agreed to open a big
// folder.
func (a *App) open(paths []string, confirmed bool) {
	loaded := a.ses.load(paths, confirmed, a.reload.reload)
	if len(loaded) == 0 {
		return
	}
	if a.ses.isDemo() {
		a.closeAll()
	}
	a.Add(loaded)
}

// load reads the files of one Open: a folder's files (after asking, and
// returning nothing yet, when there are more than maxFolderFiles unless
// confirmed), each file once, a file already open handed to reload (by
// its key) instead of read twice. It reports what failed and what each
// folder did, and returns the files read anew.
func (s *session) load(paths []string, confirmed bool, reload func(key string, say bool) bool) []*File {
	items, folders := expandFolders(paths)
	if n := folderFiles(folders); !confirmed && s.maxFolderFiles > 0 && n > s.maxFolderFiles {
		s.ask(paths, folders, n)
		return nil
	}
	var loaded []*File
	seen := map[string]bool{}
	for _, it := range items {
		key, open := s.openedKey(it.path)
		if seen[key] {
			continue // the same file twice in one drop
		}
		seen[key] = true
		if open {
			if reload(key, it.folder == nil) && it.folder != nil {
				it.folder.reloaded++
			}
			if it.folder == nil {
				s.addRecent(it.path)
			}
			continue
		}
		fs, err := loadFiles(it.path, it.folder != nil)
		switch {
		case err != nil && it.folder != nil:
			it.folder.failed = append(it.folder.failed, err.Error())
			continue
		case err != nil:
			s.msgs.notify(viewmodel.Error, "%s", err)
			continue
		case it.folder != nil && fs != nil:
			it.folder.opened++
		}
		loaded = append(loaded, fs...)
		if it.folder == nil {
			s.addRecent(it.path)
		}
	}
	for _, f := range folders {
		s.addRecent(f.path)
		s.msgs.noteFolder(f)
	}
	return loaded
}

// openedKey is the key a file opened from path p would have (see
// File.key), and whether one of the open files has it.
func (s *session) openedKey(p string) (string, bool) {
	file, inner := SplitArchivePath(p)
	key := absPath(file)
	if inner != "" {
		key += ":" + inner
	}
	for _, f := range s.files {
		if f.key == key {
			return key, true
		}
	}
	return key, false
}

// Add appends opened files and puts their content on screen.
func (a *App) Add(loaded []*File) {
	first := len(a.ses.files)
	a.ses.files = append(a.ses.files, loaded...)
	newJoint, newTex := -1, -1
	for fi := first; fi < len(a.ses.files); fi++ {
		f := a.ses.files[fi]
		a.msgs.noteWarnings(f)
		a.msgs.noteBroken(f)
		for _, c := range f.asset.Clips {
			c.SetRuntime(a.play.mat.runtime)
			if isMaterialClip(c) {
				continue // chooseMaterials
			}
			if isTexClip(c) && newTex < 0 {
				newTex = fi
			} else if !isTexClip(c) && len(c.Targets) > 0 && newJoint < 0 {
				newJoint = fi
			}
		}
		switch {
		case len(f.asset.Clips) > 0 || len(f.asset.Skeletons) > 0 || f.asset.Archive != nil:
		case len(f.asset.Notes) > 0: // what the file holds is said already
		case len(f.asset.Textures) > 0:
			a.Notify(viewmodel.Info, "%s: %d texture(s), shown in the Textures tab", f.name, len(f.asset.Textures))
		default:
			a.Notify(viewmodel.Warning, "%s: holds no animation or skeleton (a %s file)", f.name, formats.DisplayName(f.asset.Format))
		}
	}
	// The model first, so the animation binds to it whatever the order
	// of the files in a drop; the animation is the best-ranked one for
	// it (pairing.Pair).
	prevModel := a.rig.skel
	if fi, si, ok := a.rig.pairing().pickModel(first); ok {
		a.rig.setModelQuiet(fi, si)
	}
	// The texture and material clips by the same ranking (clipchoice.go),
	// chosen again among all files when the model changed.
	modelChanged := a.rig.skel != prevModel
	a.rig.pairing().chooseTex(first, modelChanged)
	switch fi, ci, ok, clear := a.rig.pairing().pickAnim(first); {
	case ok:
		a.rig.setClip(fi, ci)
	case clear:
		a.play.joint = nil
		a.rig.rebind()
	default:
		a.rig.rebind()
	}
	if a.rig.skel != nil && (a.play.joint == nil || a.play.joint.file < first) {
		a.noteUnfit(first)
	}
	a.rig.pairing().chooseMaterials(first, modelChanged)
	if a.play.joint == nil && a.play.tex == nil && len(a.play.mat.slots) > 0 && a.play.materialSlot(a.play.focus) == nil {
		a.play.focus = viewmodel.MatSlot0
	}
	a.sel.clamp()
	if newJoint < 0 && newTex >= 0 && a.play.tex != nil && a.play.tex.file >= first {
		a.play.focus = viewmodel.TexSlot
	}
	a.Evaluate()
	a.frame.frameScene(true)
}

// unfitKey marks noteUnfit's message: it leaves the toast once a joint
// clip plays.
const unfitKey = "unfit"

// noteUnfit says why the first joint animation among the files opened
// from index first does not play: it does not fit the model, which then
// shows its bind pose with "(none)" in the picker, and that alone reads
// as if the file were ignored (Link's cl.bdl dropped with a 6-joint item
// clip).
func (a *App) noteUnfit(first int) {
	for _, f := range a.ses.files[first:] {
		for _, c := range f.asset.Clips {
			if isTexClip(c) || isMaterialClip(c) || len(c.Targets) == 0 {
				continue
			}
			fit := pairing.FitClip(c, a.rig.skel)
			why := fmt.Sprintf("%d of its %d animated joints are in the model", fit.Bound(), fit.Animated)
			if len(fit.Warnings) > 0 {
				// Its first part: the rest says how the clip would bind
				// if played ("binding the first 6 by index").
				why, _, _ = strings.Cut(fit.Warnings[0], "; ")
			}
			a.msgs.notifyKeyed(viewmodel.Warning, unfitKey, "", "%s: not played on model %s, which it does not fit (%s); pick it under Animation to play it anyway",
				f.name, a.rig.skelLabel, why)
			return
		}
	}
}

// isJointClip reports whether c animates joints: neither a texture nor
// a material or visibility clip (a BRK that comes first in an archive is
// not the animation to play).
func isJointClip(c *anim.Clip) bool {
	return len(c.Targets) > 0 && !isTexClip(c) && !isMaterialClip(c)
}

func isTexClip(c *anim.Clip) bool {
	for i := range c.Targets {
		if c.Targets[i].Kind == anim.TexSRTTarget {
			return true
		}
	}
	return false
}

// isDemo reports whether the embedded demo is what is open.
func (s *session) isDemo() bool {
	return len(s.files) > 0 && s.files[0].demo
}

// addRecent puts p first in the recent files (once, as an absolute path).
func (s *session) addRecent(p string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	out := []string{abs}
	for _, r := range s.recent {
		if r != abs && len(out) < MaxRecent {
			out = append(out, r)
		}
	}
	s.recent = out
}

// LoadFiles opens one path: a file, FILE:entry inside an archive, or an
// archive whose models and animations are all opened.
func LoadFiles(p string) ([]*File, error) { return loadFiles(p, false) }

// loadFiles is LoadFiles; a file found in a folder (inFolder) whose
// content is of no known format is skipped without an error (nil, nil),
// as the Open dialog lists only the formats it knows.
func loadFiles(p string, inFolder bool) ([]*File, error) {
	file, inner := SplitArchivePath(p)
	st, err := os.Stat(file)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory; open the files inside it", p)
	}
	abs := absPath(file)
	deps := []string{abs}
	var out []*File
	if inner != "" {
		as, err := LoadAsset(p)
		if err != nil {
			return nil, err
		}
		out = []*File{{path: p, name: filepath.Base(file) + " › " + inner, asset: as, archive: file, entry: inner}}
	} else {
		data, err := ReadInput(file)
		if err != nil {
			return nil, err
		}
		if inFolder && formats.Sniff(data) == "" {
			return nil, nil
		}
		// The texture files looked for beside it are watched too, found
		// or not: writing X.Tex1 next to X.bfres changes what X shows.
		dir := filepath.Dir(abs)
		siblings := assemble.DirSiblings(file)
		read := func(name string) ([]byte, error) {
			if name == filepath.Base(name) {
				deps = append(deps, filepath.Join(dir, name))
			}
			return siblings(name)
		}
		if out, err = openData(p, filepath.Base(p), data, read); err != nil {
			return nil, err
		}
	}
	key := abs
	if inner != "" {
		key += ":" + inner
	}
	for _, f := range out {
		f.opened, f.key, f.deps = p, key, deps
		f.explicit = !inFolder && (f.archive == "" || inner != "") && onlySideClips(f.asset)
	}
	return out, nil
}

// onlySideClips reports whether a file holds texture, material or
// visibility clips and nothing else that plays or poses: a clip the
// user can give on its own for a model elsewhere.
func onlySideClips(as *formats.Asset) bool {
	if len(as.Skeletons) > 0 || as.Archive != nil || len(as.Clips) == 0 {
		return false
	}
	for _, c := range as.Clips {
		if !isTexClip(c) && !isMaterialClip(c) {
			return false
		}
	}
	return true
}

// OpenData decodes one file's bytes (the demo's: "demo/NAME" links no
// texture files beside it); an archive is expanded into its models and
// animations.
func OpenData(path, name string, data []byte) ([]*File, error) {
	var siblings assemble.SiblingReader
	if file, _ := SplitArchivePath(path); file != "" && !strings.HasPrefix(path, "demo/") {
		siblings = assemble.DirSiblings(file)
	}
	return openData(path, name, data, siblings)
}

// openData decodes one file's bytes, linking the textures its models
// name to those siblings reads from beside it (nil: none); an archive is
// expanded into its models and animations (other entries stay listed in
// the archive).
func openData(path, name string, data []byte, siblings assemble.SiblingReader) ([]*File, error) {
	as, err := formats.Open(path, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	// Files beside the one opened complete it (texture files, SMO's parts
	// models and texture archives); the embedded demo has none.
	if siblings != nil {
		assemble.Textures(as, siblings)
	}
	if as.Archive == nil {
		return []*File{{path: path, name: name, asset: as}}, nil
	}
	entries := as.Archive.Entries()
	out := []*File{{path: path, name: name, asset: as, entries: make([]viewmodel.ArchiveEntry, len(entries))}}
	for i, e := range entries {
		out[0].entries[i] = archiveEntry(e)
	}
	for _, e := range entries {
		if !formats.Openable(e.Kind) {
			continue
		}
		b, err := as.Archive.Read(e.Path)
		if err != nil {
			as.Warnings = append(as.Warnings, fmt.Sprintf("%s: %v", e.Path, err))
			continue
		}
		ea, err := formats.Open(path+":"+e.Path, b)
		if err != nil {
			as.Warnings = append(as.Warnings, fmt.Sprintf("%s: %v", e.Path, err))
			continue
		}
		assemble.FromArchive(ea, as.Archive, e.Path, siblings)
		out = append(out, &File{path: path + ":" + e.Path, name: name + " › " + e.Path, asset: ea, archive: path, entry: e.Path})
	}
	return out, nil
}

// OpenDemo replaces everything with the embedded demo.
func (a *App) OpenDemo() {
	if a.ses.loadDemo == nil {
		return
	}
	files, err := a.ses.loadDemo()
	if err != nil {
		a.Notify(viewmodel.Error, "demo: %v", err)
		return
	}
	var loaded []*File
	for _, f := range files {
		fs, err := OpenData("demo/"+f.Name, f.Name, f.Data)
		if err != nil {
			a.Notify(viewmodel.Error, "demo: %v", err)
			continue
		}
		for _, of := range fs {
			of.demo = true
		}
		loaded = append(loaded, fs...)
	}
	a.closeAll()
	a.Add(loaded)
}

func (a *App) closeAll() {
	a.ses.files = nil
	a.play.joint, a.play.tex, a.rig.skel = nil, nil, nil
	a.play.closeMaterials(-1)
	a.rig.skelFile = -1
	a.rig.binding = anim.Binding{}
	a.rig.markers = a.rig.markers[:0]
	a.sel.Selection = viewmodel.Selection{Joint: -1, Target: -1}
	a.sel.texModeOverride = false
	a.frame.remeasure()
	a.play.focus = viewmodel.JointSlot
}

// closeFile closes one file, and whatever of it was on screen.
func (a *App) closeFile(i int) {
	if i < 0 || i >= len(a.ses.files) {
		return
	}
	a.ses.files = append(a.ses.files[:i], a.ses.files[i+1:]...)
	fix := func(s *slot) *slot {
		switch {
		case s == nil:
			return nil
		case s.file == i:
			return nil
		case s.file > i:
			s.file--
		}
		return s
	}
	a.play.joint, a.play.tex = fix(a.play.joint), fix(a.play.tex)
	a.play.closeMaterials(i)
	switch {
	case a.rig.skel != nil && a.rig.skelFile == i:
		a.rig.skel, a.rig.skelFile = nil, -1
	case a.rig.skelFile > i:
		a.rig.skelFile--
	}
	a.rig.rebind()
	a.sel.clamp()
	a.Evaluate()
}
