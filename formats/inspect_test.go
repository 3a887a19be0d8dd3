package formats

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/inspect"
)

func openFixture(t *testing.T, path string) *Asset {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Open(path, b)
	if err != nil {
		t.Fatal(err)
	}
	if a.Inspect == nil {
		t.Fatalf("%s: no inspector", path)
	}
	return a
}

func field(t *testing.T, secs []inspect.Section, name string) string {
	t.Helper()
	for _, s := range secs {
		for _, f := range s.Fields {
			if f.Name == name {
				return f.Value
			}
		}
	}
	t.Fatalf("no field %q in %+v", name, secs)
	return ""
}

func table(t *testing.T, secs []inspect.Section, titlePrefix string) *inspect.Table {
	t.Helper()
	for i := range secs {
		for j := range secs[i].Tables {
			if strings.HasPrefix(secs[i].Tables[j].Title, titlePrefix) {
				return &secs[i].Tables[j]
			}
		}
	}
	t.Fatalf("no table %q", titlePrefix)
	return nil
}

// cell is the value in a row's column named col.
func cell(t *testing.T, tb *inspect.Table, row int, col string) string {
	t.Helper()
	for i, c := range tb.Columns {
		if c == col {
			return tb.Rows[row][i]
		}
	}
	t.Fatalf("table %q has no column %q (%q)", tb.Title, col, tb.Columns)
	return ""
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return v
}

// TestInspectBCK checks the raw view of tangent1.bck (tangent mode 1)
// against the fixture's description (tangent1.json): track entries, keys
// in file units, and the degrees the evaluator uses.
func TestInspectBCK(t *testing.T) {
	a := openFixture(t, "j3d/testdata/tangent1.bck")
	h := a.Inspect.Header()
	if got := field(t, h, "magic"); got != "J3D1bck1" {
		t.Errorf("magic %q", got)
	}
	if got := field(t, h, "loop mode"); got != "3 (mirrored-once)" {
		t.Errorf("loop mode %q", got)
	}
	if got := field(t, h, "joint count"); got != "3" {
		t.Errorf("joint count %q", got)
	}
	clip := a.Clips[0]
	secs := a.Inspect.Target(clip, 0)
	entries := table(t, secs, "track entries")
	if len(entries.Rows) != 9 {
		t.Fatalf("%d track entries, want 9", len(entries.Rows))
	}
	// File order: scale.x, rotation.x, translation.x, scale.y, ...
	if cell(t, entries, 0, "channel") != "scale.x" || cell(t, entries, 0, "count") != "4" || cell(t, entries, 0, "tangent mode") != "1" {
		t.Errorf("scale.x entry %v", entries.Rows[0])
	}
	if cell(t, entries, 1, "stored") != "constant" {
		t.Errorf("rotation.x entry %v, want a constant", entries.Rows[1])
	}
	// scale.x keys as the fixture has them: [0,1,0,0.2], [10,2,-0.1,0.3], [20,1.5,0,0], [30,1,-0.05,-0.05].
	sx := table(t, secs, "scale.x: 4 keys, tangent mode 1")
	if sx.Channel != "scale.x" || len(sx.Rows) != 4 {
		t.Fatalf("scale.x table %+v", sx)
	}
	want := [][4]string{{"0", "1", "0", "0.2"}, {"10", "2", "-0.1", "0.3"}, {"20", "1.5", "0", "0"}, {"30", "1", "-0.05", "-0.05"}}
	for i, w := range want {
		got := [4]string{cell(t, sx, i, "time"), cell(t, sx, i, "value"), cell(t, sx, i, "in (/frame)"), cell(t, sx, i, "out (/frame)")}
		if got != w {
			t.Errorf("scale.x key %d = %v, want %v", i, got, w)
		}
	}
	// rotation.y: [15, 16383, 300, -300] at rotation frac 0.
	ry := table(t, secs, "rotation.y:")
	if cell(t, ry, 1, "value (raw)") != "16383" || cell(t, ry, 1, "in (raw/frame)") != "300" || cell(t, ry, 1, "out (raw/frame)") != "-300" {
		t.Errorf("rotation.y key 1 %v", ry.Rows[1])
	}
	if got := num(t, cell(t, ry, 1, "value (°)")); math.Abs(got-16383*180.0/32768) > 1e-12 {
		t.Errorf("rotation.y key 1 in degrees %v", got)
	}
	ch, _ := clip.Targets[0].Channel(anim.RotY)
	if got := num(t, cell(t, ry, 1, "played (°)")); got != ch.Curve.Eval(15) {
		t.Errorf("played value %v, evaluator %v", got, ch.Curve.Eval(15))
	}
	if csv := sx.CSV(); !strings.HasPrefix(csv, "key,time,value,in (/frame),out (/frame),played\n0,0,1,0,0.2,1\n") {
		t.Errorf("CSV %q", csv)
	}
	if a.Inspect.Target(&anim.Clip{}, 0) != nil || a.Inspect.Target(clip, 3) != nil {
		t.Error("a foreign clip or a target past the end must give nothing")
	}
}

