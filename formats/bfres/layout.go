package bfres

// Layout tables. The Wii U and Switch store the same sections with the
// same meaning but in other places: references are 4-byte self-relative
// offsets (Wii U) or 8-byte relocated pointers (Switch), Switch blocks
// start with a header of their own (16 bytes before version 9, 8 from),
// and fields move between versions (FRES 3.4 widened the Wii U counts;
// Switch 9 moved the flags into the block header). A layout says, for one
// console and version, where each field a section reader uses lives and
// how it is stored, so that reading a section is one piece of code; a
// writer can place the same fields from the same tables.

// kind is how a field is stored.
type kind uint8

const (
	absent kind = iota // the version has no such field
	kU8
	kU16
	kS16
	kU32
	kS32
	kF32
	// kRef is a reference to a structure or array: a 32-bit offset from
	// the field (Wii U) or a 64-bit file offset the relocation table lists
	// (Switch).
	kRef
	// kName is a reference to a name: a NUL-terminated string (Wii U) or
	// a u16 length, the bytes and a NUL (Switch).
	kName
)

// field is where one value of a structure lives: its offset from the
// structure's start and how it is stored.
type field struct {
	at   int64
	kind kind
}

func u8At(at int64) field   { return field{at, kU8} }
func u16At(at int64) field  { return field{at, kU16} }
func s16At(at int64) field  { return field{at, kS16} }
func u32At(at int64) field  { return field{at, kU32} }
func s32At(at int64) field  { return field{at, kS32} }
func f32At(at int64) field  { return field{at, kF32} }
func refAt(at int64) field  { return field{at, kRef} }
func nameAt(at int64) field { return field{at, kName} }

// layout is one console version's tables.
type layout struct {
	nx       bool  // Switch: little-endian, 8-byte relocated references
	major    int   // Switch major version (0 on the Wii U)
	refSize  int64 // bytes of a reference field
	header   headerLayout
	nxHeader nxHeaderLayout
	userData userDataLayout
	fmdl     fmdlLayout
	fskl     fsklLayout
	bone     boneLayout
	fska     fskaLayout
	boneAnim boneAnimLayout
	curve    curveLayout
	fshu     fshuLayout // Wii U
	matAnim  matAnimLayout
	param    paramLayout
	vis      visLayout
	ftxp     ftxpLayout // Wii U
	fvtx     fvtxLayout
	fshp     fshpLayout
	fmat     fmatLayout
	// The console's encodings of vertex attribute formats, primitive
	// types and index formats (fmdl_vtx.go, fmdl_shp.go).
	attribFormat func(code uint32) (attrFormat, bool)
	primitives   map[uint32]primitive
	indexFormats map[uint32]indexFormat
	// curveCountTrusted: the FSKA header's curve count is the sum of its
	// bone anims' (FRES before 3.4 disagrees between sources, LAYOUT.md).
	curveCountTrusted bool
}

// headerLayout is the FRES header: its size and where the subfile lists
// are.
type headerLayout struct {
	size     int64
	name     field
	groups   []groupLayout
	groupDoc string // what a subfile list is called in messages
	// readOrder is the order the groups' subfiles are read in (indices
	// into groups).
	readOrder []int
}

// groupLayout is one list of subfiles in the header: its dictionary,
// on the Switch the array of values the dictionary indexes, and its
// count.
type groupLayout struct {
	kind   string // the subfile kind
	magic  string // the signature every entry points at ("" unchecked)
	index  int    // Wii U: the index group's number (File.Groups)
	dict   field
	values field
	count  field
	stride int64 // Switch: the values' size (0: not read)
}

// nxHeaderLayout is what only the Switch header has.
type nxHeaderLayout struct {
	bufferInfo                 int64 // the GPU buffer info's pointer
	stringPool, stringPoolSize field
	externalFlags              field
}

// userDataLayout is one user data entry.
type userDataLayout struct {
	size        int64
	name, count field
	typ         field
	// data is the values' reference; absent: the values follow the
	// entry (Wii U, at size).
	data field
	// elem is the size of one value per type (0 int, 1 float, 2 string,
	// 3 wstring, 4 byte); 0 marks an unknown type.
	elem [5]int64
	// wide: UTF-16 strings (type 3) are read (Wii U); the Switch lists
	// them by name and type only.
	wide bool
}

