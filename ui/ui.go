package ui

import (
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// Rect is a rectangle in display units (origin top left).
type Rect struct{ X, Y, W, H float32 }

func (r Rect) contains(p imgui.Vec2) bool {
	return p.X >= r.X && p.Y >= r.Y && p.X < r.X+r.W && p.Y < r.Y+r.H
}

func (r Rect) min() imgui.Vec2 { return imgui.Vec2{X: r.X, Y: r.Y} }
func (r Rect) max() imgui.Vec2 { return imgui.Vec2{X: r.X + r.W, Y: r.Y + r.H} }

// UI is the interface state that lives between frames: panel sizes (kept by
// ImGui's ini), filter text, the open dialog, drags in progress.
type UI struct {
	Options viewmodel.Options
	// AboutFormats is what Help › About lists as read, one line each.
	// cmd/animscope sets it once from the format registry, which ui does not
	// import, so the box names every format without a list kept by hand.
	AboutFormats []string

	fonts Fonts
	scale float32
	out   []viewmodel.Intent

	ab abState // the A/B comparison's dialog and tab (ab.go)

	scene Rect // the 3D view, from this frame's layout

	// pickFilter is the filter text of each picker with many items.
	pickFilter map[string]string

	// dismissing closes popups this frame; dismissNext asks for it next
	dismissing, dismissNext bool

	// layout
	resetLayout bool
	// the window width and side panel widths of the last frame, so a
	// resize keeps the panels' share
	lastW, leftW, rightW float32

	// the Files tree's filter box: its text, the text as matched (lower
	// case), and whether the file being drawn matched as a whole
	filesFilter, filesQuery string
	filesAll                bool

	// targets panel
	filter        string
	lastSelection viewmodel.Selection
	scrollToSel   bool

	// 3D view mouse drag: which button started in the view, -1 none
	dragButton int
	dragDist   float32

	// timeline
	scrubbing   bool
	markerClip  *anim.Clip // the clip the markers were collected for
	markerTgt   int
	markerSlot  viewmodel.Slot
	markers     []float64
	allMarkers  bool // markers are the whole clip's keys (no selection)
	speedInput  float32
	reverse     bool
	lastSpeed   float64
	frameInput  float32
	editingTime bool

	// open dialog
	openDialog  bool
	openFocus   bool
	pathInput   string
	browsedDir  string
	pickedFiles map[string]bool
	allFiles    bool // the Open dialog lists files of unknown formats too
	noticesSeen int
	// toastsDismissed: messages up to this time no longer show as toasts.
	toastsDismissed time.Time
	// spaceInField is when a text field last took a Space while the
	// scene played (zero: not since it paused).
	spaceInField time.Time
	showHelp     bool
	showAbout    bool

	export exportDialog // File › Export glTF (export.go)
	// TextureLookup gives the Textures browser's pictures (textures.go);
	// the window sets it, the UI calls it only for textures it shows.
	TextureLookup viewmodel.TextureLookup
	texv          textureViewer

	// rects remembers where named controls were laid out this frame, so
	// tests (and automation) can click them.
	rects map[string]Rect
	// captions are the 3D view's caption lines this frame (reused).
	captions []captionLine

	trees map[*viewmodel.ArchiveEntry]*entryDir // archive folder trees (files.go)

	childSkel *anim.Skeleton
	children  [][]int

	// the analysis panels: curves, loop-mode comparison, inspector
	curves  curvesState
	compare compareState
	insp    inspectorState
	tabs    tabState
	tree    treeState
}

// New returns the UI with default options.
func New() *UI {
	return &UI{Options: viewmodel.DefaultOptions(), dragButton: -1, scale: 1, pickedFiles: map[string]bool{}, markerTgt: -2,
		rects: map[string]Rect{}}
}

// ItemRect is where the control named id was drawn in the last frame
// (display units): "timeline", "play", "pause", "first", "prev", "next",
// "last", "speed", "reverse", "loop", "loop:MODE" (items of the open loop
// menu, MODE as in anim.LoopMode.String), "frame"; in the open dialog
// "open:NAME" (directory entries), "open:ok", "recent:N"; in Help › About
// "about:N" (the Nth line of AboutFormats); in File › Export glTF
// "export:path", "export:current", "export:all", "export:meshes", "export:ok",
// "export:cancel" and "export:toast" (the last outcome); in the Textures
// tab "tab:textures", "texture:G.I" (texture I of group G), and in its
// full-size view "texview", "texview:fit", "texview:1:1", "texview:zoomin",
// "texview:zoomout", "texview:pixels", "texview:path", "texview:save".
func (u *UI) ItemRect(id string) (Rect, bool) {
	r, ok := u.rects[id]
	return r, ok
}

// record stores the last item's rectangle under id.
func (u *UI) record(id string) {
	a, b := imgui.ItemRectMin(), imgui.ItemRectMax()
	u.rects[id] = Rect{X: a.X, Y: a.Y, W: b.X - a.X, H: b.Y - a.Y}
}

// recordWindow remembers the current window's rectangle under id.
func (u *UI) recordWindow(id string) {
	p, sz := imgui.WindowPos(), imgui.WindowSize()
	u.rects[id] = Rect{X: p.X, Y: p.Y, W: sz.X, H: sz.Y}
}

// escapePressed reports whether Escape went down this frame.
func (u *UI) escapePressed() bool {
	return imgui.IsKeyPressedV(imgui.KeyIndex(imgui.KeyEscape), false)
}

// Scale is the UI scale chosen by SetupFonts.
func (u *UI) Scale() float32 { return u.scale }

// Scene is the 3D view's rectangle (display units) laid out by the last
// Frame.
func (u *UI) Scene() Rect { return u.scene }

// ResetLayout puts the panels back to their default sizes next frame.
func (u *UI) ResetLayout() { u.resetLayout = true }

// DismissPopups closes any open menu, combo list or context menu next
// frame (files were dropped: a list it showed may be stale).
func (u *UI) DismissPopups() { u.dismissNext = true }

// dismissIfAsked closes the popup being drawn (call right after a menu,
// combo or popup opened) when Escape was pressed or a drop asked for it.
// ImGui closes popups on Escape only with keyboard navigation, which
// would take the arrow keys the timeline steps with.
func (u *UI) dismissIfAsked() {
	if u.dismissing {
		imgui.CloseCurrentPopup()
	}
}

// OpenDialog shows the open dialog (Ctrl+O).
func (u *UI) OpenDialog() { u.openDialog, u.openFocus = true, true }

func (u *UI) emit(i viewmodel.Intent) { u.out = append(u.out, i) }

// Frame lays out and draws the whole interface for one frame. Call it
// between imgui.NewFrame and imgui.Render; it returns what the user asked
// for, in order.
func (u *UI) Frame(v *viewmodel.View) []viewmodel.Intent {
	u.out = u.out[:0]
	clear(u.rects)
	u.dismissing = u.dismissNext || imgui.IsKeyPressedV(imgui.KeyIndex(imgui.KeyEscape), false)
	u.dismissNext = false
	imgui.PushFont(u.fonts.Regular)
	menuH := u.mainMenu(v)
	u.layout(v, menuH)
	u.viewport(v)
	u.shortcuts(v)
	u.noteSpaceInField(v)
	if u.openDialog {
		n := len(u.out)
		u.openWindow(v)
		u.pickedB(n)
	}
	u.exportUI(v)
	u.textureWindow(v)
	u.toasts(v)
	u.compareWindow(v)
	u.confirmDialog(v)
	if u.showHelp {
		u.helpWindow()
	}
	if u.showAbout {
		u.aboutWindow()
	}
	imgui.PopFont()
	u.resetLayout = false
	return u.out
}

// Default panel sizes at scale 1 (display units).
const (
	defaultLeftW   = 290
	defaultRightW  = 330
	defaultBottomH = 210
	minPanel       = 160
	// The 3D view keeps at least this much room (or a share of a small
	// window), and the side panels shrink in proportion to leave it.
	minSceneW = 240
	minSceneH = 150
	// minPlotH is the curve plot's usable height; the bottom panel grows
	// to give it that when the window allows.
	minPlotH = 150
)

// panelFlags: the side panels are fixed in place and only their inner edge
// resizes, so together they look docked around the 3D view.
const panelFlags = imgui.WindowFlagsNoMove | imgui.WindowFlagsNoCollapse | imgui.WindowFlagsNoBringToFrontOnFocus

// sideLimits are the widths the side panels may take in a window W wide:
// together at most what leaves the 3D view its minimum, split in the
// default proportion; by default a quarter of the window each at most.
func sideLimits(W, s float32) (leftMax, rightMax, leftDef, rightDef float32) {
	scene := min(minSceneW*s, W*0.4)
	room := max(0, W-scene)
	share := float32(defaultLeftW) / (defaultLeftW + defaultRightW)
	leftMax, rightMax = max(room*share, 40*s), max(room*(1-share), 40*s)
	leftDef, rightDef = min(defaultLeftW*s, W*0.25, leftMax), min(defaultRightW*s, W*0.28, rightMax)
	return leftMax, rightMax, leftDef, rightDef
}

// bottomLimits are the bottom panel's height bounds in avail display
// units below the menu: it leaves the 3D view its minimum.
func bottomLimits(avail, s float32) (lo, hi float32) {
	scene := min(minSceneH*s, avail*0.35)
	hi = max(avail-scene, 60*s)
	lo = min(120*s, hi)
	return lo, hi
}

// layout places the left, right and bottom panels around the 3D view. Each
// panel's free edge is resizable; ImGui's ini file remembers the sizes.
func (u *UI) layout(v *viewmodel.View, top float32) {
	disp := imgui.MainViewport().Size()
	W, H := disp.X, disp.Y
	s := u.scale
	cond := imgui.ConditionFirstUseEver
	if u.resetLayout {
		cond = imgui.ConditionAlways
	}
	avail := H - top

	// Bottom: full width, height resizable from its top edge.
	lo, hi := bottomLimits(avail, s)
	u.tabs.maxBottomH = hi
	u.nextBottomSize(W, min(u.defaultBottom(avail), hi), avail, cond)
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: W, Y: lo}, imgui.Vec2{X: W, Y: hi})
	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: H}, imgui.ConditionAlways, imgui.Vec2{X: 0, Y: 1})
	var bottomH float32
	if imgui.BeginV("Timeline###bottom", nil, panelFlags|imgui.WindowFlagsNoScrollbar|imgui.WindowFlagsNoScrollWithMouse) {
		bottomH = imgui.WindowHeight()
		u.tabs.bottomH = bottomH
		u.bottomPanel(v)
	} else {
		bottomH = imgui.WindowHeight()
	}
	imgui.End()

	side := H - top - bottomH
	leftMax, rightMax, leftDef, rightDef := sideLimits(W, s)
	leftCond, rightCond := cond, cond
	if u.lastW > 0 && W != u.lastW && !u.resetLayout {
		// The window was resized: the side panels keep their share of it.
		leftDef, rightDef = u.leftW*W/u.lastW, u.rightW*W/u.lastW
		leftCond, rightCond = imgui.ConditionAlways, imgui.ConditionAlways
	}
	u.lastW = W
	// Left: files and targets.
	imgui.SetNextWindowSizeV(imgui.Vec2{X: leftDef, Y: side}, leftCond)
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: min(minPanel*s, leftMax), Y: side}, imgui.Vec2{X: leftMax, Y: side})
	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: top}, imgui.ConditionAlways, imgui.Vec2{})
	var leftW float32
	if imgui.BeginV("Scene###left", nil, panelFlags) {
		leftW = imgui.WindowWidth()
		u.leftPanel(v)
	} else {
		leftW = imgui.WindowWidth()
	}
	imgui.End()

	// Right: properties and the texture matrix.
	imgui.SetNextWindowSizeV(imgui.Vec2{X: rightDef, Y: side}, rightCond)
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: min(minPanel*s, rightMax), Y: side}, imgui.Vec2{X: rightMax, Y: side})
	imgui.SetNextWindowPosV(imgui.Vec2{X: W, Y: top}, imgui.ConditionAlways, imgui.Vec2{X: 1, Y: 0})
	var rightW float32
	if imgui.BeginV("Properties###right", nil, panelFlags) {
		rightW = imgui.WindowWidth()
		u.rightPanel(v)
	} else {
		rightW = imgui.WindowWidth()
	}
	imgui.End()

	u.leftW, u.rightW = leftW, rightW
	u.scene = Rect{X: leftW, Y: top, W: max(0, W-leftW-rightW), H: max(0, side)}
}
