package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/animscope/animscope/formats"
)

// errHelp is returned when -h was asked for and usage was printed.
var errHelp = errors.New("help shown")

// parseInterleaved parses flags that may come before or after positional
// arguments ("sample --json f.bck --frames 1" and "sample f.bck --json ...").
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, &usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlagSet(name, usage string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(out, usage)
		fs.PrintDefaults()
	}
	return fs
}

// maxListFrames bounds a --frames/--times list so that a typo such as
// 0:1e9:0.001 is a usage error rather than gigabytes of output.
const maxListFrames = 1_000_000

// parseFrameList parses "0,1.5,7", "start:end:step" (end inclusive) or a
// comma-separated mix of both.
func parseFrameList(s string) ([]float64, error) {
	var out []float64
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("empty item in frame list %q", s)
		}
		if !strings.Contains(item, ":") {
			v, err := parseFinite(item)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			continue
		}
		parts := strings.Split(item, ":")
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("range %q: want start:end or start:end:step", item)
		}
		start, err := parseFinite(parts[0])
		if err != nil {
			return nil, err
		}
		end, err := parseFinite(parts[1])
		if err != nil {
			return nil, err
		}
		step := 1.0
		if len(parts) == 3 {
			if step, err = parseFinite(parts[2]); err != nil {
				return nil, err
			}
		}
		if step <= 0 {
			return nil, fmt.Errorf("range %q: step must be positive", item)
		}
		if end < start {
			return nil, fmt.Errorf("range %q: end before start", item)
		}
		n := math.Floor((end-start)/step+1e-9) + 1
		if n+float64(len(out)) > maxListFrames {
			return nil, fmt.Errorf("range %q has more than %d frames", item, maxListFrames)
		}
		for i := 0; i < int(n); i++ {
			// start + i*step, not repeated addition, so 0:1:0.1 gives
			// exactly 0.3 and not 0.30000000000000004.
			out = append(out, roundDecimal(start+float64(i)*step))
		}
	}
	if len(out) > maxListFrames {
		return nil, fmt.Errorf("frame list has more than %d frames", maxListFrames)
	}
	return out, nil
}

// roundDecimal removes float noise from range arithmetic (12 significant
// digits are far beyond any frame precision that matters).
func roundDecimal(v float64) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if err != nil {
		return v
	}
	return r
}

func parseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return v, nil
}

// maxInputSize bounds what the CLI reads into memory: far beyond any real
// animation file or archive, small enough to never exhaust memory.
const maxInputSize = 1 << 30

// readInput reads a file named on the command line.
func readInput(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &inputError{path, errors.Unwrap(err)}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &inputError{path, err}
	}
	if st.IsDir() {
		return nil, &inputError{path, errors.New("is a directory, not a file")}
	}
	if st.Size() > maxInputSize {
		return nil, &inputError{path, fmt.Errorf("file is %d bytes; the limit is %d", st.Size(), maxInputSize)}
	}
	data, err := io.ReadAll(io.LimitReader(f, maxInputSize+1))
	if err != nil {
		return nil, &inputError{path, err}
	}
	return data, nil
}

// splitArchivePath splits "FILE:path/in/archive". The whole argument wins
// when it names an existing file; otherwise the split is at the last colon
// whose left side is an existing file.
func splitArchivePath(arg string) (file, inner string) {
	if _, err := os.Stat(arg); err == nil {
		return arg, ""
	}
	for i := strings.LastIndexByte(arg, ':'); i > 0; i = strings.LastIndexByte(arg[:i], ':') {
		if st, err := os.Stat(arg[:i]); err == nil && !st.IsDir() {
			return arg[:i], arg[i+1:]
		}
	}
	return arg, ""
}

// loadAsset opens FILE or FILE:path/in/archive.
func loadAsset(arg string) (*formats.Asset, error) {
	file, inner := splitArchivePath(arg)
	data, err := readInput(file)
	if err != nil {
		return nil, err
	}
	a, err := formats.Open(file, data)
	if err != nil {
		return nil, &inputError{file, err}
	}
	if inner == "" {
		return a, nil
	}
	if a.Archive == nil {
		return nil, &inputError{file, fmt.Errorf("is a %s file, not an archive; cannot open %q inside it", a.Format, inner)}
	}
	data, err = a.Archive.Read(inner)
	if err != nil {
		return nil, &inputError{file, err}
	}
	e, err := formats.Open(arg, data)
	if err != nil {
		return nil, &inputError{arg, err}
	}
	return e, nil
}
