package formats

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
)

// toyFormat is a throwaway format: "TOY1", then a little-endian float32
// translation X held for a little-endian u32 number of frames. Its one
// clip animates one joint.
var toyFormat = &asset.Format{
	Name:        "toy",
	DisplayName: "Toy Anim",
	Extensions:  []string{".toy"},
	Sniff:       func(b []byte) bool { return asset.HasPrefix(b, "TOY1") },
	Open: func(a *asset.Asset, data []byte, _ asset.Env) error {
		if len(data) != 12 {
			return &FormatError{Format: "toy", Off: int64(len(data)), Msg: "file is not 12 bytes"}
		}
		x := math.Float32frombits(binary.LittleEndian.Uint32(data[4:]))
		frames := binary.LittleEndian.Uint32(data[8:])
		a.Clips = []*anim.Clip{{
			Name: asset.Stem(a.Name), Format: "toy-joint", Duration: float64(frames), FPS: 30,
			Targets: []anim.Target{{Name: "Root", Kind: anim.JointTarget, TexGen: -1, Base: anim.DefaultBase(),
				Channels: []anim.Channel{{Slot: anim.TransX, Curve: anim.Constant(x)}}}},
		}}
		a.Details = []asset.Detail{{Name: "frames", Value: frames}}
		return nil
	},
	Yields:      asset.Clips,
	ClipFormats: []*asset.ClipFormat{{Name: "toy-joint", Fallback: anim.Standard, ZUp: true, ModelHint: "Toy files have no model."}},
}

func toyFile(x float32, frames uint32) []byte {
	b := []byte("TOY1")
	b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	return binary.LittleEndian.AppendUint32(b, frames)
}

// TestRegisterThrowawayFormat adds a format with nothing but its
// descriptor: Open, the lookups and the unknown-type message pick it up
// (the pairing of its files: TestRegisteredFormatPairs), and
// unregistering removes it.
func TestRegisterThrowawayFormat(t *testing.T) {
	if _, err := Open("a.toy", toyFile(2.5, 40)); err == nil || strings.Contains(err.Error(), "Toy Anim") {
		t.Fatalf("before Register: %v", err)
	}
	unregister := Register(toyFormat)
	defer unregister()

	a, err := Open("dir/hop.toy", toyFile(2.5, 40))
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "toy" || len(a.Clips) != 1 || a.Clips[0].Name != "hop" || a.Clips[0].Duration != 40 {
		t.Fatalf("asset %+v", a)
	}
	pose := anim.NewPose(a.Clips[0])
	anim.Evaluate(a.Clips[0], 12, pose)
	if got := pose.Targets[0].V[anim.TransX]; got != 2.5 {
		t.Errorf("translation x at frame 12 = %v, want 2.5", got)
	}
	if Sniff(toyFile(1, 1)) != "toy" || DisplayName("toy") != "Toy Anim" || DisplayName("nope") != "" || Lookup("toy") != toyFormat {
		t.Errorf("sniff %q display %q", Sniff(toyFile(1, 1)), DisplayName("toy"))
	}
	if !Openable("toy") || !KnownExtension(".TOY") || ArchiveExtension(".toy") {
		t.Error("toy must be openable, a known extension and not an archive")
	}
	info := ClipInfo(a.Clips[0])
	if !info.ZUp || info.Fallback != anim.Standard || info.ModelHint != "Toy files have no model." || info.Bind == nil {
		t.Errorf("clip info %+v", info)
	}
	_, err = Open("junk", []byte("JUNKJUNK"))
	if err == nil || !strings.HasPrefix(err.Error(), "unknown file type (magic 4a 55 4e 4b 4a 55 4e 4b); expected J3D BCK, ") ||
		!strings.HasSuffix(err.Error(), " or Toy Anim") {
		t.Errorf("unknown type: %v", err)
	}
	var fe *FormatError
	if _, err := Open("short.toy", []byte("TOY1")); !errors.As(err, &fe) || fe.Format != "toy" {
		t.Errorf("short toy file: %v", err)
	}

	unregister()
	if Sniff(toyFile(1, 1)) != "" || DisplayName("toy") != "" || slices.Contains(Formats(), toyFormat) {
		t.Error("the format is still registered")
	}
}

// memArchive is an Archive over a map, its entries sniffed like a
// container's.
type memArchive map[string][]byte

func (m memArchive) Entries() []Entry {
	var out []Entry
	for p, b := range m {
		out = append(out, Entry{Path: p, Size: int64(len(b)), Kind: Sniff(b)})
	}
	slices.SortFunc(out, func(x, y Entry) int { return strings.Compare(x.Path, y.Path) })
	return out
}

func (m memArchive) Read(p string) ([]byte, error) {
	if b, ok := m[p]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("%s: no such entry", p)
}

