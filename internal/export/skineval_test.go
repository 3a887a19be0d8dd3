package export

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Skinning for the tests' glTF player, written from the glTF 2.0
// specification (3.7.3 Skins and 3.11 "Skinned mesh attributes"): a
// skinned vertex is Σ over its JOINTS_n/WEIGHTS_n pairs of
// weight · jointMatrix[joint] · position, with jointMatrix[i] = the world
// matrix of skin.joints[i] · inverseBindMatrices[i]; the skinned mesh
// node's own transform is ignored. Normals go through the same matrices'
// linear part and are normalised.

type gMesh struct {
	Name       string         `json:"name"`
	Extras     map[string]any `json:"extras"`
	Primitives []struct {
		Attributes map[string]int `json:"attributes"`
		Indices    *int           `json:"indices"`
		Material   *int           `json:"material"`
		Mode       *int           `json:"mode"`
	} `json:"primitives"`
}

type gSkin struct {
	Joints              []int `json:"joints"`
	InverseBindMatrices *int  `json:"inverseBindMatrices"`
	Skeleton            *int  `json:"skeleton"`
}

var componentSize = map[int]int{5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}

// values reads any accessor as float64s (integers as they are; the
// normalized flag scales unsigned integers to 0..1 as the spec says).
func (d *gDoc) values(t *testing.T, acc int) ([]float64, int) {
	t.Helper()
	a := d.Accessors[acc]
	size, ok := componentSize[a.ComponentType]
	if !ok {
		t.Fatalf("accessor %d: component type %d", acc, a.ComponentType)
	}
	comps := typeComps[a.Type]
	v := d.BufferViews[*a.BufferView]
	stride := v.ByteStride
	if stride == 0 {
		stride = size * comps
	}
	le := binary.LittleEndian
	out := make([]float64, 0, a.Count*comps)
	for i := 0; i < a.Count; i++ {
		for c := 0; c < comps; c++ {
			off := v.ByteOffset + a.ByteOffset + i*stride + size*c
			if off+size > v.ByteOffset+v.ByteLength || off+size > len(d.bin) {
				t.Fatalf("accessor %d element %d past its buffer view", acc, i)
			}
			var x float64
			switch a.ComponentType {
			case 5121:
				x = float64(d.bin[off])
				if a.Normalized {
					x /= 255
				}
			case 5123:
				x = float64(le.Uint16(d.bin[off:]))
				if a.Normalized {
					x /= 65535
				}
			case 5125:
				x = float64(le.Uint32(d.bin[off:]))
			case 5126:
				x = float64(math.Float32frombits(le.Uint32(d.bin[off:])))
			default:
				t.Fatalf("accessor %d: component type %d not read by the player", acc, a.ComponentType)
			}
			out = append(out, x)
		}
	}
	return out, comps
}

// skinnedMesh is one mesh node's vertices after skinning.
type skinnedMesh struct {
	node, mesh         int
	positions, normals []mgl64.Vec3
}

// skinned poses every skinned mesh node of the document with node world
// matrices world (d.world of a pose).
func (d *gDoc) skinned(t *testing.T, world []mgl64.Mat4) []skinnedMesh {
	t.Helper()
	var out []skinnedMesh
	for ni, n := range d.Nodes {
		if n.Mesh == nil || n.Skin == nil {
			continue
		}
		sk := d.Skins[*n.Skin]
		ibm, _ := d.values(t, *sk.InverseBindMatrices)
		jm := make([]mgl64.Mat4, len(sk.Joints))
		for i, j := range sk.Joints {
			var inv mgl64.Mat4
			copy(inv[:], ibm[16*i:16*i+16])
			jm[i] = world[j].Mul4(inv)
		}
		m := d.Meshes[*n.Mesh]
		if len(m.Primitives) != 1 {
			t.Fatalf("mesh %d: %d primitives, want 1", *n.Mesh, len(m.Primitives))
		}
		pr := m.Primitives[0]
		pos, _ := d.values(t, pr.Attributes["POSITION"])
		var nrm []float64
		if a, ok := pr.Attributes["NORMAL"]; ok {
			nrm, _ = d.values(t, a)
		}
		sm := skinnedMesh{node: ni, mesh: *n.Mesh}
		count := len(pos) / 3
		var joints, weights [][]float64
		for set := 0; ; set++ {
			ja, okJ := pr.Attributes[attrName("JOINTS_", set)]
			wa, okW := pr.Attributes[attrName("WEIGHTS_", set)]
			if !okJ || !okW {
				if okJ != okW {
					t.Fatalf("mesh %d: JOINTS_%d without WEIGHTS_%d", *n.Mesh, set, set)
				}
				break
			}
			jv, _ := d.values(t, ja)
			wv, _ := d.values(t, wa)
			joints, weights = append(joints, jv), append(weights, wv)
		}
		if len(joints) == 0 {
			t.Fatalf("mesh %d on a skinned node has no JOINTS_0", *n.Mesh)
		}
		for v := 0; v < count; v++ {
			p := mgl64.Vec4{pos[3*v], pos[3*v+1], pos[3*v+2], 1}
			var q, nq mgl64.Vec4
			sum := 0.0
			for set := range joints {
				for c := 0; c < 4; c++ {
					w := weights[set][4*v+c]
					if w == 0 {
						continue
					}
					sum += w
					M := jm[int(joints[set][4*v+c])]
					q = q.Add(M.Mul4x1(p).Mul(w))
					if nrm != nil {
						nq = nq.Add(M.Mul4x1(mgl64.Vec4{nrm[3*v], nrm[3*v+1], nrm[3*v+2], 0}).Mul(w))
					}
				}
			}
			if math.Abs(sum-1) > 1e-6 {
				t.Fatalf("mesh %d vertex %d: weights sum to %v", *n.Mesh, v, sum)
			}
			sm.positions = append(sm.positions, q.Vec3())
			if nrm != nil {
				sm.normals = append(sm.normals, nq.Vec3().Normalize())
			}
		}
		out = append(out, sm)
	}
	return out
}

func attrName(prefix string, set int) string {
	return prefix + string(rune('0'+set))
}
