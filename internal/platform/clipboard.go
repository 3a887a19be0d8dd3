package platform

// SetClipboard puts text on the system clipboard (the inspector's "Copy
// CSV").
func (w *Window) SetClipboard(text string) { w.win.SetClipboardString(text) }
