package bfres

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/animscope/animscope/formats/internal/bin"
)

// decoder carries the reader and the state shared by every section
// reader. Each reader is written once for both consoles: it takes its
// field offsets from the console's layout tables (layout.go) and follows
// references through the offset resolver (fields.ref): 32-bit
// self-relative offsets on the Wii U, 64-bit absolute offsets checked
// against the relocation table on the Switch.
type decoder struct {
	r      bin.Reader
	lay    *layout
	budget int64         // bytes of structures and arrays still allowed
	steps  int64         // dictionary lookup steps still allowed
	curves []storedCurve // zero curves handed out to decoded curves (storedCurve)
	// group is the index group whose subfiles are being read (Wii U; -1
	// on the Switch): the shader-parameter and colour FSHUs (groups 3,
	// 4) target any float of the parameter, not TexSrt fields
	// (fshu_param.go).
	group int
	// gpu is a Switch file's GPU data (vertex and index buffers), or
	// gpuErr why it could not be found (header.go).
	gpu    []byte
	gpuErr error
	// relocated marks, one bit per 8-byte word, the pointer fields a
	// Switch file's relocation table lists, and rlt is where that table
	// starts (0 until it is read): a pointer field it does not list, or a
	// structure that runs into it, is malformed (reloc.go).
	relocated []uint64
	rlt       int64
}

// nx reports a Switch file.
func (d *decoder) nx() bool { return d.lay.nx }

func (d *decoder) errf(off int64, format string, args ...any) error {
	return bin.Errorf(formatName, off, format, args...)
}

// charge accounts for n bytes of file data about to be decoded.
func (d *decoder) charge(off, n int64, what string) error {
	if n < 0 || n > d.budget {
		return d.errf(off, "%s: structures overlap too much (more than %dx the file size decoded)", what, overlapFactor)
	}
	d.budget -= n
	return nil
}

// fields reads a fixed-size structure through a bounds-checked view with a
// sticky error, so that a parser reads its fields in sequence and checks
// once. All offsets are relative to the structure's start. bin checks
// every field's range; the value is then read in the file's byte order
// (le) without the interface call bin.Reader's own reads make, because
// files hold thousands of curves and pointers.
type fields struct {
	d    *decoder
	b    []byte // the structure, as bin.Reader.Bytes checked it
	le   bool
	base int64
	what string
	err  error
}

// structAt checks that size bytes at off lie in the file and returns a
// field reader over them.
func (d *decoder) structAt(off, size int64, what string) (fields, error) {
	b, err := d.r.Bytes(off, size)
	if err != nil {
		return fields{}, d.errf(off, "%s (0x%x bytes) runs past the end of the file (0x%x)", what, size, d.r.Len())
	}
	if err := d.beforeRelocTable(off, size, what); err != nil {
		return fields{}, err
	}
	if err := d.charge(off, size, what); err != nil {
		return fields{}, err
	}
	return fields{d: d, b: b, le: d.nx(), base: off, what: what}, nil
}

func (f *fields) set(err error) {
	if f.err == nil && err != nil {
		f.err = f.d.errf(f.base, "%s: %v", f.what, err)
	}
}

// at returns the n bytes of field o (nil once the structure failed).
func (f *fields) at(o, n int64) []byte {
	if r := (bin.Reader{B: f.b}); r.In(o, n) {
		return f.b[o : o+n : o+n]
	}
	_, err := bin.Reader{B: f.b}.Bytes(o, n)
	f.set(err)
	return nil
}

func (f *fields) u8(o int64) uint8 {
	if b := f.at(o, 1); b != nil {
		return b[0]
	}
	return 0
}

func (f *fields) u16(o int64) uint16 {
	b := f.at(o, 2)
	switch {
	case b == nil:
		return 0
	case f.le:
		return binary.LittleEndian.Uint16(b)
	}
	return binary.BigEndian.Uint16(b)
}

func (f *fields) u32(o int64) uint32 {
	b := f.at(o, 4)
	switch {
	case b == nil:
		return 0
	case f.le:
		return binary.LittleEndian.Uint32(b)
	}
	return binary.BigEndian.Uint32(b)
}

func (f *fields) u64(o int64) uint64 {
	b := f.at(o, 8)
	switch {
	case b == nil:
		return 0
	case f.le:
		return binary.LittleEndian.Uint64(b)
	}
	return binary.BigEndian.Uint64(b)
}

// f32s reads len(dst) f32 values from field o on (one range check for
// all) and returns the offset after them.
func (f *fields) f32s(o int64, dst []float32) int64 {
	n := 4 * int64(len(dst))
	switch b := f.at(o, n); {
	case b == nil:
	case f.le:
		for k := range dst {
			dst[k] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*k:]))
		}
	default:
		for k := range dst {
			dst[k] = math.Float32frombits(binary.BigEndian.Uint32(b[4*k:]))
		}
	}
	return o + n
}

func (f *fields) s16(o int64) int16   { return int16(f.u16(o)) }
func (f *fields) s32(o int64) int32   { return int32(f.u32(o)) }
func (f *fields) f32(o int64) float32 { return math.Float32frombits(f.u32(o)) }