func TestInspectBTK(t *testing.T) {
	a := openFixture(t, "j3d/testdata/btk_basic.btk")
	clip := a.Clips[0]
	secs := a.Inspect.Target(clip, 1)
	tg := &clip.Targets[1]
	if got := field(t, secs, "material"); got != tg.Name {
		t.Errorf("material %q, want %q", got, tg.Name)
	}
	if got := field(t, secs, "texGen"); got != strconv.Itoa(tg.TexGen) {
		t.Errorf("texGen %q, want %d", got, tg.TexGen)
	}
	want := strconv.FormatFloat(tg.Center[0], 'g', -1, 32) + ", " + strconv.FormatFloat(tg.Center[1], 'g', -1, 32)
	if got := field(t, secs, "center (S, T, Q)"); !strings.HasPrefix(got, want) {
		t.Errorf("center %q, want it to start with %q", got, want)
	}
	if got := field(t, secs, "matrix mode"); !strings.HasPrefix(got, "Basic") && !strings.HasPrefix(got, "Maya") {
		t.Errorf("matrix mode %q", got)
	}
	if got := field(t, a.Inspect.Header(), "calc type (matrix mode)"); got == "" {
		t.Error("no calc type in the header")
	}
}

// TestInspectBFRES checks a quantised cubic curve (s10.5 frames, s16
// keys) against cubic_quant.desc.json.
func TestInspectBFRES(t *testing.T) {
	a := openFixture(t, "bfres/testdata/cubic_quant.bfres")
	var clip *anim.Clip
	for _, c := range a.Clips {
		if c.Name == "Quant" {
			clip = c
		}
	}
	if clip == nil {
		t.Fatal("no clip Quant")
	}
	hips := -1
	for i, tg := range clip.Targets {
		if tg.Name == "Hips" {
			hips = i
		}
	}
	secs := a.Inspect.Target(clip, hips)
	if got := field(t, secs, "frame count"); got != "60" {
		t.Errorf("frame count %q", got)
	}
	tx := table(t, secs, "translation.x: keys")
	if tx.Channel != "translation.x" || len(tx.Rows) != 5 {
		t.Fatalf("translation.x table %+v", tx)
	}
	// Key 1: frame 4.5 stored as 144 (s10.5), keys [2542, 2463, -27806, 17716].
	if cell(t, tx, 1, "frame (stored)") != "144" || cell(t, tx, 1, "frame") != "4.5" {
		t.Errorf("key 1 frames %v", tx.Rows[1])
	}
	for e, w := range []string{"2542", "2463", "-27806", "17716"} {
		if got := cell(t, tx, 1, "c"+strconv.Itoa(e)+" (stored)"); got != w {
			t.Errorf("key 1 c%d = %s, want %s", e, got, w)
		}
	}
	ch, _ := clip.Targets[hips].Channel(anim.TransX)
	if got := num(t, cell(t, tx, 1, "value")); math.Abs(got-ch.Curve.Eval(4.5)) > 1e-9 {
		t.Errorf("decoded value at key 1 %v, evaluator %v", got, ch.Curve.Eval(4.5))
	}
	for _, s := range secs {
		if strings.HasPrefix(s.Title, "translation.x:") {
			for _, f := range s.Fields {
				if f.Name == "scale" && !strings.HasPrefix(f.Value, "0.00015734198677819222") {
					t.Errorf("scale field %q", f.Value)
				}
			}
		}
	}
	if got := field(t, a.Inspect.Header(), "version"); !strings.HasPrefix(got, "4.5.0.3") {
		t.Errorf("version %q", got)
	}
}

