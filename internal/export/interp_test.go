package export

import (
	"math"
	"testing"
)

// spin is a rotation by deg·f/frames degrees about a tilted axis at frame
// f, as a unit quaternion.
func spin(deg, frames, f float64) [4]float64 {
	ax := [3]float64{1, 2, 2} // |ax| = 3
	h := deg * f / frames * math.Pi / 360
	s := math.Sin(h) / 3
	return [4]float64{ax[0] * s, ax[1] * s, ax[2] * s, math.Cos(h)}
}

// rotAngle is the angle of the rotation taking quaternion a to b, each
// normalised as a player poses it (keys stored as normalised SHORTs are
// within 3e-5 of unit length, not on it).
func rotAngle(a, b [4]float64) float64 {
	d := math.Abs(a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3]) / math.Sqrt((a[0]*a[0]+a[1]*a[1]+a[2]*a[2]+a[3]*a[3])*(b[0]*b[0]+b[1]*b[1]+b[2]*b[2]+b[3]*b[3]))
	return 2 * math.Acos(math.Min(1, d))
}

// TestLinearRotationKeys: a joint turning at a steady rate, which slerp
// between the first and last frame reproduces exactly, is keyed so that
// the component-wise lerp of the quaternions (normalised) holds the
// tolerance as well; a turn past 360° keeps consecutive keys in one
// hemisphere. Both plays are written here from their definitions.
func TestLinearRotationKeys(t *testing.T) {
	const frames, tol = 10.0, 1e-3
	for _, deg := range []float64{120, 400} {
		r := &refiner{
			at: func(f float64, out []trs) { out[0] = trs{R: spin(deg, frames, f), S: [3]float64{1, 1, 1}} },
			n:  1,
			keying: keying{
				tol:    [][numPaths]float64{{tol, tol, tol}},
				mode:   [][numPaths]interp{{interpLinear, interpLinear, interpLinear}},
				active: [][numPaths]bool{{false, true, false}},
				wmin:   1e-4,
			},
			evalsLeft: 1 << 20,
		}
		var cands []float64
		for f := 0.0; f <= frames; f++ {
			cands = append(cands, f)
		}
		rest := []trs{{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}}
		chans := (&reducer{keying: r.keying}).reduce(r.run(cands), rest, func(int) int { return 0 })
		if len(chans) != 1 || chans[0].path != pathR {
			t.Fatalf("%g°: channels %+v", deg, chans)
		}
		ch := chans[0]
		key := func(i int) [4]float64 { v := ch.values[4*i:]; return [4]float64{v[0], v[1], v[2], v[3]} }
		for i := 1; i < len(ch.frames); i++ {
			a, b := key(i-1), key(i)
			if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
				t.Errorf("%g°: keys %d and %d in opposite hemispheres", deg, i-1, i)
			}
		}
		worstLerp, worstSlerp := 0.0, 0.0
		for f := 0.0; f <= frames; f += frames / 997 {
			k := 0
			for k+2 < len(ch.frames) && ch.frames[k+1] <= f {
				k++
			}
			u := (f - ch.frames[k]) / (ch.frames[k+1] - ch.frames[k])
			a, b := key(k), key(k+1)
			var l [4]float64
			n := 0.0
			for c := range l {
				l[c] = a[c] + (b[c]-a[c])*u
				n += l[c] * l[c]
			}
			for c := range l {
				l[c] /= math.Sqrt(n)
			}
			// Slerp from its definition: a·sin((1−u)Ω)/sinΩ + b·sin(uΩ)/sinΩ.
			om := math.Acos(math.Min(1, a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3]))
			var s [4]float64
			for c := range s {
				if om < 1e-9 {
					s[c] = l[c]
				} else {
					s[c] = (a[c]*math.Sin((1-u)*om) + b[c]*math.Sin(u*om)) / math.Sin(om)
				}
			}
			want := spin(deg, frames, f)
			worstLerp = math.Max(worstLerp, rotAngle(l, want))
			worstSlerp = math.Max(worstSlerp, rotAngle(s, want))
		}
		if worstLerp > tol || worstSlerp > tol {
			t.Errorf("%g° over %g frames in %d keys: lerp off by %.3g rad, slerp by %.3g (tolerance %g)", deg, frames, len(ch.frames), worstLerp, worstSlerp, tol)
		}
	}
}

// TestLinearKeysFollowSCurves: a smooth curve that bends one way and then
// the other between two candidate frames passes through the chord's
// midpoint, which a midpoint test alone takes for a straight line; the
// slopes at the ends show the bend. Played back by lerp, the keys hold
// the tolerance everywhere.
func TestLinearKeysFollowSCurves(t *testing.T) {
	const tol, amp = 1e-3, 0.05
	curve := func(f float64) float64 { return amp * math.Sin(2*math.Pi*f) }
	r := &refiner{
		at: func(f float64, out []trs) {
			out[0] = trs{T: [3]float64{curve(f), 0, 0}, R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}
		},
		n: 1,
		keying: keying{
			tol:     [][numPaths]float64{{tol, tol, tol}},
			mode:    [][numPaths]interp{{interpLinear, interpLinear, interpLinear}},
			active:  [][numPaths]bool{{true, false, false}},
			wmin:    1e-4,
			hermite: true,
		},
		evalsLeft: 1 << 20,
	}
	rest := []trs{{R: [4]float64{0, 0, 0, 1}, S: [3]float64{1, 1, 1}}}
	chans := (&reducer{keying: r.keying}).reduce(r.run([]float64{0, 1, 2}), rest, func(int) int { return 0 })
	if len(chans) != 1 || chans[0].path != pathT {
		t.Fatalf("channels %+v", chans)
	}
	ch := chans[0]
	worst := 0.0
	for f := 0.0; f <= 2; f += 1.0 / 1009 {
		k := 0
		for k+2 < len(ch.frames) && ch.frames[k+1] <= f {
			k++
		}
		u := (f - ch.frames[k]) / (ch.frames[k+1] - ch.frames[k])
		x := ch.values[3*k] + (ch.values[3*k+3]-ch.values[3*k])*u
		worst = math.Max(worst, math.Abs(x-curve(f)))
	}
	if worst > tol {
		t.Errorf("%d keys: off by %.3g (tolerance %g)", len(ch.frames), worst, tol)
	}
}
