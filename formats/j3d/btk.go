package j3d

import (
	"bytes"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// TTK1 chunk header layout (offsets relative to the chunk start).
const (
	ttk1HeaderSize        = 0x60
	ttk1LoopMode          = 0x08
	ttk1RotationFrac      = 0x09
	ttk1Duration          = 0x0A
	ttk1TrackCount        = 0x0C
	ttk1ScaleCount        = 0x0E
	ttk1RotationCount     = 0x10
	ttk1TranslationCount  = 0x12
	ttk1EntryOffset       = 0x14
	ttk1RemapOffset       = 0x18
	ttk1NameOffset        = 0x1C
	ttk1TexGenOffset      = 0x20
	ttk1CenterOffset      = 0x24
	ttk1ScaleOffset       = 0x28
	ttk1RotationOffset    = 0x2C
	ttk1TranslationOffset = 0x30
	ttk1PostMatrix        = 0x34 // post-texture-matrix tables, unused by the games
	ttk1CalcType          = 0x5C
)

// PostMatrixSize is the size of the unused post-matrix block of TTK1.
const PostMatrixSize = ttk1CalcType - ttk1PostMatrix

// CalcTypeMaya is the TTK1 calc type that selects the Maya texture-matrix
// formula; every other value means Basic.
const CalcTypeMaya = 1

// BTK is a decoded BTK file: the TTK1 chunk's header fields as stored and
// its tables. Entry i animates texture matrix TexGens[i] of the material
// named Names[i].Name, with center Centers[i].
type BTK struct {
	File  FileHeader
	Chunk Chunk // the TTK1 chunk
	// SizeQuirk is set when the TTK1 chunk states a size up to 4 bytes past
	// the declared end of the file, an exporter quirk that is tolerated.
	SizeQuirk bool

	LoopMode     uint8
	RotationFrac uint8
	Duration     uint16

	TrackCount       uint16 // 3 × the number of entries
	ScaleCount       uint16
	RotationCount    uint16
	TranslationCount uint16

	// Chunk-relative offsets of the tables.
	EntryOffset       uint32
	RemapOffset       uint32
	NameOffset        uint32
	TexGenOffset      uint32
	CenterOffset      uint32
	ScaleOffset       uint32
	RotationOffset    uint32
	TranslationOffset uint32

	PostMatrix [PostMatrixSize]byte
	CalcType   uint32 // 1 Maya, anything else Basic

	Entries []TrackSet // TrackCount/3 entries
	// Remap is the remap table when it lies inside the chunk (the games do
	// not read it, so it is neither required nor checked), else nil.
	Remap []uint16
	// NameCount is the name table's declared count; Names holds the first
	// len(Entries) of them (the ones entries bind to).
	NameCount uint16
	Names     []Name
	TexGens   []uint8
	Centers   [][3]float32 // S, T, Q
	Tables
}

// Name is one entry of a JUTNameTab name table.
type Name struct {
	Hash   uint16 // as stored; not checked against the name
	Offset uint16 // relative to the name table
	Name   string
}

// NameHash is JUTNameTab's hash of a name (h = h·3 + byte, 16 bits).
func NameHash(s string) uint16 {
	var h uint16
	for i := 0; i < len(s); i++ {
		h = h*3 + uint16(s[i])
	}
	return h
}

// DecodeBTK decodes a BTK file, applying the same validation rules as
// DecodeBCK plus the TTK1 ones (track count divisible by 3, a name table
// with a name per entry, texGen and center tables inside the chunk).
func DecodeBTK(data []byte) (*BTK, error) {
	const format = "btk"
	h, c, chunk, clamped, err := readHeader(format, MagicBTK, "TTK1", data)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < ttk1HeaderSize {
		return nil, bin.Errorf(format, c.Offset+4, "TTK1 chunk is %d bytes, smaller than its 0x%x-byte header", chunk.Len(), ttk1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BTK{
		File:              h,
		Chunk:             c,
		SizeQuirk:         clamped,
		LoopMode:          s.u8(ttk1LoopMode),
		RotationFrac:      s.u8(ttk1RotationFrac),
		Duration:          s.u16(ttk1Duration),
		TrackCount:        s.u16(ttk1TrackCount),
		ScaleCount:        s.u16(ttk1ScaleCount),
		RotationCount:     s.u16(ttk1RotationCount),
		TranslationCount:  s.u16(ttk1TranslationCount),
		EntryOffset:       s.u32(ttk1EntryOffset),
		RemapOffset:       s.u32(ttk1RemapOffset),
		NameOffset:        s.u32(ttk1NameOffset),
		TexGenOffset:      s.u32(ttk1TexGenOffset),
		CenterOffset:      s.u32(ttk1CenterOffset),
		ScaleOffset:       s.u32(ttk1ScaleOffset),
		RotationOffset:    s.u32(ttk1RotationOffset),
		TranslationOffset: s.u32(ttk1TranslationOffset),
		CalcType:          s.u32(ttk1CalcType),
	}
	post, _ := chunk.Bytes(ttk1PostMatrix, PostMatrixSize)
	copy(b.PostMatrix[:], post)
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+ttk1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	if b.TrackCount%3 != 0 {
		return nil, bin.Errorf(format, c.Offset+ttk1TrackCount, "track count %d is not a multiple of 3", b.TrackCount)
	}
	n := int(b.TrackCount / 3)
	if b.Entries, err = s.readTrackSets("entry table", ttk1EntryOffset, b.EntryOffset, n); err != nil {
		return nil, err
	}
	if n > 0 {
		if rb, err := s.need("remap table", ttk1RemapOffset, b.RemapOffset, int64(n), 2); err == nil {
			b.Remap = make([]uint16, n)
			for i := range b.Remap {
				b.Remap[i] = s.order.Uint16(rb[2*i:])
			}
		}
		if err := s.readNames(b, n); err != nil {
			return nil, err
		}
		tg, err := s.need("texGen table", ttk1TexGenOffset, b.TexGenOffset, int64(n), 1)
		if err != nil {
			return nil, err
		}
		b.TexGens = append([]uint8(nil), tg...)
		cb, err := s.need("center table", ttk1CenterOffset, b.CenterOffset, int64(n), 12)
		if err != nil {
			return nil, err
		}
		b.Centers = make([][3]float32, n)
		for i := range b.Centers {
			for j := range 3 {
				b.Centers[i][j] = math.Float32frombits(s.order.Uint32(cb[12*i+4*j:]))
			}
		}
	}
	b.Tables, err = s.readTables(
		[3]uint16{b.ScaleCount, b.RotationCount, b.TranslationCount},
		[3]uint32{b.ScaleOffset, b.RotationOffset, b.TranslationOffset},
		[3]int64{ttk1ScaleOffset, ttk1RotationOffset, ttk1TranslationOffset})
	if err != nil {
		return nil, err
	}
	if err := s.checkTrackSets(b.Entries, b.EntryOffset, &b.Tables, "entry", anim.TexSRTTarget); err != nil {
		return nil, err
	}
	return b, nil
}

// readNames reads the BTK's name table (see nameTable).
func (s *section) readNames(b *BTK, n int) (err error) {
	b.NameCount, b.Names, err = s.nameTable("name table", ttk1NameOffset, b.NameOffset, n)
	return err
}

// readNames reads the JUTNameTab: u16 count, u16 padding, then per name
// {u16 hash, u16 offset}, offsets relative to the table, NUL-terminated
// strings. Only the first n names are read (entries bind to those).
// what names the table in messages, fieldOff is the chunk offset of the
// u32 holding its offset nameOff.
func (s *section) nameTable(what string, fieldOff int64, nameOff uint32, n int) (count uint16, names []Name, err error) {
	hdr, err := s.need(what+" header", fieldOff, nameOff, 1, 4)
	if err != nil {
		return 0, nil, err
	}
	count = s.order.Uint16(hdr)
	tableOff := s.base + int64(nameOff)
	if int(count) < n {
		return count, nil, bin.Errorf(s.format, tableOff, "%s has %d names for %d entries", what, count, n)
	}
	recs, err := s.need(what, fieldOff, nameOff+4, int64(n), 4)
	if err != nil {
		return count, nil, err
	}
	// First pass: locate every string. The second pass makes them
	// sub-strings of one copy of the region they span, so entries pointing
	// into the same long string cost nothing extra.
	names = make([]Name, n)
	ends := make([]int64, n)
	lo, hi := int64(nameOff), int64(nameOff)
	for i := range names {
		nm := &names[i]
		nm.Hash = s.order.Uint16(recs[4*i:])
		nm.Offset = s.order.Uint16(recs[4*i+2:])
		start := int64(nameOff) + int64(nm.Offset)
		rest, err := s.chunk.From(start)
		if err != nil {
			return count, nil, bin.Errorf(s.format, tableOff+4+int64(4*i)+2, "name %d: string offset 0x%x past the chunk end", i, nm.Offset)
		}
		end := bytes.IndexByte(rest.B, 0)
		if end < 0 {
			return count, nil, bin.Errorf(s.format, s.base+start, "name %d: string without NUL terminator before the chunk end", i)
		}
		ends[i] = start + int64(end)
		hi = max(hi, ends[i])
	}
	span, err := s.chunk.Bytes(lo, hi-lo)
	if err != nil {
		return count, nil, err
	}
	text := string(span)
	for i := range names {
		start := int64(nameOff) + int64(names[i].Offset)
		names[i].Name = text[start-lo : ends[i]-lo]
	}
	return count, names, nil
}

// TexMode is the texture-matrix formula the file's calc type selects.
func (b *BTK) TexMode() anim.TexMatrixMode {
	if b.CalcType == CalcTypeMaya {
		return anim.TexJ3DMaya
	}
	return anim.TexJ3DBasic
}

// Clip converts the BTK into an anim.Clip: one texture SRT target per
// entry, named after its material, with its texGen, center and the file's
// matrix mode, and nine channels in file order (S, T, Q).
func (b *BTK) Clip() (*anim.Clip, error) {
	c := &anim.Clip{
		Format:   "btk",
		Duration: float64(b.Duration),
		FPS:      FPS,
		Loop:     anim.LoopMode(b.LoopMode),
	}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("btk", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	n := len(b.Entries)
	if len(b.Names) < n || len(b.TexGens) < n || len(b.Centers) < n {
		return nil, bin.Errorf("btk", -1, "%d entries but %d names, %d texGens and %d centers", n, len(b.Names), len(b.TexGens), len(b.Centers))
	}
	conv, err := newConverter("btk", &b.Tables, b.RotationFrac, b.Entries, anim.TexSRTTarget)
	if err != nil {
		return nil, err
	}
	mode := b.TexMode()
	c.Targets = make([]anim.Target, n)
	for i := range b.Entries {
		t := &c.Targets[i]
		t.Name = b.Names[i].Name
		t.Index = i
		t.Kind = anim.TexSRTTarget
		t.TexGen = int(b.TexGens[i])
		t.Base = anim.DefaultBase()
		t.TexMode = mode
		for j, v := range b.Centers[i] {
			t.Center[j] = float64(v)
		}
		if t.Channels, err = conv.channels(&b.Entries[i]); err != nil {
			return nil, bin.Errorf("btk", -1, "entry %d (%s) %s", i, t.Name, err)
		}
	}
	return c, nil
}
