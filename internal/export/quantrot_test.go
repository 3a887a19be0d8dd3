package export

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestRotationKeysAsShorts: the LINEAR rotation keys of a walk and the
// STEP ones of a full-frame table are written as normalised SHORTs
// (componentType 5122, normalized, 8 bytes a key; floats only where a
// joint's tolerance is finer than the rounding), decoded here from the
// bytes as the specification says (max(c/32767, −1)): each key is the
// game's rotation at its time (J3D rotations before the truncation, the
// export's reference) rounded to the nearest SHORTs, its length within
// 1/32767 of 1 (the validator allows 0.00769), consecutive LINEAR keys
// in one hemisphere; and played, every joint is within the bound at
// every key time and between them (checkWorld, both players).
func TestRotationKeysAsShorts(t *testing.T) {
	dir := apptest.ModelFixtures
	biped := open(t, dir+"biped.bmd").Skeletons[0]
	for _, tc := range []struct {
		name, interp string
		clip         *anim.Clip
	}{
		{"walk.bck", "LINEAR", open(t, dir+"walk.bck").Clips[0]},
		{"table.bca", "STEP", fullFrameBCA(t, len(biped.Joints), 12)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := Scene{Skeleton: biped, Clips: []Clip{{Clip: tc.clip, Source: tc.name}}}
			d, _ := exportFile(t, "shorts-"+tc.name+".glb", sc)
			bind := formats.Bind(tc.clip, biped)
			ref := tc.clip.UnroundedRotations()
			pose := anim.NewPose(ref)
			world := make([]mgl64.Mat4, len(biped.Joints))
			node := map[int]int{}
			for j, n := range d.jointNodes(t) {
				node[n] = j
			}
			ai := d.animation(t, clipName(sc.Clips[0]))
			an := &d.Animations[ai]
			channels, keys := 0, 0
			var times []float64
			for _, ch := range an.Channels {
				if ch.Target.Path != "rotation" {
					continue
				}
				s := an.Samplers[ch.Sampler]
				a := d.Accessors[s.Output]
				if s.Interpolation == "" {
					s.Interpolation = "LINEAR"
				}
				if s.Interpolation != tc.interp {
					t.Fatalf("node %d: %s rotation sampler, want %s", *ch.Target.Node, s.Interpolation, tc.interp)
				}
				bv := d.BufferViews[*a.BufferView]
				if a.ComponentType == 5126 {
					t.Logf("node %d float: %d keys", *ch.Target.Node, a.Count)
					continue
				}
				// 8 bytes a key, inside the buffer view (which keys written
				// one after another share).
				if a.ComponentType != 5122 || !a.Normalized || a.Type != "VEC4" || bv.ByteStride != 0 || a.ByteOffset+8*a.Count > bv.ByteLength {
					t.Fatalf("node %d: rotation output componentType %d normalized %v %s, %d keys from byte %d of a %d-byte view; want normalised SHORT VEC4, 8 bytes a key",
						*ch.Target.Node, a.ComponentType, a.Normalized, a.Type, a.Count, a.ByteOffset, bv.ByteLength)
				}
				channels++
				in, _ := d.floats(t, s.Input)
				j := node[*ch.Target.Node]
				var prev [4]float64
				for k := 0; k < a.Count; k++ {
					var q [4]float64
					for c := range q {
						off := bv.ByteOffset + a.ByteOffset + 8*k + 2*c
						q[c] = math.Max(float64(int16(binary.LittleEndian.Uint16(d.bin[off:])))/32767, -1)
					}
					if l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(l-1) > 1.0/32767 {
						t.Errorf("joint %d key %d: length %.9f", j, k, l)
					}
					if tc.interp == "LINEAR" && k > 0 && q[0]*prev[0]+q[1]*prev[1]+q[2]*prev[2]+q[3]*prev[3] <= 0 {
						t.Errorf("joint %d keys %d and %d in opposite hemispheres", j, k-1, k)
					}
					prev = q
					// The game's local rotation at the key's time (a STEP
					// key's: midway to the next key, as the key's float32
					// time lies just before the frame where the table
					// switches): the rotation part of the parent's world
					// inverted times the joint's.
					f := in[k] * ref.FPS
					at := f
					if tc.interp == "STEP" {
						next := ref.Duration
						if k+1 < len(in) {
							next = in[k+1] * ref.FPS
						}
						at = (f + next) / 2
					}
					anim.Evaluate(ref, at, pose)
					biped.World(pose, &bind, world)
					m := world[j]
					if p := biped.Joints[j].Parent; p >= 0 {
						m = world[p].Inv().Mul4(m)
					}
					g := rotationOf(m)
					if g.Dot(mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}) < 0 {
						g = g.Scale(-1)
					}
					// Nearest SHORTs: half a step, and the float32 key
					// time's offset from the sampled frame.
					for c, want := range []float64{g.V[0], g.V[1], g.V[2], g.W} {
						if e := math.Abs(q[c] - want); e > 0.5/32767+1e-6 {
							t.Errorf("joint %d key %d (frame %g) component %d: %.7f, the game's %.7f (off by %.3g SHORT steps)", j, k, f, c, q[c], want, e*32767)
						}
					}
					keys++
					times = append(times, f)
				}
			}
			if channels == 0 {
				t.Fatal("no rotation channel written as normalised SHORTs")
			}
			t.Logf("%d rotation channels, %d keys as SHORTs", channels, keys)
			checkWorldAt(t, d, biped, tc.clip, tc.name, false, append(times, testFrames(tc.clip)...))
		})
	}
}

