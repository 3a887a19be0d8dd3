package viewmodel

// The session's intents and questions beyond opening and closing:
// reloading files that changed on disk, and asking before a folder of
// thousands of files is opened.

type (
	// ReloadFiles reads again the open files read from these paths on
	// disk (absolute; the file, its archive or a texture file beside
	// it) and puts them in place of the open versions, keeping the
	// scene time, selection, camera and loop-mode choice.
	ReloadFiles struct{ Paths []string }
	// Answer answers the question of View.Confirm: Yes goes ahead.
	Answer struct{ Yes bool }
)

func (ReloadFiles) intent() {}
func (Answer) intent()      {}

// Confirm is a question the app asks before doing something big (opening
// the thousands of files of a folder): the question, and the labels of
// the button that goes ahead and of the one that does not.
type Confirm struct {
	Text, Yes, No string
}
