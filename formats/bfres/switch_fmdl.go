package bfres

// nxReadModel reads a 0x78-byte Switch FMDL. Only the name, path, counts
// and skeleton are used; the material dictionary moved in v9 and v10 (v9:
// values, a spare offset, dictionary; v10: values, dictionary, shader
// assigns), which shifts nothing that is read here.
func (d *decoder) nxReadModel(off int64) (Model, error) {
	f, err := d.structAt(off, 0x78, "FMDL header")
	if err != nil {
		return Model{}, err
	}
	hb := d.nx.blockFields()
	m := Model{FileOffset: off}
	m.Name = f.nxName(hb)
	m.Path = f.nxName(hb + 8)
	skel := f.off64(hb + 0x10)
	if d.nx.v9 {
		m.NumVtxBuffers = f.u16(hb + 0x60)
		m.NumShapes = f.u16(hb + 0x62)
		m.NumMaterials = f.u16(hb + 0x64)
		m.NumUserData = f.u16(hb + 0x68)
	} else {
		m.NumVtxBuffers = f.u16(hb + 0x58)
		m.NumShapes = f.u16(hb + 0x5A)
		m.NumMaterials = f.u16(hb + 0x5C)
		m.NumUserData = f.u16(hb + 0x5E)
		m.TotalVertices = f.u32(hb + 0x60)
	}
	if f.err != nil {
		return Model{}, f.err
	}
	if skel != 0 {
		s, err := d.nxReadSkeleton(skel)
		if err != nil {
			return Model{}, err
		}
		m.Skeleton = s
	}
	m.raw = d.nxReadMesh(&m, off)
	return m, nil
}

// nxReadSkeleton reads an FSKL: v5 0x48 bytes, v8 0x58 (16 reserved bytes
// before the user pointer), v9/v10 0x40 (flags in the block header).
func (d *decoder) nxReadSkeleton(off int64) (*Skeleton, error) {
	if !d.magicAt(off, "FSKL") {
		return nil, d.errf(off, "model's skeleton offset does not point at an FSKL section")
	}
	f, err := d.structAt(off, d.nx.fsklSize, "FSKL header")
	if err != nil {
		return nil, err
	}
	hb := d.nx.blockFields()
	s := &Skeleton{FileOffset: off}
	dictOff := f.off64(hb)
	arrayOff := f.off64(hb + 8)
	m2bOff := f.off64(hb + 0x10)
	invOff := f.off64(hb + 0x18)
	var p int64
	switch d.nx.major {
	case 5:
		p = hb + 0x28 // user pointer at hb+0x20
		s.Flags = f.u32(p)
		p += 4
	case 8:
		p = hb + 0x38 // 16 reserved bytes, user pointer at hb+0x30
		s.Flags = f.u32(p)
		p += 4
	default:
		s.Flags = f.u32(4)
		p = 0x38 // 8 reserved bytes, user pointer at 0x30
	}
	s.NumBones = f.u16(p)
	s.NumSmooth = f.u16(p + 2)
	s.NumRigid = f.u16(p + 4)
	if f.err != nil {
		return nil, f.err
	}
	s.ScaleMode = uint8(s.Flags >> 8 & 3)
	s.RotationMode = uint8(s.Flags >> 12 & 7)
	boneSize := d.nx.boneFields + 0x38
	n := int64(s.NumBones)
	if n > 0 && arrayOff == 0 {
		return nil, d.errf(off+hb+8, "FSKL has %d bones but no bone array", n)
	}
	if n > 0 && dictOff == 0 {
		return nil, d.errf(off+hb, "FSKL has %d bones but no bone dictionary", n)
	}
	if !d.r.In(arrayOff, n*boneSize) {
		return nil, d.errf(off+hb+8, "FSKL bone array (%d bones of 0x%x bytes at 0x%x) runs past the end of the file", n, boneSize, arrayOff)
	}
	s.Bones = make([]Bone, n)
	for i := range s.Bones {
		b, err := d.nxReadBone(arrayOff+int64(i)*boneSize, boneSize)
		if err != nil {
			return nil, err
		}
		s.Bones[i] = b
	}
	if err := d.checkParents(s); err != nil {
		return nil, err
	}
	if dictOff != 0 {
		if s.BoneDict, err = d.nxDict(dictOff, arrayOff, boneSize, "FSKL bone dictionary"); err != nil {
			return nil, err
		}
		if len(s.BoneDict.Entries) != int(n) {
			return nil, d.errf(dictOff+4, "FSKL bone dictionary has %d entries for %d bones", len(s.BoneDict.Entries), n)
		}
		for i, e := range s.BoneDict.Entries {
			if s.Bones[i].Name != e.Name {
				return nil, d.errf(e.NodeOffset, "FSKL bone dictionary entry %d (%q) names bone %q", i, e.Name, s.Bones[i].Name)
			}
		}
	}
	if s.MatrixToBone, err = d.nxU16s(m2bOff, int64(s.NumSmooth)+int64(s.NumRigid), "FSKL matrix-to-bone table"); err != nil {
		return nil, err
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

// checkParents rejects parent indices out of range and parent cycles.
func (d *decoder) checkParents(s *Skeleton) error {
	n := int64(len(s.Bones))
	for i, b := range s.Bones {
		if b.Parent < -1 || int64(b.Parent) >= n || int(b.Parent) == i {
			return d.errf(b.FileOffset, "bone %d (%q): parent index %d out of range (%d bones)", i, b.Name, b.Parent, n)
		}
	}
	for i := range s.Bones {
		p, steps := int(s.Bones[i].Parent), 0
		for p >= 0 {
			if steps++; steps > len(s.Bones) {
				return d.errf(s.Bones[i].FileOffset, "bone %d (%q): parent chain forms a cycle", i, s.Bones[i].Name)
			}
			p = int(s.Bones[p].Parent)
		}
	}
	return nil
}

// nxReadBone reads a bone: u64 name, user data values and dictionary,
// reserved bytes (v8/v9 16, v10 8, v5 none), then the Wii U fields from
// the index to the translation.
func (d *decoder) nxReadBone(off, size int64) (Bone, error) {
	f, err := d.structAt(off, size, "bone")
	if err != nil {
		return Bone{}, err
	}
	b := Bone{FileOffset: off}
	b.Name = f.nxName(0)
	udValues := f.off64(8)
	udDict := f.off64(0x10)
	p := d.nx.boneFields
	b.Index = f.u16(p)
	b.Parent = f.s16(p + 2)
	b.SmoothIndex = f.s16(p + 4)
	b.RigidIndex = f.s16(p + 6)
	b.BillboardIndex = f.s16(p + 8)
	b.NumUserData = f.u16(p + 0x0A)
	b.Flags = f.u32(p + 0x0C)
	for k := range b.Scale {
		b.Scale[k] = f.f32(p + 0x10 + 4*int64(k))
	}
	for k := range b.Rotation {
		b.Rotation[k] = f.f32(p + 0x1C + 4*int64(k))
	}
	for k := range b.Translation {
		b.Translation[k] = f.f32(p + 0x2C + 4*int64(k))
	}
	if f.err != nil {
		return Bone{}, f.err
	}
	if b.Name == "" {
		return Bone{}, d.errf(off, "bone has no name")
	}
	if x, ok := allFinite(b.Scale[:], b.Rotation[:], b.Translation[:]); !ok {
		return Bone{}, d.errf(off+p+0x10, "bone %q: rest value %v is not finite", b.Name, x)
	}
	if b.UserData, err = d.nxUserData(udValues, udDict, int(b.NumUserData), "bone user data"); err != nil {
		return Bone{}, err
	}
	return b, nil
}
