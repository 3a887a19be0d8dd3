package export

import (
	"fmt"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/matbind"
	"github.com/animscope/animscope/mesh"
)

// modelMaterialTracks puts a clip's material animations on the exported
// models' own materials and returns, for the animation's extras, every
// track glTF cannot play there:
//
//   - A texture SRT target moves the base colour texture of every
//     material of its name whose albedo slot uses its texture matrix
//     (matbind.TexSRTSlots: J3D, the slot's TexMatrix is the BTK entry's
//     texGen; BFRES, the number that ends the shader parameter's name,
//     "tex_mtx0" → 0, and a material whose slots name no matrix has its
//     albedo moved by its first target),
//     through KHR_texture_transform animated by KHR_animation_pointer. A
//     target that moves another slot, or no material, goes to the extras.
//   - A colour target drives the baseColorFactor of the materials of its
//     name (a BRK register: its material), the game's value / 255 as on
//     the quads. One target per material does: its first material colour
//     (BPK), else its first register (BRK); the others go to the extras.
//   - Texture patterns, visibility and shader parameters go to the
//     extras as before; a shape visibility track also names the mesh
//     nodes it hides ("nodes").
func (b *builder) modelMaterialTracks(a *gltf.Animation, c Clip) []map[string]any {
	clip := c.Clip
	if w := b.unboundWarning(c); w != "" {
		b.warns = append(b.warns, w)
	}
	var other []map[string]any
	drives := map[string]int{} // material name -> colour target
	for i := range clip.Targets {
		t := &clip.Targets[i]
		if t.Kind != anim.MatColorTarget && t.Kind != anim.TevRegTarget {
			continue
		}
		name := colourMaterial(t)
		if j, ok := drives[name]; !ok || clip.Targets[j].Kind == anim.TevRegTarget && t.Kind == anim.MatColorTarget {
			drives[name] = i
		}
	}
	animated := map[int]bool{} // glTF materials whose texture transform is driven
	for i := range clip.Targets {
		t := &clip.Targets[i]
		switch t.Kind {
		case anim.JointTarget:
		case anim.TexSRTTarget:
			var mats []int
			for _, m := range b.texSRTMaterials(t) {
				if !animated[m] {
					animated[m] = true
					mats = append(mats, m)
				}
			}
			if len(mats) == 0 {
				other = append(other, sampledTrack(clip, t))
				continue
			}
			label := fmt.Sprintf("%s texgen %d", t.Name, t.TexGen)
			b.texSRTChannels(a, c, t, label, mats)
		case anim.TevRegTarget, anim.MatColorTarget:
			mats := b.materialsNamed(colourMaterial(t))
			if drives[colourMaterial(t)] != i || len(mats) == 0 {
				other = append(other, sampledTrack(clip, t))
				continue
			}
			b.colourChannels(a, c, t, mats)
		default:
			tr := sampledTrack(clip, t)
			if t.Kind == anim.ShapeTarget {
				if nodes := b.shapeNodes(t); len(nodes) > 0 {
					tr["nodes"] = nodes
				}
			}
			other = append(other, tr)
		}
	}
	return other
}

// colourMaterial is the material a colour target animates.
func colourMaterial(t *anim.Target) string {
	if t.Kind == anim.TevRegTarget && t.Material != "" {
		return t.Material
	}
	return t.Name
}

// materialsNamed lists the glTF materials (and their untextured copies)
// of the models' materials of that name.
func (b *builder) materialsNamed(name string) []int {
	var out []int
	for _, em := range b.models {
		for mi := range em.m.Materials {
			if em.m.Materials[mi].Name == name {
				out = append(out, em.mats[mi].index)
				if em.mats[mi].plain >= 0 {
					out = append(out, em.mats[mi].plain)
				}
			}
		}
	}
	return out
}

// texSRTMaterials lists the glTF materials whose base colour texture a
// texture SRT target moves, giving each its KHR_texture_transform. The
// slots a target moves are matbind's, as in the viewer; of the targets
// matbind can only guess a slot for (a BFRES material whose slots name
// no texture matrix: its albedo), the caller keeps the first per
// material.
func (b *builder) texSRTMaterials(t *anim.Target) []int {
	var out []int
	for _, em := range b.models {
		for mi := range em.m.Materials {
			mat := &em.m.Materials[mi]
			o := &em.mats[mi]
			if mat.Name != t.Name || o.albedo < 0 || o.albedo >= 64 {
				continue
			}
			if mask, _ := matbind.TexSRTSlots(mat, t); mask&(1<<o.albedo) == 0 {
				continue
			}
			if !o.transform {
				o.transform = true
				tex := b.doc.Materials[o.index].PBRMetallicRoughness.BaseColorTexture
				tex.Extensions = gltf.Extensions{extTransform: map[string]any{"offset": [2]float64{0, 0}, "rotation": 0.0, "scale": [2]float64{1, 1}}}
				b.used[extTransform] = true
			}
			out = append(out, o.index)
		}
	}
	return out
}

// shapeNodes lists the mesh nodes of the shapes a visibility target
// hides, as the viewer hides them: a BFRES material visibility target
// (named after a material, matbind.Material) every shape drawing that
// material; a J3D BVA target, which names none, the shape of its index.
func (b *builder) shapeNodes(t *anim.Target) []int {
	var out []int
	for _, em := range b.models {
		mi := -1
		if t.Name != "" {
			if mi = matbind.Material(em.m, t); mi < 0 {
				continue
			}
		}
		for si := range em.m.Shapes {
			match := si == t.Index
			if t.Name != "" {
				match = em.m.Shapes[si].Material == mi
			}
			if match && em.nodes[si] >= 0 {
				out = append(out, em.nodes[si])
			}
		}
	}
	return out
}

// unboundWarning is one line saying why a texture, material or
// visibility clip acts on none of the models (it names materials they do
// not have: a clip given with another game's model), as render says it;
// "" when it binds something or animates joints only.
func (b *builder) unboundWarning(c Clip) string {
	models := make([]*mesh.Model, len(b.models))
	names := make([]string, len(b.models))
	for i, em := range b.models {
		models[i], names[i] = em.m, em.m.Name
	}
	missing := matbind.Unbound(c.Clip, models)
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: binds to nothing of model %s: it animates %q, which the model does not have; exported in the animation's extras only",
		clipWhere(c), strings.Join(names, ", "), missing)
}
