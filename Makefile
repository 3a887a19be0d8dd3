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

.PHONY: all deps build run test vet bench fuzz check-fixtures screenshots deadcode clean

all: build

# Installs only what is missing, so it is fast when everything is there.
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
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
	$(GO) build -o $(BIN) ./cmd/viewer

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
# on top of this (see cmd/viewer/display_test.go).
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
# files or in the test-support packages (archivetest, j3dtest, sampletest,
# apptest, cputimetest), which deadcode lists too and which are left out here.
DEADCODE := golang.org/x/tools/cmd/deadcode@v0.52.0
deadcode:
	@out="$$($(GO) run $(DEADCODE) ./... | grep -vE '/(archivetest|j3dtest|sampletest|apptest|cputimetest)/')"; \
	  if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "deadcode: nothing unreachable outside tests"

# The README's pictures of the analysis panels (docs/*.png).
screenshots: build
	xvfb-run $(XVFB_ARGS) tools/screenshots

# Golden fixtures from the shared folder (only where ../shared exists).
check-fixtures: build
	../shared/tools/check-fixtures -b $(BIN)

clean:
	rm -rf bin out
