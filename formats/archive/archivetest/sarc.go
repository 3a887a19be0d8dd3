package archivetest

import (
	"encoding/binary"
	"sort"

	"github.com/animscope/animscope/formats/archive"
)

// Layout values of formats/archive's SARC reader, restated for writing.
const (
	sarcHeaderSize = 0x14
	sfatHeaderSize = 0x0C
	sfatNodeSize   = 0x10
	sfntHeaderSize = 0x08
	sarcDefaultKey = 0x65 // the hash key every known SARC uses
)

// SARCFile is a file to put into an archive by WriteSARC.
type SARCFile struct {
	Path string
	Data []byte
}

// WriteSARC builds a SARC as Nintendo's tools lay it out: nodes sorted by
// hash, names padded to 4, each file's data aligned to align. Tests (here
// and in the packages above) use it for generated and hostile archives.
func WriteSARC(files []SARCFile, bigEndian bool, align int) []byte {
	var order binary.AppendByteOrder = binary.LittleEndian
	if bigEndian {
		order = binary.BigEndian
	}
	sorted := append([]SARCFile(nil), files...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return archive.SARCHash(sorted[i].Path, sarcDefaultKey) < archive.SARCHash(sorted[j].Path, sarcDefaultKey)
	})
	var names []byte
	nameOff := make([]int, len(sorted))
	for i, f := range sorted {
		nameOff[i] = len(names)
		names = append(names, f.Path...)
		names = append(names, 0)
		for len(names)%4 != 0 {
			names = append(names, 0)
		}
	}
	tables := sarcHeaderSize + sfatHeaderSize + sfatNodeSize*len(sorted) + sfntHeaderSize + len(names)
	dataOff := (tables + align - 1) / align * align
	var data []byte
	begin := make([]int, len(sorted))
	for i, f := range sorted {
		for len(data)%align != 0 {
			data = append(data, 0)
		}
		begin[i] = len(data)
		data = append(data, f.Data...)
	}
	b := make([]byte, 0, dataOff+len(data))
	b = append(b, "SARC"...)
	b = order.AppendUint16(b, sarcHeaderSize)
	b = order.AppendUint16(b, 0xFEFF)
	b = order.AppendUint32(b, uint32(dataOff+len(data)))
	b = order.AppendUint32(b, uint32(dataOff))
	b = order.AppendUint16(b, 0x0100)
	b = order.AppendUint16(b, 0)
	b = append(b, "SFAT"...)
	b = order.AppendUint16(b, sfatHeaderSize)
	b = order.AppendUint16(b, uint16(len(sorted)))
	b = order.AppendUint32(b, sarcDefaultKey)
	for i, f := range sorted {
		b = order.AppendUint32(b, archive.SARCHash(f.Path, sarcDefaultKey))
		b = order.AppendUint32(b, 0x01000000|uint32(nameOff[i]/4))
		b = order.AppendUint32(b, uint32(begin[i]))
		b = order.AppendUint32(b, uint32(begin[i]+len(f.Data)))
	}
	b = append(b, "SFNT"...)
	b = order.AppendUint16(b, sfntHeaderSize)
	b = order.AppendUint16(b, 0)
	b = append(b, names...)
	for len(b) < dataOff {
		b = append(b, 0)
	}
	return append(b, data...)
}

// Yaz0Stored wraps data in a valid Yaz0 stream made of literal bytes only
// (every flag bit set): Yaz0 as a container, without compressing, for
// building test inputs.
func Yaz0Stored(data []byte) []byte {
	out := make([]byte, 16, 16+len(data)+len(data)/8+1)
	copy(out, "Yaz0")
	binary.BigEndian.PutUint32(out[4:], uint32(len(data)))
	for i := 0; i < len(data); i += 8 {
		out = append(out, 0xFF)
		out = append(out, data[i:min(i+8, len(data))]...)
	}
	return out
}
