package app

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// A folder given to Open (command line, drop, the Open dialog) opens the
// files inside it and its subfolders that animscope can read, so a game
// dump's model folder opens in one go. Which files: those with an
// extension a format claims (formats.KnownExtension, as the Open dialog
// lists them), of which a file whose content is of no known format is
// skipped silently; hidden files and folders are left out. A folder of
// more than maxFolderFiles such files opens only after the user agrees.

// DefaultMaxFolderFiles is how many files of a folder open without asking:
// far more than a model's folder holds, far fewer than a whole game dump.
const DefaultMaxFolderFiles = 500

// folderOpen is one folder being opened: what was found, what opened,
// what could not be read.
type folderOpen struct {
	path     string
	files    int // files with a known extension
	opened   int
	reloaded int
	failed   []string // "FILE: reason"
}

// openItem is one path to open: as given, or found in folder.
type openItem struct {
	path   string
	folder *folderOpen
}

// pendingOpen is an Open waiting for the user's answer to q.
type pendingOpen struct {
	paths []string
	q     viewmodel.Confirm
}

// expandFolders replaces each folder among paths by the files inside it
// (recursively, in lexical order).
func expandFolders(paths []string) ([]openItem, []*folderOpen) {
	var items []openItem
	var folders []*folderOpen
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			items = append(items, openItem{path: p})
			continue
		}
		f := &folderOpen{path: p}
		folders = append(folders, f)
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				f.failed = append(f.failed, fmt.Sprintf("%s: %v", path, unwrapPathError(err)))
				return nil
			}
			hidden := strings.HasPrefix(d.Name(), ".") && path != p
			switch {
			case d.IsDir() && hidden:
				return filepath.SkipDir
			case d.IsDir() || hidden:
				return nil
			}
			if !formats.KnownExtension(filepath.Ext(d.Name())) {
				return nil
			}
			if !d.Type().IsRegular() {
				// A link to a file opens; one to a folder is not followed
				// (it could lead back up).
				if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
					return nil
				}
			}
			f.files++
			items = append(items, openItem{path: path, folder: f})
			return nil
		})
	}
	return items, folders
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// folderFiles is how many files the folders would open.
func folderFiles(folders []*folderOpen) int {
	n := 0
	for _, f := range folders {
		n += f.files
	}
	return n
}

// ask keeps an Open of n files from folders until the user answers.
func (s *session) ask(paths []string, folders []*folderOpen, n int) {
	where := folders[0].path
	if len(folders) > 1 {
		where = fmt.Sprintf("%d folders", len(folders))
	}
	s.pending = &pendingOpen{paths: paths, q: viewmodel.Confirm{
		Text: fmt.Sprintf("%s holds %d files animscope can open (counting its subfolders). Opening them all takes a while and much memory. Open them all?", where, n),
		Yes:  fmt.Sprintf("Open all %d", n),
		No:   "Cancel",
	}}
}

// answer carries out (yes) or drops the Open waiting for an answer.
func (a *App) answer(yes bool) {
	p := a.ses.pending
	a.ses.pending = nil
	if p != nil && yes {
		a.open(p.paths, true)
	}
}

// noteFolder says what opening folder f did: how many files opened, and
// which could not be read (one message, each file's error on expand). A
// folder that opened nothing is an error, as a file that does not open.
func (m *messages) noteFolder(f *folderOpen) {
	name := filepath.Base(filepath.Clean(f.path))
	did := fmt.Sprintf("opened %s from folder %s", plural(f.opened, "file", "files"), name)
	if f.reloaded > 0 {
		did += fmt.Sprintf(", reloaded %d already open", f.reloaded)
	}
	if skipped := f.files - f.opened - f.reloaded - len(f.failed); skipped > 0 {
		did += fmt.Sprintf(" (%d of another format skipped)", skipped)
	}
	sev := viewmodel.Info
	switch {
	case f.opened+f.reloaded == 0:
		sev = viewmodel.Error
	case len(f.failed) > 0:
		sev = viewmodel.Warning
	}
	switch {
	case f.files == 0 && len(f.failed) == 0:
		m.notify(sev, "%s: is a folder with no file animscope can open, in it or its subfolders", f.path)
	case len(f.failed) > 0:
		m.notifyKeyed(sev, "", strings.Join(f.failed, "\n"), "%s; %d could not be read (first: %s)", did, len(f.failed), f.failed[0])
	default:
		m.notify(sev, "%s", did)
	}
}
