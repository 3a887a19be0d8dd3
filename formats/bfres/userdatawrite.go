package bfres

import (
	"fmt"
	"math"
	"unicode/utf16"
)

// writeUserData writes user data entries and their dictionary in the
// region and returns the references an owner stores (Switch: the entry
// array and the dictionary; Wii U: the dictionary, whose entries hold
// their values). The Switch lists UTF-16 strings by name and type only,
// so their values cannot be written there.
func (e *edit) writeUserData(ud []UserData) (values, dict int64, err error) {
	if len(ud) == 0 {
		return 0, 0, nil
	}
	l := &e.lay.userData
	names := make([]string, len(ud))
	for i := range ud {
		names[i] = ud[i].Name
	}
	nodes, err := buildDict(names, e.lay.nx)
	if err != nil {
		return 0, 0, fmt.Errorf("user data: %v", err)
	}
	entries := make([]int64, len(ud))
	if e.lay.nx {
		values = e.alloc(int64(len(ud))*l.size, 8)
		for i := range ud {
			entries[i] = values + int64(i)*l.size
		}
	}
	for i := range ud {
		u := &ud[i]
		n, elem, err := userDataCount(u, l)
		if err != nil {
			return 0, 0, err
		}
		if !e.lay.nx {
			entries[i] = e.alloc(l.size+n*elem, 4)
		}
		st := entries[i]
		e.name(st, l.name, u.Name)
		e.num(st, l.count, n)
		e.num(st, l.typ, int64(u.Type))
		data := st + l.size
		if e.lay.nx && n > 0 {
			data = e.alloc(n*elem, 8)
			e.refFieldNew(st, l.data, data)
		}
		for k := int64(0); k < n; k++ {
			at := data + k*elem
			switch u.Type {
			case 0:
				e.order.PutUint32(e.bytes(at, 4), uint32(u.Ints[k]))
			case 1:
				e.order.PutUint32(e.bytes(at, 4), math.Float32bits(u.Floats[k]))
			case 2:
				e.refStr(at, u.Strings[k])
			case 3:
				e.refNew(at, e.wstring(u.Strings[k]))
			case 4:
				e.bytes(at, 1)[0] = u.Bytes[k]
			}
		}
	}
	dict = e.writeDict(nodes, entries)
	return values, dict, nil
}

// userDataCount is the number of values of a user data entry and the
// size of one, checking the type.
func userDataCount(u *UserData, l *userDataLayout) (n, elem int64, err error) {
	switch u.Type {
	case 0:
		n = int64(len(u.Ints))
	case 1:
		n = int64(len(u.Floats))
	case 2:
		n = int64(len(u.Strings))
	case 3:
		if !l.wide {
			return 0, 0, fmt.Errorf("user data %q: UTF-16 strings cannot be written on the Switch", u.Name)
		}
		n = int64(len(u.Strings))
	case 4:
		n = int64(len(u.Bytes))
	default:
		return 0, 0, fmt.Errorf("user data %q: unknown value type %d", u.Name, u.Type)
	}
	if n > math.MaxUint16 {
		return 0, 0, fmt.Errorf("user data %q: %d values (at most 65535)", u.Name, n)
	}
	return n, l.elem[u.Type], nil
}

// wstring writes s as a NUL-terminated big-endian UTF-16 string in the
// region (Wii U user data) and returns its offset.
func (e *edit) wstring(s string) int64 {
	units := utf16.Encode([]rune(s))
	at := e.alloc(2*int64(len(units)+1), 4)
	for i, c := range units {
		e.order.PutUint16(e.bytes(at+2*int64(i), 2), c)
	}
	return at
}

// writeDict writes a dictionary over nodes (buildDict's) whose entry i
// refers to data[i] in the region (Wii U; the Switch's entries are the
// array the owner refers to) and returns its offset.
func (e *edit) writeDict(nodes []trieNode, data []int64) int64 {
	p := e.alloc(8+dictNodeSize*int64(len(nodes)), e.dataAlign())
	if e.lay.nx {
		copy(e.bytes(p, 4), "_DIC")
	} else {
		e.order.PutUint32(e.bytes(p, 4), uint32(8+dictNodeSize*len(nodes)))
	}
	e.order.PutUint32(e.bytes(p+4, 4), uint32(len(nodes)-1))
	for i, nd := range nodes {
		q := p + 8 + dictNodeSize*int64(i)
		e.writeNode(q, nd)
		switch {
		case i > 0:
			e.refStr(q+8, nd.key)
			if !e.lay.nx {
				e.refNew(q+12, data[i-1])
			}
		case e.lay.nx:
			e.refStr(q+8, "")
		}
	}
	return p
}
