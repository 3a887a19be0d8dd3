package app

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestDebouncerWaitsForWritesToSettle drives the debouncer with given
// times and stamps: a file is reported once no event came for the quiet
// period and its stamp has not moved since the last event; a file still
// growing, or missing (mid-rename), waits.
func TestDebouncerWaitsForWritesToSettle(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	stamps := map[string]fileStamp{}
	stamp := func(p string) fileStamp { return stamps[p] }
	full := fileStamp{size: 100, modTime: t0, exists: true}
	half := fileStamp{size: 50, modTime: t0, exists: true}

	var d debouncer
	stamps["a"] = half
	d.touch("a", at(0), half)
	if done, next := d.settled(at(150), stamp); len(done) != 0 || next != 50*time.Millisecond {
		t.Fatalf("150 ms after the event: %q, next check in %v; want nothing yet, in 50ms", done, next)
	}
	// The writer went on without an event reaching us: the size moved,
	// so it waits another quiet period.
	stamps["a"] = full
	if done, next := d.settled(at(200), stamp); len(done) != 0 || next != settleQuiet {
		t.Fatalf("grown since its event: %q, next %v; want nothing, another %v", done, next, settleQuiet)
	}
	if done, next := d.settled(at(400), stamp); !slices.Equal(done, []string{"a"}) || next != 0 {
		t.Fatalf("settled: %q, next %v; want [a] and nothing left", done, next)
	}
	if done, _ := d.settled(at(2000), stamp); len(done) != 0 {
		t.Fatalf("a reported a second time: %q", done)
	}

	// Events keep coming: each one starts the quiet period again.
	stamps["b"] = full
	d.touch("b", at(3000), full)
	d.touch("b", at(3150), full)
	if done, _ := d.settled(at(3300), stamp); len(done) != 0 {
		t.Fatalf("150 ms after the last event: %q", done)
	}
	if done, _ := d.settled(at(3350), stamp); !slices.Equal(done, []string{"b"}) {
		t.Fatalf("200 ms after the last event: %q, want [b]", done)
	}

	// Deleted before its new version is renamed in: it waits, then is
	// reported (the reload says it is gone).
	d.touch("c", at(5000), fileStamp{})
	if done, _ := d.settled(at(5000+int(settleGiveUp/time.Millisecond)-1), stamp); len(done) != 0 {
		t.Fatalf("missing for less than %v: %q", settleGiveUp, done)
	}
	if done, _ := d.settled(at(5000+int(settleGiveUp/time.Millisecond)+200), stamp); !slices.Equal(done, []string{"c"}) {
		t.Fatalf("missing for longer than %v: %q, want [c]", settleGiveUp, done)
	}
}

// TestWatcherSeesSaves: the watcher on the real file system reports a
// file written in place and a file replaced by a rename (as editors
// save), and wakes its caller; other files in the folder are not
// reported.
func TestWatcherSeesSaves(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "walk.bck")
	other := filepath.Join(dir, "other.bck")
	writeBCK(t, p, 2, 60, 5)
	wake := make(chan struct{}, 16)
	w, err := newWatcher(func() { wake <- struct{}{} })
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	w.set([]string{p})

	waitFor := func(what string) []string {
		t.Helper()
		deadline := time.After(20 * time.Second)
		var got []string
		for {
			select {
			case <-wake:
				ready, errs := w.take()
				if len(errs) > 0 {
					t.Fatalf("watch errors: %v", errs)
				}
				got = append(got, ready...)
				if len(got) > 0 {
					return got
				}
			case <-deadline:
				t.Fatalf("no report of %s", what)
			}
		}
	}
	writeBCK(t, other, 2, 1, 1)
	writeBCK(t, p, 2, 30, 5) // in place
	if got := waitFor("a write in place"); !slices.Equal(got, []string{p}) {
		t.Fatalf("reported %q, want only %s", got, p)
	}
	tmp := filepath.Join(dir, ".walk.bck.tmp")
	writeBCK(t, tmp, 2, 90, 5)
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	if got := waitFor("a rename over the file"); !slices.Equal(got, []string{p}) {
		t.Fatalf("reported %q, want %s", got, p)
	}
}

// TestAppWatchReloads: with Watch on, a rewritten open file is reloaded
// by CheckFiles after the watcher's wake, with its message.
func TestAppWatchReloads(t *testing.T) {
	p := filepath.Join(t.TempDir(), "walk.bck")
	writeBCK(t, p, 2, 60, 5)
	a := New(nil)
	wake := make(chan struct{}, 16)
	if err := a.Reloader().Watch(func() { wake <- struct{}{} }); err != nil {
		t.Fatal(err)
	}
	defer a.Reloader().Close()
	a.Apply(viewmodel.OpenFiles{Paths: []string{p}})
	if a.Reloader().CheckFiles() {
		t.Fatal("CheckFiles reports news before anything changed")
	}
	writeBCK(t, p, 2, 90, 5)
	deadline := time.After(20 * time.Second)
	for !a.Reloader().CheckFiles() {
		select {
		case <-wake:
		case <-deadline:
			t.Fatal("the change was not seen")
		}
	}
	a.Apply(viewmodel.Seek{Frame: 10})
	a.Evaluate()
	if n := lastNotice(a); n.Text != "reloaded walk.bck" || !nearVec(a.rig.markers[0].Pos, [3]float64{30, 0, 0}) {
		t.Errorf("message %q, joint 0 at %v; want the reload and the new (30, 0, 0)", n.Text, a.rig.markers[0].Pos)
	}
}
