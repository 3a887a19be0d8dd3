package formats

import (
	"path"
	"strings"

	"github.com/animscope/animscope/formats/j3d"
)

// openJ3DModel reads the skeleton of a BMD/BDL model.
func openJ3DModel(a *Asset, data []byte) error {
	m, err := j3d.ReadModel(data)
	if err != nil {
		return err
	}
	a.Raw = m
	a.Skeletons = append(a.Skeletons, m.Skeleton(stem(a.Name)))
	a.Warnings = append(a.Warnings, m.Warnings...)
	a.Details = append(a.Details,
		Detail{"magic", m.Magic},
		Detail{"hierarchy mode", m.HierarchyMode().String()},
		Detail{"INF1 flags", m.INF1.Flags},
		Detail{"joint count", len(m.Parents)},
		Detail{"roots", m.Roots},
		Detail{"material nodes", m.MaterialNodes},
		Detail{"shape nodes", m.ShapeNodes},
	)
	return nil
}

// stem is a file's name without directories, archive path or extension:
// "x/biped.arc:biped/bmdl/biped.bmd" -> "biped".
func stem(name string) string {
	if i := strings.LastIndexAny(name, `:/\`); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSuffix(name, path.Ext(name))
}
