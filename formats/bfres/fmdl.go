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

// readModel reads an FMDL: its header, skeleton and, without failing the
// model, the geometry and materials the mesh is built from.
func (d *decoder) readModel(off int64) (Model, error) {
	l := &d.lay.fmdl
	f, err := d.structAt(off, l.size, "FMDL header")
	if err != nil {
		return Model{}, err
	}
	m := Model{FileOffset: off}
	m.Name = f.nameAt(l.name)
	m.Path = f.nameAt(l.path)
	skel := f.refAt(l.skeleton)
	m.NumVtxBuffers = uint16(f.num(l.numVtx))
	m.NumShapes = uint16(f.num(l.numShapes))
	m.NumMaterials = uint16(f.num(l.numMats))
	m.NumUserData = uint16(f.num(l.numUD))
	m.TotalVertices = uint32(f.num(l.totalVertices))
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
	m.raw = d.readMesh(&m, &f)
	return m, nil
}

// readSkeleton reads an FSKL: its bones (checked to form a forest), the
// bone dictionary, the matrix-to-bone table and the inverse model
// matrices.
func (d *decoder) readSkeleton(off int64) (*Skeleton, error) {
	l := &d.lay.fskl
	if !d.magicAt(off, "FSKL") {
		return nil, d.errf(off, "model's skeleton offset does not point at an FSKL section")
	}
	f, err := d.structAt(off, l.size, "FSKL header")
	if err != nil {
		return nil, err
	}
	s := &Skeleton{FileOffset: off}
	s.Flags = uint32(f.num(l.flags))
	s.NumBones = uint16(f.num(l.numBones))
	s.NumSmooth = uint16(f.num(l.numSmooth))
	s.NumRigid = uint16(f.num(l.numRigid))
	dictOff := f.refAt(l.dict)
	arrayOff := f.refAt(l.bones)
	m2bOff := f.refAt(l.matrixToBone)
	invOff := f.refAt(l.inverse)
	if f.err != nil {
		return nil, f.err
	}
	s.ScaleMode = uint8(s.Flags >> 8 & 3)
	s.RotationMode = uint8(s.Flags >> 12 & 7)
	boneSize := l.boneSize
	n := int64(s.NumBones)
	if n > 0 && arrayOff == 0 {
		return nil, d.errf(off+l.bones.at, "FSKL has %d bones but no bone array", n)
	}
	if n > 0 && dictOff == 0 {
		return nil, d.errf(off+l.dict.at, "FSKL has %d bones but no bone dictionary", n)
	}
	if !d.r.In(arrayOff, n*boneSize) {
		return nil, d.errf(off+l.bones.at, "FSKL bone array (%d bones of 0x%x bytes at 0x%x) runs past the end of the file", n, boneSize, arrayOff)
	}
	s.Bones = make([]Bone, n)
	for i := range s.Bones {
		b, err := d.readBone(arrayOff+int64(i)*boneSize, boneSize)
		if err != nil {
			return nil, err
		}
		s.Bones[i] = b
	}
	if err := d.checkParents(s); err != nil {
		return nil, err
	}
	if dictOff != 0 {
		if s.BoneDict, err = d.readDict(dictOff, arrayOff, boneSize, "FSKL bone dictionary"); err != nil {
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
	}
	if s.MatrixToBone, err = d.u16s(m2bOff, int64(s.NumSmooth)+int64(s.NumRigid), "FSKL matrix-to-bone table"); err != nil {
		return nil, err
	}
	if m := int64(s.NumSmooth); m > 0 && invOff != 0 {
		a, err := d.structAt(invOff, 48*m, "FSKL inverse model matrices")
		if err != nil {
			return nil, err
		}
		s.InverseModelMatrices = make([][12]float32, m)
		for i := range s.InverseModelMatrices {
			a.f32s(48*int64(i), s.InverseModelMatrices[i][:])
		}
		if a.err != nil {
			return nil, a.err
		}
	}
	return s, nil
}

// checkParents rejects parent indices out of range and parent cycles.
func (d *decoder) checkParents(s *Skeleton) error {
	n := int64(len(s.Bones))
	at := d.lay.bone.parent.at
	for i, b := range s.Bones {
		if b.Parent < -1 || int64(b.Parent) >= n || int(b.Parent) == i {
			return d.errf(b.FileOffset+at, "bone %d (%q): parent index %d out of range (%d bones)", i, b.Name, b.Parent, n)
		}
	}
	// A parent chain longer than the bone count has a cycle.
	for i := range s.Bones {
		p, steps := int(s.Bones[i].Parent), 0
		for p >= 0 {
			if steps++; steps > len(s.Bones) {
				return d.errf(s.Bones[i].FileOffset+at, "bone %d (%q): parent chain forms a cycle", i, s.Bones[i].Name)
			}
			p = int(s.Bones[p].Parent)
		}
	}
	return nil
}

// readBone reads one bone of size bytes.
func (d *decoder) readBone(off, size int64) (Bone, error) {
	l := &d.lay.bone
	f, err := d.structAt(off, size, "bone")
	if err != nil {
		return Bone{}, err
	}
	b := Bone{FileOffset: off}
	b.Name = f.nameAt(l.name)
	b.Index = uint16(f.num(l.index))
	b.Parent = int16(f.num(l.parent))
	b.SmoothIndex = int16(f.num(l.smooth))
	b.RigidIndex = int16(f.num(l.rigid))
	b.BillboardIndex = int16(f.num(l.billboard))
	b.NumUserData = uint16(f.num(l.numUserData))
	b.Flags = uint32(f.num(l.flags))
	f.f32s(l.scale.at, b.Scale[:])
	f.f32s(l.rotate.at, b.Rotation[:])
	f.f32s(l.translate.at, b.Translation[:])
	udValues, udDict := f.refAt(l.userData), f.refAt(l.userDict)
	if l.inverse.kind != absent {
		var m [12]float32
		f.f32s(l.inverse.at, m[:])
		b.InverseMatrix = &m
	}
	if f.err != nil {
		return Bone{}, f.err
	}
	if b.Name == "" {
		return Bone{}, d.errf(off, "bone has no name")
	}
	if x, ok := allFinite(b.Scale[:], b.Rotation[:], b.Translation[:]); !ok {
		return Bone{}, d.errf(off+l.scale.at, "bone %q: rest value %v is not finite", b.Name, x)
	}
	if b.UserData, err = d.readUserData(udValues, udDict, int(b.NumUserData), "bone user data"); err != nil {
		return Bone{}, err
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
