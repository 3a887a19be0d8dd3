package archive

// Internals the external tests (package archive_test, which may import
// archivetest) check.
var SARCCheckPath = sarcCheckPath
