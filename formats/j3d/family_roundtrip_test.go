package j3d_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/animscope/animscope/formats/j3d"
	"github.com/animscope/animscope/formats/j3d/j3dtest"
)

// TestFamilyEncodeRoundTrip re-encodes every family fixture: the encoders
// write the fixtures' layout, so the bytes must come back identical — but
// for the little-endian BTK, laid out with 0x20-aligned tables where the
// production encoder writes the games' 4-byte ones, and the padding text
// of the fixtures written before it (oldPadding); BCK, BCA and BTK also go
// through the production round trip (reencodeCheck).
func TestFamilyEncodeRoundTrip(t *testing.T) {
	for _, m := range readFamilyManifest(t) {
		t.Run(m.File, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(familyDir, m.File))
			if err != nil {
				t.Fatal(err)
			}
			out, err := reencode(data)
			if err != nil {
				t.Fatal(err)
			}
			if production(data) {
				if _, _, err := reencodeCheck(data); err != nil {
					t.Fatal(err)
				}
				if j3d.ByteOrderOf(data, j3d.MagicBTK) != nil {
					return
				}
				data = oldPadding(data)
			}
			if !bytes.Equal(out, data) {
				i := 0
				for i < len(out) && i < len(data) && out[i] == data[i] {
					i++
				}
				t.Fatalf("re-encoded file differs at 0x%x (lengths %d, %d)", i, len(out), len(data))
			}
		})
	}
}

// production reports whether data is one of the types the production
// encoders write (BCK, BCA, BTK).
func production(data []byte) bool {
	for _, m := range []string{j3d.MagicBCK, j3d.MagicBCA, j3d.MagicBTK} {
		if j3d.ByteOrderOf(data, m) != nil {
			return true
		}
	}
	return false
}

// reencode decodes any J3D animation file and encodes it again.
func reencode(data []byte) ([]byte, error) {
	switch {
	case j3d.ByteOrderOf(data, j3d.MagicBCA) != nil:
		b, err := j3d.DecodeBCA(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBCA(b)
	case j3d.ByteOrderOf(data, j3d.MagicBRK) != nil:
		b, err := j3d.DecodeBRK(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBRK(b)
	case j3d.ByteOrderOf(data, j3d.MagicBPK) != nil:
		b, err := j3d.DecodeBPK(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBPK(b)
	case j3d.ByteOrderOf(data, j3d.MagicBTP) != nil:
		b, err := j3d.DecodeBTP(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBTP(b)
	case j3d.ByteOrderOf(data, j3d.MagicBVA) != nil:
		b, err := j3d.DecodeBVA(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBVA(b)
	case j3d.ByteOrderOf(data, j3d.MagicBTK) != nil:
		b, err := j3d.DecodeBTK(data)
		if err != nil {
			return nil, err
		}
		return j3dtest.EncodeBTK(b)
	}
	b, err := j3d.DecodeBCK(data)
	if err != nil {
		return nil, err
	}
	return j3dtest.EncodeBCK(b)
}
