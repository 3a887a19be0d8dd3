package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/export"
	"github.com/animscope/animscope/internal/writeback"
)

func importBCA(src *writeback.Source, target *importTarget, fl importFlags) (*writeback.Result, error) {
	if fl.model == "" {
		return nil, Usagef("import: a BCA's tracks are by joint index: give the skeleton with --model")
	}
	rt, err := anim.ParseRuntime(fl.runtime)
	if err != nil {
		return nil, Usagef("import: --runtime: %v", err)
	}
	skel, _, err := loadModelAsset(fl.model)
	if err != nil {
		return nil, err
	}
	bca, err := j3d.DecodeBCA(target.entry)
	if err != nil {
		return nil, &app.InputError{File: target.name(), Err: err}
	}
	res, err := writeback.ImportBCA(src, bca, skel, rt)
	if err != nil {
		return nil, &app.InputError{File: target.name() + " from " + src.File, Err: err}
	}
	return res, nil
}

// importBTKOnce is importOnce for a BTK target, whose glTF animation is
// the materials' texture transforms rather than nodes.
func importBTKOnce(gltfPath string, data []byte, fsys fs.FS, target *importTarget, fl importFlags) (string, []string, error) {
	src, err := writeback.ReadTexGLTF(gltfPath, data, fsys, fl.animation, target.clipName())
	if err != nil {
		return "", nil, err
	}
	if _, err := j3d.DecodeBTK(target.entry); err != nil {
		return "", nil, &app.InputError{File: target.name(), Err: err}
	}
	res, err := writeback.ImportBTK(src, target.entry)
	if err != nil {
		return "", nil, &app.InputError{File: target.name() + " from " + src.File, Err: err}
	}
	out, err := target.wrap(res.Data)
	if err != nil {
		return "", res.Notes, err
	}
	if err := export.WriteAtomic(fl.out, out); err != nil {
		return "", res.Notes, err
	}
	line := fmt.Sprintf("%s: BTK from %s (animation %q): %d keys (target %d), %d bytes (target %d), worst texture matrix entry %.3g of the bound (%s; the target: %.3g)",
		fl.out, gltfPath, src.Animation, res.Keys, res.KeysBefore, len(res.Data), len(target.entry), res.Worst, res.WorstJoint, res.TargetWorst)
	return line, res.Notes, nil
}

// importNewOnce writes the glTF as a new J3D file (--format) for the
// model's skeleton.
func importNewOnce(gltfPath string, fl importFlags) (string, []string, error) {
	if fl.model == "" {
		return "", nil, Usagef("import: a new %s needs the skeleton it animates: give --model", strings.ToUpper(fl.format))
	}
	rt, err := anim.ParseRuntime(fl.runtime)
	if err != nil {
		return "", nil, Usagef("import: --runtime: %v", err)
	}
	data, err := app.ReadInput(gltfPath)
	if err != nil {
		return "", nil, err
	}
	var fsys fs.FS
	if strings.EqualFold(filepath.Ext(gltfPath), ".gltf") {
		fsys = os.DirFS(filepath.Dir(gltfPath))
	}
	src, err := writeback.ReadGLTF(gltfPath, data, fsys, fl.animation, "")
	if err != nil {
		return "", nil, err
	}
	skel, _, err := loadModelAsset(fl.model)
	if err != nil {
		return "", nil, err
	}
	var res *writeback.Result
	if fl.format == "bca" {
		res, err = writeback.NewBCA(src, skel, rt)
	} else {
		res, err = writeback.NewBCK(src, skel, writeback.DefaultEncoders)
	}
	if err != nil {
		return "", nil, &app.InputError{File: src.File + " onto " + fl.model, Err: err}
	}
	if err := export.WriteAtomic(fl.out, res.Data); err != nil {
		return "", res.Notes, err
	}
	line := fmt.Sprintf("%s: new %s from %s (animation %q): %d keys, %d bytes, worst joint %.3g of the bound (%s)",
		fl.out, strings.ToUpper(fl.format), gltfPath, src.Animation, res.Keys, len(res.Data), res.Worst, res.WorstJoint)
	return line, res.Notes, nil
}
