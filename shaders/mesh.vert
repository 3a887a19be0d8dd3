// Skinned model shapes. Each vertex follows up to 8 palette entries: the
// skin matrices of this frame sit in a texture buffer, four RGBA32F texels
// (the columns) per matrix, from u_skinBase on. The vertex goes to
// Σ wᵢ·Mᵢ·p (as mesh.Model.PoseInto does on the CPU); a vertex with no
// influence (or only ones naming entries past u_skinCount) stays where it
// is stored.
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal; // (0,0,0) when the shape has none
layout(location = 2) in vec4 a_color;  // vertex colour set 0 (white without)
layout(location = 3) in vec2 a_uv;     // the UV set the albedo slot samples
layout(location = 4) in uvec4 a_joints0; // palette entries
layout(location = 5) in uvec4 a_joints1;
layout(location = 6) in vec4 a_weights0;
layout(location = 7) in vec4 a_weights1;

uniform mat4 u_model; // model space to world (MeshDraw.Transform)
uniform mat4 u_view;
uniform mat4 u_proj;
uniform samplerBuffer u_skin;
uniform int u_skinBase;
uniform int u_skinCount;
// 0 none, 1 faces the camera fully, 2 turns about its Y axis only (J3D
// billboards: the view-space rotation is replaced, the scale kept).
uniform int u_billboard;
uniform vec3 u_texrow0; // the albedo slot's 2x3 texture matrix
uniform vec3 u_texrow1;

out vec3 v_normal; // view space
out vec4 v_color;
out vec2 v_uv;

mat4 skinMatrix(uint e) {
	int base = (u_skinBase + int(e)) * 4;
	return mat4(texelFetch(u_skin, base), texelFetch(u_skin, base + 1),
		texelFetch(u_skin, base + 2), texelFetch(u_skin, base + 3));
}

void addInfluence(inout mat4 m, inout float total, uint e, float w) {
	if (w != 0.0 && int(e) < u_skinCount) {
		m += w * skinMatrix(e);
		total += w;
	}
}

void main() {
	mat4 skin = mat4(0.0);
	float total = 0.0;
	for (int k = 0; k < 4; k++) {
		addInfluence(skin, total, a_joints0[k], a_weights0[k]);
		addInfluence(skin, total, a_joints1[k], a_weights1[k]);
	}
	if (total == 0.0) {
		skin = mat4(1.0);
	}
	mat4 mv = u_view * u_model * skin;
	if (u_billboard != 0) {
		vec3 s = vec3(length(mv[0].xyz), length(mv[1].xyz), length(mv[2].xyz));
		if (u_billboard == 1) {
			mv[0].xyz = vec3(s.x, 0.0, 0.0);
			mv[1].xyz = vec3(0.0, s.y, 0.0);
			mv[2].xyz = vec3(0.0, 0.0, s.z);
		} else {
			vec3 y = s.y > 0.0 ? mv[1].xyz / s.y : vec3(0.0, 1.0, 0.0);
			vec3 x = cross(y, vec3(0.0, 0.0, 1.0));
			x = length(x) > 1e-6 ? normalize(x) : vec3(1.0, 0.0, 0.0);
			vec3 z = cross(x, y);
			mv[0].xyz = x * s.x;
			mv[1].xyz = y * s.y;
			mv[2].xyz = z * s.z;
		}
	}
	vec4 p = mv * vec4(a_pos, 1.0);
	gl_Position = u_proj * p;
	v_normal = mat3(mv) * a_normal;
	v_color = a_color;
	vec3 st = vec3(a_uv, 1.0);
	v_uv = vec2(dot(u_texrow0, st), dot(u_texrow1, st));
}
