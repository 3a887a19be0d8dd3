package j3d

import (
	"fmt"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/go-gl/mathgl/mgl64"
)

// Envelope is one EVP1 weighted joint set.
type Envelope struct {
	Joints  []uint16
	Weights []float32
}

// EVP1 is the envelope chunk: the weighted joint sets and, per joint,
// the inverse of its bind-pose world matrix as the exporter stored it.
type EVP1 struct {
	Envelopes []Envelope
	// InvBind holds the stored inverse-bind matrices, indexed by joint.
	// The file does not store their count: they run to the chunk end
	// (the JSystem loader takes as many as the joints need).
	InvBind []mgl64.Mat4
}

// readEVP1 reads the envelopes and as many inverse-bind matrices as the
// chunk holds.
func readEVP1(s mchunk) (*EVP1, error) {
	c := s.r
	if err := c.Check(0, 0x1C); err != nil {
		return nil, fmt.Errorf("EVP1 chunk is %d bytes, too short for its 0x1c-byte header", c.Len())
	}
	n, _ := c.U16(0x08)
	countOff, _ := c.U32(0x0C)
	jointOff, _ := c.U32(0x10)
	weightOff, _ := c.U32(0x14)
	bindOff, _ := c.U32(0x18)
	e := &EVP1{}
	if n == 0 {
		return e, nil
	}
	counts, err := c.Bytes(int64(countOff), int64(n))
	if err != nil {
		return nil, fmt.Errorf("EVP1 joint counts of %d envelopes at 0x%x run past the chunk end", n, countOff)
	}
	total := 0
	for _, k := range counts {
		total += int(k)
	}
	if !c.In(int64(jointOff), 2*int64(total)) || !c.In(int64(weightOff), 4*int64(total)) {
		return nil, fmt.Errorf("EVP1 joint indices (0x%x) or weights (0x%x) of %d influences run past the chunk end", jointOff, weightOff, total)
	}
	e.Envelopes = make([]Envelope, n)
	at := int64(0)
	for i, k := range counts {
		env := &e.Envelopes[i]
		env.Joints = make([]uint16, k)
		env.Weights = make([]float32, k)
		for j := range env.Joints {
			env.Joints[j], _ = c.U16(int64(jointOff) + 2*at)
			env.Weights[j], _ = c.F32(int64(weightOff) + 4*at)
			at++
		}
	}
	if bindOff != 0 && int64(bindOff) < int64(c.Len()) {
		m := (int64(c.Len()) - int64(bindOff)) / 0x30
		e.InvBind = make([]mgl64.Mat4, m)
		for i := range e.InvBind {
			e.InvBind[i] = readMtx34(c, int64(bindOff)+0x30*int64(i))
		}
	}
	return e, nil
}

// readMtx34 reads a 3×4 matrix stored row by row (the caller checked the
// 48 bytes) into a column-major 4×4.
func readMtx34(c bin.Reader, at int64) mgl64.Mat4 {
	var m mgl64.Mat4
	for row := 0; row < 3; row++ {
		for col := 0; col < 4; col++ {
			v, _ := c.F32(at + int64(4*(row*4+col)))
			m[col*4+row] = float64(v)
		}
	}
	m[15] = 1
	return m
}

// DRW1 is the draw-matrix table: what each matrix index of SHP1 names.
type DRW1 struct {
	// Kind is per entry: 0 a joint, 1 an envelope; Index the joint or
	// envelope it names.
	Kind  []uint8
	Index []uint16
}

func readDRW1(s mchunk) (*DRW1, error) {
	c := s.r
	if err := c.Check(0, 0x14); err != nil {
		return nil, fmt.Errorf("DRW1 chunk is %d bytes, too short for its 0x14-byte header", c.Len())
	}
	n, _ := c.U16(0x08)
	kindOff, _ := c.U32(0x0C)
	idxOff, _ := c.U32(0x10)
	kinds, err := c.Bytes(int64(kindOff), int64(n))
	if err != nil || !c.In(int64(idxOff), 2*int64(n)) {
		return nil, fmt.Errorf("DRW1 tables of %d entries (kinds at 0x%x, indices at 0x%x) run past the chunk end", n, kindOff, idxOff)
	}
	d := &DRW1{Kind: append([]uint8(nil), kinds...), Index: make([]uint16, n)}
	for i := range d.Index {
		d.Index[i], _ = c.U16(int64(idxOff) + 2*int64(i))
	}
	return d, nil
}

// drawMatrices says what a SHP1 draw-matrix index means, as the JSystem
// runtime computes its draw matrices (J3DMtxBuffer::calcDrawMtx): the
// first `joints` entries (as many as DRW1 has joint entries) are the
// world matrices of the joints DRW1 names; after them come the envelopes'
// blended matrices in EVP1 order, so draw matrix d ≥ joints is envelope
// d − joints whatever DRW1's index says there. The loader drops DRW1's
// last EVP1-count entries (exporters write the envelope entries twice),
// so only joints + envelopes draw matrices exist.
type drawMatrices struct {
	joints    int // DRW1 joint entries ("full weight" matrices)
	envelopes int
	drw       *DRW1
}

func newDrawMatrices(d *DRW1, envelopes int) drawMatrices {
	dm := drawMatrices{envelopes: envelopes, drw: d}
	if d != nil {
		for _, k := range d.Kind {
			if k == 0 {
				dm.joints++
			}
		}
	}
	return dm
}

// count is the number of draw matrices the runtime has.
func (dm drawMatrices) count() int { return dm.joints + dm.envelopes }

// resolve returns the joint (envelope < 0) or the envelope of draw matrix
// d, or an error for an index past them.
func (dm drawMatrices) resolve(d int) (joint, envelope int, err error) {
	switch {
	case d < dm.joints:
		return int(dm.drw.Index[d]), -1, nil
	case d < dm.count():
		return -1, d - dm.joints, nil
	}
	return -1, -1, fmt.Errorf("draw matrix %d past the %d the model has (%d joint, %d envelope)", d, dm.count(), dm.joints, dm.envelopes)
}
