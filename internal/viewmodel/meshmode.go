package viewmodel

// MeshModes are the mesh display modes in the order View › Models offers
// them (the default first): Name is `animscope render --mesh-mode`'s
// value, Label the menu's.
var MeshModes = []struct {
	Mode        MeshMode
	Name, Label string
}{
	{MeshAndBones, "mesh-and-bones", "Mesh and bones"},
	{MeshOnly, "mesh", "Mesh only"},
	{BonesOnly, "bones", "Bones only"},
	{Wireframe, "wireframe", "Wireframe over the mesh"},
	{XRay, "xray", "X-ray (bones through the mesh)"},
}