// TestRegistry checks the built-in descriptors: unique names and clip
// formats, everything a lookup relies on present, and the answers the
// viewer's old switches gave.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Formats() {
		if f.Name == "" || f.DisplayName == "" || f.Sniff == nil || f.Open == nil || f.Yields == 0 || seen[f.Name] {
			t.Errorf("descriptor %q is incomplete or registered twice", f.Name)
		}
		seen[f.Name] = true
		for _, c := range f.ClipFormats {
			if seen["clip "+c.Name] || c.ModelHint == "" {
				t.Errorf("clip format %q of %q", c.Name, f.Name)
			}
			seen["clip "+c.Name] = true
		}
		if f.Has(asset.Clips) != (len(f.ClipFormats) > 0) {
			t.Errorf("%q: yields clips but lists no clip formats, or the reverse", f.Name)
		}
	}
	var openable []string
	for _, k := range []string{"bck", "btk", "bmd", "bdl", "rarc", "sarc", "bfres", "jba", "skeleton-json", "yaz0", ""} {
		if Openable(k) {
			openable = append(openable, k)
		}
	}
	if want := []string{"bck", "btk", "bmd", "bdl", "bfres", "jba", "skeleton-json"}; !slices.Equal(openable, want) {
		t.Errorf("openable %q, want %q", openable, want)
	}
	for _, c := range []struct {
		format   string
		fallback anim.HierarchyMode
		zUp      bool
		hint     string
	}{
		{"bck", anim.J3DBasic, false, "(BMD/BDL)"},
		{"btk", anim.Standard, false, "(BMD/BDL)"},
		{"bfres-skeletal", anim.Standard, false, ".bfres model"},
		{"bfres-texsrt", anim.Standard, false, ".bfres model"},
		{"jba", anim.Standard, true, "skeleton sidecar JSON"},
		{"", anim.Standard, false, "model"},
	} {
		got := ClipInfo(&anim.Clip{Format: c.format})
		if got.Fallback != c.fallback || got.ZUp != c.zUp || !strings.Contains(got.ModelHint, c.hint) || got.Bind == nil {
			t.Errorf("%q: fallback %v z-up %v hint %q", c.format, got.Fallback, got.ZUp, got.ModelHint)
		}
	}
	for ext, want := range map[string][2]bool{".bck": {true, false}, ".szs": {true, true}, ".pack": {true, true}, ".sbfres": {true, false}, ".png": {false, false}} {
		if got := [2]bool{KnownExtension(ext), ArchiveExtension(ext)}; got != want {
			t.Errorf("%s: known, archive = %v, want %v", ext, got, want)
		}
	}
}

// TestOpenErrorTypes checks that a caller outside formats can tell a
// malformed file from an unsupported one with errors.As.
func TestOpenErrorTypes(t *testing.T) {
	bck := readFixture(t, "j3d/testdata/tangent1.bck")
	_, err := Open("cut.bck", bck[:len(bck)/2])
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Format != "bck" {
		t.Errorf("truncated BCK: %v (%T)", err, err)
	}
	_, err = Open("new.jba", append([]byte("JAWB"), make([]byte, 64)...))
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Format != "jba" || errors.As(err, &fe) {
		t.Errorf("JAWB JBA: %v (%T)", err, err)
	}
}

// The per-frame lookups allocate nothing.
func TestLookupAllocs(t *testing.T) {
	c := &anim.Clip{Format: "jba"}
	if n := testing.AllocsPerRun(100, func() { _ = ClipInfo(c).ZUp && Openable("bck") && Lookup("bfres") != nil }); n != 0 {
		t.Errorf("lookups allocate %v times", n)
	}
}

func TestUnknownTypeMessage(t *testing.T) {
	_, err := Open("x", []byte("JUNKJUNK"))
	want := "unknown file type (magic 4a 55 4e 4b 4a 55 4e 4b); expected J3D BCK, J3D BTK, J3D BCA, J3D BRK, J3D BPK, J3D BTP, J3D BVA, J3D BMD, J3D BDL, RARC, SARC, BFRES, JBA, skeleton JSON or J3D BTI"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// The notice for a clip without a skeleton names where the bones come
// from, per clip format (the viewer shows ClipInfo's hint as it is).
func TestModelHintNamesTheSource(t *testing.T) {
	for format, want := range map[string]string{"jba": "skeleton sidecar JSON", "bfres-skeletal": ".bfres model", "bck": "BMD/BDL"} {
		if got := ClipInfo(&anim.Clip{Format: format}).ModelHint; !strings.Contains(got, want) {
			t.Errorf("ClipInfo(%q).ModelHint = %q, want it to mention %q", format, got, want)
		}
	}
}

func readFixture(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const (
	modelDir   = "j3d/testdata/j3dmodel/"
	archiveDir = "archive/testdata/"
)
