package ui

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// openWindow is the Open dialog: recent files on the left, the directory
// listing (from cmd/animscope, through the Browse intent) on the right.
func (u *UI) openWindow(v *viewmodel.View) {
	s := u.scale
	center := imgui.MainViewport().Center()
	imgui.SetNextWindowPosV(center, imgui.ConditionFirstUseEver, imgui.Vec2{X: 0.5, Y: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 760 * s, Y: 480 * s}, imgui.ConditionFirstUseEver)
	if u.openFocus {
		// Modal: while it is up the keys and clicks are the dialog's.
		imgui.OpenPopup(openDialogID)
		u.openFocus = false
		// List the last directory (or the working directory) on opening.
		u.emit(viewmodel.Browse{Dir: v.Browser.Dir})
	}
	open := true
	if !imgui.BeginPopupModalV(u.openTitle()+"###open", &open, imgui.WindowFlagsNoCollapse) {
		u.openDialog = false
		return
	}
	if u.escapePressed() {
		open = false
	}
	defer func() {
		if !u.openDialog {
			imgui.CloseCurrentPopup()
		}
		imgui.EndPopup()
	}()
	u.recordWindow("open:window")
	b := &v.Browser
	if b.Dir != u.browsedDir {
		u.browsedDir = b.Dir
		u.pathInput = b.Dir
		u.pickedFiles = map[string]bool{}
	}
	// Path bar.
	if imgui.Button("Up") {
		u.emit(viewmodel.Browse{Dir: filepath.Dir(b.Dir)})
	}
	imgui.SameLine()
	imgui.SetNextItemWidth(-1)
	if imgui.InputTextV("##path", &u.pathInput, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		u.emit(viewmodel.Browse{Dir: u.pathInput})
	}
	if b.Err != "" {
		textWrapped(colError, b.Err)
	}
	footer := imgui.FrameHeightWithSpacing() + imgui.CurrentStyle().ItemSpacing().Y
	avail := imgui.ContentRegionAvail()
	recentW := min(260*s, avail.X*0.35)

	// Recent files: one click opens.
	imgui.BeginChildV("##recent", imgui.Vec2{X: recentW, Y: avail.Y - footer}, true, 0)
	textDim("Recent")
	imgui.Separator()
	if len(v.Recent) == 0 {
		textDim("(none yet)")
	}
	for i, p := range v.Recent {
		if imgui.SelectableV(fmt.Sprintf("%s###r%d", baseName(p), i), false, 0, imgui.Vec2{}) {
			u.emit(viewmodel.OpenFiles{Paths: []string{p}})
			u.openDialog = false
		}
		u.record(fmt.Sprintf("recent:%d", i))
		if imgui.IsItemHovered() {
			imgui.SetTooltip(p)
		}
		// The folder tells same-named files of different games apart.
		imgui.Indent()
		textDim(elide(recentFolder(p), imgui.ContentRegionAvail().X))
		imgui.Unindent()
	}
	imgui.EndChild()
	imgui.SameLine()

	// Directory listing: folders navigate, files toggle; double-click opens.
	imgui.BeginChildV("##listing", imgui.Vec2{X: 0, Y: avail.Y - footer}, true, 0)
	hidden := 0
	entries := u.listedEntries(b.Entries)
	for _, i := range listingOrder(entries, u.allFiles) {
		e := entries[i]
		full := filepath.Join(b.Dir, e.Name)
		if e.Dir {
			if imgui.SelectableV(fmt.Sprintf("%s/###d%d", e.Name, i), false, imgui.SelectableFlagsAllowDoubleClick, imgui.Vec2{}) {
				u.emit(viewmodel.Browse{Dir: full})
			}
			u.record("open:" + e.Name)
			continue
		}
		if !e.Known {
			imgui.PushStyleColor(imgui.StyleColorText, colTextDim)
		}
		expanded := e.Archive && b.Archive == full
		if e.Archive {
			// The arrow lists the archive's models and animations, so one
			// entry can be opened (and paired) without the rest.
			sign := "+"
			if expanded {
				sign = "-"
			}
			if imgui.ButtonV(fmt.Sprintf("%s##x%d", sign, i), imgui.Vec2{X: imgui.FrameHeight() * 0.8, Y: imgui.TextLineHeight()}) {
				if expanded {
					u.emit(viewmodel.BrowseArchive{})
				} else {
					u.emit(viewmodel.BrowseArchive{Path: full})
				}
			}
			u.record("open:expand:" + e.Name)
			imgui.SameLine()
		}
		u.pickRow(fmt.Sprintf("%s###f%d", e.Name, i), full)
		u.record("open:" + e.Name)
		if !e.Known {
			imgui.PopStyleColor()
		}
		imgui.SameLine()
		setCursorX(imgui.WindowWidth() - 90*s)
		textDim(humanSize(e.Size))
		if expanded {
			u.archiveRows(b, full)
		}
	}
	if hidden = len(b.Entries) - len(listingOrder(b.Entries, u.allFiles)); hidden > 0 {
		textDim(fmt.Sprintf("%d other files (tick All files to list them)", hidden))
	}
	if len(b.Entries) == 0 && b.Err == "" {
		textDim("(empty directory)")
	}
	imgui.EndChild()

	var picked []string
	for p, ok := range u.pickedFiles {
		if ok {
			picked = append(picked, p)
		}
	}
	sort.Strings(picked)
	beginDisabled(len(picked) == 0)
	if imgui.Button(fmt.Sprintf("Open %d file(s)###openpicked", len(picked))) && len(picked) > 0 {
		u.emit(viewmodel.OpenFiles{Paths: picked})
		u.openDialog = false
	}
	u.record("open:ok")
	endDisabled(len(picked) == 0)
	imgui.SameLine()
	if imgui.Button("Open this folder") && b.Dir != "" {
		u.emit(viewmodel.OpenFiles{Paths: []string{b.Dir}})
		u.openDialog = false
	}
	u.record("open:folder")
	tooltip("Open every file animscope reads in this folder and its subfolders")
	imgui.SameLine()
	if imgui.Button("Cancel") {
		u.openDialog = false
	}
	imgui.SameLine()
	imgui.Checkbox("All files", &u.allFiles)
	u.record("open:all")
	tooltip("List files of unknown formats too (files are told apart by their content, not their names)")
	imgui.SameLine()
	textDim("Ctrl+click picks several (a model and its animations). Files can also be dropped on the window.")
	if !open {
		u.openDialog = false
	}
}

