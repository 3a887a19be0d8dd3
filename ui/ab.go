package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/ui/plot"
)

// TabDifferences is the A/B comparison's Differences tab, for ShowTab.
const TabDifferences = "differences"

// abState is the A/B comparison's part of the interface: whether the
// Open dialog is picking B (File › Compare with…) and which B the
// Differences tab was last brought forward for.
type abState struct {
	picking bool
	shownB  string
	// importing: the Open dialog picks the glTF of File › Import
	// animation…; savePath is Save as…'s path field, savedFor the import
	// (its summary) the field was filled for.
	importing bool
	savePath  string
	savedFor  string
}

// CompareWithDialog opens the Open dialog to pick B, the version the
// playing clip is compared with.
func (u *UI) CompareWithDialog() {
	u.ab.picking = true
	u.OpenDialog()
}

// ImportAnimationDialog opens the Open dialog to pick the glTF File ›
// Import animation… converts onto the playing clip.
func (u *UI) ImportAnimationDialog() {
	u.ab.picking, u.ab.importing = true, true
	u.OpenDialog()
}

// openTitle is the Open dialog's title: it says when the file picked is
// B rather than a file to open.
func (u *UI) openTitle() string {
	if u.ab.importing {
		return "Import animation: pick a glTF (.glb, .gltf) to convert onto the playing animation"
	}
	if u.ab.picking {
		return "Compare with: pick B, another version of the playing animation"
	}
	return "Open files"
}

// pickedB turns what the Open dialog opened from the intents at from on
// into B while it is picking for Compare with…: the first file picked.
func (u *UI) pickedB(from int) {
	if !u.ab.picking {
		return
	}
	for i := from; i < len(u.out); i++ {
		if o, ok := u.out[i].(viewmodel.OpenFiles); ok && len(o.Paths) > 0 {
			if u.ab.importing {
				u.out[i] = viewmodel.ImportAnimation{Path: o.Paths[0]}
			} else {
				u.out[i] = viewmodel.CompareWith{Path: o.Paths[0]}
			}
		}
	}
	if !u.openDialog {
		u.ab.picking, u.ab.importing = false, false
	}
}

// listedEntries are the directory entries as the Open dialog lists them:
// while it picks a glTF to import, the glTF files are the known ones
// and the game files are not.
func (u *UI) listedEntries(es []viewmodel.DirEntry) []viewmodel.DirEntry {
	if !u.ab.importing {
		return es
	}
	out := make([]viewmodel.DirEntry, len(es))
	for i, e := range es {
		ext := strings.ToLower(filepath.Ext(e.Name))
		e.Known, e.Archive = !e.Dir && (ext == ".glb" || ext == ".gltf"), false
		out[i] = e
	}
	return out
}

// abMenu is File › Compare with… and Stop comparing.
func (u *UI) abMenu(v *viewmodel.View) {
	if imgui.MenuItemV("Compare with…", "", false, v.Joint != nil || v.Tex != nil) {
		u.CompareWithDialog()
	}
	tooltip("Open another version of the playing animation (B): both play on one clock,\nB as a ghost skeleton and as curves beside A's, the differing channels in the Differences tab")
	if imgui.MenuItemV("Import animation…", "", false, v.Joint != nil) {
		u.ImportAnimationDialog()
	}
	tooltip("Convert a glTF (animscope export, edited in Blender) onto the playing animation's file\nwith the model in use, and compare the result with it as B; Save as… in the Differences tab writes it")
	if v.AB != nil && imgui.MenuItem("Stop comparing") {
		u.emit(viewmodel.StopCompareWith{})
	}
}

