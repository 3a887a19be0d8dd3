// The clips' joints baked in parallel. bakeJoints reads the skeleton,
// the clip, the layout and the mesh points and writes only its bakeMem,
// so several clips bake at once while the builder writes the finished
// ones into the document in their order: the file is the same bytes
// however the bakes interleave, and the buffer grows as before.

package export

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
)

// bakeSlots bounds the bakes running at once in the process, and
// inFlight the clips started and not yet written (each holding its keys):
// a directory export builds several files at once, each with clips in
// flight.
var (
	bakeSlots = make(chan struct{}, runtime.GOMAXPROCS(0))
	inFlight  = make(chan struct{}, 2*runtime.GOMAXPROCS(0))
)

// bakeJob is one clip's joints, baked (or nothing to bake: no skeleton,
// or a clip of materials only).
type bakeJob struct {
	joints bool // the clip animates joints: bind, chans and warns hold
	bind   anim.Binding
	chans  []nodeChannel // keys in mem until the job is released
	warns  []string
	mem    *bakeMem
	failed any // a panic in the bake, raised again where it is taken
	done   chan struct{}
}

// bakery starts the clips' bakes ahead of the builder, at most window
// clips in flight (each holds its keys in a bakeMem of its own until it
// is written, so the window bounds the memory too).
type bakery struct {
	sc     *Scene
	skel   *anim.Skeleton
	rest   []trs
	lay    *layout
	pts    []meshPoint
	order  []int // the clips (indices into sc.Clips) as they are written
	jobs   []*bakeJob
	next   int // the next job to start
	window int
	free   []*bakeMem
}

func newBakery(b *builder, sc *Scene, skel *anim.Skeleton, rest []trs, order []int) *bakery {
	return &bakery{sc: sc, skel: skel, rest: rest, lay: b.lay, pts: b.meshPts, order: order,
		jobs: make([]*bakeJob, len(order)), window: 2 * runtime.GOMAXPROCS(0)}
}

// take returns the i-th clip's job once it is baked, having started the
// ones after it up to the window so that they bake while it is written.
// Jobs are taken in order, each once.
//
// The clip taken waits for a place in flight when it has none; the ones
// after it start only where there is a place free: a build waiting for
// a place holds none, so the builds holding them all go on.
func (k *bakery) take(i int) *bakeJob {
	if k.next == i {
		inFlight <- struct{}{}
		k.jobs[i] = k.start(k.sc.Clips[k.order[i]])
		k.next++
	}
	for k.next < len(k.order) && k.next < i+k.window && placeFree() {
		k.jobs[k.next] = k.start(k.sc.Clips[k.order[k.next]])
		k.next++
	}
	j := k.jobs[i]
	k.jobs[i] = nil
	<-j.done
	if j.failed != nil {
		k.abandon(i)
		panic(j.failed)
	}
	return j
}

// abandon gives back the places of job i and of those started after it,
// once they end, when the build stops at i.
func (k *bakery) abandon(i int) {
	<-inFlight
	for n := i + 1; n < k.next; n++ {
		<-k.jobs[n].done
		<-inFlight
	}
}

// placeFree takes a place in flight if one is free.
func placeFree() bool {
	select {
	case inFlight <- struct{}{}:
		return true
	default:
		return false
	}
}

// release hands a taken job's place and storage to the bakes to come.
func (k *bakery) release(j *bakeJob) {
	<-inFlight
	if j.mem != nil {
		k.free = append(k.free, j.mem)
		j.mem, j.chans = nil, nil
	}
}

// start binds the clip (on the builder's goroutine: the binding caches
// are shared) and bakes its joints on a goroutine of their own.
func (k *bakery) start(c Clip) *bakeJob {
	j := &bakeJob{done: make(chan struct{})}
	if k.skel == nil || pairing.JointTargets(c.Clip) == 0 {
		close(j.done)
		return j
	}
	j.joints = true
	j.bind = formats.Bind(c.Clip, k.skel)
	if n := len(k.free); n > 0 {
		j.mem, k.free = k.free[n-1], k.free[:n-1]
	} else {
		j.mem = &bakeMem{}
	}
	go func() {
		bakeSlots <- struct{}{}
		defer func() {
			if r := recover(); r != nil {
				j.failed = fmt.Sprintf("%v\n(baking %s)\n%s", r, c.Source, debug.Stack())
			}
			<-bakeSlots
			close(j.done)
		}()
		j.chans, j.warns = bakeJoints(k.skel, &j.bind, c.Clip, k.sc.RootMotion, k.sc.Interpolation, k.rest, k.lay, k.pts, j.mem)
	}()
	return j
}