// openDialogID names the Open dialog's modal popup.
const openDialogID = "Open files###open"

// listingOrder is the order the Open dialog lists a directory in:
// folders, then the files animscope reads (by extension) and archives,
// then, with all set, every other file; each group keeps the listing's
// order.
func listingOrder(es []viewmodel.DirEntry, all bool) []int {
	var dirs, known, other []int
	for i, e := range es {
		switch {
		case e.Dir:
			dirs = append(dirs, i)
		case e.Known || e.Archive:
			known = append(known, i)
		default:
			other = append(other, i)
		}
	}
	out := append(dirs, known...)
	if all {
		out = append(out, other...)
	}
	return out
}

// recentFolder is the folder of a recent path (an archive entry's: its
// archive's).
func recentFolder(p string) string {
	return filepath.Dir(p)
}

// pickRow is one selectable file row: a click picks it (Ctrl/Shift add to
// the picks), a double-click opens it.
func (u *UI) pickRow(label, path string) {
	picked := u.pickedFiles[path]
	if imgui.SelectableV(label, picked, imgui.SelectableFlagsAllowDoubleClick|imgui.SelectableFlagsDontClosePopups, imgui.Vec2{}) {
		if imgui.IsMouseDoubleClicked(0) {
			u.emit(viewmodel.OpenFiles{Paths: []string{path}})
			u.openDialog = false
		} else {
			if !imgui.CurrentIO().KeyCtrlPressed() && !imgui.CurrentIO().KeyShiftPressed() {
				u.pickedFiles = map[string]bool{}
			}
			u.pickedFiles[path] = !picked
		}
	}
}

// archiveRows lists the expanded archive's entries under its row: models
// and animations are picked and opened as ARCHIVE:ENTRY, other entries
// are shown dimmed.
func (u *UI) archiveRows(b *viewmodel.Browser, archive string) {
	s := u.scale
	imgui.Indent()
	if b.ArchiveErr != "" {
		textWrapped(colError, b.ArchiveErr)
	}
	for j, ae := range b.ArchiveEntries {
		label := fmt.Sprintf("%s  %s###a%d", ae.Path, ae.Kind, j)
		if !ae.Openable {
			textDim(fmt.Sprintf("%s  %s", ae.Path, ae.Kind))
			continue
		}
		u.pickRow(label, archive+":"+ae.Path)
		u.record("open:entry:" + ae.Path)
		imgui.SameLine()
		setCursorX(imgui.WindowWidth() - 90*s)
		textDim(humanSize(ae.Size))
	}
	if len(b.ArchiveEntries) == 0 && b.ArchiveErr == "" {
		textDim("(no files)")
	}
	imgui.Unindent()
}

func humanSize(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
}

