package formats

import (
	"path/filepath"
	"testing"
)

// TestInspectFamily checks the raw views of the J3D family against the
// fixtures' descriptions (testdata/family/NAME.json).
func TestInspectFamily(t *testing.T) {
	// brk_tan1.json: C entry 0 (mat_0, colour id 0), r keys
	// [0 153 12 0] [13 -1221 -35 21] [23 -192 20 -26]: at key 1 the game
	// clamps -1221 to -1024.
	a := openFixture(t, "j3d/testdata/family/brk_tan1.brk")
	secs := a.Inspect.Target(a.Clips[0], 0)
	if got := field(t, secs, "register"); got != "C0" {
		t.Errorf("register %q, want C0", got)
	}
	keys := table(t, secs, "r: 3 keys, tangent mode 1")
	for col, want := range map[string]string{"time": "13", "value": "-1221", "in": "-35", "out": "21", "played": "-1024"} {
		if got := cell(t, keys, 1, col); got != want {
			t.Errorf("BRK r key 1 %s = %s, want %s", col, got, want)
		}
	}
	if got := cell(t, table(t, secs, "track entries"), 1, "stored"); got != "none (reads 0)" {
		t.Errorf("BRK g (count 0) stored %q", got)
	}
	// The K entry (target 2: after the 2 C entries) is mat_1/K0.
	if got := field(t, a.Inspect.Target(a.Clips[0], 2), "register"); got != "K0" {
		t.Errorf("target 2 register %q, want K0", got)
	}

	// btp_pattern.json: mat_1's 15 texture numbers.
	a = openFixture(t, "j3d/testdata/family/btp_pattern.btp")
	frames := table(t, a.Inspect.Target(a.Clips[0], 1), "texIndex: 15 frames")
	for i, want := range []string{"8", "3", "15", "24", "16", "24", "12", "6", "1", "8", "15", "22", "24", "9", "16"} {
		if got := cell(t, frames, i, "stored"); got != want || cell(t, frames, i, "played") != want {
			t.Errorf("BTP mat_1 frame %d: stored %s played %s, want %s", i, got, cell(t, frames, i, "played"), want)
		}
	}

	// bva_visible.json: shape 0 stores 1 1 2 0 255: byte 255 plays as 1.
	a = openFixture(t, "j3d/testdata/family/bva_visible.bva")
	vis := table(t, a.Inspect.Target(a.Clips[0], 0), "visible: 36 frames")
	if cell(t, vis, 4, "stored") != "255" || cell(t, vis, 4, "played") != "1" || cell(t, vis, 3, "played") != "0" {
		t.Errorf("BVA shape 0 rows 3, 4: %v %v", vis.Rows[3], vis.Rows[4])
	}
	if got := field(t, a.Inspect.Header(), "shape count"); got != "4" {
		t.Errorf("shape count %q", got)
	}
	if got := field(t, openFixture(t, "j3d/testdata/family/bva_le.bva").Inspect.Header(), "byte order"); got[:6] != "little" {
		t.Errorf("bva_le byte order %q", got)
	}
}

// TestInspectEveryFamilyFixture: every family fixture has a header and raw
// data for every target, a frame or key table per animated track, and no
// row wider than its columns.
func TestInspectEveryFamilyFixture(t *testing.T) {
	paths, _ := filepath.Glob("j3d/testdata/family/*.b[a-z][a-z]")
	if len(paths) != 11 {
		t.Fatalf("%d family fixtures, want 11", len(paths))
	}
	for _, p := range paths {
		a := openFixture(t, p)
		if len(a.Inspect.Header()) < 2 {
			t.Errorf("%s: header sections missing", p)
		}
		c := a.Clips[0]
		for i := range c.Targets {
			secs := a.Inspect.Target(c, i)
			if len(secs) == 0 {
				t.Errorf("%s target %d: no raw data", p, i)
				continue
			}
			animated, tables := 0, 0
			for _, ch := range c.Targets[i].Channels {
				if ch.Curve.NumKeys() > 1 {
					animated++
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
			if tables != animated {
				t.Errorf("%s target %d: %d track tables for %d animated channels", p, i, tables, animated)
			}
		}
	}
}
