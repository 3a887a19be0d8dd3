package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
)

// Shape matrix types (J3DShape's display flags).
const (
	ShapeNormal     = 0 // one draw matrix per group
	ShapeBillboard  = 1 // faces the camera
	ShapeYBillboard = 2 // turns about Y only
	ShapeMulti      = 3 // per-vertex PNMTXIDX into the group's matrix slots
)

// GX vertex descriptor index types (GXAttrType).
const (
	attrNone = iota
	attrDirect
	attrIndex8
	attrIndex16
)

// maxSlots is the number of position matrices GX holds (PNMTX0..9).
const maxSlots = 10

// SHP1 is the shape chunk, read as far as each shape could be.
type SHP1 struct {
	Shapes []ShapeData
}

// ShapeData is one SHP1 shape entry with its tables resolved.
type ShapeData struct {
	MatrixType  uint8
	BoundRadius float32
	BBoxMin     [3]float32
	BBoxMax     [3]float32
	// Desc is the vertex descriptor: the index type of every GX
	// attribute (attrNone for attributes the vertices lack).
	Desc   [attrNBT + 1]uint8
	Groups []MatrixGroup
	// Err is why the shape could not be read (its groups are then empty).
	Err error
}

// MatrixGroup is a packet: a matrix table and the display list drawn
// with it.
type MatrixGroup struct {
	UseMtx uint16   // the draw matrix of a one-matrix shape
	Table  []uint16 // draw-matrix indices for slots 0..len-1; 0xFFFF keeps a slot
	DL     []byte
}

func readSHP1(s mchunk) (*SHP1, error) {
	c := s.r
	if err := c.Check(0, 0x2C); err != nil {
		return nil, fmt.Errorf("SHP1 chunk is %d bytes, too short for its 0x2c-byte header", c.Len())
	}
	n, _ := c.U16(0x08)
	tableOff, _ := c.U32(0x0C)
	if !bin.Fits(int64(n), 0x28, int64(c.Len())-int64(tableOff)) || int64(tableOff) > int64(c.Len()) {
		return nil, fmt.Errorf("SHP1 table of %d shapes at 0x%x runs past the chunk end", n, tableOff)
	}
	sh := &SHP1{Shapes: make([]ShapeData, n)}
	// Shapes may share groups, tables and display lists, so what they
	// reference together is not bounded by the chunk; a budget
	// proportional to it keeps a hostile file from costing more than a
	// real one could (real files reference each byte about once).
	budget := 8*int64(c.Len()) + 1<<16
	for i := range sh.Shapes {
		sh.Shapes[i] = readShape(c, int64(tableOff)+0x28*int64(i), &budget)
	}
	return sh, nil
}

func readShape(c bin.Reader, at int64, budget *int64) ShapeData {
	var d ShapeData
	descArea, _ := c.U32(0x18)
	mtxTable, _ := c.U32(0x1C)
	dlData, _ := c.U32(0x20)
	initTable, _ := c.U32(0x24)
	drawTable, _ := c.U32(0x28)

	d.MatrixType, _ = c.U8(at)
	groups, _ := c.U16(at + 2)
	descOff, _ := c.U16(at + 4)
	firstInit, _ := c.U16(at + 6)
	firstDraw, _ := c.U16(at + 8)
	d.BoundRadius, _ = c.F32(at + 0x0C)
	for k := int64(0); k < 3; k++ {
		d.BBoxMin[k], _ = c.F32(at + 0x10 + 4*k)
		d.BBoxMax[k], _ = c.F32(at + 0x1C + 4*k)
	}
	if d.MatrixType > ShapeMulti {
		d.Err = fmt.Errorf("unknown matrix type %d", d.MatrixType)
		return d
	}
	// Vertex descriptor: (attr, type) pairs to 0xFF; at most one per
	// attribute, so a list longer than that has lost its end.
	for k, p := int64(0), int64(descArea)+int64(descOff); ; k, p = k+1, p+8 {
		attr, err1 := c.U32(p)
		typ, err2 := c.U32(p + 4)
		if err1 != nil || (err2 != nil && attr != attrNull) || k > attrNBT+1 {
			d.Err = fmt.Errorf("vertex descriptor at 0x%x runs past the chunk end without its 0xFF end", int64(descArea)+int64(descOff))
			return d
		}
		if attr == attrNull {
			break
		}
		if attr > attrNBT || (attr > attrTEX0+7 && attr != attrNBT) || typ > attrIndex16 {
			d.Err = fmt.Errorf("vertex descriptor names attribute %d with index type %d (not a J3D vertex attribute)", attr, typ)
			return d
		}
		if attr < attrPOS && typ != attrNone && typ != attrDirect {
			d.Err = fmt.Errorf("vertex descriptor: %s is indexed; matrix indices are always direct", attrName(int(attr)))
			return d
		}
		d.Desc[attr] = uint8(typ)
	}
	d.Groups = make([]MatrixGroup, 0, min(int(groups), 64))
	for g := 0; g < int(groups); g++ {
		ia := int64(initTable) + 8*(int64(firstInit)+int64(g))
		da := int64(drawTable) + 8*(int64(firstDraw)+int64(g))
		if !c.In(ia, 8) || !c.In(da, 8) {
			d.Err = fmt.Errorf("matrix group %d of %d: its entries run past the chunk end", g, groups)
			d.Groups = nil
			return d
		}
		var mg MatrixGroup
		mg.UseMtx, _ = c.U16(ia)
		count, _ := c.U16(ia + 2)
		first, _ := c.U32(ia + 4)
		tbl := int64(mtxTable) + 2*int64(first)
		if !c.In(tbl, 2*int64(count)) {
			d.Err = fmt.Errorf("matrix group %d: matrix table of %d entries at 0x%x runs past the chunk end", g, count, tbl)
			d.Groups = nil
			return d
		}
		mg.Table = make([]uint16, count)
		for k := range mg.Table {
			mg.Table[k], _ = c.U16(tbl + 2*int64(k))
		}
		size, _ := c.U32(da)
		off, _ := c.U32(da + 4)
		dl, err := c.Bytes(int64(dlData)+int64(off), int64(size))
		if err != nil {
			d.Err = fmt.Errorf("matrix group %d: display list of %d bytes at 0x%x runs past the chunk end", g, size, int64(dlData)+int64(off))
			d.Groups = nil
			return d
		}
		mg.DL = dl
		if *budget -= 8 + int64(len(mg.Table)) + int64(size); *budget < 0 {
			d.Err = fmt.Errorf("the shapes' matrix groups reference more data than SHP1 holds (tables and display lists shared many times over)")
			d.Groups = nil
			return d
		}
		d.Groups = append(d.Groups, mg)
	}
	return d
}
