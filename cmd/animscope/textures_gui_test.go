package main

import (
	"encoding/binary"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// twoColourBTI is an 8×8 RGB565 BTI whose left half is red and right half
// blue (two 4×4 tiles of each, tiles row by row).
func twoColourBTI() []byte {
	b := make([]byte, 0x20, 0x20+8*8*2)
	b[0] = 4                                   // GX_TF_RGB565
	binary.BigEndian.PutUint16(b[2:], 8)       // width
	binary.BigEndian.PutUint16(b[4:], 8)       // height
	b[6], b[7] = 1, 1                          // wrap: repeat
	b[0x14], b[0x15] = 1, 1                    // linear filters
	b[0x18] = 1                                // one level
	binary.BigEndian.PutUint32(b[0x1C:], 0x20) // data after the header
	for tile := 0; tile < 4; tile++ {
		c := uint16(0xF800) // red
		if tile%2 == 1 {
			c = 0x001F // blue
		}
		for i := 0; i < 16; i++ {
			b = binary.BigEndian.AppendUint16(b, c)
		}
	}
	return b
}

// meanAround is the mean colour of the 5×5 pixels around (x, y).
func meanAround(img *image.RGBA, x, y int) color.RGBA {
	var r, g, b, n int
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			c := img.RGBAAt(x+dx, y+dy)
			r, g, b, n = r+int(c.R), g+int(c.G), b+int(c.B), n+1
		}
	}
	return color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255}
}

func isRed(c color.RGBA) bool  { return c.R > 200 && c.G < 40 && c.B < 40 }
func isBlue(c color.RGBA) bool { return c.B > 200 && c.R < 40 && c.G < 40 }

// TestGUITexturesBrowser opens a BTI written here (left half red, right
// half blue) with the Textures tab shown: the browser lists it with its
// format, size and mips, on the GPU, and its thumbnail shows red on the
// left and blue on the right; --texture opens it at full size, where the
// picture has the same halves.
func TestGUITexturesBrowser(t *testing.T) {
	dir := t.TempDir()
	bti := filepath.Join(dir, "halves.bti")
	must(t, os.WriteFile(bti, twoColourBTI(), 0o644))

	shot, state := filepath.Join(dir, "s.png"), filepath.Join(dir, "s.json")
	runBin(t, "--no-config", "--size", "1024x700", "--tab", "textures", "--screenshot", shot, "--state-json", state, "--after-frames", "12", bti)
	st := guiState(t, state)
	if st.Tab != "textures" || st.Textures == nil || len(st.Textures.Groups) != 1 || len(st.Textures.Groups[0].Textures) != 1 {
		t.Fatalf("tab %q, textures %+v", st.Tab, st.Textures)
	}
	g := st.Textures.Groups[0]
	tx := g.Textures[0]
	if g.Label != "halves.bti" || tx.Name != "halves" || tx.Format != "RGB565" || tx.Width != 8 || tx.Height != 8 || tx.Mips != 1 || !tx.GPU || tx.Error != "" || tx.Thumb == nil {
		t.Fatalf("listed %q: %+v", g.Label, tx)
	}
	if len(st.Notices) != 1 || !strings.Contains(st.Notices[0], "halves.bti: 1 texture(s), shown in the Textures tab") {
		t.Errorf("messages %q, want the one saying where the texture is", st.Notices)
	}
	img := readPNG(t, shot)
	r := tx.Thumb
	y := r[1] + r[3]*2/5 // the picture is the cell's upper part, the name under it
	left, right := meanAround(img, r[0]+r[2]*3/10, y), meanAround(img, r[0]+r[2]*7/10, y)
	if !isRed(left) || !isBlue(right) {
		t.Errorf("thumbnail at %v: left %v, right %v; want red and blue", *r, left, right)
	}

	runBin(t, "--no-config", "--size", "1024x700", "--texture", "halves", "--screenshot", shot, "--state-json", state, "--after-frames", "12", bti)
	st = guiState(t, state)
	if st.Tab != "textures" || st.Textures == nil || st.Textures.Shown != "halves" || st.Textures.View == nil {
		t.Fatalf("--texture halves: tab %q, %+v", st.Tab, st.Textures)
	}
	img = readPNG(t, shot)
	// The picture is fitted (square) into the view's child from its top
	// left, inside the child's padding.
	v := st.Textures.View
	side := min(v[2], v[3]) - 20
	x0, y0 := v[0]+10, v[1]+10
	left, right = meanAround(img, x0+side/4, y0+side/2), meanAround(img, x0+side*3/4, y0+side/2)
	if !isRed(left) || !isBlue(right) {
		t.Errorf("full-size view at %v: left %v, right %v; want red and blue", *v, left, right)
	}
}
