package jba

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
)

// SWTOR characters are rigged with 3ds Max Biped (bones "Bip01",
// "Bip01 Pelvis", "Bip01 L Thigh", ...), plus a "GOD" root in some files
// and facial bones "fc_*". A JBA file stores only the names, so the rules
// below rebuild the hierarchy Biped gives those names. Where Biped's
// hierarchy depends on creation options, BipedOptions picks.

// BipedOptions select between Biped's hierarchy variants.
type BipedOptions struct {
	// TrianglePelvis links the thighs to the lowest spine link instead of
	// the pelvis (Biped's "Triangle Pelvis" option).
	TrianglePelvis bool
	// TriangleNeck links the clavicles to the top spine link instead of
	// the first neck link (Biped's "Triangle Neck" option).
	TriangleNeck bool
}

// Hierarchy is the result of InferBiped.
type Hierarchy struct {
	// Parents[i] is the parent of bone i, or -1 for a root.
	Parents []int
	// Placed[i] reports whether a rule recognised bone i (a root such as
	// "Bip01" or "GOD" counts as placed).
	Placed []bool
	// Unplaced lists the bones no rule recognises, in file order; they
	// are left as roots.
	Unplaced []int
	// Links counts the bones given a parent.
	Links int
}

// Maximum link numbers Biped creates (spine 10 links, neck 25, tail 25,
// finger and toe 3 segments, twist links 10); numbers above these are not
// Biped names and stay unplaced.
const (
	maxSpineLink   = 9
	maxNeckLink    = 24
	maxTailLink    = 24
	maxDigitLink   = 9
	maxTwistLink   = 9
	maxPonytail    = 2
	maxFingerIndex = 4
)

// bipedPart is a bone name split into its Biped prefix ("Bip01") and the
// lower-case part after it ("l thigh", "" for the prefix bone itself).
type bipedPart struct {
	prefix, part string
}

// splitBiped recognises "<Bip##> <part>" names.
func splitBiped(name string) (bipedPart, bool) {
	fields := strings.Fields(name)
	if len(fields) == 0 {
		return bipedPart{}, false
	}
	p := fields[0]
	if len(p) < 4 || !strings.EqualFold(p[:3], "bip") {
		return bipedPart{}, false
	}
	for _, c := range p[3:] {
		if c < '0' || c > '9' {
			return bipedPart{}, false
		}
	}
	rest := strings.ToLower(strings.Join(fields[1:], " "))
	// Some Biped versions write the side of twist links without a space
	// ("LUpArmTwist"); normalise to "l uparmtwist".
	for _, tw := range [...]string{"uparmtwist", "foretwist", "thightwist", "calftwist"} {
		if len(rest) > 1 && (rest[0] == 'l' || rest[0] == 'r') && strings.HasPrefix(rest[1:], tw) {
			rest = rest[:1] + " " + rest[1:]
		}
	}
	return bipedPart{strings.ToUpper(p[:1]) + strings.ToLower(p[1:3]) + p[3:], rest}, true
}

// linkNumber parses the number after a keyword: "" is link 0 ("Spine"),
// "3" is link 3 ("Spine3"). ok is false for anything else.
func linkNumber(s string, max int) (int, bool) {
	if s == "" {
		return 0, true
	}
	if s[0] == '0' && len(s) > 1 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > max {
		return 0, false
	}
	return n, true
}

func linkName(keyword string, n int) string {
	if n == 0 {
		return keyword
	}
	return keyword + strconv.Itoa(n)
}

// chainTop lists the links of a chain from the highest possible down to
// link 0, so the first one present is the chain's top.
func chainTop(keyword string, max int) []string {
	out := make([]string, 0, max+1)
	for n := max; n >= 0; n-- {
		out = append(out, linkName(keyword, n))
	}
	return out
}

// digitChain handles "finger0", "finger01", "finger0nub" style names: a
// one-digit index, then an optional segment number or "nub". base is the
// parent of segment 0.
func digitChain(keyword, rest, side, base string, maxIndex int) ([]string, bool) {
	if len(rest) == 0 || rest[0] < '0' || int(rest[0]-'0') > maxIndex {
		return nil, false
	}
	idx := keyword + rest[:1]
	seg := rest[1:]
	if seg == "nub" {
		top := chainTop(idx, maxDigitLink)
		for i := range top {
			top[i] = side + top[i]
		}
		return top, true
	}
	n, ok := linkNumber(seg, maxDigitLink)
	if !ok {
		return nil, false
	}
	if n == 0 {
		return []string{base}, true
	}
	return []string{side + linkName(idx, n-1)}, true
}

