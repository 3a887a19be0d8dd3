package sample_test

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/sample"
)

func TestCSVColumnsAndValues(t *testing.T) {
	c := testClip()
	// A second entry of the same material, and names with a comma.
	c.Targets = append(c.Targets, anim.Target{Kind: anim.TexSRTTarget, Index: 2, Name: "mat", TexGen: 4, Base: anim.DefaultBase(),
		Channels: []anim.Channel{{Slot: anim.RotZ, Curve: anim.Constant(90)}}})
	c.Targets[0].Name = "hip, left"
	d, err := sample.Build("t.bck", c, sample.Options{Frames: []float64{0, 2.5, 10}})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(string(sample.CSV(d)))).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v", err)
	}
	header := "frame,hip, left/translation.x,hip, left/scale.y," +
		"mat#1/translation.s,mat#1/matrix.r0c0,mat#1/matrix.r0c1,mat#1/matrix.r0c2,mat#1/matrix.r1c0,mat#1/matrix.r1c1,mat#1/matrix.r1c2," +
		"mat#2/rotation.q,mat#2/matrix.r0c0,mat#2/matrix.r0c1,mat#2/matrix.r0c2,mat#2/matrix.r1c0,mat#2/matrix.r1c1,mat#2/matrix.r1c2"
	if got := strings.Join(rows[0], ","); got != header {
		t.Fatalf("header\n %s\nwant\n %s", got, header)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want a header and 3 frames", len(rows))
	}
	// Every cell equals the document's value.
	for fi, f := range d.Frames {
		row := rows[fi+1]
		num := func(col int) float64 {
			v, err := strconv.ParseFloat(row[col], 64)
			if err != nil {
				t.Fatalf("row %d col %d: %v", fi, col, err)
			}
			return v
		}
		if num(0) != f {
			t.Errorf("row %d frame %v, want %v", fi, num(0), f)
		}
		tx, _ := d.Targets[0].Channels.Get("translation.x")
		if num(1) != tx[fi] || num(2) != 2 {
			t.Errorf("row %d joint columns %v, %v", fi, row[1], row[2])
		}
		m := d.Targets[1].Matrix[fi]
		for k := 0; k < 6; k++ {
			if num(4+k) != m[k/3][k%3] {
				t.Errorf("row %d matrix column %d = %v, want %v", fi, k, num(4+k), m[k/3][k%3])
			}
		}
		m2 := d.Targets[2].Matrix[fi]
		if num(10) != 90 || num(11) != m2[0][0] || num(12) != m2[0][1] {
			t.Errorf("row %d rotated entry: %v", fi, row[10:13])
		}
	}
	// Exact round trip of awkward numbers.
	d.Targets[0].Channels[0].Values[1] = 0.1 + 0.2
	rows, _ = csv.NewReader(strings.NewReader(string(sample.CSV(d)))).ReadAll()
	if v, _ := strconv.ParseFloat(rows[2][1], 64); v != 0.1+0.2 {
		t.Errorf("0.1+0.2 written as %q", rows[2][1])
	}
}

func TestCSVWorldAndUnnamed(t *testing.T) {
	c := testClip()
	c.Targets = c.Targets[:1] // unnamed joint
	sk := &anim.Skeleton{Joints: []anim.Joint{{Name: "root", Parent: -1, Rest: anim.DefaultBase()}}}
	if err := sk.Finish(); err != nil {
		t.Fatal(err)
	}
	b := anim.BindByIndex(c, sk)
	d, err := sample.Build("t.bck", c, sample.Options{Frames: []float64{5}, Model: sk, ModelName: "m", Binding: &b})
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := csv.NewReader(strings.NewReader(string(sample.CSV(d)))).ReadAll()
	if got := strings.Join(rows[0], ","); got != "frame,#0/translation.x,#0/scale.y,#0/world.x,#0/world.y,#0/world.z" {
		t.Fatalf("header %s", got)
	}
	if got := strings.Join(rows[1], ","); got != "5,5,2,5,0,0" {
		t.Fatalf("row %s, want 5,5,2,5,0,0 (translation 5 puts the joint at x 5)", got)
	}
}
