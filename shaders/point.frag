in vec4 v_color;
in vec2 v_local;
flat in float v_radius;
out vec4 o_color;

void main() {
	float d = length(v_local);
	float alpha = clamp(v_radius + 0.5 - d, 0.0, 1.0);
	if (alpha <= 0.0) {
		discard;
	}
	// A dark rim keeps light joints readable over a light texture.
	float rim = smoothstep(v_radius - 2.0, v_radius - 1.0, d);
	o_color = vec4(mix(v_color.rgb, v_color.rgb * 0.35, rim), v_color.a * alpha);
}
