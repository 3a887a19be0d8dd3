package j3d

import "fmt"

// Indirect is a material's indirect-texturing entry (0x138 bytes):
// J3DIndInitData.
type Indirect struct {
	Enabled   bool
	NumStages uint8
	Orders    [4][2]uint8 // texture coordinate, texture map
	Matrices  [3]IndMatrix
	Scales    [4][2]uint8 // GX_ITS_1.. for s and t
	Tev       [16][9]uint8
}

// IndMatrix is an indirect matrix: a 2×3 and the power of two it is
// scaled by.
type IndMatrix struct {
	M     [2][3]float32
	Scale int8
}

// readIndirect reads the indirect entry of material number no (MAT3
// only). The indirect table is indexed by material, not by data entry
// (J3DMaterialFactory's indirect init data); a file without one points
// the table's offset at the name table, or nowhere.
func (m *Material3) readIndirect(r *mat3Reader, no int) {
	c := r.c
	ind, _ := c.U32(mat3Indirect)
	names, _ := c.U32(mat3Names)
	if ind == 0 || ind == names {
		return // no indirect table
	}
	at := int64(ind) + int64(no)*0x138
	if !c.In(at, 0x138) {
		if r.err == nil {
			r.err = fmt.Errorf("indirect entry %d is past the chunk end (table at 0x%x)", no, ind)
		}
		return
	}
	in := &Indirect{}
	b, _ := c.Bytes(at, 0x138)
	in.Enabled = b[0] != 0
	in.NumStages = min(b[1], 4)
	for k := 0; k < 4; k++ {
		in.Orders[k] = [2]uint8{b[4+4*k], b[5+4*k]}
		in.Scales[k] = [2]uint8{b[0x68+4*k], b[0x69+4*k]}
	}
	for k := 0; k < 3; k++ {
		o := int64(0x14 + 0x1C*k)
		for row := 0; row < 2; row++ {
			for col := 0; col < 3; col++ {
				in.Matrices[k].M[row][col], _ = c.F32(at + o + int64(4*(3*row+col)))
			}
		}
		in.Matrices[k].Scale = int8(b[o+0x18])
	}
	for k := 0; k < 16; k++ {
		copy(in.Tev[k][:], b[0x78+0xC*k:])
	}
	m.Indirect = in
}
