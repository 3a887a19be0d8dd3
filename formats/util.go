package formats

import "math"

func float32frombits(u uint32) float32 { return math.Float32frombits(u) }
