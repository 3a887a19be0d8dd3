package gx

import "fmt"

// Names of the hardware's inputs and registers, as the GX documentation
// spells them, for showing a stage to people.
var (
	ColorArgNames = [16]string{"CPREV", "APREV", "C0", "A0", "C1", "A1", "C2", "A2", "TEXC", "TEXA", "RASC", "RASA", "1", "½", "KONST", "0"}
	AlphaArgNames = [8]string{"APREV", "A0", "A1", "A2", "TEXA", "RASA", "KONST", "0"}
	RegNames      = [4]string{"PREV", "REG0", "REG1", "REG2"}
	compareNames  = [8]string{"R8 >", "R8 ==", "GR16 >", "GR16 ==", "BGR24 >", "BGR24 ==", "RGB8 >", "RGB8 =="}
	alphaCompares = [8]string{"A8 >", "A8 =="}
	channelNames  = map[uint8]string{0: "COLOR0", 1: "COLOR1", 2: "ALPHA0", 3: "ALPHA1", 4: "COLOR0A0", 5: "COLOR1A1", 6: "ZERO", 7: "ALPHA_BUMP", 8: "ALPHA_BUMPN", 0xFF: "none"}
	fractionNames = [8]string{"1", "7/8", "3/4", "5/8", "1/2", "3/8", "1/4", "1/8"}
)

// KonstColorName names a konst colour selection (GXTevKColorSel).
func KonstColorName(sel uint8) string {
	switch {
	case sel < 8:
		return fractionNames[sel]
	case sel >= 0x0C && sel <= 0x0F:
		return fmt.Sprintf("K%d", sel-0x0C)
	case sel >= 0x10 && sel <= 0x1F:
		return fmt.Sprintf("K%d.%c", sel&3, "rgba"[(sel-0x10)/4])
	}
	return fmt.Sprintf("?%d", sel)
}

// KonstAlphaName names a konst alpha selection (GXTevKAlphaSel).
func KonstAlphaName(sel uint8) string {
	if sel >= 0x0C && sel <= 0x0F {
		return fmt.Sprintf("?%d", sel)
	}
	return KonstColorName(sel)
}

// ChannelName names a TEV order's rasterised colour channel.
func ChannelName(c uint8) string {
	if n, ok := channelNames[c]; ok {
		return n
	}
	return fmt.Sprintf("?%d", c)
}

// Formula is the combiner as an equation over the named inputs:
// "PREV = clamp((C0 + lerp(TEXC, 0, RASC) − ½) × 2)", or for a compare
// "REG0 = D + (A R8 > B ? C : 0)".
func (c Combiner) Formula(names []string) string {
	arg := func(i int) string {
		if n := int(c.In[i]); n < len(names) {
			return names[n]
		}
		return "?"
	}
	a, b, cc, d := arg(0), arg(1), arg(2), arg(3)
	var e string
	if c.Op >= 8 {
		cmp := compareNames[(c.Op-8)&7]
		if len(names) == 8 && c.Op >= 14 {
			cmp = alphaCompares[c.Op-14]
		}
		e = fmt.Sprintf("%s + (%s %s %s ? %s : 0)", d, a, cmp, b, cc)
	} else {
		sign := "+"
		if c.Op == 1 {
			sign = "−"
		}
		e = fmt.Sprintf("%s %s lerp(%s, %s, %s)", d, sign, a, b, cc)
		switch c.Bias & 3 {
		case 1:
			e += " + ½"
		case 2:
			e += " − ½"
		}
		if s := [4]string{"", " × 2", " × 4", " × ½"}[c.Scale&3]; s != "" {
			e = "(" + e + ")" + s
		}
	}
	if c.Clamp {
		e = "clamp(" + e + ")"
	}
	return RegNames[c.Reg&3] + " = " + e
}