// fmdlLayout is the FMDL header.
type fmdlLayout struct {
	size                              int64
	name, path, skeleton              field
	vtxArr, shapes, materials         field // the geometry's references
	numVtx, numShapes, numMats, numUD field
	totalVertices                     field
}

// fsklLayout is the FSKL header.
type fsklLayout struct {
	size                          int64
	flags                         field
	numBones, numSmooth, numRigid field
	dict, bones, matrixToBone     field
	inverse                       field
	boneSize                      int64
}

// boneLayout is one FSKL bone.
type boneLayout struct {
	name, userData, userDict      field
	index, parent, smooth, rigid  field
	billboard, numUserData, flags field
	scale, rotate, translate      field // 3, 4 and 3 f32
	inverse                       field // 12 f32, FRES before 3.4
}

// animLayout is what every animation header holds alike (AnimHeader):
// userData is the Switch's array of user data values, udict the user
// data dictionary.
type animLayout struct {
	magic, header                      string // header: the header's name in messages
	size                               int64
	name, path, flags                  field
	frameCount, bakedSize, numUserData field
	bindIndices, userData, udict       field
}

// fskaLayout is the FSKA header.
type fskaLayout struct {
	animLayout
	numBoneAnims, numCurves, boneAnims field
	boneAnimSize                       int64
}

// boneAnimLayout is one bone animation.
type boneAnimLayout struct {
	flags, name                            field
	beginRotate, beginTranslate, numCurves field
	beginBaseTranslate, beginCurve         field
	curves, base                           field
}

// curveLayout is an animation curve header.
type curveLayout struct {
	size                   int64
	frames, keys           field
	flags, numKeys, target field
	start, end             field
	scale, offset, delta   field // delta: FRES 3.4 and later
}

// fshuLayout is the header of a material animation: a Wii U FSHU
// (shader parameter, colour and texture SRT animations) or a Switch FMAA.
type fshuLayout struct {
	animLayout
	numMatAnims, numParamAnims, numCurves field
	numPatAnims, numVisAnims, numTextures field // FMAA
	matAnims, texNames                    field
}

// matAnimLayout is one material's animation in an FSHU (0x20 bytes) or
// an FMAA (0x40 bytes: also texture patterns and visibility).
type matAnimLayout struct {
	size                                         int64
	name, params, patterns, curves, constants    field
	numParams, numPatterns, numCurves, numConsts field
	beginCurve, beginParamAnim                   field // FSHU
	paramCurve, patternCurve                     field // FMAA
	visConstant, visCurve, beginVisConstant      field // FMAA
}

// paramLayout is one shader parameter animation of a material anim.
type paramLayout struct {
	size                                      int64
	name, beginCurve, numFloatCurves          field
	numIntCurves, beginConstant, numConstants field
	subBindIndex                              field
}

// visLayout is a bone (FVIS, FBVS) or material (FVIS) visibility
// animation.
type visLayout struct {
	animLayout
	numAnims, numCurves, names, curves, base field
}

// ftxpLayout is the Wii U FTXP header (texture pattern animations).
type ftxpLayout struct {
	animLayout
	numTextureRefs, numMatAnim, numPatAnims, numCurves field
	matAnims, textureRefs                              field
}

// fvtxLayout is an FVTX (vertex buffers) and its attributes. Wii U
// buffers are 0x18-byte structures holding their data's reference;
// Switch buffers are a size array and a stride array, their data in the
// GPU blob from bufferOffset on.
type fvtxLayout struct {
	size                                           int64
	numAttribs, numBuffers, count                  field
	attribs, buffers, sizes, strides, bufferOffset field
	attribSize                                     int64
	attribName, attribBuffer, attribOffset         field
	attribFormat                                   field
}

// fshpLayout is an FSHP (shape) and its LOD meshes. A Wii U mesh refers
// to an index buffer structure in the file; a Switch mesh holds its
// index data's offset in the GPU blob (and a size info reference).
type fshpLayout struct {
	size                                    int64
	name, material, bone, vertices, skin    field
	numMeshes, meshes                       field
	meshSize                                int64
	prim, indexFormat, count, numSubs, subs field
	base, buffer, sizeInfo, dataOffset      field
}

