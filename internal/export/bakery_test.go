package export

import (
	"bytes"
	"runtime"
	"testing"
)

// The clips bake in parallel, and finish in any order; the file is the
// same bytes as a bake of one clip at a time, its animations in the
// clips' order, its warnings the same, and the progress counts every
// clip.
func TestBakesInParallelSameFile(t *testing.T) {
	a := benchAsset(t)
	sc := Scene{Skeleton: a.Skeletons[0]}
	// The longest clips first, so that shorter ones after them finish
	// first when several bake at once.
	for i := len(a.Clips) - 1; i >= 0; i-- {
		sc.Clips = append(sc.Clips, Clip{Clip: a.Clips[i], Source: "export_bench.bfres"})
	}
	build := func(procs int) ([]byte, []string, []string, int) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		n := 0
		s := sc
		s.Progress = func() { n++ }
		doc, warns, err := Build(s)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := WriteGLB(&buf, doc); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, an := range doc.Animations {
			names = append(names, an.Name)
		}
		return buf.Bytes(), warns, names, n
	}
	one, warns1, names1, n1 := build(1)
	many, warnsN, namesN, nN := build(4)
	if n1 != len(sc.Clips) || nN != len(sc.Clips) {
		t.Errorf("progress counted %d and %d clips, want %d", n1, nN, len(sc.Clips))
	}
	for i, c := range sc.Clips {
		if i >= len(namesN) || namesN[i] != c.Clip.Name {
			t.Fatalf("animation %d is %q, want the clip %q (in order: %q)", i, namesN[min(i, len(namesN)-1)], c.Clip.Name, namesN)
		}
	}
	if !bytes.Equal(one, many) {
		t.Errorf("the file differs between one bake at a time (%d bytes, %q) and parallel bakes (%d bytes, %q)", len(one), names1, len(many), namesN)
	}
	if len(warns1) != len(warnsN) {
		t.Errorf("warnings differ: %q vs %q", warns1, warnsN)
	}

	// Several builds at once, as a directory export runs them, share the
	// places in flight: each finishes, with the same bytes.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	const builds = 5
	got := make(chan []byte, builds)
	for range builds {
		go func() {
			doc, _, err := Build(sc)
			var buf bytes.Buffer
			if err == nil {
				_, err = WriteGLB(&buf, doc)
			}
			if err != nil {
				t.Error(err)
			}
			got <- buf.Bytes()
		}()
	}
	for range builds {
		if b := <-got; !bytes.Equal(b, one) {
			t.Errorf("a build beside others wrote %d bytes, alone %d (or other bytes)", len(b), len(one))
		}
	}
}
