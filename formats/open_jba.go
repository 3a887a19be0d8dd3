package formats

import "github.com/animscope/animscope/formats/internal/bin"

// openJBA is not implemented yet (see the issue that owns this format).
func openJBA(a *Asset, data []byte) error {
	return bin.Unsupportedf(a.Format, "decoder not implemented yet")
}
