package viewmodel

import "github.com/animscope/animscope/anim"

// ABView is the A/B comparison: the playing joint clip (A) against
// another version of it (B), both on one clock: B shows the frame A
// shows, as a ghost skeleton on the same model, as overlaid curves, and
// as the Differences table.
type ABView struct {
	LabelA, LabelB string
	// ClipB is B's clip and PoseB its pose at A's frame; TargetB maps A's
	// targets to B's (-1: B lacks it), for overlaying curves.
	ClipB   *anim.Clip
	PoseB   *anim.Pose
	TargetB []int
	// Rows are the target/channels beyond the tolerance, Selected the row
	// clicked last (-1: none). Headers are the clip fields that differ
	// ("duration: A 30, B 24"). Compared is how many channels were
	// compared at how many frames.
	Rows             []ABRow
	Selected         int
	Headers          []string
	Compared, Frames int
	// Tolerance describes the tolerance used, for the table's caption.
	Tolerance string
	// Error says why there is nothing to compare ("" when there is).
	Error string
	// ClipsB names B's animations (file › clip); ClipBIndex is the one
	// compared.
	ClipsB     []string
	ClipBIndex int
	// Import is set when B was converted from a glTF (File › Import
	// animation…) rather than opened from a file.
	Import *ABImport
}

// ABImport is a B converted from a glTF onto A's file, held in memory
// until saved: what was converted, where Save as offers to write it,
// and how the last Save as ended.
type ABImport struct {
	Summary  string
	SavePath string
	LastSave ExportOutcome
}

// ABRow is one differing target/channel.
type ABRow struct {
	Target, Channel string
	Index           int
	MaxDiff         float64
	AtFrame         float64
	FirstFrame      float64
	// OnlyIn is "A" or "B" when only that file has the channel or target.
	OnlyIn string
	// Ref is the target (Target -1: only B has it) and channel in A's
	// clip; Plottable says A has the channel as a curve to plot (a world
	// position is not one).
	Ref       ChannelRef
	Plottable bool
}

type (
	// CompareWith opens Path as B, another version of the playing clip
	// (File › Compare with…, --compare-with).
	CompareWith struct{ Path string }
	// StopCompareWith ends the A/B comparison.
	StopCompareWith struct{}
	// SelectDifference selects row Row of the Differences table: its
	// target is selected and the playhead goes to its largest difference.
	SelectDifference struct{ Row int }
	// SelectClipB compares with B's animation Index (of ABView.ClipsB)
	// instead of the one chosen by name.
	SelectClipB struct{ Index int }
	// ImportAnimation converts the glTF at Path onto the playing clip's
	// file (with the model in use) and compares the result with A as B
	// (File › Import animation…).
	ImportAnimation struct{ Path string }
	// SaveImported writes the B an import made to Path (Save as…).
	SaveImported struct{ Path string }
)

func (CompareWith) intent()      {}
func (StopCompareWith) intent()  {}
func (SelectDifference) intent() {}
func (SelectClipB) intent()      {}
func (ImportAnimation) intent()  {}
func (SaveImported) intent()     {}
