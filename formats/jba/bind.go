package jba

import "github.com/animscope/animscope/anim"

// rootAliases are names the SWTOR-Slicers importer treats as one bone: it
// renames a file's "GOD" to "Bip01" before matching the skeleton's bones.
var rootAliases = map[string]string{"GOD": "Bip01", "Bip01": "GOD"}

// Bind binds a JBA clip to a skeleton by bone name. A target with no joint
// of its own name binds through the GOD ↔ Bip01 alias, so a file's "GOD"
// drives a skeleton's "Bip01" (the importer's rename) and a "Bip01" track
// drives a sidecar's "GOD". Exact names win over the alias. A name that
// appears several times binds in order (the second track to the second
// joint of that name). Targets that find no joint are listed as warnings.
func Bind(c *anim.Clip, s *anim.Skeleton) anim.Binding {
	return BindIndexed(c, anim.NewJointIndex(s, nil))
}

// BindIndexed is Bind to the skeleton ix indexes (pairing binds many clips
// with one index).
func BindIndexed(c *anim.Clip, ix *anim.JointIndex) anim.Binding {
	b := anim.Binding{Target: make([]int, len(ix.Skeleton.Joints))}
	for i := range b.Target {
		b.Target[i] = -1
	}
	free := func(name string) int {
		for j := ix.First(name); j >= 0; j = ix.Next(j) {
			if b.Target[j] < 0 {
				return j
			}
		}
		return -1
	}
	var pending []int
	for ti := range c.Targets {
		t := &c.Targets[ti]
		if t.Kind != anim.JointTarget {
			continue
		}
		if j := free(t.Name); j >= 0 {
			b.Target[j] = ti
		} else {
			pending = append(pending, ti)
		}
	}
	for _, ti := range pending {
		name := c.Targets[ti].Name
		if alias, ok := rootAliases[name]; ok {
			if j := free(alias); j >= 0 {
				b.Target[j] = ti
				continue
			}
		}
		if ix.First(name) >= 0 {
			ix.Add(&b, anim.BindIssue{Kind: anim.ExtraTrack, Target: ti, Name: name})
			continue
		}
		ix.Add(&b, anim.BindIssue{Kind: anim.MissingBone, Target: ti, Name: name})
	}
	return b
}
