package export

import (
	"sort"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
)

// TestKeysShareBufferView: a clip's keys, written one after another, sit
// in one buffer view (not one view each, about 50 bytes of JSON a
// channel), each accessor's bytes inside it and apart from the others'.
func TestKeysShareBufferView(t *testing.T) {
	dir := apptest.ModelFixtures
	skel := open(t, dir+"biped.bmd").Skeletons[0]
	walk := open(t, dir+"walk.bck").Clips[0]
	doc, _, err := Build(Scene{Skeleton: skel, Clips: []Clip{{Clip: walk, Source: "walk.bck"}}})
	if err != nil {
		t.Fatal(err)
	}
	views := map[int]bool{}
	type span struct{ lo, hi int }
	var spans []span
	elem := map[string]int{"SCALAR": 1, "VEC3": 3, "VEC4": 4}
	for _, a := range doc.Animations {
		for _, s := range a.Samplers {
			for _, ai := range []int{s.Input, s.Output} {
				acc := doc.Accessors[ai]
				v := *acc.BufferView
				views[v] = true
				size := 4
				if acc.ComponentType.ByteSize() == 2 {
					size = 2
				}
				lo := doc.BufferViews[v].ByteOffset + acc.ByteOffset
				hi := lo + acc.Count*elem[acc.Type.String()]*size
				if acc.ByteOffset < 0 || hi > doc.BufferViews[v].ByteOffset+doc.BufferViews[v].ByteLength {
					t.Errorf("accessor %d: bytes %d..%d outside view %d", ai, lo, hi, v)
				}
				spans = append(spans, span{lo, hi})
			}
		}
	}
	if len(spans) < 4 || len(views) != 1 {
		t.Fatalf("%d key accessors in %d buffer views, want them in one", len(spans), len(views))
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].lo < spans[j].lo })
	for i := 1; i < len(spans); i++ {
		// Samplers share a time accessor where their keys are the same.
		if spans[i].lo < spans[i-1].hi && spans[i] != spans[i-1] {
			t.Errorf("key bytes %v overlap %v", spans[i], spans[i-1])
		}
	}
}
