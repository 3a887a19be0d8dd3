package app

import (
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/viewmodel"
)

// View builds the read-only frame view for the UI.
func (a *App) View(v *viewmodel.View, stats viewmodel.Stats, checker viewmodel.TextureRef) {
	models := v.Models
	*v = viewmodel.View{
		Files:       v.Files[:0],
		Demo:        a.ses.isDemo(),
		Focus:       a.play.focus,
		Markers:     a.rig.markers,
		Selection:   a.sel.Selection,
		TexEntry:    a.sel.TexTarget,
		Checker:     checker,
		Camera:      a.frame.camera,
		SceneRadius: a.frame.sceneRadius(),
		Notices:     a.msgs.notices,
		Recent:      a.ses.recent,
		Browser:     a.browser,
		Stats:       stats,
		Playing:     a.play.Playing(),
		SceneTime:   a.play.sceneT,
	}
	if a.ses.pending != nil {
		v.Confirm = &a.ses.pending.q
	}
	for _, f := range a.ses.files {
		v.Files = append(v.Files, viewmodel.FileView{Name: f.name, Path: f.path, Kind: formats.DisplayName(f.asset.Format),
			Clips: f.asset.Clips, ClipKinds: f.clipKinds(), Skels: f.asset.Skeletons, Warnings: f.asset.Warnings, Notes: f.asset.Notes, Broken: f.broken, Inspect: f.asset.Inspect})
	}
	a.rig.pairing().pairingView(v)
	if a.play.joint != nil {
		v.Joint = a.play.joint.playback(a.play.scrubbing && a.play.focus == viewmodel.JointSlot)
	}
	if a.play.tex != nil {
		v.Tex = a.play.tex.playback(a.play.scrubbing && a.play.focus == viewmodel.TexSlot)
		v.TexMatrix, v.TexMode, v.FileTexMode = a.sel.texEntryMatrix()
		v.TexModeOverride = a.sel.texModeOverride
	}
	a.play.materialView(v)
	a.gx.fill(v)
	if a.rig.skel != nil {
		v.Skeleton = &viewmodel.SkeletonView{Skeleton: a.rig.skel, Label: a.rig.skelLabel, Binding: &a.rig.binding,
			Summary: a.rig.bindSummary, Detail: a.rig.bindDetail}
	}
	v.Models, v.Hover = a.meshes.views(models), a.meshes.hover
	v.Textures, v.TextureSave = a.texs.list(), a.texs.last
	if j := a.sel.Joint; j >= 0 && j < len(a.rig.world) && len(a.rig.world) == len(a.rig.markers) {
		v.SelectedWorld, v.HasSelectedWorld = a.rig.world[j], true
	}
	v.Compare = a.cmp.viewAt(a.play.speed)
	v.AB = a.ab.view()
}
