package bfres

import (
	"fmt"
	"testing"

	"github.com/animscope/animscope/anim"
)

// The G3d posing tests (posing_test.go) on Switch files: the same
// skeleton and animation written with the Switch test-side writer, per
// version, with the scale mode in the FSKL flags (bits 8-9; in the block
// header from v9) and the compensate bit in each bone animation's own
// flags word (bits 23-27, the same layout as Wii U).

// nxLinear is posing_test's two-key linear curve as a Switch curve.
func nxLinear(target uint32, v [2]float32) nxCurveDesc {
	return nxCurveDesc{target: target, typ: anim.NWLinear, ft: anim.NWFrameF32, kt: Key32, end: poseFrames,
		scale: 1, delta: float64(v[1] - v[0]), frames: []float64{0, poseFrames},
		keys: [][]float64{{float64(v[0]), float64(v[1] - v[0])}, {float64(v[1]), 0}}}
}

func nxPoseModel(bones []poseBone, scaleMode uint32, quat bool) nxModelDesc {
	m := nxModelDesc{name: "Skeleton", scaleMode: scaleMode, rotMode: rotationModeEulerXYZ}
	if quat {
		m.rotMode = rotationModeQuat
	}
	for _, b := range bones {
		r := [4]float32{b.euler[0], b.euler[1], b.euler[2], 1}
		if quat {
			r = b.quat
		}
		m.bones = append(m.bones, nxBoneDesc{name: b.name, parent: int16(b.parent), smooth: -1, rigid: -1, quat: quat,
			scale: b.scale, rotate: r, translate: b.trans, segmentScaleCompensated: b.skelComp})
	}
	return m
}

func nxPoseAnim(bones []poseBone, scaleMode uint32, quat bool) nxSkelDesc {
	rot := uint32(rotationModeEulerXYZ)
	if quat {
		rot = rotationModeQuat
	}
	a := nxSkelDesc{name: "Pose", flags: scaleMode<<8 | rot<<12, frames: poseFrames}
	for _, b := range bones {
		p := b.anim
		if p == nil {
			continue
		}
		ba := nxBoneAnimDesc{name: b.name, scale: p.scale, translate: p.trans}
		if p.comp {
			ba.transform = boneSegmentScaleComp
		}
		if !quat && p.euler != nil {
			ba.rotate = &[4]float32{p.euler[0], p.euler[1], p.euler[2], 1}
		}
		if quat && p.quat != nil {
			ba.rotate = p.quat
		}
		for _, target := range []uint32{TargetScaleX, TargetScaleY, TargetScaleZ, TargetTranslateX, TargetTranslateY, TargetTranslateZ, TargetRotateX, TargetRotateY, TargetRotateZ} {
			if v, ok := p.curves[target]; ok && !(quat && target >= TargetRotateX) {
				ba.curves = append(ba.curves, nxLinear(target, v))
			}
		}
		a.boneAnims = append(a.boneAnims, ba)
	}
	return a
}

func TestG3dPosingSwitch(t *testing.T) {
	frames := []float64{2.3, 7.85}
	bones := poseBones()
	for _, major := range []int{5, 8, 9, 10} {
		for mode := 0; mode < 4; mode++ {
			for _, quat := range []bool{false, true} {
				for _, separate := range []bool{false, true} {
					rot, layout := "euler", "same file"
					if quat {
						rot = "quat"
					}
					if separate {
						layout = "separate model"
					}
					t.Run(fmt.Sprintf("v%d/%s/%s/%s", major, scaleModeNames[mode], rot, layout), func(t *testing.T) {
						model := nxPoseModel(bones, uint32(mode), quat)
						ad := nxDesc{major: major, name: "anim", skeletal: []nxSkelDesc{nxPoseAnim(bones, uint32(mode), quat)}}
						md := nxDesc{major: major, name: "model", models: []nxModelDesc{model}}
						if !separate {
							// BotW style: the animation file embeds the skeleton.
							ad.models = md.models
							md = ad
						}
						animData := encodeSwitch(ad)
						doc, all := poseSampleBytes(t, animData, encodeSwitch(md), frames)
						checkG3dPose(t, doc, all, bones, mode, quat, separate, frames)
					})
				}
			}
		}
	}
}

// The bone animation's shortcut bits travel too: Arm's animation says
// scale-uniform + volume-one (bits 24-25: G3d takes its scale as 1 although
// its curves animate it) and Hand's says rotate-zero + translate-zero
// (bits 26-27: its T·R is skipped although it has a rotation curve and a
// base translation). The reference applies the same overrides to its
// locals.
func TestG3dShortcutFlagsSwitch(t *testing.T) {
	frames := []float64{2.3, 7.85}
	bones := poseBones()
	for _, major := range []int{5, 8, 9, 10} {
		for mode := 0; mode < 4; mode++ {
			t.Run(fmt.Sprintf("v%d/%s", major, scaleModeNames[mode]), func(t *testing.T) {
				a := nxPoseAnim(bones, uint32(mode), false)
				for i := range a.boneAnims {
					switch a.boneAnims[i].name {
					case "Arm":
						a.boneAnims[i].transform |= 1<<24 | 1<<25
					case "Hand":
						a.boneAnims[i].transform |= 1<<26 | 1<<27
					}
				}
				data := encodeSwitch(nxDesc{major: major, name: "anim", models: []nxModelDesc{nxPoseModel(bones, uint32(mode), false)}, skeletal: []nxSkelDesc{a}})
				_, all := poseSampleBytes(t, data, data, frames)
				for fi, f := range frames {
					ls := refLocals(bones, false, f, true, restModel)
					plain := refPositions(bones, ls, mode)
					ls[1].s = [3]float64{1, 1, 1}
					ls[2].r, ls[2].t = mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, [3]float64{}
					want := refPositions(bones, ls, mode)
					for i, b := range bones {
						for k := 0; k < 3; k++ {
							if d := all[fi][i][k] - want[i][k]; d > 1e-9 || d < -1e-9 {
								t.Errorf("frame %v %s: world %v, want %v", f, b.name, all[fi][i], want[i])
								break
							}
						}
					}
					if c := maxChange(want, plain); c < 0.01 {
						t.Errorf("frame %v: ignoring the shortcut bits moves joints by only %.3g%%", f, 100*c)
					}
				}
			})
		}
	}
}
