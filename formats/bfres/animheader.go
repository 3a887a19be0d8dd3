package bfres

import "github.com/animscope/animscope/anim"

// AnimHeader is what the header of every animation subfile (FSKA, FSHU
// and FMAA, FVIS and FBVS, FTXP) states alike: its name, flags and
// length, the runtime's bind table (one index per animated bone or
// material) and its user data.
type AnimHeader struct {
	FileOffset  int64
	Name, Path  string
	Flags       uint32 // bit 0 baked, bit 2 loop; the other bits are the kind's
	FrameCount  int32
	BakedSize   uint32
	NumUserData uint16
	BindIndices []uint16
	UserData    []UserData // nil where the kind has none (Wii U FVIS, FTXP)
}

// Animation flag bits every kind shares.
const (
	animBaked = 1 << 0
	animLoop  = 1 << 2
)

// Baked reports the baked flag (bit 0).
func (h *AnimHeader) Baked() bool { return h.Flags&animBaked != 0 }

// Loop reports the looping flag (bit 2).
func (h *AnimHeader) Loop() bool { return h.Flags&animLoop != 0 }

// animRefs are where an animation's bind indices and user data are (0:
// none).
type animRefs struct{ bind, userData, userDict int64 }

// readAnimHeader opens the header of the animation at off and reads the
// fields every kind shares (l) into h; the kind reads its own from the
// returned reader, then calls animRefs.
func (d *decoder) readAnimHeader(off int64, l *animLayout, h *AnimHeader) (fields, error) {
	f, err := d.structAt(off, l.size, l.header)
	if err != nil {
		return f, err
	}
	h.FileOffset = off
	h.Name = f.nameAt(l.name)
	h.Path = f.nameAt(l.path)
	h.Flags = uint32(f.num(l.flags))
	h.FrameCount = int32(f.num(l.frameCount))
	h.BakedSize = uint32(f.num(l.bakedSize))
	h.NumUserData = uint16(f.num(l.numUserData))
	return f, nil
}

// animRefs finishes reading the animation header f (read with
// readAnimHeader, then by the kind): it returns where the bind indices
// and user data are, the header's first unreadable field, or a negative
// frame count.
func (d *decoder) animRefs(f *fields, l *animLayout, h *AnimHeader) (animRefs, error) {
	r := animRefs{bind: f.refAt(l.bindIndices), userData: f.refAt(l.userData), userDict: f.refAt(l.udict)}
	if f.err != nil {
		return r, f.err
	}
	if h.FrameCount < 0 {
		return r, d.errf(f.base+l.frameCount.at, "%s %q: negative frame count %d", l.magic, h.Name, h.FrameCount)
	}
	return r, nil
}

// clip is the clip of the animation, before its targets: named after
// it, its length in frames at the games' rate, looping as its flag says.
func (h *AnimHeader) clip(format string) *anim.Clip {
	return &anim.Clip{Name: h.Name, Format: format, Duration: float64(h.FrameCount), FPS: FPS, Loop: loopMode(h.Loop())}
}

// info is the `info` summary of the animation, before what its kind
// adds.
func (h *AnimHeader) info() AnimInfo {
	return AnimInfo{Name: h.Name, Frames: h.FrameCount, Loop: h.Loop(), Baked: h.Baked(), CurveKinds: map[string]int{},
		UserData: userDataInfo(h.UserData)}
}
