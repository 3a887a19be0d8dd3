package pairing

import (
	"fmt"
	"math/rand/v2"
	"path"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// synthLayout is how a synthetic dump places its files.
type synthLayout int

const (
	// synthFlat: every file in one directory (a game's Model folder).
	synthFlat synthLayout = iota
	// synthTree: one directory per model family, some models and their
	// animations inside archives, some animation files in a folder of
	// their own (paired by bone names and joint count only).
	synthTree
)

// synthCore are bone names most humanoid skeletons of a game share.
var synthCore = []string{"Root", "Hip", "Spine_1", "Spine_2", "Spine_3", "Neck", "Head",
	"Clavicle_L", "Arm_1_L", "Arm_2_L", "Wrist_L", "Clavicle_R", "Arm_1_R", "Arm_2_R", "Wrist_R",
	"Leg_1_L", "Leg_2_L", "Ankle_L", "Toe_L", "Leg_1_R", "Leg_2_R", "Ankle_R", "Toe_R",
	"Finger_1_L", "Finger_2_L", "Finger_1_R", "Finger_2_R", "Eye_L", "Eye_R", "Jaw"}

// synthDump builds models and animations the way a game dump holds them,
// deterministically from seed: models in families that share most bone
// names (a family's own bones, a model's own props), an animation file per
// model (named after it, as the games name them) whose clips animate most
// of the model's bones and now and then one it lacks, J3D models with
// index-bound BCKs (some of the wrong joint count), JBA clips with the
// Biped root alias, files holding a model and its own clips, models with
// two skeletons, and texture and material clips named after their model
// or not. Every clip is a fresh value, as opened files give them. With
// lists 0 each BFRES clip animates a bone list of its own; else the clips
// of a file share that many lists, as a game's animation file does (the
// 111 skeletal animations of BotW's Npc_Gerudo_Queen_Animation.bfres
// have two).
func synthDump(seed uint64, models, clipsPerModel, lists int, layout synthLayout) []*Source {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	families := max(1, models/5)
	famBones := make([][]string, families)
	for f := range famBones {
		for b := range 10 + rng.IntN(40) {
			famBones[f] = append(famBones[f], fmt.Sprintf("F%02d_Bone_%d", f, b))
		}
	}
	var srcs []*Source
	add := func(p, archive string, a *formats.Asset) {
		s := &Source{Path: p, Archive: archive, Dir: path.Dir(p), Asset: a}
		if archive != "" {
			s.Entry = p[len(archive)+1:]
			s.Dir = path.Dir(archive)
		}
		srcs = append(srcs, s)
	}
	named := func(name, format string, names []string) *anim.Clip {
		c := &anim.Clip{Name: name, Format: format, Duration: 30, FPS: 30}
		for i, n := range names {
			c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: i, Name: n})
		}
		return c
	}
	texClip := func(name, format string, kind anim.TargetKind, n int) *anim.Clip {
		c := &anim.Clip{Name: name, Format: format, Duration: 30, FPS: 30}
		for i := range n {
			c.Targets = append(c.Targets, anim.Target{Kind: kind, Index: i, Name: fmt.Sprintf("mat%d", i)})
		}
		return c
	}
	for i := range models {
		fam := i % families
		dir := "dump"
		if layout == synthTree {
			dir = fmt.Sprintf("dump/fam%02d", fam)
		}
		name := fmt.Sprintf("Npc_%03d", i)
		switch {
		case i%11 == 3: // a J3D model with its BCKs and a BTK in an archive
			joints := 8 + rng.IntN(40)
			sk := &anim.Skeleton{Name: name, Mode: anim.J3DBasic, Joints: make([]anim.Joint, joints)}
			for j := range sk.Joints {
				sk.Joints[j] = anim.Joint{Name: fmt.Sprintf("joint%d", j), Parent: j - 1}
			}
			arc := ""
			if layout == synthTree {
				arc = dir + "/" + name + ".szs"
			}
			at := func(p string) string {
				if arc != "" {
					return arc + ":" + p
				}
				return dir + "/" + p
			}
			add(at(name+".bdl"), arc, &formats.Asset{Skeletons: []*anim.Skeleton{sk}})
			for k := range clipsPerModel {
				n := joints
				if k%4 == 3 {
					n += rng.IntN(5) - 2 // another model's BCK
				}
				c := &anim.Clip{Name: "", Format: "bck", Duration: 30, FPS: 30}
				for j := range n {
					c.Targets = append(c.Targets, anim.Target{Kind: anim.JointTarget, Index: j})
				}
				p := fmt.Sprintf("%s_%02d.bck", name, k)
				if k%3 == 1 {
					p = fmt.Sprintf("anim%03d_%02d.bck", i, k) // not named after it
				}
				add(at(p), arc, &formats.Asset{Clips: []*anim.Clip{c}})
			}
			add(at(name+"_eye.btk"), arc, &formats.Asset{Clips: []*anim.Clip{texClip("", "btk", anim.TexSRTTarget, 2)}})
			add(at(fmt.Sprintf("tex%03d.brk", i)), arc, &formats.Asset{Clips: []*anim.Clip{texClip("", "brk", anim.TevRegTarget, 3)}})
			continue
		case i%13 == 5: // a JBA skeleton sidecar and JBA clips
			bones := []string{"Bip01", "Bip01 Pelvis", "Bip01 Spine", "Bip01 Head", "Bip01 L Thigh", "Bip01 R Thigh"}
			for b := range rng.IntN(20) {
				bones = append(bones, fmt.Sprintf("Bip01 Extra%d_%d", fam, b))
			}
			sk := &anim.Skeleton{Name: name, Mode: anim.Standard}
			for j, b := range bones {
				sk.Joints = append(sk.Joints, anim.Joint{Name: b, Parent: j - 1})
			}
			add(dir+"/"+name+".skeleton.json", "", &formats.Asset{Skeletons: []*anim.Skeleton{sk}})
			for k := range clipsPerModel {
				names := append([]string{"GOD"}, bones[1:]...)
				if k%3 == 0 {
					names = append(names, bones[1]) // an extra track
				}
				if k%4 == 1 {
					names = append(names, "Bip01 Tail") // a bone it lacks
				}
				jdir := dir
				if layout == synthTree && k%2 == 1 {
					jdir = "clips/jba" // found by bone names alone
				}
				add(fmt.Sprintf("%s/%s_%02d.jba", jdir, name, k), "", &formats.Asset{Clips: []*anim.Clip{named(fmt.Sprintf("%s_%02d", name, k), "jba", names)}})
			}
			continue
		}
		bones := []string{}
		for _, b := range synthCore {
			if rng.IntN(10) < 8 {
				bones = append(bones, b)
			}
		}
		bones = append(bones, famBones[fam]...)
		for b := range rng.IntN(30) {
			bones = append(bones, fmt.Sprintf("%s_Prop_%d", name, b))
		}
		sk := &anim.Skeleton{Name: "Skeleton", Mode: anim.G3dMaya}
		for j, b := range bones {
			sk.Joints = append(sk.Joints, anim.Joint{Name: b, Parent: j - 1})
		}
		boneList := func() []string {
			var names []string
			keep := 5 + rng.IntN(6) // of 10
			for _, b := range bones {
				if rng.IntN(10) < keep {
					names = append(names, b)
				}
			}
			switch rng.IntN(8) {
			case 0:
				names = append(names, fmt.Sprintf("Missing_%d", rng.IntN(6)))
			case 1: // another family's bones: another model's clip
				other := famBones[rng.IntN(families)]
				names = append(names, other[:min(len(other), 12)]...)
			case 2:
				names = append(names, "") // an unnamed joint target
			}
			return names
		}
		var shared [][]string
		for range lists {
			shared = append(shared, boneList())
		}
		var clips []*anim.Clip
		for k := range clipsPerModel {
			var names []string
			if lists > 0 {
				names = shared[rng.IntN(lists)]
			} else {
				names = boneList()
			}
			clips = append(clips, named(fmt.Sprintf("Act_%02d", k), "bfres-skeletal", names))
		}
		if i%3 == 0 {
			clips = append(clips, texClip("Face_Blink", "bfres-texsrt", anim.TexSRTTarget, 2))
		}
		arc := ""
		if layout == synthTree && i%4 == 1 {
			arc = dir + "/" + name + ".pack"
		}
		at := func(p string) string {
			if arc != "" {
				return arc + ":" + p
			}
			return dir + "/" + p
		}
		skels := []*anim.Skeleton{sk}
		if i%9 == 2 { // a second, smaller skeleton beside the character
			skels = append([]*anim.Skeleton{{Name: "Prop", Mode: anim.G3dMaya, Joints: []anim.Joint{{Name: "Root", Parent: -1}}}}, sk)
		}
		switch {
		case i%5 == 0: // model and clips in one file
			add(at(name+".bfres"), arc, &formats.Asset{Skeletons: skels, Clips: clips})
		case layout == synthTree && i%7 == 4: // the animations elsewhere
			add(at(name+".bfres"), arc, &formats.Asset{Skeletons: skels})
			add(fmt.Sprintf("shared/anims/Pack_%03d.bfres", i), "", &formats.Asset{Clips: clips})
		default: // X.bfres and X_Animation.bfres, the latter with a skeleton copy
			add(at(name+".bfres"), arc, &formats.Asset{Skeletons: skels})
			copySk := &anim.Skeleton{Name: "Skeleton", Mode: anim.G3dMaya, Joints: sk.Joints}
			var own []*anim.Skeleton
			if i%2 == 0 {
				own = []*anim.Skeleton{copySk}
			}
			add(at(name+"_Animation.bfres"), arc, &formats.Asset{Skeletons: own, Clips: clips})
		}
		if i%4 == 2 {
			add(at(name+"_Mat.bfres"), arc, &formats.Asset{Clips: []*anim.Clip{
				texClip("Mat_Color", "bfres-shaderparam", anim.ShaderParamTarget, 3),
				texClip(name+"_Blink", "bfres-texpattern", anim.TexPatternTarget, 1)}})
		}
		if i%6 == 1 {
			add(fmt.Sprintf("%s/Common_%03d.bfres", dir, i), "", &formats.Asset{Clips: []*anim.Clip{
				texClip("Common_Scroll", "bfres-texsrt", anim.TexSRTTarget, 1)}})
		}
	}
	return srcs
}
