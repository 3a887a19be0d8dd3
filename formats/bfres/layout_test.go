package bfres

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestLayoutFieldsFitTheirStructures: in every console version's layout,
// each field lies inside the structure it belongs to, with the width its
// kind says (references 4 bytes on the Wii U, 8 on the Switch), and no two
// fields of a structure overlap. A writer placing fields from these tables
// relies on that as much as the readers do.
func TestLayoutFieldsFitTheirStructures(t *testing.T) {
	layouts := map[string]*layout{"Wii U 3.3": wiiuLayout(0x03030000), "Wii U 3.4": wiiuLayout(0x03040000), "Wii U 4.5": wiiuLayout(0x04050003)}
	for _, major := range []int{5, 8, 9, 10} {
		l, ok := switchLayout(major)
		if !ok {
			t.Fatalf("no layout for Switch %d", major)
		}
		layouts[fmt.Sprintf("Switch %d", major)] = l
	}
	// Fields of a sub-structure are measured against its own size field.
	sub := map[string]string{}
	for size, names := range map[string]string{"attribSize": "fvtx.attribName fvtx.attribBuffer fvtx.attribOffset fvtx.attribFormat",
		"meshSize":   "fshp.prim fshp.indexFormat fshp.count fshp.numSubs fshp.subs fshp.base fshp.buffer fshp.sizeInfo fshp.dataOffset",
		"riSize":     "fmat.riName fmat.riData fmat.riCount fmat.riType",
		"assignSize": "fmat.archive fmat.model fmat.samplerAssign fmat.samplerAssignDict fmat.options fmat.optionsDict"} {
		for _, n := range strings.Fields(names) {
			sub[n] = size
		}
	}
	for name, l := range layouts {
		ref := int64(4)
		if l.nx {
			ref = 8
		}
		width := map[kind]int64{kU8: 1, kU16: 2, kS16: 2, kU32: 4, kS32: 4, kF32: 4, kRef: ref, kName: ref}
		sizes := map[string]int64{"bone": l.fskl.boneSize, "boneAnim": l.fska.boneAnimSize}
		lv := reflect.ValueOf(l).Elem()
		checked := 0
		for i := 0; i < lv.NumField(); i++ {
			sec, sv := lv.Type().Field(i).Name, lv.Field(i)
			if sv.Kind() != reflect.Struct || sec == "header" || sec == "nxHeader" {
				continue
			}
			used := map[string][]string{} // size field -> byte owners
			// Visible fields include those of an embedded part (the
			// header every animation kind shares).
			for _, sf := range reflect.VisibleFields(sv.Type()) {
				fn, fv := sf.Name, sv.FieldByIndex(sf.Index)
				if fv.Type() != reflect.TypeOf(field{}) || kind(fv.Field(1).Uint()) == absent {
					continue
				}
				sizeName := "size"
				if s, ok := sub[sec+"."+fn]; ok {
					sizeName = s
				}
				size, ok := sizes[sec]
				if sizeName != "size" || !ok {
					f := sv.FieldByName(sizeName)
					if !f.IsValid() {
						t.Fatalf("%s %s: no %s to measure %s against", name, sec, sizeName, fn)
					}
					size = f.Int()
				}
				at, w := fv.Field(0).Int(), width[kind(fv.Field(1).Uint())]
				if at < 0 || at+w > size {
					t.Errorf("%s %s.%s: %d bytes at 0x%x run past the structure's 0x%x bytes (%s)", name, sec, fn, w, at, size, sizeName)
				}
				owners := used[sizeName]
				for len(owners) < int(size) {
					owners = append(owners, "")
				}
				for b := at; b < at+w && b < size; b++ {
					if owners[b] != "" && owners[b] != fn {
						t.Errorf("%s %s: %s and %s share byte 0x%x", name, sec, owners[b], fn, b)
					}
					owners[b] = fn
				}
				used[sizeName] = owners
				checked++
			}
		}
		if checked < 150 {
			t.Errorf("%s: only %d fields checked", name, checked)
		}
	}
}
