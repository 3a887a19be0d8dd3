package viewmodel

// Options are display choices the user toggles; cmd/animscope reads them to
// build the scene and saves them between runs.
type Options struct {
	Labels    bool // joint names in the 3D view
	Grid      bool
	Axes      bool
	Quad      bool // the BTK test quad
	ChainMode bool // without a skeleton: chain joint i to i-1 instead of free points
	// Up is the data's up axis: UpAuto (Z for SWTOR JBA, whose rigs come
	// from 3ds Max; Y for the Nintendo formats), UpY or UpZ.
	Up UpAxis
	// Mesh is how models with meshes are drawn (the zero value: meshes
	// with the bones on top).
	Mesh MeshMode
}

// UpAxis says which axis of the data points up on screen.
type UpAxis uint8

const (
	UpAuto UpAxis = iota
	UpY
	UpZ
)

// DefaultOptions are the first-run choices.
func DefaultOptions() Options {
	return Options{Grid: true, Axes: true, Quad: true}
}
