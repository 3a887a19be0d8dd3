// Package rawview holds the formatting helpers the format packages'
// inspector adapters share.
package rawview

import (
	"strings"

	"github.com/animscope/animscope/internal/inspect"
)

// Vec32 formats a float32 vector as the inspector shows numbers: "1, 0.5, 2".
func Vec32(v []float32) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = inspect.Num32(x)
	}
	return strings.Join(parts, ", ")
}
