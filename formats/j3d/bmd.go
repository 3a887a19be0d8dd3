package j3d

import (
	"fmt"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/internal/bin"
)

// Model is the skeleton of a BMD or BDL file: its INF1 and JNT1 chunks, as
// stored (for the inspector's raw view). The other chunks (vertices,
// shapes, materials, textures) are listed in Chunks but not parsed.
type Model struct {
	Magic    string // "J3D2bmd3", "J3D2bdl4", ...
	FileSize uint32
	Chunks   []Chunk
	INF1     INF1
	JNT1     JNT1
	// Parents is the hierarchy INF1 describes, per joint: the parent's
	// index, or -1 for a root (also for joints INF1 never names).
	Parents       []int
	Roots         []int
	MaterialNodes int // INF1 material (0x11) nodes
	ShapeNodes    int // INF1 shape (0x12) nodes
	// LittleEndian is set for the little-endian form of the model (magic
	// "2D3J3dmb" for J3D2bmd3); chunk ids are kept in their big-endian
	// spelling.
	LittleEndian bool
	// Warnings are oddities the game tolerates (joints outside the
	// hierarchy, several roots, a last chunk running past the file end).
	Warnings []string
	// MeshData is what Mesh read of the mesh chunks (set when the file
	// is opened through the registry).
	MeshData *MeshData
	// sections are the other chunks the mesh reads (VTX1, EVP1, DRW1,
	// SHP1, MAT3, TEX1), by id: the last of each, as for INF1 and JNT1.
	sections map[string]mchunk
}

// mchunk is one chunk's bytes (offsets inside are relative to its start)
// and where it starts in the file.
type mchunk struct {
	r   bin.Reader
	off int64
}

// INF1 is the model information chunk.
type INF1 struct {
	Offset int64  // chunk start in the file
	Flags  uint16 // low nibble: hierarchy mode (0 Basic, 1 SoftImage, 2 Maya)
	// PacketCount and VertexCount are stored for the renderer; unused here.
	PacketCount     uint32
	VertexCount     uint32
	HierarchyOffset uint32 // relative to the chunk
	// Nodes is the hierarchy stream up to and including its end node.
	Nodes []HierarchyNode
}

// Hierarchy node types (J3DModelHierarchy).
const (
	NodeEnd      = 0x00
	NodeOpen     = 0x01 // descend: what follows are children
	NodeClose    = 0x02 // ascend
	NodeJoint    = 0x10
	NodeMaterial = 0x11
	NodeShape    = 0x12
)

// HierarchyNode is one (type, value) pair of the INF1 hierarchy.
type HierarchyNode struct {
	Type, Value uint16
}

// JNT1 is the joint chunk.
type JNT1 struct {
	Offset      int64 // chunk start in the file
	JointCount  uint16
	DataOffset  uint32 // relative to the chunk
	RemapOffset uint32
	NameOffset  uint32 // 0: the file has no joint names
	// Remap gives, per joint, the index of its entry in Data (exporters
	// share identical entries).
	Remap []uint16
	// Names are per joint, from the name table (JUTNameTab); "" when the
	// file has none.
	Names      []string
	NameHashes []uint16
	Data       []JointData
}

// JointData is one 0x40-byte JNT1 entry (J3DJointInitData).
type JointData struct {
	Kind uint16
	// ScaleCompensate is the byte at 0x02; only the value 1 enables Maya
	// scale compensation (the byte after it is padding, 0xFF in real files).
	ScaleCompensate uint8
	Scale           [3]float32
	Rotation        [3]int16 // 0x8000 = 180°
	Translation     [3]float32
	Radius          float32
	BBoxMin         [3]float32
	BBoxMax         [3]float32
}

const jointDataSize = 0x40

// HierarchyMode returns the INF1 matrix rule.
func (m *Model) HierarchyMode() anim.HierarchyMode {
	switch m.INF1.Flags & 0xF {
	case 1:
		return anim.J3DSoftImage
	case 2:
		return anim.J3DMaya
	}
	return anim.J3DBasic
}

