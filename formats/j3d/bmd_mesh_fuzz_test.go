package j3d_test

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzBMDMesh reads the mesh chunks of arbitrary models: never a panic
// or a hang, problems one line each, and whatever remains passes
// mesh.Model.Check and poses.
func FuzzBMDMesh(f *testing.F) {
	if d, err := os.ReadFile(filepath.Join(meshFixtures, "synth.bmd")); err == nil {
		f.Add(d)
		f.Add(d[:len(d)*3/4])
	}
	pos := f32s(0, 0, 0, 0, 1, 0, 1, 0, 0)
	f.Add(meshModel(2, 1, vtx1Chunk([]vtxArray{{attr: 9, cnt: 1, typ: 4, data: pos}, {attr: 13, cnt: 1, typ: 3, shift: 8, data: s16s(1, 2, 3, 4, 5, 6)}}),
		evp1Chunk([]envSpec{{joints: []uint16{0, 1}, weights: []float32{0.5, 0.5}}}, [][12]float32{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}}),
		drw1Chunk([]uint8{0, 1, 1}, []uint16{0, 0, 0}),
		shp1Chunk([]shapeSpec{{mtxType: 3, desc: [][2]uint32{{0, 1}, {9, 2}, {13, 3}}, groups: []groupSpec{
			{table: []uint16{0, 1}, dl: dl(byte(0x98), []be{{0, 0, 0, 0}, {3, 1, 0, 1}, {0, 2, 0, 2}, {3, 0, 0, 1}})},
			{table: []uint16{0xFFFF}, dl: dl(byte(0x80), []be{{0, 0, 0, 0}, {3, 1, 0, 1}, {0, 2, 0, 2}, {3, 0, 0, 1}})}}}}),
		mat3Chunk(1)))
	f.Fuzz(exerciseModel)
}
