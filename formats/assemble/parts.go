// Package assemble completes a model from the files around it, the way the
// game's actor set-up does: the textures a BFRES model names but keeps in
// other files (BotW's X.Tex1/X.Tex2, a Switch X.Tex, an SMO texture
// archive) and the parts Super Mario Odyssey attaches to a body's joints
// (InitPartsFixInfo). It reads those files through a SiblingReader, from a
// directory or from the archive beside the model, and opens them with the
// registry; the registry itself never reads a file system.
package assemble

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/byml"
	"github.com/animscope/animscope/mesh"
)

// FromArchive completes a model file opened from entry of the archive ar
// the way the game's actor set-up does, with dir reading the files beside
// the archive (nil: none): its textures (Textures with the entries
// beside it, and the texture archive InitModel.byml names), and the parts
// its InitPartsFixInfo files attach (Parts).
func FromArchive(a *formats.Asset, ar formats.Archive, entry string, dir SiblingReader) {
	linkArchive(a, ar, entry, dir, true)
}

func linkArchive(a *formats.Asset, ar formats.Archive, entry string, dir SiblingReader, parts bool) {
	if a.Format != "bfres" || len(a.Models) == 0 {
		Textures(a, ArchiveSiblings(ar, entry))
		return
	}
	extra, warn := textureArc(ar, entry, dir)
	linkTextures(a, ArchiveSiblings(ar, entry), extra)
	a.Warnings = append(a.Warnings, warn...)
	if parts {
		Parts(a, ar, entry, dir)
	}
}

// actorFile reads and parses a BYML file beside entry in ar; nil when
// there is none.
func actorFile(ar formats.Archive, entry, name string) (map[string]any, error) {
	data, err := ArchiveSiblings(ar, entry)(name)
	if err != nil {
		return nil, nil
	}
	v, err := byml.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return byml.Dict(v), nil
}

// textureArc reads the textures of the archive an SMO actor's
// InitModel.byml names as its TextureArc (Mario's head keeps its textures
// in MarioShadowChaseHeadTexture.szs), by name; nil when it names none.
func textureArc(ar formats.Archive, entry string, dir SiblingReader) (map[string]*mesh.Texture, []string) {
	info, err := actorFile(ar, entry, "InitModel.byml")
	if err != nil {
		return nil, []string{err.Error()}
	}
	name := byml.String(info, "TextureArc")
	if name == "" {
		return nil, nil
	}
	ta, file, err := openActorArchive(name, dir)
	if err != nil {
		return nil, []string{fmt.Sprintf("texture archive %s (InitModel.byml's TextureArc): %v", file, err)}
	}
	out := map[string]*mesh.Texture{}
	for _, t := range ta.Textures {
		if _, dup := out[t.Name]; !dup {
			out[t.Name] = t
		}
	}
	return out, nil
}

// openActorArchive opens SMO's archive name.szs from dir and the
// name.bfres inside it (or its one model file), textures linked.
func openActorArchive(name string, dir SiblingReader) (*formats.Asset, string, error) {
	file := name + ".szs"
	if dir == nil {
		return nil, file, fmt.Errorf("not found")
	}
	data, err := dir(file)
	if err != nil {
		return nil, file, fmt.Errorf("not found beside it")
	}
	outer, err := formats.Open(file, data)
	if err != nil {
		return nil, file, err
	}
	if outer.Archive == nil {
		return nil, file, fmt.Errorf("is a %s file, not an archive", outer.Format)
	}
	entry := ""
	for _, e := range outer.Archive.Entries() {
		if path.Base(e.Path) == name+".bfres" || entry == "" && e.Kind == "bfres" {
			entry = e.Path
		}
	}
	if entry == "" {
		return nil, file, fmt.Errorf("holds no BFRES file")
	}
	data, err = outer.Archive.Read(entry)
	if err != nil {
		return nil, file, err
	}
	a, err := formats.Open(file+":"+entry, data)
	if err != nil {
		return nil, file, err
	}
	linkArchive(a, outer.Archive, entry, dir, false)
	return a, file, nil
}

const partsPrefix = "InitPartsFixInfo"

