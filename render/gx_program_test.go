package render_test

import (
	"fmt"
	"testing"

	"github.com/animscope/animscope/mesh/gx"
	"github.com/animscope/animscope/render"
)

// gxStage is a stage sampling map k through texgen k with the first
// channel, every input zero, clamped.
func gxStage(k int) gx.Stage {
	return gx.Stage{TexCoord: uint8(k % 8), TexMap: uint8(k % 8), Channel: 4,
		RasSwap: [4]uint8{0, 1, 2, 3}, TexSwap: [4]uint8{0, 1, 2, 3},
		Color: gx.Combiner{In: [4]uint8{15, 15, 15, 15}, Clamp: true},
		Alpha: gx.Combiner{In: [4]uint8{7, 7, 7, 7}, Clamp: true}}
}

// gxShader is n such stages over eight UV texgens, two channels, the
// alpha test passing.
func gxShader(n int) gx.Shader {
	var s gx.Shader
	s.NumChans, s.NumTexGens, s.NumStages = 2, 8, uint8(n)
	for k := 0; k < 8; k++ {
		s.TexGens[k] = gx.TexGen{Type: 1, Source: uint8(4 + k), Matrix: 60}
	}
	for k := 0; k < n; k++ {
		s.Stages[k] = gxStage(k)
	}
	s.Alpha = gx.AlphaCompare{CompA: 7, CompB: 7}
	return s
}

// allGXStates are shader states that between them reach every part of
// the generator: each colour and alpha input in each slot, every
// operation (the compares too) with every bias, scale and clamp, every
// konst selection, output register, channel and swap, texgens of every
// type and source, lookups without a map or past the texgens, stages
// turned off, indirect stages with every matrix, bias and scale, and
// every alpha compare.
func allGXStates() map[string]gx.Shader {
	out := map[string]gx.Shader{}
	add := func(name string, s gx.Shader) { out[name] = s }
	for slot := 0; slot < 4; slot++ {
		s := gxShader(16)
		for i := 0; i < 16; i++ {
			s.Stages[i].Color.In[slot] = uint8(i)
			s.Stages[i].Alpha.In[slot] = uint8(i % 8)
		}
		add(fmt.Sprintf("every input in slot %d", slot), s)
	}
	ops := gxShader(16)
	for i := 0; i < 16; i++ {
		ops.Stages[i].Color = gx.Combiner{In: [4]uint8{8, 2, 14, 0}, Op: uint8(i), Clamp: i%2 == 0, Reg: uint8(i % 4)}
		ops.Stages[i].Alpha = gx.Combiner{In: [4]uint8{4, 1, 6, 0}, Op: uint8(i), Clamp: i%3 == 0, Reg: uint8((i + 1) % 4)}
	}
	add("every operation and register", ops)
	bsc := gxShader(16)
	for i := 0; i < 16; i++ {
		c := gx.Combiner{In: [4]uint8{2, 4, 8, 10}, Op: uint8(i % 2), Bias: uint8(i % 3), Scale: uint8(i / 4), Clamp: i%2 == 1}
		bsc.Stages[i].Color, bsc.Stages[i].Alpha = c, gx.Combiner{In: [4]uint8{1, 2, 4, 5}, Op: c.Op, Bias: uint8((i + 1) % 3), Scale: uint8(i % 4), Clamp: !c.Clamp}
	}
	add("bias, scale, clamp", bsc)
	for half := 0; half < 2; half++ {
		s := gxShader(16)
		for i := 0; i < 16; i++ {
			sel := uint8(16*half + i)
			s.Stages[i].KColorSel, s.Stages[i].KAlphaSel = sel, sel
			s.Stages[i].Color.In[3], s.Stages[i].Alpha.In[3] = 14, 6
		}
		add(fmt.Sprintf("konst selections %d..%d", 16*half, 16*half+15), s)
	}
	sw := gxShader(10)
	channels := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF}
	for i := range channels {
		sw.Stages[i].Channel = channels[i]
		sw.Stages[i].RasSwap = [4]uint8{uint8(i % 4), uint8((i + 1) % 4), uint8((i + 2) % 4), 3}
		sw.Stages[i].TexSwap = [4]uint8{3, uint8(i % 4), 1, uint8((i + 3) % 4)}
		sw.Stages[i].Color.In = [4]uint8{8, 9, 10, 11}
	}
	add("channels and swaps", sw)
	for _, typ := range []uint8{0, 1, 2, 10} {
		s := gxShader(12)
		sources := []uint8{0, 1, 2, 3, 4, 11, 12, 19}
		if typ == 1 {
			sources = []uint8{5, 6, 7, 8, 9, 10, 18, 20}
		}
		for k := range s.TexGens {
			s.TexGens[k] = gx.TexGen{Type: typ, Source: sources[k], Matrix: uint8(30 + 3*k)}
		}
		s.NumTexGens = 6                                    // stages 6, 7 read coordinates past the texgens
		s.Stages[8].TexMap, s.Stages[9].TexMap = 0xFF, 0xFF // no map
		s.Stages[10].TexCoord = 0xFF
		add(fmt.Sprintf("texgen type %d", typ), s)
	}
	off := gxShader(16)
	off.Off = 0x5555
	add("stages off", off)
	one := gxShader(1)
	one.NumChans, one.NumTexGens = 0, 0
	add("no channels or texgens", one)
	for n := 1; n <= 4; n++ {
		s := gxShader(16)
		s.NumInd = uint8(n)
		for k := 0; k < n; k++ {
			s.Ind[k] = gx.IndStage{TexCoord: uint8(k), TexMap: uint8(7 - k), ScaleS: uint8(2 * k), ScaleT: uint8(8 - k)}
		}
		for i := 0; i < 16; i++ {
			s.Stages[i].Ind = gx.IndTev{Stage: uint8(i % 5), Matrix: []uint8{0, 1, 2, 3, 5, 9}[i%6], Bias: uint8(i % 8)}
		}
		add(fmt.Sprintf("%d indirect stages", n), s)
	}
	for op := uint8(0); op < 4; op++ {
		for a := uint8(0); a < 8; a++ {
			s := gxShader(1)
			s.Alpha = gx.AlphaCompare{CompA: a, RefA: 17 * a, Op: op, CompB: 7 - a, RefB: 255 - 17*a}
			add(fmt.Sprintf("alpha compare %d %d op %d", a, 7-a, op), s)
		}
	}
	return out
}

// TestEveryGeneratedGXProgramCompiles compiles the program of each state
// of allGXStates through render's cache (with the #version render gives
// every shader): each compiles and links, once.
func TestEveryGeneratedGXProgramCompiles(t *testing.T) {
	states := allGXStates()
	withGL(t, func() {
		c := render.NewGXCache()
		defer c.Delete()
		for name, s := range states {
			fresh, err := c.Get(&s, name)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if !fresh {
				t.Errorf("%s: the cache had a program for it already (another state's?)", name)
			}
			if fresh, _ := c.Get(&s, name); fresh {
				t.Errorf("%s: compiled again on the second ask", name)
			}
		}
	})
}