func TestInspectBFRESTexSRT(t *testing.T) {
	a := openFixture(t, "bfres/testdata/texsrt.bfres")
	var clip *anim.Clip
	for _, c := range a.Clips {
		if c.Name == "ScrollWater" {
			clip = c
		}
	}
	secs := a.Inspect.Target(clip, 0)
	tx := table(t, secs, "translation.s: keys")
	// Linear f32 curve, frames [0, 64], keys [[0, 1], [1, 0]].
	if cell(t, tx, 1, "frame") != "64" || cell(t, tx, 0, "c1 (stored)") != "1" {
		t.Errorf("tx table %v", tx.Rows)
	}
	found := false
	for _, s := range secs {
		if strings.Contains(s.Title, "Water") && strings.Contains(s.Title, "tex_mtx0") {
			found = true
		}
	}
	if !found {
		t.Errorf("no material/param section in %v", secs)
	}
}

// TestInspectJBA checks the packed keys of multi_block.jba: four blocks
// sharing boundary frames, where the later block's key is played.
func TestInspectJBA(t *testing.T) {
	a := openFixture(t, "jba/testdata/multi_block.jba")
	if got := field(t, a.Inspect.Header(), "block count"); got != "4" {
		t.Errorf("block count %q", got)
	}
	clip := a.Clips[0]
	secs := a.Inspect.Target(clip, 0)
	keys := table(t, secs, "GOD: packed keys")
	// 10 + 12 + 14 + 8 rows, one per block frame.
	if len(keys.Rows) != 44 {
		t.Fatalf("%d key rows, want 44", len(keys.Rows))
	}
	q := clip.Targets[0].Quat
	shared := 0
	for i := range keys.Rows {
		f := int(num(t, cell(t, keys, i, "frame")))
		used := cell(t, keys, i, "used")
		if used != "yes" {
			shared++
			continue
		}
		w := q.EvalQuat(float64(f))
		for c, col := range []string{"qx", "qy", "qz", "qw"} {
			if got := num(t, cell(t, keys, i, col)); got != w[c] {
				t.Fatalf("frame %d %s = %v, the clip plays %v", f, col, got, w[c])
			}
		}
	}
	if shared != 3 {
		t.Errorf("%d overwritten boundary keys, want 3 (frames 9, 20, 33)", shared)
	}
	if got := field(t, secs, "rotation stride"); got == "" {
		t.Error("no rotation stride")
	}
}

// TestInspectEveryFixture runs the inspector over every target of every
// decoder fixture: it must describe each without failing, and give every
// keyed J3D track a key table.
func TestInspectEveryFixture(t *testing.T) {
	var paths []string
	for _, pat := range []string{"j3d/testdata/*.bck", "j3d/testdata/*.btk", "bfres/testdata/*.bfres", "jba/testdata/*.jba"} {
		m, _ := filepath.Glob(pat)
		paths = append(paths, m...)
	}
	if len(paths) < 20 {
		t.Fatalf("only %d fixtures found", len(paths))
	}
	for _, p := range paths {
		a := openFixture(t, p)
		if len(a.Inspect.Header()) == 0 {
			t.Errorf("%s: no header sections", p)
		}
		for _, c := range a.Clips {
			for i := range c.Targets {
				secs := a.Inspect.Target(c, i)
				if len(secs) == 0 {
					t.Errorf("%s %q target %d: no raw data", p, c.Name, i)
				}
				if c.Format != "bck" && c.Format != "btk" {
					continue
				}
				keyed, tables := 0, 0
				for _, ch := range c.Targets[i].Channels {
					if ch.Curve.Kind() == anim.KindHermite {
						keyed++
					}
				}
				for _, s := range secs {
					for _, tb := range s.Tables {
						if tb.Channel != "" {
							tables++
						}
						for _, r := range tb.Rows {
							if len(r) > len(tb.Columns) {
								t.Errorf("%s: table %q has a row wider than its columns", p, tb.Title)
							}
						}
					}
				}
				if tables != keyed {
					t.Errorf("%s target %d: %d key tables for %d keyed tracks", p, i, tables, keyed)
				}
			}
		}
	}
}

// FuzzInspect opens arbitrary bytes and, when they decode, inspects every
// target: a file the decoders accept must not break the inspector.
func FuzzInspect(f *testing.F) {
	for _, pat := range []string{"j3d/testdata/*.bck", "j3d/testdata/*.btk", "bfres/testdata/*.bfres", "jba/testdata/*.jba"} {
		m, _ := filepath.Glob(pat)
		for _, p := range m {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
			f.Add(b[:len(b)*2/3])
		}
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Open("fuzz", data)
		if err != nil || a.Inspect == nil {
			return
		}
		a.Inspect.Header()
		for _, c := range a.Clips {
			for i := range c.Targets {
				for _, s := range a.Inspect.Target(c, i) {
					for _, tb := range s.Tables {
						_ = tb.CSV()
					}
				}
			}
		}
	})
}