// Parts attaches the models Super Mario Odyssey draws on this file's
// models, as al::PartsModel does: for every InitPartsFixInfo<Suffix>.byml
// beside entry in ar, the parts model is the one InitSubActor.byml lists
// with that FixFileSuffixName (the face: MarioShadowChaseFace), else the
// actor's name followed by the suffix (the head the player's costume
// loads: MarioShadowChaseHead); it is read from <model>.szs beside the
// archive (dir) and follows the joint JointName names, placed by
// LocalRotate, LocalTrans, LocalScale, UseLocalScale and
// UseFollowMtxScale. Parts that cannot be found are listed in one
// warning; the model draws without them.
func Parts(a *formats.Asset, ar formats.Archive, entry string, dir SiblingReader) {
	if ar == nil || a.Format != "bfres" || len(a.Models) == 0 {
		return
	}
	dirName := path.Dir(slashes(entry))
	var suffixes []string
	for _, e := range ar.Entries() {
		p := slashes(e.Path)
		base := path.Base(p)
		if path.Dir(p) != dirName || !strings.HasPrefix(base, partsPrefix) || !strings.HasSuffix(base, ".byml") {
			continue
		}
		// The file without a suffix says how this actor itself is
		// attached to its own host; it names no part of this one.
		if s := strings.TrimSuffix(strings.TrimPrefix(base, partsPrefix), ".byml"); s != "" {
			suffixes = append(suffixes, s)
		}
	}
	if len(suffixes) == 0 {
		return
	}
	slices.Sort(suffixes)
	models := map[string]string{}
	sub, err := actorFile(ar, entry, "InitSubActor.byml")
	if err != nil {
		a.Warnings = append(a.Warnings, err.Error())
	}
	for _, c := range byml.List(sub["CreatorList"]) {
		c := byml.Dict(c)
		if s, m := byml.String(c, "FixFileSuffixName"), byml.String(c, "ModelName"); s != "" && m != "" {
			models[s] = m
		}
	}
	actor := strings.TrimSuffix(path.Base(slashes(entry)), ".bfres")
	var missing []string
	for _, s := range suffixes {
		name := models[s]
		if name == "" {
			name = actor + s
		}
		fix, err := actorFile(ar, entry, partsPrefix+s+".byml")
		if err != nil {
			a.Warnings = append(a.Warnings, fmt.Sprintf("part %s: %v", s, err))
			continue
		}
		host, joint := partHost(a, byml.String(fix, "JointName"))
		if host == nil {
			a.Warnings = append(a.Warnings, fmt.Sprintf("part %s: no model has the joint %q it follows; not drawn", s, byml.String(fix, "JointName")))
			continue
		}
		pa, file, err := openActorArchive(name, dir)
		if err != nil {
			missing = append(missing, fmt.Sprintf("%s (%s: %v)", s, file, err))
			continue
		}
		m := partModel(pa, name)
		if m == nil {
			missing = append(missing, fmt.Sprintf("%s (%s: no model)", s, file))
			continue
		}
		rot, _ := byml.Vec3(fix, "LocalRotate")
		trans, _ := byml.Vec3(fix, "LocalTrans")
		p := mesh.Part{Name: s, Model: m, Joint: joint, Offset: mesh.PartOffset(rot, trans),
			FollowScale: byml.Bool(fix, "UseFollowMtxScale"), Scale: mgl64.Vec3{1, 1, 1}}
		if scale, ok := byml.Vec3(fix, "LocalScale"); ok && byml.Bool(fix, "UseLocalScale") {
			p.Scale = scale
		}
		sk := pa.Skeletons[m.Skeleton]
		p.Rest = make([]mgl64.Mat4, len(sk.Joints))
		sk.World(nil, nil, p.Rest)
		host.Parts = append(host.Parts, p)
		for _, w := range pa.Warnings {
			a.Warnings = append(a.Warnings, fmt.Sprintf("part %s (%s): %s", s, file, w))
		}
	}
	if len(missing) > 0 {
		a.Warnings = append(a.Warnings, fmt.Sprintf("%d parts the game draws on %s are not drawn: %s", len(missing), actor, strings.Join(missing, "; ")))
	}
}

// partHost is the first model whose skeleton has the joint called name
// (the actor's base matrix, its first model's root, when name is "").
func partHost(a *formats.Asset, name string) (*mesh.Model, int) {
	for _, m := range a.Models {
		if m.Skeleton < 0 || m.Skeleton >= len(a.Skeletons) {
			continue
		}
		if name == "" {
			return m, -1
		}
		for j, jt := range a.Skeletons[m.Skeleton].Joints {
			if jt.Name == name {
				return m, j
			}
		}
	}
	return nil, 0
}

// partModel is the model called name in a part's file, else its first
// model with a skeleton.
func partModel(a *formats.Asset, name string) *mesh.Model {
	var first *mesh.Model
	for _, m := range a.Models {
		if m.Skeleton < 0 || m.Skeleton >= len(a.Skeletons) {
			continue
		}
		if m.Name == name {
			return m
		}
		if first == nil {
			first = m
		}
	}
	return first
}
