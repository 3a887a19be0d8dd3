# animscope — the two commands a new user needs: `make run` and `make test`.
# Both install the Debian packages they need first (sudo when not root).

GO        ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
BIN       := bin/animscope
# cgo headers for GLFW/OpenGL, Xvfb for headless GL tests, python3-xlib and
# xdotool for the drag-and-drop and input tests.
DEB_PKGS  := libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev \
             libxxf86vm-dev libgl1-mesa-dev xvfb xauth python3-xlib xdotool
XVFB_ARGS := -a -s "-screen 0 1600x1000x24"
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
GLTF_VALIDATOR := 2.0.0-dev.3.10
HAVE_DISPLAY := $(if $(DISPLAY)$(WAYLAND_DISPLAY),yes,)
# The release's name (animscope --version prints it): the nearest tag, the
# commits since, the commit; "-dirty" with uncommitted changes.
VERSION   := $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
LDFLAGS   := -X main.version=$(VERSION)

# The Windows build: mingw-w64's posix-threads compilers, named explicitly
# (installing the win32-threads variants switches the plain names), and a
# static .exe that needs only Windows' own DLLs. wine runs it for the smoke
# test (tools/windows/smoke).
WIN_PKGS  := gcc-mingw-w64-x86-64-posix g++-mingw-w64-x86-64-posix
WINE_PKGS := wine wine64
WIN_CC    := x86_64-w64-mingw32-gcc-posix
WIN_CXX   := x86_64-w64-mingw32-g++-posix
WIN_EXE   := bin/animscope.exe
# Dear ImGui's imgui_draw.cpp trips a false -Wstringop-overflow in mingw's g++ 12.
WIN_ENV   := GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$(WIN_CC) CXX=$(WIN_CXX) \
             CGO_CXXFLAGS="-O2 -g -Wno-stringop-overflow"

# $(call apt_install,PACKAGES): installs those of the Debian packages that
# are missing, quietly; nothing when all are there.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

.PHONY: all deps build run test vet bench fuzz check-fixtures screenshots deadcode blender-check clean \
        windows-deps windows wine-deps windows-smoke release

all: build

# Installs only what is missing, so it is fast when everything is there.
deps:
	$(call apt_install,$(DEB_PKGS))
	@# The Khronos glTF validator for the export tests (a JS library; tools/gltf-validator/validate.js
	@# runs it with node). Project-local and pinned; node and npm come from Debian when missing.
	@if [ "$$(cat tools/node_modules/gltf-validator/package.json 2>/dev/null | grep -c '"version": "$(GLTF_VALIDATOR)"')" = 0 ]; then \
	  if ! command -v npm >/dev/null; then \
	    echo "installing Debian packages: nodejs npm (for the glTF validator)"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends nodejs npm; \
	  fi; \
	  echo "installing gltf-validator@$(GLTF_VALIDATOR) into tools/node_modules"; \
	  npm install --silent --no-save --no-package-lock --prefix tools gltf-validator@$(GLTF_VALIDATOR); \
	fi

build: deps
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/animscope

windows-deps:
	$(call apt_install,$(WIN_PKGS))

# bin/animscope.exe: a static Windows (amd64) build, cross-compiled.
windows: windows-deps
	$(WIN_ENV) $(GO) build -trimpath -ldflags '-s -w -extldflags=-static $(LDFLAGS)' -o $(WIN_EXE) ./cmd/animscope

wine-deps:
	$(call apt_install,$(WINE_PKGS))

# Runs the .exe under wine and compares its output with the Linux binary's
# byte for byte (tools/windows/smoke; prints "N passed, N failed"). The
# stand-in bcryptprimitives.dll (ProcessPrng, which Debian 12's wine 8.0
# lacks and Go needs) is built here and goes only into the smoke test's
# throwaway wine prefix.
windows-smoke: build windows wine-deps
	@mkdir -p bin/wine
	$(WIN_CC) -shared -O2 -s -o bin/wine/bcryptprimitives.dll tools/windows/bcryptprimitives.c -ladvapi32
	tools/windows/smoke $(BIN) $(WIN_EXE) bin/wine/bcryptprimitives.dll

# dist/animscope-VERSION-windows-amd64.zip and -linux-amd64.tar.gz: the
# program, README.md and THIRD_PARTY_LICENSES.txt (tools/release/licenses).
RELEASE_LINUX := bin/release/animscope
release: windows deps
	$(GO) build -trimpath -ldflags '-s -w $(LDFLAGS)' -o $(RELEASE_LINUX) ./cmd/animscope
	@rm -rf dist/stage && mkdir -p dist/stage/animscope-$(VERSION)-windows-amd64 dist/stage/animscope-$(VERSION)-linux-amd64
	cp $(WIN_EXE) README.md dist/stage/animscope-$(VERSION)-windows-amd64/
	GO=$(GO) tools/release/licenses windows > dist/stage/animscope-$(VERSION)-windows-amd64/THIRD_PARTY_LICENSES.txt
	cp $(RELEASE_LINUX) README.md dist/stage/animscope-$(VERSION)-linux-amd64/
	GO=$(GO) tools/release/licenses linux > dist/stage/animscope-$(VERSION)-linux-amd64/THIRD_PARTY_LICENSES.txt
	rm -f dist/animscope-$(VERSION)-windows-amd64.zip dist/animscope-$(VERSION)-linux-amd64.tar.gz
	cd dist/stage && python3 -m zipfile -c ../animscope-$(VERSION)-windows-amd64.zip animscope-$(VERSION)-windows-amd64
	tar -C dist/stage -czf dist/animscope-$(VERSION)-linux-amd64.tar.gz animscope-$(VERSION)-linux-amd64
	@rm -rf dist/stage
	@ls -l dist/animscope-$(VERSION)-*