// ref resolves the offset stored at field o to an absolute one (0 for a
// null offset). A target outside the file is an error; on the Switch so
// is a pointer field the relocation table does not list.
func (f *fields) ref(o int64) int64 {
	if f.d.nx() {
		v := f.u64(o)
		if v == 0 || f.err != nil {
			return 0
		}
		if err := f.d.checkRelocated(f.base+o, f.what); err != nil {
			f.err = err
			return 0
		}
		if v >= uint64(f.d.r.Len()) {
			f.err = f.d.errf(f.base+o, "%s: offset field points to 0x%x, outside the file (0x%x bytes)", f.what, v, f.d.r.Len())
			return 0
		}
		return int64(v)
	}
	v := int64(f.s32(o))
	if v == 0 || f.err != nil {
		return 0
	}
	t := f.base + o + v
	if t < 0 || t >= int64(f.d.r.Len()) {
		f.err = f.d.errf(f.base+o, "%s: offset field points to 0x%x, outside the file (0x%x bytes)", f.what, t, f.d.r.Len())
		return 0
	}
	return t
}

// name reads the name whose offset is at field o ("" when null).
func (f *fields) name(o int64) string {
	t := f.ref(o)
	if t == 0 || f.err != nil {
		return ""
	}
	s, err := f.d.str(t)
	if err != nil && f.err == nil {
		f.err = f.d.errf(f.base+o, "%s: name: %v", f.what, err)
	}
	return s
}

// num, refAt and nameAt read a field of a layout table (0 or "" where
// the version has no such field).
func (f *fields) num(fl field) int64 {
	switch fl.kind {
	case kU8:
		return int64(f.u8(fl.at))
	case kU16:
		return int64(f.u16(fl.at))
	case kS16:
		return int64(f.s16(fl.at))
	case kU32:
		return int64(f.u32(fl.at))
	case kS32:
		return int64(f.s32(fl.at))
	}
	return 0
}

func (f *fields) refAt(fl field) int64 {
	if fl.kind == absent {
		return 0
	}
	return f.ref(fl.at)
}

func (f *fields) nameAt(fl field) string {
	if fl.kind == absent {
		return ""
	}
	return f.name(fl.at)
}

// str reads the name at off: on the Wii U a NUL-terminated string, on
// the Switch a _STR entry (u16 length, the bytes, a NUL).
func (d *decoder) str(off int64) (string, error) {
	if !d.nx() {
		return d.cstring(off)
	}
	n, err := d.r.U16(off)
	if err != nil {
		return "", fmt.Errorf("string offset 0x%x is outside the file", off)
	}
	s, err := d.cstring(off + 2)
	if err != nil {
		return "", err
	}
	if len(s) != int(n) {
		return "", fmt.Errorf("string at 0x%x states length %d but its NUL is after %d bytes", off, n, len(s))
	}
	return s, nil
}

// cstring reads a NUL-terminated string of at most maxNameLen bytes at off.
func (d *decoder) cstring(off int64) (string, error) {
	n := min(int64(d.r.Len())-off, maxNameLen+1)
	b, err := d.r.Bytes(off, n)
	if err != nil || n <= 0 {
		return "", fmt.Errorf("string offset 0x%x is outside the file", off)
	}
	i := bytes.IndexByte(b, 0)
	if i < 0 {
		return "", fmt.Errorf("string at 0x%x has no NUL within %d bytes", off, maxNameLen)
	}
	return string(b[:i]), nil
}

// magicAt reports whether the 4 bytes at off spell magic.
func (d *decoder) magicAt(off int64, magic string) bool {
	b, err := d.r.Bytes(off, 4)
	return err == nil && string(b) == magic
}

// array returns n bytes at off, charged to the decode budget.
func (d *decoder) array(off, n int64, what string) ([]byte, error) {
	b, err := d.r.Bytes(off, n)
	if err != nil {
		return nil, d.errf(off, "%s (0x%x bytes) runs past the end of the file (0x%x)", what, n, d.r.Len())
	}
	if err := d.charge(off, n, what); err != nil {
		return nil, err
	}
	return b, nil
}

// forEach reads n elements of size bytes at off through one field
// reader, calling fn with each element's offset in it.
func (d *decoder) forEach(off, n, size int64, what string, fn func(f *fields, o int64)) error {
	if n == 0 {
		return nil
	}
	f, err := d.structAt(off, n*size, what)
	if err != nil {
		return err
	}
	for i := int64(0); i < n && f.err == nil; i++ {
		fn(&f, i*size)
	}
	return f.err
}

// u16s reads n u16 values at off (nil when off is null or n is 0).
func (d *decoder) u16s(off, n int64, what string) ([]uint16, error) {
	if off == 0 || n == 0 {
		return nil, nil
	}
	f, err := d.structAt(off, 2*n, what)
	if err != nil {
		return nil, err
	}
	out := make([]uint16, n)
	for i := range out {
		out[i] = f.u16(2 * int64(i))
	}
	return out, f.err
}

// names reads n name references at off.
func (d *decoder) names(off, n int64, what string) ([]string, error) {
	return d.nameArray(off, n, d.lay.refSize, what)
}

// nameArray reads n names at off, one every stride bytes (Wii U texture
// references are 8 bytes: name, FTEX).
func (d *decoder) nameArray(off, n, stride int64, what string) ([]string, error) {
	var out []string
	err := d.forEach(off, n, stride, what, func(t *fields, o int64) { out = append(out, t.name(o)) })
	return out, err
}