// Joint returns joint i's entry (its remapped JNT1 data).
func (m *Model) Joint(i int) *JointData { return &m.JNT1.Data[m.JNT1.Remap[i]] }

// RotationDegrees converts a JNT1 s16 angle with the games' rule (0x8000 =
// 180°).
func RotationDegrees(raw int16) float64 { return float64(raw) * (180.0 / 32768) }

// Skeleton converts the model to an anim.Skeleton named name.
func (m *Model) Skeleton(name string) *anim.Skeleton {
	s := &anim.Skeleton{Name: name, Mode: m.HierarchyMode(), Joints: make([]anim.Joint, len(m.Parents))}
	for i := range s.Joints {
		d := m.Joint(i)
		j := &s.Joints[i]
		j.Name = m.JNT1.Names[i]
		j.Parent = m.Parents[i]
		j.ScaleCompensate = d.ScaleCompensate == 1
		j.Rest = anim.DefaultBase()
		for k := 0; k < 3; k++ {
			j.Rest[anim.ScaleX+anim.Slot(k)] = float64(d.Scale[k])
			j.Rest[anim.RotX+anim.Slot(k)] = RotationDegrees(d.Rotation[k])
			j.Rest[anim.TransX+anim.Slot(k)] = float64(d.Translation[k])
		}
	}
	return s
}

// ReadModel reads the skeleton of a BMD or BDL file.
func ReadModel(data []byte) (*Model, error) {
	r := bin.BE(data)
	magic, err := r.Bytes(0, 8)
	if err != nil {
		return nil, bin.Errorf("bmd", 0, "file is %d bytes, too short for a J3D header", len(data))
	}
	m := &Model{Magic: string(magic)}
	if modelFormat(m.Magic) == "" && modelFormat(swap4(m.Magic)) != "" {
		// The little-endian form ("2D3J3dmb"): every number swapped, chunk
		// ids spelt backwards.
		m.LittleEndian = true
		r = bin.LE(data)
	}
	format := modelFormat(m.canonicalMagic())
	if format == "" {
		if k := string(magic[4:7]); (k == "bmd" || k == "bdl") && (string(magic[:4]) == "J3D1" || string(magic[:4]) == "J3D2") {
			// A model of a version the games do not load either
			// (J3DModelLoaderDataBase returns nothing for J3D1bmd1).
			return nil, bin.Unsupportedf(k, "model version %q (known: bmd2, bmd3, bdl3, bdl4)", printable(string(magic)))
		}
		return nil, bin.Errorf("bmd", 0, "magic %q is not a BMD/BDL model (want J3D1 or J3D2 with bmd2, bmd3, bdl3 or bdl4)", printable(string(magic)))
	}
	if err := r.Check(0, headerSize); err != nil {
		return nil, bin.Errorf(format, 0, "file is %d bytes, too short for the 0x20-byte J3D header", len(data))
	}
	m.FileSize, _ = r.U32(8)
	if int64(m.FileSize) > int64(len(data)) {
		return nil, bin.Errorf(format, 8, "header says the file is %d bytes, but it is %d (truncated?)", m.FileSize, len(data))
	}
	count, _ := r.U32(0x0C)
	// Every chunk has at least its 8-byte header, so a count beyond what
	// the file can hold is a lie; checked before allocating the list.
	if !bin.Fits(int64(count), chunkHeaderSize, int64(len(data)-headerSize)) {
		return nil, bin.Errorf(format, 0x0C, "chunk count %d cannot fit in %d bytes", count, len(data))
	}
	var inf1, jnt1 bin.Reader
	var haveINF1, haveJNT1 bool
	off := int64(headerSize)
	for i := uint32(0); i < count; i++ {
		if err := r.Check(off, chunkHeaderSize); err != nil {
			return nil, bin.Errorf(format, off, "chunk %d of %d starts past the end of the file (%d bytes)", i, count, len(data))
		}
		id, _ := r.Bytes(off, 4)
		if m.LittleEndian {
			id = []byte(swap4(string(id)))
		}
		size, _ := r.U32(off + 4)
		c := Chunk{ID: string(id), Offset: off, Size: size}
		if size < chunkHeaderSize {
			return nil, bin.Errorf(format, off+4, "chunk %q declares size %d, smaller than its header", printable(string(id)), size)
		}
		avail := int64(size)
		if !r.In(off, int64(size)) {
			if i+1 < count {
				return nil, bin.Errorf(format, off+4, "chunk %q (size %d) runs past the end of the file (%d bytes)", printable(string(id)), size, len(data))
			}
			// Exporters pad or mis-size the last chunk now and then; its
			// readable part is enough, and every table inside it is
			// bounds-checked against what is there.
			avail = int64(len(data)) - off
			m.Warnings = append(m.Warnings, fmt.Sprintf("last chunk %q declares %d bytes, the file holds %d", printable(string(id)), size, avail))
		}
		m.Chunks = append(m.Chunks, c)
		sub, _ := r.Sub(off, avail)
		switch c.ID {
		case "INF1":
			if haveINF1 {
				m.Warnings = append(m.Warnings, "several INF1 chunks; the last one is used, as the game does")
			}
			inf1, haveINF1 = sub, true
			m.INF1.Offset = off
		case "JNT1":
			if haveJNT1 {
				m.Warnings = append(m.Warnings, "several JNT1 chunks; the last one is used, as the game does")
			}
			jnt1, haveJNT1 = sub, true
			m.JNT1.Offset = off
		case "VTX1", "EVP1", "DRW1", "SHP1", "MAT3", "MAT2", "TEX1":
			if m.sections == nil {
				m.sections = map[string]mchunk{}
			}
			m.sections[c.ID] = mchunk{r: sub, off: off}
		}
		off += int64(size)
	}
	if !haveJNT1 {
		return nil, bin.Errorf(format, -1, "no JNT1 (joint) chunk among %d chunks", count)
	}
	if !haveINF1 {
		return nil, bin.Errorf(format, -1, "no INF1 (hierarchy) chunk among %d chunks", count)
	}
	if err := m.readJNT1(format, jnt1); err != nil {
		return nil, err
	}
	if err := m.readINF1(format, inf1); err != nil {
		return nil, err
	}
	return m, nil
}

