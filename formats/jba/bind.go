package jba

import (
	"fmt"

	"github.com/animscope/animscope/anim"
)

// rootAliases are names the SWTOR-Slicers importer treats as one bone: it
// renames a file's "GOD" to "Bip01" before matching the skeleton's bones.
var rootAliases = map[string]string{"GOD": "Bip01", "Bip01": "GOD"}

// Bind binds a JBA clip to a skeleton by bone name. A target with no joint
// of its own name binds through the GOD ↔ Bip01 alias, so a file's "GOD"
// drives a skeleton's "Bip01" (the importer's rename) and a "Bip01" track
// drives a sidecar's "GOD". Exact names win over the alias. Targets that
// find no joint are listed as warnings.
func Bind(c *anim.Clip, s *anim.Skeleton) anim.Binding {
	b := anim.Binding{Target: make([]int, len(s.Joints))}
	byName := make(map[string]int, len(s.Joints))
	for i, j := range s.Joints {
		b.Target[i] = -1
		if _, dup := byName[j.Name]; !dup {
			byName[j.Name] = i
		}
	}
	var pending []int
	for ti := range c.Targets {
		t := &c.Targets[ti]
		if t.Kind != anim.JointTarget {
			continue
		}
		if ji, ok := byName[t.Name]; ok && b.Target[ji] < 0 {
			b.Target[ji] = ti
		} else {
			pending = append(pending, ti)
		}
	}
	for _, ti := range pending {
		name := c.Targets[ti].Name
		if alias, ok := rootAliases[name]; ok {
			if ji, ok := byName[alias]; ok && b.Target[ji] < 0 {
				b.Target[ji] = ti
				continue
			}
		}
		if _, ok := byName[name]; ok {
			b.Warnings = append(b.Warnings, fmt.Sprintf("animated bone %q appears twice; the first one drives the joint", name))
			continue
		}
		b.Warnings = append(b.Warnings, fmt.Sprintf("animated bone %q is not in the skeleton", name))
	}
	return b
}
