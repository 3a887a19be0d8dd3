package j3d

import (
	"strings"

	"github.com/animscope/animscope/formats/internal/bin"
)

// ExplainMagic says why no J3D descriptor reads data when its magic is
// a J3D one ("J3D1" or "J3D2" then a four-character type, in either byte
// order): a type animscope does not read ("J3D1bxa1", "J3D1bck2"), or
// halves in different byte orders ("J3D11avb": "J3D1" big-endian, "bva1"
// little-endian). It returns nil for anything else, and for the magics
// the J3D descriptors sniff (formats.Open asks it only when no
// descriptor took the file, instead of saying "unknown file type").
func ExplainMagic(data []byte) error {
	if !sniffOther(data) {
		return nil
	}
	return explainOther(data)
}

// j3dTypes are the types (magic bytes 4..8) the J3D descriptors read, in
// big-endian spelling; models of other versions are the model
// descriptors' to refuse (ReadModel names the version).
var j3dTypes = []string{"bck1", "btk1", "bca1", "brk1", "bpk1", "btp1", "bva1", "bmd2", "bmd3", "bdl3", "bdl4"}

// j3dKind is the big-endian J3D prefix ("J3D1", "J3D2") that s spells in
// either order, and whether it is swapped.
func j3dKind(s string) (prefix string, swapped, ok bool) {
	switch s {
	case "J3D1", "J3D2":
		return s, false, true
	case "1D3J", "2D3J":
		return swap4(s), true, true
	}
	return "", false, false
}

func sniffOther(b []byte) bool {
	if len(b) < 8 {
		return false
	}
	if _, _, ok := j3dKind(string(b[:4])); !ok {
		return false
	}
	if sniffModel(b, "bmd") || sniffModel(b, "bdl") {
		return false
	}
	m := string(b[:8])
	for _, magic := range []string{MagicBCK, MagicBTK, MagicBCA, MagicBRK, MagicBPK, MagicBTP, MagicBVA} {
		if m == magic || m == swap4(magic) {
			return false
		}
	}
	return true
}

func explainOther(data []byte) error {
	head, kind := string(data[:4]), string(data[4:8])
	prefix, swapped, _ := j3dKind(head)
	known := "known: " + strings.Join(j3dTypes, ", ")
	// The type in the prefix's order, and in the other.
	typ, other := kind, swap4(kind)
	if swapped {
		typ, other = other, typ
	}
	isKnown := func(t string) bool {
		for _, k := range j3dTypes {
			if t == k || len(t) == 4 && t[:3] == k[:3] && (t[:3] == "bmd" || t[:3] == "bdl") {
				return true
			}
		}
		return false
	}
	if !isKnown(typ) && isKnown(other) {
		order := func(sw bool) string {
			if sw {
				return "little-endian"
			}
			return "big-endian"
		}
		return bin.Errorf("j3d", 0, "magic %q has mixed byte order: %q is %s, type %q %s (stored %q); a J3D file is all one order: %q or %q",
			printable(head+kind), head, order(swapped), other, order(!swapped), kind, prefix+other, swap4(prefix+other))
	}
	if isKnown(typ) {
		// A known type under the other version prefix ("J3D2bck1").
		want := "J3D1"
		if typ[:3] == "bmd" || typ[:3] == "bdl" {
			want = "J3D2"
		}
		return bin.Unsupportedf("j3d", "J3D file of type %q under %q not supported (the games store %s files as %q)", typ, prefix, typ, want+typ)
	}
	return bin.Unsupportedf("j3d", "J3D file of type %q (magic %q) not supported (%s)", printable(typ), printable(head+kind), known)
}
