package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportAddBFRES adds an exported clip back under a new name to a
// Wii U file and to a Switch file in a SARC: OUT lists the new clip
// (sample reads it), every clip the target had samples byte for byte as
// before, and one stderr line says where the new clip's flags come from.
// A name the file already has is one line naming its clips.
func TestImportAddBFRES(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, file, clip, out string
		clips                 []string
	}{
		{"wiiu", bfresTestdata + "skel_anim.bfres", "Trot", "wiiu.bfres", []string{"Trot"}},
		{"switch sarc", bfresTestdata + "switch/nx06_v10_archive.szs:Lantern.bfres", "Sway", "switch.szs", []string{"Sway", "Open"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			glb := filepath.Join(dir, c.name+".glb")
			if code, _, errOut := runCLI("export", c.file, "--clip", c.clip, "--out", glb); code != 0 {
				t.Fatalf("export: %d %s", code, errOut)
			}
			out := filepath.Join(dir, c.out)
			code, stdout, errOut := runCLI("import", glb, "--onto", c.file, "--as", "Added", "--out", out)
			if code != 0 {
				t.Fatalf("import: exit %d: %s", code, errOut)
			}
			if !strings.HasPrefix(stdout, out+`: new FSKA "Added" from `+glb) || strings.Count(stdout, "\n") != 1 {
				t.Errorf("stdout %q, want one line about %s", stdout, out)
			}
			if !strings.Contains(errOut, `takes its flags from "`+c.clips[0]+`"`) {
				t.Errorf("stderr %q does not say where the flags come from", errOut)
			}
			outFile := out
			if i := strings.Index(c.file, ":"); i > 0 {
				outFile += c.file[i:]
			}
			want, got := sampleAll(t, c.file, c.clips), sampleAll(t, outFile, append(c.clips, "Added"))
			for _, clip := range c.clips {
				if want[clip] != got[clip] {
					t.Errorf("clip %s samples differently in OUT", clip)
				}
			}
			if !strings.Contains(got["Added"], `"Added"`) {
				t.Errorf("sample of the new clip does not name it")
			}
			// Adding again under a name OUT now has.
			code, _, errOut = runCLI("import", glb, "--onto", outFile, "--as", c.clip, "--out", filepath.Join(dir, "again"+filepath.Ext(out)))
			if code != 1 || !strings.Contains(errOut, `"`+c.clip+`"`) || !strings.Contains(errOut, "Added") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want 1 and one line naming the clips", code, errOut)
			}
		})
	}
	// --as adds to a file, not onto a clip.
	code, _, errOut := runCLI("import", filepath.Join(dir, "wiiu.glb"), "--onto", bfresTestdata+"skel_anim.bfres:Trot", "--as", "X", "--out", filepath.Join(dir, "x.bfres"))
	if code != 2 || !strings.Contains(errOut, "--as") {
		t.Errorf("exit %d, stderr %q; want a usage error about --as", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.bfres")); err == nil {
		t.Error("a refused import wrote OUT")
	}
}
