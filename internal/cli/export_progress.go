// What an export tells the user while it runs: messages as they come
// and, on a terminal, a progress bar below them.

package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/animscope/animscope/internal/app"
)

// reporter is what an export tells the user on stderr: warnings and
// notes as they happen, and on a terminal a progress bar drawn below
// them (each message clears the bar, is printed, and the bar is drawn
// again). Its methods may be called from the workers.
type reporter struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	warnings int

	bar              *progressbar.ProgressBar
	verb             string
	files, filesDone int
	started          time.Time
	active           []string // outputs being written, for the bar
	width            int      // the terminal's columns
	lastDesc         string
	drawn            time.Time
}

func newReporter(w io.Writer) *reporter {
	r := &reporter{w: w, width: 80}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		r.terminal = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 40 {
			r.width = cols
		}
	}
	return r
}

// println prints one line above the bar; r.mu is held.
func (r *reporter) println(line string) {
	if r.bar != nil {
		r.bar.Clear()
	}
	fmt.Fprintln(r.w, line)
	if r.bar != nil {
		r.bar.RenderBlank()
	}
}

// warn prints one warning line and counts it.
func (r *reporter) warn(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings++
	r.println("animscope: warning: " + app.OneLine(msg))
}

// note prints something the user should know that is not a problem
// (a duplicate input, a file with nothing to export).
func (r *reporter) note(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.println("animscope: note: " + app.OneLine(msg))
}

// fail prints a failure line (the count is the caller's).
func (r *reporter) fail(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.println("animscope: " + app.OneLine(msg))
}

// info prints a line that only a log wants: on a terminal the bar says
// it instead.
func (r *reporter) info(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.terminal {
		r.println("animscope: " + msg)
	}
}

// startBar shows a bar over files files whose work is units steps (an
// animation converted, a file written); nothing when stderr is not a
// terminal or there is a single step. The bar is drawn at once, so it
// never sits blank while the first file is converted.
func (r *reporter) startBar(verb string, files, units int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.verb, r.files, r.filesDone, r.started, r.active = verb, files, 0, time.Now(), nil
	if !r.terminal || units < 2 {
		return
	}
	// The library's own rate counts steps, and before the first one it
	// reads "0 files/hr"; the description carries files done and a rate
	// measured from the first finished file instead.
	r.bar = progressbar.NewOptions(units, progressbar.OptionSetWriter(r.w),
		progressbar.OptionSetWidth(24), progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(), progressbar.OptionSetDescription(r.describe()))
	r.bar.RenderBlank()
}

// describe is the bar's text: files done of all, the rate once a file
// is done, and what is being written, kept to the terminal's width (a
// wrapped line could not be redrawn in place).
func (r *reporter) describe() string {
	d := fmt.Sprintf("%s %d/%d files", r.verb, r.filesDone, r.files)
	if r.filesDone > 0 {
		rate := float64(r.filesDone) / time.Since(r.started).Seconds()
		if rate >= 1 {
			d += fmt.Sprintf(", %.1f files/s", rate)
		} else {
			d += fmt.Sprintf(", %.1f s/file", 1/rate)
		}
	}
	if len(r.active) > 0 {
		d += ": " + strings.Join(r.active, ", ")
	}
	// The bar, percentage and times take about 50 columns.
	if room := r.width - 52; len(d) > room && room > 10 {
		d = d[:room-1] + "…"
	}
	return d
}

// redescribe redraws the bar with its text: always when forced (files
// done changed), else at most every 50 ms. (The library's own throttle
// drops an update for good: a bar throttled so showed none done while
// one file held most of the work.)
func (r *reporter) redescribe(force bool) {
	if r.bar == nil || !force && time.Since(r.drawn) < 50*time.Millisecond {
		return
	}
	if d := r.describe(); d != r.lastDesc {
		r.lastDesc = d
		r.drawn = time.Now()
		r.bar.Describe(d)
	}
}

// begin marks an output as being written.
func (r *reporter) begin(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active = append(r.active, name)
	r.redescribe(false)
}

// step advances the bar by one step (an animation converted).
func (r *reporter) step() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.redescribe(false) // the rate, as time passes within a long file
		r.bar.Add(1)
	}
}

// end marks an output as finished (one more step: writing it).
func (r *reporter) end(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i := slices.Index(r.active, name); i >= 0 {
		r.active = slices.Delete(r.active, i, i+1)
	}
	r.filesDone++
	if r.bar != nil {
		r.redescribe(true)
		r.bar.Add(1)
	}
}

// spin shows a spinner with text on a terminal until the returned stop
// is called: for a step that cannot count its progress (pairing every
// animation with every model of a large tree takes seconds).
func (r *reporter) spin(text string) (stop func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.terminal {
		return func() {}
	}
	r.bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(r.w), progressbar.OptionSpinnerType(14),
		progressbar.OptionSetElapsedTime(true), progressbar.OptionClearOnFinish(), progressbar.OptionSetDescription(text))
	r.bar.RenderBlank()
	done := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				r.mu.Lock()
				r.bar.Add(1)
				r.mu.Unlock()
			}
		}
	}()
	return func() {
		close(done)
		<-ticked
		r.stopBar()
	}
}

// stopBar removes the bar.
func (r *reporter) stopBar() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Finish()
		r.bar.Clear()
		r.bar = nil
	}
}
