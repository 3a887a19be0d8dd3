// Package j3d decodes Nintendo J3D files, as used by the GameCube/Wii
// JSystem games: the animations BCK (ANK1, joint keyframes), BTK (TTK1,
// texture SRT), BCA (ANF1, full-frame joints), BRK (TRK1, TEV colour and
// konst colour registers), BPK (PAK1, material colour), BTP (TPT1,
// texture pattern) and BVA (VAF1, shape visibility), and the skeletons of
// BMD/BDL models.
//
// Decoding happens in two steps. DecodeBCK, DecodeBTK, DecodeBCA, DecodeBRK,
// DecodeBPK, DecodeBTP and DecodeBVA check the file against its layout
// (truncation, lying sizes, tables and track references outside their
// bounds, loop mode above 4) and return spec-shaped structs that keep
// every header field and raw table, for an inspector that shows the file
// as stored. Their Clip methods convert that into a format-neutral
// anim.Clip following the games' semantics.
//
// EncodeBCK, EncodeBCA and EncodeBTK write the structs back in the layout
// of the games' own files (write.go says which), so a decoded retail file
// re-encodes byte for byte: of the files in the games' archives tried,
// 1002 of 1006 BCKs, all 3 BCAs, and 56 of 59 BTKs up to the leftover
// memory 45 of them hold after their chunk (the other 4 BCKs and 3 BTKs
// were laid out by a community tool; they decode and sample the same).
// TableBuilder builds the shared value tables for them, and
// RotationFracFor and RotationRaw put angles into the rotation table. The
// rest of the family is written only by the tests' encoders
// (formats/j3d/j3dtest), which share the chunk writer.
//
// # Byte order
//
// Every J3D file also exists little-endian: magic "1D3J" followed by the
// reversed type ("1kcb", "1acb", "3dmb", ...), every number byte-swapped,
// four-character codes written as u32s (chunk ids "1KNA", "1FNA", ...),
// strings and padding unchanged. Decoders accept both; FileHeader.LittleEndian
// (Model.LittleEndian) says which, and j3dtest writes either. No retail
// little-endian J3D file is known: the form follows the convention of
// Nintendo's little-endian re-releases (RARC becoming CRAR).
//
// # What each animation does between frames and at its ends
//
// Frames are animation frames (the loop mode maps playback time to them;
// see anim.Clock). The sampling rules below apply to a frame f as given.
//
//   - BCK, BTK (keyed): before the first key the first value, at or after
//     the last key the last value, between keys the J3D Hermite (tangents
//     scaled by the key interval). Rotations are truncated to an s16 after
//     the Hermite and shifted by the rotation frac (anim.Hermite).
//   - BCA (full frame): one value per frame per channel, no interpolation.
//     f < 0 reads the first value; otherwise, f as an f32, the later
//     runtime (Pikmin 2, Twilight Princess, Galaxy; the default) reads value
//     (int)(f + 0.5) — 0.49 stays on value 0, 0.5 takes value 1 — and the
//     earlier one (Wind Waker, Sunshine) value (int)f; an index at or past
//     the track's length reads its last value, so a track shorter than the
//     clip holds its last value and one longer still changes after the
//     clip's end. A one-value track is a constant; a zero-value track is
//     refused (the game has no case for it and reads outside the track).
//     Rotation is the stored s16 in degrees
//     (s16 · 180 / 32768, no rotation frac).
//   - BRK (keyed colours): per channel, count 0 reads 0; count 1 the stored
//     s16 itself for a TEV colour register (C0–C3, no clamp) and its low
//     byte for a konst colour (K0–K3: −40 → 216); two or more keys the BCK
//     Hermite over the s16 times, values and tangents (tangent mode 0: 3
//     values a key, any other mode 4), clamped to −1024..1023 (C) or 0..255
//     (K), then truncated toward zero. Before the first key and after the
//     last the first and last values, clamped likewise.
//   - BPK (keyed material colour 0): each channel as a BRK konst register.
//   - BTP (full-frame texture numbers): as BCA, but the index truncates,
//     (int)f, in every runtime: the texture changes exactly at whole
//     frames. A one-value sequence is a constant; a zero-value one is
//     refused as BCA's.
//   - BVA (full-frame visibility): as BCA's index (round half up in the
//     later runtime, truncation in the earlier one); a zero byte hides the
//     shape, any other byte (1, 2, 255) shows it. A zero-value track
//     shows the shape (the game's sampler reads outside it as BCA's does;
//     kept tolerant).
//
// At the clip's end the loop mode decides which frame is shown (anim.Clock,
// anim.FrameAtTime): once parks at duration − 0.001 (full-frame tracks then
// show value duration − 1 when truncating, value duration when rounding),
// once-reset returns to 0, loop wraps, mirrored-once reflects at the end
// and stops at 0, mirrored-loop reflects at duration − 1 and at 0. The
// earlier runtime's mirrored modes clamp instead of reflecting: past the
// end to duration − 0.001 (turning there, at the end rather than end − 1),
// before 0 to 0 (anim.Runtime, anim.FrameAtTimeRuntime). --runtime early on
// the command line and the viewer's runtime setting switch both rules.
package j3d
