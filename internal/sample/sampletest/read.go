package sampletest

import (
	"encoding/json"

	"github.com/animscope/animscope/internal/sample"
)

// Read parses a sample document.
func Read(data []byte) (*sample.Doc, error) {
	var d sample.Doc
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	return &d, nil
}
