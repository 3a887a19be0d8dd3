package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// TargetLabel names a row's target as the sample CSV does: the name, the
// model's joint it drives for an unnamed joint target posed on a model,
// or "#INDEX".
func (r *Row) TargetLabel() string {
	if r.Index < 0 {
		return "(clip)"
	}
	name := r.Target
	if name == "" {
		name = r.Joint
	}
	if name == "" {
		name = "#" + strconv.Itoa(r.Index)
	}
	if r.TexGen >= 0 {
		name += "[" + strconv.Itoa(r.TexGen) + "]"
	}
	return name
}

// Number formats a value for the table: up to 6 significant digits, so
// float noise does not widen the columns.
func Number(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// WriteTable prints the differences as a table: the header fields that
// differ, then one line per differing channel, then a summary line.
func WriteTable(w io.Writer, r *Result) error {
	var buf bytes.Buffer
	if err := writeTable(&buf, r); err != nil {
		return err
	}
	// The padded columns leave spaces at the ends of lines.
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		trimmed := strings.TrimRight(line, " \n")
		if line == "" {
			continue
		}
		if _, err := io.WriteString(w, trimmed+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func writeTable(w io.Writer, r *Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, h := range r.Headers {
		fmt.Fprintf(tw, "%s\tA %s\tB %s\n", h.Field, h.A, h.B)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	diffs := r.Differences()
	if len(diffs) > 0 {
		fmt.Fprintln(tw, "target\tindex\tchannel\tmax |A-B|\tat frame\tfirst frame\t")
		for _, d := range diffs {
			note := ""
			if d.OnlyIn != "" {
				note = "only in " + map[string]string{"a": "A", "b": "B"}[d.OnlyIn]
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\n", d.TargetLabel(), d.Index, d.Channel,
				Number(d.MaxDiff), Number(d.AtFrame), Number(d.FirstFrame), note)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	targets := map[[2]int]bool{}
	for _, row := range r.Rows {
		targets[[2]int{row.TargetA, row.TargetB}] = true
	}
	summary := fmt.Sprintf("%d of %d channels (%d targets) differ at %d frames", len(diffs), len(r.Rows), len(targets), len(r.Frames))
	if r.Same() {
		summary = fmt.Sprintf("same: %d channels (%d targets) agree within the tolerance at %d frames", len(r.Rows), len(targets), len(r.Frames))
	}
	_, err := fmt.Fprintln(w, summary)
	return err
}

// jsonDoc is the --json output: "same" and "differences" are the
// contract; "headers" lists differing clip fields.
type jsonDoc struct {
	Same        bool       `json:"same"`
	Differences []jsonRow  `json:"differences"`
	Headers     []jsonHead `json:"headers"`
	Frames      int        `json:"frames"`
}

type jsonRow struct {
	Target     string   `json:"target"`
	Index      int      `json:"index"`
	Kind       string   `json:"kind"`
	TexGen     *int     `json:"texGen,omitempty"`
	Channel    string   `json:"channel"`
	MaxDiff    float64  `json:"maxDiff"`
	AtFrame    float64  `json:"atFrame"`
	FirstFrame *float64 `json:"firstFrame"`
	OnlyIn     string   `json:"onlyIn,omitempty"`
}

type jsonHead struct {
	Field string `json:"field"`
	A     string `json:"a"`
	B     string `json:"b"`
}

// MarshalJSON writes the --json document.
func MarshalJSON(r *Result) ([]byte, error) {
	doc := jsonDoc{Same: r.Same(), Differences: []jsonRow{}, Headers: []jsonHead{}, Frames: len(r.Frames)}
	for _, d := range r.Differences() {
		row := jsonRow{Target: d.Target, Index: d.Index, Kind: d.Kind.String(), Channel: d.Channel,
			MaxDiff: d.MaxDiff + 0, AtFrame: d.AtFrame + 0, OnlyIn: d.OnlyIn}
		if d.TexGen >= 0 {
			g := d.TexGen
			row.TexGen = &g
		}
		if math.IsNaN(row.AtFrame) {
			row.AtFrame = 0
		}
		if !math.IsNaN(d.FirstFrame) {
			f := d.FirstFrame + 0
			row.FirstFrame = &f
		}
		doc.Differences = append(doc.Differences, row)
	}
	for _, h := range r.Headers {
		doc.Headers = append(doc.Headers, jsonHead(h))
	}
	out, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
