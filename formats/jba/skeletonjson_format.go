package jba

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
)

// openSkeletonJSON reads a skeleton sidecar: the bone hierarchy (and
// optional rest pose) that JBA files lack, by bone name. Format:
// ParseSkeletonJSON.
func openSkeletonJSON(a *asset.Asset, data []byte, _ asset.Env) error {
	s, err := ParseSkeletonJSON(data, asset.Stem(a.Name))
	if err != nil {
		return err
	}
	a.Skeletons = []*anim.Skeleton{s}
	a.Raw = s
	roots := 0
	for _, j := range s.Joints {
		if j.Parent < 0 {
			roots++
		}
	}
	a.Details = []asset.Detail{{Name: "bones", Value: len(s.Joints)}, {Name: "roots", Value: roots}}
	return nil
}
