package archive

import (
	"encoding/binary"
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/klauspost/compress/zstd"
)

// ReplaceEntry returns a copy of the archive data with the file at path
// holding entry instead. data is a RARC or SARC, or one of them Yaz0- or
// Zstandard-compressed (.szs, .arc, .pack.zs): the result is compressed
// the same way (Yaz0 keeping the header's reserved bytes; Zstandard with
// the dictionary the frame named). A file stored Yaz0-compressed inside
// the archive (.sbfres in a SARC, a compressed RARC entry) is stored
// compressed again. entry is the file's plain contents.
//
// One call replaces one file of one archive: for a path through nested
// archives (X.szs:Sub.sarc:path/Y.bfres) the caller reads the inner
// archive, calls ReplaceEntry on it, and then calls ReplaceEntry again to
// put the result into the outer one.
//
// Everything else stays as it was: every other file's bytes, the names,
// hashes and node order, the directory tables, file IDs and flags. Where
// the new file does not fit the space the old one had up to the next
// file, the files after it move by one amount, a multiple of the largest
// power of two (up to 8 KiB) their offsets were aligned to, so each keeps
// its alignment and the gaps between them stay byte-identical; the header
// sizes (RARC: file, data and MRAM or ARAM size; SARC: file size) follow.
func ReplaceEntry(data []byte, path string, entry []byte) ([]byte, error) {
	switch {
	case IsYaz0(data):
		plain, err := DecompressYaz0(data)
		if err != nil {
			return nil, err
		}
		out, err := ReplaceEntry(plain, path, entry)
		if err != nil {
			return nil, err
		}
		return CompressYaz0(out, [8]byte(data[8:16]))
	case IsZstd(data):
		return replaceZstd(data, path, entry)
	case IsRARC(data):
		return replaceRARC(data, path, entry)
	case IsSARC(data):
		return replaceSARC(data, path, entry)
	}
	return nil, bin.Errorf("archive", 0, "not a RARC or SARC archive, nor a Yaz0 or Zstandard one (magic % x)", data[:min(4, len(data))])
}

// replaceZstd unwraps a Zstandard archive and compresses the result
// against the same dictionary.
func replaceZstd(data []byte, path string, entry []byte) ([]byte, error) {
	var h zstd.Header
	if err := h.Decode(data); err != nil {
		return nil, bin.Errorf("zstd", 0, "frame header: %v", err)
	}
	plain, err := DecompressZstd(data)
	if err != nil {
		return nil, err
	}
	out, err := ReplaceEntry(plain, path, entry)
	if err != nil {
		return nil, err
	}
	opts := []zstd.EOption{zstd.WithEncoderConcurrency(1)}
	if h.DictionaryID != 0 {
		zstdDicts.RLock()
		dict := zstdDicts.byID[h.DictionaryID]
		zstdDicts.RUnlock()
		opts = append(opts, zstd.WithEncoderDict(dict))
	}
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		return nil, fmt.Errorf("zstd: %v", err)
	}
	defer enc.Close()
	return enc.EncodeAll(out, nil), nil
}

// stored is what goes into the archive for a file whose stored bytes were
// old: entry, Yaz0-compressed (with old's reserved header bytes) when old
// was.
func stored(old, entry []byte) ([]byte, error) {
	if IsYaz0(old) {
		return CompressYaz0(entry, [8]byte(old[8:16]))
	}
	return entry, nil
}

// maxShiftAlign caps the alignment a moved file keeps: 8 KiB, the largest
// Nintendo's archivers use (BFRES in a SARC).
const maxShiftAlign = 0x2000

// naturalAlign is the largest power of two, up to maxShiftAlign, that
// divides off.
func naturalAlign(off int64) int64 {
	a := int64(1)
	for a < maxShiftAlign && off%(2*a) == 0 {
		a *= 2
	}
	return a
}

// span is one file's place in an archive's data: absolute offsets.
type span struct{ begin, end int64 }

// placement says where the file spans[i] goes when it becomes n bytes
// long in data ending at dataEnd: next is where the file after it starts
// (the old space ends there), shift how far every file starting after it
// moves (0 when the new bytes fit before next).
func placement(spans []span, i int, n, dataEnd int64) (next, shift int64) {
	next = dataEnd
	var align int64 = 1
	for j, s := range spans {
		if j != i && s.begin > spans[i].begin {
			next = min(next, s.begin)
			align = max(align, naturalAlign(s.begin))
		}
	}
	next = max(next, spans[i].end)
	if over := spans[i].begin + n - next; over > 0 {
		shift = (over + align - 1) / align * align
	}
	return next, shift
}

// splice puts payload at begin in place of what the old file's space
// held up to next, zero-filling the rest of the (moved) space, and moves
// what follows by shift.
func splice(data []byte, begin, next int64, payload []byte, shift int64) []byte {
	out := make([]byte, 0, int64(len(data))+shift)
	out = append(out, data[:begin]...)
	out = append(out, payload...)
	for gapEnd := next + shift; int64(len(out)) < gapEnd; {
		out = append(out, 0)
	}
	return append(out, data[next:]...)
}

