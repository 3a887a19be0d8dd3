// The BTK test quad. Texture coordinates go through the animated 2x3
// texture matrix, as the GX texture generator applies it: (s', t') =
// M · (s, t, 1).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec2 a_uv;

uniform mat4 u_mvp;
uniform vec3 u_texrow0; // m00 m01 m02
uniform vec3 u_texrow1; // m10 m11 m12

out vec2 v_uv;
out vec2 v_raw_uv;

void main() {
	vec3 st = vec3(a_uv, 1.0);
	v_uv = vec2(dot(u_texrow0, st), dot(u_texrow1, st));
	v_raw_uv = a_uv;
	gl_Position = u_mvp * vec4(a_pos, 1.0);
}
