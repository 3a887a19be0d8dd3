package main

import (
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// demoBTK is the demo's texture animation, written with the project's own
// BTK encoder: 60 frames, loop, Basic matrix, rotation fraction 1.
//
//   - entry "scroll" (texGen 0) moves the texture one full width in s per
//     loop, linearly: a conveyor belt or a river, the classic BTK;
//   - entry "spin" (texGen 1) shows a doubled texture turning once per
//     loop while its t scale breathes 2 → 1.5 → 2.
//
// Tangent mode 0 stores each key as (time, value, tangent).
func demoBTK() ([]byte, error) {
	b := &j3d.BTK{LoopMode: 2, RotationFrac: 1, Duration: 60, CalcType: 0}
	b.Scale = []float32{
		1, 2, // constants
		0, 2, 0, 30, 1.5, 0, 60, 2, 0, // spin scale.t
	}
	b.Rotation = []int16{
		0, // constant
		// spin rotation.q: raw 0 → 32767 with fraction 1 is 0° → 360°
		// (the raw value shifted left wraps through ±180°, as in the
		// game), a seamless turn per loop.
		0, 0, 546, 60, 32767, 546,
	}
	b.Translation = []float32{
		0,                               // constant
		0, 0, 1.0 / 60, 60, 1, 1.0 / 60, // scroll translation.s: 0 → 1, straight
	}
	constant := func(i uint16) j3d.Track { return j3d.Track{Count: 1, Index: i} }
	keys := func(n, i uint16) j3d.Track { return j3d.Track{Count: n, Index: i} }
	// A TrackSet is scale, rotation, translation of S, then of T, then of Q.
	scroll := j3d.TrackSet{constant(0), constant(0), keys(2, 1), constant(0), constant(0), constant(0), constant(0), constant(0), constant(0)}
	spin := j3d.TrackSet{constant(1), constant(0), constant(0), keys(3, 2), constant(0), constant(0), constant(0), keys(2, 1), constant(0)}
	b.Entries = []j3d.TrackSet{scroll, spin}
	b.Names = []j3d.Name{{Name: "scroll"}, {Name: "spin"}}
	b.TexGens = []uint8{0, 1}
	b.Centers = [][3]float32{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}
	return j3dtest.EncodeBTK(b)
}
