# Plays animscope's glTF exports in Blender and compares every joint's world
# position with what `animscope sample --model` gives.
#
#   blender -b --factory-startup --python tools/blender-check/check.py -- DIR
#
# DIR holds, per case, NAME.glb (or NAME.gltf + NAME.bin) and NAME.json as
# the export tests leave them (go test ./internal/export -args
# -blender-dir=DIR): the clip's fps, the frames, and per joint the world
# positions expected there. Each file is imported with Blender's own glTF
# importer (default options), the scene's frame rate set to the clip's so
# that Blender frame = clip frame, and posed at every frame with
# scene.frame_set(frame, subframe). A joint is its node's object (an empty)
# or pose bone, found by the custom property "joint" the importer copies
# from the node's extras. Blender is Z-up: the importer maps glTF (x, y, z)
# to (x, -z, y), mapped back here.
#
# Prints one row per case (worst error as a multiple of the bound
# 1e-3*max(1,|w|), where, how many samples are over it; where the game's
# curve jumps within a float32 step of time of a frame, as the export tests
# allow, or within 1e-4 frames, where Blender evaluates an F-curve as at
# the key itself, the position either side counts) and exits 1 when a
# LINEAR case is over the bound anywhere; CUBICSPLINE cases are shown for
# comparison only (Blender drops their tangents).
import contextlib
import json
import math
import os
import sys

import bpy
import numpy

# Debian's Blender 3.4 importer still spells numpy.bool, which numpy 1.24
# removed; the mesh import fails without it.
if "bool" not in numpy.__dict__:
    numpy.bool = bool


def bound(w):
    return 1e-3 * max(1.0, math.sqrt(w[0] ** 2 + w[1] ** 2 + w[2] ** 2))


@contextlib.contextmanager
def quiet():
    """Silence the importer's progress lines (written to the process's
    stdout and stderr, not Python's)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (null,) + saved:
            os.close(fd)


def dist(a, b):
    return math.sqrt(sum((a[i] - b[i]) ** 2 for i in range(3)))


def joint_positions():
    """Map joint index -> function returning its glTF-space world position."""
    out = {}
    for obj in bpy.data.objects:
        if "joint" in obj.keys():
            out[int(obj["joint"])] = (lambda o=obj: o.matrix_world.translation)
        if obj.type == 'ARMATURE' and obj.pose is not None:
            for pb in obj.pose.bones:
                if "joint" in pb.keys():
                    out[int(pb["joint"])] = (lambda o=obj, b=pb: o.matrix_world @ b.head)
    return out


def run_case(path, case):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    fps = case["FPS"]
    scene.render.fps = max(1, round(fps))
    scene.render.fps_base = scene.render.fps / fps
    with quiet():
        bpy.ops.import_scene.gltf(filepath=path)
    # The importer converts key times with render.fps only (not fps_base):
    # a clip of non-integer rate keys at t*round(fps).
    scale = scene.render.fps / fps
    joints = joint_positions()
    worst, where, over, n = 0.0, "", 0, 0
    missing = [j["Index"] for j in case["Joints"] if j["Index"] not in joints]
    for fi, f in enumerate(case["Frames"]):
        bf = f * scale
        whole = math.floor(bf)
        scene.frame_set(int(whole), subframe=bf - whole)
        for j in case["Joints"]:
            get = joints.get(j["Index"])
            if get is None:
                continue
            b = get()
            g = (b[0], b[2], -b[1])
            w = j["World"][fi]
            r = dist(g, w) / bound(w)
            # Where the game's curve jumps within a float32 step of time
            # of the frame, a position from either side is right.
            for p in (j.get("Near") or {}).get(str(fi), []):
                r = min(r, dist(g, p) / bound(p))
            n += 1
            if r > 1:
                over += 1
            if r > worst:
                worst, where = r, "frame %g joint %d %s" % (f, j["Index"], j["Name"])
    return worst, where, over, n, missing


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if len(argv) != 1:
        print("usage: blender -b --python check.py -- DIR", file=sys.stderr)
        sys.exit(2)
    d = argv[0]
    names = sorted(f[:-5] for f in os.listdir(d) if f.endswith(".json"))
    if not names:
        print("blender-check: no cases in %s" % d, file=sys.stderr)
        sys.exit(2)
    rows, bad = [], 0
    for name in names:
        with open(os.path.join(d, name + ".json")) as fh:
            case = json.load(fh)
        kind = "cubic" if case["Cubic"] else "linear"
        try:
            worst, where, over, n, missing = run_case(os.path.join(d, case["File"]), case)
        except Exception as e:
            worst, where, over, n, missing = math.inf, "import failed: %s" % str(e).strip().splitlines()[-1][:80], 0, 0, []
        verdict = "ok"
        if missing:
            verdict = "FAIL (joints without a node: %s)" % missing[:5]
        elif worst > 1:
            verdict = "FAIL"
        if case["Cubic"]:
            verdict = "(not checked)"
        elif verdict != "ok":
            bad += 1
        rows.append((case["Case"], kind, "%d" % len(case["Frames"]), "%.3f" % worst, "%d/%d" % (over, n), where, verdict))
    head = ("case", "interp", "frames", "worst/bound", "over", "worst at", "verdict")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(r[i].ljust(widths[i]) for i in range(len(r))).rstrip()
    print(line(head))
    for r in rows:
        print(line(r))
    lin = sum(1 for r in rows if r[1] == "linear")
    print("blender-check: Blender %s, %d LINEAR cases, %d over the bound; %d CUBICSPLINE cases shown for comparison"
          % (bpy.app.version_string, lin, bad, len(rows) - lin))
    sys.stdout.flush()
    os._exit(1 if bad else 0)


main()
