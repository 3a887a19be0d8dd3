package bfres

import (
	"fmt"
	"strconv"

	"github.com/animscope/animscope/mesh"
	"github.com/go-gl/mathgl/mgl32"
)

// Materials (MESH-FACTS B.7, C.2). The games shade with their own shader
// archives; what is kept is what a previewer can draw honestly: every
// texture with its sampler (texture i pairs with sampler i), the albedo
// among them, and the fixed-function state — cull, alpha test, blend,
// depth — from the Wii U render state, overridden by the render-info keys
// the games' material systems read (BotW gsys_*, SMO display_face and
// color_blend_*).

// MaterialInfo is a BFRES material's own description, kept as
// mesh.Material.Native for the viewer's material list.
type MaterialInfo struct {
	ShaderArchive, ShadingModel string
	// Samplers are the material's sampler names, in texture order.
	Samplers []string
	// SamplerAssign maps shader sampler symbols to material samplers.
	SamplerAssign map[string]string
	ShaderOptions map[string]string
	// RenderInfo values as text, in file order of keys.
	RenderInfo     map[string][]string
	RenderInfoKeys []string
	// RenderMode is the Wii U render state's mode (custom, opaque, mask,
	// translucent); "" on the Switch.
	RenderMode string
	// FrontCW: the render state's front face is clockwise, so the
	// decoder reversed the triangles of the shapes that use it.
	FrontCW bool
}

func defaultMaterial(name string) mesh.Material {
	return mesh.Material{Name: name, Color: mgl32.Vec4{1, 1, 1, 1}, DepthTest: true, DepthWrite: true,
		Blend: mesh.Blend{Mode: mesh.Opaque, Src: mesh.FactorOne, Dst: mesh.FactorZero}, Native: &MaterialInfo{}}
}

// readFMAT reads a material: its textures and samplers, shader assign,
// render infos and (Wii U) render state.
func (d *decoder) readFMAT(off int64) (mesh.Material, error) {
	l := &d.lay.fmat
	if !d.magicAt(off, "FMAT") {
		return mesh.Material{}, d.errf(off, "not an FMAT")
	}
	f, err := d.structAt(off, l.size, "FMAT")
	if err != nil {
		return mesh.Material{}, err
	}
	mat := defaultMaterial(f.nameAt(l.name))
	info := mat.Native.(*MaterialInfo)
	nRI, nSmp, nTex := f.num(l.numRenderInfo), f.num(l.numSamplers), f.num(l.numTextures)
	ri, rstate, sassign := f.refAt(l.renderInfo), f.refAt(l.renderState), f.refAt(l.shaderAssign)
	texArr, smpArr, smpDict := f.refAt(l.textures), f.refAt(l.samplers), f.refAt(l.samplerDict)
	if f.err != nil {
		return mat, f.err
	}
	// Wii U texture references are a name and the FTEX; Switch ones a name.
	texNames, err := d.nameArray(texArr, nTex, 8, "texture references")
	if err != nil {
		return mat, err
	}
	var samplers []mesh.Sampler
	if err := d.forEach(smpArr, nSmp, l.samplerSize, "samplers", func(s *fields, o int64) {
		if d.nx() {
			samplers = append(samplers, nxSampler(s.u8(o), s.u8(o+1), s.u16(o+6)))
			return
		}
		samplers = append(samplers, gx2Sampler(s.u32(o)))
		info.Samplers = append(info.Samplers, s.name(o+0x10))
	}); err != nil {
		return mat, err
	}
	if nSmp > 0 && smpDict != 0 {
		dict, err := d.readDict(smpDict, smpArr, l.samplerSize, "sampler dictionary")
		if err != nil {
			return mat, err
		}
		for _, e := range dict.Entries {
			info.Samplers = append(info.Samplers, e.Name)
		}
	}
	if sassign != 0 {
		if err := d.readShaderAssign(sassign, info); err != nil {
			return mat, err
		}
	}
	if rstate != 0 {
		if err := d.readRenderState(rstate, &mat, info); err != nil {
			return mat, err
		}
	}
	if err := d.readRenderInfos(ri, nRI, info); err != nil {
		return mat, err
	}
	return finishMaterial(mat, info, texNames, samplers), nil
}

