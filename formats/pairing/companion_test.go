package pairing

import (
	"testing"

	"github.com/animscope/animscope/anim"
)

// TestPlaysWith holds the naming rule to the names real games use (see
// companion.go): each row is a side clip's name, the skeletal clip
// playing and the model, and whether the game would start the side clip.
func TestPlaysWith(t *testing.T) {
	for _, tc := range []struct {
		side, joint, model string
		want               bool
	}{
		// BotW: same name, and the Face_ eye clips.
		{"Common_Sleep", "Common_Sleep", "botw/Npc_Gerudo_Queen.bfres", true},
		{"Common_Sleep", "Common_Detect", "botw/Npc_Gerudo_Queen.bfres", false},
		{"Common_Sleep_Getup_L", "Common_Detect", "botw/Npc_Gerudo_Queen.bfres", false},
		{"Face_Common_Sleep_Getup_St", "Common_Sleep_Getup_St", "botw/Npc_Gerudo_Queen.bfres", true},
		{"Face_Common_Sleep_Getup_St", "Common_Detect", "botw/Npc_Gerudo_Queen.bfres", false},
		{"Face_Default_Joy_Blink", "Default_Joy_Talk", "botw/Npc_Gerudo_Queen.bfres", false},
		// Wind Waker: tX with X.
		{"tcutturn", "cutturn", "Link.arc:bdl/cl.bdl", true},
		{"tcutturn", "wait", "Link.arc:bdl/cl.bdl", false},
		{"tswgripmsab", "swgripmsab", "cl.bdl", true},
		{"tshms", "", "Link.arc:archive/bdlm/shms.bdl", true}, // the t before a model's name
		{"tshms", "", "Link.arc:archive/bdlm/cl.bdl", false},
		{"Tcutturn", "cutturn", "cl.bdl", false}, // only the J3D lower-case prefix
		// Galaxy and MKDD: same stem; a clip named after the model always.
		{"DemoBossKameckDown", "DemoBossKameckDown", "BossKameck.arc:BossKameck/BossKameck.bdl", true},
		{"Star", "Wait", "BossKameck.arc:BossKameck/BossKameck.bdl", false},
		{"minigamebombhei_battle", "minigamebombhei_battle", "track.arc:objects/minigamebombhei_battle.bmd", true},
		{"minigamebombhei_battle_3p", "", "track.arc:objects/minigamebombhei_battle.bmd", true},
		{"minigamearrow", "", "track.arc:objects/minigamearrow.bmd", true},
		{"minigamearrow", "", "track.arc:objects/minigamebombhei_battle.bmd", false},
		// No skeletal clip: the clips at rest (Galaxy's barriers).
		{"Wait", "", "", true},
		{"Wait", "Attack", "", false},
		{"Warning", "", "", false},
		{"wait", "Wait", "", true}, // archives mix case
	} {
		if got := PlaysWith(tc.side, tc.joint, tc.model); got != tc.want {
			t.Errorf("PlaysWith(%q, %q, %q) = %v, want %v", tc.side, tc.joint, tc.model, got, tc.want)
		}
	}
}

func TestVariantOf(t *testing.T) {
	for _, tc := range []struct {
		name, base string
		n          int
	}{
		{"minigamebombhei_battle_1p", "minigamebombhei_battle", 1},
		{"minigamebombhei_battle_4p", "minigamebombhei_battle", 4},
		{"x_12p", "x", 12},
		{"x_p", "x_p", 0},
		{"_1p", "_1p", 0},
		{"wait", "wait", 0},
		{"stop_1a", "stop_1a", 0},
	} {
		if b, n := VariantOf(tc.name); b != tc.base || n != tc.n {
			t.Errorf("VariantOf(%q) = %q, %d; want %q, %d", tc.name, b, n, tc.base, tc.n)
		}
	}
}

func TestClipName(t *testing.T) {
	for _, tc := range []struct {
		path, clip, want string
	}{
		{"dir/Link.arc:bck/cutturn.bck", "", "cutturn"},
		{`C:\x\tcutturn.btk`, "", "tcutturn"},
		{"a/Npc_Gerudo_Queen_Animation.bfres", "Common_Sleep", "Common_Sleep"},
		{"SkeletalFishBoss.arc:SkeletalFishBoss/Swim.bck", "", "Swim"},
	} {
		if got := ClipName(tc.path, &anim.Clip{Name: tc.clip}); got != tc.want {
			t.Errorf("ClipName(%q, %q) = %q, want %q", tc.path, tc.clip, got, tc.want)
		}
	}
}

// TestDefaultClip: the clip shown first is the one at rest, as the
// games' own names say it, else the first in file order.
func TestDefaultClip(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  int
	}{
		// SMO BombHei, alphabetical in its dictionary.
		{[]string{"AttackSuccess", "BlowDown", "CapHit", "Fall", "Find", "Land", "Run", "Turn", "Wait", "Walk"}, 8},
		// BotW Bass.
		{[]string{"Dead", "Jump", "Move", "Peck", "Put_Down", "Wait", "Wait_Ground"}, 5},
		// BotW Queen: the shortest wait.
		{[]string{"Common_Detect", "Common_Sleep_Getup_Wait", "Default_Angry_Talk_Wait", "Default_Wait"}, 3},
		// Galaxy: camel case words; "Waiting" is no wait word.
		{[]string{"Appear", "AttackWait", "Damage", "SummonWait"}, 1},
		{[]string{"Waiting", "Walk"}, 0},
		{[]string{"walk", "run", "idle01"}, 2},
		{[]string{"mariotree1_wait"}, 0},
		{[]string{"cutturn", "Default"}, 1},
		{[]string{"cutturn", "arrowshoot"}, 0},
		// Mario Kart 8's kart bodies: one letter before each action.
		{[]string{"Mbrake", "Mbraketurn", "Mdamage", "Mdash", "Mjump", "Mleft", "Mright", "Mrun", "Mswim", "Mwait", "Basic"}, 9},
		// ... and only one: "Mawait" is no wait word.
		{[]string{"Walk", "Mawait"}, 0},
		{nil, -1},
	} {
		if got := DefaultClip(tc.names); got != tc.want {
			t.Errorf("DefaultClip(%q) = %d, want %d", tc.names, got, tc.want)
		}
	}
}

// TestPartner: each side clip finds the skeletal clip it belongs to.
func TestPartner(t *testing.T) {
	joints := []string{"cutturn", "wait", "Common_Sleep_Getup_St", "Common_Sleep", "Face_Default_Blink", "Default_Blink"}
	for side, want := range map[string]int{
		"tcutturn": 0, "wait": 1, "Face_Common_Sleep_Getup_St": 2, "Common_Sleep": 3, "Face_Default_Blink": 4,
		"Common_Sleep_Getup_L": -1, "tarrowglitter": -1, "minigamebombhei_battle_2p": -1,
	} {
		if got := Partner(side, joints); got != want {
			t.Errorf("Partner(%q) = %d, want %d", side, got, want)
		}
	}
}
