package jba

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/format"
)

// openSkeletonJSON reads a skeleton sidecar: the bone hierarchy (and
// optional rest pose) that JBA files lack, by bone name. Format:
// ParseSkeletonJSON.
func openSkeletonJSON(a *format.Asset, data []byte, _ format.Env) error {
	s, err := ParseSkeletonJSON(data, format.Stem(a.Name))
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
	a.Details = []format.Detail{{Name: "bones", Value: len(s.Joints)}, {Name: "roots", Value: roots}}
	return nil
}
