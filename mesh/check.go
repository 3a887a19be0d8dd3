package mesh

import (
	"fmt"
	"math"
)

// weightSlack is how far a vertex's weights may sum from 1 before Check
// reports it: files store weights as 8-bit or 16-bit fractions, or
// floats rounded by the tools that wrote them.
const weightSlack = 1e-3

// Check makes the model safe to pose and draw with a skeleton of
// numJoints joints and reports, in Problems, what does not hold
// together, one line per part, naming the model and the shape: a shape
// whose triangles index past its vertices draws nothing; one whose skin
// or attribute arrays do not match its vertex count loses them (a
// missing skin keeps vertices where the file stores them); weights that
// do not sum to 1 are scaled to; an influence or palette entry that names
// a palette entry or joint that does not exist is dropped; a material
// naming a texture the model lacks draws untextured.
func (m *Model) Check(numJoints int) {
	for i := range m.Palette {
		if j := m.Palette[i].Joint; j < 0 || j >= numJoints {
			m.problem("palette entry %d names joint %d; the skeleton has %d", i, j, numJoints)
			m.Palette[i].Joint = -1
		}
	}
	for si := range m.Shapes {
		m.checkShape(si)
	}
	for mi := range m.Materials {
		mat := &m.Materials[mi]
		for ti := range mat.Textures {
			if t := mat.Textures[ti].Texture; t >= len(m.Textures) {
				m.problem("material %q: texture %d does not exist (%d textures)", mat.Name, t, len(m.Textures))
				mat.Textures[ti].Texture = -1
			}
		}
	}
}

func (m *Model) checkShape(si int) {
	s := &m.Shapes[si]
	n := len(s.Positions)
	name := s.Name
	if name == "" {
		name = fmt.Sprintf("shape%d", si)
	}
	if len(s.Triangles)%3 != 0 {
		m.problem("shape %s: %d triangle indices, not a multiple of 3", name, len(s.Triangles))
		s.Triangles = s.Triangles[:len(s.Triangles)/3*3]
	}
	for _, ix := range s.Triangles {
		if int(ix) >= n {
			m.problem("shape %s: triangle index %d past its %d vertices; the shape is not drawn", name, ix, n)
			s.Triangles = nil
			break
		}
	}
	if s.Normals != nil && len(s.Normals) != n {
		m.problem("shape %s: %d normals for %d vertices; normals dropped", name, len(s.Normals), n)
		s.Normals = nil
	}
	for k, c := range s.Colors {
		if len(c) != n {
			m.problem("shape %s: colour set %d has %d entries for %d vertices; dropped", name, k, len(c), n)
			s.Colors[k] = nil
		}
	}
	for k, uv := range s.UVs {
		if len(uv) != n {
			m.problem("shape %s: UV set %d has %d entries for %d vertices; dropped", name, k, len(uv), n)
			s.UVs[k] = nil
		}
	}
	if s.Material < 0 || s.Material >= len(m.Materials) && len(m.Materials) > 0 {
		m.problem("shape %s: material %d does not exist (%d materials)", name, s.Material, len(m.Materials))
		s.Material = -1
	}
	if len(s.Skin) != n {
		if len(s.Skin) != 0 {
			m.problem("shape %s: %d skin entries for %d vertices; drawn unskinned", name, len(s.Skin), n)
		}
		s.Skin = make([]Influences, n) // no influences: posed where stored
		return
	}
	badEntry, badSum := 0, 0
	for v := range s.Skin {
		in := &s.Skin[v]
		if in.N > MaxInfluences {
			in.N = MaxInfluences
		}
		kept := uint8(0)
		var sum float64
		for k := 0; k < int(in.N); k++ {
			if int(in.Entry[k]) >= len(m.Palette) || math.IsNaN(float64(in.Weight[k])) {
				badEntry++
				continue
			}
			in.Entry[kept], in.Weight[kept] = in.Entry[k], in.Weight[k]
			sum += float64(in.Weight[k])
			kept++
		}
		in.N = kept
		if kept > 0 && math.Abs(sum-1) > weightSlack {
			badSum++
			if sum > 0 {
				for k := 0; k < int(kept); k++ {
					in.Weight[k] = float32(float64(in.Weight[k]) / sum)
				}
			}
		}
	}
	if badEntry > 0 {
		m.problem("shape %s: %d influences name palette entries that do not exist (%d entries); dropped", name, badEntry, len(m.Palette))
	}
	if badSum > 0 {
		m.problem("shape %s: %d vertices' weights do not sum to 1; scaled to 1", name, badSum)
	}
}

func (m *Model) problem(format string, args ...any) {
	m.Problems = append(m.Problems, fmt.Sprintf("model %s: ", m.Name)+fmt.Sprintf(format, args...))
}
