// Package ui draws animscope's Dear ImGui interface: the menu bar and its
// dialogs (open, export to glTF, help, about), the scene and properties
// panels, the transport and timeline, the curves, inspector and messages
// tabs, the loop-mode comparison, notifications and the overlay of the 3D
// view (labels, camera input). Each frame it gets a read-only
// viewmodel.View and returns viewmodel.Intents; cmd/animscope hands them to
// the application model (internal/app), and tests drive the same path
// without a window or GL. ui makes no GL calls and imports neither formats
// nor the app: a file reaches it as anim values, display strings and the
// inspector's neutral tables.
package ui
