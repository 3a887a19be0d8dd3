package j3d

import (
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/inspect"
)

// The descriptors of the J3D formats (see asset.Format), registered in
// package formats.
var (
	BCKFormat = animFormat("bck", MagicBCK, anim.J3DBasic, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBCK, bckDetails)
	})
	BTKFormat = animFormat("btk", MagicBTK, anim.Standard, func(a *asset.Asset, data []byte, _ asset.Env) error {
		return openAnim(a, data, DecodeBTK, btkDetails)
	})
	// BMDFormat also covers the old "J3D1bmd" files.
	BMDFormat = &asset.Format{
		Name:        "bmd",
		DisplayName: "J3D BMD",
		Extensions:  []string{".bmd"},
		Sniff:       func(b []byte) bool { return sniffModel(b, "bmd") },
		Open:        openModel,
		Yields:      asset.Skeletons,
	}
	BDLFormat = &asset.Format{
		Name:        "bdl",
		DisplayName: "J3D BDL",
		Extensions:  []string{".bdl"},
		Sniff:       func(b []byte) bool { return sniffModel(b, "bdl") },
		Open:        openModel,
		Yields:      asset.Skeletons,
	}
	// BTIFormat is the standalone J3D texture file: one ResTIMG header
	// (texture.ResTIMG) at offset 0, then its palette and image data at the
	// offsets the header gives. Its one texture is named after the file.
	//
	// BTI has no magic, so it is sniffed by a plausible header (sniffBTI) and
	// listed after every other format: every format with a magic starts with
	// a byte that is no GX format number, and the heuristic sniffs before it
	// (JBA: u32 0, a width of 0 here; skeleton JSON: text) cannot read as a
	// header.
	BTIFormat = &asset.Format{
		Name:        "bti",
		DisplayName: "J3D BTI",
		Extensions:  []string{".bti"},
		Sniff:       sniffBTI,
		Open:        openBTI,
		Yields:      asset.Textures,
	}
)

// animFormat describes a J3D animation format: the magic names it
// ("J3D1bck1" is "bck", extension ".bck"), its one clip format binds by
// joint index, and fallback is the stand-in skeleton's hierarchy mode
// (BCK joints compose like a J3D model's; a BTK has no joints).
func animFormat(name, magic string, fallback anim.HierarchyMode, open func(*asset.Asset, []byte, asset.Env) error) *asset.Format {
	return &asset.Format{
		Name:        name,
		DisplayName: "J3D " + strings.ToUpper(name),
		Extensions:  []string{"." + name},
		Sniff:       func(b []byte) bool { return byteOrder(b, magic) != nil },
		Open:        open,
		Yields:      asset.Clips,
		ClipFormats: []*asset.ClipFormat{{Name: name, Bind: anim.BindByIndex, Fallback: fallback, ModelHint: modelHint, Kind: clipKinds[name]}},
		Inspect:     inspector,
	}
}

const modelHint = "Open or drop the model (BMD/BDL) to see the real bones."

// clipKinds say what each J3D animation format animates.
var clipKinds = map[string]string{
	"bck": "skeletal", "bca": "skeletal", "btk": "texture SRT", "brk": "TEV colours",
	"bpk": "material colours", "btp": "texture pattern", "bva": "shape visibility",
}

// openAnim decodes a BCK or BTK into one clip; the spec-shaped struct is
// kept as Raw for the inspector.
func openAnim[T interface{ Clip() (*anim.Clip, error) }](a *asset.Asset, data []byte, decode func([]byte) (T, error), details func(T) []asset.Detail) error {
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
func inspector(a *asset.Asset) inspect.Source {
	switch raw := a.Raw.(type) {
	case *BCK:
		return &j3dInspector{bck: raw, clips: a.Clips}
	case *BTK:
		return &j3dInspector{btk: raw, clips: a.Clips}
	case *BCA, *BRK, *BPK, *BTP, *BVA:
		return &familyInspector{raw: raw, clips: a.Clips}
	}
	return nil
}

// openModel reads the skeleton of a BMD/BDL model.
func openModel(a *asset.Asset, data []byte, _ asset.Env) error {
	m, err := ReadModel(data)
	if err != nil {
		return err
	}
	a.Raw = m
	a.Skeletons = append(a.Skeletons, m.Skeleton(asset.Stem(a.Name)))
	a.Warnings = append(a.Warnings, m.Warnings...)
	model, md := m.Mesh(baseName(a.Name))
	m.MeshData = md
	a.Models = append(a.Models, model)
	if m.LittleEndian {
		a.Details = append(a.Details, asset.Detail{Name: "byte order", Value: "little-endian"})
	}
	a.Details = append(a.Details,
		asset.Detail{Name: "magic", Value: m.Magic},
		asset.Detail{Name: "hierarchy mode", Value: m.HierarchyMode().String()},
		asset.Detail{Name: "INF1 flags", Value: m.INF1.Flags},
		asset.Detail{Name: "joint count", Value: len(m.Parents)},
		asset.Detail{Name: "roots", Value: m.Roots},
		asset.Detail{Name: "material nodes", Value: m.MaterialNodes},
		asset.Detail{Name: "shape nodes", Value: m.ShapeNodes},
	)
	a.Details = append(a.Details, meshDetails(md)...)
	return nil
}

// baseName is a file name without its directories or archive path: the
// J3D model's name ("cl.bdl").
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `:/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// sniffModel recognises a BMD ("J3D2bmd", "J3D1bmd") or BDL ("J3D2bdl")
// magic in either byte order.
func sniffModel(b []byte, kind string) bool {
	if len(b) < 8 {
		return false
	}
	m := string(b[:8])
	for _, s := range []string{m, swap4(m)} {
		if s[4:7] == kind && (s[:4] == "J3D2" || s[:4] == "J3D1" && kind == "bmd") {
			return true
		}
	}
	return false
}