// differencesTab is the Differences tab while an A/B comparison is on;
// it comes forward when a new B is opened.
func (u *UI) differencesTab(v *viewmodel.View) {
	ab := v.AB
	if ab == nil {
		u.ab.shownB = ""
		return
	}
	if u.ab.shownB != ab.LabelB {
		u.ab.shownB = ab.LabelB
		if u.tabs.want == "" { // a tab asked for (--tab) wins
			u.ShowTab(TabDifferences)
		}
	}
	label := "Differences###differences"
	if n := len(ab.Rows); n > 0 {
		label = fmt.Sprintf("Differences (%d)###differences", n)
	}
	open := imgui.BeginTabItemV(label, nil, u.tabFlags(TabDifferences))
	u.record("tab:differences")
	if !open {
		return
	}
	u.tabShown(TabDifferences)
	u.differencesPanel(v, ab)
	imgui.EndTabItem()
}

// differencesPanel lists the channels where A and B differ; a click on a
// row selects its target, moves the playhead to its largest difference
// and plots the channel (A's curve and B's over it).
func (u *UI) differencesPanel(v *viewmodel.View, ab *viewmodel.ABView) {
	textColored(colSelected, "A")
	imgui.SameLine()
	imgui.Text(ab.LabelA)
	imgui.SameLine()
	textColored(imgui.Vec4{X: 0.98, Y: 0.35, Z: 0.85, W: 1}, "  B")
	imgui.SameLine()
	if len(ab.ClipsB) > 1 {
		// A file of several animations: B can be any of them.
		imgui.SetNextItemWidth(min(320*u.scale, imgui.ContentRegionAvail().X*0.4))
		if imgui.BeginComboV("##clipb", ab.ClipsB[ab.ClipBIndex], imgui.ComboFlagsHeightLarge) {
			for i, name := range ab.ClipsB {
				if imgui.SelectableV(fmt.Sprintf("%s##b%d", name, i), i == ab.ClipBIndex, 0, imgui.Vec2{}) {
					u.emit(viewmodel.SelectClipB{Index: i})
				}
			}
			imgui.EndCombo()
		}
		u.record("ab:clipb")
		tooltip("B's animation (by default the one named like A's)")
	} else {
		imgui.Text(ab.LabelB)
	}
	imgui.SameLine()
	if smallButton("Stop comparing") {
		u.emit(viewmodel.StopCompareWith{})
	}
	u.record("ab:stop")
	if ab.Import != nil {
		u.importSaveBar(ab.Import)
	}
	if ab.Error != "" {
		textWrapped(colError, ab.Error)
		return
	}
	for _, h := range ab.Headers {
		textColored(colWarn, h)
	}
	if len(ab.Rows) == 0 && len(ab.Headers) == 0 {
		textDim(fmt.Sprintf("The same: %d channels agree at %d frames (%s). B plays as the magenta ghost.", ab.Compared, ab.Frames, ab.Tolerance))
		return
	}
	textDim(fmt.Sprintf("%d of %d channels differ at %d frames (%s). Click a row to plot it; B is the magenta ghost.", len(ab.Rows), ab.Compared, ab.Frames, ab.Tolerance))
	flags := imgui.TableFlagsRowBg | imgui.TableFlagsBordersInnerV | imgui.TableFlagsBordersOuter |
		imgui.TableFlagsSizingFixedFit | imgui.TableFlagsScrollY
	if !imgui.BeginTableV("##diffs", 6, flags, imgui.Vec2{X: 0, Y: imgui.ContentRegionAvail().Y}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(0, 1)
	for _, c := range []string{"target", "channel", "max |A−B|", "at frame", "first frame", ""} {
		imgui.TableSetupColumn(c)
	}
	imgui.TableHeadersRow()
	var clipper imgui.ListClipper
	clipper.Begin(len(ab.Rows))
	for clipper.Step() {
		for i := clipper.DisplayStart; i < clipper.DisplayEnd; i++ {
			r := &ab.Rows[i]
			imgui.TableNextRow()
			imgui.TableNextColumn()
			name := r.Target
			if r.Ref.Target >= 0 && r.Ref.Slot == viewmodel.JointSlot && v.Joint != nil && r.Ref.Target < len(v.Joint.Clip.Targets) {
				name = targetName(v, &v.Joint.Clip.Targets[r.Ref.Target], r.Ref.Slot, r.Ref.Target)
			}
			if imgui.SelectableV(fmt.Sprintf("%s##diff%d", name, i), i == ab.Selected, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				u.emit(viewmodel.SelectDifference{Row: i})
				if r.Plottable {
					u.PlotChannels([]viewmodel.ChannelRef{r.Ref})
				}
			}
			u.record(fmt.Sprintf("diff:%d", i))
			imgui.TableNextColumn()
			imgui.Text(r.Channel)
			imgui.TableNextColumn()
			imgui.Text(fmtNum(r.MaxDiff))
			imgui.TableNextColumn()
			imgui.Text(fmtNum(r.AtFrame))
			imgui.TableNextColumn()
			imgui.Text(fmtNum(r.FirstFrame))
			imgui.TableNextColumn()
			if r.OnlyIn != "" {
				textDim("only in " + r.OnlyIn)
			}
		}
	}
	imgui.EndTable()
}

// overlayB puts B's curve after each shown curve of A's clip that B has,
// in a paler shade of its colour, so the two read as a pair (and the
// legend gives both values at the mouse).
func (u *UI) overlayB(v *viewmodel.View) {
	ab := v.AB
	c := &u.curves
	if ab == nil || ab.ClipB == nil {
		return
	}
	shownA := append(c.shownA[:0], c.shown...)
	c.shownA = shownA
	c.shown = c.shown[:0]
	for _, sc := range shownA {
		c.shown = append(c.shown, sc)
		p := v.PlaybackOf(sc.ref.Slot)
		if p == nil || sc.ref.Euler > 0 || sc.ref.Target >= len(ab.TargetB) {
			continue
		}
		if (sc.ref.Slot == viewmodel.JointSlot) != (v.Joint != nil && p == v.Joint) {
			continue // B stands for the joint clip (or, without one, the texture clip)
		}
		bt := ab.TargetB[sc.ref.Target]
		if bt < 0 {
			continue
		}
		ch, ok := ab.ClipB.Targets[bt].Channel(sc.ref.Chan)
		if !ok {
			continue
		}
		sc.curve, sc.kind, sc.duration = ch.Curve, ch.Curve.Kind(), ab.ClipB.Duration
		if sc.unit == " raw" {
			if raw, ok := plot.Raw(ch.Curve); ok {
				sc.curve = raw
			}
		}
		sc.label += " (B)"
		sc.color = imgui.Vec4{X: 0.5 + sc.color.X*0.5, Y: 0.5 + sc.color.Y*0.5, Z: 0.5 + sc.color.Z*0.5, W: 0.75}
		c.shown = append(c.shown, sc)
	}
}

// importSaveBar is an imported B's summary and Save as…: the path field
// (filled with the app's suggestion for each new import) and the button;
// the app refuses a path naming an input and says what it wrote.
func (u *UI) importSaveBar(imp *viewmodel.ABImport) {
	textDim(imp.Summary)
	if u.ab.savedFor != imp.Summary {
		u.ab.savedFor, u.ab.savePath = imp.Summary, imp.SavePath
	}
	imgui.Text("Save as:")
	imgui.SameLine()
	imgui.PushItemWidth(max(imgui.ContentRegionAvail().X-110*u.scale, 120*u.scale))
	enter := imgui.InputTextV("##importpath", &u.ab.savePath, imgui.InputTextFlagsEnterReturnsTrue, nil)
	u.record("ab:savepath")
	imgui.PopItemWidth()
	imgui.SameLine()
	if imgui.Button("Save as…") || enter {
		u.emit(viewmodel.SaveImported{Path: u.ab.savePath})
	}
	u.record("ab:save")
	if last := imp.LastSave; last.Text != "" && time.Since(last.Time) < exportToastLife {
		c := colText
		if last.Failed {
			c = colError
		}
		textColored(c, last.Text)
	}
}
