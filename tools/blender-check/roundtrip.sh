#!/bin/sh
# The Blender round trip: export a clip, turn one bone in Blender, export
# from Blender with its defaults, import the result back onto the clip, and
# check the new clip against Blender's poses and the original's
# (roundtrip.py says what is checked).
#
#   tools/blender-check/roundtrip.sh ANIMSCOPE DIR [CLIP MODEL BONE]
#
# CLIP, MODEL and BONE default to the biped walk and its left arm; giving
# them runs the same edit on another clip by hand (a loose BCK, or an
# archive entry X.arc:path/clip.bck, whose archive OUT then is).
set -eu
[ $# -eq 2 ] || [ $# -eq 5 ] || { echo "usage: $0 ANIMSCOPE DIR [CLIP MODEL BONE]" >&2; exit 2; }
BIN=$1
DIR=$2
HERE=$(dirname "$0")
ARC=formats/archive/testdata/biped.szs
CLIP=${3:-$ARC:biped/bck/walk.bck}
MODEL=${4:-$ARC:biped/bmdl/biped.bmd}
BONE=${5:-arm_L}
# The import writes what the target is: the whole archive for an entry.
case $CLIP in
*:*) OUT="$DIR/edited-$(basename "${CLIP%%:*}")"; NEW="$OUT:${CLIP#*:}" ;;
*) OUT="$DIR/edited-$(basename "$CLIP")"; NEW=$OUT ;;
esac
mkdir -p "$DIR"

"$BIN" export "$CLIP" --model "$MODEL" --out "$DIR/exported.glb"
# The clip's rate and length, so that Blender frame = clip frame.
"$BIN" sample "$CLIP" --frames 0 --json >"$DIR/meta.json"
FPS=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["fps"])' "$DIR/meta.json")
END=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["duration"])' "$DIR/meta.json")

blender -b --factory-startup --python-exit-code 1 --python "$HERE/roundtrip.py" -- \
	edit "$DIR/exported.glb" "$DIR/edited.glb" "$DIR/blender.json" "$FPS" "$BONE" 30 10 20 "$END" \
	>"$DIR/blender.log" 2>&1 || { cat "$DIR/blender.log"; exit 1; }
grep '^roundtrip:' "$DIR/blender.log"

"$BIN" import "$DIR/edited.glb" --onto "$CLIP" --model "$MODEL" --out "$OUT"

FRAMES=$(python3 -c 'import json,sys; print(",".join("%g" % f for f in json.load(open(sys.argv[1]))["frames"]))' "$DIR/blender.json")
"$BIN" sample "$CLIP" --model "$MODEL" --frames "$FRAMES" --json >"$DIR/original.json"
"$BIN" sample "$NEW" --model "$MODEL" --frames "$FRAMES" --json >"$DIR/edited.json"
# diff exits 1 when the clips differ, which they must.
st=0
"$BIN" diff "$CLIP" "$NEW" --model "$MODEL" --json >"$DIR/diff.json" || st=$?
[ $st -le 1 ] || { echo "roundtrip: animscope diff failed (status $st)" >&2; exit 1; }
"$BIN" diff "$CLIP" "$NEW" --model "$MODEL" || true

python3 "$HERE/roundtrip.py" compare "$DIR/blender.json" "$DIR/original.json" "$DIR/edited.json" "$DIR/diff.json" "$BONE" "$DIR/edited.glb"
