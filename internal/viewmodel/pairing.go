package viewmodel

// Pairing is what the Scene panel offers: every skeleton of the open files
// and the animations, ranked for the model in use (cmd/animscope ranks them
// with pairing.Pair: same file, same archive, same directory, matching
// joint count).
type Pairing struct {
	Models []ModelChoice
	Model  int // index into Models of the model in use; -1: none
	// Anims are the joint animations: the model's suggestions first, in
	// rank order (Reason set), then the others.
	Anims []AnimChoice
	Anim  int // index into Anims of the playing joint clip; -1: none
	// TexAnims are the texture SRT animations (BTK, BFRES texture SRT).
	TexAnims []AnimChoice
	TexAnim  int
	// MaterialAnims are the material and visibility animations (BRK,
	// BPK, BTP, BVA; BFRES material and visibility): they animate
	// material registers and shapes, not joints, and several play at
	// once beside the joint clip, each marked Playing.
	MaterialAnims []AnimChoice
	// HasRootMotion is set when the joint clip has a root-motion track
	// (JBA's world-space section); ApplyRootMotion says whether it moves
	// the character or the character is locked in place.
	HasRootMotion   bool
	ApplyRootMotion bool
}

// ModelChoice is one skeleton of an open file.
type ModelChoice struct {
	File, Skel int
	Label      string
	Joints     int
}

// AnimChoice is one animation of an open file.
type AnimChoice struct {
	File, Clip int
	Label      string
	Joints     int     // joint targets (texture entries for a texture clip, targets for a material clip)
	Frames     float64 // duration
	// Reason is why it is suggested for the model in use ("same
	// archive", ...); "" when it is not.
	Reason string
	// Warnings are the binding's mismatches on the model in use.
	Warnings []string
	// Kind is what a material animation animates ("TEV colours",
	// "shape visibility"); Playing says it plays now.
	Kind    string
	Playing bool
}
