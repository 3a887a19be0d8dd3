package anim

// Quantize exposes NWCurve.quantize to the external tests, which build
// their curves through anim/nwcurvetest.
func Quantize(c *NWCurve, f float64) float64 { return c.quantize(f) }
