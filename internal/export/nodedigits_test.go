package export

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/app/apptest"
)

// TestNodeRestDigits: the skeleton's nodes state their rest values in as
// few digits as float32 needs (at most 9 significant), not the 17 of the
// float64 the game's float32 widens to, and each still reads back as the
// joint's float32 rest translation.
func TestNodeRestDigits(t *testing.T) {
	skel := open(t, apptest.ModelFixtures+"biped.bmd").Skeletons[0]
	doc, _, err := Build(Scene{Skeleton: skel})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := WriteGLB(&buf, doc); err != nil {
		t.Fatal(err)
	}
	glb := buf.Bytes()
	n := binary.LittleEndian.Uint32(glb[12:])
	dec := json.NewDecoder(bytes.NewReader(glb[20 : 20+n]))
	dec.UseNumber()
	var raw struct {
		Nodes []struct {
			Name            string
			Translation     []json.Number
			Rotation, Scale []json.Number
			Extras          struct{ Joint int }
		}
	}
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, nd := range raw.Nodes {
		for _, num := range append(append(append([]json.Number{}, nd.Translation...), nd.Rotation...), nd.Scale...) {
			digits := strings.TrimLeft(strings.Split(strings.Split(strings.TrimPrefix(num.String(), "-"), "e")[0], "E")[0], "0.")
			if d := len(strings.ReplaceAll(digits, ".", "")); d > 9 {
				t.Errorf("node %q: %s has %d significant digits", nd.Name, num, d)
			}
		}
		for k, num := range nd.Translation {
			v, err := strconv.ParseFloat(num.String(), 32)
			if err != nil {
				t.Fatal(err)
			}
			if want := float32(skel.Joints[nd.Extras.Joint].Rest[anim.TransX+anim.Slot(k)]); float32(v) != want {
				t.Errorf("node %q translation %d reads %v, rest %v", nd.Name, k, float32(v), want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no node translations to check")
	}
}
