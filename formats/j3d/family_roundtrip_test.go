package j3d

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestFamilyEncodeRoundTrip re-encodes every family fixture: the encoders
// write the exporters' layout, so the bytes must come back identical.
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

// reencode decodes any J3D animation file and encodes it again.
func reencode(data []byte) ([]byte, error) {
	switch {
	case byteOrder(data, MagicBCA) != nil:
		b, err := DecodeBCA(data)
		if err != nil {
			return nil, err
		}
		return EncodeBCA(b)
	case byteOrder(data, MagicBRK) != nil:
		b, err := DecodeBRK(data)
		if err != nil {
			return nil, err
		}
		return EncodeBRK(b)
	case byteOrder(data, MagicBPK) != nil:
		b, err := DecodeBPK(data)
		if err != nil {
			return nil, err
		}
		return EncodeBPK(b)
	case byteOrder(data, MagicBTP) != nil:
		b, err := DecodeBTP(data)
		if err != nil {
			return nil, err
		}
		return EncodeBTP(b)
	case byteOrder(data, MagicBVA) != nil:
		b, err := DecodeBVA(data)
		if err != nil {
			return nil, err
		}
		return EncodeBVA(b)
	case byteOrder(data, MagicBTK) != nil:
		b, err := DecodeBTK(data)
		if err != nil {
			return nil, err
		}
		return EncodeBTK(b)
	}
	b, err := DecodeBCK(data)
	if err != nil {
		return nil, err
	}
	return EncodeBCK(b)
}
