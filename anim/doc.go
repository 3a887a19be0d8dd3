// Package anim is the format-neutral animation model every decoder
// converts into and every consumer (renderer, curve plot, CLI sampler,
// glTF export) reads: a Clip of Targets (joints, texture matrices,
// material colours, texture patterns, shape visibility, shader
// parameters) whose Channels hold Curves (J3D Hermite, NintendoWare
// power-basis cubic, linear, step and baked curves, full-frame tracks,
// sampled quaternion tracks), the playback Clock and LoopMode, the
// JSystem Runtime whose rules full-frame lookups and mirrored loops
// follow, Pose and Evaluate, texture matrices (TexMatrix), and the
// Skeleton with the hierarchy rules of the supported games
// (HierarchyMode).
//
// anim knows no file layout: decoders in formats/... read bytes and hand
// decoded values to constructors such as InitNWCurveKeys. It imports only the
// standard library and mathgl (internal/archtest checks this). Evaluation
// is pure and allocation-free: Curve.Eval finds keys by binary search,
// the Clock is a value advanced by the caller's dt and never reads a wall
// clock, and Clip.Validate checks durations, key order and finite values
// once when a file is opened.
package anim