// canonicalMagic is the magic in its big-endian spelling.
func (m *Model) canonicalMagic() string {
	if m.LittleEndian {
		return swap4(m.Magic)
	}
	return m.Magic
}

// modelFormat names the model kind of a J3D magic, or "" when the magic is
// not one of a model. The games load J3D2bmd2/bmd3 and J3D2bdl3/bdl4; J3D1
// models are read the same way.
func modelFormat(magic string) string {
	if len(magic) != 8 || (magic[:4] != "J3D1" && magic[:4] != "J3D2") {
		return ""
	}
	switch magic[4:] {
	case "bmd2", "bmd3":
		return "bmd"
	case "bdl3", "bdl4":
		return "bdl"
	}
	return ""
}

func (m *Model) readJNT1(format string, c bin.Reader) error {
	base := m.JNT1.Offset
	j := &m.JNT1
	if err := c.Check(0, 0x18); err != nil {
		return bin.Errorf(format, base, "JNT1 chunk is %d bytes, too short for its 0x18-byte header", c.Len())
	}
	j.JointCount, _ = c.U16(0x08)
	j.DataOffset, _ = c.U32(0x0C)
	j.RemapOffset, _ = c.U32(0x10)
	j.NameOffset, _ = c.U32(0x14)
	n := int64(j.JointCount)
	if n == 0 {
		return bin.Errorf(format, base+8, "JNT1 has no joints")
	}
	// Remap table: one u16 per joint.
	if !bin.Fits(n, 2, int64(c.Len())-int64(j.RemapOffset)) || int64(j.RemapOffset) > int64(c.Len()) {
		return bin.Errorf(format, base+0x10, "JNT1 remap table at 0x%x with %d entries runs past the chunk end (0x%x)", j.RemapOffset, n, c.Len())
	}
	// Joint data: the entries the remap table names, which end at the next
	// table (or the chunk end); the file does not store their count.
	dataEnd := int64(c.Len())
	for _, t := range []uint32{j.RemapOffset, j.NameOffset} {
		if t > j.DataOffset && int64(t) < dataEnd {
			dataEnd = int64(t)
		}
	}
	if int64(j.DataOffset) > dataEnd {
		return bin.Errorf(format, base+0x0C, "JNT1 joint data offset 0x%x is past the chunk end (0x%x)", j.DataOffset, c.Len())
	}
	tableLen := (dataEnd - int64(j.DataOffset)) / jointDataSize
	j.Remap = make([]uint16, n)
	maxData := -1
	for i := range j.Remap {
		at := int64(j.RemapOffset) + 2*int64(i)
		j.Remap[i], _ = c.U16(at)
		if int64(j.Remap[i]) >= tableLen {
			return bin.Errorf(format, base+at, "joint %d data index %d past joint table end (%d entries)", i, j.Remap[i], tableLen)
		}
		maxData = max(maxData, int(j.Remap[i]))
	}
	j.Data = make([]JointData, maxData+1)
	for i := range j.Data {
		at := int64(j.DataOffset) + int64(i)*jointDataSize
		d := &j.Data[i]
		d.Kind, _ = c.U16(at)
		d.ScaleCompensate, _ = c.U8(at + 2)
		for k := int64(0); k < 3; k++ {
			d.Scale[k], _ = c.F32(at + 0x04 + 4*k)
			d.Rotation[k], _ = c.S16(at + 0x10 + 2*k)
			d.Translation[k], _ = c.F32(at + 0x18 + 4*k)
			d.BBoxMin[k], _ = c.F32(at + 0x28 + 4*k)
			d.BBoxMax[k], _ = c.F32(at + 0x34 + 4*k)
		}
		d.Radius, _ = c.F32(at + 0x24)
	}
	j.Names = make([]string, n)
	if j.NameOffset == 0 {
		m.Warnings = append(m.Warnings, "JNT1 has no name table; joints are unnamed")
		return nil
	}
	names, hashes, err := readNameTable(c, int64(j.NameOffset), int(n))
	if err != nil {
		return bin.Errorf(format, base+int64(j.NameOffset), "JNT1 name table: %v", err)
	}
	if len(names) < int(n) {
		m.Warnings = append(m.Warnings, fmt.Sprintf("JNT1 name table has %d names for %d joints; the rest are unnamed", len(names), n))
	}
	copy(j.Names, names)
	j.NameHashes = hashes
	return nil
}

