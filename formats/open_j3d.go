package formats

import "github.com/animscope/animscope/formats/internal/bin"

// openJ3DAnim is not implemented yet (see the issue that owns this format).
func openJ3DAnim(a *Asset, data []byte) error {
	return bin.Unsupportedf(a.Format, "decoder not implemented yet")
}
