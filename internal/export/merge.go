package export

import (
	"github.com/qmuntal/gltf"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/pairing"
)

// The games play a model's clips of one name together: BotW's
// Npc_Gerudo_Queen_Animation.bfres holds a skeletal Common_Sleep and a
// visibility Common_Sleep, a J3D model's walk.bck, walk.btk and walk.brk
// are one animation. A scene's clips are the ones paired with its model
// (the viewer's pairing), so the export writes the clips of one name as
// one glTF animation holding all their channels; an importer that lists
// animations by name (Blender) then plays them together instead of as
// Common_Sleep and Common_Sleep.001.

// kindClass is the part of the document a target kind writes to: joint
// nodes, texture transforms, baseColorFactor (BRK registers and BPK
// colours both drive it), or one extras list per kind. Two clips of one
// name merge only when their classes are disjoint, so no two channels of
// the animation target the same property (a .bfres and its .sbfres, or
// two BCKs of one name from different folders, stay apart).
func kindClass(k anim.TargetKind) uint {
	switch k {
	case anim.JointTarget:
		return 1 << 0
	case anim.TexSRTTarget:
		return 1 << 1
	case anim.TevRegTarget, anim.MatColorTarget:
		return 1 << 2
	}
	return 1 << (3 + uint(k))
}

func clipClasses(c *anim.Clip) uint {
	var m uint
	for i := range c.Targets {
		m |= kindClass(c.Targets[i].Kind)
	}
	return m
}

// mergeGroups groups the scene's clips into animations: a clip joins the
// first animation of its name (playName) whose clips write none of the
// properties it writes, else starts its own. A texture or colour clip
// named after a partner whose animation it cannot join (MKDD's _2p … _4p
// colours after _1p joined) goes by its own name (clipName) instead.
// Animations are in the order of their first clips; the clips of each in
// scene order. names are the animations' names.
func mergeGroups(clips []Clip) (groups [][]int, names []string) {
	var used []uint
	byName := map[string][]int{} // name -> group indices
	join := func(name string, i int, cls uint) bool {
		for _, g := range byName[name] {
			if used[g]&cls == 0 {
				groups[g] = append(groups[g], i)
				used[g] |= cls
				return true
			}
		}
		return false
	}
	play := playNames(clips)
	for i, c := range clips {
		name, cls := play[i], clipClasses(c.Clip)
		if join(name, i, cls) {
			continue
		}
		if own := clipName(c); len(byName[name]) > 0 && own != name {
			if name = own; join(name, i, cls) {
				continue
			}
		}
		byName[name] = append(byName[name], len(groups))
		groups = append(groups, []int{i})
		names = append(names, name)
		used = append(used, cls)
	}
	return groups, names
}

// playNames are the names of the animations the clips play in: each
// clip's own (clipName), except that a texture, material or visibility
// clip plays in the animation of the joint clip the games play it with
// (pairing.Partner: a joint clip of its very name first, then Wind
// Waker's tcutturn.btp with cutturn.bck, BotW's Face_X with X).
func playNames(clips []Clip) []string {
	names := make([]string, len(clips))
	joints := make([]string, len(clips)) // the joint clips' names, "" for others
	for i, c := range clips {
		names[i] = clipName(c)
		if clipClasses(c.Clip)&kindClass(anim.JointTarget) != 0 {
			joints[i] = names[i]
		}
	}
	for i := range clips {
		if joints[i] == "" {
			if j := pairing.Partner(names[i], joints); j >= 0 {
				names[i] = joints[j]
			}
		}
	}
	return names
}

// AnimationCount is the number of glTF animations Build writes for
// clips: one per name among clips that play together (see mergeGroups).
func AnimationCount(clips []Clip) int {
	g, _ := mergeGroups(clips)
	return len(g)
}

// newAnimation starts the glTF animation of clips parts. A single clip
// has the extras {fps, frames, loopMode, source}. Merged clips keep those
// of the first clip, except frames: the longest part's length in the
// first clip's frames (the animation's time range; the shorter parts hold
// their last frame after they end, as glTF players clamp a sampler), and
// add "clips", every part's {clip, source, kind, fps, frames, loopMode}.
func newAnimation(name string, parts []Clip) *gltf.Animation {
	first := parts[0]
	ex := map[string]any{"fps": first.Clip.FPS, "frames": first.Clip.Duration, "loopMode": first.Clip.Loop.String(), "source": first.origin()}
	if len(parts) > 1 {
		long := first.Clip
		var list []map[string]any
		for _, p := range parts {
			if p.Clip.Duration/p.Clip.FPS > long.Duration/long.FPS {
				long = p.Clip
			}
			list = append(list, map[string]any{"clip": clipName(p), "source": p.origin(), "kind": clipKind(p.Clip),
				"fps": p.Clip.FPS, "frames": p.Clip.Duration, "loopMode": p.Clip.Loop.String()})
		}
		ex["frames"] = long.Duration
		if long.FPS != first.Clip.FPS {
			ex["frames"] = long.Duration / long.FPS * first.Clip.FPS
		}
		ex["clips"] = list
	}
	return &gltf.Animation{Name: name, Extras: ex}
}

// clipKind names what a clip animates: the kinds of its targets, in
// kind order, joined by "+" ("joint", "texsrt", "shape+shaderparam").
func clipKind(c *anim.Clip) string {
	var seen [anim.NumTargetKinds]bool
	for i := range c.Targets {
		seen[c.Targets[i].Kind] = true
	}
	s := ""
	for k, ok := range seen {
		if ok {
			if s != "" {
				s += "+"
			}
			s += anim.TargetKind(k).String()
		}
	}
	return s
}
