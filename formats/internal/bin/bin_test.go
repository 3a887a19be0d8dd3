package bin

import (
	"math"
	"testing"
)

func TestReaderBounds(t *testing.T) {
	r := BE([]byte{0x12, 0x34, 0x56, 0x78, 0x3f, 0x80, 0x00, 0x00, 'a', 'b', 0})
	if v, err := r.U16(0); err != nil || v != 0x1234 {
		t.Fatalf("U16(0) = %#x, %v", v, err)
	}
	if v, err := r.U32(0); err != nil || v != 0x12345678 {
		t.Fatalf("U32(0) = %#x, %v", v, err)
	}
	if v, err := LE(r.B).U16(0); err != nil || v != 0x3412 {
		t.Fatalf("LE U16(0) = %#x, %v", v, err)
	}
	if v, err := r.F32(4); err != nil || v != 1 {
		t.Fatalf("F32(4) = %v, %v", v, err)
	}
	if s, err := r.CString(8, 0); err != nil || s != "ab" {
		t.Fatalf("CString = %q, %v", s, err)
	}
	if _, err := r.CString(8, 2); err == nil {
		t.Fatal("CString with limit before NUL: want error")
	}
	for _, c := range []struct{ off, n int64 }{{-1, 1}, {10, 2}, {11, 1}, {0, -1}, {math.MaxInt64, 1}, {1, math.MaxInt64}} {
		if r.In(c.off, c.n) {
			t.Errorf("In(%d, %d) = true, want false", c.off, c.n)
		}
	}
	if _, err := r.U32(8); err == nil {
		t.Fatal("U32(8) on 11 bytes: want error")
	}
	if !r.In(11, 0) || !r.In(7, 4) {
		t.Fatal("In rejects a range that fits")
	}
	if _, err := r.Sub(9, 3); err == nil {
		t.Fatal("Sub past end: want error")
	}
}

func TestFits(t *testing.T) {
	cases := []struct {
		count, size, n int64
		want           bool
	}{
		{10, 4, 40, true}, {11, 4, 40, false}, {0, 4, 0, true}, {-1, 4, 40, false},
		{math.MaxInt64, 8, math.MaxInt64, false}, {1 << 40, 1 << 40, 1 << 62, false},
	}
	for _, c := range cases {
		if got := Fits(c.count, c.size, c.n); got != c.want {
			t.Errorf("Fits(%d, %d, %d) = %v, want %v", c.count, c.size, c.n, got, c.want)
		}
	}
}
