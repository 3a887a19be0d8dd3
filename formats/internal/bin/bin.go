// Package bin is the one bounds-checked reader every decoder uses. Every
// access checks its range with overflow-safe arithmetic (off < 0 || n < 0 ||
// off > len(b)-n) and reports failures as errors instead of panicking, so a
// decoder built on it cannot index out of range on hostile input.
package bin

import (
	"encoding/binary"
	"fmt"
	"math"
)

// RangeError reports a read that does not fit in the data.
type RangeError struct {
	Off, N, Len int64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("offset 0x%x: %d bytes needed, data ends at 0x%x", e.Off, e.N, e.Len)
}

// Reader reads fixed-size values at absolute offsets of a byte slice with
// an explicit byte order. The zero value is unusable; use BE or LE.
type Reader struct {
	B     []byte
	Order binary.ByteOrder
}

// BE returns a big-endian reader over b.
func BE(b []byte) Reader { return Reader{B: b, Order: binary.BigEndian} }

// LE returns a little-endian reader over b.
func LE(b []byte) Reader { return Reader{B: b, Order: binary.LittleEndian} }

// Len is the length of the underlying data.
func (r Reader) Len() int { return len(r.B) }

// In reports whether [off, off+n) lies inside the data. It takes int64 so
// that callers can add 32-bit file offsets without wrapping.
func (r Reader) In(off, n int64) bool {
	return off >= 0 && n >= 0 && off <= int64(len(r.B))-n
}

// Check returns a *RangeError unless [off, off+n) lies inside the data.
func (r Reader) Check(off, n int64) error {
	if !r.In(off, n) {
		return &RangeError{Off: off, N: n, Len: int64(len(r.B))}
	}
	return nil
}

// Bytes returns the n bytes at off (a sub-slice, not a copy).
func (r Reader) Bytes(off, n int64) ([]byte, error) {
	if err := r.Check(off, n); err != nil {
		return nil, err
	}
	return r.B[off : off+n : off+n], nil
}

// Sub returns a reader over [off, off+n) with the same byte order; offsets
// of the new reader are relative to off.
func (r Reader) Sub(off, n int64) (Reader, error) {
	b, err := r.Bytes(off, n)
	if err != nil {
		return Reader{}, err
	}
	return Reader{B: b, Order: r.Order}, nil
}

// From returns a reader over [off, end of data).
func (r Reader) From(off int64) (Reader, error) {
	return r.Sub(off, int64(len(r.B))-off)
}

func (r Reader) U8(off int64) (uint8, error) {
	if err := r.Check(off, 1); err != nil {
		return 0, err
	}
	return r.B[off], nil
}

func (r Reader) U16(off int64) (uint16, error) {
	if err := r.Check(off, 2); err != nil {
		return 0, err
	}
	return r.Order.Uint16(r.B[off:]), nil
}

func (r Reader) S16(off int64) (int16, error) {
	v, err := r.U16(off)
	return int16(v), err
}

func (r Reader) U32(off int64) (uint32, error) {
	if err := r.Check(off, 4); err != nil {
		return 0, err
	}
	return r.Order.Uint32(r.B[off:]), nil
}

func (r Reader) S32(off int64) (int32, error) {
	v, err := r.U32(off)
	return int32(v), err
}

func (r Reader) U64(off int64) (uint64, error) {
	if err := r.Check(off, 8); err != nil {
		return 0, err
	}
	return r.Order.Uint64(r.B[off:]), nil
}

func (r Reader) F32(off int64) (float32, error) {
	v, err := r.U32(off)
	return math.Float32frombits(v), err
}

// CString returns the NUL-terminated string starting at off, reading at most
// max bytes (max <= 0: up to the end of the data). A string that reaches the
// limit without a NUL is an error.
func (r Reader) CString(off int64, max int) (string, error) {
	if err := r.Check(off, 1); err != nil {
		return "", err
	}
	end := int64(len(r.B))
	if max > 0 && off+int64(max) < end {
		end = off + int64(max)
	}
	for i := off; i < end; i++ {
		if r.B[i] == 0 {
			return string(r.B[off:i]), nil
		}
	}
	return "", fmt.Errorf("offset 0x%x: string without NUL terminator", off)
}

// Fits reports whether count items of size bytes each fit in the n bytes
// available, without overflowing. Decoders call it before allocating a
// slice for a count read from a file.
func Fits(count, size, n int64) bool {
	if count < 0 || size < 0 || n < 0 {
		return false
	}
	if size == 0 || count == 0 {
		return true
	}
	return count <= n/size
}

// FormatError reports malformed data: the format's name, the offset where
// the problem was found (-1 when none applies) and what is wrong.
type FormatError struct {
	Format string
	Off    int64
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Off < 0 {
		return e.Format + ": " + e.Msg
	}
	return fmt.Sprintf("%s: offset 0x%x: %s", e.Format, e.Off, e.Msg)
}

// UnsupportedError reports valid data that uses a feature not supported.
type UnsupportedError struct {
	Format string
	Msg    string
}

func (e *UnsupportedError) Error() string { return e.Format + ": unsupported: " + e.Msg }

// Errorf returns a *FormatError for format at offset off. A negative
// signed integer argument (an offset field pointing before the file)
// prints under %x as the unsigned 32-bit value the file holds, never as
// "0x-78e0a834".
func Errorf(format string, off int64, msg string, args ...any) error {
	for i, a := range args {
		switch v := a.(type) {
		case int:
			args[i] = unsignedHex(v)
		case int32:
			args[i] = unsignedHex(v)
		case int64:
			args[i] = unsignedHex(v)
		}
	}
	return &FormatError{Format: format, Off: off, Msg: fmt.Sprintf(msg, args...)}
}

// unsignedHex prints like the integer it holds, except that a negative
// value under %x or %X shows its two's complement: 32 bits when it fits
// in an int32 (file offsets are 32-bit), else 64.
type unsignedHex int64

func (h unsignedHex) Format(f fmt.State, verb rune) {
	v := int64(h)
	if (verb == 'x' || verb == 'X') && v < 0 {
		u := uint64(v)
		if v >= -1<<31 {
			u = uint64(uint32(v))
		}
		fmt.Fprintf(f, fmt.FormatString(f, verb), u)
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), v)
}

// Unsupportedf returns an *UnsupportedError.
func Unsupportedf(format string, msg string, args ...any) error {
	return &UnsupportedError{Format: format, Msg: fmt.Sprintf(msg, args...)}
}
