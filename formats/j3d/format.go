package j3d

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/format"
	"github.com/animscope/animscope/internal/inspect"
)

// The descriptors of the J3D formats (see format.Format), registered in
// package formats.
var (
	BCKFormat = &format.Format{
		Name:        "bck",
		DisplayName: "J3D BCK",
		Extensions:  []string{".bck"},
		Sniff:       func(b []byte) bool { return format.HasPrefix(b, MagicBCK) },
		Open: func(a *format.Asset, data []byte, _ format.Env) error {
			return openAnim(a, data, DecodeBCK, bckDetails)
		},
		Yields: format.Clips,
		ClipFormats: []*format.ClipFormat{{
			Name: "bck", Bind: anim.BindByIndex, Fallback: anim.J3DBasic, ModelHint: modelHint,
		}},
		Inspect: inspector,
	}
	BTKFormat = &format.Format{
		Name:        "btk",
		DisplayName: "J3D BTK",
		Extensions:  []string{".btk"},
		Sniff:       func(b []byte) bool { return format.HasPrefix(b, MagicBTK) },
		Open: func(a *format.Asset, data []byte, _ format.Env) error {
			return openAnim(a, data, DecodeBTK, btkDetails)
		},
		Yields: format.Clips,
		ClipFormats: []*format.ClipFormat{{
			Name: "btk", Bind: anim.BindByIndex, Fallback: anim.Standard, ModelHint: modelHint,
		}},
		Inspect: inspector,
	}
	// BMDFormat also covers the old "J3D1bmd" files.
	BMDFormat = &format.Format{
		Name:        "bmd",
		DisplayName: "J3D BMD",
		Extensions:  []string{".bmd"},
		Sniff:       func(b []byte) bool { return format.HasPrefix(b, "J3D2bmd") || format.HasPrefix(b, "J3D1bmd") },
		Open:        openModel,
		Yields:      format.Skeletons,
	}
	BDLFormat = &format.Format{
		Name:        "bdl",
		DisplayName: "J3D BDL",
		Extensions:  []string{".bdl"},
		Sniff:       func(b []byte) bool { return format.HasPrefix(b, "J3D2bdl") },
		Open:        openModel,
		Yields:      format.Skeletons,
	}
)

const modelHint = "Open or drop the model (BMD/BDL) to see the real bones."

// openAnim decodes a BCK or BTK into one clip; the spec-shaped struct is
// kept as Raw for the inspector.
func openAnim[T interface{ Clip() (*anim.Clip, error) }](a *format.Asset, data []byte, decode func([]byte) (T, error), details func(T) []format.Detail) error {
	raw, err := decode(data)
	if err != nil {
		return err
	}
	clip, err := raw.Clip()
	if err != nil {
		return err
	}
	a.Clips = []*anim.Clip{clip}
	a.Raw = raw
	a.Details = details(raw)
	return nil
}

// inspector is the inspector's view of an opened BCK or BTK.
func inspector(a *format.Asset) inspect.Source {
	switch raw := a.Raw.(type) {
	case *BCK:
		return &j3dInspector{bck: raw, clips: a.Clips}
	case *BTK:
		return &j3dInspector{btk: raw, clips: a.Clips}
	}
	return nil
}

// openModel reads the skeleton of a BMD/BDL model.
func openModel(a *format.Asset, data []byte, _ format.Env) error {
	m, err := ReadModel(data)
	if err != nil {
		return err
	}
	a.Raw = m
	a.Skeletons = append(a.Skeletons, m.Skeleton(format.Stem(a.Name)))
	a.Warnings = append(a.Warnings, m.Warnings...)
	a.Details = append(a.Details,
		format.Detail{Name: "magic", Value: m.Magic},
		format.Detail{Name: "hierarchy mode", Value: m.HierarchyMode().String()},
		format.Detail{Name: "INF1 flags", Value: m.INF1.Flags},
		format.Detail{Name: "joint count", Value: len(m.Parents)},
		format.Detail{Name: "roots", Value: m.Roots},
		format.Detail{Name: "material nodes", Value: m.MaterialNodes},
		format.Detail{Name: "shape nodes", Value: m.ShapeNodes},
	)
	return nil
}