// replaceRARC replaces one file of a RARC archive.
func replaceRARC(data []byte, path string, entry []byte) ([]byte, error) {
	a, err := ReadRARC(data)
	if err != nil {
		return nil, err
	}
	f, err := a.Find(path)
	if err != nil {
		return nil, err
	}
	e := a.Entries[f.Index]
	old := a.stored(f)
	if e.Flags&rarcFlagCompressed != 0 && !IsYaz0(old) {
		return nil, bin.Unsupportedf("rarc", "%s: Yay0-compressed entries cannot be written", f.Path)
	}
	payload, err := stored(old, entry)
	if err != nil {
		return nil, err
	}
	dataStart := int64(a.Header.HeaderSize) + int64(a.Header.DataOffset)
	dataEnd := min(int64(len(data)), dataStart+int64(a.Header.DataSize))
	var spans []span
	var files []int // entry index of each span
	self := -1
	for i, x := range a.Entries {
		if x.IsDir() {
			continue
		}
		if i == f.Index {
			self = len(spans)
		}
		b := dataStart + int64(x.DataOffset)
		spans = append(spans, span{b, b + int64(x.Size)})
		files = append(files, i)
	}
	next, shift := placement(spans, self, int64(len(payload)), dataEnd)
	if int64(len(data))+shift > 1<<32-1 {
		return nil, fmt.Errorf("rarc: %s: the archive would pass 4 GiB", f.Path)
	}
	out := splice(data, spans[self].begin, next, payload, shift)
	r := bin.BE(out)
	entOff := int64(a.Header.HeaderSize) + int64(a.Info.EntryOffset)
	for k, i := range files {
		at := entOff + int64(i)*rarcEntrySize
		switch {
		case k == self:
			putU32(r, at+12, uint32(len(payload)))
		case spans[k].begin > spans[self].begin:
			putU32(r, at+8, a.Entries[i].DataOffset+uint32(shift))
		}
	}
	if shift > 0 {
		h := a.Header
		putU32(r, 0x04, h.FileSize+uint32(shift))
		putU32(r, 0x10, h.DataSize+uint32(shift))
		switch {
		case e.Flags&rarcFlagMRAM != 0:
			putU32(r, 0x14, h.MRAMSize+uint32(shift))
		case e.Flags&rarcFlagARAM != 0:
			putU32(r, 0x18, h.ARAMSize+uint32(shift))
		}
	}
	return out, nil
}

// replaceSARC replaces one file of a SARC archive.
func replaceSARC(data []byte, path string, entry []byte) ([]byte, error) {
	s, err := ReadSARC(data)
	if err != nil {
		return nil, err
	}
	f, err := s.Find(path)
	if err != nil {
		return nil, err
	}
	payload, err := stored(s.Nodes[f.Index].data, entry)
	if err != nil {
		return nil, err
	}
	base := int64(s.Header.DataOffset)
	spans := make([]span, len(s.Nodes))
	for i, n := range s.Nodes {
		spans[i] = span{base + int64(n.Begin), base + int64(n.End)}
	}
	begin := spans[f.Index].begin
	if need := fresAlignment(entry); need > 1 && begin%need != 0 {
		return nil, fmt.Errorf("sarc: %s: the BFRES asks for 0x%x alignment, but the file is at 0x%x", f.Path, need, begin)
	}
	fileEnd := int64(s.Header.FileSize)
	next, shift := placement(spans, f.Index, int64(len(payload)), fileEnd)
	if fileEnd+shift > 1<<32-1 {
		return nil, fmt.Errorf("sarc: %s: the archive would pass 4 GiB", f.Path)
	}
	out := splice(data, begin, next, payload, shift)
	r := bin.BE(out)
	if !s.Header.BigEndian {
		r = bin.LE(out)
	}
	nodes := int64(sarcHeaderSize + sfatHeaderSize)
	for i, n := range s.Nodes {
		at := nodes + int64(i)*sfatNodeSize
		switch {
		case i == f.Index:
			putU32(r, at+12, n.Begin+uint32(len(payload)))
		case spans[i].begin > begin:
			putU32(r, at+8, n.Begin+uint32(shift))
			putU32(r, at+12, n.End+uint32(shift))
		}
	}
	putU32(r, 0x08, s.Header.FileSize+uint32(shift))
	return out, nil
}

// fresAlignment is the alignment a BFRES states for itself (Wii U: the
// u32 at 0x10; Switch: 1 << the u8 at 0x0E), 1 for anything else.
func fresAlignment(b []byte) int64 {
	switch {
	case len(b) >= 0x10 && string(b[:8]) == "FRES    ":
		if sh := b[0x0E]; sh < 16 {
			return 1 << sh
		}
	case len(b) >= 0x14 && string(b[:4]) == "FRES":
		if a := int64(binary.BigEndian.Uint32(b[0x10:])); a > 0 && a <= maxShiftAlign && a&(a-1) == 0 {
			return a
		}
	}
	return 1
}

// putU32 stores v at off in r's byte order (off is inside r).
func putU32(r bin.Reader, off int64, v uint32) { r.Order.PutUint32(r.B[off:], v) }