// gx2Sampler decodes GX2 sampler word 0: clamp X bits 0–2, Y 3–5, mag
// filter 9–10, min filter 12–13, mip filter 17–18.
func gx2Sampler(w uint32) mesh.Sampler {
	// clamp modes: wrap, mirror, clamp, mirror once, then the border
	// variants of clamp and mirror once.
	wraps := [8]mesh.Wrap{mesh.WrapRepeat, mesh.WrapMirror, mesh.WrapClamp, mesh.WrapMirror,
		mesh.WrapClamp, mesh.WrapMirror, mesh.WrapClamp, mesh.WrapMirror}
	filters := [4]mesh.Filter{mesh.FilterNearest, mesh.FilterLinear, mesh.FilterLinear, mesh.FilterLinear}
	return mesh.Sampler{WrapS: wraps[w&7], WrapT: wraps[w>>3&7],
		MagFilter: filters[w>>9&3], MinFilter: filters[w>>12&3], Mipmaps: w>>17&3 != 0}
}

// nxSampler decodes an nn::gfx sampler info: u8 address U, V (0 repeat,
// 1 mirror, 2 clamp to edge, 3 clamp to border, 4 mirror-clamp), u16
// filter at 6 (mip bits 0–1, mag 2–3, min 4–5; 1 point, 2 linear).
func nxSampler(u, v uint8, filter uint16) mesh.Sampler {
	wraps := [5]mesh.Wrap{mesh.WrapRepeat, mesh.WrapMirror, mesh.WrapClamp, mesh.WrapClamp, mesh.WrapMirror}
	wrap := func(a uint8) mesh.Wrap { return wraps[min(int(a), 4)] }
	filters := [4]mesh.Filter{mesh.FilterLinear, mesh.FilterNearest, mesh.FilterLinear, mesh.FilterLinear}
	return mesh.Sampler{WrapS: wrap(u), WrapT: wrap(v), MagFilter: filters[filter>>2&3], MinFilter: filters[filter>>4&3], Mipmaps: filter&3 != 0}
}

// readShaderAssign reads the shader assign: archive and model names,
// then the sampler-assign and option tables, whose keys are dictionary
// entries and whose values strings (Wii U: the entry points at the
// string; Switch: at a reference to it).
func (d *decoder) readShaderAssign(off int64, info *MaterialInfo) error {
	l := &d.lay.fmat
	f, err := d.structAt(off, l.assignSize, "shader assign")
	if err != nil {
		return err
	}
	info.ShaderArchive, info.ShadingModel = f.nameAt(l.archive), f.nameAt(l.model)
	sVals, sDict := f.refAt(l.samplerAssign), f.refAt(l.samplerAssignDict)
	oVals, oDict := f.refAt(l.options), f.refAt(l.optionsDict)
	if f.err != nil {
		return f.err
	}
	table := func(vals, dict int64, what string) (map[string]string, error) {
		if dict == 0 {
			return nil, nil
		}
		t, err := d.readDict(dict, vals, d.lay.refSize, what)
		if err != nil {
			return nil, err
		}
		out := map[string]string{}
		for _, e := range t.Entries {
			if !d.nx() {
				s, err := d.cstring(e.DataOffset)
				if err != nil {
					return nil, d.errf(e.NodeOffset, "%s %q: %v", what, e.Name, err)
				}
				out[e.Name] = s
				continue
			}
			vf, err := d.structAt(e.DataOffset, 8, what)
			if err != nil {
				return nil, err
			}
			if out[e.Name] = vf.name(0); vf.err != nil {
				return nil, vf.err
			}
		}
		return out, nil
	}
	if info.SamplerAssign, err = table(sVals, sDict, "sampler assign"); err != nil {
		return err
	}
	info.ShaderOptions, err = table(oVals, oDict, "shader options")
	return err
}

