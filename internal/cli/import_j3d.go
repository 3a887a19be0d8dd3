package cli

import (
	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/app"
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
