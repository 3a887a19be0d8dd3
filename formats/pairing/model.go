package pairing

import (
	"fmt"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
)

// A file may hold several models (a Breath of the Wild character .bfres:
// the 1-bone Item_Armor_115_Queen prop, then the 135-bone
// Npc_Gerudo_Queen body). Everything that needs one skeleton from such a
// file without being told which — the viewer's model choice, pairing,
// sample/render/export --model — takes DefaultSkeleton; FILE:NAME names
// another (SkeletonNamed, ModelEntry).

// DefaultSkeleton is the index of the skeleton that stands for a file
// holding sks: the largest (most joints), the first of equals, because
// the body is what animations are made for and props hang off it; -1
// when there is none.
func DefaultSkeleton(sks []*anim.Skeleton) int {
	best := -1
	for i, sk := range sks {
		if best < 0 || len(sk.Joints) > len(sks[best].Joints) {
			best = i
		}
	}
	return best
}

// SkeletonNamed returns a's skeleton called name, or with name "" its
// DefaultSkeleton. The error is one line: a file without skeletons says
// what it is; an unknown name lists the models the file has.
func SkeletonNamed(a *formats.Asset, name string) (*anim.Skeleton, error) {
	if len(a.Skeletons) == 0 {
		return nil, fmt.Errorf("holds no skeleton (it is a %s file)", a.Format)
	}
	if name == "" {
		return a.Skeletons[DefaultSkeleton(a.Skeletons)], nil
	}
	have := make([]string, len(a.Skeletons))
	for i, sk := range a.Skeletons {
		if sk.Name == name {
			return sk, nil
		}
		joints := "joints"
		if len(sk.Joints) == 1 {
			joints = "joint"
		}
		have[i] = fmt.Sprintf("%q (%d %s)", sk.Name, len(sk.Joints), joints)
	}
	return nil, fmt.Errorf("no model named %q; it holds %s", name, strings.Join(have, ", "))
}

// ModelEntry resolves inner, the part after "ARCHIVE:" of a --model
// argument: an entry path, optionally followed by ":NAME" naming a model
// inside that entry (SARC:Model/Npc.bfres:Npc_Gerudo_Queen). As for files
// on disk, the whole of inner wins when it is an entry; otherwise it is
// split at the last colon whose left side is one. When nothing is an
// entry, the error is the archive's for the whole of inner.
func ModelEntry(ar formats.Archive, inner string) (entry string, data []byte, name string, err error) {
	data, err = ar.Read(inner)
	if err == nil {
		return inner, data, "", nil
	}
	for i := strings.LastIndexByte(inner, ':'); i > 0; i = strings.LastIndexByte(inner[:i], ':') {
		if d, e := ar.Read(inner[:i]); e == nil {
			return inner[:i], d, inner[i+1:], nil
		}
	}
	return "", nil, "", err
}
