package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/matbind"
	"github.com/animscope/animscope/internal/viewmodel"
	"github.com/animscope/animscope/mesh"
)

// The material animations of the open files act on the model in use's
// own materials, bound as the games bind them (internal/matbind, which
// the glTF exporter shares):
//
//   - texture SRT (J3D BTK, BFRES texture SRT): the 2×3 matrix of the
//     material's texture slots that use the target's texture matrix;
//   - texture patterns (BTP, FTXP): the texture of the slot the target
//     names (GX texture map, BFRES sampler), the value mapped to the
//     model's textures (a TEX1 entry; a name from the clip's list);
//   - colours (BRK registers, BPK material colours, BFRES colour shader
//     parameters): the material colour, one target per material and clip
//     (a material colour before a register, a register before a shader
//     parameter); the exact TEV registers wait for the GX materials;
//   - visibility: a J3D BVA hides shapes by index, a BFRES material
//     visibility hides every shape of the material, a BFRES bone
//     visibility hides the shapes whose owning bone (mesh.Shape.Bone, the
//     FSHP's) is hidden, as G3d does; a shape without one is hidden when
//     every vertex follows a hidden bone alone.
//
// Each clip is bound to a model once, when it starts playing on it; the
// names the model lacks are reported then, once.

// meshAnim is the material clips acting on the model in use's meshes:
// their targets bound to each model once, when the clip starts playing
// on it, and each frame's draw changed by their poses.
type meshAnim struct {
	// binds bind the playing material clips to the models in use,
	// rigidJoint caches per model in use the joint each shape follows
	// alone, slotBuf is scratch.
	binds      []*matBind
	rigidJoint []rigidJoints
	slotBuf    []*slot

	play *transport // the texture and material clips, and the joint clip's visibility
	sel  *selection // the texture-matrix formula the user picked
	rig  *rig       // the joints bone visibility hides
	gx   *gxPanel   // the TEV stages the user turned off
	ses  *session   // the demo's quad clips are not reported
	msgs *messages
}

// matBind binds one clip's targets to one model.
type matBind struct {
	clip    *anim.Clip
	model   *mesh.Model
	used    bool
	targets []targetBind
}

// targetBind is where one target acts: a material (and its texture
// slots), or a shape.
type targetBind struct {
	mat, shape int32
	slots      uint64 // texture slots (texture SRT, texture pattern)
	color      bool   // the target sets its material's colour
	colorMask  uint8  // shader-parameter colours: the components it sets
}

// playingSlots are the slots whose clips act on materials: the
// texture slot and the material slots (muted ones included: they stay
// bound, and act at rest).
func (ma *meshAnim) playingSlots() []*slot {
	ma.slotBuf = ma.slotBuf[:0]
	if ma.play.tex != nil {
		ma.slotBuf = append(ma.slotBuf, ma.play.tex)
	}
	ma.slotBuf = append(ma.slotBuf, ma.play.mat.slots...)
	return ma.slotBuf
}

// animate fills d.Materials and adds the animations' hidden
// shapes to d.Hidden (which holds the user's) for model m.
func (ma *meshAnim) animate(d *viewmodel.MeshDraw, m *mesh.Model, mi int, own bool) {
	d.Materials = d.Materials[:0]
	if len(m.Shapes) == 0 {
		return // a skeleton (a BFRES animation file's FMDL): nothing drawn
	}
	slots := ma.playingSlots()
	if len(slots) > 0 || ma.gx.hasStageOff(m) {
		resetMaterials(d, m)
		ma.gx.applyStageOff(d, m)
	}
	for _, s := range slots {
		b := ma.bindFor(s, m)
		if s.muted {
			continue // a muted clip shows the material at rest
		}
		for i := range b.targets {
			if i >= len(s.pose.Targets) {
				break
			}
			ma.applyTarget(d, m, s.clip, &s.clip.Targets[i], &s.pose.Targets[i], &b.targets[i])
		}
	}
	if own {
		// Bone visibility names the model in use's joints; a part's
		// shapes follow its own skeleton.
		ma.hideByBones(d, m, mi)
	}
}

