package bfres

import "math"

// Model is an FMDL subfile: its skeleton, and its shapes, vertex buffers
// and materials as read for the mesh (Meshes builds the mesh models).
type Model struct {
	FileOffset    int64
	Name, Path    string
	NumVtxBuffers uint16
	NumShapes     uint16
	NumMaterials  uint16
	NumUserData   uint16
	TotalVertices uint32
	Skeleton      *Skeleton // nil when the model has none
	// raw is the geometry and materials read for the mesh (nil when the
	// model was written without them, as test encoders do).
	raw *rawModel
}

// Skeleton is an FSKL section.
type Skeleton struct {
	FileOffset   int64
	Flags        uint32
	ScaleMode    uint8 // flags bits 8-9: none, standard, maya, softimage
	RotationMode uint8 // flags bits 12-14: 0 quaternion, 1 Euler XYZ
	NumBones     uint16
	NumSmooth    uint16
	NumRigid     uint16
	Bones        []Bone
	BoneDict     *Dict
	MatrixToBone []uint16
	// InverseModelMatrices are 3x4 row-major matrices, one per smooth
	// matrix (FRES 3.4+; older files keep one inside each bone).
	InverseModelMatrices [][12]float32
}

// Bone is one FSKL bone (0x40 bytes from FRES 3.4, 0x70 before).
type Bone struct {
	FileOffset     int64
	Name           string
	Index          uint16
	Parent         int16 // -1 for a root
	SmoothIndex    int16
	RigidIndex     int16
	BillboardIndex int16
	NumUserData    uint16
	Flags          uint32
	Scale          [3]float32
	// Rotation is Euler XYZ in radians with w = 1, or a quaternion
	// (x, y, z, w), as RotationMode says.
	Rotation      [4]float32
	Translation   [3]float32
	UserData      []UserData
	InverseMatrix *[12]float32 // FRES < 3.4 only
}

// Bone flag fields.
const (
	boneRotationShift     = 12
	boneSegmentScaleComp  = 1 << 23
	rotationModeQuat      = 0
	rotationModeEulerXYZ  = 1
	rotationModeFieldMask = 7
	scaleModeMaya         = 2
)

// RotationMode is the bone's rotation mode (0 quaternion, 1 Euler XYZ).
func (b *Bone) RotationMode() uint8 {
	return uint8(b.Flags >> boneRotationShift & rotationModeFieldMask)
}

// SegmentScaleCompensate reports the bone's segment scale compensation flag.
func (b *Bone) SegmentScaleCompensate() bool { return b.Flags&boneSegmentScaleComp != 0 }

func (d *decoder) readModel(off int64) (Model, error) {
	size := int64(0x28)
	if d.version >= 0x03030000 {
		size = 0x30
	}
	f, err := d.structAt(off, size, "FMDL header")
	if err != nil {
		return Model{}, err
	}
	m := Model{FileOffset: off}
	m.Name = f.name(0x04)
	m.Path = f.name(0x08)
	skel := f.rel(0x0C)
	m.NumVtxBuffers = f.u16(0x20)
	m.NumShapes = f.u16(0x22)
	m.NumMaterials = f.u16(0x24)
	m.NumUserData = f.u16(0x26)
	if size >= 0x2C {
		m.TotalVertices = f.u32(0x28)
	}
	if f.err != nil {
		return Model{}, f.err
	}
	if skel != 0 {
		s, err := d.readSkeleton(skel)
		if err != nil {
			return Model{}, err
		}
		m.Skeleton = s
	}
	// The geometry's offsets are read without failing the model: a bad
	// one is a problem of its mesh, and the skeleton still opens.
	var o wiiuMeshOffsets
	var bad []string
	for i, p := range []*int64{&o.vtxArr, &o.shapeDict, &o.matDict} {
		fo := 0x10 + 4*int64(i)
		v, err := f.r.S32(fo)
		if err != nil || v == 0 {
			continue
		}
		if t := off + fo + int64(v); t > 0 && t < int64(d.r.Len()) {
			*p = t
		} else {
			bad = append(bad, [3]string{"vertex buffer array", "shape dictionary", "material dictionary"}[i])
		}
	}
	m.raw = d.readWiiUMesh(&m, o)
	for _, b := range bad {
		m.raw.problem("the %s offset points outside the file; left out", b)
	}
	return m, nil
}