// bipedParents returns the candidate parents of a Biped part, best first:
// the first candidate present in the file is the parent. When none is
// present the search climbs from the last candidate. ok is false when the
// part is not a Biped name.
func bipedParents(part string, opt BipedOptions) (cands []string, ok bool) {
	if part == "" {
		return nil, true // the Biped root (centre of mass)
	}
	switch part {
	case "pelvis":
		return []string{""}, true
	case "footsteps":
		return nil, true // a free-standing node in Max
	case "headnub":
		return []string{"head"}, true
	case "head":
		return chainTop("neck", maxNeckLink), true
	case "tailnub":
		return chainTop("tail", maxTailLink), true
	case "prop1":
		return []string{"r hand"}, true
	case "prop2":
		return []string{"l hand"}, true
	}
	for _, ch := range [...]struct {
		keyword string
		max     int
		base    func() []string
	}{
		{"spine", maxSpineLink, func() []string { return []string{"pelvis"} }},
		{"neck", maxNeckLink, func() []string { return chainTop("spine", maxSpineLink) }},
		{"tail", maxTailLink, func() []string { return []string{"pelvis"} }},
	} {
		if rest, found := strings.CutPrefix(part, ch.keyword); found {
			n, ok := linkNumber(rest, ch.max)
			if !ok {
				return nil, false
			}
			if n == 0 {
				return ch.base(), true
			}
			return []string{linkName(ch.keyword, n-1)}, true
		}
	}
	if rest, found := strings.CutPrefix(part, "ponytail"); found {
		if len(rest) == 0 || rest[0] < '1' || int(rest[0]-'0') > maxPonytail {
			return nil, false
		}
		return digitChain("ponytail", rest, "", "head", maxPonytail)
	}
	side, limb, found := strings.Cut(part, " ")
	if !found || (side != "l" && side != "r") {
		return nil, false
	}
	s := side + " "
	switch limb {
	case "clavicle":
		if opt.TriangleNeck {
			return chainTop("spine", maxSpineLink), true
		}
		return []string{"neck"}, true
	case "upperarm":
		return []string{s + "clavicle"}, true
	case "forearm":
		return []string{s + "upperarm"}, true
	case "hand":
		return []string{s + "forearm"}, true
	case "thigh":
		if opt.TrianglePelvis {
			return []string{"spine"}, true
		}
		return []string{"pelvis"}, true
	case "calf":
		return []string{s + "thigh"}, true
	case "horselink":
		return []string{s + "calf"}, true
	case "foot":
		return []string{s + "horselink", s + "calf"}, true
	}
	if rest, found := strings.CutPrefix(limb, "finger"); found {
		return digitChain("finger", rest, s, s+"hand", maxFingerIndex)
	}
	if rest, found := strings.CutPrefix(limb, "toe"); found {
		return digitChain("toe", rest, s, s+"foot", maxFingerIndex)
	}
	for _, tw := range [...]struct{ keyword, limb string }{
		{"uparmtwist", "upperarm"}, {"foretwist", "forearm"}, {"thightwist", "thigh"}, {"calftwist", "calf"},
	} {
		if rest, found := strings.CutPrefix(limb, tw.keyword); found {
			n, ok := linkNumber(rest, maxTwistLink)
			if !ok {
				return nil, false
			}
			if n == 0 {
				return []string{s + tw.limb}, true
			}
			return []string{s + linkName(tw.keyword, n-1)}, true
		}
	}
	return nil, false
}

// isFacial reports SWTOR's facial bones, which hang from the head.
func isFacial(name string) bool {
	return len(name) > 3 && strings.EqualFold(name[:3], "fc_")
}

