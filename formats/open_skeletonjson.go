package formats

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/jba"
)

// openSkeletonJSON reads a skeleton sidecar: the bone hierarchy (and
// optional rest pose) that JBA files lack, by bone name. Format:
// jba.ParseSkeletonJSON.
func openSkeletonJSON(a *Asset, data []byte) error {
	s, err := jba.ParseSkeletonJSON(data, fileStem(a.Name))
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
	a.Details = []Detail{{"bones", len(s.Joints)}, {"roots", roots}}
	return nil
}
