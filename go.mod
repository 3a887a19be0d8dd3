module github.com/animscope/animscope

go 1.26.0

require (
	github.com/arm-software/astc-encoder v0.0.0-00010101000000-000000000000
	github.com/fsnotify/fsnotify v1.10.1
	github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587
	github.com/go-gl/mathgl v1.2.0
	github.com/inkyblackness/imgui-go/v4 v4.7.0
	github.com/klauspost/compress v1.18.0
	github.com/qmuntal/gltf v0.28.0
	github.com/schollz/progressbar/v3 v3.18.0
	github.com/woozymasta/bcn v0.7.0
	golang.org/x/image v0.47.0
	golang.org/x/term v0.28.0
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

// The ASTC decoder (formats/texture/astc.go) is a pure-Go port of Arm's
// astcenc published at github.com/am-sokolov/go-astc-encoder, whose go.mod
// declares the path github.com/arm-software/astc-encoder; the module proxy
// serves it only under the fork's path, and no module that needs no replace
// was found that decodes ASTC. Go allows a replace only in the main module,
// so this one costs `go install github.com/animscope/animscope/cmd/animscope@VERSION`
// (refused for a module whose go.mod has a replace): build from a clone
// (`make build`), as the README's "Dependencies" section says.
replace github.com/arm-software/astc-encoder => github.com/am-sokolov/go-astc-encoder v0.0.0-20251228143222-083bfd395af6
