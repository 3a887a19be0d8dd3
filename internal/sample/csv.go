package sample

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
)

// CSV writes the document as a table for spreadsheets: a header row
// "frame,<target>/<channel>,...", then one row per sampled frame. Columns
// follow the document: each target's channels in file order, then for
// texture SRT targets the six entries of the 2×3 matrix
// ("<target>/matrix.r0c0" .. "matrix.r1c2"), then with a model the joint's
// world position ("<target>/world.x" ..). A target is named by its name;
// an unnamed one, or one whose name another target shares (a material
// with several texture matrices), gets "#<position in the list>"
// appended, so every column name is unique. Numbers are Go's shortest
// representation that reads back exactly.
func CSV(d *Doc) []byte {
	labels := targetLabels(d)
	var header []string
	header = append(header, "frame")
	for i := range d.Targets {
		t := &d.Targets[i]
		for _, c := range t.Channels {
			header = append(header, labels[i]+"/"+c.Name)
		}
		if t.Matrix != nil {
			for r := 0; r < 2; r++ {
				for c := 0; c < 3; c++ {
					header = append(header, fmt.Sprintf("%s/matrix.r%dc%d", labels[i], r, c))
				}
			}
		}
		if t.World != nil {
			for _, a := range [3]string{"x", "y", "z"} {
				header = append(header, labels[i]+"/world."+a)
			}
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(header) // a bytes.Buffer does not fail
	row := make([]string, 0, len(header))
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for fi, f := range d.Frames {
		row = append(row[:0], num(f))
		for i := range d.Targets {
			t := &d.Targets[i]
			for _, c := range t.Channels {
				row = append(row, num(c.Values[fi]))
			}
			if t.Matrix != nil {
				m := t.Matrix[fi]
				for r := 0; r < 2; r++ {
					for c := 0; c < 3; c++ {
						row = append(row, num(m[r][c]))
					}
				}
			}
			if t.World != nil {
				p := t.World[fi]
				row = append(row, num(p[0]), num(p[1]), num(p[2]))
			}
		}
		_ = w.Write(row)
	}
	w.Flush()
	return b.Bytes()
}

// targetLabels names every target uniquely for column headers.
func targetLabels(d *Doc) []string {
	count := map[string]int{}
	for _, t := range d.Targets {
		count[t.Name]++
	}
	out := make([]string, len(d.Targets))
	for i, t := range d.Targets {
		switch {
		case t.Name == "":
			out[i] = "#" + strconv.Itoa(i)
		case count[t.Name] > 1:
			out[i] = t.Name + "#" + strconv.Itoa(i)
		default:
			out[i] = t.Name
		}
	}
	return out
}
