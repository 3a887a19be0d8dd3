package cli

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/internal/sample/sampletest"
)

// TestSampleCSVMatchesJSON runs `sample --csv` and `sample --json` with the
// same arguments and checks that every CSV cell is the JSON's value.
func TestSampleCSVMatchesJSON(t *testing.T) {
	for _, c := range []struct {
		args   []string
		header string // the start of the header row
	}{
		{[]string{"testdata/walk.bck", "--frames", "0:30:7.5", "--loop", "mirrored-loop"}, "frame,#0/scale.x,#0/rotation.x,#0/translation.x,"},
		{[]string{"testdata/walk.bck", "--times", "0,45.5", "--model", "testdata/biped.bmd"}, "frame,#0/scale.x,"},
		{[]string{"testdata/btk_basic.btk", "--frames", "0,10,20"}, "frame,"},
	} {
		code, out, errOut := runCLI(append([]string{"sample", "--csv"}, c.args...)...)
		if code != 0 {
			t.Fatalf("sample --csv %v: exit %d: %s", c.args, code, errOut)
		}
		code, js, errOut := runCLI(append([]string{"sample", "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("sample --json %v: exit %d: %s", c.args, code, errOut)
		}
		doc, err := sampletest.Read([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("%v: not CSV: %v\n%s", c.args, err, out)
		}
		if !strings.HasPrefix(strings.Join(rows[0], ","), c.header) {
			t.Errorf("%v: header %q, want it to start with %q", c.args, strings.Join(rows[0], ","), c.header)
		}
		if len(rows) != len(doc.Frames)+1 {
			t.Fatalf("%v: %d rows for %d frames", c.args, len(rows), len(doc.Frames))
		}
		// The expected cells, column by column, from the JSON.
		var want [][]float64 // [column][frame]
		want = append(want, doc.Frames)
		hasMatrix, hasWorld := false, false
		for _, tg := range doc.Targets {
			for _, ch := range tg.Channels {
				want = append(want, ch.Values)
			}
			if tg.Matrix != nil {
				hasMatrix = true
				for k := 0; k < 6; k++ {
					col := make([]float64, len(doc.Frames))
					for fi := range col {
						col[fi] = tg.Matrix[fi][k/3][k%3]
					}
					want = append(want, col)
				}
			}
			if tg.World != nil {
				hasWorld = true
				for k := 0; k < 3; k++ {
					col := make([]float64, len(doc.Frames))
					for fi := range col {
						col[fi] = tg.World[fi][k]
					}
					want = append(want, col)
				}
			}
		}
		if len(rows[0]) != len(want) {
			t.Fatalf("%v: %d columns, want %d", c.args, len(rows[0]), len(want))
		}
		for fi := range doc.Frames {
			for col := range want {
				v, err := strconv.ParseFloat(rows[fi+1][col], 64)
				if err != nil || v != want[col][fi] {
					t.Fatalf("%v: row %d column %s = %q, want %v", c.args, fi, rows[0][col], rows[fi+1][col], want[col][fi])
				}
			}
		}
		if strings.Contains(c.args[0], "btk") && (!hasMatrix || !strings.Contains(rows[0][len(rows[0])-1], "/matrix.r1c2")) {
			t.Errorf("%v: the texture entry's matrix columns are missing: %v", c.args, rows[0])
		}
		if strings.Contains(strings.Join(c.args, " "), "--model") && !hasWorld {
			t.Errorf("%v: no world columns with --model", c.args)
		}
	}
}