// InferBiped rebuilds a hierarchy from 3ds Max Biped bone names:
// "<Bip##> <part>" bones get their Biped parent (skipping links absent
// from the file, so "Bip01 Neck" hangs from the top spine link present),
// "GOD" is the root above "Bip01" (or stands in for it when there is no
// "Bip01", as the SWTOR-Slicers importer renames it), and "fc_*" facial
// bones hang from the head. Bones no rule recognises stay roots and are
// listed in Unplaced.
func InferBiped(names []string, opt BipedOptions) Hierarchy {
	h := Hierarchy{Parents: make([]int, len(names)), Placed: make([]bool, len(names))}
	// index[prefix][part] = bone index; the first bone wins on duplicates.
	index := map[string]map[string]int{}
	parts := make([]bipedPart, len(names))
	isBiped := make([]bool, len(names))
	god := -1
	counts := map[string]int{}
	mainPrefix := ""
	for i, n := range names {
		h.Parents[i] = -1
		if n == "GOD" && god < 0 {
			god = i
			continue
		}
		p, ok := splitBiped(n)
		if !ok {
			continue
		}
		parts[i], isBiped[i] = p, true
		if index[p.prefix] == nil {
			index[p.prefix] = map[string]int{}
		}
		if _, dup := index[p.prefix][p.part]; !dup {
			index[p.prefix][p.part] = i
		}
		counts[p.prefix]++
		if mainPrefix == "" || counts[p.prefix] > counts[mainPrefix] {
			mainPrefix = p.prefix
		}
	}
	// GOD stands in for the Biped root when the file has none (the
	// importer renames GOD to Bip01); otherwise it is the root above every
	// Biped root.
	rootPrefix := mainPrefix
	if rootPrefix == "" {
		rootPrefix = "Bip01"
	}
	godIsRoot := god >= 0
	if god >= 0 {
		h.Placed[god] = true
		if _, has := index[rootPrefix][""]; !has {
			if index[rootPrefix] == nil {
				index[rootPrefix] = map[string]int{}
			}
			index[rootPrefix][""] = god
			godIsRoot = false
			mainPrefix = rootPrefix
		}
	}
	// resolve finds the bone a part hangs from, climbing past links the
	// file lacks; -1 when it reaches the top.
	var resolve func(prefix, part string, depth int) int
	resolve = func(prefix, part string, depth int) int {
		if part == "" {
			if godIsRoot {
				return god
			}
			return -1
		}
		cands, ok := bipedParents(part, opt)
		if !ok || len(cands) == 0 || depth > 64 {
			return -1
		}
		for _, c := range cands {
			if j, has := index[prefix][c]; has {
				return j
			}
		}
		return resolve(prefix, cands[len(cands)-1], depth+1)
	}
	for i, n := range names {
		switch {
		case i == god:
			// A root either way: above the Biped roots, or standing in
			// for the missing one.
		case isBiped[i]:
			if _, ok := bipedParents(parts[i].part, opt); !ok {
				h.Unplaced = append(h.Unplaced, i)
				continue
			}
			h.Placed[i] = true
			if index[parts[i].prefix][parts[i].part] != i {
				// A duplicate name: hang it where the first one hangs.
				h.Parents[i] = h.Parents[index[parts[i].prefix][parts[i].part]]
				continue
			}
			h.Parents[i] = resolve(parts[i].prefix, parts[i].part, 0)
		case isFacial(n):
			h.Placed[i] = true
			if mainPrefix != "" {
				if j, has := index[mainPrefix]["head"]; has {
					h.Parents[i] = j
				} else {
					h.Parents[i] = resolve(mainPrefix, "head", 0)
				}
			}
		default:
			h.Unplaced = append(h.Unplaced, i)
		}
	}
	for _, p := range h.Parents {
		if p >= 0 {
			h.Links++
		}
	}
	return h
}

// BipedSkeleton builds the skeleton InferBiped gives the clip's bone names,
// with every joint's rest pose taken from the clip's frame 0 (the file has
// no rest pose; the animation drives every joint it names). ok is false
// when the names give no hierarchy at all (no bone has a parent): then no
// hierarchy is known and a viewer should draw each bone on its own. The
// returned names are the unplaced bones, for a warning.
func BipedSkeleton(c *anim.Clip, opt BipedOptions) (s *anim.Skeleton, unplaced []string, ok bool) {
	names := make([]string, len(c.Targets))
	for i := range c.Targets {
		names[i] = c.Targets[i].Name
	}
	h := InferBiped(names, opt)
	if h.Links == 0 {
		return nil, nil, false
	}
	s = &anim.Skeleton{Name: c.Name, Mode: anim.Standard, Joints: make([]anim.Joint, len(names))}
	var rest anim.TargetPose
	for i := range c.Targets {
		anim.EvaluateTarget(&c.Targets[i], 0, &rest)
		s.Joints[i] = anim.Joint{Name: names[i], Parent: h.Parents[i], Rest: rest.V, Quaternion: rest.Quaternion}
	}
	for _, i := range h.Unplaced {
		unplaced = append(unplaced, names[i])
	}
	return s, unplaced, true
}

// UnplacedWarning formats the unplaced bones for Asset.Warnings, naming at
// most the first 20.
func UnplacedWarning(unplaced []string) string {
	const show = 20
	var b strings.Builder
	fmt.Fprintf(&b, "Biped naming rules could not place %d bone(s) (kept as roots): ", len(unplaced))
	for i, n := range unplaced {
		if i == show {
			fmt.Fprintf(&b, ", and %d more", len(unplaced)-show)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}
