in vec2 v_uv;
in vec2 v_raw_uv;
uniform sampler2D u_texture;
uniform float u_outline; // draw the untransformed 0..1 square's edge
out vec4 o_color;

void main() {
	vec4 c = texture(u_texture, v_uv);
	// Thin frame so the quad's extent stays visible whatever the matrix does.
	vec2 w = fwidth(v_raw_uv) * 1.5;
	vec2 edge = step(v_raw_uv, w) + step(1.0 - w, v_raw_uv);
	if (u_outline > 0.5 && max(edge.x, edge.y) > 0.0) {
		c = vec4(0.95, 0.95, 0.95, 1.0);
	}
	o_color = c;
}
