package bfres

import (
	"fmt"
	"unicode/utf16"
)

// UserData is one user data entry: a name and values of one type.
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

// readUserData reads a user data dictionary and its entries (Wii U: each
// entry holds its values; Switch: the dictionary indexes the array of
// entries at values, each pointing at its values); count is the owner's
// stated number of entries. Without a dictionary there is no user data,
// and on the Switch the owner must state none.
func (d *decoder) readUserData(values, dict int64, count int, what string) ([]UserData, error) {
	l := &d.lay.userData
	if dict == 0 {
		if d.nx() && count != 0 {
			return nil, d.errf(values, "%s: %d entries but no dictionary", what, count)
		}
		return nil, nil
	}
	t, err := d.readDict(dict, values, l.size, what+" dictionary")
	if err != nil {
		return nil, err
	}
	if len(t.Entries) != count {
		return nil, d.errf(dict+4, "%s dictionary has %d entries, owner says %d", what, len(t.Entries), count)
	}
	out := make([]UserData, count)
	for i, e := range t.Entries {
		if out[i], err = d.readUserDataEntry(e.DataOffset, what); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (d *decoder) readUserDataEntry(off int64, what string) (UserData, error) {
	l := &d.lay.userData
	h, err := d.structAt(off, l.size, what)
	if err != nil {
		return UserData{}, err
	}
	u := UserData{FileOffset: off}
	u.Name = h.nameAt(l.name)
	n := h.num(l.count)
	u.Type = uint8(h.num(l.typ))
	data := off + l.size
	if l.data.kind != absent {
		data = h.refAt(l.data)
	}
	if h.err != nil {
		return UserData{}, h.err
	}
	if int(u.Type) >= len(l.elem) {
		return UserData{}, d.errf(off+l.typ.at, "%s %q: unknown value type %d", what, u.Name, u.Type)
	}
	elem := l.elem[u.Type]
	if n == 0 && l.data.kind != absent {
		return u, nil
	}
	v, err := d.structAt(data, n*elem, what+" values")
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
			u.Strings[i] = v.name(elem * int64(i))
		}
	case 3:
		if !l.wide {
			break // listed by name and type only
		}
		u.Strings = make([]string, n)
		for i := range u.Strings {
			t := v.ref(4 * int64(i))
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
