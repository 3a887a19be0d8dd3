package cli

import (
	"flag"

	"github.com/animscope/animscope/internal/app"
)

// zstdDictFlag registers --zstd-dict on a command's flag set.
func zstdDictFlag(fs *flag.FlagSet) *string {
	return fs.String("zstd-dict", "", "Zstandard dictionary FILE for .zs files compressed with one (Tears of the Kingdom: Pack/ZsDic.pack.zs, or a single .zsdic)")
}

// useZstdDict loads the --zstd-dict file, if one was given.
func useZstdDict(path string) error {
	if path == "" {
		return nil
	}
	return app.LoadZstdDict(path)
}
