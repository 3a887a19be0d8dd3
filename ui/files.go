package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
)

// entryDir is a folder of an archive's tree, built from the entry paths.
type entryDir struct {
	name    string
	dirs    []*entryDir
	entries []int // indices into the archive's entries
}

// openAllUpTo is the archive size up to which its folders start open; a
// bigger archive starts collapsed so the panel stays usable.
const openAllUpTo = 64

// filesSection lists the open files. An archive is a tree of its folders;
// its models and animations (opened with it) show their clips and
// skeletons, its other entries are listed dimmed.
func (u *UI) filesSection(v *viewmodel.View) {
	if len(v.Files) == 0 {
		textDim("No files open.")
		if imgui.Button("Open…") {
			u.OpenDialog()
		}
		return
	}
	u.filesFilterBox(v)
	// An entry is drawn inside its archive when the archive itself is open.
	containers := map[string]bool{}
	for i := range v.Files {
		if len(v.Files[i].Entries) > 0 {
			containers[v.Files[i].Path] = true
		}
	}
	shown := 0
	for fi := range v.Files {
		f := &v.Files[fi]
		if f.Archive != "" && containers[f.Archive] || !u.fileShown(v, fi) {
			continue
		}
		shown++
		u.fileNode(v, fi, f.Name)
	}
	if shown == 0 {
		textDim("No file or clip matches the filter.")
	}
}

// fileNode draws one open file (label: its name in the tree) with its
// clips and skeletons, and an archive's folders.
func (u *UI) fileNode(v *viewmodel.View, fi int, label string) {
	f := &v.Files[fi]
	// Under a filter the matching files stand open, and a file whose
	// name matches shows all it holds; another only its matching clips.
	all := u.filesAll
	if u.filesQuery != "" {
		imgui.SetNextItemOpen(true, imgui.ConditionAlways)
		u.filesAll = all || nameMatches(f.Name, u.filesQuery)
		defer func() { u.filesAll = all }()
	}
	open := imgui.TreeNodeV(fmt.Sprintf("%s###file%d", label, fi), imgui.TreeNodeFlagsDefaultOpen|imgui.TreeNodeFlagsSpanAvailWidth)
	u.record(fmt.Sprintf("file:%d", fi))
	if imgui.IsItemHovered() && f.Path != "" {
		imgui.SetTooltip(f.Path + "\n" + f.Kind + " file; right-click to close")
	}
	if imgui.BeginPopupContextItemV(fmt.Sprintf("filectx%d", fi), imgui.PopupFlagsMouseButtonRight) {
		u.dismissIfAsked()
		if imgui.MenuItem("Close") {
			u.emit(viewmodel.CloseFile{File: fi})
		}
		imgui.EndPopup()
	}
	imgui.SameLine()
	textDim(f.Kind)
	if !open {
		return
	}
	u.clipList(v, fi, f)
	for si, sk := range f.Skels {
		active := v.Skeleton != nil && v.Skeleton.Skeleton == sk
		name := sk.Name
		if name == "" {
			name = "skeleton"
		}
		if !u.filesAll && u.filesQuery != "" && !nameMatches(name, u.filesQuery) {
			continue
		}
		l := fmt.Sprintf("%s  ·  model, %s###skel%d_%d", name, plural(len(sk.Joints), "joint", "joints"), fi, si)
		if imgui.SelectableV(l, active, 0, imgui.Vec2{}) && !active {
			u.emit(viewmodel.SelectModel{File: fi, Skel: si})
		}
		u.record(fmt.Sprintf("skel:%d:%d", fi, si))
	}
	narrowed := u.filesQuery != "" && !u.filesAll // only the matching clips
	if !narrowed {
		for _, n := range f.Notes {
			textWrapped(colTextDim, n)
		}
	}
	switch {
	case narrowed:
	case len(f.Warnings) == 1:
		textWrapped(colWarn, "warning: "+f.Warnings[0])
	default:
		warningLine("", "", f.Warnings)
	}
	if len(f.Broken) > 0 && !narrowed && imgui.TreeNodeV(fmt.Sprintf("could not read %d###broken%d", len(f.Broken), fi), imgui.TreeNodeFlagsSpanAvailWidth) {
		for _, b := range f.Broken {
			textWrapped(colError, b)
		}
		imgui.TreePop()
	}
	if len(f.Entries) > 0 {
		opened := map[string]int{}
		for j := range v.Files {
			if g := &v.Files[j]; g.Archive == f.Path && g.Entry != "" {
				opened[g.Entry] = j
			}
		}
		root := u.archiveTree(f)
		u.entryFolder(v, f, root, opened, len(f.Entries) <= openAllUpTo)
	}
	imgui.TreePop()
}

