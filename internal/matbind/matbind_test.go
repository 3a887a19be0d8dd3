package matbind

import (
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/mesh"
)

// TestBinding: materials by name (the first of a name, a BRK register by
// its Material), texture SRT slots by matrix number (a BFRES parameter's
// trailing number; the albedo, guessed, when no slot names a matrix),
// pattern slots by texture map or sampler, pattern values through the
// file's texture numbers or the clip's names, out-of-range values none.
func TestBinding(t *testing.T) {
	m := &mesh.Model{
		Textures:     []*mesh.Texture{{Name: "a"}, {Name: "b"}},
		FileTextures: []int{1, -1, 0},
		Materials: []mesh.Material{
			{Name: "j3d", Textures: []mesh.TextureSlot{{TexMatrix: 2, Map: 1}, {TexMatrix: 0, Map: 3, Role: mesh.RoleAlbedo}, {TexMatrix: 2, Map: 4}}},
			{Name: "nw", Textures: []mesh.TextureSlot{{TexMatrix: -1, MapName: "_n0", Map: 0}, {TexMatrix: -1, MapName: "_a0", Map: 1, Role: mesh.RoleAlbedo}}},
			{Name: "j3d"},
		}}
	if i := Material(m, &anim.Target{Name: "j3d", Kind: anim.TexSRTTarget}); i != 0 {
		t.Errorf("material j3d = %d, want the first of the name", i)
	}
	if i := Material(m, &anim.Target{Name: "nw/C0", Material: "nw", Kind: anim.TevRegTarget}); i != 1 {
		t.Errorf("BRK register of nw = %d, want 1", i)
	}
	if i := Material(m, &anim.Target{Kind: anim.ShapeTarget}); i != -1 {
		t.Errorf("a BVA shape found material %d", i)
	}
	if mask, g := TexSRTSlots(&m.Materials[0], &anim.Target{Kind: anim.TexSRTTarget, TexGen: 2}); mask != 0b101 || g {
		t.Errorf("J3D texgen 2 slots %b guessed %v, want 101 exact", mask, g)
	}
	if mask, g := TexSRTSlots(&m.Materials[0], &anim.Target{Kind: anim.TexSRTTarget, Param: "tex_mtx0", TexGen: 2}); mask != 0b010 || g {
		t.Errorf("tex_mtx0 slots %b guessed %v, want 010", mask, g)
	}
	if mask, g := TexSRTSlots(&m.Materials[1], &anim.Target{Kind: anim.TexSRTTarget, Param: "tex_srt4"}); mask != 0b10 || !g {
		t.Errorf("BFRES tex_srt4 on slots without matrices: %b guessed %v, want the albedo, guessed", mask, g)
	}
	if mask := PatternSlots(&m.Materials[0], &anim.Target{Kind: anim.TexPatternTarget, TexMap: 3}); mask != 0b010 {
		t.Errorf("BTP texture map 3 slots %b", mask)
	}
	if mask := PatternSlots(&m.Materials[1], &anim.Target{Kind: anim.TexPatternTarget, Param: "_a0"}); mask != 0b10 {
		t.Errorf("FTXP sampler _a0 slots %b", mask)
	}
	j3d := &anim.Clip{}
	nw := &anim.Clip{TextureNames: []string{"b", "zz", "a"}}
	for _, c := range []struct {
		c    *anim.Clip
		v    float64
		want int
	}{{j3d, 0, 1}, {j3d, 1, -1}, {j3d, 2, 0}, {j3d, 3, -1}, {j3d, -1, -1}, {nw, 0, 1}, {nw, 1, -1}, {nw, 2, 0}, {nw, 3, -1}} {
		if got := PatternTexture(m, c.c, c.v); got != c.want {
			t.Errorf("pattern value %v (names %v) = texture %d, want %d", c.v, c.c.TextureNames, got, c.want)
		}
	}
	for s, want := range map[string]int{"tex_mtx12": 12, "tex_srt": -1, "": -1, "7": 7} {
		if got := trailingNumber(s); got != want {
			t.Errorf("trailingNumber(%q) = %d, want %d", s, got, want)
		}
	}
}
