package bin

import "testing"

// TestErrorfUnsignedHex: an offset pointing before the file prints as the
// unsigned value the file holds (what a hex editor shows, not
// "0x-78e0a834"); other verbs are unchanged.
func TestErrorfUnsignedHex(t *testing.T) {
	err := Errorf("bfres", 0x20, "points to 0x%x, %d, %5d, 0x%08X, %v", int64(-0x78e0a834), -3, int32(7), int32(-1), -2)
	want := "bfres: offset 0x20: points to 0x871f57cc, -3,     7, 0xFFFFFFFF, -2"
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err.Error(), want)
	}
	if got := Errorf("x", 0, "0x%x", int64(-1)<<40).Error(); got != "x: offset 0x0: 0xffffff0000000000" {
		t.Errorf("64-bit: %q", got)
	}
}
