package j3d

import (
	"fmt"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/formats/asset"
	"github.com/animscope/animscope/formats/texture"
	"github.com/animscope/animscope/mesh"
)

// MeshData is what the model's mesh chunks hold as read: for the
// inspector, info and the GX materials issue (which draws Materials
// exactly).
type MeshData struct {
	VTX1      *VTX1
	EVP1      *EVP1
	DRW1      *DRW1
	SHP1      *SHP1
	Materials []Material3
	Textures  []TextureHeader
	// Lines and Points count the primitives skipped (not triangles).
	Lines, Points int
}

// How the JSystem skin maps onto mesh.Model (see MESH-FACTS A.7):
//
//   - A draw matrix that is a joint (DRW1 joint entry) takes the vertex
//     as stored, in that joint's space, to W[j]·p. It becomes a palette
//     entry {Joint: j, InvBind: identity}, and the vertex one influence
//     of weight 1 on it.
//   - A draw matrix that is an envelope takes the vertex, stored in bind
//     (model) space, to Σ wₖ·(W[jₖ]·IB[jₖ])·p with the inverse binds EVP1
//     stores (never rebuilt from the skeleton: they differ from it on
//     real files and the game uses them). Each joint jₖ gets a palette
//     entry {Joint: jₖ, InvBind: IB[jₖ]} and the vertex the envelope's
//     (entry, weight) pairs: mesh.Pose's Σ wₖ·Mₖ·p is the game's blended
//     matrix applied to p.
//
// So a joint has up to two palette entries (rigid and bind), each made
// once; posing needs nothing else.

// Mesh reads the model's geometry, skin and materials into a mesh.Model
// named name, posed by skeleton 0 of the file. What cannot be read is
// listed in the model's Problems (naming the chunk, material or shape)
// and the rest is kept: a broken shape is left empty under its index.
func (m *Model) Mesh(name string) (*mesh.Model, *MeshData) {
	out := &mesh.Model{Name: name}
	data := &MeshData{}
	problem := func(format string, args ...any) {
		out.Problems = append(out.Problems, fmt.Sprintf("model %s: ", name)+fmt.Sprintf(format, args...))
	}
	// Materials and textures first: shapes refer to them.
	if s, ok := m.sections["TEX1"]; ok {
		texs, err := readTEX1(s)
		if err != nil {
			problem("%v; textures not read", err)
		}
		data.Textures = texs
	}
	// The TEX1 entries as textures, one model texture per entry (texIndex
	// maps an entry to its texture; -1 for one that could not be read).
	texIndex := make([]int, len(data.Textures))
	for i := range data.Textures {
		th := &data.Textures[i]
		texIndex[i] = -1
		ti, err := texture.ParseResTIMG(fmt.Sprintf("texture %q", th.Name), th.Raw, 0)
		var t *mesh.Texture
		if err == nil {
			t, err = ti.Texture(th.Name, th.Raw, 0)
		}
		if err != nil {
			// The error names the texture, quoted (a name may hold any byte).
			problem("TEX1 texture %d: %v; drawn untextured", i, err)
			continue
		}
		texIndex[i] = len(out.Textures)
		out.Textures = append(out.Textures, t)
	}
	out.FileTextures = texIndex
	texOf := func(i int) int {
		if i >= 0 && i < len(texIndex) {
			return texIndex[i]
		}
		return -1
	}
	texName := func(i int) string {
		if i >= 0 && i < len(data.Textures) {
			return data.Textures[i].Name
		}
		return fmt.Sprintf("texture%d", i)
	}
	texSampler := func(i int) mesh.Sampler {
		if i >= 0 && i < len(data.Textures) {
			return data.Textures[i].Sampler()
		}
		return mesh.Sampler{}
	}
	for _, l := range []*matLayout{mat3Layout, mat2Layout} {
		s, ok := m.sections[l.id]
		if !ok {
			continue
		}
		mats, probs, err := readMAT3(s, l)
		if err != nil {
			problem("%v; materials not read", err)
		}
		for _, p := range probs {
			problem("%s", p)
		}
		data.Materials = mats
		break
	}
	for i := range data.Materials {
		mat := &data.Materials[i]
		out.Materials = append(out.Materials, mat.meshMaterial(texOf, texName, texSampler))
	}

	// Vertex arrays, envelopes, draw matrices and shapes.
	need := func(id string) (mchunk, bool) {
		s, ok := m.sections[id]
		if !ok {
			problem("no %s chunk; the model has no shapes", id)
		}
		return s, ok
	}
	sv, ok1 := need("VTX1")
	ss, ok2 := need("SHP1")
	sd, ok3 := need("DRW1")
	if !ok1 || !ok2 || !ok3 {
		return out, data
	}
	var err error
	if data.VTX1, err = readVTX1(sv); err != nil {
		problem("%v; the model has no shapes", err)
		return out, data
	}
	if data.SHP1, err = readSHP1(ss); err != nil {
		problem("%v; the model has no shapes", err)
		return out, data
	}
	if data.DRW1, err = readDRW1(sd); err != nil {
		problem("%v; the model has no shapes", err)
		return out, data
	}
	if s, ok := m.sections["EVP1"]; ok {
		if data.EVP1, err = readEVP1(s); err != nil {
			problem("%v; envelope vertices are not drawn", err)
		}
	}
	if data.EVP1 == nil {
		data.EVP1 = &EVP1{}
	}

	sk := newSkinner(m, data, out, problem)
	shapeMat := m.shapeMaterials(len(data.SHP1.Shapes))
	out.Shapes = make([]mesh.Shape, len(data.SHP1.Shapes))
	for i := range data.SHP1.Shapes {
		s := &data.SHP1.Shapes[i]
		ms := &out.Shapes[i]
		ms.Name = fmt.Sprintf("shape%d", i)
		ms.Material = shapeMat[i]
		switch {
		case ms.Material < 0:
			problem("shape %s: INF1 gives it no material", ms.Name)
			ms.Material = 0
		case ms.Material >= len(out.Materials) && len(out.Materials) > 0:
			problem("shape %s: material %d does not exist (%d materials)", ms.Name, ms.Material, len(out.Materials))
			ms.Material = 0
		}
		switch s.MatrixType {
		case ShapeBillboard:
			ms.Billboard = mesh.BillboardXYZ
		case ShapeYBillboard:
			ms.Billboard = mesh.BillboardY
		}
		if s.Err != nil {
			problem("shape %s: %v; not drawn", ms.Name, s.Err)
			continue
		}
		probs, lines, points := buildShape(s, data.VTX1, sk.influences, ms)
		data.Lines += lines
		data.Points += points
		for _, p := range probs {
			problem("shape %s: %s", ms.Name, p)
		}
	}
	if len(out.Materials) == 0 && len(out.Shapes) > 0 {
		// No material could be read: every shape draws with the default.
		out.Materials = []mesh.Material{defaultMaterial()}
		for i := range out.Shapes {
			out.Shapes[i].Material = 0
		}
	}
	return out, data
}