func (d *decoder) readSkeleton(off int64) (*Skeleton, error) {
	size := int64(0x20)
	if d.v34 {
		size = 0x24
	}
	if !d.magicAt(off, "FSKL") {
		return nil, d.errf(off, "model's skeleton offset does not point at an FSKL section")
	}
	f, err := d.structAt(off, size, "FSKL header")
	if err != nil {
		return nil, err
	}
	s := &Skeleton{FileOffset: off}
	s.Flags = f.u32(0x04)
	s.NumBones = f.u16(0x08)
	s.NumSmooth = f.u16(0x0A)
	s.NumRigid = f.u16(0x0C)
	dictOff := f.rel(0x10)
	arrayOff := f.rel(0x14)
	m2bOff := f.rel(0x18)
	var invOff int64
	if d.v34 {
		invOff = f.rel(0x1C)
	}
	if f.err != nil {
		return nil, f.err
	}
	s.ScaleMode = uint8(s.Flags >> 8 & 3)
	s.RotationMode = uint8(s.Flags >> 12 & 7)
	boneSize := int64(0x40)
	if !d.v34 {
		boneSize = 0x70
	}
	n := int64(s.NumBones)
	if n > 0 && arrayOff == 0 {
		return nil, d.errf(off+0x14, "FSKL has %d bones but no bone array", n)
	}
	if !d.r.In(arrayOff, n*boneSize) {
		return nil, d.errf(off+0x14, "FSKL bone array (%d bones of 0x%x bytes at 0x%x) runs past the end of the file", n, boneSize, arrayOff)
	}
	s.Bones = make([]Bone, n)
	for i := range s.Bones {
		b, err := d.readBone(arrayOff+int64(i)*boneSize, boneSize)
		if err != nil {
			return nil, err
		}
		s.Bones[i] = b
	}
	for i, b := range s.Bones {
		if b.Parent < -1 || int64(b.Parent) >= n || int(b.Parent) == i {
			return nil, d.errf(b.FileOffset+6, "bone %d (%q): parent index %d out of range (%d bones)", i, b.Name, b.Parent, n)
		}
	}
	// A parent chain longer than the bone count has a cycle.
	for i := range s.Bones {
		p, steps := int(s.Bones[i].Parent), 0
		for p >= 0 {
			if steps++; steps > len(s.Bones) {
				return nil, d.errf(s.Bones[i].FileOffset+6, "bone %d (%q): parent chain forms a cycle", i, s.Bones[i].Name)
			}
			p = int(s.Bones[p].Parent)
		}
	}
	if dictOff != 0 {
		if s.BoneDict, err = d.readDict(dictOff, "FSKL bone dictionary"); err != nil {
			return nil, err
		}
		if len(s.BoneDict.Entries) != int(n) {
			return nil, d.errf(dictOff+4, "FSKL bone dictionary has %d entries for %d bones", len(s.BoneDict.Entries), n)
		}
		for _, e := range s.BoneDict.Entries {
			rel := e.DataOffset - arrayOff
			i := rel / boneSize
			if rel < 0 || rel%boneSize != 0 || i >= n || s.Bones[i].Name != e.Name {
				return nil, d.errf(e.NodeOffset, "FSKL bone dictionary entry %q does not point at the bone of that name", e.Name)
			}
		}
	} else if n > 0 {
		return nil, d.errf(off+0x10, "FSKL has %d bones but no bone dictionary", n)
	}
	if m := int64(s.NumSmooth) + int64(s.NumRigid); m > 0 && m2bOff != 0 {
		a, err := d.structAt(m2bOff, 2*m, "FSKL matrix-to-bone table")
		if err != nil {
			return nil, err
		}
		s.MatrixToBone = make([]uint16, m)
		for i := range s.MatrixToBone {
			s.MatrixToBone[i] = a.u16(2 * int64(i))
		}
		if a.err != nil {
			return nil, a.err
		}
	}
	if m := int64(s.NumSmooth); m > 0 && invOff != 0 {
		a, err := d.structAt(invOff, 48*m, "FSKL inverse model matrices")
		if err != nil {
			return nil, err
		}
		s.InverseModelMatrices = make([][12]float32, m)
		for i := range s.InverseModelMatrices {
			for k := 0; k < 12; k++ {
				s.InverseModelMatrices[i][k] = a.f32(48*int64(i) + 4*int64(k))
			}
		}
		if a.err != nil {
			return nil, a.err
		}
	}
	return s, nil
}

func (d *decoder) readBone(off, size int64) (Bone, error) {
	f, err := d.structAt(off, size, "bone")
	if err != nil {
		return Bone{}, err
	}
	b := Bone{FileOffset: off}
	b.Name = f.name(0x00)
	b.Index = f.u16(0x04)
	b.Parent = f.s16(0x06)
	b.SmoothIndex = f.s16(0x08)
	b.RigidIndex = f.s16(0x0A)
	b.BillboardIndex = f.s16(0x0C)
	b.NumUserData = f.u16(0x0E)
	b.Flags = f.u32(0x10)
	for k := range b.Scale {
		b.Scale[k] = f.f32(0x14 + 4*int64(k))
	}
	for k := range b.Rotation {
		b.Rotation[k] = f.f32(0x20 + 4*int64(k))
	}
	for k := range b.Translation {
		b.Translation[k] = f.f32(0x30 + 4*int64(k))
	}
	ud := f.rel(0x3C)
	if size >= 0x70 {
		var m [12]float32
		for k := range m {
			m[k] = f.f32(0x40 + 4*int64(k))
		}
		b.InverseMatrix = &m
	}
	if f.err != nil {
		return Bone{}, f.err
	}
	if b.Name == "" {
		return Bone{}, d.errf(off, "bone has no name")
	}
	if x, ok := allFinite(b.Scale[:], b.Rotation[:], b.Translation[:]); !ok {
		return Bone{}, d.errf(off+0x14, "bone %q: rest value %v is not finite", b.Name, x)
	}
	if ud != 0 {
		if b.UserData, err = d.readUserDataDict(ud, int(b.NumUserData), "bone user data"); err != nil {
			return Bone{}, err
		}
	}
	return b, nil
}

// allFinite reports the first non-finite value of the lists, if any.
func allFinite(lists ...[]float32) (float32, bool) {
	for _, l := range lists {
		for _, x := range l {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return x, false
			}
		}
	}
	return 0, true
}