// clipLines shortens text (ending it with an ellipsis) so that wrapped
// at width it takes at most lines lines.
func clipLines(text string, width float32, lines int) string {
	lineH := imgui.TextLineHeight()
	fits := func(t string) bool { return imgui.CalcTextSize(t, false, width).Y <= float32(lines)*lineH+1 }
	if width <= 0 || fits(text) {
		return text
	}
	runes := []rune(text)
	lo, hi := 0, len(runes) // lo fits, hi does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(string(runes[:mid]) + "…") {
			lo = mid
		} else {
			hi = mid
		}
	}
	return string(runes[:lo]) + "…"
}

// toastLife is how long a new error or warning stays over the 3D view.
const toastLife = 12 * time.Second

// maxToasts is how many messages the toast shows at once; the rest are
// counted.
const maxToasts = 2

// toasts shows recent errors and warnings in the top-right corner of the 3D
// view; the Messages tab keeps them all.
func (u *UI) toasts(v *viewmodel.View) {
	r := u.scene
	if r.W < 100 {
		return
	}
	now := time.Now()
	var show []viewmodel.Notice
	more := 0
	for i := len(v.Notices) - 1; i >= 0; i-- {
		n := v.Notices[i]
		if !u.toastable(&n, now) {
			continue
		}
		if len(show) < maxToasts {
			show = append(show, n)
		} else {
			more++
		}
	}
	if len(show) == 0 {
		return
	}
	s := u.scale
	// At most under half the view: the framed skeleton stands in the
	// middle, and BFRES/JBA binding warnings must not hide its head.
	// In a small window the toast may take the view's width (less its
	// margins) rather than wrap into a column too tall to fit.
	width := min(440*s, max(r.W*0.45, min(r.W-20*s, 300*s)))
	// Each message gets an equal share of the view's height (less the
	// tag, separator and Dismiss rows); longer ones are cut with the
	// whole text on hover and in Messages.
	lineH := imgui.TextLineHeightWithSpacing()
	room := r.H - 20*s - imgui.FrameHeightWithSpacing() - float32(2*len(show))*lineH - 2*imgui.CurrentStyle().WindowPadding().Y
	if more > 0 {
		room -= lineH
	}
	maxLines := max(1, int(room/lineH)/len(show))
	textW := width - 2*imgui.CurrentStyle().WindowPadding().X
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X + r.W - 10*s, Y: r.Y + 10*s}, imgui.ConditionAlways, imgui.Vec2{X: 1, Y: 0})
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: width, Y: 0}, imgui.Vec2{X: width, Y: r.H})
	imgui.SetNextWindowBgAlpha(0.92)
	worst := viewmodel.Warning
	for _, n := range show {
		worst = max(worst, n.Severity)
	}
	if worst == viewmodel.Error {
		imgui.PushStyleColor(imgui.StyleColorWindowBg, imgui.Vec4{X: 0.20, Y: 0.08, Z: 0.08, W: 1})
		imgui.PushStyleColor(imgui.StyleColorBorder, colError)
	} else {
		imgui.PushStyleColor(imgui.StyleColorWindowBg, imgui.Vec4{X: 0.20, Y: 0.15, Z: 0.05, W: 1})
		imgui.PushStyleColor(imgui.StyleColorBorder, colWarn)
	}
	flags := imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
		imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav | imgui.WindowFlagsNoMove
	if imgui.BeginV("##toasts", nil, flags) {
		for i, n := range show {
			if i > 0 {
				imgui.Separator()
			}
			c, tag := colError, "Error"
			if n.Severity == viewmodel.Warning {
				c, tag = colWarn, "Warning"
			}
			textColored(c, tag)
			shown := clipLines(n.Text, textW, maxLines)
			if shown != n.Text {
				// Short of room: the file's base name leaves the reason
				// room to show (the whole path is on hover).
				if i := strings.Index(n.Text, ": "); i > 0 && strings.ContainsAny(n.Text[:i], `/\`) {
					shown = clipLines(filepath.Base(n.Text[:i])+n.Text[i:], textW, maxLines)
				}
			}
			textWrapped(colText, shown)
			if shown != n.Text && imgui.IsItemHovered() {
				imgui.PushTextWrapPosV(imgui.FontSize() * 40)
				imgui.SetTooltip(n.Text)
				imgui.PopTextWrapPos()
			}
		}
		if more > 0 {
			textDim(fmt.Sprintf("%d more in Messages", more))
		}
		// Dismiss closes the toast; the Messages tab keeps every message.
		if imgui.Button("Dismiss") {
			u.toastsDismissed = show[0].Time
		}
		u.record("toast:dismiss")
		u.recordWindow("toast")
	}
	imgui.End()
	imgui.PopStyleColorV(2)
}
