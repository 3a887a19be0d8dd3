package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// The human-readable info prints a format's details as lines and tables:
// a scalar on its line, a list of records (BFRES subfiles, models,
// animations) as a table with one row per record, anything nested as a
// short "key value, ..." cell. JSON stays in --json.

// kv is one member of a JSON object, in document order.
type kv struct {
	key string
	val any
}

// object is a JSON object with its members in order.
type object []kv

// decodeOrdered decodes JSON keeping object member order (a map would
// sort the table's columns alphabetically).
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		var o object
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, kv{fmt.Sprint(k), v})
		}
		_, err = dec.Token()
		return o, err
	case json.Delim('['):
		list := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err = dec.Token()
		return list, err
	}
	return tok, nil
}

// maxCellItems is how many items of a list a table cell spells out.
const maxCellItems = 4

// maxCellWidth keeps a table cell readable; longer ones are cut.
const maxCellWidth = 60

// cell writes a value compactly for one table cell or line.
func cell(v any) string {
	var s string
	switch v := v.(type) {
	case nil:
		return "-"
	case string:
		s = v
	case json.Number:
		s = v.String()
	case []any:
		parts := make([]string, 0, min(len(v), maxCellItems))
		for i, x := range v {
			if i == maxCellItems {
				break
			}
			parts = append(parts, cell(nameOf(x)))
		}
		s = strings.Join(parts, ", ")
		if len(v) > maxCellItems {
			s += fmt.Sprintf(", … (%d)", len(v))
		}
	case object:
		parts := make([]string, 0, len(v))
		for _, m := range v {
			parts = append(parts, m.key+" "+cell(m.val))
		}
		s = strings.Join(parts, ", ")
	default:
		s = fmt.Sprint(v)
	}
	if r := []rune(s); len(r) > maxCellWidth {
		s = string(r[:maxCellWidth-1]) + "…"
	}
	return s
}

// nameOf is a record's name, standing for it in a list (user data
// entries by name); other values as they are.
func nameOf(v any) any {
	if o, ok := v.(object); ok {
		for _, m := range o {
			if m.key == "name" {
				return m.val
			}
		}
	}
	return v
}

// writeDetail prints one detail: "  name: value" for a scalar or a short
// list, a table for a list of records, indented lines for a record.
func writeDetail(w io.Writer, name string, value any) {
	raw, err := json.Marshal(value)
	if err != nil {
		fmt.Fprintf(w, "  %s: %v\n", name, value)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		fmt.Fprintf(w, "  %s: %s\n", name, raw)
		return
	}
	switch v := v.(type) {
	case []any:
		if rows, cols := records(v); rows != nil {
			fmt.Fprintf(w, "  %s: %d\n", name, len(rows))
			writeTable(w, cols, rows)
			return
		}
		fmt.Fprintf(w, "  %s: %s\n", name, cell(v))
	case object:
		fmt.Fprintf(w, "  %s:\n", name)
		for _, m := range v {
			fmt.Fprintf(w, "    %s: %s\n", m.key, cell(m.val))
		}
	case string:
		// Strings keep their quotes, as the other formats' details print.
		fmt.Fprintf(w, "  %s: %q\n", name, v)
	default:
		fmt.Fprintf(w, "  %s: %s\n", name, cell(v))
	}
}

// records turns a list whose items are all objects into table rows,
// with the union of their keys as columns in first-seen order; nil when
// an item is not an object.
func records(list []any) (rows []object, cols []string) {
	if len(list) == 0 {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, x := range list {
		o, ok := x.(object)
		if !ok {
			return nil, nil
		}
		for _, m := range o {
			if !seen[m.key] {
				seen[m.key] = true
				cols = append(cols, m.key)
			}
		}
		rows = append(rows, o)
	}
	return rows, cols
}

func writeTable(w io.Writer, cols []string, rows []object) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "    %s\n", strings.Join(cols, "\t"))
	for _, r := range rows {
		cells := make([]string, len(cols))
		for i, c := range cols {
			cells[i] = "-"
			for _, m := range r {
				if m.key == c {
					cells[i] = cell(m.val)
				}
			}
		}
		fmt.Fprintf(tw, "    %s\n", strings.Join(cells, "\t"))
	}
	tw.Flush()
}
