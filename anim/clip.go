package anim

import (
	"errors"
	"fmt"
	"math"
)

// TargetKind says what a target animates.
type TargetKind uint8

const (
	JointTarget       TargetKind = iota // a skeleton joint / bone (also its visibility)
	TexSRTTarget                        // a texture matrix (BTK entry, BFRES texture SRT)
	TevRegTarget                        // a TEV colour or konst colour register (BRK)
	MatColorTarget                      // a material colour (BPK)
	TexPatternTarget                    // a texture slot's texture number (BTP, BFRES texture pattern)
	ShapeTarget                         // a shape's visibility (BVA)
	ShaderParamTarget                   // a shader parameter other than texture SRT (BFRES)
	NumTargetKinds
)

var targetKindNames = [NumTargetKinds]string{"joint", "texsrt", "tevreg", "matcolor", "texpattern", "shape", "shaderparam"}

// String is the kind's name in the sample JSON ("joint", "tevreg", ...).
func (k TargetKind) String() string {
	if k < NumTargetKinds {
		return targetKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// IsMaterial reports whether targets of this kind animate a material or
// shape (colour, texture pattern, visibility, shader parameter) rather
// than a joint or a texture matrix.
func (k TargetKind) IsMaterial() bool { return k >= TevRegTarget && k < NumTargetKinds }

// Slot is the component of a target's pose a channel drives. Joints use
// the x/y/z names, texture SRT targets the s/t/q names of the same slots.
type Slot uint8

const (
	ScaleX Slot = iota
	ScaleY
	ScaleZ
	RotX // degrees
	RotY
	RotZ
	TransX
	TransY
	TransZ
	QuatX // quaternion rotation components (x, y, z, w)
	QuatY
	QuatZ
	QuatW
	// TexModeSlot selects the NW texture-matrix formula per frame (BFRES
	// texture SRT: 0 Maya, 1 3ds Max, 2 Softimage); unused elsewhere.
	TexModeSlot
	// ColorR..ColorA are colour components as the game computes them
	// (BRK/BPK: integers after clamping and truncation; BFRES colour
	// parameters: floats).
	ColorR
	ColorG
	ColorB
	ColorA
	// TexIndex is a texture number (BTP, BFRES texture pattern).
	TexIndex
	// Visible is 1 when the joint, shape or material is shown, else 0.
	Visible
	// Param0 .. Param0+NumParamSlots-1 are the floats at byte offsets 0, 4,
	// ... inside a shader parameter ("offset.N" in the sample JSON).
	Param0
	NumSlots = Param0 + NumParamSlots
)

// NumParamSlots is how many 4-byte words of a shader parameter a target
// can animate (a float4x4 is 16).
const NumParamSlots = 16

var jointSlotNames = [NumSlots]string{"scale.x", "scale.y", "scale.z", "rotation.x", "rotation.y", "rotation.z", "translation.x", "translation.y", "translation.z", "rotation.qx", "rotation.qy", "rotation.qz", "rotation.qw", "mode"}
var texSlotNames = [NumSlots]string{"scale.s", "scale.t", "scale.q", "rotation.s", "rotation.t", "rotation.q", "translation.s", "translation.t", "translation.q", "rotation.qx", "rotation.qy", "rotation.qz", "rotation.qw", "mode"}

func init() {
	common := []string{"r", "g", "b", "a", "texIndex", "visible"}
	for i, n := range common {
		jointSlotNames[ColorR+Slot(i)], texSlotNames[ColorR+Slot(i)] = n, n
	}
	for i := 0; i < NumParamSlots; i++ {
		n := fmt.Sprintf("offset.%d", 4*i)
		jointSlotNames[Param0+Slot(i)], texSlotNames[Param0+Slot(i)] = n, n
	}
}

// Name is the channel name of the slot for a target kind, as in the sample
// JSON ("rotation.y", "translation.s").
func (s Slot) Name(k TargetKind) string {
	if s >= NumSlots {
		return fmt.Sprintf("slot(%d)", uint8(s))
	}
	if k == TexSRTTarget {
		return texSlotNames[s]
	}
	return jointSlotNames[s]
}

// IsColor reports whether the slot is a colour component.
func (s Slot) IsColor() bool { return s >= ColorR && s <= ColorA }

// IsStep reports whether the slot holds a discrete value (a texture number,
// a visibility flag, a texture-matrix mode) that plots as steps.
func (s Slot) IsStep() bool { return s == TexIndex || s == Visible || s == TexModeSlot }

// IsRotation reports whether the slot is an Euler angle (in degrees).
func (s Slot) IsRotation() bool { return s >= RotX && s <= RotZ }

// IsQuat reports whether the slot is a quaternion component.
func (s Slot) IsQuat() bool { return s >= QuatX && s <= QuatW }

// ParseSlot is the inverse of Slot.Name.
func ParseSlot(k TargetKind, name string) (Slot, bool) {
	names := &jointSlotNames
	if k == TexSRTTarget {
		names = &texSlotNames
	}
	for i, n := range names {
		if n == name {
			return Slot(i), true
		}
	}
	return 0, false
}

// Channel is one animated component of a target.
type Channel struct {
	Slot  Slot
	Curve Curve
}

// QuatCurve is a rotation track evaluated as a whole (for example slerped
// between stored quaternions), which per-component curves cannot do.
type QuatCurve interface {
	EvalQuat(frame float64) [4]float64 // x, y, z, w
	Validate() error
}

// TexMatrixMode selects the formula that turns a texture SRT into a 2x3
// matrix. J3D files pick Basic or Maya; NW4F (BFRES) animations pick one of
// the three NW modes per frame through their mode channel.
type TexMatrixMode uint8

const (
	TexJ3DBasic TexMatrixMode = iota
	TexJ3DMaya
	TexNWMaya
	TexNW3dsMax
	TexNWSoftimage
)

var texModeNames = [...]string{"basic", "maya", "nw-maya", "nw-3dsmax", "nw-softimage"}

func (m TexMatrixMode) String() string {
	if int(m) < len(texModeNames) {
		return texModeNames[m]
	}
	return fmt.Sprintf("texmode(%d)", uint8(m))
}

// Target is one animated thing: a joint or a texture matrix.
type Target struct {
	Name  string // "" where the file stores none
	Index int    // position in the file's table
	Kind  TargetKind
	// TexGen is the texture coordinate / matrix index of a texture SRT
	// target (-1 for joints).
	TexGen int
	// Quaternion is set when the rotation is expressed as quaternion
	// components (QuatX..QuatW) instead of Euler angles.
	Quaternion bool
	// Base holds the value of every slot no channel drives.
	Base [NumSlots]float64
	// Channels are the animated (or constant) components, in the order the
	// file stores them; the sample output lists exactly these.
	Channels []Channel
	// Quat, when non-nil, drives QuatX..QuatW together; channels in those
	// slots then only describe the components for plotting and sampling.
	Quat QuatCurve
	// TexMode and Center configure the texture matrix of texsrt targets.
	TexMode TexMatrixMode
	Center  [3]float64
	// Param is the shader parameter's name (BFRES texture SRT and shader
	// parameter targets: "tex_mtx0"); "" elsewhere.
	Param string
	// Material and Register name a BRK register target's material and
	// register ("C0".."C3", "K0".."K3"); "" elsewhere.
	Material, Register string
	// TexMap is a texture-pattern target's texture slot (0..7); -1 or 0
	// elsewhere (only texpattern targets report it).
	TexMap int
	// Flags, when HasFlags is set, replace the bound joint's
	// TransformFlags while this target drives it: a BFRES bone animation
	// carries its own (NintendoWare G3d copies them into the bone's local
	// matrix, CopySTAndFlag).
	Flags    TransformFlags
	HasFlags bool
	// FromRest lists the slots that neither a curve nor a base value of
	// the file sets: a skeleton the clip is bound to supplies them from
	// the joint's rest values (G3d ResBoneAnim::Init with the bound bone).
	// Base holds the values shown without such a skeleton.
	FromRest SlotMask
	// Helper marks a joint target whose bone no skeleton of the clip's
	// own file holds: a rig's control bone exported with the animation
	// (Mario Kart 8 Deluxe's BotW Link names 49 beside its 33 bones). It
	// drives nothing anywhere, so it does not count against the clip when
	// pairing judges which skeleton the clip was made for.
	Helper bool
}

// Channel returns the channel driving slot s, if any.
func (t *Target) Channel(s Slot) (Channel, bool) {
	for _, c := range t.Channels {
		if c.Slot == s {
			return c, true
		}
	}
	return Channel{}, false
}

// Clip is one animation, in a form every format converts into.
type Clip struct {
	Name     string // the animation's name where the file has one
	Format   string // "bck", "btk", "bfres-skeletal", "bfres-texsrt", "jba"
	Duration float64
	FPS      float64
	Loop     LoopMode
	Targets  []Target
	// RootMotion, when non-nil, is a track that moves the whole character
	// through the scene (JBA's world-space section). It is not one of
	// Targets: it is bound to no joint and is not part of the sample
	// output. Evaluate it on its own with EvaluateTarget; a viewer applies
	// it as the model matrix (translation and rotation from the pose,
	// world = RootMotion · skeleton world) or ignores it to keep the
	// character in place.
	RootMotion *Target
	// TextureNames, when set, are the textures a texture-pattern clip's
	// values index (BFRES texture patterns store a value as a position
	// in the animation's own list of texture names); nil where the value
	// is the model's own texture number (J3D BTP: a TEX1 entry).
	TextureNames []string

	plan *evalPlan // see Prepare
}

// DefaultBase is the rest value of every slot: unit scale, zero rotation
// and translation, identity quaternion.
func DefaultBase() [NumSlots]float64 {
	var b [NumSlots]float64
	b[ScaleX], b[ScaleY], b[ScaleZ] = 1, 1, 1
	b[QuatW] = 1
	b[Visible] = 1
	return b
}

// Validate checks what evaluation relies on: a finite, non-negative
// duration and fps, a known loop mode, channel slots in range, and every
// curve's own checks (finite values, sorted keys).
func (c *Clip) Validate() error {
	if !finite(c.Duration) || c.Duration < 0 {
		return fmt.Errorf("duration %v is not a finite non-negative number", c.Duration)
	}
	if !finite(c.FPS) || c.FPS <= 0 {
		return fmt.Errorf("fps %v is not a finite positive number", c.FPS)
	}
	if !c.Loop.Valid() {
		return fmt.Errorf("loop mode %d is not 0..4", uint8(c.Loop))
	}
	for i := range c.Targets {
		if err := c.Targets[i].validate(func() string { return fmt.Sprintf("target %d (%q)", i, c.Targets[i].Name) }); err != nil {
			return err
		}
	}
	if c.RootMotion != nil {
		if err := c.RootMotion.validate(func() string { return "root motion" }); err != nil {
			return err
		}
	}
	return nil
}

// validate checks one target; label names it in messages (built only on
// failure).
func (t *Target) validate(label func() string) error {
	for _, b := range t.Base {
		if !finite(b) {
			return fmt.Errorf("%s: base value %v is not finite", label(), b)
		}
	}
	for _, ch := range t.Channels {
		if ch.Slot >= NumSlots {
			return fmt.Errorf("%s: channel slot %d out of range", label(), ch.Slot)
		}
		if ch.Curve == nil {
			return fmt.Errorf("%s: channel %s has no curve", label(), ch.Slot.Name(t.Kind))
		}
		if err := ch.Curve.Validate(); err != nil {
			return fmt.Errorf("%s channel %s: %w", label(), ch.Slot.Name(t.Kind), err)
		}
	}
	if t.Quat != nil {
		if err := t.Quat.Validate(); err != nil {
			return fmt.Errorf("%s rotation: %w", label(), err)
		}
	}
	return nil
}

// ErrNoTargets is returned by functions that need at least one target.
var ErrNoTargets = errors.New("clip has no targets")

// KeyFrames appends the distinct key frames of all channels of target t to
// dst in increasing order (timeline markers).
func (t *Target) KeyFrames(dst []float64) []float64 {
	start := len(dst)
	for _, ch := range t.Channels {
		if ch.Curve.Kind() == KindConstant {
			continue
		}
		for i, n := 0, ch.Curve.NumKeys(); i < n; i++ {
			dst = append(dst, ch.Curve.Key(i).Frame)
		}
	}
	out := dst[start:]
	sortFloats(out)
	w := 0
	for i, f := range out {
		if i == 0 || f != out[w-1] {
			out[w] = f
			w++
		}
	}
	return dst[:start+w]
}

func sortFloats(a []float64) {
	// insertion sort is fine for marker lists and keeps anim free of sort's
	// interface allocations.
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// degToRad converts degrees to radians.
func degToRad(d float64) float64 { return d * (math.Pi / 180) }
