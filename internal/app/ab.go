package app

import (
	"fmt"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/diff"
	"github.com/animscope/animscope/internal/viewmodel"
)

// abCompare is the A/B comparison: another version (B) of the playing
// clip (A), loaded beside the session rather than into it (it is not a
// file of the scene: it pairs with nothing and plays in no slot). B
// follows A's clock: it is evaluated at the frame A shows, posed on A's
// model as a ghost skeleton, and compared with A channel by channel
// (internal/diff, the comparison `animscope diff` prints).
type abCompare struct {
	on    bool
	path  string
	files []*File
	clip  *anim.Clip // B's clip, chosen to match A's
	// chosen is the clip the user picked for B (nil: by A's name).
	chosen *anim.Clip

	// What the result was computed for: a new A clip, model or runtime
	// compares again.
	forA    *anim.Clip
	forSkel *anim.Skeleton
	forRT   anim.Runtime
	res     *diff.Result
	rows    []viewmodel.ABRow
	targetB []int
	sel     int
	err     string

	pose    anim.Pose
	binding anim.Binding
	bindFor [2]any // the clip and skeleton binding was made for
	world   []mgl64.Mat4
	ghost   []mgl32.Vec3 // B's joint positions, per drawn joint (nil: none)
	lines   []viewmodel.Line

	// imported is set when B was converted from a glTF, not opened.
	imported *abImport
	importer Importer

	ses  *session   // B's path joins the recent files
	play *transport // A: the joint clip, else the texture clip, and its frame
	rig  *rig       // the model A is posed on, B's ghost too
	msgs *messages
}

// colGhost draws B's skeleton: a translucent magenta no other scene
// element uses, so the two poses tell apart where they part.
var colGhost = viewmodel.Color{0.98, 0.35, 0.85, 0.85}

// apply handles the A/B comparison's intents; apply carries out the
// intents a comparison row asks of the rest of the app (selectDifference).
func (c *abCompare) apply(in viewmodel.Intent, apply func(viewmodel.Intent)) bool {
	switch in := in.(type) {
	case viewmodel.CompareWith:
		c.compareWith(in.Path)
	case viewmodel.StopCompareWith:
		c.stop()
	case viewmodel.SelectDifference:
		c.selectDifference(in.Row, apply)
	case viewmodel.ImportAnimation:
		c.importAnimation(in.Path)
	case viewmodel.SaveImported:
		c.saveImported(in.Path)
	case viewmodel.SelectClipB:
		if clips := c.clips(); in.Index >= 0 && in.Index < len(clips) {
			c.chosen, c.res, c.sel = clips[in.Index], nil, -1
		}
	default:
		return false
	}
	return true
}

// stop ends the comparison and forgets B.
func (c *abCompare) stop() {
	*c = abCompare{ses: c.ses, play: c.play, rig: c.rig, msgs: c.msgs, importer: c.importer}
}

// compareWith opens path as B. A file that fails to open leaves the
// comparison as it was and says why.
func (c *abCompare) compareWith(path string) {
	files, err := LoadFiles(path)
	if err != nil {
		c.msgs.notify(viewmodel.Error, "compare with: %s", err)
		return
	}
	n := 0
	for _, f := range files {
		n += len(f.asset.Clips)
	}
	if n == 0 {
		c.msgs.notify(viewmodel.Error, "compare with: %s holds no animation", path)
		return
	}
	c.start(path, files)
	c.ses.addRecent(path)
	if c.err == "" {
		c.msgs.notify(viewmodel.Info, "comparing %s (A) with %s (B): %s", c.labelA(), filepath.Base(path), c.summary())
	}
}

// start compares A with files as B, named by path, in place of any
// comparison before.
func (c *abCompare) start(path string, files []*File) {
	c.stop()
	c.on, c.path, c.files, c.sel = true, path, files, -1
	c.update()
}

