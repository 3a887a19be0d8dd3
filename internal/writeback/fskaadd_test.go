package writeback

import (
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/bfres"
)

// TestAddFSKA exports a fixture clip and adds it back to the same file
// under a new name: the file lists the new clip after the others, it
// plays within the bound of the clip it was exported from at every
// eighth of a frame, its flags are the file's first clip's, and every
// other clip plays as before, bit for bit.
func TestAddFSKA(t *testing.T) {
	for _, c := range fskaCases {
		t.Run(c.name, func(t *testing.T) {
			data, f, skel := fresFixture(t, c.path, c.entry)
			last := len(f.SkeletalAnims) - 1
			orig, _ := f.SkeletalClip(last)
			src := exportGLB(t, skel, orig, f.SkeletalAnims[last].Name)
			res, err := AddFSKA(src, data, "Added", skel)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("end %v: worst %.3f of the bound at %s, keys %d, %d -> %d bytes, passes %d, notes %q",
				src.End, res.Worst, res.WorstJoint, res.Keys, len(data), len(res.Data), res.Passes, res.Notes)
			g, err := bfres.Parse(res.Data)
			if err != nil {
				t.Fatal(err)
			}
			n := len(f.SkeletalAnims)
			if len(g.SkeletalAnims) != n+1 || g.SkeletalAnims[n].Name != "Added" {
				t.Fatalf("%d skeletal animations, want %d ending with \"Added\"", len(g.SkeletalAnims), n+1)
			}
			added := &g.SkeletalAnims[n]
			if added.Flags != f.SkeletalAnims[0].Flags {
				t.Errorf("flags %#x, want the first clip's %#x", added.Flags, f.SkeletalAnims[0].Flags)
			}
			// The glTF carries the length in its keys; a clip holding
			// still has a single key, and the added clip one frame.
			want := f.SkeletalAnims[last].FrameCount
			if src.End == 0 {
				want = 1
			}
			if added.FrameCount != want {
				t.Errorf("%d frames, want the glTF's %d", added.FrameCount, want)
			}
			got, _ := g.SkeletalClip(n)
			if e := worstByName(skel, got, orig, orig.Duration); e > 1 {
				t.Errorf("added clip is %.3f× the bound from the exported clip", e)
			}
			checkOthers(t, g, f, n)
		})
	}
}

// TestAddFSKAFirstClip adds a clip to a file holding none: it takes
// Euler rotations and the standard scale mode, and plays within the
// bound of the clip the glTF came from.
func TestAddFSKAFirstClip(t *testing.T) {
	data, f, skel := fresFixture(t, bfresFixtures+"skel_model.bfres", "")
	if len(f.SkeletalAnims) != 0 {
		t.Fatalf("fixture has %d skeletal animations, want none", len(f.SkeletalAnims))
	}
	_, af, _ := fresFixture(t, bfresFixtures+"skel_anim.bfres", "")
	orig, _ := af.SkeletalClip(0)
	res, err := AddFSKA(exportGLB(t, skel, orig, "Trot"), data, "Trot", skel)
	if err != nil {
		t.Fatal(err)
	}
	g, err := bfres.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.SkeletalAnims) != 1 {
		t.Fatalf("%d skeletal animations, want 1", len(g.SkeletalAnims))
	}
	a := &g.SkeletalAnims[0]
	if a.Quaternion() || a.ScaleMode() != 1 || a.Loop() {
		t.Errorf("flags %#x: want Euler, scale mode 1, not looping", a.Flags)
	}
	got, _ := g.SkeletalClip(0)
	if e := worstByName(skel, got, orig, orig.Duration); e > 1 {
		t.Errorf("added clip is %.3f× the bound from the exported clip", e)
	}
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "no skeletal animation") {
		t.Errorf("notes %q: want the first to say the flags are the defaults", res.Notes)
	}
}

// TestAddFSKATaken refuses a name the file already has, naming the
// file's clips.
func TestAddFSKATaken(t *testing.T) {
	data, f, skel := fresFixture(t, bfresFixtures+"skel_anim.bfres", "")
	orig, _ := f.SkeletalClip(0)
	_, err := AddFSKA(exportGLB(t, skel, orig, "Trot"), data, "Trot", skel)
	if err == nil || !strings.Contains(err.Error(), `"Trot"`) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err %v: want one line naming the clips", err)
	}
}
