package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/animscope/animscope/anim"
	"github.com/animscope/animscope/internal/viewmodel"
)

// applyAnalysis carries out the intents of the curve, comparison and
// inspector panels.
func (a *App) applyAnalysis(in viewmodel.Intent) {
	switch in := in.(type) {
	case viewmodel.CopyText:
		a.copied = in.Text
		if a.clipboard != nil {
			a.clipboard(in.Text)
		}
		a.Notify(viewmodel.Info, "copied %s to the clipboard as CSV", in.What)
	case viewmodel.ComparePlay, viewmodel.ComparePause, viewmodel.CompareReset, viewmodel.CompareSeek:
		a.cmp.apply(in)
	}
}

// ParsePlotList resolves "TARGET/CHANNEL,..." against the joint clip,
// then the texture clip.
func (a *App) ParsePlotList(list string) ([]viewmodel.ChannelRef, error) {
	var refs []viewmodel.ChannelRef
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		tname, cname, ok := strings.Cut(item, "/")
		if !ok {
			return refs, fmt.Errorf("%q: want TARGET/CHANNEL", item)
		}
		found := false
		for _, s := range []*slot{a.play.joint, a.play.tex} {
			if s == nil || found {
				continue
			}
			for ti := range s.clip.Targets {
				t := &s.clip.Targets[ti]
				if !(t.Name == tname || "#"+strconv.Itoa(ti) == tname) {
					continue
				}
				ref := viewmodel.ChannelRef{Slot: viewmodel.JointSlot, Target: ti}
				if s == a.play.tex {
					ref.Slot = viewmodel.TexSlot
				}
				if e, ok := eulerAxis(cname); ok && t.Quaternion {
					ref.Euler = e
				} else if sl, ok := anim.ParseSlot(t.Kind, cname); ok {
					if _, has := t.Channel(sl); !has {
						return refs, fmt.Errorf("%q: target %s has no channel %s", item, tname, cname)
					}
					ref.Chan = sl
				} else {
					return refs, fmt.Errorf("%q: unknown channel %q", item, cname)
				}
				refs = append(refs, ref)
				found = true
				break
			}
		}
		if !found {
			return refs, fmt.Errorf("%q: no target %q in the open clips", item, tname)
		}
	}
	return refs, nil
}

func eulerAxis(name string) (int, bool) {
	switch name {
	case "euler.x":
		return 1, true
	case "euler.y":
		return 2, true
	case "euler.z":
		return 3, true
	}
	return 0, false
}