// maxNameLen bounds one name of a JUTNameTab. Names are short identifiers;
// without a bound, a hostile table of 65535 entries all pointing at one
// long string would cost gigabytes of copies and a quadratic scan.
const maxNameLen = 255

// readNameTable reads the first (at most) want names of a JUTNameTab: u16
// count, u16 padding, then per name {u16 hash, u16 offset}, offsets
// relative to the table.
func readNameTable(c bin.Reader, off int64, want int) (names []string, hashes []uint16, err error) {
	t, err := c.From(off)
	if err != nil {
		return nil, nil, fmt.Errorf("starts past the chunk end")
	}
	count, err := t.U16(0)
	if err != nil {
		return nil, nil, fmt.Errorf("header past the chunk end")
	}
	if !bin.Fits(int64(count), 4, int64(t.Len())-4) {
		return nil, nil, fmt.Errorf("%d entries do not fit in the %d bytes left", count, t.Len())
	}
	names = make([]string, min(int(count), want))
	hashes = make([]uint16, len(names))
	for i := range names {
		hashes[i], _ = t.U16(4 + 4*int64(i))
		at, _ := t.U16(6 + 4*int64(i))
		s, err := t.CString(int64(at), maxNameLen+1)
		if err != nil {
			return nil, nil, fmt.Errorf("name %d at table offset 0x%x: past the chunk end, unterminated or longer than %d bytes", i, at, maxNameLen)
		}
		names[i] = s
	}
	return names, hashes, nil
}

// inf1HeaderSize covers flags, packet and vertex counts and the hierarchy
// offset.
const inf1HeaderSize = 0x18