// entryFolder draws a folder's subfolders and entries.
func (u *UI) entryFolder(v *viewmodel.View, f *viewmodel.FileView, d *entryDir, opened map[string]int, defaultOpen bool) {
	flags := imgui.TreeNodeFlagsSpanAvailWidth
	if defaultOpen {
		flags |= imgui.TreeNodeFlagsDefaultOpen
	}
	for _, sub := range d.dirs {
		if u.filesQuery != "" && !u.filesAll {
			imgui.SetNextItemOpen(true, imgui.ConditionAlways)
		}
		if imgui.TreeNodeV(sub.name+"/###dir:"+f.Path+"/"+sub.name, flags) {
			u.entryFolder(v, f, sub, opened, defaultOpen)
			imgui.TreePop()
		}
	}
	for _, ei := range d.entries {
		e := &f.Entries[ei]
		base := e.Path[strings.LastIndexByte(e.Path, '/')+1:]
		if j, ok := opened[e.Path]; ok {
			if u.filesAll || u.fileShown(v, j) {
				u.fileNode(v, j, base)
			}
			continue
		}
		if !u.filesAll && u.filesQuery != "" && !nameMatches(base, u.filesQuery) {
			continue
		}
		imgui.TreeNodeV(fmt.Sprintf("%s###ent:%s:%d", base, f.Path, ei), imgui.TreeNodeFlagsLeaf|imgui.TreeNodeFlagsNoTreePushOnOpen|imgui.TreeNodeFlagsSpanAvailWidth)
		if imgui.IsItemHovered() {
			kind := e.Kind
			if kind == "" {
				kind = "unknown format"
			}
			imgui.SetTooltip(fmt.Sprintf("%s\n%s, %s (not an animation or model)", e.Path, kind, humanSize(e.Size)))
		}
		imgui.SameLine()
		textDim(e.Kind)
	}
}

// archiveTree builds (and caches per archive listing) the folder tree of
// an archive's entries, in listing order.
func (u *UI) archiveTree(f *viewmodel.FileView) *entryDir {
	key := &f.Entries[0]
	if u.trees == nil {
		u.trees = map[*viewmodel.ArchiveEntry]*entryDir{}
	}
	if d, ok := u.trees[key]; ok {
		return d
	}
	root := &entryDir{}
	for i, e := range f.Entries {
		d := root
		parts := strings.Split(e.Path, "/")
		for _, p := range parts[:len(parts)-1] {
			var next *entryDir
			for _, s := range d.dirs {
				if s.name == p {
					next = s
					break
				}
			}
			if next == nil {
				next = &entryDir{name: p}
				d.dirs = append(d.dirs, next)
			}
			d = next
		}
		d.entries = append(d.entries, i)
	}
	// The cache only ever holds the archives open now.
	if len(u.trees) > 16 {
		clear(u.trees)
	}
	u.trees[key] = root
	return root
}

// foldClipsOver is how many clips a file lists flat; more are folded
// into one group per kind (skeletal, texture SRT, bone visibility…),
// closed unless they hold what plays (a BotW animation file has over a
// hundred).
const foldClipsOver = 12

// clipKind is what clip ci of f animates, as the registry says.
func clipKind(f *viewmodel.FileView, ci int) string {
	if ci < len(f.ClipKinds) && f.ClipKinds[ci] != "" {
		return f.ClipKinds[ci]
	}
	if isTexClip(f.Clips[ci]) {
		return "texture SRT"
	}
	if k := materialKind(f.Clips[ci]); k != "" {
		return k
	}
	return "skeletal"
}

