package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionLine: the version linked in wins; without it the build's
// commit from Go's build info, marked dirty when the tree was modified.
func TestVersionLine(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "74793b3c0ffee0123456789abcdef0123456789a"},
		{Key: "vcs.modified", Value: "true"},
	}}
	clean := &debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "74793b3c0ffee0123456789abcdef0123456789a"},
		{Key: "vcs.modified", Value: "false"},
	}}
	for _, c := range []struct {
		v    string
		info *debug.BuildInfo
		goos string
		want string
	}{
		{"v0.3.0-12-g74793b3", info, "windows", "animscope v0.3.0-12-g74793b3 (windows/amd64, go1.26.8)"},
		{"", info, "linux", "animscope devel-74793b3c0ffe-dirty (linux/amd64, go1.26.8)"},
		{"", clean, "linux", "animscope devel-74793b3c0ffe (linux/amd64, go1.26.8)"},
		{"", &debug.BuildInfo{GoVersion: "go1.26.8"}, "linux", "animscope devel (linux/amd64, go1.26.8)"},
		{"", nil, "linux", "animscope devel (linux/amd64, go?)"},
	} {
		if got := versionLine(c.v, c.info, c.goos, "amd64"); got != c.want {
			t.Errorf("versionLine(%q, %s) = %q, want %q", c.v, c.goos, got, c.want)
		}
	}
}

// TestVersionFlag: --version prints one line naming this platform and
// exits 0, before any window or file is touched.
func TestVersionFlag(t *testing.T) {
	for _, flag := range []string{"--version", "-version"} {
		code, out, errOut := runCLI(flag)
		if code != 0 || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q", flag, code, errOut)
		}
		want := "(" + runtime.GOOS + "/" + runtime.GOARCH + ", " + runtime.Version() + ")\n"
		if !strings.HasPrefix(out, "animscope ") || !strings.HasSuffix(out, want) || strings.Count(out, "\n") != 1 {
			t.Errorf("%s printed %q, want one line \"animscope VERSION %s\"", flag, out, strings.TrimSpace(want))
		}
	}
}

// TestConfigDirFor: where settings live on each platform.
func TestConfigDirFor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		goos   string
		getenv func(string) string
		home   string
		want   string
	}{
		{"windows", env("AppData", `C:\Users\Ana\AppData\Roaming`), `C:\Users\Ana`, `C:\Users\Ana\AppData\Roaming\animscope`},
		{"windows", env("AppData", `C:\Users\Ana\AppData\Roaming\`), "", `C:\Users\Ana\AppData\Roaming\animscope`},
		{"windows", env("AppData", `\\server\profiles\ana`), "", `\\server\profiles\ana\animscope`},
		// No %AppData% (a service account), or a relative one: no settings.
		{"windows", env(), `C:\Users\Ana`, ""},
		{"windows", env("AppData", `Roaming`), "", ""},
		// %AppData% only: XDG_CONFIG_HOME means nothing there.
		{"windows", env("XDG_CONFIG_HOME", "/home/ana/.config"), "", ""},
		{"linux", env("XDG_CONFIG_HOME", "/srv/cfg"), "/home/ana", "/srv/cfg/animscope"},
		{"linux", env(), "/home/ana", "/home/ana/.config/animscope"},
		{"linux", env("XDG_CONFIG_HOME", "cfg"), "/home/ana", ""},
		{"linux", env("AppData", `C:\x`), "", ""},
		{"freebsd", env(), "/home/ana", "/home/ana/.config/animscope"},
		{"darwin", env("XDG_CONFIG_HOME", "/srv/cfg"), "/Users/ana", "/Users/ana/Library/Application Support/animscope"},
	} {
		if got := configDirFor(c.goos, c.getenv, c.home); got != c.want {
			t.Errorf("configDirFor(%s, home %q) = %q, want %q", c.goos, c.home, got, c.want)
		}
	}
}

// TestConfigDirMatchesGo: on this machine the choice is os.UserConfigDir's
// root, so moving to configDirFor changed no one's settings folder.
func TestConfigDirMatchesGo(t *testing.T) {
	root, err := os.UserConfigDir()
	got := configDir()
	if err != nil {
		if got != "" {
			t.Errorf("configDir() = %q where os.UserConfigDir fails (%v)", got, err)
		}
		return
	}
	if want := root + string(os.PathSeparator) + "animscope"; got != want {
		t.Errorf("configDir() = %q, want %q", got, want)
	}
}

// TestNoUsableDisplayIsOneLine: a $DISPLAY naming no X server gives one
// error line and exit status 1, for the viewer and for render, not
// go-gl's panic "The GLFW library is not initialized". (The Windows build
// under wine without X takes the same path; make windows-smoke checks it.)
func TestNoUsableDisplayIsOneLine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a $DISPLAY that reaches no server is an X11 matter")
	}
	const display = ":64999"
	if _, err := os.Stat("/tmp/.X11-unix/X64999"); err == nil {
		t.Skip("an X server runs on " + display)
	}
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	for _, args := range [][]string{
		{"--no-config", "testdata/walk.bck"},
		{"render", "testdata/walk.bck", "--frame", "1", "--out", t.TempDir() + "/x.png"},
	} {
		code, _, errOut := runCLI(args...)
		if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "animscope: no usable display") ||
			!strings.Contains(errOut, "Failed to open display "+display) {
			t.Errorf("%v with DISPLAY=%s: exit %d, stderr %q; want 1 and one line naming the display", args, display, code, errOut)
		}
	}
}