// defaultMaterial draws a shape whose material could not be read: white,
// opaque, back faces culled.
func defaultMaterial() mesh.Material {
	return mesh.Material{Name: "default", Color: [4]float32{1, 1, 1, 1}, DepthTest: true, DepthWrite: true}
}

// shapeMaterials gives each shape the material of the last material node
// before it in the INF1 hierarchy (-1: none).
func (m *Model) shapeMaterials(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = -1
	}
	cur := -1
	for _, nd := range m.INF1.Nodes {
		switch nd.Type {
		case NodeMaterial:
			cur = int(nd.Value)
		case NodeShape:
			if int(nd.Value) < n {
				out[nd.Value] = cur
			}
		}
	}
	return out
}

// skinner resolves draw matrices to palette entries and influences, each
// once.
type skinner struct {
	dm        drawMatrices
	evp       *EVP1
	out       *mesh.Model
	numJoints int
	problem   func(string, ...any)
	rigid     map[int]uint16 // joint → palette entry with identity
	bind      map[int]uint16 // joint → palette entry with its inverse bind
	cache     map[int]cached
	restWorld []mgl64.Mat4 // built when an inverse bind is missing
	model     *Model
}

type cached struct {
	in mesh.Influences
	ok bool
}

func newSkinner(m *Model, data *MeshData, out *mesh.Model, problem func(string, ...any)) *skinner {
	s := &skinner{
		dm:        newDrawMatrices(data.DRW1, len(data.EVP1.Envelopes)),
		evp:       data.EVP1,
		out:       out,
		numJoints: len(m.Parents),
		problem:   problem,
		rigid:     map[int]uint16{},
		bind:      map[int]uint16{},
		cache:     map[int]cached{},
		model:     m,
	}
	// The runtime reads the first DRW1 joint-count entries as joints and
	// the rest as envelopes by position; a file whose kinds say otherwise
	// is drawn as the game draws it.
	mismatch := 0
	for d := 0; d < s.dm.count() && d < len(data.DRW1.Kind); d++ {
		if (d < s.dm.joints) != (data.DRW1.Kind[d] == 0) {
			mismatch++
		}
	}
	if mismatch > 0 {
		problem("DRW1: %d entries' kinds disagree with their position (joints first, then envelopes); read by position as the game does", mismatch)
	}
	return s
}

