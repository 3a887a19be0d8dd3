package j3d

import "encoding/binary"

// Little-endian J3D. Every J3D file exists in a little-endian form too: the
// magic's two four-character codes and every chunk id are stored as u32s
// in little-endian order, so "J3D1bck1" reads "1D3J1kcb" and "ANK1" reads
// "1KNA"; every u16, s16, u32 and f32 is byte-swapped; strings and padding
// bytes are unchanged. There is no retail little-endian J3D file to check
// against: the form follows the convention of Nintendo's little-endian
// re-releases (RARC becoming CRAR), the best available guess.

// swap4 reverses each 4-byte group of s (a magic or a chunk id): the
// little-endian spelling of a big-endian four-character code and back.
func swap4(s string) string {
	b := []byte(s)
	for i := 0; i+4 <= len(b); i += 4 {
		b[i], b[i+1], b[i+2], b[i+3] = b[i+3], b[i+2], b[i+1], b[i]
	}
	return string(b)
}

// LittleMagic is the little-endian form of a big-endian J3D magic
// ("J3D1bck1" → "1D3J1kcb").
func LittleMagic(magic string) string { return swap4(magic) }

// byteOrder is the order a file with this header uses: big-endian for the
// magic as given, little-endian for its swapped form, nil for neither.
func byteOrder(data []byte, magic string) binary.ByteOrder {
	if len(data) < len(magic) {
		return nil
	}
	switch string(data[:len(magic)]) {
	case magic:
		return binary.BigEndian
	case swap4(magic):
		return binary.LittleEndian
	}
	return nil
}

// orderOf is the binary.ByteOrder of a header's LittleEndian flag.
func orderOf(little bool) binary.ByteOrder {
	if little {
		return binary.LittleEndian
	}
	return binary.BigEndian
}
