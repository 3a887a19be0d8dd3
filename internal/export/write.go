package export

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/qmuntal/gltf"
)

// The library marshals the unnamed pointerPath as "" (it knows only the
// TRS paths); this is the one field of its output the exporter rewrites.
var (
	pointerPlaceholder = []byte(`"path":""`)
	pointerJSON        = []byte(`"path":"pointer"`)
)

// WriteGLB writes doc to w as a binary glTF, framed by the library's
// encoder, and returns the number of bytes written. The encoder is given
// the document without its binary data (the chunk headers and padding it
// writes still count it) and the data is written from where it lies:
// copying megabytes of keys into one file image cost more than building
// them.
func WriteGLB(w io.Writer, doc *gltf.Document) (int64, error) {
	var data []byte
	if len(doc.Buffers) > 0 && doc.Buffers[0].URI == "" {
		data = doc.Buffers[0].Data
		doc.Buffers[0].Data = nil
		defer func() { doc.Buffers[0].Data = data }()
	}
	var frame bytes.Buffer
	e := gltf.NewEncoder(&frame)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		return 0, err
	}
	head, tail, err := frameGLB(frame.Bytes(), len(data))
	if err != nil {
		return 0, err
	}
	var n int64
	for _, part := range [][]byte{head, data, tail} {
		k, err := w.Write(part)
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// EncodeGLTF is doc as glTF JSON whose buffer is the file binName (the
// caller writes bin there).
func EncodeGLTF(doc *gltf.Document, binName string) (jsonText, bin []byte, err error) {
	if len(doc.Buffers) > 0 {
		doc.Buffers[0].URI = binName
		bin = doc.Buffers[0].Data
	}
	var buf bytes.Buffer
	e := gltf.NewEncoder(&buf) // no file system: the buffer is not written here
	e.AsBinary = false
	if err := e.Encode(doc); err != nil {
		return nil, nil, err
	}
	return bytes.ReplaceAll(buf.Bytes(), pointerPlaceholder, pointerJSON), bin, nil
}

// frameGLB splits the GLB the encoder framed without its binary data
// (frame: the header, the JSON chunk, and the binary chunk's header and
// padding, or no binary chunk) into what goes before the n bytes of data
// and what goes after. The pointer paths inside the JSON are rewritten on
// the way (the JSON chunk is padded with spaces, as the format requires)
// and the lengths fixed.
func frameGLB(frame []byte, n int) (head, tail []byte, err error) {
	if len(frame) < 20 {
		return nil, nil, errors.New("glb: short output")
	}
	le := binary.LittleEndian
	jsonLen := int(le.Uint32(frame[12:16]))
	if 20+jsonLen > len(frame) {
		return nil, nil, errors.New("glb: JSON chunk past the end")
	}
	j := frame[20 : 20+jsonLen]
	bin := frame[20+jsonLen:] // the binary chunk's header, then its padding
	if len(bin) != 0 && len(bin) < 8 || len(bin) == 0 && n > 0 {
		return nil, nil, errors.New("glb: binary chunk header missing")
	}
	if !bytes.Contains(j, pointerPlaceholder) {
		if len(bin) == 0 {
			return frame, nil, nil
		}
		return frame[:20+jsonLen+8], bin[8:], nil
	}
	j = bytes.ReplaceAll(bytes.TrimRight(j, " "), pointerPlaceholder, pointerJSON)
	for len(j)%4 != 0 {
		j = append(j, ' ')
	}
	head = make([]byte, 0, 20+len(j)+8)
	head = append(head, frame[:8]...)
	head = le.AppendUint32(head, uint32(20+len(j)+len(bin)+n))
	head = le.AppendUint32(head, uint32(len(j)))
	head = append(head, frame[16:20]...)
	head = append(head, j...)
	if len(bin) == 0 {
		return head, nil, nil
	}
	return append(head, bin[:8]...), bin[8:], nil
}

// pending lists the temporary files being written, so an interrupted run
// can remove them (RemovePending). A temporary file is created and listed
// under one lock: a signal between the two would otherwise leave an empty
// file nobody removes. Once stopped, no new one is created.
var pending struct {
	sync.Mutex
	files   map[string]bool
	stopped bool
}

// RemovePending deletes every temporary file still being written and
// refuses new ones (call it on Ctrl+C before exiting): nothing
// half-written stays behind.
func RemovePending() {
	pending.Lock()
	defer pending.Unlock()
	pending.stopped = true
	for f := range pending.files {
		os.Remove(f)
	}
	pending.files = nil
}

// createPending creates a temporary file next to path and lists it.
func createPending(path string) (*os.File, error) {
	pending.Lock()
	defer pending.Unlock()
	if pending.stopped {
		return nil, errors.New("interrupted")
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	if pending.files == nil {
		pending.files = map[string]bool{}
	}
	pending.files[f.Name()] = true
	return f, nil
}

// donePending takes a temporary file off the list.
func donePending(tmp string) {
	pending.Lock()
	delete(pending.files, tmp)
	pending.Unlock()
}

// IsOutputName reports whether path names a single output file (.glb or
// .gltf) rather than a directory.
func IsOutputName(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb", ".gltf":
		return true
	}
	return false
}

// WriteFile builds the scene and writes it to path: .glb as one file,
// .gltf with its buffer in NAME.bin beside it. Each file is written to a
// temporary file in the same directory and renamed into place, so a
// failure or an interrupt never leaves a half-written file.
func WriteFile(path string, sc Scene) ([]string, error) {
	doc, warns, err := Build(sc)
	if err != nil {
		return warns, err
	}
	if strings.EqualFold(filepath.Ext(path), ".gltf") {
		binName := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".bin"
		j, bin, err := EncodeGLTF(doc, binName)
		if err != nil {
			return warns, err
		}
		if bin != nil { // a skeleton alone has no buffer
			binPath := filepath.Join(filepath.Dir(path), binName)
			if err := atomicWrite(binPath, bin); err != nil {
				return warns, err
			}
		}
		return warns, atomicWrite(path, j)
	}
	return warns, atomicWriteFunc(path, func(w io.Writer) error {
		_, err := WriteGLB(w, doc)
		return err
	})
}

// WriteAtomic writes data to path as the exports are written: into a
// temporary file next to it, renamed over path when complete (never half
// a file; RemovePending removes one being written).
func WriteAtomic(path string, data []byte) error { return atomicWrite(path, data) }

// atomicWrite writes data to a temporary file next to path and renames it
// over path.
func atomicWrite(path string, data []byte) error {
	return atomicWriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// atomicWriteFunc is atomicWrite with the bytes written by write.
func atomicWriteFunc(path string, write func(io.Writer) error) error {
	f, err := createPending(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", filepath.Base(path), unwrapPath(err))
	}
	tmp := f.Name()
	defer donePending(tmp)
	err = write(f)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %v", filepath.Base(path), unwrapPath(err))
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// formatStem is a source's file name without directories and extension
// ("dir/a.arc:bck/walk.bck" -> "walk").
func formatStem(src string) string {
	if i := strings.LastIndexByte(src, ':'); i >= 0 && !strings.ContainsAny(src[i:], `/\`) && i > 1 {
		// "archive:entry" without a directory inside: keep the entry.
		src = src[i+1:]
	}
	src = strings.ReplaceAll(src, `\`, "/")
	if i := strings.LastIndexAny(src, "/:"); i >= 0 {
		src = src[i+1:]
	}
	return strings.TrimSuffix(src, filepath.Ext(src))
}
