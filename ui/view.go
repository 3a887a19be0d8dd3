// Package ui draws animscope's Dear ImGui interface: the menu bar, the
// files and targets panel, the properties and texture-matrix panel, the
// transport and timeline, the open dialog, notifications and the overlay of
// the 3D view (labels, notices, camera input). Each frame it gets a
// read-only View and returns Intents; cmd/viewer applies them to the
// playback clocks and the scene, and tests drive the same path. ui makes no
// GL calls and never imports formats.
package ui
