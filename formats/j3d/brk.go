package j3d

import (
	"fmt"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// MagicBRK is the BRK (TEV register colour animation) magic.
const MagicBRK = "J3D1brk1"

// TRK1 chunk header layout (offsets relative to the chunk start).
const (
	trk1HeaderSize     = 0x58
	trk1LoopMode       = 0x08
	trk1Duration       = 0x0A
	trk1CCount         = 0x0C
	trk1KCount         = 0x0E
	trk1CValueCounts   = 0x10 // 4 × u16: r, g, b, a
	trk1KValueCounts   = 0x18
	trk1CTableOffset   = 0x20
	trk1KTableOffset   = 0x24
	trk1CRemapOffset   = 0x28
	trk1KRemapOffset   = 0x2C
	trk1CNameOffset    = 0x30
	trk1KNameOffset    = 0x34
	trk1CValueOffsets  = 0x38 // 4 × u32: r, g, b, a
	trk1KValueOffsets  = 0x48
	regEntrySize       = 0x1C // ColorTracks, u8 colour id, 3 bytes padding
	maxRegisterColorID = 3
)

// RegEntry is one TRK1 register entry: the four colour tracks and the
// register it drives (0..3: C0..C3 in the C table, K0..K3 in the K table).
type RegEntry struct {
	Tracks  ColorTracks
	ColorID uint8
	Pad     [3]byte
}

// BRK is a decoded BRK file: the TRK1 header as stored, the TEV colour
// register (C) and konst colour (K) entries with their material names, and
// the eight s16 value tables.
type BRK struct {
	File  FileHeader
	Chunk Chunk // the TRK1 chunk

	LoopMode uint8
	Duration uint16

	CCount, KCount             uint16
	CValueCounts, KValueCounts [4]uint16

	CTableOffset, KTableOffset   uint32
	CRemapOffset, KRemapOffset   uint32
	CNameOffset, KNameOffset     uint32
	CValueOffsets, KValueOffsets [4]uint32

	CRegs, KRegs           []RegEntry
	CRemap, KRemap         []uint16 // nil when outside the chunk (unused by the games)
	CNameCount, KNameCount uint16
	CNames, KNames         []Name
	CValues, KValues       [4][]int16 // r, g, b, a
}

// DecodeBRK decodes a BRK file (either byte order).
func DecodeBRK(data []byte) (*BRK, error) {
	const format = "brk"
	h, c, chunk, _, err := readHeaderSlack(format, MagicBRK, "TRK1", data, trimSlack)
	if err != nil {
		return nil, err
	}
	if chunk.Len() < trk1HeaderSize {
		return nil, chunkTooSmall(format, c, chunk.Len(), trk1HeaderSize)
	}
	s := &section{order: orderOf(h.LittleEndian), format: format, base: c.Offset, chunk: chunk}
	b := &BRK{
		File: h, Chunk: c,
		LoopMode:     s.u8(trk1LoopMode),
		Duration:     s.u16(trk1Duration),
		CCount:       s.u16(trk1CCount),
		KCount:       s.u16(trk1KCount),
		CTableOffset: s.u32(trk1CTableOffset),
		KTableOffset: s.u32(trk1KTableOffset),
		CRemapOffset: s.u32(trk1CRemapOffset),
		KRemapOffset: s.u32(trk1KRemapOffset),
		CNameOffset:  s.u32(trk1CNameOffset),
		KNameOffset:  s.u32(trk1KNameOffset),
	}
	for j := range 4 {
		b.CValueCounts[j] = s.u16(trk1CValueCounts + 2*int64(j))
		b.KValueCounts[j] = s.u16(trk1KValueCounts + 2*int64(j))
		b.CValueOffsets[j] = s.u32(trk1CValueOffsets + 4*int64(j))
		b.KValueOffsets[j] = s.u32(trk1KValueOffsets + 4*int64(j))
	}
	if b.LoopMode >= anim.NumLoopModes {
		return nil, bin.Errorf(format, c.Offset+trk1LoopMode, "loop mode %d is not 0..4", b.LoopMode)
	}
	for _, reg := range []struct {
		name, label               string
		count                     uint16
		tableField, remapField    int64
		nameField, valueField     int64
		tableOff, remapOff, names uint32
		valueCounts               [4]uint16
		valueOffs                 [4]uint32
		entries                   *[]RegEntry
		remap                     *[]uint16
		nameCount                 *uint16
		nameList                  *[]Name
		values                    *[4][]int16
	}{
		{"C", "C register entry", b.CCount, trk1CTableOffset, trk1CRemapOffset, trk1CNameOffset, trk1CValueOffsets, b.CTableOffset, b.CRemapOffset, b.CNameOffset, b.CValueCounts, b.CValueOffsets, &b.CRegs, &b.CRemap, &b.CNameCount, &b.CNames, &b.CValues},
		{"K", "K register entry", b.KCount, trk1KTableOffset, trk1KRemapOffset, trk1KNameOffset, trk1KValueOffsets, b.KTableOffset, b.KRemapOffset, b.KNameOffset, b.KValueCounts, b.KValueOffsets, &b.KRegs, &b.KRemap, &b.KNameCount, &b.KNames, &b.KValues},
	} {
		n := int(reg.count)
		var ids []uint8
		tracks, err := s.readColorTracks(reg.name+" register table", reg.tableField, reg.tableOff, n, regEntrySize, func(i int, e []byte) {
			ids = append(ids, e[0])
		})
		if err != nil {
			return nil, err
		}
		*reg.entries = make([]RegEntry, n)
		for i := range tracks {
			e := &(*reg.entries)[i]
			e.Tracks, e.ColorID = tracks[i], ids[i]
			if e.ColorID > maxRegisterColorID {
				off := c.Offset + int64(reg.tableOff) + int64(i)*regEntrySize + ColorTracksSize
				return nil, bin.Errorf(format, off, "%s register entry %d: colour id %d is not 0..3", reg.name, i, e.ColorID)
			}
		}
		for j := range 4 {
			if reg.values[j], err = s.readS16s(fmt.Sprintf("%s %s value table", reg.name, colorNames[j]), reg.valueField+4*int64(j), reg.valueOffs[j], int(reg.valueCounts[j])); err != nil {
				return nil, err
			}
		}
		if n == 0 {
			continue
		}
		*reg.remap = s.optionalRemap(reg.remapField, reg.remapOff, n)
		if *reg.nameCount, *reg.nameList, err = s.nameTable(reg.name+" name table", reg.nameField, reg.names, n); err != nil {
			return nil, err
		}
		for i := range *reg.entries {
			base := c.Offset + int64(reg.tableOff) + int64(i)*regEntrySize
			if err := s.checkColor(&(*reg.entries)[i].Tracks, reg.values, reg.label, i, base); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

// registerNames are the register names by table and colour id.
var registerNames = [2][4]string{{"C0", "C1", "C2", "C3"}, {"K0", "K1", "K2", "K3"}}

// Clip converts the BRK into an anim.Clip: one tevreg target per C entry,
// then one per K entry, named "<material>/C<n>" or "<material>/K<n>", each
// with r, g, b and a channels as the game computes them (C: keys clamp to
// −1024..1023, constants as stored; K: keys clamp to 0..255, constants keep
// their low byte; count 0 reads 0).
func (b *BRK) Clip() (*anim.Clip, error) {
	c := &anim.Clip{Format: "brk", Duration: float64(b.Duration), FPS: FPS, Loop: anim.LoopMode(b.LoopMode)}
	if !c.Loop.Valid() {
		return nil, bin.Errorf("brk", -1, "loop mode %d is not 0..4", b.LoopMode)
	}
	if len(b.CNames) < len(b.CRegs) || len(b.KNames) < len(b.KRegs) {
		return nil, bin.Errorf("brk", -1, "%d C and %d K entries but %d and %d names", len(b.CRegs), len(b.KRegs), len(b.CNames), len(b.KNames))
	}
	s := &section{format: "brk"}
	type regTable struct {
		label  string
		regs   []RegEntry
		names  []Name
		values *[4][]int16
		konst  bool
	}
	tables := [2]regTable{{"C register entry", b.CRegs, b.CNames, &b.CValues, false}, {"K register entry", b.KRegs, b.KNames, &b.KValues, true}}
	// The target names "<material>/<register>", as sub-strings of one
	// string (entries with a bad colour id are refused below).
	var nb strings.Builder
	size := 0
	for _, reg := range tables {
		for i := range reg.regs {
			size += len(reg.names[i].Name) + 3
		}
	}
	nb.Grow(size)
	for _, reg := range tables {
		for i, e := range reg.regs {
			if e.ColorID <= maxRegisterColorID {
				nb.WriteString(reg.names[i].Name)
				nb.WriteByte('/')
				nb.WriteString(registerNames[b2i(reg.konst)][e.ColorID])
			}
		}
	}
	allNames, at := nb.String(), 0
	c.Targets = make([]anim.Target, 0, len(b.CRegs)+len(b.KRegs))
	for _, reg := range tables {
		keyed := 0
		for i := range reg.regs {
			keyed += keyedTracks(&reg.regs[i].Tracks)
		}
		cb := newColorBuilder("brk", reg.values, len(reg.regs), keyed)
		for i := range reg.regs {
			e := &reg.regs[i]
			if err := s.checkColor(&e.Tracks, reg.values, reg.label, i, -1); err != nil {
				return nil, err
			}
			if e.ColorID > maxRegisterColorID {
				return nil, bin.Errorf("brk", -1, "%s %d: colour id %d is not 0..3", reg.label, i, e.ColorID)
			}
			ch, err := cb.channels(&e.Tracks, reg.konst)
			if err != nil {
				return nil, err
			}
			register := registerNames[b2i(reg.konst)][e.ColorID]
			material := reg.names[i].Name
			n := len(material) + 1 + len(register)
			name := allNames[at : at+n]
			at += n
			c.Targets = append(c.Targets, anim.Target{
				Name: name, Index: i, Kind: anim.TevRegTarget, TexGen: -1,
				Base: anim.DefaultBase(), Channels: ch, Material: material, Register: register,
			})
		}
	}
	return c, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
