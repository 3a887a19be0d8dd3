package assets

// CheckerPNG returns the UV checker texture as stored (PNG bytes), for
// files that embed it (the glTF export's test quad).
func CheckerPNG() ([]byte, error) { return files.ReadFile("checker.png") }
