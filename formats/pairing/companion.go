package pairing

import (
	"path"
	"strings"

	"github.com/animscope/animscope/anim"
)

// The games start a model's material, texture and visibility clips
// together with the skeletal clip they belong to, and name them so:
//
//   - BotW and SMO: the same name inside the animation file (skeletal
//     Common_Sleep with visibility Common_Sleep); BotW's face clips carry
//     a "Face_" prefix (texture SRT Face_Common_Sleep_Getup_St with
//     skeletal Common_Sleep_Getup_St).
//   - J3D: the same file stem (Galaxy's DemoBossKameckDown.bck with
//     DemoBossKameckDown.bva, MKDD's minigamebombhei_battle.bca with its
//     .btk), or a "t" before it (Wind Waker's tcutturn.btk and
//     tcutturn.btp with cutturn.bck; tswgripmsab.brk with swgripmsab.bck).
//   - A clip named after the model itself (MKDD's minigamearrow.btk for
//     minigamearrow.bmd; Wind Waker's tshms.btk for shms.bdl) runs
//     whatever the model does.
//
// Player variants (MKDD's minigamebombhei_battle_1p.brk … _4p.brk) are
// alternatives of one clip: the game plays one of them. Anything else
// plays only when the user picks it.

// ClipName is the name clip c of the file at path plays under: its own
// name (a BFRES animation), else its file's name stem (a J3D file holds
// one unnamed clip; "dir/Link.arc:bck/cutturn.bck" gives "cutturn").
func ClipName(filePath string, c *anim.Clip) string {
	if c != nil && c.Name != "" {
		return c.Name
	}
	b := path.Base(slashes(filePath))
	if i := strings.LastIndexByte(b, ':'); i >= 0 {
		b = path.Base(b[i+1:])
	}
	if i := strings.IndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	return b
}

// VariantOf splits a player variant suffix "_<digits>p" off name
// ("minigamebombhei_battle_2p" → "minigamebombhei_battle", 2); n is 0
// when name has none.
func VariantOf(name string) (base string, n int) {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || len(name) < i+3 || (name[len(name)-1] != 'p' && name[len(name)-1] != 'P') {
		return name, 0
	}
	digits := name[i+1 : len(name)-1]
	for _, r := range digits {
		if r < '0' || r > '9' {
			return name, 0
		}
		n = n*10 + int(r-'0')
		if n > 99 {
			return name, 0
		}
	}
	return name[:i], n
}

// PlaysWith reports whether the material, texture or visibility clip
// named side (ClipName) plays with the skeletal clip named joint ("" when
// none plays) on the model whose file is modelPath ("" without one), by
// the games' naming above. A model without a skeletal clip playing runs
// its clips at rest (AtRest: Galaxy's barriers play Wait.brk and
// Wait.btk and have no BCK). Case is ignored: archives mix it.
func PlaysWith(side, joint, modelPath string) bool {
	if NamedForModel(side, modelPath) {
		return true
	}
	if joint == "" {
		return AtRest(side)
	}
	base, _ := VariantOf(side)
	base = strings.ToLower(base)
	j := strings.ToLower(joint)
	switch {
	case base == j:
		return true
	case strings.HasPrefix(base, "face_") && base[len("face_"):] == j:
		return true
	case strings.HasPrefix(side, "t") && base[1:] == j:
		return true // the J3D "t" names a texture clip in the original's case
	}
	return false
}

// DefaultClip is the index of the clip among names (ClipName, in file
// order) that a model shows first: the one a user expects at rest. A
// clip whose name has the word "wait" or "idle" (Wait, Default_Wait,
// mariotree1_wait, SummonWait), or is "default", comes first, the
// shortest such name winning (Wait before Wait_Ground, Default_Wait
// before Default_Angry_Talk_Wait), then file order; without one, the
// first clip. -1 for no names.
func DefaultClip(names []string) int {
	best, bestLen := -1, 0
	for i, n := range names {
		if !restingName(n) {
			continue
		}
		if best < 0 || len(n) < bestLen {
			best, bestLen = i, len(n)
		}
	}
	if best < 0 && len(names) > 0 {
		return 0
	}
	return best
}

// restingName reports whether a clip name has the word wait or idle, or
// is "default": words split at '_', '-', ' ', digits and lower-to-upper
// case changes (SummonWait: Summon, Wait). A word may carry one letter
// before it: Mario Kart 8 names its kart bodies' clips Mwait, Mrun,
// Mbrake.
func restingName(name string) bool {
	if strings.EqualFold(name, "default") {
		return true
	}
	var words []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i < len(name) {
			c, p := name[i], name[i-1]
			split := c == '_' || c == '-' || c == ' ' || (c >= '0' && c <= '9') != (p >= '0' && p <= '9') ||
				(c >= 'A' && c <= 'Z' && p >= 'a' && p <= 'z')
			if !split {
				continue
			}
		}
		words = append(words, strings.Trim(strings.ToLower(name[start:i]), "_- "))
		start = i
	}
	for _, w := range words {
		if len(w) == 5 {
			w = w[1:]
		}
		if w == "wait" || w == "idle" {
			return true
		}
	}
	return false
}

// NamedForModel reports whether side clip name is named after the model
// whose file is modelPath (minigamearrow.btk for minigamearrow.bmd; a
// player variant minigamebombhei_battle_2p.brk too): it runs whatever
// the model does.
// Wind Waker puts the J3D "t" before a model's name too: Link.arc's
// tswgripms.btk, tshms.btk and tarrowglitter.btk go with swgripms.bdl,
// shms.bdl and arrowglitter.bdl.
func NamedForModel(side, modelPath string) bool {
	base, _ := VariantOf(side)
	m := nameStem(modelPath)
	if m == "" {
		return false
	}
	return strings.ToLower(base) == m || strings.HasPrefix(base, "t") && strings.ToLower(base[1:]) == m
}

// AtRest reports whether a side clip's name is one of rest (a wait or
// idle word, or "default", as DefaultClip judges skeletal clips): it
// plays on a model when no skeletal clip does.
func AtRest(side string) bool {
	base, _ := VariantOf(side)
	return restingName(base)
}

// Partner is the index among joints (the ClipNames of a model's skeletal
// clips, in order) of the clip that side clip name plays with
// (PlaysWith, without the model-name rule): the animation it belongs to,
// for an export that writes each skeletal clip with its side clips as
// one animation. -1 when none is (it plays only with the model, or when
// picked).
// A clip of the very same name comes first: BotW's texture SRT
// Face_Common_Sleep_Getup_St goes with the skeletal clip of that name
// (the face bones) before Common_Sleep_Getup_St.
func Partner(side string, joints []string) int {
	for i, j := range joints {
		if j != "" && strings.EqualFold(side, j) {
			return i
		}
	}
	for i, j := range joints {
		if j != "" && PlaysWith(side, j, "") {
			return i
		}
	}
	return -1
}
