in vec2 v_uv;
in vec2 v_raw_uv;
uniform sampler2D u_texture;
uniform float u_outline; // draw the untransformed 0..1 square's edge
// Material animations (render/quad_material.go): u_tint multiplies the
// colour, its alpha fades the quad (1,1,1,1: no animation); u_pattern >= 0
// is a texture-pattern index: the checker is shown as variant number
// u_pattern (turned and hued) with the number drawn in the top-left corner.
uniform vec4 u_tint;
uniform int u_pattern;
out vec4 o_color;

// Seven-segment masks of the digits 0..9 (bits: top, top-right,
// bottom-right, bottom, bottom-left, top-left, middle).
const int SEGMENTS[10] = int[10](0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F);

// digitOn reports whether p (0..1 in a digit cell, y down) lies on a lit
// segment of digit d.
bool digitOn(vec2 p, int d) {
	int m = SEGMENTS[d];
	float w = 0.16;
	bool midX = p.x > w && p.x < 1.0 - w;
	bool upper = p.y > w * 0.5 && p.y < 0.5;
	bool lower = p.y > 0.5 && p.y < 1.0 - w * 0.5;
	return ((m & 1) != 0 && p.y < w && midX) ||
		((m & 2) != 0 && p.x > 1.0 - w && upper) ||
		((m & 4) != 0 && p.x > 1.0 - w && lower) ||
		((m & 8) != 0 && p.y > 1.0 - w && midX) ||
		((m & 16) != 0 && p.x < w && lower) ||
		((m & 32) != 0 && p.x < w && upper) ||
		((m & 64) != 0 && abs(p.y - 0.5) < w * 0.5 && midX);
}

// variantHue is the colour of checker variant n.
vec3 variantHue(int n) {
	const vec3 hues[8] = vec3[8](vec3(1.0, 0.45, 0.35), vec3(0.4, 0.85, 0.4), vec3(0.4, 0.6, 1.0), vec3(1.0, 0.85, 0.3),
		vec3(0.85, 0.45, 1.0), vec3(0.3, 0.9, 0.9), vec3(1.0, 0.6, 0.85), vec3(0.75, 0.75, 0.75));
	return hues[n % 8];
}

void main() {
	vec2 uv = v_uv;
	if (u_pattern >= 0) {
		// Variant n: the checker turned by n quarter turns, in hue n.
		int turns = u_pattern % 4;
		for (int i = 0; i < turns; i++) {
			uv = vec2(1.0 - uv.y, uv.x);
		}
	}
	vec4 c = texture(u_texture, uv);
	if (u_pattern >= 0) {
		c.rgb = mix(c.rgb, c.rgb * variantHue(u_pattern), 0.7);
	}
	c *= u_tint;
	if (u_pattern >= 0) {
		// The index, up to three digits, in a dark box at the top left.
		int n = u_pattern % 1000;
		int digits = n < 10 ? 1 : (n < 100 ? 2 : 3);
		vec2 box0 = vec2(0.04, 0.04);
		vec2 cell = vec2(0.11, 0.2);
		float gap = 0.03;
		vec2 boxSize = vec2(float(digits) * (cell.x + gap) + gap, cell.y + 2.0 * gap);
		vec2 q = v_raw_uv - box0;
		if (q.x >= 0.0 && q.y >= 0.0 && q.x < boxSize.x && q.y < boxSize.y) {
			c = vec4(0.08, 0.08, 0.1, max(c.a, 0.85));
			vec2 d = q - vec2(gap);
			int k = int(floor(d.x / (cell.x + gap)));
			vec2 p = vec2((d.x - float(k) * (cell.x + gap)) / cell.x, d.y / cell.y);
			if (k >= 0 && k < digits && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0) {
				int place = digits - 1 - k;
				int digit = (n / (place == 2 ? 100 : (place == 1 ? 10 : 1))) % 10;
				if (digitOn(p, digit)) {
					c = vec4(1.0, 1.0, 1.0, 1.0);
				}
			}
		}
	}
	// Thin frame so the quad's extent stays visible whatever the matrix does.
	vec2 w = fwidth(v_raw_uv) * 1.5;
	vec2 edge = step(v_raw_uv, w) + step(1.0 - w, v_raw_uv);
	if (u_outline > 0.5 && max(edge.x, edge.y) > 0.0) {
		c = vec4(0.95, 0.95, 0.95, 1.0);
	}
	o_color = c;
}
