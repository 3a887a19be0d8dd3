package formats

import "testing"

// TestEmptyFile: an empty file says so, not "unknown file type (magic )".
func TestEmptyFile(t *testing.T) {
	if _, err := Open("x.bck", nil); err == nil || err.Error() != "empty file" {
		t.Errorf("empty file: %v", err)
	}
}