// clipList lists a file's clips: flat when few, else in folded groups by
// kind, in the order the kinds first appear. Long names are elided, with
// the full name on hover.
func (u *UI) clipList(v *viewmodel.View, fi int, f *viewmodel.FileView) {
	if u.filesQuery != "" && !u.filesAll {
		for ci, c := range f.Clips {
			if nameMatches(c.Name, u.filesQuery) {
				u.clipItem(v, fi, ci)
			}
		}
		return
	}
	if len(f.Clips) <= foldClipsOver {
		for ci := range f.Clips {
			u.clipItem(v, fi, ci)
		}
		return
	}
	var kinds []string
	for ci := range f.Clips {
		if k := clipKind(f, ci); !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	for _, kind := range kinds {
		var idx []int
		playing := false
		for ci, c := range f.Clips {
			if clipKind(f, ci) == kind {
				idx = append(idx, ci)
				playing = playing || v.Joint != nil && v.Joint.Clip == c || v.Tex != nil && v.Tex.Clip == c || v.PlaysMaterial(c)
			}
		}
		if playing {
			imgui.SetNextItemOpen(true, imgui.ConditionOnce)
		}
		open := imgui.TreeNodeV(fmt.Sprintf("%s animations (%d)###clips%d_%s", kind, len(idx), fi, kind), imgui.TreeNodeFlagsSpanAvailWidth)
		u.record(fmt.Sprintf("clips:%d:%s", fi, kind))
		if !open {
			continue
		}
		for _, ci := range idx {
			u.clipItem(v, fi, ci)
		}
		imgui.TreePop()
	}
}

// clipItem is one clip of the Files tree; clicking it plays it.
func (u *UI) clipItem(v *viewmodel.View, fi, ci int) {
	c := v.Files[fi].Clips[ci]
	active := v.Joint != nil && v.Joint.Clip == c || v.Tex != nil && v.Tex.Clip == c || v.PlaysMaterial(c)
	name := c.Name
	if name == "" {
		name = "animation"
	}
	full := fmt.Sprintf("  ·  %s, %g f, %s", clipKind(&v.Files[fi], ci), c.Duration, c.Loop)
	shown, suffix := clipItemLabel(name, full, fmt.Sprintf("  ·  %g f", c.Duration), imgui.ContentRegionAvail().X, 40*u.scale,
		func(t string) float32 { return imgui.CalcTextSize(t, false, 0).X })
	if imgui.SelectableV(fmt.Sprintf("%s%s###clip%d_%d", shown, suffix, fi, ci), active, 0, imgui.Vec2{}) && !active {
		u.emit(viewmodel.SelectClip{File: fi, Clip: ci})
	}
	if (shown != name || suffix != full) && imgui.IsItemHovered() {
		imgui.SetTooltip(name + full)
	}
	u.record(fmt.Sprintf("clip:%d:%d", fi, ci))
}

// clipItemLabel fits a clip's name and details into room: the name keeps
// the room first, so the details shorten (to short) before the name is
// elided (to no less than minName); measure is the text width.
func clipItemLabel(name, full, short string, room, minName float32, measure func(string) float32) (shown, suffix string) {
	suffix = full
	if measure(name+suffix) > room {
		suffix = short
	}
	return elideWith(name, max(room-measure(suffix), minName), measure), suffix
}

// filesFilterBox is the Files tree's filter: a substring of file, clip,
// model or archive entry names, any case.
func (u *UI) filesFilterBox(v *viewmodel.View) {
	imgui.SetNextItemWidth(-1)
	imgui.InputTextWithHint("##filesfilter", "filter files and clips", &u.filesFilter)
	u.record("files:filter")
	u.filesQuery = strings.ToLower(strings.TrimSpace(u.filesFilter))
	u.filesAll = false
}

// fileShown reports whether open file fi passes the filter: its name, a
// clip's or a model's, or (an archive) one of its entries' or their
// files'.
func (u *UI) fileShown(v *viewmodel.View, fi int) bool {
	q := u.filesQuery
	if q == "" {
		return true
	}
	f := &v.Files[fi]
	if nameMatches(f.Name, q) {
		return true
	}
	for _, c := range f.Clips {
		if nameMatches(c.Name, q) {
			return true
		}
	}
	for _, sk := range f.Skels {
		if nameMatches(sk.Name, q) {
			return true
		}
	}
	for _, e := range f.Entries {
		if nameMatches(e.Path[strings.LastIndexByte(e.Path, '/')+1:], q) {
			return true
		}
	}
	if len(f.Entries) > 0 {
		for j := range v.Files {
			if j != fi && v.Files[j].Archive == f.Path && u.fileShown(v, j) {
				return true
			}
		}
	}
	return false
}

// nameMatches reports whether name holds query (already lower case), in
// any case.
func nameMatches(name, query string) bool {
	return strings.Contains(strings.ToLower(name), query)
}
