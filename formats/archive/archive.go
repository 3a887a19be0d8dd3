package archive

// Archive is an opened container: a RARC or a SARC. Opening parses
// only the tables; file data is read, and decompressed, when asked for, so
// listing a large archive costs next to nothing.
type Archive interface {
	// Format is "rarc" or "sarc".
	Format() string
	// Files lists every file (not directories) in table order.
	Files() []File
	// Find looks a file up by path, the way the container's games do
	// (RARC: case-insensitive, with or without the root directory name).
	Find(path string) (File, error)
	// ReadFile returns a file's bytes, Yaz0-decompressed when stored so.
	ReadFile(f File) ([]byte, error)
	// Head returns up to n leading bytes of the file's (decompressed)
	// contents without decompressing the rest: enough to sniff a magic.
	Head(f File, n int) []byte
}

// File is one file of an archive.
type File struct {
	Path   string // '/'-separated, from the root directory's name down
	Index  int    // position in the container's own entry table
	Offset int64  // of the stored bytes, from the start of the archive
	Size   int64  // stored bytes
	// Yaz0 is set when the stored bytes are a Yaz0 stream.
	Yaz0 bool
}
