package anim

// TargetPose is the evaluated state of one target: every slot's value, in
// display units (degrees for Euler angles).
type TargetPose struct {
	V [NumSlots]float64
	// Quaternion is set when the rotation is in QuatX..QuatW (copied from
	// the target, so a skeleton can pose from the pose alone).
	Quaternion bool
	// Flags, HasFlags and FromRest are copied from the target for the
	// skeleton (see Target).
	Flags    TransformFlags
	HasFlags bool
	FromRest SlotMask
}

// Pose holds one TargetPose per clip target. It is owned by the caller and
// reused across frames so that evaluation allocates nothing.
type Pose struct {
	Targets []TargetPose
	// segs cache each planned Hermite channel's current segment, for the
	// plan segsFor.
	segs    []hermiteSegment
	segsFor *evalPlan
}

// NewPose returns a pose sized for clip.
func NewPose(c *Clip) *Pose {
	p := &Pose{Targets: make([]TargetPose, len(c.Targets))}
	if c.plan != nil {
		p.segs = newSegments(len(c.plan.herm))
		p.segsFor = c.plan
	}
	return p
}

// Evaluate samples every target of the clip at frame into pose, growing
// pose only if it is too small for the clip.
func Evaluate(c *Clip, frame float64, pose *Pose) {
	if cap(pose.Targets) < len(c.Targets) {
		pose.Targets = make([]TargetPose, len(c.Targets))
	}
	pose.Targets = pose.Targets[:len(c.Targets)]
	if p := c.plan; p != nil && p.targets == len(c.Targets) {
		evaluatePlanned(p, frame, pose)
		return
	}
	for i := range c.Targets {
		EvaluateTarget(&c.Targets[i], frame, &pose.Targets[i])
	}
}

// EvaluateTarget samples one target at frame.
func EvaluateTarget(t *Target, frame float64, out *TargetPose) {
	out.V = t.Base
	out.Quaternion = t.Quaternion
	out.Flags, out.HasFlags, out.FromRest = t.Flags, t.HasFlags, t.FromRest
	for _, ch := range t.Channels {
		if t.Quat != nil && ch.Slot.IsQuat() {
			continue
		}
		out.V[ch.Slot] = ch.Curve.Eval(frame)
	}
	if t.Quat != nil {
		q := t.Quat.EvalQuat(frame)
		out.V[QuatX], out.V[QuatY], out.V[QuatZ], out.V[QuatW] = q[0], q[1], q[2], q[3]
	}
}
