in vec4 v_color;
in float v_across; // pixels from the centre line
uniform float u_width;
out vec4 o_color;

void main() {
	float edge = 0.5 * u_width;
	float alpha = clamp(edge + 0.5 - abs(v_across), 0.0, 1.0);
	o_color = vec4(v_color.rgb, v_color.a * alpha);
}
