package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// validatorScript runs the Khronos glTF validator (npm gltf-validator
// 2.0.0-dev.3.10, which `make deps` installs into tools/node_modules).
const validatorScript = "../../tools/gltf-validator/validate.js"

// validateExported runs the Khronos validator on every file the tests
// exported and returns one message per file that has an error or a
// warning. Without node it says so and passes (the suite runs where node
// is missing); with node, a validator that is not installed is a failure,
// not a skip: `make test` runs `make deps` first.
func validateExported(files []string) (problems []string, ran bool) {
	if len(files) == 0 {
		return nil, false
	}
	node, err := exec.LookPath("node")
	if err != nil {
		fmt.Fprintln(os.Stderr, "export tests: node not found; the Khronos glTF validator did not run")
		return nil, false
	}
	// Files in batches keep the command line short.
	for len(files) > 0 {
		n := min(len(files), 64)
		batch := files[:n]
		files = files[n:]
		cmd := exec.Command(node, append([]string{validatorScript}, batch...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return append(problems, fmt.Sprintf("glTF validator: %v: %s", err, stderr.String())), true
		}
		seen := 0
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var r struct {
				File             string
				Errors, Warnings int
				Messages         []string
			}
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				return append(problems, fmt.Sprintf("glTF validator output: %v", err)), true
			}
			seen++
			if r.Errors != 0 || r.Warnings != 0 {
				problems = append(problems, fmt.Sprintf("%s: %d errors, %d warnings: %v", filepath.Base(r.File), r.Errors, r.Warnings, r.Messages))
			}
		}
		if seen != len(batch) {
			problems = append(problems, fmt.Sprintf("glTF validator reported %d of %d files", seen, len(batch)))
		}
	}
	return problems, true
}
