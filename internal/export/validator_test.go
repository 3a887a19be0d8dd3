package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// validatorScript runs the Khronos glTF validator (npm gltf-validator
// 2.0.0-dev.3.10), which `make deps` installs as validatorModule.
const (
	validatorScript = "../../tools/gltf-validator/validate.js"
	validatorModule = "../../tools/node_modules/gltf-validator"
)

// requireValidatorEnv (set by make test) turns a missing validator into a
// failure, so the exported files cannot silently go unvalidated there.
// Plain go test on a machine without node or the validator skips
// TestKhronosValidatorInstalled and validates nothing.
const requireValidatorEnv = "ANIMSCOPE_REQUIRE_VALIDATOR"

// validatorNode returns the node that runs the Khronos validator, or (as
// missing) why the validator cannot run here.
func validatorNode() (node, missing string) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", "node is not installed"
	}
	if _, err := os.Stat(filepath.Join(validatorModule, "package.json")); err != nil {
		return "", "gltf-validator is not installed in tools/node_modules"
	}
	return node, ""
}

// TestKhronosValidatorInstalled reports, as a skip (or under make test a
// failure), that TestMain will not validate the exported files.
func TestKhronosValidatorInstalled(t *testing.T) {
	_, why := validatorNode()
	if why == "" {
		return
	}
	why += " (make deps installs both): the exported glTF files are not validated"
	if os.Getenv(requireValidatorEnv) != "" {
		t.Fatalf("%s; %s is set (make test): the validator must run, not skip", why, requireValidatorEnv)
	}
	t.Skip(why)
}

// validateExported runs the Khronos validator on every file the tests
// exported and returns one message per file that has an error or a
// warning. Where the validator is missing it validates nothing
// (TestKhronosValidatorInstalled skips or fails instead).
func validateExported(files []string) (problems []string, ran bool) {
	node, missing := validatorNode()
	if len(files) == 0 || missing != "" {
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
