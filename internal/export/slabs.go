// Storage the resampling reuses from joint to joint and clip to clip.

package export

// slabPoses is how many poses' transforms one allocation holds.
const slabPoses = 64

// slabs hands out storage (the poses' transforms, the channels' keys)
// from blocks of size it keeps; reset makes them all free again once
// what was handed out is done with, so that refining one joint after
// another, and baking one clip after another, reuses the storage.
type slabs[T any] struct {
	size   int
	blocks [][]T
	used   int // blocks handed out
	free   []T
}

// take hands out k values (more than size: a block of their own, not
// kept).
func (s *slabs[T]) take(k int) []T {
	if k > s.size {
		return make([]T, k)
	}
	if len(s.free) < k {
		if s.used == len(s.blocks) {
			s.blocks = append(s.blocks, make([]T, s.size))
		}
		s.free = s.blocks[s.used]
		s.used++
	}
	b := s.free[:k:k]
	s.free = s.free[k:]
	return b
}

func (s *slabs[T]) reset() { s.used, s.free = 0, nil }
