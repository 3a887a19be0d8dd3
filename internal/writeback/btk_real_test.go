package writeback

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/animscope/animscope/formats/archive"
)

// realBTKs calls f with every BTK under the directory ANIMSCOPE_REAL
// names, loose or in a RARC (Yaz0 or not), named X.arc:path/y.btk.
func realBTKs(t *testing.T, f func(name string, data []byte)) {
	root := os.Getenv("ANIMSCOPE_REAL")
	if root == "" {
		t.Skip("set ANIMSCOPE_REAL to a directory of real game files (.btk, .arc)")
	}
	err := filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if ext != ".arc" && ext != ".btk" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if archive.IsYaz0(data) {
			if data, err = archive.DecompressYaz0(data); err != nil {
				return nil
			}
		}
		if !archive.IsRARC(data) {
			if ext == ".btk" {
				f(p, data)
			}
			return nil
		}
		r, err := archive.ReadRARC(data)
		if err != nil {
			return nil
		}
		for _, e := range r.Files() {
			if strings.ToLower(filepath.Ext(e.Path)) == ".btk" {
				b, err := r.ReadFile(e)
				if err != nil {
					t.Errorf("%s:%s: %v", p, e.Path, err)
					continue
				}
				f(p+":"+e.Path, b)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRealBTKRoundTrip (ANIMSCOPE_REAL): every real BTK exported alone
// (as `animscope export` without a model) and imported unedited onto
// itself gives its own bytes back, and the result plays the glTF within
// the bound. ANIMSCOPE_BTK_REPORT names a file for a table per BTK.
func TestRealBTKRoundTrip(t *testing.T) {
	var rows []string
	n, same := 0, 0
	realBTKs(t, func(name string, data []byte) {
		n++
		where := strings.TrimPrefix(name, os.Getenv("ANIMSCOPE_REAL")+"/")
		src := exportTexGLB(t, btkClip(t, data), filepath.Base(name))
		res, err := ImportBTK(src, data)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
		ident := bytes.Equal(res.Data, data)
		if ident {
			same++
		} else {
			t.Errorf("%s: written BTK differs from the target (%d keys, target %d; %d bytes, target %d)", where, res.Keys, res.KeysBefore, len(res.Data), len(data))
		}
		if res.Worst > 1 {
			t.Errorf("%s: %.3g× the bound from the glTF (%s)", where, res.Worst, res.WorstJoint)
		}
		rows = append(rows, fmt.Sprintf("%s\t%v\t%.3g\t%.3g\t%d\t%d\t%d\t%d", where, ident, res.Worst, res.TargetWorst, res.KeysBefore, res.Keys, len(data), len(res.Data)))
	})
	table := "btk\tidentical\tworst/bound\ttarget worst/bound\tkeys before\tkeys after\tbytes before\tbytes after\n" + strings.Join(rows, "\n") + "\n"
	t.Logf("%d of %d BTKs byte-identical\n%s", same, n, table)
	if out := os.Getenv("ANIMSCOPE_BTK_REPORT"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
