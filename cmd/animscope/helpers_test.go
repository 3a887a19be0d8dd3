package main

import (
	"bytes"
	"testing"

	"github.com/animscope/animscope/internal/app/apptest"
	"github.com/animscope/animscope/internal/cli"
	"github.com/animscope/animscope/internal/sample"
)

// The GUI tests share these with the tests of internal/app and
// internal/cli (apptest); here they keep the names those tests use.

const (
	exitInput       = cli.ExitInput
	bfresFixtures   = apptest.BFRESFixtures
	jbaTestdata     = apptest.JBATestdata
	archiveFixtures = apptest.ArchiveFixtures
)

// runCLI runs the whole command line as main does.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// testBone is apptest.Bone with the field names the GUI tests use.
type testBone struct {
	name   string
	parent int
	rest   map[string]float64
}

func testBones(bs []apptest.Bone) []testBone {
	out := make([]testBone, len(bs))
	for i, b := range bs {
		out[i] = testBone{b.Name, b.Parent, b.Rest}
	}
	return out
}

var walkBones = testBones(apptest.WalkBones)

func foxBones(t *testing.T) []testBone { return testBones(apptest.FoxBones(t)) }

func goldenDoc(t *testing.T, path string) *sample.Doc { return apptest.GoldenDoc(t, path) }

func frameIndex(t *testing.T, doc *sample.Doc, frame float64) int {
	return apptest.FrameIndex(t, doc, frame)
}

func zUpDisplay(p [3]float64) [3]float64 { return apptest.ZUpDisplay(p) }

func goldenWorldOf(doc *sample.Doc, bones []testBone, fi int) [][3]float64 {
	bs := make([]apptest.Bone, len(bones))
	for i, b := range bones {
		bs[i] = apptest.Bone{Name: b.name, Parent: b.parent, Rest: b.rest}
	}
	return apptest.GoldenWorldOf(doc, bs, fi)
}
