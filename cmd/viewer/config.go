package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
	d, err := os.UserConfigDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "animscope")
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
