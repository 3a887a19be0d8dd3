package formats

import "github.com/animscope/animscope/formats/internal/bin"

// openSARC is not implemented yet (see the issue that owns this format).
func openSARC(a *Asset, data []byte) error {
	return bin.Unsupportedf(a.Format, "decoder not implemented yet")
}