// fmatLayout is an FMAT (material), its samplers and shader assign.
// Wii U render infos are a dictionary of entries holding their values
// and the sampler names are in the samplers; Switch render infos are an
// array of entries referring to their values, the sampler names a
// dictionary.
type fmatLayout struct {
	size                                        int64
	name, renderInfo, renderState, shaderAssign field
	textures, samplers, samplerDict             field
	numRenderInfo, numSamplers, numTextures     field
	samplerSize                                 int64
	riSize                                      int64
	riName, riData, riCount, riType             field
	assignSize                                  int64
	archive, model                              field
	samplerAssign, samplerAssignDict            field
	options, optionsDict                        field
}

// wiiuLayout is the layout of Wii U FRES version v (3.x and 4.x).
func wiiuLayout(v uint32) *layout {
	v34 := v >= 0x03040000
	l := &layout{refSize: 4, curveCountTrusted: v34}
	l.header = headerLayout{size: headerSize, name: nameAt(0x14), groupDoc: "index group",
		readOrder: []int{GroupModel, GroupSkeletalAnim, GroupTexSRTAnim, GroupShaderParamAnim, GroupColorAnim,
			GroupBoneVisAnim, GroupMatVisAnim, GroupTexPatternAnim, GroupTexture}}
	for g := 0; g < NumGroups; g++ {
		l.header.groups = append(l.header.groups, groupLayout{kind: GroupNames[g], magic: groupMagic[g], index: g,
			dict: refAt(0x20 + 4*int64(g)), count: u16At(0x50 + 2*int64(g))})
	}
	l.userData = userDataLayout{size: 8, name: nameAt(0), count: u16At(4), typ: u8At(6), elem: [5]int64{4, 4, 4, 4, 1}, wide: true}
	l.fmdl = fmdlLayout{size: 0x28, name: nameAt(4), path: nameAt(8), skeleton: refAt(0x0C),
		vtxArr: refAt(0x10), shapes: refAt(0x14), materials: refAt(0x18),
		numVtx: u16At(0x20), numShapes: u16At(0x22), numMats: u16At(0x24), numUD: u16At(0x26)}
	if v >= 0x03030000 {
		l.fmdl.size, l.fmdl.totalVertices = 0x30, u32At(0x28)
	}
	l.fskl = fsklLayout{size: 0x20, flags: u32At(4), numBones: u16At(8), numSmooth: u16At(0x0A), numRigid: u16At(0x0C),
		dict: refAt(0x10), bones: refAt(0x14), matrixToBone: refAt(0x18), boneSize: 0x70}
	l.bone = boneLayout{name: nameAt(0), index: u16At(4), parent: s16At(6), smooth: s16At(8), rigid: s16At(0x0A),
		billboard: s16At(0x0C), numUserData: u16At(0x0E), flags: u32At(0x10),
		scale: f32At(0x14), rotate: f32At(0x20), translate: f32At(0x30), userDict: refAt(0x3C), inverse: f32At(0x40)}
	l.fska = fskaLayout{numBoneAnims: u16At(0x12), numCurves: s32At(0x14), boneAnims: refAt(0x20), boneAnimSize: 0x18}
	l.fska.animLayout = animLayout{magic: "FSKA", header: "FSKA header", size: 0x30, name: nameAt(4), path: nameAt(8),
		flags: u32At(0x0C), frameCount: s16At(0x10), bakedSize: u32At(0x18), numUserData: u16At(0x1C), bindIndices: refAt(0x28), udict: refAt(0x2C)}
	l.boneAnim = boneAnimLayout{flags: u32At(0), name: nameAt(4), beginRotate: u8At(8), beginTranslate: u8At(9),
		numCurves: u8At(0x0A), beginBaseTranslate: u8At(0x0B), beginCurve: u8At(0x0C), curves: refAt(0x10), base: refAt(0x14)}
	l.curve = curveLayout{size: 0x20, flags: u16At(0), numKeys: u16At(2), target: u32At(4), start: f32At(8), end: f32At(0x0C),
		scale: u32At(0x10), offset: u32At(0x14), frames: refAt(0x18), keys: refAt(0x1C)}
	l.fshu = fshuLayout{numMatAnims: u16At(0x12), numParamAnims: s32At(0x14), numCurves: s32At(0x18), matAnims: refAt(0x2C)}
	l.fshu.animLayout = animLayout{magic: "FSHU", header: "FSHU header", size: 0x34, name: nameAt(4), path: nameAt(8),
		flags: u32At(0x0C), frameCount: s16At(0x10), bakedSize: u32At(0x1C), numUserData: u16At(0x20), bindIndices: refAt(0x28), udict: refAt(0x30)}
	l.matAnim = matAnimLayout{size: 0x20, numParams: u16At(0), numCurves: u16At(2), numConsts: u16At(4),
		beginCurve: s32At(8), beginParamAnim: s32At(0x0C), name: nameAt(0x10), params: refAt(0x14), curves: refAt(0x18), constants: refAt(0x1C)}
	l.param = paramLayout{size: 0x10, beginCurve: u16At(0), numFloatCurves: u16At(2), numIntCurves: u16At(4),
		beginConstant: u16At(6), numConstants: u16At(8), subBindIndex: u16At(0x0A), name: nameAt(0x0C)}
	l.vis = visLayout{numAnims: u16At(0x10), numCurves: u16At(0x12), names: refAt(0x24), curves: refAt(0x28), base: refAt(0x2C)}
	l.vis.animLayout = animLayout{magic: "FVIS", header: "FVIS header", size: 0x34, name: nameAt(4), path: nameAt(8),
		flags: u16At(0x0C), frameCount: s16At(0x0E), bakedSize: u32At(0x14), numUserData: u16At(0x18), bindIndices: refAt(0x20)}
	l.ftxp = ftxpLayout{numTextureRefs: u16At(0x10), numMatAnim: u16At(0x12), numPatAnims: s16At(0x16), numCurves: s32At(0x18),
		matAnims: refAt(0x2C)}
	l.ftxp.animLayout = animLayout{magic: "FTXP", header: "FTXP header", size: 0x38, name: nameAt(4), path: nameAt(8),
		flags: u16At(0x0C), frameCount: u16At(0x0E), bakedSize: u32At(0x1C), numUserData: u16At(0x14), bindIndices: refAt(0x28)}
	l.fvtx = fvtxLayout{size: 0x20, numAttribs: u8At(4), numBuffers: u8At(5), count: u32At(8), attribs: refAt(0x10), buffers: refAt(0x18),
		attribSize: 0x0C, attribName: nameAt(0), attribBuffer: u8At(4), attribOffset: u16At(6), attribFormat: u32At(8)}
	l.fshp = fshpLayout{size: 0x2C, name: nameAt(4), material: u16At(0x0E), bone: u16At(0x10), vertices: u16At(0x12), skin: u8At(0x16),
		numMeshes: u8At(0x17), meshes: refAt(0x24),
		meshSize: 0x1C, prim: u32At(0), indexFormat: u32At(4), count: u32At(8), numSubs: u16At(0x0C), subs: refAt(0x10), buffer: refAt(0x14), base: u32At(0x18)}
	l.fmat = fmatLayout{size: 0x34, name: nameAt(4), numSamplers: u8At(0x10), numTextures: u8At(0x11),
		renderInfo: refAt(0x1C), renderState: refAt(0x20), shaderAssign: refAt(0x24), textures: refAt(0x28), samplers: refAt(0x2C),
		samplerSize: 0x18, riSize: 8, riCount: u16At(0), riType: u8At(2),
		assignSize: 0x1C, archive: nameAt(0), model: nameAt(4), samplerAssignDict: refAt(0x14), optionsDict: refAt(0x18)}
	l.attribFormat, l.primitives, l.indexFormats = gx2AttribFormat, gx2Primitives, gx2IndexFormats
	if v34 {
		l.fskl.size, l.fskl.inverse, l.fskl.boneSize = 0x24, refAt(0x1C), 0x40
		l.bone.inverse = field{}
		l.fska.frameCount, l.fska.numBoneAnims, l.fska.numUserData = s32At(0x10), u16At(0x14), u16At(0x16)
		l.fska.numCurves, l.fska.bakedSize = s32At(0x18), u32At(0x1C)
		l.curve.size, l.curve.delta, l.curve.frames, l.curve.keys = 0x24, u32At(0x18), refAt(0x1C), refAt(0x20)
		l.fshu.frameCount, l.fshu.numMatAnims, l.fshu.numUserData = s32At(0x10), u16At(0x14), u16At(0x16)
		l.fshu.numParamAnims, l.fshu.numCurves, l.fshu.bakedSize = s32At(0x18), s32At(0x1C), u32At(0x20)
		l.vis.numUserData, l.vis.frameCount, l.vis.numAnims = u16At(0x0E), s32At(0x10), u16At(0x14)
		l.vis.numCurves, l.vis.bakedSize = u16At(0x16), u32At(0x18)
		// Only version 3.4 names the texture references (a dictionary).
		l.ftxp.numUserData, l.ftxp.frameCount, l.ftxp.numTextureRefs = u16At(0x0E), s32At(0x10), u16At(0x14)
		l.ftxp.numMatAnim, l.ftxp.numPatAnims, l.ftxp.numCurves, l.ftxp.bakedSize = u16At(0x16), s32At(0x18), s32At(0x1C), u32At(0x20)
		l.ftxp.textureRefs = refAt(0x30)
	}
	return l
}