// influences returns the influences of draw matrix d.
func (s *skinner) influences(d int) (mesh.Influences, bool) {
	if c, ok := s.cache[d]; ok {
		return c.in, c.ok
	}
	in, ok := s.resolve(d)
	s.cache[d] = cached{in, ok}
	return in, ok
}

func (s *skinner) resolve(d int) (mesh.Influences, bool) {
	var in mesh.Influences
	joint, env, err := s.dm.resolve(d)
	if err != nil {
		s.problem("%v", err)
		return in, false
	}
	if env < 0 {
		if joint >= s.numJoints {
			s.problem("DRW1 entry %d names joint %d; the skeleton has %d", d, joint, s.numJoints)
			return in, false
		}
		in.N, in.Entry[0], in.Weight[0] = 1, s.entry(s.rigid, joint, mgl64.Ident4()), 1
		return in, true
	}
	e := &s.evp.Envelopes[env]
	type pair struct {
		j int
		w float32
	}
	pairs := make([]pair, 0, len(e.Joints))
	for k, j := range e.Joints {
		if int(j) >= s.numJoints {
			s.problem("envelope %d names joint %d; the skeleton has %d (influence dropped)", env, j, s.numJoints)
			continue
		}
		pairs = append(pairs, pair{int(j), e.Weights[k]})
	}
	if len(pairs) == 0 {
		s.problem("envelope %d has no joint the skeleton has", env)
		return in, false
	}
	if len(pairs) > mesh.MaxInfluences {
		sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].w > pairs[b].w })
		s.problem("envelope %d has %d joints; the %d heaviest are kept", env, len(pairs), mesh.MaxInfluences)
		pairs = pairs[:mesh.MaxInfluences]
	}
	for _, p := range pairs {
		in.Entry[in.N] = s.entry(s.bind, p.j, s.invBind(p.j))
		in.Weight[in.N] = p.w
		in.N++
	}
	return in, true
}

// entry returns joint j's palette entry in set (made on first use).
func (s *skinner) entry(set map[int]uint16, j int, inv mgl64.Mat4) uint16 {
	if e, ok := set[j]; ok {
		return e
	}
	e := uint16(len(s.out.Palette))
	s.out.Palette = append(s.out.Palette, mesh.PaletteEntry{Joint: j, InvBind: inv})
	set[j] = e
	return e
}

// invBind is joint j's stored inverse bind matrix; a joint EVP1 has none
// for gets the inverse of its rest world matrix (reported: the game
// would read past the table).
func (s *skinner) invBind(j int) mgl64.Mat4 {
	if j < len(s.evp.InvBind) {
		return s.evp.InvBind[j]
	}
	if s.restWorld == nil {
		s.problem("EVP1 has %d inverse bind matrices, an envelope names joint %d; rebuilt from the rest pose", len(s.evp.InvBind), j)
		s.restWorld = make([]mgl64.Mat4, s.numJoints)
		sk := s.model.Skeleton("")
		if sk.Finish() == nil {
			sk.World(nil, nil, s.restWorld)
		} else {
			for i := range s.restWorld {
				s.restWorld[i] = mgl64.Ident4()
			}
		}
	}
	return s.restWorld[j].Inv()
}

// meshDetails are the model's facts for `animscope info` that its model
// table does not show (info lists shapes, materials and textures).
func meshDetails(d *MeshData) []asset.Detail {
	texs := make([]string, len(d.Textures))
	for i := range d.Textures {
		t := &d.Textures[i]
		texs[i] = fmt.Sprintf("%s %s %dx%d", t.Name, t.FormatName(), t.Width, t.Height)
	}
	envelopes := 0
	if d.EVP1 != nil {
		envelopes = len(d.EVP1.Envelopes)
	}
	out := []asset.Detail{{Name: "envelopes", Value: envelopes}}
	if len(texs) > 0 {
		out = append(out, asset.Detail{Name: "TEX1 textures", Value: texs})
	}
	if d.Lines+d.Points > 0 {
		out = append(out, asset.Detail{Name: "lines/points skipped", Value: fmt.Sprintf("%d line, %d point primitives", d.Lines, d.Points)})
	}
	return out
}
