package app

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// bindingKey marks the message describing the current binding: it goes
// when the binding does.
const bindingKey = "binding"

// dropNotices removes the messages under key.
func (m *messages) dropNotices(key string) {
	m.notices = slices.DeleteFunc(m.notices, func(n viewmodel.Notice) bool { return n.Key == key })
}

// settle marks the messages under key as settled: the problem they
// report has gone, so they leave the toast (Messages keeps them).
func (m *messages) settle(key string) {
	for i := range m.notices {
		if m.notices[i].Key == key {
			m.notices[i].Settled = true
		}
	}
}

// namesInSummary is how many bone names a summary line spells out.
const namesInSummary = 5

// summarize turns a binding's warnings into one line and its long form:
// the per-bone "not in the skeleton" warnings become one count with the
// first names ("33 animated bones are not in the skeleton: Tail, …");
// other warnings are kept as they are.
func summarize(b *anim.Binding) (text, detail string) {
	var missing, other []string
	for _, is := range b.Issues {
		if is.Kind == anim.MissingBone {
			missing = append(missing, is.Name)
			continue
		}
		other = append(other, is.String())
	}
	var parts []string
	if len(missing) > 0 {
		shown := missing[:min(len(missing), namesInSummary)]
		s := fmt.Sprintf("%s not in the skeleton: %s", plural(len(missing), "animated bone is", "animated bones are"), strings.Join(shown, ", "))
		if len(missing) > len(shown) {
			s += ", …"
		}
		parts = append(parts, s)
	}
	parts = append(parts, other...)
	text = strings.Join(parts, "; ")
	if len(missing) > namesInSummary || len(other) > 1 {
		detail = strings.Join(append(slices.Clone(other), "bones not in the skeleton: "+strings.Join(missing, ", ")), "\n")
		if len(missing) == 0 {
			detail = strings.Join(other, "\n")
		}
	}
	return text, detail
}

// plural writes n with the singular or plural form ("1 joint", "2
// joints").
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// noteBroken lists a file's unreadable animations in its Files entry and
// as one message (each with its error on expand): the rest of the file
// opened.
func (m *messages) noteBroken(f *File) {
	bs := f.asset.Broken
	if len(bs) == 0 {
		return
	}
	f.broken = f.broken[:0]
	names := make([]string, 0, len(bs))
	for _, b := range bs {
		f.broken = append(f.broken, b.Error())
		names = append(names, b.Name)
	}
	shown := names[:min(len(names), namesInSummary)]
	list := strings.Join(shown, ", ")
	if len(names) > len(shown) {
		list += ", …"
	}
	m.notifyKeyed(viewmodel.Warning, "", strings.Join(f.broken, "\n"), "%s: %s could not be read (the rest opened): %s",
		f.name, plural(len(bs), "animation", "animations"), list)
}

// warningsApart is how many warnings of one file get a message each; more
// become one message with the list on expand (a BotW file can warn about
// dozens of bones).
const warningsApart = 3

// noteWarnings reports a file's notes (as information) and load
// warnings.
func (m *messages) noteWarnings(f *File) {
	for _, n := range f.asset.Notes {
		m.notifyKeyed(viewmodel.Info, "", "", "%s: %s", f.name, n)
	}
	ws := f.asset.Warnings
	if len(ws) <= warningsApart {
		for _, w := range ws {
			m.notifyKeyed(viewmodel.Warning, "", "", "%s: %s", f.name, w)
		}
		return
	}
	m.notifyKeyed(viewmodel.Warning, "", strings.Join(ws, "\n"), "%s: %s (first: %s)", f.name, plural(len(ws), "warning", "warnings"), ws[0])
}

// notifyKeyed adds a message with a long form (detail) under key, so
// dropNotices can take it back.
func (m *messages) notifyKeyed(sev viewmodel.Severity, key, detail, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	m.notices = append(m.notices, viewmodel.Notice{Severity: sev, Text: msg, Time: m.now(), Key: key, Detail: detail})
	if len(m.notices) > maxNotices {
		m.notices = append(m.notices[:0], m.notices[len(m.notices)-maxNotices:]...)
	}
	if m.log != nil && sev >= viewmodel.Warning {
		prefix := "animscope: "
		if sev == viewmodel.Warning {
			prefix = "animscope: warning: "
		}
		fmt.Fprintln(m.log, prefix+OneLine(msg))
	}
}

// messages is the Messages panel: what went wrong or needs saying, newest
// last, bounded, with warnings and errors echoed to the log.
type messages struct {
	notices []viewmodel.Notice
	log     io.Writer // warnings and errors are echoed here ("animscope: FILE: reason")
	now     func() time.Time
}

// notify adds a message to the panel.
func (m *messages) notify(sev viewmodel.Severity, format string, args ...any) {
	m.notifyKeyed(sev, "", "", format, args...)
}
