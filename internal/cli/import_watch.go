package cli

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watchQuiet is how long the watched file must stay untouched before it
// is converted again: Blender's exporter writes a .glb in several writes
// (and a .gltf with its .bin), which must all have landed.
const watchQuiet = 200 * time.Millisecond

// watchFile runs convert once, then again each time path (or, for a
// .gltf, the files beside it such as its .bin) changes and has been quiet
// for watchQuiet, until ctx ends. It watches the folder, not the file:
// exporters often write a new file and rename it over the old one, which
// a watch on the file itself would lose. ready, when set, is told once
// the watch is in place (tests wait for it).
func watchFile(ctx context.Context, path string, convert func(), ready func()) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	dir := filepath.Dir(path)
	if err := w.Add(dir); err != nil {
		return err
	}
	convert()
	if ready != nil {
		ready()
	}
	abs, _ := filepath.Abs(path)
	bin := abs[:len(abs)-len(filepath.Ext(abs))] + ".bin"
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			p, _ := filepath.Abs(ev.Name)
			if p == abs || p == bin {
				timer.Reset(watchQuiet)
			}
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			return err
		case <-timer.C:
			if _, err := os.Stat(path); err == nil {
				convert()
			}
		}
	}
}