// resetMaterials sizes d.Materials to m's materials, each as stored: the
// identity per texture slot, no texture swapped, colour unchanged.
func resetMaterials(d *viewmodel.MeshDraw, m *mesh.Model) {
	n := len(m.Materials)
	if cap(d.Materials) < n {
		d.Materials = append(d.Materials[:cap(d.Materials)], make([]viewmodel.MaterialDraw, n-cap(d.Materials))...)
	}
	d.Materials = d.Materials[:n]
	for i := range d.Materials {
		md := &d.Materials[i]
		k := len(m.Materials[i].Textures)
		md.TexMatrix = slices.Grow(md.TexMatrix[:0], k)[:k]
		md.Texture = slices.Grow(md.Texture[:0], k)[:k]
		for j := 0; j < k; j++ {
			md.TexMatrix[j] = [2][3]float32{{1, 0, 0}, {0, 1, 0}}
			md.Texture[j] = -1
		}
		md.Color, md.ReplaceColor, md.Hidden = viewmodel.Color{1, 1, 1, 1}, false, false
		md.GX = viewmodel.GXDraw{}
	}
}

// applyTarget applies one posed target to the draw.
func (ma *meshAnim) applyTarget(d *viewmodel.MeshDraw, m *mesh.Model, c *anim.Clip, t *anim.Target, p *anim.TargetPose, tb *targetBind) {
	if tb.shape >= 0 {
		if p.V[anim.Visible] == 0 {
			hideShape(d, m, int(tb.shape))
		}
		return
	}
	if tb.mat < 0 || int(tb.mat) >= len(d.Materials) {
		return
	}
	md := &d.Materials[tb.mat]
	switch t.Kind {
	case anim.TexSRTTarget:
		if tb.slots == 0 {
			return
		}
		mtx := anim.TexMatrixOf(t, p)
		if ma.sel.texModeOverride {
			mtx = anim.TexMatrixWith(ma.sel.texMode, t, p)
		}
		var f [2][3]float32
		for row := range f {
			for col := range f[row] {
				f[row][col] = float32(mtx[row][col])
			}
		}
		for k := range md.TexMatrix {
			if k < 64 && tb.slots&(1<<k) != 0 {
				md.TexMatrix[k] = f
			}
		}
		// The GX pipeline takes the matrix by its number, whatever
		// texgen names it (an identity texgen too: J3D loads it anyway).
		if n := matbind.TexMatrixNumber(t); n >= 0 && n < len(md.GX.TexMtx) {
			md.GX.TexMtx[n] = f
			md.GX.TexMtxSet |= 1 << n
		}
	case anim.TexPatternTarget:
		ti := matbind.PatternTexture(m, c, p.V[anim.TexIndex])
		if ti < 0 {
			return
		}
		for k := range md.Texture {
			if k < 64 && tb.slots&(1<<k) != 0 {
				md.Texture[k] = ti
			}
		}
	case anim.TevRegTarget, anim.MatColorTarget:
		setGXColor(&md.GX, t, p)
		if tb.color {
			md.Color, md.ReplaceColor = viewmodel.SwatchColor(&p.V), true
		}
	case anim.ShaderParamTarget:
		if !tb.color {
			return
		}
		c := m.Materials[tb.mat].Color
		for k := 0; k < 4; k++ {
			if tb.colorMask&(1<<k) != 0 {
				c[k] = float32(max(0, min(1, p.V[anim.Param0+anim.Slot(k)])))
			}
		}
		md.Color, md.ReplaceColor = viewmodel.Color(c), true
	case anim.ShapeTarget:
		if p.V[anim.Visible] == 0 {
			md.Hidden = true
		}
	}
}

// hideShape marks shape si of m hidden in d, growing d.Hidden to the
// model's shapes.
func hideShape(d *viewmodel.MeshDraw, m *mesh.Model, si int) {
	if si < 0 || si >= len(m.Shapes) {
		return
	}
	for len(d.Hidden) < len(m.Shapes) {
		d.Hidden = append(d.Hidden, false)
	}
	d.Hidden[si] = true
}

