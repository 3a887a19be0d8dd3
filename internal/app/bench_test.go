package app

import (
	"testing"

	"github.com/animscope/animscope/internal/cputime/cputimetest"
)

// The app's own benchmark: the 400-joint fixture advanced and posed.
// The whole frame with the interface (BenchmarkFrameLarge) is ui's,
// which lays the panels out over this app.

func loadLarge(b *testing.B) *App {
	b.Helper()
	files, err := LoadFiles("testdata/large.bck")
	if err != nil {
		b.Fatal(err)
	}
	a := New(nil)
	a.Add(files)
	if a.play.joint == nil || len(a.play.joint.clip.Targets) != 400 {
		b.Fatalf("large.bck: want a 400-joint clip")
	}
	return a
}

// BenchmarkEvaluateLarge is the animation part alone: 400 joints
// evaluated and posed.
func BenchmarkEvaluateLarge(b *testing.B) {
	a := loadLarge(b)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputimetest.Meter(b, 0)()
	for i := 0; i < b.N; i++ {
		a.Advance(1.0 / 60)
		a.Evaluate()
	}
}
