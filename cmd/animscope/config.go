package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/animscope/animscope/internal/app"
	"github.com/animscope/animscope/internal/viewmodel"
)

// settings persist between runs in the user's config directory
// (os.UserConfigDir()/animscope/viewer.json); ImGui keeps the panel sizes
// next to it in imgui.ini.
type settings struct {
	Window struct {
		W, H      int
		X, Y      int
		HasPos    bool
		Maximized bool
	}
	Recent    []string
	BrowseDir string
	Options   viewmodel.Options
	Speed     float64
	// Runtime is the JSystem rules in force ("late", "early"; anim.Runtime).
	Runtime string
	// ZstdDict is the Zstandard dictionary file for .zs files (set with
	// --zstd-dict, remembered for later runs).
	ZstdDict string `json:",omitempty"`
}

// useZstdDict loads the dictionary --zstd-dict names (an error) or, without
// the flag, the remembered one (a warning if it no longer loads).
func useZstdDict(flagPath string, set *settings, stderr io.Writer) error {
	if flagPath != "" {
		if err := app.LoadZstdDict(flagPath); err != nil {
			return err
		}
		if abs, err := filepath.Abs(flagPath); err == nil {
			flagPath = abs
		}
		set.ZstdDict = flagPath
		return nil
	}
	if set.ZstdDict != "" {
		if err := app.LoadZstdDict(set.ZstdDict); err != nil {
			fmt.Fprintf(stderr, "animscope: warning: remembered Zstandard dictionary: %v\n", err)
		}
	}
	return nil
}

// configDir is where settings live; "" when the platform has none (the
// viewer then runs without persistence).
func configDir() string {
	home, _ := os.UserHomeDir()
	return configDirFor(runtime.GOOS, os.Getenv, home)
}

// configDirFor is the settings folder on goos, as os.UserConfigDir finds
// the user's config root there: %AppData%\animscope on Windows (the
// roaming profile, where Windows programs keep settings),
// ~/Library/Application Support/animscope on macOS and
// $XDG_CONFIG_HOME/animscope or ~/.config/animscope elsewhere. A root
// that is missing or relative gives "".
func configDirFor(goos string, getenv func(string) string, home string) string {
	join, abs := path.Join, path.IsAbs
	var root string
	switch goos {
	case "windows":
		join = func(elem ...string) string { return strings.Join(elem, `\`) }
		abs = func(p string) bool {
			return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') || strings.HasPrefix(p, `\\`)
		}
		root = strings.TrimRight(getenv("AppData"), `\/`)
	case "darwin", "ios":
		if home != "" {
			root = path.Join(home, "Library", "Application Support")
		}
	default:
		root = getenv("XDG_CONFIG_HOME")
		if root == "" && home != "" {
			root = path.Join(home, ".config")
		}
	}
	if root == "" || !abs(root) {
		return ""
	}
	return join(root, "animscope")
}

func loadSettings(dir string) settings {
	s := settings{Options: viewmodel.DefaultOptions(), Speed: 1}
	if dir == "" {
		return s
	}
	b, err := os.ReadFile(filepath.Join(dir, "viewer.json"))
	if err != nil {
		return s
	}
	// A damaged file is ignored: defaults are better than refusing to start.
	var loaded settings
	loaded.Options = s.Options
	loaded.Speed = s.Speed
	if json.Unmarshal(b, &loaded) == nil {
		s = loaded
	}
	if len(s.Recent) > app.MaxRecent {
		s.Recent = s.Recent[:app.MaxRecent]
	}
	if !(s.Speed >= 0.1 && s.Speed <= 4 || s.Speed <= -0.1 && s.Speed >= -4) {
		s.Speed = 1
	}
	return s
}

func saveSettings(dir string, s settings) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, "viewer.json.tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, "viewer.json"))
}