// hideByBones hides the shapes of m that only hidden joints drive, while
// the joint clip animates visibility (a BFRES bone visibility
// animation). mi is m's position among the models in use.
func (ma *meshAnim) hideByBones(d *viewmodel.MeshDraw, m *mesh.Model, mi int) {
	js := ma.play.joint
	if js == nil || js.muted || !hasVisibility(js.clip) {
		return
	}
	for mi >= len(ma.rigidJoint) {
		ma.rigidJoint = append(ma.rigidJoint, rigidJoints{})
	}
	rj := &ma.rigidJoint[mi]
	if rj.model != m {
		rj.model, rj.joint = m, rigidJointOf(m, rj.joint)
	}
	for si, j := range rj.joint {
		if j >= 0 && ma.rig.jointHidden(j) {
			hideShape(d, m, si)
		}
	}
}

// rigidJoints caches, per shape of a model, the one joint every vertex
// follows alone (-1: none such).
type rigidJoints struct {
	model *mesh.Model
	joint []int
}

// rigidJointOf fills dst with the joint each shape of m belongs to: its
// own bone where the format names one (G3d hides a shape by its owning
// bone), else the one joint every vertex follows alone.
func rigidJointOf(m *mesh.Model, dst []int) []int {
	dst = slices.Grow(dst[:0], len(m.Shapes))[:len(m.Shapes)]
	for si := range m.Shapes {
		if s := &m.Shapes[si]; s.HasBone {
			dst[si] = s.Bone
			continue
		}
		j := -1
		for vi := range m.Shapes[si].Skin {
			in := &m.Shapes[si].Skin[vi]
			e := int(in.Entry[0])
			if in.N != 1 || e >= len(m.Palette) {
				j = -1
				break
			}
			pj := m.Palette[e].Joint
			if vi > 0 && pj != j {
				j = -1
				break
			}
			j = pj
		}
		dst[si] = j
	}
	return dst
}

// hasVisibility reports whether any target of c has a visibility
// channel.
func hasVisibility(c *anim.Clip) bool {
	for i := range c.Targets {
		if _, ok := c.Targets[i].Channel(anim.Visible); ok {
			return true
		}
	}
	return false
}

// bindFor returns the binding of slot s's clip to model m, building it
// (and reporting what m lacks, except for the demo's quad clips) the
// first time the pair plays.
func (ma *meshAnim) bindFor(s *slot, m *mesh.Model) *matBind {
	c := s.clip
	for _, b := range ma.binds {
		if b.clip == c && b.model == m {
			b.used = true
			return b
		}
	}
	b := &matBind{clip: c, model: m, used: true}
	ma.binds = append(ma.binds, b)
	missing := bindClip(b, c, m)
	if len(missing) > 0 && !ma.ses.isDemo() {
		shown := missing[:min(len(missing), namesInSummary)]
		list := strings.Join(shown, ", ")
		if len(missing) > len(shown) {
			list += ", …"
		}
		ma.msgs.notifyKeyed(viewmodel.Warning, "", strings.Join(missing, "\n"), "%s: %s not in model %s (the game would leave them alone): %s",
			s.label, plural(len(missing), "animated material or shape is", "animated materials or shapes are"), m.Name, list)
	}
	return b
}