// switchLayout is the layout of Switch FRES major version major (5, 8, 9
// and 10); false for other versions.
func switchLayout(major int) (*layout, bool) {
	if major != 5 && major != 8 && major != 9 && major != 10 {
		return nil, false
	}
	v9 := major >= 9
	// p picks a field's offset before version 9 (a) or from it (b).
	p := func(a, b int64) int64 {
		if v9 {
			return b
		}
		return a
	}
	hb := p(0x10, 8) // the block header: magic, next, size | magic, flags
	l := &layout{nx: true, major: major, refSize: 8, curveCountTrusted: true}
	// The header: the subfile lists from base, their counts from cnt (v9
	// adds 32 reserved bytes after the model dictionary and two reserved
	// counts).
	base, cnt := p(0x38, 0x58), p(0x38+0x86, 0x58+0x8A)
	l.header = headerLayout{size: p(0xD0, 0xF0), name: nameAt(0x20), groupDoc: "dictionary", readOrder: []int{0, 1, 2, 3, 4, 5, 6},
		groups: []groupLayout{
			{kind: "FMDL", magic: "FMDL", values: refAt(0x28), dict: refAt(0x30), count: u16At(base + 0x84), stride: 0x78},
			{kind: "FSKA", magic: "FSKA", values: refAt(base), dict: refAt(base + 8), count: u16At(cnt), stride: p(0x60, 0x50)},
			{kind: "FMAA", magic: "FMAA", values: refAt(base + 0x10), dict: refAt(base + 0x18), count: u16At(cnt + 2), stride: p(0x78, 0x70)},
			{kind: "FBVS", magic: "FBVS", values: refAt(base + 0x20), dict: refAt(base + 0x28), count: u16At(cnt + 4), stride: p(0x68, 0x60)},
			// Shape and scene animations are listed, not decoded; their
			// stride only places the dictionary's values, which nothing
			// reads.
			{kind: "FSHA", values: refAt(base + 0x30), dict: refAt(base + 0x38), count: u16At(cnt + 6)},
			{kind: "FSCN", values: refAt(base + 0x40), dict: refAt(base + 0x48), count: u16At(cnt + 8)},
			{kind: "external file", values: refAt(base + 0x60), dict: refAt(base + 0x68), count: u16At(cnt + 10), stride: 0x10},
		}}
	for i := range l.header.groups {
		l.header.groups[i].index = -1
	}
	l.nxHeader = nxHeaderLayout{bufferInfo: base + 0x58, stringPool: refAt(base + 0x78), stringPoolSize: u32At(base + 0x80),
		externalFlags: u8At(cnt + 12)}
	l.userData = userDataLayout{size: 0x40, name: nameAt(0), data: refAt(8), count: u32At(0x10), typ: u8At(0x14), elem: [5]int64{4, 4, 8, 8, 1}}
	l.fmdl = fmdlLayout{size: 0x78, name: nameAt(hb), path: nameAt(hb + 8), skeleton: refAt(hb + 0x10),
		vtxArr: refAt(p(0x28, 0x20)), shapes: refAt(p(0x30, 0x28)), materials: refAt(p(0x40, 0x38)),
		numVtx: u16At(hb + p(0x58, 0x60)), numShapes: u16At(hb + p(0x5A, 0x62)), numMats: u16At(hb + p(0x5C, 0x64)), numUD: u16At(hb + p(0x5E, 0x68))}
	if !v9 {
		l.fmdl.totalVertices = u32At(hb + 0x60)
	}
	// FSKL: v5 0x48 bytes, v8 0x58 (16 reserved bytes before the user
	// pointer), v9 and v10 0x40 (flags in the block header).
	boneFields := map[int]int64{5: 0x18, 8: 0x28, 9: 0x28, 10: 0x20}[major] // reserved bytes after the user data
	l.fskl = fsklLayout{dict: refAt(hb), bones: refAt(hb + 8), matrixToBone: refAt(hb + 0x10), inverse: refAt(hb + 0x18), boneSize: boneFields + 0x38}
	counts := int64(0x38)
	switch major {
	case 5:
		l.fskl.size, l.fskl.flags, counts = 0x48, u32At(hb+0x28), hb+0x2C
	case 8:
		l.fskl.size, l.fskl.flags, counts = 0x58, u32At(hb+0x38), hb+0x3C
	default:
		l.fskl.size, l.fskl.flags = 0x40, u32At(4)
	}
	l.fskl.numBones, l.fskl.numSmooth, l.fskl.numRigid = u16At(counts), u16At(counts+2), u16At(counts+4)
	b := boneFields
	l.bone = boneLayout{name: nameAt(0), userData: refAt(8), userDict: refAt(0x10),
		index: u16At(b), parent: s16At(b + 2), smooth: s16At(b + 4), rigid: s16At(b + 6), billboard: s16At(b + 8),
		numUserData: u16At(b + 0x0A), flags: u32At(b + 0x0C), scale: f32At(b + 0x10), rotate: f32At(b + 0x1C), translate: f32At(b + 0x2C)}
	// FSKA: before v9 the flags follow the user data dictionary, from v9
	// they are in the block header.
	c := p(hb+0x3C, hb+0x38)
	l.fska = fskaLayout{boneAnims: refAt(hb + 0x20), numCurves: s32At(c + 4), numBoneAnims: u16At(c + 0x0C), boneAnimSize: p(0x28, 0x38)}
	l.fska.animLayout = animLayout{magic: "FSKA", header: "FSKA header", size: p(0x60, 0x50), name: nameAt(hb),
		path: nameAt(hb + 8), flags: u32At(p(hb+0x38, 4)), bindIndices: refAt(hb + 0x18), userData: refAt(hb + 0x28), udict: refAt(hb + 0x30),
		frameCount: s32At(c), bakedSize: u32At(c + 8), numUserData: u16At(c + 0x0E)}
	// Bone anims: v9 adds 16 reserved bytes after the base value offset.
	// The begin curve is an s32; its low byte is the Wii U's u8.
	a := p(0x18, 0x28)
	l.boneAnim = boneAnimLayout{name: nameAt(0), curves: refAt(8), base: refAt(0x10), flags: u32At(a),
		beginRotate: u8At(a + 4), beginTranslate: u8At(a + 5), numCurves: u8At(a + 6), beginBaseTranslate: u8At(a + 7), beginCurve: u8At(a + 8)}
	l.curve = curveLayout{size: 0x30, frames: refAt(0), keys: refAt(8), flags: u16At(0x10), numKeys: u16At(0x12), target: u32At(0x14),
		start: f32At(0x18), end: f32At(0x1C), scale: u32At(0x20), offset: u32At(0x24), delta: u32At(0x28)}
	// FMAA: v9 moves the flags into the block header and the frame count
	// before the counts.
	l.fshu = fshuLayout{matAnims: refAt(hb + 0x20), texNames: refAt(hb + 0x30),
		numMatAnims: u16At(p(0x64, 0x62)), numCurves: u16At(p(0x66, 0x64)),
		numParamAnims: u16At(p(0x70, 0x66)), numPatAnims: u16At(p(0x72, 0x68)), numVisAnims: u16At(p(0x74, 0x6A)), numTextures: u16At(p(0x76, 0x6C))}
	l.fshu.animLayout = animLayout{magic: "FMAA", header: "FMAA header", size: p(0x78, 0x70), name: nameAt(hb),
		path: nameAt(hb + 8), bindIndices: refAt(hb + 0x18), userData: refAt(hb + 0x38), udict: refAt(hb + 0x40),
		flags: u16At(p(0x60, 4)), frameCount: s32At(p(0x68, 0x58)), bakedSize: u32At(p(0x6C, 0x5C)), numUserData: u16At(p(0x62, 0x60))}
	l.matAnim = matAnimLayout{size: 0x40, name: nameAt(0), params: refAt(8), patterns: refAt(0x10), curves: refAt(0x18), constants: refAt(0x20),
		paramCurve: u16At(0x28), patternCurve: u16At(0x2A), visConstant: u16At(0x2C), visCurve: u16At(0x2E), beginVisConstant: u16At(0x30),
		numParams: u16At(0x32), numPatterns: u16At(0x34), numConsts: u16At(0x36), numCurves: u16At(0x38)}
	l.param = paramLayout{size: 0x18, name: nameAt(0), beginCurve: u16At(8), numFloatCurves: u16At(0x0A), numIntCurves: u16At(0x0C),
		beginConstant: u16At(0x0E), numConstants: u16At(0x10), subBindIndex: u16At(0x12)}
	l.vis = visLayout{curves: refAt(hb + 0x20), base: refAt(hb + 0x28), names: refAt(hb + 0x30),
		numAnims: u16At(hb + 0x50), numCurves: u16At(hb + 0x52)}
	l.vis.animLayout = animLayout{magic: "FBVS", header: "FBVS header", size: p(0x68, 0x60), name: nameAt(hb),
		path: nameAt(hb + 8), bindIndices: refAt(hb + 0x18), userData: refAt(hb + 0x38), udict: refAt(hb + 0x40),
		flags: u16At(p(hb+0x48, 4)), numUserData: u16At(hb + 0x4A), frameCount: s32At(hb + 0x4C), bakedSize: u32At(hb + 0x54)}
	l.fvtx = fvtxLayout{size: p(0x60, 0x58), attribs: refAt(p(0x10, 8)), sizes: refAt(p(0x38, 0x30)), strides: refAt(p(0x40, 0x38)),
		bufferOffset: u32At(p(0x50, 0x48)), numAttribs: u8At(p(0x54, 0x4C)), numBuffers: u8At(p(0x55, 0x4D)), count: u32At(p(0x58, 0x50)),
		attribSize: 0x10, attribName: nameAt(0), attribFormat: u32At(8), attribOffset: u16At(0x0C), attribBuffer: u8At(0x0E)}
	l.fshp = fshpLayout{size: p(0x70, 0x60), name: nameAt(p(0x10, 8)), meshes: refAt(p(0x20, 0x18)), material: u16At(p(0x5E, 0x52)),
		bone: u16At(p(0x60, 0x54)), vertices: u16At(p(0x62, 0x56)), skin: u8At(p(0x66, 0x5A)), numMeshes: u8At(p(0x67, 0x5B)),
		meshSize: 0x38, subs: refAt(0), sizeInfo: refAt(0x18), dataOffset: u32At(0x20), prim: u32At(0x24), indexFormat: u32At(0x28),
		count: u32At(0x2C), base: u32At(0x30), numSubs: u16At(0x34)}
	l.fmat = fmatLayout{size: p(0xB8, 0xA8), name: nameAt(p(0x10, 8)), renderInfo: refAt(p(0x18, 0x10)), shaderAssign: refAt(p(0x28, 0x20)),
		textures: refAt(p(0x38, 0x30)), samplers: refAt(p(0x48, 0x40)), samplerDict: refAt(p(0x50, 0x48)),
		numRenderInfo: u16At(p(0xA6, 0x9A)), numSamplers: u8At(p(0xA8, 0x9C)), numTextures: u8At(p(0xA9, 0x9D)),
		samplerSize: 0x20, riSize: 0x18, riName: nameAt(0), riData: refAt(8), riCount: u16At(0x10), riType: u8At(0x12),
		assignSize: 0x48, archive: nameAt(0), model: nameAt(8), samplerAssign: refAt(0x20), samplerAssignDict: refAt(0x28),
		options: refAt(0x30), optionsDict: refAt(0x38)}
	l.attribFormat, l.primitives, l.indexFormats = nxAttribFormat, nxPrimitives, nxIndexFormats
	return l, true
}
