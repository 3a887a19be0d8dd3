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
	"github.com/animscope/animscope/internal/writeback"
)

// importRuntime is --runtime, the later runtime when not given (the
// viewer's conversion passes none).
func importRuntime(fl importFlags) (anim.Runtime, error) {
	if fl.runtime == "" {
		return anim.LateRuntime, nil
	}
	rt, err := anim.ParseRuntime(fl.runtime)
	if err != nil {
		return 0, Usagef("import: --runtime: %v", err)
	}
	return rt, nil
}

func importBCA(src *writeback.Source, target *importTarget, fl importFlags) (*writeback.Result, error) {
	if fl.model == "" {
		return nil, Usagef("import: a BCA's tracks are by joint index: give the skeleton with --model")
	}
	rt, err := importRuntime(fl)
	if err != nil {
		return nil, err
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

// convertBTK is convertImport for a BTK target, whose glTF animation is
// the materials' texture transforms rather than nodes.
func convertBTK(gltfPath string, data []byte, fsys fs.FS, target *importTarget, fl importFlags) (*converted, error) {
	src, err := writeback.ReadTexGLTF(gltfPath, data, fsys, fl.animation, target.clipName())
	if err != nil {
		return nil, err
	}
	if _, err := j3d.DecodeBTK(target.entry); err != nil {
		return nil, &app.InputError{File: target.name(), Err: err}
	}
	c := &converted{kind: "BTK", gltf: gltfPath, target: target, animation: src.Animation, measure: "texture matrix entry"}
	if c.res, err = writeback.ImportBTK(src, target.entry); err != nil {
		return nil, &app.InputError{File: target.name() + " from " + src.File, Err: err}
	}
	if c.out, err = target.wrap(c.res.Data); err != nil {
		return c, err
	}
	return c, nil
}

// convertNew writes the glTF as a new J3D file (--format) for the
// model's skeleton.
func convertNew(gltfPath string, fl importFlags) (*converted, error) {
	if fl.model == "" {
		return nil, Usagef("import: a new %s needs the skeleton it animates: give --model", strings.ToUpper(fl.format))
	}
	rt, err := importRuntime(fl)
	if err != nil {
		return nil, err
	}
	data, err := app.ReadInput(gltfPath)
	if err != nil {
		return nil, err
	}
	var fsys fs.FS
	if strings.EqualFold(filepath.Ext(gltfPath), ".gltf") {
		fsys = os.DirFS(filepath.Dir(gltfPath))
	}
	src, err := writeback.ReadGLTF(gltfPath, data, fsys, fl.animation, "")
	if err != nil {
		return nil, err
	}
	skel, _, err := loadModelAsset(fl.model)
	if err != nil {
		return nil, err
	}
	c := &converted{kind: strings.ToUpper(fl.format), gltf: gltfPath, src: src}
	if fl.format == "bca" {
		c.res, err = writeback.NewBCA(src, skel, rt)
	} else {
		c.res, err = writeback.NewBCK(src, skel, writeback.DefaultEncoders)
	}
	if err != nil {
		return nil, &app.InputError{File: fmt.Sprintf("%s onto %s", src.File, fl.model), Err: err}
	}
	c.out = c.res.Data
	return c, nil
}
