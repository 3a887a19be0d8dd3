package j3d_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// maxFuzzSeed leaves large.bck (580 KB) out of the fuzz seeds: mutating it
// is slow, and the small fixtures cover the same structures.
const maxFuzzSeed = 64 << 10

func addFuzzSeeds(f *testing.F, ext string) {
	files, err := filepath.Glob("testdata/*" + ext)
	if err != nil || len(files) == 0 {
		f.Fatalf("no %s seeds: %v", ext, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > maxFuzzSeed {
			continue
		}
		f.Add(data)
		f.Add(data[:len(data)/2]) // truncated
	}
	f.Add([]byte{})
	f.Add([]byte("J3D1bck1"))
}

func FuzzBCK(f *testing.F) {
	addFuzzSeeds(f, ".bck")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzJ3D(t, data, "bck") })
}

func FuzzBTK(f *testing.F) {
	addFuzzSeeds(f, ".btk")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzJ3D(t, data, "btk") })
}

// fuzzJ3D runs decode -> convert -> validate -> evaluate, checks the error
// contract, that evaluation of a valid clip gives finite values, and that
// re-encoding what was decoded is stable.
func fuzzJ3D(t *testing.T, data []byte, format string) {
	var raw any
	var clip *anim.Clip
	var err error
	var encode func() ([]byte, error)
	if format == "btk" {
		var b *j3d.BTK
		if b, err = j3d.DecodeBTK(data); err == nil {
			raw = b
			encode = func() ([]byte, error) { return j3dtest.EncodeBTK(b) }
			if len(b.Entries) != int(b.TrackCount)/3 || len(b.Names) != len(b.Entries) || len(b.TexGens) != len(b.Entries) || len(b.Centers) != len(b.Entries) {
				t.Fatalf("inconsistent BTK: %d entries, %d names, %d texGens, %d centers", len(b.Entries), len(b.Names), len(b.TexGens), len(b.Centers))
			}
			clip, err = b.Clip()
		}
	} else {
		var b *j3d.BCK
		if b, err = j3d.DecodeBCK(data); err == nil {
			raw = b
			encode = func() ([]byte, error) { return j3dtest.EncodeBCK(b) }
			if len(b.Joints) != int(b.JointCount) {
				t.Fatalf("%d joints, header says %d", len(b.Joints), b.JointCount)
			}
			clip, err = b.Clip()
		}
	}
	if err != nil {
		checkErrorContract(t, err, format)
		if raw == nil {
			return
		}
	}
	if raw != nil {
		checkReencode(t, encode, format)
	}
	if clip == nil || clip.Validate() != nil {
		return
	}
	pose := anim.NewPose(clip)
	for _, f := range []float64{-1, 0, 0.5, clip.Duration / 3, clip.Duration - 0.001, clip.Duration, clip.Duration + 7.25, math.NaN()} {
		anim.Evaluate(clip, f, pose)
		if math.IsNaN(f) {
			continue
		}
		for i := range pose.Targets {
			for s, v := range pose.Targets[i].V {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("target %d slot %d at frame %v: %v", i, s, f, v)
				}
			}
			if clip.Targets[i].Kind == anim.TexSRTTarget {
				anim.TexMatrixOf(&clip.Targets[i], &pose.Targets[i])
			}
		}
	}
}

func checkErrorContract(t *testing.T, err error, format string) {
	msg := err.Error()
	if !strings.HasPrefix(msg, format+": ") || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error %q is not one line prefixed %q", msg, format+": ")
	}
	var fe *bin.FormatError
	var ue *bin.UnsupportedError
	if !errors.As(err, &fe) && !errors.As(err, &ue) {
		t.Fatalf("error %T %q is neither a FormatError nor an UnsupportedError", err, msg)
	}
}

// checkReencode: a decoded file re-encodes to a valid file, and encoding
// that file's decoding again gives the same bytes.
func checkReencode(t *testing.T, encode func() ([]byte, error), format string) {
	enc1, err := encode()
	if err != nil {
		t.Fatalf("re-encoding a decoded file: %v", err)
	}
	var enc2 []byte
	if format == "btk" {
		b, err := j3d.DecodeBTK(enc1)
		if err != nil {
			t.Fatalf("decoding the re-encoded file: %v", err)
		}
		enc2, err = j3dtest.EncodeBTK(b)
		if err != nil {
			t.Fatal(err)
		}
	} else {
		b, err := j3d.DecodeBCK(enc1)
		if err != nil {
			t.Fatalf("decoding the re-encoded file: %v", err)
		}
		enc2, err = j3dtest.EncodeBCK(b)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(enc1, enc2) {
		t.Fatal("re-encoding is not stable")
	}
}
