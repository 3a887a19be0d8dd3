package anim

import (
	"slices"
	"testing"
)

// TestBindByNameIndexedShared binds clips to skeletons through one
// BindCache, as pairing does, and checks each binding against the joints
// worked out by hand: a duplicated joint name binds its first joint, a
// name only a later skeleton has binds there (the numbering grows as
// skeletons and clips come), unnamed and non-joint targets are handled as
// BindByName handles them, and the warning lines are BindIssue's text.
func TestBindByNameIndexedShared(t *testing.T) {
	skel := func(names ...string) *Skeleton {
		s := &Skeleton{}
		for i, n := range names {
			s.Joints = append(s.Joints, Joint{Name: n, Parent: i - 1})
		}
		return s
	}
	clip := func(targets ...Target) *Clip { return &Clip{Targets: targets} }
	j := func(name string) Target { return Target{Kind: JointTarget, Name: name} }
	tex := Target{Kind: TexSRTTarget, Name: "Hip"}

	a := skel("Root", "Hip", "Hip", "Head")
	b := skel("Tail", "Root", "")
	c1 := clip(j("Hip"), tex, j("Tail"), j("Root"), j(""))
	c2 := clip(j("Wing"), j("Head"))
	type want struct {
		target []int
		issues []BindIssue
	}
	cases := []struct {
		sk   *Skeleton
		c    *Clip
		want want
	}{
		{a, c1, want{[]int{3, 0, -1, -1}, []BindIssue{{Kind: MissingBone, Target: 2, Name: "Tail"}, {Kind: MissingBone, Target: 4, Name: ""}}}},
		{b, c1, want{[]int{2, 3, 4}, []BindIssue{{Kind: MissingBone, Target: 0, Name: "Hip"}}}},
		{a, c2, want{[]int{-1, -1, -1, 1}, []BindIssue{{Kind: MissingBone, Target: 0, Name: "Wing"}}}},
		{b, c2, want{[]int{-1, -1, -1}, []BindIssue{{Kind: MissingBone, Target: 0, Name: "Wing"}, {Kind: MissingBone, Target: 1, Name: "Head"}}}},
	}
	cache := &BindCache{}
	ix := map[*Skeleton]*JointIndex{a: NewJointIndex(a, cache), b: NewJointIndex(b, cache)}
	for round := range 2 { // the second round binds from the cache's numbered clips
		for i, tc := range cases {
			for _, got := range []Binding{BindByNameIndexed(tc.c, ix[tc.sk]), BindByName(tc.c, tc.sk)} {
				if !slices.Equal(got.Target, tc.want.target) || !slices.Equal(got.Issues, tc.want.issues) {
					t.Fatalf("round %d case %d: target %v issues %+v, want %v %+v", round, i, got.Target, got.Issues, tc.want.target, tc.want.issues)
				}
				if len(got.Warnings) != len(tc.want.issues) {
					t.Fatalf("round %d case %d: warnings %q", round, i, got.Warnings)
				}
				for k, w := range got.Warnings {
					if want := `animated bone "` + tc.want.issues[k].Name + `" is not in the skeleton`; w != want {
						t.Errorf("round %d case %d: warning %q, want %q", round, i, w, want)
					}
				}
			}
		}
	}
	named, found := ix[a].Named(c1)
	if named != 3 || found != 2 { // Hip, Tail, Root named (the unnamed one not); Hip and Root found
		t.Errorf("Named(a, c1) = %d, %d; want 3, 2", named, found)
	}
	if named, found := ix[b].Named(c2); named != 2 || found != 0 {
		t.Errorf("Named(b, c2) = %d, %d; want 2, 0", named, found)
	}
	if named, found := NewJointIndex(a, nil).Named(c1); named != 3 || found != 2 {
		t.Errorf("uncached Named(a, c1) = %d, %d; want 3, 2", named, found)
	}
	var order []int
	for k := ix[a].First("Hip"); k >= 0; k = ix[a].Next(k) {
		order = append(order, k)
	}
	if !slices.Equal(order, []int{1, 2}) || ix[a].First("Wing") != -1 {
		t.Errorf("joints named Hip %v, Wing %d", order, ix[a].First("Wing"))
	}
}
