package export

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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

// EncodeGLB is doc as a binary glTF, written by the library's encoder.
func EncodeGLB(doc *gltf.Document) ([]byte, error) {
	var buf bytes.Buffer
	if len(doc.Buffers) > 0 {
		// The binary chunk and room for the JSON: growing the buffer
		// from nothing would copy megabytes of keys several times.
		buf.Grow(len(doc.Buffers[0].Data) + 1<<16 + 256*len(doc.Accessors))
	}
	e := gltf.NewEncoder(&buf)
	e.AsBinary = true
	if err := e.Encode(doc); err != nil {
		return nil, err
	}
	return patchGLB(buf.Bytes())
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

// patchGLB rewrites the pointer paths inside the JSON chunk of a GLB and
// fixes the chunk and file lengths (the JSON chunk is padded with spaces,
// as the format requires).
func patchGLB(glb []byte) ([]byte, error) {
	if len(glb) < 20 {
		return nil, errors.New("glb: short output")
	}
	le := binary.LittleEndian
	jsonLen := int(le.Uint32(glb[12:16]))
	if 20+jsonLen > len(glb) {
		return nil, errors.New("glb: JSON chunk past the end")
	}
	j := bytes.TrimRight(glb[20:20+jsonLen], " ")
	if !bytes.Contains(j, pointerPlaceholder) {
		return glb, nil
	}
	j = bytes.ReplaceAll(j, pointerPlaceholder, pointerJSON)
	for len(j)%4 != 0 {
		j = append(j, ' ')
	}
	rest := glb[20+jsonLen:]
	out := make([]byte, 0, 20+len(j)+len(rest))
	out = append(out, glb[:8]...)
	out = le.AppendUint32(out, uint32(20+len(j)+len(rest)))
	out = le.AppendUint32(out, uint32(len(j)))
	out = append(out, glb[16:20]...)
	out = append(out, j...)
	return append(out, rest...), nil
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
	glb, err := EncodeGLB(doc)
	if err != nil {
		return warns, err
	}
	return warns, atomicWrite(path, glb)
}

// WriteAtomic writes data to path as the exports are written: into a
// temporary file next to it, renamed over path when complete (never half
// a file; RemovePending removes one being written).
func WriteAtomic(path string, data []byte) error { return atomicWrite(path, data) }

// atomicWrite writes data to a temporary file next to path and renames it
// over path.
func atomicWrite(path string, data []byte) error {
	f, err := createPending(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", filepath.Base(path), unwrapPath(err))
	}
	tmp := f.Name()
	defer donePending(tmp)
	_, err = f.Write(data)
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