// bindClip binds every target of c to m and returns the names m lacks.
func bindClip(b *matBind, c *anim.Clip, m *mesh.Model) []string {
	b.targets = make([]targetBind, len(c.Targets))
	var missing []string
	seen := map[string]bool{}
	miss := func(name string) {
		if !seen[name] {
			seen[name] = true
			missing = append(missing, name)
		}
	}
	colorOf := map[int32]int{}  // material -> target setting its colour
	guessed := map[int32]bool{} // materials a guessed texture SRT moves
	for i := range c.Targets {
		t := &c.Targets[i]
		tb := &b.targets[i]
		tb.mat, tb.shape = -1, -1
		if t.Kind == anim.JointTarget {
			continue
		}
		if t.Kind == anim.ShapeTarget && t.Name == "" {
			// J3D BVA: shapes by index.
			if t.Index < len(m.Shapes) {
				tb.shape = int32(t.Index)
			} else {
				miss("shape " + strconv.Itoa(t.Index))
			}
			continue
		}
		mi := matbind.Material(m, t)
		if mi < 0 {
			miss(matbind.MaterialName(t))
			continue
		}
		tb.mat = int32(mi)
		mat := &m.Materials[mi]
		switch t.Kind {
		case anim.TexSRTTarget:
			mask, guess := matbind.TexSRTSlots(mat, t)
			if guess {
				if guessed[tb.mat] {
					mask = 0
				}
				guessed[tb.mat] = true
			}
			tb.slots = mask
		case anim.TexPatternTarget:
			tb.slots = matbind.PatternSlots(mat, t)
		case anim.TevRegTarget, anim.MatColorTarget, anim.ShaderParamTarget:
			if t.Kind == anim.ShaderParamTarget {
				if !matbind.IsColorParam(t) {
					continue
				}
				for k := 0; k < 4; k++ {
					if _, ok := t.Channel(anim.Param0 + anim.Slot(k)); ok {
						tb.colorMask |= 1 << k
					}
				}
				if tb.colorMask == 0 {
					continue
				}
			}
			if j, ok := colorOf[tb.mat]; !ok || colorRank[t.Kind] < colorRank[c.Targets[j].Kind] {
				colorOf[tb.mat] = i
			}
		}
	}
	for _, i := range colorOf {
		b.targets[i].color = true
	}
	return missing
}

// colorRank orders the colour targets competing for a material's colour:
// the material colour (BPK), then a register (BRK), then a shader
// parameter.
var colorRank = [anim.NumTargetKinds]int{anim.MatColorTarget: 0, anim.TevRegTarget: 1, anim.ShaderParamTarget: 2}

// dropUnused forgets the bindings of pairs that did not play this frame
// (a closed file's clips and models are not kept alive) and marks the
// rest unused for the next frame; the shapes' joints are kept for the
// models in use (models) alone.
func (ma *meshAnim) dropUnused(models []*mesh.Model) {
	out := ma.binds[:0]
	for _, b := range ma.binds {
		if b.used {
			b.used = false
			out = append(out, b)
		}
	}
	clear(ma.binds[len(out):])
	ma.binds = out
	for i := range ma.rigidJoint {
		if i >= len(models) || ma.rigidJoint[i].model != models[i] {
			ma.rigidJoint[i].model = nil
		}
	}
}

// setGXColor writes a colour target into the GX registers it names: a
// BRK register (C0..C3 are the MAT3 TEV colours, C3 the PREV register;
// K0..K3 the konst colours) or a BPK material colour (channel 0's
// material register). Register values stay signed and past 255 as the
// file has them (the hardware's 11-bit registers).
func setGXColor(g *viewmodel.GXDraw, t *anim.Target, p *anim.TargetPose) {
	var c [4]float32
	for k := range c {
		c[k] = float32(p.V[anim.ColorR+anim.Slot(k)] / 255)
	}
	if t.Kind == anim.MatColorTarget {
		for k := range c {
			c[k] = max(0, min(1, c[k]))
		}
		g.MatColor[0], g.MatColorSet = c, g.MatColorSet|1
		return
	}
	if len(t.Register) != 2 || t.Register[1] < '0' || t.Register[1] > '3' {
		return
	}
	n := t.Register[1] - '0'
	switch t.Register[0] {
	case 'C':
		g.TevColor[n], g.TevColorSet = c, g.TevColorSet|1<<n
	case 'K':
		for k := range c {
			c[k] = max(0, min(1, c[k]))
		}
		g.Konst[n], g.KonstSet = c, g.KonstSet|1<<n
	}
}
