// Lines of a fixed width in pixels. Core profile drops wide GL lines, so each
// segment arrives as a quad: every vertex carries both endpoints and says
// which one it sits on (a_end: 0 or 1) and on which side (a_side: -1 or 1);
// the offset is computed in screen space so the width does not depend on
// the distance to the camera.
layout(location = 0) in vec3 a_a;
layout(location = 1) in vec3 a_b;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec2 a_corner; // x: end (0 = a, 1 = b), y: side (-1, 1)

uniform mat4 u_mvp;
uniform vec2 u_viewport; // pixels
uniform float u_width;   // pixels

out vec4 v_color;
out float v_across; // -1..1 across the line, for the antialiased edge

void main() {
	vec4 ca = u_mvp * vec4(a_a, 1.0);
	vec4 cb = u_mvp * vec4(a_b, 1.0);
	// Keep both ends in front of the near plane so the direction is sane.
	ca.w = max(ca.w, 1e-4);
	cb.w = max(cb.w, 1e-4);
	vec2 sa = ca.xy / ca.w * 0.5 * u_viewport;
	vec2 sb = cb.xy / cb.w * 0.5 * u_viewport;
	vec2 dir = sb - sa;
	float len = length(dir);
	dir = len > 1e-6 ? dir / len : vec2(1.0, 0.0);
	vec2 normal = vec2(-dir.y, dir.x);
	vec4 c = a_corner.x < 0.5 ? ca : cb;
	// Half a pixel more on each side for the antialiased fringe.
	float half_width = 0.5 * u_width + 0.5;
	vec2 offset = normal * a_corner.y * half_width / (0.5 * u_viewport) * c.w;
	gl_Position = vec4(c.xy + offset, c.zw);
	v_color = a_color;
	v_across = a_corner.y * half_width;
}
