package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/animscope/animscope/formats"
	"github.com/animscope/animscope/formats/pairing"
)

// infoPairing is the models, animations (every kind: skeletal, texture
// SRT, colour, pattern, visibility) and suggested pairs of an archive
// (pairing.Pair), for `animscope info ARCHIVE`.
type infoPairing struct {
	Models      []infoPairModel `json:"models"`
	Animations  []infoPairAnim  `json:"animations"`
	Suggestions []infoPairSugg  `json:"suggestions"`
}

type infoPairModel struct {
	Path   string `json:"path"`
	Joints int    `json:"joints"`
	Mode   string `json:"hierarchyMode"`
}

type infoPairAnim struct {
	Path   string `json:"path"`
	Clip   string `json:"clip"`
	Format string `json:"format"`
	// Kind is what the clip animates (formats.ClipKind); Joints counts
	// its joint targets (0 for the other kinds), Targets all of them.
	Kind     string  `json:"kind"`
	Joints   int     `json:"joints"`
	Targets  int     `json:"targets"`
	Duration float64 `json:"duration"`
}

type infoPairSugg struct {
	Model      string          `json:"model"`
	Animations []infoPairCandi `json:"animations"`
	// Side are the texture and material clips that play beside the
	// model's joint clips (pairing.SideReason), each with the joint clip
	// the game starts it with (pairing.PlaysWith); a clip that plays with
	// none of them is not listed.
	Side []infoPairSide `json:"side"`
}

type infoPairSide struct {
	infoPairCandi
	// With is the path and clip of the joint clip it plays with; both ""
	// for a clip named after the model, which plays whatever it does.
	WithPath string `json:"withPath"`
	WithClip string `json:"withClip"`
	// AtRest: it plays when no joint clip does (pairing.AtRest), as the
	// model has none.
	AtRest bool `json:"atRest,omitempty"`
	// Variant is its player number (_1p … _4p: one choice, the first
	// plays unless the user picks another), 0 for none.
	Variant int `json:"variant,omitempty"`
}

type infoPairCandi struct {
	Path     string   `json:"path"`
	Clip     string   `json:"clip"`
	Reason   string   `json:"reason"`
	Warnings []string `json:"warnings,omitempty"`
}

// makePairing opens an archive's models and animations and pairs them;
// entries that fail to open are returned as warnings.
func makePairing(file string, a *formats.Asset) (*infoPairing, []string) {
	srcs, warnings := pairing.ArchiveSources(file, a)
	p := pairing.Pair(srcs)
	out := &infoPairing{Models: []infoPairModel{}, Animations: []infoPairAnim{}, Suggestions: []infoPairSugg{}}
	for _, m := range p.Models {
		s := m.Asset.Skeletons[pairing.DefaultSkeleton(m.Asset.Skeletons)]
		out.Models = append(out.Models, infoPairModel{m.Name(), len(s.Joints), s.Mode.String()})
	}
	// Every animation of the archive, in entry order, whatever it moves.
	for _, src := range srcs {
		for _, c := range src.Asset.Clips {
			out.Animations = append(out.Animations, infoPairAnim{src.Name(), c.Name, c.Format, formats.ClipKind(c),
				pairing.JointTargets(c), len(c.Targets), c.Duration})
		}
	}
	for _, s := range p.Suggestions {
		is := infoPairSugg{Model: s.Model.Name(), Animations: []infoPairCandi{}, Side: []infoPairSide{}}
		for _, c := range s.Candidates {
			is.Animations = append(is.Animations, infoPairCandi{c.Anim.Name(), c.Clip.Name, c.Reason, c.Warnings()})
		}
		for _, c := range s.Side {
			name := pairing.ClipName(c.Anim.Path, c.Clip)
			if side, ok := sideWith(s, name); ok {
				side.infoPairCandi = infoPairCandi{c.Anim.Name(), c.Clip.Name, c.Reason, nil}
				_, side.Variant = pairing.VariantOf(name)
				is.Side = append(is.Side, side)
			}
		}
		out.Suggestions = append(out.Suggestions, is)
	}
	return out, warnings
}

// sideWith is the joint clip among the model's candidates that side
// clip name plays with, in rank order; ok with an empty one when it is
// named after the model, false when it plays with none.
func sideWith(s pairing.Suggestion, name string) (infoPairSide, bool) {
	if pairing.NamedForModel(name, s.Model.Name()) {
		return infoPairSide{}, true
	}
	fitting := false
	for _, c := range s.Candidates {
		if !c.Fit.Fits() {
			continue // the model would not play it
		}
		fitting = true
		if pairing.PlaysWith(name, pairing.ClipName(c.Anim.Path, c.Clip), "") {
			return infoPairSide{WithPath: c.Anim.Name(), WithClip: c.Clip.Name}, true
		}
	}
	if !fitting && pairing.AtRest(name) {
		return infoPairSide{AtRest: true}, true
	}
	return infoPairSide{}, false
}

func writePairingText(w io.Writer, p *infoPairing) {
	if p == nil {
		return
	}
	fmt.Fprintf(w, "models: %d\n", len(p.Models))
	for _, m := range p.Models {
		fmt.Fprintf(w, "  %s: %s, %s hierarchy\n", m.Path, plural(m.Joints, "joint", "joints"), m.Mode)
	}
	fmt.Fprintf(w, "animations: %d\n", len(p.Animations))
	for _, a := range p.Animations {
		what := plural(a.Joints, "joint", "joints")
		if a.Joints == 0 {
			what = plural(a.Targets, "target", "targets")
		}
		fmt.Fprintf(w, "  %s: %s %s, %s, %g frames\n", clipLabel(a.Path, a.Clip), a.Format, a.Kind, what, a.Duration)
	}
	for _, s := range p.Suggestions {
		if len(s.Animations) == 0 && len(s.Side) == 0 {
			fmt.Fprintf(w, "pairing for %s: no animations\n", s.Model)
			continue
		}
		fmt.Fprintf(w, "pairing for %s:\n", s.Model)
		for _, c := range s.Animations {
			warn := ""
			if len(c.Warnings) > 0 {
				warn = "; warning: " + strings.Join(c.Warnings, "; ")
			}
			fmt.Fprintf(w, "  %s (%s)%s\n", clipLabel(c.Path, c.Clip), c.Reason, warn)
		}
		for _, c := range s.Side {
			why := []string{c.Reason}
			switch {
			case c.WithPath != "":
				why = append(why, "with "+clipLabel(c.WithPath, c.WithClip))
			case c.AtRest:
				why = append(why, "at rest: the model has no animation")
			case c.Reason != pairing.SameName:
				why = append(why, "named after the model")
			}
			if c.Variant > 0 {
				why = append(why, fmt.Sprintf("player %d of one choice", c.Variant))
			}
			fmt.Fprintf(w, "  beside it: %s (%s)\n", clipLabel(c.Path, c.Clip), strings.Join(why, ", "))
		}
	}
}

func clipLabel(path, clip string) string {
	if clip == "" {
		return path
	}
	return path + " [" + clip + "]"
}
