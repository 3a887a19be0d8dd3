package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/inkyblackness/imgui-go/v4"
)

// elide shortens s to fit width display units in the current font,
// keeping its start and end ("Face_Common_Sl…Getup_St"): clip names of
// one file often share a long prefix and differ at the end. The full name
// belongs in a tooltip.
func elide(s string, width float32) string {
	return elideWith(s, width, func(t string) float32 { return imgui.CalcTextSize(t, false, 0).X })
}

// elideWith is elide with the text measure given (tests measure in
// characters).
func elideWith(s string, width float32, measure func(string) float32) string {
	if width <= 0 || measure(s) <= width {
		return s
	}
	runes := []rune(s)
	// Longest head+tail (head one longer) that fits with the ellipsis.
	lo, hi := 0, len(runes)
	for lo < hi {
		n := (lo + hi + 1) / 2
		if measure(cut(runes, n)) <= width {
			lo = n
		} else {
			hi = n - 1
		}
	}
	return cut(runes, lo)
}

// cut keeps n runes of r around an ellipsis: the larger half at the start.
func cut(r []rune, n int) string {
	if n >= len(r) {
		return string(r)
	}
	head := (n + 1) / 2
	tail := n - head
	var b strings.Builder
	b.Grow(n*utf8.UTFMax + 3)
	b.WriteString(string(r[:head]))
	b.WriteString("…")
	b.WriteString(string(r[len(r)-tail:]))
	return b.String()
}
