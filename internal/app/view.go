package app

import (
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// View builds the read-only frame view for the UI.
func (a *App) View(v *viewmodel.View, stats viewmodel.Stats, checker viewmodel.TextureRef) {
	*v = viewmodel.View{
		Files:       v.Files[:0],
		Demo:        a.IsDemo(),
		Focus:       a.play.focus,
		Markers:     a.markers,
		Selection:   a.sel,
		TexEntry:    a.sel.TexTarget,
		Checker:     checker,
		Camera:      a.camera,
		SceneRadius: a.sceneRadius(),
		Notices:     a.msgs.notices,
		Recent:      a.recent,
		Browser:     a.browser,
		Stats:       stats,
		Playing:     a.play.Playing(),
		SceneTime:   a.play.sceneT,
	}
	for _, f := range a.files {
		v.Files = append(v.Files, viewmodel.FileView{Name: f.name, Path: f.path, Kind: formats.DisplayName(f.asset.Format),
			Clips: f.asset.Clips, Skels: f.asset.Skeletons, Warnings: f.asset.Warnings, Broken: f.broken, Inspect: f.asset.Inspect})
	}
	a.pairingView(v)
	if a.play.joint != nil {
		v.Joint = a.play.joint.playback(a.play.scrubbing && a.play.focus == viewmodel.JointSlot)
	}
	if a.play.tex != nil {
		v.Tex = a.play.tex.playback(a.play.scrubbing && a.play.focus == viewmodel.TexSlot)
		v.TexMatrix, v.TexMode, v.FileTexMode = a.texEntryMatrix()
		v.TexModeOverride = a.texModeOverride
	}
	a.materialView(v)
	if a.skel != nil {
		v.Skeleton = &viewmodel.SkeletonView{Skeleton: a.skel, Label: a.skelLabel, Binding: &a.binding}
	}
	if j := a.sel.Joint; j >= 0 && j < len(a.world) && len(a.world) == len(a.markers) {
		v.SelectedWorld, v.HasSelectedWorld = a.world[j], true
	}
	v.Compare = a.cmp.viewAt(a.play.speed)
}
