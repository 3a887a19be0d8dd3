package gxshader

// Vertex attribute locations: the first eight are those of render's
// model shader (same buffer); the GX ones follow from a second buffer.
const (
	AttrColor1 = 8
	AttrUV01   = 9 // uv sets 0 and 1 in one vec4; 10 sets 2,3; 11: 4,5; 12: 6,7
)

// VertexShader is the vertex stage of every GX program: skinning as the
// model shader does it, the colour channels and texture-coordinate
// generators as the hardware computes them per vertex, configured by
// uniforms (u_chan, u_texGen) so one compiled program serves every
// material; drivers take long over vertex programs, and a model has
// dozens of materials.
const VertexShader = `layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color0;
layout(location = 4) in uvec4 a_joints0;
layout(location = 5) in uvec4 a_joints1;
layout(location = 6) in vec4 a_weights0;
layout(location = 7) in vec4 a_weights1;
layout(location = 8) in vec4 a_color1;
layout(location = 9) in vec4 a_uv01;
layout(location = 10) in vec4 a_uv23;
layout(location = 11) in vec4 a_uv45;
layout(location = 12) in vec4 a_uv67;

uniform mat4 u_model;
uniform mat4 u_view;
uniform mat4 u_proj;
uniform samplerBuffer u_skin;
uniform int u_skinBase;
uniform int u_skinCount;
uniform int u_billboard;
uniform vec4 u_matColor[2];
uniform vec4 u_ambColor[2];
uniform vec3 u_lightDir;   // view space, towards the light
uniform vec4 u_lightColor;
uniform mat4 u_texMtx[10]; // rows s, t, q of each texture matrix
// u_chan: per COLOR0, ALPHA0, COLOR1, ALPHA1: (lighting, material from
// vertex, ambient from vertex, diffuse function + 4 × attenuation
// function + 16 when a light is on); u_numChans channels are used.
uniform ivec4 u_chan[4];
uniform int u_numChans;
// u_texGen: per texgen (type, source, matrix slot or -1); u_numTexGens.
uniform ivec4 u_texGen[8];
uniform int u_numTexGens;

out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) out vec4 v_color0;
layout(location = 1) out vec4 v_color1;
layout(location = 2) out vec3 v_tex[8];

mat4 paletteMatrix(uint e) {
	int at = (u_skinBase + int(e)) * 4;
	return mat4(texelFetch(u_skin, at), texelFetch(u_skin, at + 1), texelFetch(u_skin, at + 2), texelFetch(u_skin, at + 3));
}

mat4 skinOf() {
	mat4 m = mat4(0.0);
	float sum = 0.0;
	for (int k = 0; k < 4; k++) {
		if (a_weights0[k] != 0.0 && int(a_joints0[k]) < u_skinCount) { m += a_weights0[k] * paletteMatrix(a_joints0[k]); sum += a_weights0[k]; }
		if (a_weights1[k] != 0.0 && int(a_joints1[k]) < u_skinCount) { m += a_weights1[k] * paletteMatrix(a_joints1[k]); sum += a_weights1[k]; }
	}
	return sum == 0.0 ? mat4(1.0) : m;
}

mat4 billboarded(mat4 mv) {
	if (u_billboard == 0) return mv;
	vec3 sc = vec3(length(mv[0].xyz), length(mv[1].xyz), length(mv[2].xyz));
	if (u_billboard == 1) {
		mv[0].xyz = vec3(sc.x, 0.0, 0.0);
		mv[1].xyz = vec3(0.0, sc.y, 0.0);
		mv[2].xyz = vec3(0.0, 0.0, sc.z);
		return mv;
	}
	vec3 y = sc.y > 0.0 ? mv[1].xyz / sc.y : vec3(0.0, 1.0, 0.0);
	vec3 x = cross(y, vec3(0.0, 0.0, 1.0));
	x = length(x) > 1e-6 ? normalize(x) : vec3(1.0, 0.0, 0.0);
	mv[0].xyz = x * sc.x;
	mv[1].xyz = y * sc.y;
	mv[2].xyz = cross(x, y) * sc.z;
	return mv;
}

// channel is one half (rgb or alpha) of a colour channel: the material
// source, lit by the ambient source plus the stand-in light when asked.
vec4 channel(ivec4 c, int k, vec4 vtx, float nl) {
	vec4 mat = c.y != 0 ? vtx : u_matColor[k];
	if (c.x == 0) return mat;
	vec4 amb = c.z != 0 ? vtx : u_ambColor[k];
	int fn = c.w & 3, attnFn = (c.w >> 2) & 3;
	float diff = fn == 0 ? 1.0 : fn == 1 ? nl : max(nl, 0.0);
	float attn = attnFn == 0 ? (nl > 0.0 ? 1.0 : 0.0) : 1.0; // specular: lit from the front only
	float on = (c.w & 16) != 0 ? 1.0 : 0.0;
	return mat * clamp(amb + on * diff * attn * u_lightColor, 0.0, 1.0);
}

vec2 uvSet(int k) {
	vec4 p = k < 2 ? a_uv01 : k < 4 ? a_uv23 : k < 6 ? a_uv45 : a_uv67;
	return (k & 1) == 0 ? p.xy : p.zw;
}

void main() {
	mat4 skin = skinOf();
	vec4 mpos = skin * vec4(a_pos, 1.0);
	vec3 mnrm = mat3(skin) * a_normal;
	mat4 mv = billboarded(u_view * u_model * skin);
	gl_Position = u_proj * (mv * vec4(a_pos, 1.0));
	vec3 n = mat3(mv) * a_normal;
	n = dot(n, n) > 1e-12 ? normalize(n) : vec3(0.0, 0.0, 1.0);
	float nl = dot(n, normalize(u_lightDir));
	vec4 c0 = vec4(0.0), c1 = vec4(0.0);
	if (u_numChans > 0) {
		c0 = vec4(channel(u_chan[0], 0, a_color0, nl).rgb, channel(u_chan[1], 0, a_color0, nl).a);
	}
	if (u_numChans > 1) {
		c1 = vec4(channel(u_chan[2], 1, a_color1, nl).rgb, channel(u_chan[3], 1, a_color1, nl).a);
	}
	v_color0 = c0;
	v_color1 = c1;
	vec3 tc[8];
	for (int i = 0; i < 8; i++) {
		tc[i] = vec3(0.0, 0.0, 1.0);
		if (i >= u_numTexGens) continue;
		ivec4 g = u_texGen[i];
		vec4 src = vec4(0.0, 0.0, 1.0, 1.0);
		if (g.y == 0) src = mpos;
		else if (g.y == 1) src = vec4(mnrm, 1.0);
		else if (g.y >= 4 && g.y <= 11) src = vec4(uvSet(g.y - 4), 1.0, 1.0);
		else if (g.y >= 12 && g.y <= 18 && g.y - 12 < i) src = vec4(tc[g.y - 12], 1.0);
		else if (g.y == 19) src = vec4(c0.rg, 1.0, 1.0);
		else if (g.y == 20) src = vec4(c1.rg, 1.0, 1.0);
		if (g.x >= 2) { // SRTG (the channel's red and green) and emboss: the source as it is
			tc[i] = vec3(src.xy, 1.0);
			continue;
		}
		vec4 r = g.z >= 0 ? u_texMtx[g.z] * src : src;
		tc[i] = g.x == 1 ? vec3(r.xy, 1.0) : r.xyz;
	}
	v_tex = tc;
}
`
