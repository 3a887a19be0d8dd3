package bfres

import "fmt"

// trieNode is a dictionary node to write: the bit it tests, its
// children (node indices) and its key. Node 0 is the root.
type trieNode struct {
	ref         uint32
	left, right uint16
	key         string
}

// buildDict builds the Patricia trie of a dictionary over keys (entry i
// is node i+1) with the console's lookup rule (Dict.lookup on the Wii U,
// Dict.nxLookup on the Switch): each key is inserted below the node where
// it first differs from the key the lookup reaches. Duplicate keys are
// refused (a lookup could find only one).
func buildDict(keys []string, nx bool) ([]trieNode, error) {
	bit, down := dictBit, func(parent, child uint32) bool { return parent > child }
	if nx {
		bit, down = nxBit, func(parent, child uint32) bool { return int32(parent) < int32(child) }
	}
	nodes := make([]trieNode, 1, len(keys)+1)
	nodes[0] = trieNode{ref: 0xFFFFFFFF}
	// walk goes down from the root's left child while the lookup would,
	// and (stop) while the child tests a bit before crit in the lookup's
	// order; it returns the last parent and the child it stopped at.
	walk := func(key string, stop func(ref uint32) bool) (parent, child int) {
		parent, child = 0, int(nodes[0].left)
		for down(nodes[parent].ref, nodes[child].ref) && !stop(nodes[child].ref) {
			parent = child
			if bit(key, nodes[child].ref) == 1 {
				child = int(nodes[child].right)
			} else {
				child = int(nodes[child].left)
			}
		}
		return parent, child
	}
	never := func(uint32) bool { return false }
	for _, key := range keys {
		_, closest := walk(key, never)
		other := nodes[closest].key
		if closest != 0 && other == key {
			return nil, fmt.Errorf("dictionary: duplicate name %q", key)
		}
		// crit is the first bit the lookup would test that tells key from
		// the closest key: the highest differing bit on the Wii U, the
		// lowest on the Switch.
		nbits := uint32(8 * max(len(key), len(other)))
		crit, found := uint32(0), false
		for k := uint32(0); k < nbits; k++ {
			r := k
			if !nx {
				r = nbits - 1 - k
			}
			if bit(key, r) != bit(other, r) {
				crit, found = r, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("dictionary: name %q cannot be told from %q", key, other)
		}
		parent, child := walk(key, func(ref uint32) bool { return !down(ref, crit) })
		k := uint16(len(nodes))
		n := trieNode{ref: crit, key: key}
		if bit(key, crit) == 1 {
			n.right, n.left = k, uint16(child)
		} else {
			n.left, n.right = k, uint16(child)
		}
		nodes = append(nodes, n)
		switch {
		case parent == 0:
			nodes[0].left = k
		case bit(key, nodes[parent].ref) == 1:
			nodes[parent].right = k
		default:
			nodes[parent].left = k
		}
	}
	return nodes, nil
}