# Without a display the demo is rendered offscreen instead; the OpenGL
# context then comes from Xvfb (installed by deps), since render draws with
# the same GL code as the window.
run: build
ifeq ($(HAVE_DISPLAY),yes)
	./$(BIN)
else
	@echo "no display (DISPLAY/WAYLAND_DISPLAY unset): rendering the demo to a PNG instead"
	@mkdir -p out
	xvfb-run $(XVFB_ARGS) ./$(BIN) render --demo --frame 10 --size 1280x800 --out out/demo.png
	@echo "wrote $(CURDIR)/out/demo.png"
endif

vet:
	$(GO) vet ./...

# The tests always run on a private Xvfb that xvfb-run starts for them (-a:
# the first free display number), never on $DISPLAY: the GUI tests open
# windows, and a desktop session is not theirs to draw on. WAYLAND_DISPLAY
# is dropped so nothing can reach a Wayland compositor either.
# ANIMSCOPE_REQUIRE_DISPLAY=1 turns the GUI tests' "no display" skips into
# failures: under make test they must run. The tests that change X server
# state or send input (Xft.dpi, xdotool, XDND) start an Xvfb of their own
# on top of this (see cmd/animscope/display_test.go).
# ANIMSCOPE_REQUIRE_VALIDATOR=1 does the same for the Khronos glTF validator
# of the export tests (installed by deps), which plain go test skips when
# it is missing.
test: deps vet
	env -u WAYLAND_DISPLAY ANIMSCOPE_REQUIRE_DISPLAY=1 ANIMSCOPE_REQUIRE_VALIDATOR=1 xvfb-run $(XVFB_ARGS) $(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# FUZZTIME=5m make fuzz runs every fuzz target in turn.
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -parallel 1 $$pkg || exit 1; \
	  done; \
	done

# Code no program reaches: functions only tests call belong in _test.go
# files or in the test-support packages (archivetest, bymltest, j3dtest, sampletest,
# apptest, cputimetest, texturetest, rendertest, nwcurvetest), which deadcode lists too and which are left out here.
DEADCODE := golang.org/x/tools/cmd/deadcode@v0.52.0
deadcode:
	@out="$$($(GO) run $(DEADCODE) ./... | grep -vE '/(archivetest|bymltest|j3dtest|sampletest|apptest|cputimetest|texturetest|rendertest|nwcurvetest)/')"; \
	  if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "deadcode: nothing unreachable outside tests"

# The README's pictures of the analysis panels (docs/*.png).
screenshots: build
	xvfb-run $(XVFB_ARGS) tools/screenshots

# Opt-in (not part of make test): plays the glTF files the export tests write
# in Blender (Debian's blender, installed when missing), imported headless with
# its own glTF importer, and compares every joint's world position at the
# tests' fractional frames with the tests' reference (`sample --model`'s, J3D
# rotations before the game's truncation); prints a table and fails
# when a LINEAR export is off by more than 1e-3*max(1,|w|) anywhere
# (tools/blender-check/check.py).
# Then the round trip (tools/blender-check/roundtrip.sh): the biped walk
# exported, one bone turned in Blender and exported with Blender's defaults,
# imported back onto the walk; fails when a joint outside the edited chain
# is off the original's pose, the edited chain is off Blender's pose at a
# whole frame or off the file Blender wrote at a half frame, or the diff
# does not name exactly the edited chain (tools/blender-check/roundtrip.py).
BLENDER_CASES := out/blender-check
BLENDER_ROUNDTRIP := out/blender-roundtrip
blender-check:
	$(call apt_install,blender python3-numpy)
	rm -rf $(BLENDER_CASES) $(BLENDER_ROUNDTRIP)
	$(GO) test ./internal/export -count=1 -run 'WorldPositions|G3dModes|SkinnedBiped|SkinnedScaleRules|ClipsOfOneName|LinkShapedKeys|LinkShapedScaledChest|LinkSmoothKeys|SoftImageScaleNodes|BoundDipsNearOrigin' -args -blender-dir=$(abspath $(BLENDER_CASES))
	blender -b --factory-startup --python-exit-code 1 --python tools/blender-check/check.py -- $(BLENDER_CASES)
	mkdir -p $(BLENDER_ROUNDTRIP)
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BLENDER_ROUNDTRIP)/animscope ./cmd/animscope
	tools/blender-check/roundtrip.sh $(BLENDER_ROUNDTRIP)/animscope $(BLENDER_ROUNDTRIP)

# Golden fixtures from the shared folder (only where ../shared exists).
check-fixtures: build
	../shared/tools/check-fixtures -b $(BIN)

clean:
	rm -rf bin out dist