// clipA is the clip B is compared with: the joint clip, else the texture
// clip.
func (c *abCompare) clipA() (*slot, viewmodel.Slot) {
	if c.play.joint != nil {
		return c.play.joint, viewmodel.JointSlot
	}
	if c.play.tex != nil {
		return c.play.tex, viewmodel.TexSlot
	}
	return nil, viewmodel.JointSlot
}

func (c *abCompare) labelA() string {
	if s, _ := c.clipA(); s != nil {
		return s.label
	}
	return ""
}

// clips are B's animations, file by file.
func (c *abCompare) clips() []*anim.Clip {
	var out []*anim.Clip
	for _, f := range c.files {
		out = append(out, f.asset.Clips...)
	}
	return out
}

// pickB chooses B's clip for A: the one picked, else the one of the same
// name, else the one of the same format, else the first.
func (c *abCompare) pickB(clipA *anim.Clip) *anim.Clip {
	if c.chosen != nil {
		return c.chosen
	}
	var sameFormat, first *anim.Clip
	for _, f := range c.files {
		for _, cl := range f.asset.Clips {
			if first == nil {
				first = cl
			}
			if cl.Name == clipA.Name && cl.Format == clipA.Format {
				return cl
			}
			if sameFormat == nil && cl.Format == clipA.Format {
				sameFormat = cl
			}
		}
	}
	if sameFormat != nil {
		return sameFormat
	}
	return first
}

// update compares again when A's clip, the model or the runtime changed
// since the last comparison.
func (c *abCompare) update() {
	if !c.on {
		return
	}
	sa, slotA := c.clipA()
	rt := c.play.mat.runtime
	if sa == nil {
		c.err, c.res, c.forA = "open an animation to compare B with", nil, nil
		return
	}
	skel := c.rig.skel
	if c.res != nil && c.forA == sa.clip && c.forSkel == skel && c.forRT == rt {
		return
	}
	c.forA, c.forSkel, c.forRT, c.err = sa.clip, skel, rt, ""
	c.clip = c.pickB(sa.clip)
	c.clip.SetRuntime(rt)
	sideA, sideB := diff.Side{Clip: sa.clip}, diff.Side{Clip: c.clip}
	if skel != nil && slotA == viewmodel.JointSlot {
		bindB := formats.Bind(c.clip, skel)
		sideA.Model, sideA.Binding = skel, &c.rig.binding
		sideB.Model, sideB.Binding = skel, &bindB
	}
	res, err := diff.Compare(sideA, sideB, diff.Options{Runtime: rt})
	if err != nil {
		c.err, c.res = err.Error(), nil
		return
	}
	c.res = res
	c.targetB = diff.Partners(sa.clip, c.clip)
	c.rows = c.rows[:0]
	for _, r := range res.Differences() {
		row := viewmodel.ABRow{Target: r.TargetLabel(), Channel: r.Channel, Index: r.Index, MaxDiff: r.MaxDiff,
			AtFrame: r.AtFrame, FirstFrame: r.FirstFrame, OnlyIn: map[string]string{"a": "A", "b": "B"}[r.OnlyIn]}
		row.Ref = viewmodel.ChannelRef{Slot: slotA, Target: r.TargetA}
		if r.TargetA >= 0 && r.Slot >= 0 && r.OnlyIn != "b" {
			row.Ref.Chan, row.Plottable = anim.Slot(r.Slot), true
		}
		c.rows = append(c.rows, row)
	}
	if c.sel >= len(c.rows) {
		c.sel = -1
	}
}

// summary is the comparison's outcome in a few words.
func (c *abCompare) summary() string {
	if c.res == nil {
		return c.err
	}
	if c.res.Same() {
		return fmt.Sprintf("the same within the tolerance (%d channels, %d frames)", len(c.res.Rows), len(c.res.Frames))
	}
	return fmt.Sprintf("%d of %d channels differ", len(c.rows), len(c.res.Rows))
}

