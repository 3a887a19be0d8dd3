package gxshader

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/animscope/animscope/mesh/gx"
)

// What the generated programs' uniforms hold that is worked out from the
// shader state or fixed by the generator: the shared vertex program's
// per-material configuration (u_chan, u_texGen) and the stand-in light
// (u_lightDir). The texture matrices (u_texMtx) are TexMatrix's.

// StandInLight is the direction towards the stand-in light in view space:
// from the viewer's upper left, in front.
var StandInLight = mgl32.Vec3{-0.35, 0.55, 0.76}

// VertexState is the shared vertex program's configuration for one
// material: colour-channel controls and texgens (u_chan, u_texGen).
type VertexState struct {
	Chan              [4][4]int32
	TexGen            [8][4]int32
	NumChans, NumGens int32
}

// MakeVertexState packs s's channels and texgens.
func MakeVertexState(s *gx.Shader, out *VertexState) {
	out.NumChans, out.NumGens = int32(s.NumChans), int32(s.NumTexGens)
	for k, c := range s.Chans {
		w := int32(c.DiffuseFn&3) | int32(c.AttnFn&3)<<2
		if c.LitMask != 0 {
			w |= 16
		}
		out.Chan[k] = [4]int32{b2i(c.Lighting), int32(c.MatSrc & 1), int32(c.AmbSrc & 1), w}
	}
	for i, g := range s.TexGens {
		mtx := int32(-1)
		if g.Matrix >= 30 && g.Matrix <= 57 && (g.Matrix-30)%3 == 0 {
			mtx = int32(g.Matrix-30) / 3
		}
		out.TexGen[i] = [4]int32{int32(g.Type), int32(g.Source), mtx, 0}
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
