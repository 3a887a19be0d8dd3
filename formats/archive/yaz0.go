// Package archive reads Nintendo containers and compression: RARC
// archives (the GameCube/Wii JSystem games), SARC archives (Wii U
// big-endian, Switch little-endian), Yaz0 streams (whole files and
// archive entries) and Zstandard streams (Switch .zs files, plain or
// compressed against dictionaries supplied by SetZstdDictionaries).
// RARC and SARC have format descriptors (format.go); the registry in
// package formats unwraps Zstandard and Yaz0 before it sniffs.
package archive

import (
	"bytes"

	"github.com/animscope/animscope/formats/internal/bin"
)

// Yaz0 limits. The densest Yaz0 group is one flag byte and eight 3-byte
// back-references of 0x111 bytes each: 2184 bytes out per 25 bytes in, about
// 87:1. A declared size beyond 91 times the input is a lie (the bound the
// BFRES fixtures' README uses too), and MaxYaz0Size caps any one file at
// what a previewer needs, so a hostile header cannot make us allocate
// gigabytes.
const (
	yaz0MaxRatio = 91
	MaxYaz0Size  = 256 << 20
)

// IsYaz0 reports whether data starts with the Yaz0 magic.
func IsYaz0(data []byte) bool { return len(data) >= 4 && bytes.Equal(data[:4], []byte("Yaz0")) }

// Yaz0Size returns the decompressed size a Yaz0 stream declares.
func Yaz0Size(data []byte) (int, error) {
	r := bin.BE(data)
	if len(data) < 16 || !IsYaz0(data) {
		return 0, bin.Errorf("yaz0", -1, "not a Yaz0 stream (need 16-byte header with magic Yaz0)")
	}
	n, _ := r.U32(4)
	payload := int64(len(data) - 16)
	if int64(n) > MaxYaz0Size {
		return 0, bin.Errorf("yaz0", 4, "declared size %d exceeds the %d MiB limit", n, MaxYaz0Size>>20)
	}
	if int64(n) > payload*yaz0MaxRatio {
		return 0, bin.Errorf("yaz0", 4, "declared size %d is impossible for %d bytes of compressed data", n, payload)
	}
	return int(n), nil
}

// DecompressYaz0 decodes a whole Yaz0 stream. The output is allocated once,
// with the declared size, after checking it against the input size.
func DecompressYaz0(data []byte) ([]byte, error) {
	n, err := Yaz0Size(data)
	if err != nil {
		return nil, err
	}
	dst := make([]byte, n)
	src := data[16:]
	s, d := 0, 0
	for d < n {
		// Fast path: a whole group (1 flag byte, at most 8 three-byte
		// references, at most 8×0x111 bytes out) fits in both buffers, so
		// only the back-reference distance needs checking.
		if s+25 <= len(src) && d+8*0x111 <= n {
			flags := src[s]
			s++
			for bit := 0; bit < 8; bit++ {
				if flags&0x80 != 0 {
					dst[d] = src[s]
					s++
					d++
				} else {
					b0, b1 := int(src[s]), int(src[s+1])
					s += 2
					dist := (b0&0x0f)<<8 | b1 + 1
					length := b0>>4 + 2
					if length == 2 {
						length = int(src[s]) + 0x12
						s++
					}
					if dist > d {
						return nil, bin.Errorf("yaz0", int64(16+s-2), "back-reference %d bytes before the start of the output (at %d)", dist, d)
					}
					copyBack(dst, d, dist, length)
					d += length
				}
				flags <<= 1
			}
			continue
		}
		if s >= len(src) {
			return nil, bin.Errorf("yaz0", int64(16+s), "stream ends after %d of %d bytes", d, n)
		}
		flags := src[s]
		s++
		for bit := 0; bit < 8 && d < n; bit++ {
			if flags&0x80 != 0 {
				if s >= len(src) {
					return nil, bin.Errorf("yaz0", int64(16+s), "stream ends after %d of %d bytes", d, n)
				}
				dst[d] = src[s]
				s++
				d++
			} else {
				if s+2 > len(src) {
					return nil, bin.Errorf("yaz0", int64(16+s), "stream ends inside a back-reference")
				}
				b0, b1 := int(src[s]), int(src[s+1])
				s += 2
				dist := (b0&0x0f)<<8 | b1 + 1
				length := b0 >> 4
				if length == 0 {
					if s >= len(src) {
						return nil, bin.Errorf("yaz0", int64(16+s), "stream ends inside a back-reference")
					}
					length = int(src[s]) + 0x12
					s++
				} else {
					length += 2
				}
				if dist > d {
					return nil, bin.Errorf("yaz0", int64(16+s-2), "back-reference %d bytes before the start of the output (at %d)", dist, d)
				}
				if length > n-d {
					length = n - d
				}
				copyBack(dst, d, dist, length)
				d += length
			}
			flags <<= 1
		}
	}
	return dst, nil
}

// copyBack copies length bytes from dist bytes back to dst[d:]. A
// reference may overlap its own output (dist < length repeats the last
// dist bytes); copying in steps of at most dist bytes keeps that meaning
// while letting copy move whole runs.
func copyBack(dst []byte, d, dist, length int) {
	from := d - dist
	if dist >= length {
		copy(dst[d:d+length], dst[from:from+length])
		return
	}
	end := d + length
	for d < end {
		d += copy(dst[d:end], dst[from:d])
	}
}
