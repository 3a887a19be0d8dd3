// Model shapes: the albedo texture × the material colour (× vertex colour
// when the material says so), lit by a headlight and a hemisphere light
// (a stand-in: the games' lighting is not emulated), with the material's
// alpha test. The same program draws the wireframe overlay (u_wire.a > 0:
// a flat colour).
in vec3 v_normal;
in vec4 v_color;
in vec2 v_uv;

uniform sampler2D u_texture;
uniform int u_textured;
uniform vec4 u_color;
uniform int u_vertexColor;
// The alpha test: mesh.Compare (0 always, 1 never, 2 <, 3 <=, 4 ==, 5 !=,
// 6 >=, 7 >) against u_alphaRef.
uniform int u_alphaFunc;
uniform float u_alphaRef;
uniform float u_alphaScale; // X-ray makes the mesh translucent
uniform vec4 u_highlight;   // rgb mixed in by a
uniform vec4 u_wire;
uniform vec3 u_up; // world up in view space

out vec4 o_color;

bool alphaPasses(float a) {
	// GX compares 8-bit alphas; compare at that precision.
	float v = floor(a * 255.0 + 0.5), r = floor(u_alphaRef * 255.0 + 0.5);
	switch (u_alphaFunc) {
	case 1: return false;
	case 2: return v < r;
	case 3: return v <= r;
	case 4: return v == r;
	case 5: return v != r;
	case 6: return v >= r;
	case 7: return v > r;
	}
	return true;
}

void main() {
	if (u_wire.a > 0.0) {
		o_color = u_wire;
		return;
	}
	vec4 c = u_color;
	if (u_textured != 0) {
		c *= texture(u_texture, v_uv);
	}
	if (u_vertexColor != 0) {
		c *= v_color;
	}
	if (!alphaPasses(c.a)) {
		discard;
	}
	float light = 1.0;
	if (dot(v_normal, v_normal) > 1e-12) {
		vec3 n = normalize(v_normal);
		if (!gl_FrontFacing) {
			n = -n;
		}
		float head = max(n.z, 0.0);
		float hemi = 0.5 + 0.5 * dot(n, u_up);
		light = min(0.30 + 0.25 * hemi + 0.55 * head, 1.0);
	}
	c.rgb *= light;
	c.rgb = mix(c.rgb, u_highlight.rgb, u_highlight.a);
	c.a *= u_alphaScale;
	o_color = c;
}
