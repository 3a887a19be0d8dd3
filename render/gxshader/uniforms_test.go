package gxshader

import (
	"testing"

	"github.com/animscope/animscope/mesh/gx"
)

// MakeVertexState packs the channels and texgens as the vertex program's
// u_chan and u_texGen comments define them: (lighting, material from the
// vertex, ambient from the vertex, diffuse function + 4 × attenuation
// function + 16 when a light is on) per channel, (type, source, texture
// matrix slot or −1) per texgen, GX's TEXMTXn being matrix id 30 + 3n.
func TestMakeVertexState(t *testing.T) {
	var s gx.Shader
	s.NumChans, s.NumTexGens = 2, 4
	s.Chans[0] = gx.Channel{Lighting: true, MatSrc: 1, AmbSrc: 0, LitMask: 4, DiffuseFn: 2, AttnFn: 1}
	s.Chans[1] = gx.Channel{Lighting: false, MatSrc: 0, AmbSrc: 1, LitMask: 0, DiffuseFn: 1, AttnFn: 2}
	s.Chans[2] = gx.Channel{Lighting: true, LitMask: 0x80, DiffuseFn: 0, AttnFn: 0}
	s.TexGens[0] = gx.TexGen{Type: 1, Source: 4, Matrix: 60}   // UV0, identity
	s.TexGens[1] = gx.TexGen{Type: 0, Source: 0, Matrix: 36}   // position through TEXMTX2
	s.TexGens[2] = gx.TexGen{Type: 10, Source: 19, Matrix: 57} // SRTG of COLOR0, TEXMTX9
	s.TexGens[3] = gx.TexGen{Type: 1, Source: 5, Matrix: 31}   // not a TEXMTX id
	var v VertexState
	MakeVertexState(&s, &v)
	if v.NumChans != 2 || v.NumGens != 4 {
		t.Errorf("counts %d, %d, want 2, 4", v.NumChans, v.NumGens)
	}
	wantChan := [4][4]int32{{1, 1, 0, 2 + 4*1 + 16}, {0, 0, 1, 1 + 4*2}, {1, 0, 0, 16}, {0, 0, 0, 0}}
	if v.Chan != wantChan {
		t.Errorf("channels %v, want %v", v.Chan, wantChan)
	}
	wantGen := [8][4]int32{{1, 4, -1, 0}, {0, 0, 2, 0}, {10, 19, 9, 0}, {1, 5, -1, 0}}
	for i := 4; i < 8; i++ {
		wantGen[i] = [4]int32{0, 0, -1, 0} // unused: a zero texgen with matrix id 0, not a TEXMTX
	}
	if v.TexGen != wantGen {
		t.Errorf("texgens %v, want %v", v.TexGen, wantGen)
	}
}