// rotationOf is the rotation of an affine matrix with its columns'
// scale taken out, as a unit quaternion.
func rotationOf(m mgl64.Mat4) mgl64.Quat {
	for c := 0; c < 3; c++ {
		col := m.Col(c).Vec3()
		m.SetCol(c, col.Normalize().Vec4(0))
	}
	return mgl64.Mat4ToQuat(m).Normalize()
}

// TestQuantizeQuat: a unit quaternion's normalised SHORTs are its
// components rounded to the nearest step of 1/32767 (decoded exactly
// c/32767), within 1/32767 of unit length, and their direction within
// quantErrMax of the rotation (quatDist: 2.1 per unit of chord), the
// most the key reduction counts on: about 6.4e-5 rad.
func TestQuantizeQuat(t *testing.T) {
	worst := 0.0
	for i := 0; i < 20000; i++ {
		// Unit quaternions spread over the sphere (a fixed lattice of
		// angles), and the axis-aligned ones with components ±1.
		a, b, c := float64(i)*0.7071, float64(i)*1.3137, float64(i)*0.2213
		q := [4]float64{math.Sin(a) * math.Cos(b), math.Sin(a) * math.Sin(b), math.Cos(a) * math.Cos(c), math.Cos(a) * math.Sin(c)}
		if i < 8 {
			q = [4]float64{}
			q[i%4] = float64(1 - 2*(i/4))
		}
		dec := quantizeQuat(q)
		l := 0.0
		for k := range q {
			c := dec[k] * 32767
			if math.Abs(c-math.Round(c)) > 1e-9 || math.Abs(c-q[k]*32767) > 0.5+1e-9 {
				t.Fatalf("%v: component %d decodes %v = %v/32767, not the nearest SHORT", q, k, dec[k], c)
			}
			l += dec[k] * dec[k]
		}
		l = math.Sqrt(l)
		if math.Abs(l-1) > 1.0/32767 {
			t.Errorf("%v: decoded length %.9f", q, l)
		}
		chord := 0.0
		for k := range q {
			chord += (dec[k]/l - q[k]) * (dec[k]/l - q[k])
		}
		if e := 2.1 * math.Sqrt(chord); e > quantErrMax {
			t.Errorf("%v: direction off by %.4g (quatDist), more than %.4g", q, e, quantErrMax)
		}
		d := math.Abs(dec[0]*q[0]+dec[1]*q[1]+dec[2]*q[2]+dec[3]*q[3]) / l
		worst = math.Max(worst, 2*math.Acos(math.Min(1, d)))
	}
	t.Logf("worst rounding: %.3g rad (quantErrMax %.3g)", worst, quantErrMax)
}
