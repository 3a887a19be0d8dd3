// Package gxshader turns a GX material's shader state (mesh/gx.Shader)
// into a GLSL program that computes what the GameCube/Wii hardware
// computes: colour channels with lighting, texture-coordinate generators,
// the TEV combiner stages (inputs, konst selections, swap tables, bias,
// scale, clamp, the compare operations, the 8-bit wrap of the A, B and C
// inputs and of the output), indirect texture offsets and the alpha
// compare. Register values and matrices are uniforms, so animating them
// never asks for a new program.
//
// The package writes GLSL text and makes no GL call: render compiles the
// programs (prepending its #version line, which the sources here leave
// out like the files of package shaders) and caches them by shader state.
// So the generated source can be tested without a GL context, and the
// one place that knows the GL dialect stays render.
//
// The lights are the game's, set at run time; a stand-in (StandInLight)
// lights every channel that asks for light: one white directional light
// from the viewer's upper left, in the lowest light slot the channel's
// mask names.
//
// Left out: fog, the z-texture, the destination-alpha override, bump
// (emboss) texgens (they pass their source coordinate through), the
// indirect wrap modes, add-previous, bump alpha and the S/T dynamic
// indirect matrices (only the common offset form: a static matrix over
// the 8-bit indirect texture's a, b, g), post-transform texgen matrices
// (J3D does not load them either).
package gxshader

import "github.com/animscope/animscope/mesh/gx"

// Source is the GLSL of one material: the vertex shader (the same for
// every material: what differs is in uniforms, MakeVertexState) and the
// fragment shader generated from its TEV state (without the #version
// line).
type Source struct{ Vertex, Fragment string }

// Generate writes the program for s.
func Generate(s *gx.Shader) Source {
	return Source{Vertex: VertexShader, Fragment: fragmentShader(s)}
}
