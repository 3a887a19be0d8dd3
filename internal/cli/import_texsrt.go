package cli

import (
	"fmt"
	"io/fs"
	"math"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/writeback"
)

// bfresClipKinds reports whether the target file has a texture SRT
// animation (a material animation with a texture SRT parameter) and a
// skeletal animation of the target clip's name: BotW names a face's
// texture SRT clip like the skeletal clip it plays with, and animscope
// export writes the two as one glTF animation.
func bfresClipKinds(t *importTarget) (texSRT, joint bool) {
	for _, c := range t.asset.Clips {
		if c.Name != t.clip {
			continue
		}
		if pairing.JointTargets(c) > 0 {
			joint = true
		}
		for i := range c.Targets {
			if c.Targets[i].Kind == anim.TexSRTTarget {
				texSRT = true
			}
		}
	}
	return texSRT, joint
}

// convertTexSRT is convertImport for a BFRES target clip that is a
// texture SRT animation: the glTF's KHR_texture_transform channels
// replace it. When the file also has a skeletal animation of that name
// (joint) and the glTF animates nodes, that one is replaced first (as
// importFSKA does), then the texture SRT animation in its result, so
// an animation exported as one comes back as one.
func convertTexSRT(gltfPath string, data []byte, fsys fs.FS, target *importTarget, fl importFlags, joint bool) (*converted, error) {
	tex, texErr := writeback.ReadTexGLTF(gltfPath, data, fsys, fl.animation, target.clipName())
	var src *writeback.Source
	var jointErr error
	if joint {
		src, jointErr = writeback.ReadGLTF(gltfPath, data, fsys, fl.animation, target.clipName())
	}
	switch {
	case texErr != nil && (!joint || jointErr != nil):
		if joint && jointErr.Error() != texErr.Error() {
			return nil, fmt.Errorf("%v; %v", jointErr, texErr)
		}
		return nil, texErr
	case texErr != nil:
		// Only nodes: the skeletal animation of the name.
		c := &converted{kind: "FSKA", gltf: gltfPath, src: src, target: target}
		var err error
		if c.res, err = importFSKA(src, target, fl); err != nil {
			return nil, err
		}
		if c.out, err = target.wrap(c.res.Data); err != nil {
			return c, err
		}
		return c, nil
	}
	c := &converted{kind: "texture SRT", gltf: gltfPath, target: target, animation: tex.Animation, measure: "texture matrix entry"}
	file := target.entry
	var first *writeback.Result
	if src != nil {
		var err error
		if first, err = importFSKA(src, target, fl); err != nil {
			return nil, err
		}
		file = first.Data
	}
	res, err := writeback.ImportTexSRT(tex, file, target.clip)
	if err != nil {
		return nil, &app.InputError{File: target.name() + ":" + target.clip + " from " + tex.File, Err: err}
	}
	if first != nil {
		c.kind, c.measure = "FSKA and texture SRT", "joint or texture matrix entry"
		res = combineResults(first, res)
	}
	c.res = res
	if c.out, err = target.wrap(c.res.Data); err != nil {
		return c, err
	}
	return c, nil
}

// combineResults is the summary of a skeletal import (first) followed by
// a texture SRT import into its result (then): then's file, both notes,
// keys summed, and the worse of the two errors (each a fraction of its
// own bound).
func combineResults(first, then *writeback.Result) *writeback.Result {
	r := *then
	r.Notes = append(append([]string(nil), first.Notes...), then.Notes...)
	r.Keys += first.Keys
	r.KeysBefore += first.KeysBefore
	r.Passes = max(r.Passes, first.Passes)
	if first.Worst > then.Worst {
		r.Worst, r.WorstJoint = first.Worst, first.WorstJoint
	}
	r.TargetWorst = math.Max(first.TargetWorst, then.TargetWorst)
	return &r
}

// replaceableClips lists the target file's clips an import can replace
// (skeletal and texture SRT animations), each name once, in file order.
func replaceableClips(t *importTarget) []string {
	var names []string
	seen := map[string]bool{}
	for _, c := range t.asset.Clips {
		ok := pairing.JointTargets(c) > 0
		for i := range c.Targets {
			ok = ok || c.Targets[i].Kind == anim.TexSRTTarget
		}
		if ok && !seen[c.Name] {
			seen[c.Name] = true
			names = append(names, c.Name)
		}
	}
	if len(names) == 0 {
		return []string{"none"}
	}
	return names
}
