package archive

import (
	"encoding/binary"
	"fmt"
)

// Yaz0 encoding. No maintained Go library writes Yaz0, so this is our own:
// LZ77 over a 0x1000-byte window with matches of 3 to 0x111 bytes, found
// through hash chains of 3-byte prefixes, with one step of lazy matching
// (a match is put off by a literal when the next position has a longer
// one), as Nintendo's own encoders do. DecompressYaz0 is its test oracle.

const (
	yaz0Window    = 0x1000
	yaz0MinMatch  = 3
	yaz0MaxMatch  = 0x111
	yaz0HashBits  = 15
	yaz0MaxChain  = 256 // candidates tried per position: the speed/ratio knob
	yaz0GoodMatch = 0x40
)

// CompressYaz0 compresses data into a Yaz0 stream. reserved is the 8
// bytes after the size in the header (zero in most files; BotW and SMO
// store the data alignment there), kept when an archive is re-compressed.
func CompressYaz0(data []byte, reserved [8]byte) ([]byte, error) {
	if len(data) > MaxYaz0Size {
		return nil, fmt.Errorf("yaz0: %d bytes is more than the %d MiB limit", len(data), MaxYaz0Size>>20)
	}
	out := make([]byte, 16, 16+len(data)/2+len(data)/8+16)
	copy(out, "Yaz0")
	binary.BigEndian.PutUint32(out[4:], uint32(len(data)))
	copy(out[8:], reserved[:])

	m := newMatcher(data)
	flagAt, bit := -1, 8
	emit := func() {
		if bit == 8 {
			flagAt, bit = len(out), 0
			out = append(out, 0)
		}
	}
	for pos := 0; pos < len(data); {
		emit()
		length, dist := m.find(pos)
		if length >= yaz0MinMatch && length < yaz0MaxMatch && pos+1 < len(data) {
			// Lazy step: a longer match one byte on is worth a literal.
			m.insert(pos)
			if l2, _ := m.find(pos + 1); l2 > length {
				out[flagAt] |= 0x80 >> bit
				out = append(out, data[pos])
				bit++
				pos++
				continue
			}
		} else {
			m.insert(pos)
		}
		if length < yaz0MinMatch {
			out[flagAt] |= 0x80 >> bit
			out = append(out, data[pos])
			bit++
			pos++
			continue
		}
		d := dist - 1
		if length < 0x12 {
			out = append(out, byte((length-2)<<4|d>>8), byte(d))
		} else {
			out = append(out, byte(d>>8), byte(d), byte(length-0x12))
		}
		bit++
		for i := pos + 1; i < pos+length; i++ {
			m.insert(i)
		}
		pos += length
	}
	return out, nil
}

// matcher finds the longest earlier match within the window through hash
// chains: head holds the last position of each 3-byte hash, prev each
// position's predecessor with the same hash.
type matcher struct {
	data     []byte
	head     []int32
	prev     []int32
	inserted int // positions below this are in the chains
}

func newMatcher(data []byte) *matcher {
	m := &matcher{data: data, head: make([]int32, 1<<yaz0HashBits), prev: make([]int32, len(data))}
	for i := range m.head {
		m.head[i] = -1
	}
	return m
}

func (m *matcher) hash(p int) int {
	d := m.data
	v := uint32(d[p])<<16 | uint32(d[p+1])<<8 | uint32(d[p+2])
	return int((v * 2654435761) >> (32 - yaz0HashBits))
}

// insert adds position p to its chain (once; positions come in order).
func (m *matcher) insert(p int) {
	if p < m.inserted || p+yaz0MinMatch > len(m.data) {
		return
	}
	h := m.hash(p)
	m.prev[p] = m.head[h]
	m.head[h] = int32(p)
	m.inserted = p + 1
}

// find is the longest match for p among positions already inserted.
func (m *matcher) find(p int) (length, dist int) {
	if p+yaz0MinMatch > len(m.data) {
		return 0, 0
	}
	return m.search(p, m.head[m.hash(p)])
}

func (m *matcher) search(p int, cand int32) (best, dist int) {
	d := m.data
	limit := min(yaz0MaxMatch, len(d)-p)
	for chain := 0; cand >= 0 && chain < yaz0MaxChain; chain++ {
		c := int(cand)
		if p-c > yaz0Window {
			break
		}
		if c < p && d[c+best] == d[p+best] {
			n := 0
			for n < limit && d[c+n] == d[p+n] {
				n++
			}
			if n > best {
				best, dist = n, p-c
				if n >= limit || n >= yaz0GoodMatch && chain > 16 {
					break
				}
			}
		}
		cand = m.prev[c]
	}
	if best < yaz0MinMatch {
		return 0, 0
	}
	return best, dist
}