// selectDifference selects a row's target and puts the playhead on the
// row's largest difference, paused, so the two poses show it: apply
// carries out those intents.
func (c *abCompare) selectDifference(row int, apply func(viewmodel.Intent)) {
	if row < 0 || row >= len(c.rows) {
		return
	}
	c.sel = row
	r := c.rows[row]
	if r.Ref.Target >= 0 && r.Ref.Slot == viewmodel.JointSlot {
		apply(viewmodel.SelectTarget{Target: r.Ref.Target})
	} else if r.Ref.Target >= 0 {
		apply(viewmodel.SelectTexTarget{Target: r.Ref.Target})
	}
	_, slotA := c.clipA()
	apply(viewmodel.FocusSlot{Slot: slotA})
	apply(viewmodel.Pause{})
	apply(viewmodel.Seek{Frame: r.AtFrame})
}

// evaluate poses B at the frame A shows and places its ghost joints.
func (c *abCompare) evaluate() {
	c.update()
	c.ghost = c.ghost[:0]
	sa, slotA := c.clipA()
	if !c.on || c.res == nil || sa == nil {
		return
	}
	anim.Evaluate(c.clip, sa.clock.Frame, &c.pose)
	sk := c.rig.drawnSkeleton()
	if sk == nil || slotA != viewmodel.JointSlot || len(c.rig.markers) != len(sk.Joints) || visibilityOnly(c.clip) {
		return
	}
	if c.bindFor != [2]any{c.clip, sk} {
		c.binding, c.bindFor = formats.Bind(c.clip, sk), [2]any{c.clip, sk}
	}
	n := len(sk.Joints)
	if cap(c.world) < n {
		c.world = make([]mgl64.Mat4, n)
	}
	c.world = c.world[:n]
	sk.World(&c.pose, &c.binding, c.world)
	zUp := c.rig.zUp()
	for j := range c.world {
		m := &c.world[j]
		c.ghost = append(c.ghost, display(mgl32.Vec3{float32(m[12]), float32(m[13]), float32(m[14])}, zUp))
	}
}

// scene adds B's ghost skeleton to the scene, under A's bones: where the
// two poses agree A's bones cover it, where they part it shows.
func (c *abCompare) scene(s *viewmodel.Scene) {
	sk := c.rig.drawnSkeleton()
	if len(c.ghost) == 0 || sk == nil || len(sk.Joints) != len(c.ghost) {
		return
	}
	lines := c.lines[:0]
	for j := range sk.Joints {
		if p := sk.Joints[j].Parent; p >= 0 && !c.rig.jointHidden(j) {
			lines = append(lines, viewmodel.Line{A: c.ghost[p], B: c.ghost[j], Color: colGhost})
		}
	}
	c.lines = append(lines, s.Bones...)
	s.Bones = append(s.Bones[:0], c.lines...)
}

// view is the comparison for the UI (nil when none is on).
func (c *abCompare) view() *viewmodel.ABView {
	if !c.on {
		return nil
	}
	v := &viewmodel.ABView{LabelA: c.labelA(), LabelB: filepath.Base(c.path), Selected: c.sel, Error: c.err,
		Tolerance: fmt.Sprintf("tolerance %g (rotations %g°)", diff.DefaultTolerance, diff.DefaultDegreesTolerance)}
	if c.imported != nil {
		v.Import = &viewmodel.ABImport{Summary: c.imported.summary, SavePath: c.imported.savePath, LastSave: c.imported.last}
	}
	if c.res == nil {
		return v
	}
	v.ClipB, v.PoseB, v.TargetB, v.Rows = c.clip, &c.pose, c.targetB, c.rows
	for _, f := range c.files {
		for _, cl := range f.asset.Clips {
			if cl == c.clip {
				v.ClipBIndex = len(v.ClipsB)
			}
			label := f.name
			if cl.Name != "" {
				label += " › " + cl.Name
			}
			v.ClipsB = append(v.ClipsB, label)
		}
	}
	v.Compared, v.Frames = len(c.res.Rows), len(c.res.Frames)
	if c.clip.Name != "" {
		v.LabelB += " › " + c.clip.Name
	}
	for _, h := range c.res.Headers {
		v.Headers = append(v.Headers, fmt.Sprintf("%s: A %s, B %s", h.Field, h.A, h.B))
	}
	return v
}
