package app

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/animscope/animscope/internal/viewmodel"
)

// The watcher tells the app which open files changed on disk. It watches
// the folders of the files (editors and converters often write a new file
// and rename it over the old one, which a watch on the file itself would
// lose) and reports a file once its writes have settled: no event for
// settleQuiet and the same size and modification time as at the last
// event, so a file is not read half written. Between events it costs
// nothing: its goroutine sleeps in a select, with a timer only while a
// file is settling.

// settleQuiet is how long a changed file must stay untouched before it is
// read again: longer than the gaps between the writes of one save, short
// enough to feel immediate.
const settleQuiet = 200 * time.Millisecond

// settleGiveUp is how long a file may be missing (between the delete and
// the rename of a save) before it is reported anyway: the reload then
// says it is gone.
const settleGiveUp = 3 * time.Second

// fileStamp is what tells two states of a file apart without reading it.
type fileStamp struct {
	size    int64
	modTime time.Time
	exists  bool
}

func stampOf(p string) fileStamp {
	st, err := os.Stat(p)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{size: st.Size(), modTime: st.ModTime(), exists: true}
}

// settling is a changed file waiting for its writes to end.
type settling struct {
	lastEvent time.Time
	stamp     fileStamp
	// missingSince is when the file was first seen missing (zero: it
	// is there).
	missingSince time.Time
}

// debouncer turns the events of changed files into one report per save.
// It holds no clock and reads no file system: the times and the stamps
// are given, so tests can drive it.
type debouncer struct {
	pending map[string]*settling
}

// touch notes an event on path at now, with the file's stamp then.
func (d *debouncer) touch(path string, now time.Time, st fileStamp) {
	if d.pending == nil {
		d.pending = map[string]*settling{}
	}
	s := &settling{lastEvent: now, stamp: st}
	if !st.exists {
		s.missingSince = now
		if old, ok := d.pending[path]; ok && !old.missingSince.IsZero() {
			s.missingSince = old.missingSince
		}
	}
	d.pending[path] = s
}

// settled returns (and forgets) the files whose writes have ended by now
// (stamp gives a file's stamp now), and how long until the next file may
// settle (0: none waits).
func (d *debouncer) settled(now time.Time, stamp func(string) fileStamp) (done []string, next time.Duration) {
	for p, s := range d.pending {
		quiet := now.Sub(s.lastEvent)
		if quiet < settleQuiet {
			next = minWait(next, settleQuiet-quiet)
			continue
		}
		st := stamp(p)
		switch {
		case !st.exists && s.missingSince.IsZero():
			s.missingSince = now
		case st.exists:
			s.missingSince = time.Time{}
		}
		switch {
		case st == s.stamp && st.exists, !st.exists && now.Sub(s.missingSince) >= settleGiveUp:
			done = append(done, p)
			delete(d.pending, p)
		default:
			// Still being written (or not back yet): wait another quiet
			// period from now.
			s.lastEvent, s.stamp = now, st
			next = minWait(next, settleQuiet)
		}
	}
	slices.Sort(done)
	return done, next
}

func minWait(a, b time.Duration) time.Duration {
	if a == 0 || b < a {
		return b
	}
	return a
}

// watcher watches the files the app has open and collects those that
// changed, calling wake (from its own goroutine) when some are ready.
type watcher struct {
	fs   *fsnotify.Watcher
	wake func()
	// stamp reads a file's stamp (stampOf; tests may replace it).
	stamp func(string) fileStamp

	mu    sync.Mutex
	files map[string]bool // the absolute paths to report
	dirs  map[string]bool // the folders watched for them
	ready []string
	errs  []error
	done  chan struct{}
}

// newWatcher starts watching (nothing yet: see set).
func newWatcher(wake func()) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watcher{fs: fw, wake: wake, stamp: stampOf, files: map[string]bool{}, dirs: map[string]bool{}, done: make(chan struct{})}
	go w.run()
	return w, nil
}

// set makes paths (absolute) the files watched.
func (w *watcher) set(paths []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	clear(w.files)
	dirs := map[string]bool{}
	for _, p := range paths {
		w.files[p] = true
		dirs[filepath.Dir(p)] = true
	}
	for d := range w.dirs {
		if !dirs[d] {
			_ = w.fs.Remove(d)
			delete(w.dirs, d)
		}
	}
	for d := range dirs {
		if w.dirs[d] {
			continue
		}
		if err := w.fs.Add(d); err != nil {
			w.errs = append(w.errs, err)
			continue
		}
		w.dirs[d] = true
	}
}

// take returns the files that changed since the last call, and the
// problems watching met.
func (w *watcher) take() ([]string, []error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	r, e := w.ready, w.errs
	w.ready, w.errs = nil, nil
	return r, e
}

// close stops watching.
func (w *watcher) close() {
	_ = w.fs.Close()
	<-w.done
}

func (w *watcher) run() {
	defer close(w.done)
	var d debouncer
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue // a touch or a permission change: same content
			}
			p := filepath.Clean(ev.Name)
			w.mu.Lock()
			watched := w.files[p]
			w.mu.Unlock()
			if watched {
				d.touch(p, time.Now(), w.stamp(p))
				timer.Reset(settleQuiet)
			}
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			w.errs = append(w.errs, err)
			w.mu.Unlock()
			w.wake()
		case <-timer.C:
			done, next := d.settled(time.Now(), w.stamp)
			if next > 0 {
				timer.Reset(next)
			}
			if len(done) > 0 {
				w.mu.Lock()
				for _, p := range done {
					if !slices.Contains(w.ready, p) {
						w.ready = append(w.ready, p)
					}
				}
				w.mu.Unlock()
				w.wake()
			}
		}
	}
}

// Watch makes the app reload the open files that change on disk (see
// CheckFiles); wake is called from another goroutine when one did, so a
// frame loop that sleeps until the next event can wake.
func (rl *Reloader) Watch(wake func()) error {
	w, err := newWatcher(wake)
	if err != nil {
		return err
	}
	rl.watch = w
	return nil
}

// Close stops watching the files.
func (rl *Reloader) Close() {
	if rl.watch != nil {
		rl.watch.close()
		rl.watch = nil
	}
}

// CheckFiles keeps the watched files those open now and reloads the ones
// that changed on disk; it reports whether anything happened (the view
// then has news to show). Without Watch it does nothing.
func (rl *Reloader) CheckFiles() bool {
	w := rl.watch
	if w == nil {
		return false
	}
	if !slices.Equal(rl.watched, rl.ses.files) {
		rl.watched = slices.Clone(rl.ses.files)
		var paths []string
		for _, f := range rl.ses.files {
			for _, d := range f.deps {
				if !slices.Contains(paths, d) {
					paths = append(paths, d)
				}
			}
		}
		w.set(paths)
	}
	changed, errs := w.take()
	for _, err := range errs {
		rl.msgs.notify(viewmodel.Warning, "watching the open files for changes: %v", err)
	}
	if len(changed) > 0 {
		rl.changed(changed) // as viewmodel.ReloadFiles does
	}
	return len(changed) > 0 || len(errs) > 0
}
