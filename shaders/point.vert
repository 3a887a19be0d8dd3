// Joint markers: a screen-aligned square of u_size pixels (per-point scale
// in a_scale) around each joint; the fragment shader cuts a disc out of it.
layout(location = 0) in vec3 a_center;
layout(location = 1) in vec4 a_color;
layout(location = 2) in vec2 a_corner; // -1..1
layout(location = 3) in float a_scale;

uniform mat4 u_mvp;
uniform vec2 u_viewport;
uniform float u_size;

out vec4 v_color;
out vec2 v_local; // pixels from the centre
flat out float v_radius;

void main() {
	vec4 c = u_mvp * vec4(a_center, 1.0);
	float radius = 0.5 * u_size * a_scale + 1.0;
	v_local = a_corner * radius;
	v_radius = radius - 1.0;
	v_color = a_color;
	gl_Position = vec4(c.xy + a_corner * radius / (0.5 * u_viewport) * c.w, c.zw);
}
