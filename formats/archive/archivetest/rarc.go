// Package archivetest builds RARC, SARC and Yaz0 files for tests: small
// writers that lay archives out the way the games' tools do, so tests can
// generate their inputs (and hostile variants) instead of shipping game
// files, independently of the production writer (archive.ReplaceEntry);
// and RealFiles, which walks the real game files a developer points
// ANIMSCOPE_REAL at.
package archivetest

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// RARCFile is a file to put into an archive by WriteRARC.
type RARCFile struct {
	Path string // '/'-separated, relative to the root directory
	Data []byte
	// Yaz0 marks Data as an already Yaz0-compressed stream (entry flags
	// compressed + Yaz0).
	Yaz0 bool
}

// Layout values of formats/archive's RARC reader, restated for writing.
const (
	rarcFlagDir        = 0x02
	rarcFlagCompressed = 0x04
	rarcFlagYaz0       = 0x80
	rarcHeaderSize     = 0x20
	rarcInfoSize       = 0x20
)

// WriteRARC builds a RARC archive the way the JSystem tools lay it out:
// directory nodes breadth-first (sub-directories in name order), each
// directory's entries as its sub-directories then its files (name order)
// then '.' and '..'; file ids equal entry indices; tables and file data
// 32-byte aligned. Tests use it for generated and hostile archives.
func WriteRARC(root string, files []RARCFile) ([]byte, error) {
	type dirT struct {
		name    string
		subdirs map[string]*dirT
		files   []*RARCFile
		node    int
		parent  int
	}
	newDir := func(name string) *dirT { return &dirT{name: name, subdirs: map[string]*dirT{}} }
	top := newDir(root)
	for i := range files {
		f := &files[i]
		parts := strings.Split(f.Path, "/")
		d := top
		for _, p := range parts[:len(parts)-1] {
			if d.subdirs[p] == nil {
				d.subdirs[p] = newDir(p)
			}
			d = d.subdirs[p]
		}
		d.files = append(d.files, f)
	}
	// Breadth-first node order.
	nodes := []*dirT{top}
	top.parent = -1
	for i := 0; i < len(nodes); i++ {
		d := nodes[i]
		for _, name := range sortedKeys(d.subdirs) {
			c := d.subdirs[name]
			c.node, c.parent = len(nodes), d.node
			nodes = append(nodes, c)
		}
	}
	strs := []byte{}
	strOff := map[string]uint32{}
	addStr := func(s string) uint32 {
		if o, ok := strOff[s]; ok {
			return o
		}
		o := uint32(len(strs))
		strOff[s] = o
		strs = append(append(strs, s...), 0)
		return o
	}
	addStr(".")
	addStr("..")
	addStr(root)

	type entryT struct {
		id, hash   uint16
		flags      uint8
		name       uint32
		data, size uint32
		file       *RARCFile
	}
	var entries []entryT
	var nodeTab []byte
	var fileData []byte
	for _, d := range nodes {
		first := len(entries)
		for _, name := range sortedKeys(d.subdirs) {
			entries = append(entries, entryT{id: 0xFFFF, hash: rarcHash(name), flags: rarcFlagDir, name: addStr(name), data: uint32(d.subdirs[name].node), size: 0x10})
		}
		slices.SortFunc(d.files, func(a, b *RARCFile) int { return strings.Compare(a.Path, b.Path) })
		for _, f := range d.files {
			name := f.Path[strings.LastIndexByte(f.Path, '/')+1:]
			flags := uint8(0x11)
			if f.Yaz0 {
				flags |= rarcFlagCompressed | rarcFlagYaz0
			}
			if uint64(len(fileData))+uint64(len(f.Data)) > 0xFFFFFFFF {
				return nil, fmt.Errorf("rarc: archive data exceeds 4 GiB")
			}
			entries = append(entries, entryT{id: uint16(len(entries)), hash: rarcHash(name), flags: flags, name: addStr(name),
				data: uint32(len(fileData)), size: uint32(len(f.Data)), file: f})
			fileData = append(fileData, f.Data...)
			fileData = padTo(fileData, 32)
		}
		entries = append(entries,
			entryT{id: 0xFFFF, hash: rarcHash("."), flags: rarcFlagDir, name: strOff["."], data: uint32(d.node), size: 0x10},
			entryT{id: 0xFFFF, hash: rarcHash(".."), flags: rarcFlagDir, name: strOff[".."], data: uint32(d.parent), size: 0x10})
		typ := "ROOT"
		if d != top {
			typ = strings.ToUpper(d.name + "    ")[:4]
		}
		nodeTab = append(nodeTab, typ...)
		nodeTab = binary.BigEndian.AppendUint32(nodeTab, addStr(d.name))
		nodeTab = binary.BigEndian.AppendUint16(nodeTab, rarcHash(d.name))
		nodeTab = binary.BigEndian.AppendUint16(nodeTab, uint16(len(entries)-first))
		nodeTab = binary.BigEndian.AppendUint32(nodeTab, uint32(first))
	}
	if len(entries) > 0xFFFF {
		return nil, fmt.Errorf("rarc: %d entries; file ids are 16-bit", len(entries))
	}
	var entTab []byte
	for _, e := range entries {
		entTab = binary.BigEndian.AppendUint16(entTab, e.id)
		entTab = binary.BigEndian.AppendUint16(entTab, e.hash)
		entTab = binary.BigEndian.AppendUint32(entTab, uint32(e.flags)<<24|e.name)
		entTab = binary.BigEndian.AppendUint32(entTab, e.data)
		entTab = binary.BigEndian.AppendUint32(entTab, e.size)
		entTab = binary.BigEndian.AppendUint32(entTab, 0)
	}
	// Offsets relative to the info block (at 0x20).
	nodeOff := uint32(rarcInfoSize)
	entOff := nodeOff + uint32(len(nodeTab))
	strTabOff := uint32(len(padTo(make([]byte, entOff+uint32(len(entTab))), 32)))
	strs = padTo(strs, 32)
	dataOff := strTabOff + uint32(len(strs))
	total := rarcHeaderSize + uint64(dataOff) + uint64(len(fileData))
	if total > 0xFFFFFFFF {
		return nil, fmt.Errorf("rarc: archive exceeds 4 GiB")
	}
	out := make([]byte, 0, total)
	out = append(out, "RARC"...)
	for _, v := range []uint32{uint32(total), rarcHeaderSize, dataOff, uint32(len(fileData)), uint32(len(fileData)), 0, 0} {
		out = binary.BigEndian.AppendUint32(out, v)
	}
	for _, v := range []uint32{uint32(len(nodes)), nodeOff, uint32(len(entries)), entOff, uint32(len(strs)), strTabOff} {
		out = binary.BigEndian.AppendUint32(out, v)
	}
	out = binary.BigEndian.AppendUint16(out, uint16(len(entries)))
	out = append(out, 1, 0, 0, 0, 0, 0)
	out = append(out, nodeTab...)
	out = append(out, entTab...)
	out = padTo(out, 32)
	out = append(out, strs...)
	out = append(out, fileData...)
	return out, nil
}

// rarcHash is the JKRArchive name hash.
func rarcHash(s string) uint16 {
	var h uint16
	for i := 0; i < len(s); i++ {
		h = h*3 + uint16(s[i])
	}
	return h
}

func padTo(b []byte, n int) []byte {
	for len(b)%n != 0 {
		b = append(b, 0)
	}
	return b
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
