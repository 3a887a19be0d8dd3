package ui_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// TestPausedAfterToastsWaitsForNothing pauses the way a user does, after
// opening files that raise toasts: with the Pause button, and with Space
// while the pointer rests on the 3D view. Paused, the app has nothing
// moving (the window loop sleeps) and the interface names the one timed
// thing on screen, the toast's end, after which nothing is timed: a
// paused viewer draws no frames while nothing changes. A Space that a
// focused text field takes leaves playback running, and the transport
// says so in words.
func TestPausedAfterToastsWaitsForNothing(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(archiveFixtures + "biped.szs")
	if err != nil {
		t.Fatal(err)
	}
	szs := filepath.Join(dir, "biped.szs")
	bad := filepath.Join(dir, "broken.szs")
	if err := os.WriteFile(szs, good, 0o644); err != nil {
		t.Fatal(err)
	}
	// A Yaz0 header whose payload is cut: an error toast.
	if err := os.WriteFile(bad, good[:40], 0o644); err != nil {
		t.Fatal(err)
	}
	a := openApp(t, szs, bad)
	u, done := uiContext(t, 1400, 860)
	defer done()
	io := imgui.CurrentIO()
	io.KeyMap(imgui.KeySpace, 32)
	io.KeyMap(imgui.KeyEscape, 256)
	var v viewmodel.View
	frame := func(x, y float32, down bool) { uiFrame(a, u, &v, x, y, down) }
	rect := func(id string) (float32, float32, float32) {
		t.Helper()
		r, ok := u.ItemRect(id)
		if !ok {
			t.Fatalf("no %s control", id)
		}
		return r.X + r.W/2, r.Y + r.H/2, r.W
	}
	press := func(key int, x, y float32) {
		io.KeyPress(key)
		frame(x, y, false)
		io.KeyRelease(key)
		frame(x, y, false)
	}
	frame(0, 0, false)
	frame(0, 0, false)
	if _, ok := u.ItemRect("toast:dismiss"); !ok {
		t.Fatal("opening a broken file beside a good one shows no toast: the test cannot tell")
	}
	if !a.Busy() {
		t.Fatal("the walk does not play on opening")
	}
	wantIdle := func(how string) {
		t.Helper()
		// The loop's settling frames, the pointer still.
		for range 6 {
			frame(-1, -1, false)
		}
		if a.Busy() || now(a).Playing {
			t.Fatalf("%s: still playing", how)
		}
		start := time.Now()
		wait, ok := u.NextChange(&v, start)
		if !ok || wait <= 0 || wait > 12*time.Second {
			t.Fatalf("%s: next change in %v (timed %v), want the toast's end within 12 s", how, wait, ok)
		}
		// Once the toast has gone, nothing on screen is timed.
		if wait, ok := u.NextChange(&v, start.Add(wait+time.Millisecond)); ok {
			t.Fatalf("%s: after the toast something is still timed, %v later", how, wait)
		}
	}

	// The Pause button.
	x, y, _ := rect("pause")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	wantIdle("the Pause button")

	// Play, then Space with the pointer on the 3D view.
	x, y, _ = rect("play")
	frame(x, y, false)
	frame(x, y, true)
	frame(x, y, false)
	if !a.Busy() {
		t.Fatal("the Play button did not play")
	}
	sx, sy := float32(700), float32(300)
	press(32, sx, sy)
	wantIdle("Space on the 3D view")

	// Play, click into the files filter, press Space: the field takes
	// it, playback goes on, and the transport says why.
	press(32, sx, sy)
	if !a.Busy() {
		t.Fatal("Space did not play again")
	}
	r, _ := u.ItemRect("playstate")
	plainW := r.W
	fx, fy, _ := rect("files:filter")
	frame(fx, fy, false)
	frame(fx, fy, true)
	frame(fx, fy, false)
	io.AddInputCharacters(" ")
	press(32, fx, fy)
	if !a.Busy() {
		t.Fatal("a Space typed into the filter paused playback")
	}
	r, _ = u.ItemRect("playstate")
	if r.W < 3*plainW {
		t.Fatalf("after a Space the filter took, the transport's state is %.0f wide, as plain \"playing\" (%.0f): it does not say why playback goes on", r.W, plainW)
	}
	// Esc leaves the field; Space then pauses.
	press(256, fx, fy)
	press(32, sx, sy)
	wantIdle("Esc, then Space")
}
