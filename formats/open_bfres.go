package formats

import "github.com/animscope/animscope/formats/internal/bin"

// openBFRES is not implemented yet (see the issue that owns this format).
func openBFRES(a *Asset, data []byte) error {
	return bin.Unsupportedf(a.Format, "decoder not implemented yet")
}
