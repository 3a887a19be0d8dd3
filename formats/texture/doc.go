// Package texture holds the texture codecs every model decoder shares:
// it turns a GPU's stored texture data into 8-bit RGBA as the GPU samples
// it, and describes the stored layout (tile sizes, level sizes and
// offsets) so that decoders can check a texture against the bytes it has
// before decoding anything.
//
// # GameCube and Wii (GX)
//
// DecodeGX decodes one level of every GX texture format: the intensity
// formats I4, I8, IA4 and IA8, the colour formats RGB565, RGB5A3 and
// RGBA8, the palette formats C4, C8 and C14X2 (with IA8, RGB565 or RGB5A3
// palettes) and the DXT1-like CMPR. GX data is big-endian and stored as
// tiles left to right, top to bottom; the image is padded up to whole
// tiles and the padding is cropped on decode (a palette index in the
// padding is never sampled, so it may lie past the palette). Every tile is
// 32 bytes, except RGBA8's 64. GXLevelSize and GXLevelOffsets give the
// size and position of each mip level: the levels follow each other, each
// padded to whole tiles.
//
// Intensity formats give R = G = B = A = I (I4, I8) or R = G = B = I with
// their own alpha (IA4, IA8). CMPR blends as the GX hardware does: with
// c0 > c1 the two middle colours are 5/8·c0 + 3/8·c1 and 3/8·c0 + 5/8·c1
// (not thirds as on PC DXT1), with c0 <= c1 colour 2 is (c0 + c1) / 2 and
// colour 3 has that RGB with alpha 0; in each row byte the most
// significant two bits are the leftmost pixel.
//
// ResTIMG is the 32-byte texture header of JSystem games: a BTI file is
// one header followed by its palette and image data, and each entry of a
// J3D model's TEX1 chunk is one such header, with its palette and data
// offsets relative to that header (several headers may share one image).
// ParseResTIMG reads a header, and ResTIMG.Texture checks the palette and
// level data against the bytes that hold them and gives the format-neutral
// mesh.Texture, decoding a level only when asked.
//
// The facts and their sources (noclip.website's gx_texture and
// JUTTexture, SuperBMD, Dolphin) are in the project's MESH-FACTS, part
// A.9; the files in testdata/gx say where they came from.
package texture
