// Package inspect is the format-neutral form of a file's raw data for the
// viewer's inspector: titled sections of named fields and tables of
// strings, as the decoder read them. Each format package fills it from its
// spec-shaped structs (with the number formatting here, so every format
// shows numbers alike); ui shows it without knowing any format. It imports
// only anim and the standard library, so both sides can.
package inspect

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
)

// Source is the raw data of one opened file.
type Source interface {
	// Header is the file's header fields and whole-file tables.
	Header() []Section
	// Target is the raw data behind target index of clip, which must be
	// one of the file's own clips (nil otherwise): the stored track
	// entries, keys and values in file units next to the converted ones.
	Target(clip *anim.Clip, index int) []Section
}

// Section is a titled group of fields and tables.
type Section struct {
	Title  string
	Fields []Field
	Tables []Table
}

// Field is one named value, formatted.
type Field struct{ Name, Value string }

// Table is a table of formatted cells.
type Table struct {
	Title string
	// Channel names the clip channel whose stored track the table is
	// ("rotation.y"), "" for other tables.
	Channel string
	Columns []string
	Rows    [][]string
}

// CSV is the table as comma-separated values with a header row, for the
// clipboard (quoted where a cell needs it).
func (t *Table) CSV() string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(t.Columns) // a bytes.Buffer does not fail
	for _, r := range t.Rows {
		_ = w.Write(r)
	}
	w.Flush()
	return b.String()
}

// Num formats a number exactly (the shortest form that reads back to the
// same float64), as the CSV and sample outputs do.
func Num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Num32 formats a number stored as float32 by its shortest float32 form
// (0.3, not 0.30000001192092896), which reads back to the stored value.
func Num32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// Vec32 formats a float32 vector as the inspector shows numbers: "1, 0.5, 2".
func Vec32(v []float32) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = Num32(x)
	}
	return strings.Join(parts, ", ")
}

// Int formats an integer.
func Int[T ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64](v T) string {
	return fmt.Sprint(v)
}

// Hex formats an offset or bit field as 0x hex.
func Hex[T ~int | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64](v T) string {
	return fmt.Sprintf("0x%x", v)
}

// F is a Field from a name and any value formatted with fmt's %v.
func F(name string, v any) Field {
	switch x := v.(type) {
	case string:
		return Field{name, x}
	case float64:
		return Field{name, Num(x)}
	case float32:
		return Field{name, Num32(x)}
	}
	return Field{name, fmt.Sprint(v)}
}
