package archive

import (
	"bytes"
	"errors"
	"fmt"
	"sync"

	"github.com/animscope/animscope/formats/internal/bin"
	"github.com/klauspost/compress/zstd"
)

// Zstandard (Tears of the Kingdom's .zs files). The output is capped like
// Yaz0's: a frame declaring more than MaxZstdSize is refused before any
// allocation, and the decoder's memory limit stops frames that do not
// declare their size. TotK's .pack.zs / .sarc.zs / .bfres.zs frames are
// compressed against dictionaries (ZsDic.pack.zs); a frame naming a
// dictionary that was not supplied (SetZstdDictionaries) gets an error
// saying which one.
const MaxZstdSize = MaxYaz0Size

// zstdMaxRatio bounds what a frame can honestly declare: the densest
// Zstandard block is an RLE block, 4 bytes (3-byte header, 1 byte) for at
// most 128 KiB of output. A larger declared size is a lie, refused before
// the decoder allocates for it.
const zstdMaxRatio = 128 << 10 / 4

var (
	zstdMagic     = []byte{0x28, 0xB5, 0x2F, 0xFD}
	zstdDictMagic = []byte{0x37, 0xA4, 0x30, 0xEC}
)

// zstdDicts are the dictionaries --zstd-dict supplied, by ID.
var zstdDicts struct {
	sync.RWMutex
	byID map[uint32][]byte
}

// IsZstd reports whether data starts with a Zstandard frame magic.
func IsZstd(data []byte) bool { return len(data) >= 4 && bytes.Equal(data[:4], zstdMagic) }

// SetZstdDictionaries replaces the dictionaries used for .zs frames. data
// is a dictionary file (magic 37 A4 30 EC), or a SARC of them (TotK's
// ZsDic.pack, possibly itself Zstandard- or Yaz0-compressed); nil clears
// them. It returns the dictionary IDs loaded.
func SetZstdDictionaries(data []byte) ([]uint32, error) {
	byID := map[uint32][]byte{}
	if data != nil {
		if err := addZstdDicts(byID, data, 0); err != nil {
			return nil, err
		}
		if len(byID) == 0 {
			return nil, bin.Errorf("zstd", 0, "no Zstandard dictionary found (expected magic 37 A4 30 EC, or a SARC of dictionaries)")
		}
	}
	zstdDicts.Lock()
	zstdDicts.byID = byID
	zstdDicts.Unlock()
	ids := make([]uint32, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	return ids, nil
}

func addZstdDicts(byID map[uint32][]byte, data []byte, depth int) error {
	if depth > 2 {
		return bin.Errorf("zstd", 0, "dictionary file nests containers too deeply")
	}
	switch {
	case bytes.HasPrefix(data, zstdDictMagic):
		if len(data) < 8 {
			return bin.Errorf("zstd", 4, "dictionary is %d bytes, too short for its ID", len(data))
		}
		id := uint32(data[4]) | uint32(data[5])<<8 | uint32(data[6])<<16 | uint32(data[7])<<24
		byID[id] = data
		return nil
	case IsZstd(data):
		d, err := DecompressZstd(data)
		if err != nil {
			return err
		}
		return addZstdDicts(byID, d, depth+1)
	case IsYaz0(data):
		d, err := DecompressYaz0(data)
		if err != nil {
			return err
		}
		return addZstdDicts(byID, d, depth+1)
	case IsSARC(data):
		s, err := ReadSARC(data)
		if err != nil {
			return err
		}
		for _, f := range s.Files() {
			b, err := s.Stored(f)
			if err != nil {
				return err
			}
			if bytes.HasPrefix(b, zstdDictMagic) {
				if err := addZstdDicts(byID, b, depth+1); err != nil {
					return fmt.Errorf("%s: %w", f.Path, err)
				}
			}
		}
		return nil
	}
	return bin.Errorf("zstd", 0, "not a Zstandard dictionary (magic % x)", data[:min(4, len(data))])
}

// ZstdSize returns the size the first frame declares (-1 when it does
// not), after checking it against MaxZstdSize and that every dictionary
// it needs was supplied.
func ZstdSize(data []byte) (int64, error) {
	var h zstd.Header
	if err := h.Decode(data); err != nil {
		return 0, bin.Errorf("zstd", 0, "frame header: %v", err)
	}
	if h.DictionaryID != 0 {
		zstdDicts.RLock()
		_, ok := zstdDicts.byID[h.DictionaryID]
		zstdDicts.RUnlock()
		if !ok {
			return 0, bin.Errorf("zstd", 5, "frame needs Zstandard dictionary ID %d (0x%08x), which was not supplied; pass --zstd-dict FILE (Tears of the Kingdom: Pack/ZsDic.pack.zs)", h.DictionaryID, h.DictionaryID)
		}
	}
	if !h.HasFCS {
		return -1, nil
	}
	if h.FrameContentSize > MaxZstdSize {
		return 0, bin.Errorf("zstd", 4, "frame declares %d bytes, over the %d MiB limit", h.FrameContentSize, MaxZstdSize>>20)
	}
	if h.FrameContentSize > uint64(len(data))*zstdMaxRatio {
		return 0, bin.Errorf("zstd", 4, "frame declares %d bytes, impossible for %d bytes of compressed data", h.FrameContentSize, len(data))
	}
	return int64(h.FrameContentSize), nil
}

// DecompressZstd decodes a Zstandard stream (one or more frames) of at
// most MaxZstdSize bytes, with the supplied dictionaries.
func DecompressZstd(data []byte) ([]byte, error) {
	if _, err := ZstdSize(data); err != nil {
		return nil, err
	}
	zstdDicts.RLock()
	var dicts [][]byte
	for _, d := range zstdDicts.byID {
		dicts = append(dicts, d)
	}
	zstdDicts.RUnlock()
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(MaxZstdSize),
		zstd.WithDecoderMaxWindow(MaxZstdSize), zstd.WithDecoderDicts(dicts...))
	if err != nil {
		return nil, bin.Errorf("zstd", 0, "dictionary: %v", err)
	}
	defer dec.Close()
	out, err := dec.DecodeAll(data, nil)
	if err != nil {
		if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
			return nil, bin.Errorf("zstd", -1, "data decompresses to more than the %d MiB limit", MaxZstdSize>>20)
		}
		return nil, bin.Errorf("zstd", -1, "%v", err)
	}
	return out, nil
}
