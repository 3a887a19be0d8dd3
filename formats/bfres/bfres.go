// Package bfres reads NintendoWare FRES (BFRES) files of the Wii U and the
// Switch: models (FMDL: skeleton, vertex buffers, shapes at LOD 0 and
// materials, as mesh.Model through File.Meshes; fmdl*.go), textures (FTEX,
// BNTX) and every animation kind the viewer plays.
//
// Wii U files (FRES versions 3.x and 4.x, big-endian) hold skeletal
// animations (FSKA), shader-parameter, colour and texture SRT animations
// (FSHU, index groups 3, 4 and 5), texture pattern animations (FTXP) and
// bone and material visibility animations (FVIS). Switch files
// (little-endian FRES versions 5, 8, 9 and 10) hold skeletal animations
// (FSKA), material animations (FMAA: texture SRT, shader parameters,
// texture patterns, material visibility) and bone visibility animations
// (FBVS). Parse takes either.
//
// There is one reader per section for both consoles (decoder.go): it
// takes its field offsets from the console's and version's layout tables
// (layout.go) and follows references through one resolver, 32-bit
// self-relative offsets on the Wii U, 64-bit offsets the relocation table
// lists on the Switch. Both fill the same structs, so conversion and the
// inspector serve both. Shape and scene animations and external files
// other than textures are counted and named but not decoded; stored
// curve arrays stay as stored (nwstored.go).
//
// Parse returns spec-shaped structs (kept for the inspector's raw view);
// Clips and Skeletons convert them to the format-neutral anim model.
// Layout facts and evaluation rules: testdata/LAYOUT.md,
// testdata/FIXTURES.md (copies of the shared fixture notes) and, for the
// Switch, testdata/switch/README.md.
package bfres

import "fmt"

const formatName = "bfres"

// Limits. Names in real files are short identifiers; a 4 KiB cap bounds
// the scan for a NUL when a hostile offset points into binary data.
const (
	maxNameLen = 4096
	headerSize = 0x6C
	// dictStepBudget caps the total number of Patricia lookup steps spent
	// validating all dictionaries of one file. Real dictionaries are a few
	// levels deep; a hostile degenerate trie with tens of thousands of
	// entries would otherwise cost billions of steps.
	dictStepBudget = 1 << 24
	// overlapFactor bounds how much structure and array data we decode in
	// total, as a multiple of the file size. Nintendo's writer never
	// shares curve or bone data between owners, so real files use each
	// byte once; a hostile file pointing thousands of bone anims at the
	// same curve array would otherwise make us decode it thousands of
	// times.
	overlapFactor = 2
	overlapSlack  = 1 << 16
	// nxMaxCount bounds a Switch dictionary's count before it is checked
	// against the bytes that remain: dictionaries in real files hold
	// hundreds of entries at most.
	nxMaxCount = 1 << 20
)

// Group indices of the FRES header's twelve index groups.
const (
	GroupModel = iota
	GroupTexture
	GroupSkeletalAnim
	GroupShaderParamAnim
	GroupColorAnim
	GroupTexSRTAnim
	GroupTexPatternAnim
	GroupBoneVisAnim
	GroupMatVisAnim
	GroupShapeAnim
	GroupSceneAnim
	GroupExternalFile
	NumGroups
)

// GroupNames are the subfile kinds of the twelve groups, as `info` shows
// them.
var GroupNames = [NumGroups]string{"FMDL", "FTEX", "FSKA", "FSHU shader param", "FSHU color", "FSHU texture SRT", "FTXP", "FVIS bone", "FVIS material", "FSHA", "FSCN", "external file"}

// groupMagic is the signature each group's entries must point at; ""
// means no signature (external files).
var groupMagic = [NumGroups]string{"FMDL", "FTEX", "FSKA", "FSHU", "FSHU", "FSHU", "FTXP", "FVIS", "FVIS", "FSHA", "FSCN", ""}

// File is a parsed FRES file.
type File struct {
	Header Header
	Name   string
	// Groups are the twelve index groups (nil where the file has none).
	Groups        [NumGroups]*Dict
	Models        []Model
	SkeletalAnims []SkeletalAnim
	// TexSRTAnims are the FSHU texture SRT animations of group 5 (Switch:
	// the FMAA whose parameters are all texture SRT).
	TexSRTAnims []ShaderParamAnim
	// ShaderParamAnims are the FSHU shader-parameter (group 3) and colour
	// (group 4) animations (fshu_param.go).
	ShaderParamAnims []ShaderParamAnim
	// VisibilityAnims are the FVIS bone (group 7) and material (group 8)
	// visibility animations (fvis.go).
	VisibilityAnims []VisibilityAnim
	// TexPatternAnims are the FTXP texture pattern animations of group 6
	// (ftxp.go).
	TexPatternAnims []TexPatternAnim
	// Textures are the Wii U FTEX subfiles or the textures of a Switch
	// file's embedded BNTX (ftex.go, bntx.go).
	Textures []Texture
	// Switch is set for Switch files (ParseSwitch): their header, relocation
	// table, dictionaries, FMAA and FBVS animations.
	Switch *SwitchInfo
	// Broken are the animations that could not be read, by index-group
	// name; the rest of the file is read.
	Broken []BrokenAnim
}

// BrokenAnim is an animation subfile that failed to decode.
type BrokenAnim struct {
	Name string
	Err  error
}

// Header is the 0x6C-byte FRES header.
type Header struct {
	Version         uint32 // 0x04050003 = 4.5.0.3
	BOM             uint16
	HeaderLen       uint16
	FileSize        uint32
	Alignment       uint32
	NameOffset      int64 // absolute, 0 = none
	StringTableSize uint32
	StringTableOff  int64 // absolute
	GroupOffsets    [NumGroups]int64
	GroupCounts     [NumGroups]uint16
	UserPointer     uint32
	VersionString   string // "4.5.0.3"
	// Pre34Layout is set for versions before 3.4, whose FSKA, FSHU, FSKL,
	// bone and curve layouts differ (curves have no delta field).
	Pre34Layout bool
}

// VersionString formats a FRES version word.
func VersionString(v uint32) string {
	return fmt.Sprintf("%d.%d.%d.%d", v>>24, v>>16&0xff, v>>8&0xff, v&0xff)
}

// SwitchInfo holds what only a Switch file has: the binary file header,
// the relocation table and the subfile dictionaries (FMAA, FBVS, shape
// and scene animations, external files are listed even when not decoded).
type SwitchInfo struct {
	Major, Minor, Micro int
	BOM                 uint16
	AlignmentShift      uint8
	AddressSize         uint8
	FileNameOffset      uint32
	Flag                uint16
	FirstBlockOffset    uint16
	RelocTableOffset    uint32
	FileSize            uint32
	StringPoolOffset    int64
	StringPoolSize      uint32
	ExternalFlags       uint8
	Relocation          RelocTable
	// Subfiles are the header's dictionaries in file order: FMDL, FSKA,
	// FMAA, FBVS, FSHA, FSCN, external files.
	Subfiles []SwitchSubfile
	// MaterialAnims are every FMAA (the texture SRT ones are also in
	// File.TexSRTAnims, converted there).
	MaterialAnims []ShaderParamAnim
	// BoneVisAnims are the FBVS bone visibility animations.
	BoneVisAnims []VisibilityAnim
}

// SwitchSubfile is one header dictionary.
type SwitchSubfile struct {
	Kind string
	Dict *Dict
}
