package j3d

import (
	"math"
	"regexp"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh/gx"
)

// toGX is the material as GX state: the shader-deciding part, the
// register values it loads, its texture matrices.
func (m *Material3) toGX() *gx.Material {
	g := &gx.Material{Name: m.Name, Cull: uint8(min(m.CullMode, 3))}
	sh := &g.Shader
	sh.NumChans = min(m.ChanCount, 2)
	for k := range m.Channels {
		c := m.Channels[k]
		// J3D stores its own attenuation numbers (J3DColorChan): 0 and 2
		// are none, 1 specular, 3 spot; GX's are spec 0, spot 1, none 2.
		attn := uint8(2)
		switch c.AttenFn {
		case 1:
			attn = 0
		case 3:
			attn = 1
		}
		sh.Chans[k] = gx.Channel{Lighting: c.Lighting, MatSrc: c.MatSrc & 1, AmbSrc: c.AmbSrc & 1, LitMask: c.LitMask,
			DiffuseFn: min(c.DiffuseFn, 2), AttnFn: attn, Present: c.Present}
	}
	sh.NumTexGens = uint8(min(len(m.TexGens), gx.MaxTexGens))
	for k := 0; k < int(sh.NumTexGens); k++ {
		t := m.TexGens[k]
		sh.TexGens[k] = gx.TexGen{Type: t.Type, Source: t.Source, Matrix: t.Matrix}
		// Texgen k's matrix is texture matrix k: a texgen stored with the
		// identity but with a texture matrix in its slot goes through it
		// (its stored SRT is the identity; a BTK animates it, as in the
		// games; noclip assigns them the same way).
		if t.Matrix == 60 && k < len(m.TexMatrices) && m.TexMatrices[k] != nil && t.Type <= 1 {
			sh.TexGens[k].Matrix = 30 + 3*uint8(k)
		}
	}
	sh.NumStages = uint8(min(len(m.TevStages), gx.MaxStages))
	for k := 0; k < int(sh.NumStages); k++ {
		st := &m.TevStages[k]
		b := &st.Combiner
		s := gx.Stage{TexCoord: st.TexCoord, TexMap: st.TexMap, Channel: st.Channel,
			Color:     gx.Combiner{In: [4]uint8{b[1] & 15, b[2] & 15, b[3] & 15, b[4] & 15}, Op: b[5] & 15, Bias: b[6] & 3, Scale: b[7] & 3, Clamp: b[8] != 0, Reg: b[9] & 3},
			Alpha:     gx.Combiner{In: [4]uint8{b[10] & 7, b[11] & 7, b[12] & 7, b[13] & 7}, Op: b[14] & 15, Bias: b[15] & 3, Scale: b[16] & 3, Clamp: b[17] != 0, Reg: b[18] & 3},
			KColorSel: m.KonstSel[k][0] & 31, KAlphaSel: m.KonstSel[k][1] & 31,
			RasSwap: m.SwapTables[m.SwapSel[k][0]&3], TexSwap: m.SwapTables[m.SwapSel[k][1]&3]}
		if in := m.Indirect; in != nil && in.Enabled {
			t := in.Tev[k]
			s.Ind = gx.IndTev{Stage: t[0] & 3, Format: t[1] & 3, Bias: t[2] & 7, Matrix: t[3] & 15, WrapS: t[4] & 7, WrapT: t[5] & 7,
				AddPrev: t[6] != 0, UTCLod: t[7] != 0, AlphaSel: t[8] & 3}
		}
		sh.Stages[k] = s
		if s.TexMap < 8 && int(s.TexCoord) < int(sh.NumTexGens) && sh.TexGens[s.TexCoord].Type == 10 {
			g.LightRamps |= 1 << s.TexMap
		}
	}
	g.MaskOnly = maskOnly(m.Name)
	if in := m.Indirect; in != nil && in.Enabled {
		sh.NumInd = in.NumStages
		for k := 0; k < int(in.NumStages); k++ {
			sh.Ind[k] = gx.IndStage{TexCoord: in.Orders[k][0], TexMap: in.Orders[k][1], ScaleS: in.Scales[k][0], ScaleT: in.Scales[k][1]}
		}
		for k := range in.Matrices {
			sc := float32(math.Ldexp(1, int(in.Matrices[k].Scale)))
			for r := 0; r < 2; r++ {
				for c := 0; c < 3; c++ {
					g.IndMtx[k][r][c] = in.Matrices[k].M[r][c] * sc
				}
			}
		}
	}
	sh.Alpha = gx.AlphaCompare(m.Alpha)
	g.Blend = gx.Blend(m.Blend)
	g.Z = gx.ZMode{Enable: m.ZMode.Enable != 0, Func: m.ZMode.Func & 7, Write: m.ZMode.Write != 0}
	v := &g.Values
	for k := 0; k < 2; k++ {
		v.MatColor[k] = unit4(m.MatColor[k])
		v.AmbColor[k] = unit4(m.AmbColor[k])
	}
	for k := 0; k < 4; k++ {
		v.Konst[k] = unit4(m.Konst[k])
		for c := 0; c < 4; c++ {
			v.TevColor[k][c] = float32(m.TevColors[k][c]) / 255
		}
	}
	for k, t := range m.TexMatrices {
		if t != nil {
			g.TexMtx[k] = t.gx()
		}
	}
	return g
}

func unit4(c [4]uint8) [4]float32 {
	return [4]float32{float32(c[0]) / 255, float32(c[1]) / 255, float32(c[2]) / 255, float32(c[3]) / 255}
}

// gx is the texture matrix's SRT in its own convention (Info bit 7:
// Maya, else Basic), computed as BTK animations compute theirs.
func (t *TexMatrix) gx() *gx.TexMtx {
	out := &gx.TexMtx{Mode: t.Info & 0x3F, Maya: t.Info&0x80 != 0, Projection: t.Projection}
	tg := anim.Target{Center: [3]float64{float64(t.Center[0]), float64(t.Center[1]), float64(t.Center[2])}}
	var p anim.TargetPose
	p.V[anim.ScaleX], p.V[anim.ScaleY] = float64(t.Scale[0]), float64(t.Scale[1])
	p.V[anim.RotZ] = float64(t.Rotation) * 180 / 0x8000
	p.V[anim.TransX], p.V[anim.TransY] = float64(t.Translation[0]), float64(t.Translation[1])
	mode := anim.TexJ3DBasic
	if out.Maya {
		mode = anim.TexJ3DMaya
	}
	mtx := anim.TexMatrixWith(mode, &tg, &p)
	for r := range out.SRT {
		for c := range out.SRT[r] {
			out.SRT[r][c] = float32(mtx[r][c])
		}
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			out.Effect[r][c] = t.EffectMatrix[4*r+c]
		}
	}
	return out
}

// maskMaterial names Wind Waker's eye and eyebrow masks (eyeLdamA,
// mayuRdamB, with the m_pz_ prefix of the Hyrule-clothes models): the
// player's draw (daPy_lk_c) renders them with colour updates off so the
// eyes can show through the hair; drawn as stored they are black boxes.
// Winditor turns their colour writes off the same way.
var maskMaterial = regexp.MustCompile(`^(m_pz_)?(eye|mayu)[LR]dam[AB]$`)

func maskOnly(name string) bool { return maskMaterial.MatchString(name) }