// readRenderInfos reads the render infos: on the Wii U a dictionary at
// off whose entries are u16 count, u8 type (0 int, 1 float, 2 string)
// and the values; on the Switch n entries at off, each a name, its
// values' reference, count and type.
func (d *decoder) readRenderInfos(off, n int64, info *MaterialInfo) error {
	l := &d.lay.fmat
	var entries []DictNode
	if !d.nx() && off != 0 {
		dict, err := d.readDict(off, 0, 0, "render info")
		if err != nil {
			return err
		}
		entries = dict.Entries
	}
	for i := int64(0); i < n && d.nx(); i++ {
		entries = append(entries, DictNode{DataOffset: off + l.riSize*i})
	}
	for _, e := range entries {
		f, err := d.structAt(e.DataOffset, l.riSize, "render info")
		if err != nil {
			return err
		}
		key, data := cmpOr(e.Name, f.nameAt(l.riName)), e.DataOffset+l.riSize
		if l.riData.kind != absent {
			data = f.refAt(l.riData)
		}
		n, typ := f.num(l.riCount), f.num(l.riType)
		if f.err != nil {
			return f.err
		}
		var vals []string
		elem := int64(4)
		if typ == 2 {
			elem = d.lay.refSize
		}
		if n > 0 && data != 0 {
			if err := d.forEach(data, n, elem, "render info values", func(v *fields, o int64) {
				switch typ {
				case 0:
					vals = append(vals, strconv.Itoa(int(v.s32(o))))
				case 1:
					vals = append(vals, strconv.FormatFloat(float64(v.f32(o)), 'g', -1, 32))
				default:
					vals = append(vals, v.name(o))
				}
			}); err != nil {
				return err
			}
		}
		info.setRenderInfo(key, vals)
	}
	return nil
}

func (info *MaterialInfo) setRenderInfo(key string, vals []string) {
	if info.RenderInfo == nil {
		info.RenderInfo = map[string][]string{}
	}
	if _, ok := info.RenderInfo[key]; !ok {
		info.RenderInfoKeys = append(info.RenderInfoKeys, key)
	}
	info.RenderInfo[key] = vals
}

// gx2Compare maps a GX2 compare function (0 never … 7 always).
var gx2Compare = [8]mesh.Compare{mesh.CompareNever, mesh.CompareLess, mesh.CompareEqual, mesh.CompareLEqual,
	mesh.CompareGreater, mesh.CompareNEqual, mesh.CompareGEqual, mesh.CompareAlways}

// gx2Factor maps GX2 blend functions 0–9 (the rest: one).
func gx2Factor(v uint32) mesh.BlendFactor {
	if v <= 9 {
		return mesh.BlendFactor(v) // same order as mesh's factors
	}
	return mesh.FactorOne
}

// readRenderState reads the Wii U render state: u32 mode flags (low 2
// bits), polygon control (bit 0 cull front, 1 cull back, 2 front face
// clockwise), depth control (bit 1 test, 2 write), alpha control (bits
// 0–2 function, bit 3 enable), f32 alpha reference, colour control (bit
// 8: blending on target 0), blend target, blend control (colour source
// bits 0–4, combine 5–7, destination 8–12).
func (d *decoder) readRenderState(off int64, mat *mesh.Material, info *MaterialInfo) error {
	f, err := d.structAt(off, 0x20, "render state")
	if err != nil {
		return err
	}
	mode, poly, depth, alpha := f.u32(0), f.u32(4), f.u32(8), f.u32(0x0C)
	ref, color, blend := f.f32(0x10), f.u32(0x14), f.u32(0x1C)
	if f.err != nil {
		return f.err
	}
	info.RenderMode = [4]string{"custom", "opaque", "mask", "translucent"}[mode&3]
	mat.Cull = [4]mesh.Cull{mesh.CullNone, mesh.CullFront, mesh.CullBack, mesh.CullAll}[poly&3]
	info.FrontCW = poly&4 != 0
	mat.DepthTest, mat.DepthWrite = depth&2 != 0, depth&4 != 0
	mat.AlphaTest = mesh.AlphaTest{Enabled: alpha&8 != 0, Func: gx2Compare[alpha&7], Ref: ref}
	mat.Blend = mesh.Blend{Mode: mesh.Opaque, Src: mesh.FactorOne, Dst: mesh.FactorZero}
	switch {
	case color>>8&1 != 0:
		mat.Blend = mesh.Blend{Mode: mesh.Translucent, Src: gx2Factor(blend & 0x1F), Dst: gx2Factor(blend >> 8 & 0x1F),
			Subtract: blend>>5&7 == 4} // destination minus source
	case mat.AlphaTest.Enabled:
		mat.Blend.Mode = mesh.Mask
	}
	return nil
}

// String describes the material's samplers for the viewer: "_a0 → Tex".
func (info *MaterialInfo) String() string {
	return fmt.Sprintf("%s/%s %v", info.ShaderArchive, info.ShadingModel, info.Samplers)
}