// readINF1 reads the hierarchy stream and builds the parent links the way
// J3DJointTree::makeHierarchy does: a joint node is a child of the current
// level's parent; an open node descends, and the new level's parent is the
// last joint seen at the current level (or the current level's own parent
// when none was, as after a material or shape node); a close node ascends.
func (m *Model) readINF1(format string, c bin.Reader) error {
	base := m.INF1.Offset
	inf := &m.INF1
	if err := c.Check(0, inf1HeaderSize); err != nil {
		return bin.Errorf(format, base, "INF1 chunk is %d bytes, too short for its 0x18-byte header", c.Len())
	}
	inf.Flags, _ = c.U16(0x08)
	inf.PacketCount, _ = c.U32(0x0C)
	inf.VertexCount, _ = c.U32(0x10)
	inf.HierarchyOffset, _ = c.U32(0x14)
	if mode := inf.Flags & 0xF; mode > 2 {
		return bin.Unsupportedf(format, "INF1 hierarchy mode %d (flags 0x%04x); known modes are 0 Basic, 1 SoftImage, 2 Maya", mode, inf.Flags)
	}
	n := len(m.JNT1.Remap)
	const unset = -2
	m.Parents = make([]int, n)
	for i := range m.Parents {
		m.Parents[i] = unset
	}
	type level struct{ parent, last int }
	// The stack only grows on open nodes, each of which is 4 bytes of the
	// chunk, so its size is bounded by the data.
	stack := []level{{parent: -1, last: -1}}
	for off := int64(inf.HierarchyOffset); ; off += 4 {
		typ, err1 := c.U16(off)
		val, err2 := c.U16(off + 2)
		if err1 != nil || err2 != nil {
			return bin.Errorf(format, base+off, "INF1 hierarchy runs past the chunk end without an end node")
		}
		inf.Nodes = append(inf.Nodes, HierarchyNode{typ, val})
		cur := &stack[len(stack)-1]
		switch typ {
		case NodeEnd:
			if len(stack) > 1 {
				return bin.Errorf(format, base+off, "INF1 hierarchy ends with %d levels still open (unbalanced open/close nodes)", len(stack)-1)
			}
			m.finishHierarchy()
			return nil
		case NodeOpen:
			stack = append(stack, level{parent: cur.last, last: cur.last})
		case NodeClose:
			if len(stack) == 1 {
				return bin.Errorf(format, base+off, "INF1 close node without a matching open node (unbalanced hierarchy)")
			}
			stack = stack[:len(stack)-1]
		case NodeJoint:
			if int(val) >= n {
				return bin.Errorf(format, base+off+2, "INF1 joint index %d past joint table end (%d joints)", val, n)
			}
			if m.Parents[val] != unset {
				return bin.Errorf(format, base+off+2, "INF1 names joint %d twice (the hierarchy would not be a tree)", val)
			}
			m.Parents[val] = cur.parent
			cur.last = int(val)
		case NodeMaterial:
			m.MaterialNodes++
		case NodeShape:
			m.ShapeNodes++
		default:
			// The game's loop does not advance past an unknown node and
			// never ends.
			return bin.Errorf(format, base+off, "INF1 unknown hierarchy node type 0x%x", typ)
		}
	}
}

// finishHierarchy lists roots and turns joints the hierarchy never named
// into roots (the game leaves them out of its tree, so they never move).
func (m *Model) finishHierarchy() {
	var missing []int
	for i, p := range m.Parents {
		if p < -1 {
			m.Parents[i] = -1
			missing = append(missing, i)
		}
		if m.Parents[i] == -1 {
			m.Roots = append(m.Roots, i)
		}
	}
	if len(missing) > 0 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("%d joints are not in the INF1 hierarchy (first: %d); shown as roots", len(missing), missing[0]))
	}
	if named := len(m.Roots) - len(missing); named > 1 {
		m.Warnings = append(m.Warnings, fmt.Sprintf("INF1 hierarchy has %d root joints; the game keeps only the last as its tree root", named))
	}
}
