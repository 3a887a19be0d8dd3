package bfres

import (
	"fmt"
	"unicode/utf16"
)

// UserData is one user data entry (Wii U layout: rel name, u16 count,
// u8 type, pad, inline values).
type UserData struct {
	FileOffset int64
	Name       string
	Type       uint8 // 0 int, 1 float, 2 string, 3 wstring, 4 byte
	Ints       []int32
	Floats     []float32
	Strings    []string
	Bytes      []byte
}

var userDataTypeNames = [...]string{"int", "float", "string", "wstring", "byte"}

// TypeName names the value type.
func (u *UserData) TypeName() string {
	if int(u.Type) < len(userDataTypeNames) {
		return userDataTypeNames[u.Type]
	}
	return fmt.Sprintf("type(%d)", u.Type)
}

// Values returns the values as a JSON-friendly slice.
func (u *UserData) Values() any {
	switch u.Type {
	case 0:
		return u.Ints
	case 1:
		return u.Floats
	case 4:
		out := make([]int, len(u.Bytes))
		for i, b := range u.Bytes {
			out[i] = int(b)
		}
		return out
	}
	return u.Strings
}

// readUserDataDict reads a user data dictionary and its entries; count is
// the owner's stated number of entries.
func (d *decoder) readUserDataDict(off int64, count int, what string) ([]UserData, error) {
	dict, err := d.readDict(off, what+" dictionary")
	if err != nil {
		return nil, err
	}
	if len(dict.Entries) != count {
		return nil, d.errf(off+4, "%s dictionary has %d entries, owner says %d", what, len(dict.Entries), count)
	}
	out := make([]UserData, len(dict.Entries))
	for i, e := range dict.Entries {
		if out[i], err = d.readUserData(e.DataOffset, what); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (d *decoder) readUserData(off int64, what string) (UserData, error) {
	h, err := d.structAt(off, 8, what)
	if err != nil {
		return UserData{}, err
	}
	u := UserData{FileOffset: off}
	u.Name = h.name(0)
	n := int64(h.u16(4))
	u.Type = h.u8(6)
	if h.err != nil {
		return UserData{}, h.err
	}
	elem := int64(4)
	switch u.Type {
	case 0, 1, 2, 3:
	case 4:
		elem = 1
	default:
		return UserData{}, d.errf(off+6, "%s %q: unknown value type %d", what, u.Name, u.Type)
	}
	v, err := d.structAt(off+8, n*elem, what+" values")
	if err != nil {
		return UserData{}, err
	}
	switch u.Type {
	case 0:
		u.Ints = make([]int32, n)
		for i := range u.Ints {
			u.Ints[i] = v.s32(4 * int64(i))
		}
	case 1:
		u.Floats = make([]float32, n)
		for i := range u.Floats {
			u.Floats[i] = v.f32(4 * int64(i))
		}
	case 2:
		u.Strings = make([]string, n)
		for i := range u.Strings {
			u.Strings[i] = v.name(4 * int64(i))
		}
	case 3:
		u.Strings = make([]string, n)
		for i := range u.Strings {
			t := v.rel(4 * int64(i))
			if t != 0 && v.err == nil {
				u.Strings[i], v.err = d.wstring(t)
			}
		}
	case 4:
		u.Bytes = make([]byte, n)
		for i := range u.Bytes {
			u.Bytes[i] = v.u8(int64(i))
		}
	}
	if v.err != nil {
		return UserData{}, v.err
	}
	return u, nil
}

// wstring reads a NUL-terminated big-endian UTF-16 string.
func (d *decoder) wstring(off int64) (string, error) {
	var units []uint16
	for i := int64(0); i < maxNameLen; i++ {
		c, err := d.r.U16(off + 2*i)
		if err != nil {
			return "", d.errf(off, "UTF-16 string runs past the end of the file")
		}
		if c == 0 {
			return string(utf16.Decode(units)), nil
		}
		units = append(units, c)
	}
	return "", d.errf(off, "UTF-16 string has no NUL within %d characters", maxNameLen)
}
