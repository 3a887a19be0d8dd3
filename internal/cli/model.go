package cli

import (
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/assemble"
	"github.com/animscope/animscope/formats/pairing"
	"github.com/animscope/animscope/internal/app"
)

// The --model argument of sample, render and export names a skeleton:
//
//	FILE              the file's skeleton; of a file holding several
//	                  models (a .bfres), the largest (pairing.DefaultSkeleton)
//	FILE:NAME         FILE holds several models: the one called NAME
//	ARCHIVE:PATH      the entry PATH of a RARC/SARC archive, as for inputs
//	ARCHIVE:PATH:NAME the model called NAME inside that entry
//
// FILE is split off as for inputs (app.SplitArchivePath: the whole
// argument wins when it is a file, else the last colon whose left side is
// one); inside an archive the same rule finds the entry
// (pairing.ModelEntry). Whether what follows FILE: is an entry or a model
// name depends only on whether FILE is an archive.

// modelArgHelp is the --model flag's help, the same for every command.
const modelArgHelp = "FILE (several models: the largest), FILE:NAME (the model called NAME), ARCHIVE:PATH or ARCHIVE:PATH:NAME"

// modelFile is the file a --model argument opened: the asset, the model
// name asked for ("" for the default) and the name errors give.
type modelFile struct {
	asset *formats.Asset
	name  string
	where string
}

// openModel opens the file or archive entry a --model argument names.
func openModel(arg string) (modelFile, error) {
	file, inner := app.SplitArchivePath(arg)
	if inner == "" {
		a, err := app.LoadAsset(arg) // an archive of one model opens as that model
		return modelFile{asset: a, where: arg}, err
	}
	data, err := app.ReadInput(file)
	if err != nil {
		return modelFile{}, err
	}
	a, err := formats.Open(file, data)
	if err != nil {
		return modelFile{}, &app.InputError{File: file, Err: err}
	}
	if a.Archive == nil {
		// FILE:NAME finds its textures as FILE does (LoadAsset): in the
		// file and the texture files beside it.
		assemble.Textures(a, assemble.DirSiblings(file))
		return modelFile{asset: a, name: inner, where: file}, nil
	}
	entry, data, name, err := pairing.ModelEntry(a.Archive, inner)
	if err != nil {
		return modelFile{}, &app.InputError{File: file, Err: err}
	}
	where := file + ":" + entry
	e, err := formats.Open(where, data)
	if err != nil {
		return modelFile{}, &app.InputError{File: where, Err: err}
	}
	assemble.Textures(e, assemble.ArchiveSiblings(a.Archive, entry))
	return modelFile{asset: e, name: name, where: where}, nil
}
