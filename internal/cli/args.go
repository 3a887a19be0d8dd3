package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// errHelp is returned when -h was asked for and usage was printed.
var errHelp = errors.New("help shown")

// ParseInterleaved parses flags that may come before or after positional
// arguments ("sample --json f.bck --frames 1" and "sample f.bck --json ...").
func ParseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
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

// NewFlagSet is a flag set that prints usage and then the flags to out.
func NewFlagSet(name, usage string, out io.Writer) *flag.FlagSet {
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
			v, err := ParseFinite(item)
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
		start, err := ParseFinite(parts[0])
		if err != nil {
			return nil, err
		}
		end, err := ParseFinite(parts[1])
		if err != nil {
			return nil, err
		}
		step := 1.0
		if len(parts) == 3 {
			if step, err = ParseFinite(parts[2]); err != nil {
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

// ParseFinite parses a finite number.
func ParseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return v, nil
}

// maxWindowSide bounds --size (the viewer's and render's): far beyond
// screens.
const maxWindowSide = 16384

// ParseSize parses WxH.
func ParseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want WxH, e.g. 1280x720", s)
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil || w < 1 || h < 1 || w > maxWindowSide || h > maxWindowSide {
		return 0, 0, fmt.Errorf("%q: want WxH with sides 1..%d", s, maxWindowSide)
	}
	return w, h, nil
}
