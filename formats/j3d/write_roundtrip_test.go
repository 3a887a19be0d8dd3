package j3d_test

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/internal/sample"
)

// reencodeCheck is the writer's round trip for one BCK, BCA or BTK file:
// it decodes data, encodes the result with the production encoder,
// decodes that, and reports what differs — the decoded structs field for
// field (all but the layout: offsets, sizes, the chunk list and the TTK1
// size quirk, which follow from where the encoder puts the tables), the
// samples of every frame from -1 to the duration + 1 in steps of 0.25,
// and whether the bytes are identical. exact is false where only the
// layout differs.
func reencodeCheck(data []byte) (out []byte, exact bool, err error) {
	var a, b any
	switch {
	case j3d.ByteOrderOf(data, j3d.MagicBCA) != nil:
		x, err := j3d.DecodeBCA(data)
		if err != nil {
			return nil, false, err
		}
		if out, err = j3d.EncodeBCA(x); err != nil {
			return nil, false, err
		}
		y, err := j3d.DecodeBCA(out)
		if err != nil {
			return out, false, fmt.Errorf("decoding the re-encoded file: %v", err)
		}
		a, b = x, y
	case j3d.ByteOrderOf(data, j3d.MagicBTK) != nil:
		x, err := j3d.DecodeBTK(data)
		if err != nil {
			return nil, false, err
		}
		if out, err = j3d.EncodeBTK(x); err != nil {
			return nil, false, err
		}
		y, err := j3d.DecodeBTK(out)
		if err != nil {
			return out, false, fmt.Errorf("decoding the re-encoded file: %v", err)
		}
		a, b = x, y
	default:
		x, err := j3d.DecodeBCK(data)
		if err != nil {
			return nil, false, err
		}
		if out, err = j3d.EncodeBCK(x); err != nil {
			return nil, false, err
		}
		y, err := j3d.DecodeBCK(out)
		if err != nil {
			return out, false, fmt.Errorf("decoding the re-encoded file: %v", err)
		}
		a, b = x, y
	}
	exact = bytes.Equal(out, data)
	if exact && !reflect.DeepEqual(a, b) {
		return out, exact, fmt.Errorf("identical bytes decode to different structs")
	}
	la, lb := withoutLayout(a), withoutLayout(b)
	if !reflect.DeepEqual(la, lb) {
		return out, exact, fmt.Errorf("decoded structs differ beyond the layout:\n  was %+v\n  now %+v", la, lb)
	}
	if err := sameSamples(a, b); err != nil {
		return out, exact, err
	}
	return out, exact, nil
}

// withoutLayout copies a decoded BCK/BCA/BTK with the fields that say
// where things are zeroed, keeping everything that says what they are.
func withoutLayout(v any) any {
	file := func(h j3d.FileHeader) j3d.FileHeader {
		return j3d.FileHeader{Magic: h.Magic, LittleEndian: h.LittleEndian, ChunkCount: h.ChunkCount, Reserved: h.Reserved}
	}
	switch x := v.(type) {
	case *j3d.BCK:
		c := *x
		c.File, c.Chunk = file(x.File), j3d.Chunk{ID: x.Chunk.ID}
		c.JointOffset, c.ScaleOffset, c.RotationOffset, c.TranslationOffset = 0, 0, 0, 0
		return c
	case *j3d.BCA:
		c := *x
		c.File, c.Chunk = file(x.File), j3d.Chunk{ID: x.Chunk.ID}
		c.JointOffset, c.ScaleOffset, c.RotationOffset, c.TranslationOffset = 0, 0, 0, 0
		return c
	case *j3d.BTK:
		c := *x
		c.File, c.Chunk, c.SizeQuirk = file(x.File), j3d.Chunk{ID: x.Chunk.ID}, false
		c.EntryOffset, c.RemapOffset, c.NameOffset, c.TexGenOffset, c.CenterOffset = 0, 0, 0, 0, 0
		c.ScaleOffset, c.RotationOffset, c.TranslationOffset = 0, 0, 0
		return c
	}
	return v
}

// sameSamples compares `sample --json` of the two decodings, byte for
// byte, at quarter frames around the whole clip.
func sameSamples(a, b any) error {
	type clipper interface{ Clip() (*anim.Clip, error) }
	ca, errA := a.(clipper).Clip()
	cb, errB := b.(clipper).Clip()
	if (errA == nil) != (errB == nil) {
		return fmt.Errorf("clip conversion: %v, then %v", errA, errB)
	}
	if errA != nil {
		return nil
	}
	var frames []float64
	for f := -1.0; f <= ca.Duration+1; f += 0.25 {
		frames = append(frames, f)
	}
	ja, err := sampleJSON(ca, frames)
	if err != nil {
		return err
	}
	jb, err := sampleJSON(cb, frames)
	if err != nil {
		return err
	}
	if !bytes.Equal(ja, jb) {
		return fmt.Errorf("sample --json of the re-encoded file differs")
	}
	return nil
}

func sampleJSON(c *anim.Clip, frames []float64) ([]byte, error) {
	d, err := sample.Build("f", c, sample.Options{Frames: frames})
	if err != nil {
		return nil, err
	}
	return sample.Marshal(d)
}

// oldPadding turns the padding text of the fixtures written before the
// production encoder (29 bytes, "This is padding data to align", repeated
// when a gap was longer) into the games' text ("This is padding data to
// alignment", never repeated within a 0x20 gap): the only bytes by which
// those fixtures differ from the games' layout.
func oldPadding(data []byte) []byte {
	out := bytes.ReplaceAll(data, []byte("data to alignTh"), []byte("data to alignme"))
	return bytes.ReplaceAll(out, []byte("data to alignT"), []byte("data to alignm"))
}
