# The round trip through Blender: an edit made in Blender comes back into
# the game's file where Blender shows it.
#
# Two halves, both driven by roundtrip.sh:
#
#   blender -b --factory-startup --python-exit-code 1 --python roundtrip.py -- \
#       edit IN.glb OUT.glb POSITIONS.json FPS BONE DEGREES FIRST LAST END
#
# imports IN.glb with Blender's glTF importer (default options, the scene's
# frame rate set to the clip's so that Blender frame = clip frame), turns
# BONE (a pose bone, or the empty the importer makes of a node when the
# file has no skin) by DEGREES about its local X axis at every whole frame
# FIRST..LAST on top of the keys it has there (rising to DEGREES half way
# and back to 0 at LAST), exports OUT.glb with
# Blender's default export options, and writes the world position of every
# joint as Blender computes it at every whole and half frame 0..END (less
# half a frame) to POSITIONS.json, in glTF's Y-up axes.
#
#   python3 roundtrip.py compare POSITIONS.json ORIGINAL.json NEW.json DIFF.json BONE [EXPORTED.glb]
#
# checks `animscope sample --json` of the imported file (NEW) against
# Blender's positions for BONE and its descendants and against the
# original's (ORIGINAL) for every other joint, within the bound
# 1e-3*max(1,|w|), and that `animscope diff --json ORIGINAL NEW` names
# exactly BONE's chain. Prints a table; exits 1 on any failure.
import json
import math
import os
import sys


def bound(w):
    return 1e-3 * max(1.0, math.sqrt(w[0] ** 2 + w[1] ** 2 + w[2] ** 2))


def dist(a, b):
    return math.sqrt(sum((a[i] - b[i]) ** 2 for i in range(3)))


def edit(src, dst, positions, fps, bone, degrees, first, last, end):
    import bpy
    import mathutils
    import numpy

    # Debian's Blender 3.4 importer still spells numpy.bool, which numpy
    # 1.24 removed.
    if "bool" not in numpy.__dict__:
        numpy.bool = bool

    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = max(1, round(fps))
    scene.render.fps_base = scene.render.fps / fps
    bpy.ops.import_scene.gltf(filepath=src)

    # joint index -> (name, Blender world position getter); the importer
    # copies the node's extras ("joint") into a custom property.
    joints = {}
    target = None
    for obj in bpy.data.objects:
        if "joint" in obj.keys():
            par = obj.parent if obj.parent is not None and "joint" in obj.parent.keys() else None
            joints[int(obj["joint"])] = (obj.name, int(par["joint"]) if par else -1,
                                         lambda o=obj: o.matrix_world.translation.copy())
            if obj.name == bone:
                target = obj
        if obj.type == 'ARMATURE' and obj.pose is not None:
            for pb in obj.pose.bones:
                if "joint" in pb.keys():
                    par = pb.parent if pb.parent is not None and "joint" in pb.parent.keys() else None
                    joints[int(pb["joint"])] = (pb.name, int(par["joint"]) if par else -1,
                                                lambda o=obj, b=pb: (o.matrix_world @ b.head).copy())
                    if pb.name == bone:
                        target = pb
    if target is None:
        raise SystemExit("roundtrip: no bone or node named %r in %s" % (bone, src))
    if target.rotation_mode != 'QUATERNION':
        raise SystemExit("roundtrip: %s rotates in %s, not quaternions" % (bone, target.rotation_mode))

    # The turn: at every key and whole frame in [first, last] the key
    # becomes the rotation Blender shows there followed by a turn about
    # local X that rises from 0 to DEGREES and back. Keys
    # are made LINEAR (Blender's default for new keys is Bezier) so that
    # Blender's half frames are what its exported per-frame samples give.
    owner = target.id_data if isinstance(target, bpy.types.PoseBone) else target
    path = target.path_from_id("rotation_quaternion")
    curves = [fc for fc in owner.animation_data.action.fcurves if fc.data_path == path]
    # The export keys the game's curves between frames too; every key in
    # the range turns, not only the whole frames.
    times = set(float(f) for f in range(first, last + 1))
    for fc in curves:
        times.update(kp.co[0] for kp in fc.keyframe_points if first <= kp.co[0] <= last)
    edited = {}
    for f in sorted(times):
        whole = math.floor(f)
        scene.frame_set(int(whole), subframe=f - whole)
        # A bump, not a step: 0 at FIRST and LAST, DEGREES half way, so
        # the edit is a curve Blender's per-frame samples can carry (a
        # step between two frames is not).
        a = math.radians(degrees) * math.sin(math.pi * (f - first) / (last - first))
        edited[f] = target.rotation_quaternion @ mathutils.Quaternion((1.0, 0.0, 0.0), a)
    for f, q in edited.items():
        target.rotation_quaternion = q
        target.keyframe_insert("rotation_quaternion", frame=f)
    for fc in owner.animation_data.action.fcurves:
        for kp in fc.keyframe_points:
            kp.interpolation = 'LINEAR'

    frames = [i / 2.0 for i in range(0, int(end) * 2)]
    out = {"fps": fps, "frames": frames, "bone": bone, "joints": []}
    for idx in sorted(joints):
        name, par, get = joints[idx]
        world = []
        for f in frames:
            whole = math.floor(f)
            scene.frame_set(int(whole), subframe=f - whole)
            b = get()
            # Blender is Z-up: the importer maps glTF (x, y, z) to (x, -z, y).
            world.append([b[0], b[2], -b[1]])
        out["joints"].append({"index": idx, "name": name, "parent": par, "world": world})
    with open(positions, "w") as fh:
        json.dump(out, fh)

    bpy.ops.export_scene.gltf(filepath=dst)
    print("roundtrip: %s turned up to %g deg about local X over frames %d-%d; wrote %s and %s"
          % (bone, degrees, first, last, dst, positions))


def gltf_world(path, fps):
    """Joint name -> function of frame giving the node's world position as
    the glTF file itself says (LINEAR keys, rotations slerped): what
    Blender exported, as opposed to what Blender showed. None when a
    channel is not LINEAR or a node has a matrix."""
    import struct
    with open(path, "rb") as fh:
        data = fh.read()
    n = struct.unpack("<I", data[12:16])[0]
    doc = json.loads(data[20:20 + n])
    blob = data[20 + n + 8:]

    def accessor(i):
        ac = doc["accessors"][i]
        bv = doc["bufferViews"][ac["bufferView"]]
        off = bv.get("byteOffset", 0) + ac.get("byteOffset", 0)
        k = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[ac["type"]]
        v = struct.unpack("<%df" % (ac["count"] * k), blob[off:off + 4 * k * ac["count"]])
        return [v[i * k:(i + 1) * k] for i in range(ac["count"])]

    anim = doc["animations"][0]
    curves = {}
    for c in anim["channels"]:
        smp = anim["samplers"][c["sampler"]]
        if smp.get("interpolation", "LINEAR") != "LINEAR":
            return None
        curves[(c["target"]["node"], c["target"]["path"])] = ([x[0] for x in accessor(smp["input"])], accessor(smp["output"]))
    if any("matrix" in nd for nd in doc["nodes"]):
        return None

    def slerp(p, q, u):
        dot = sum(p[i] * q[i] for i in range(4))
        if dot < 0:
            q, dot = [-x for x in q], -dot
        if dot > 0.9995:
            r = [p[i] * (1 - u) + q[i] * u for i in range(4)]
        else:
            th = math.acos(dot)
            r = [(p[i] * math.sin((1 - u) * th) + q[i] * math.sin(u * th)) / math.sin(th) for i in range(4)]
        m = math.sqrt(sum(x * x for x in r))
        return [x / m for x in r]

    def value(node, path, t, default):
        if (node, path) not in curves:
            return list(default)
        ts, vs = curves[(node, path)]
        if t <= ts[0]:
            return list(vs[0])
        if t >= ts[-1]:
            return list(vs[-1])
        i = max(k for k in range(len(ts)) if ts[k] <= t)
        u = (t - ts[i]) / (ts[i + 1] - ts[i])
        if path == "rotation":
            return slerp(vs[i], vs[i + 1], u)
        return [vs[i][m] * (1 - u) + vs[i + 1][m] * u for m in range(3)]

    def rot(q):
        x, y, z, w = q
        return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]

    parent = {c: i for i, nd in enumerate(doc["nodes"]) for c in nd.get("children", [])}

    def world(node, frame):
        # W = Wparent * T * R * S, as a glTF player composes nodes.
        t = frame / fps
        chain = []
        while node is not None:
            chain.append(node)
            node = parent.get(node)
        a = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        p = [0.0, 0.0, 0.0]
        for k in reversed(chain):
            nd = doc["nodes"][k]
            tr = value(k, "translation", t, nd.get("translation", [0, 0, 0]))
            r = rot(value(k, "rotation", t, nd.get("rotation", [0, 0, 0, 1])))
            sc = value(k, "scale", t, nd.get("scale", [1, 1, 1]))
            p = [p[i] + sum(a[i][m] * tr[m] for m in range(3)) for i in range(3)]
            a = [[sum(a[i][m] * r[m][c] for m in range(3)) * sc[c] for c in range(3)] for i in range(3)]
        return p

    return {nd.get("name"): (lambda f, k=i: world(k, f)) for i, nd in enumerate(doc["nodes"])}


def compare(positions, original, new, diff, bone, exported=None):
    with open(positions) as fh:
        bl = json.load(fh)
    with open(original) as fh:
        orig = json.load(fh)
    with open(new) as fh:
        imp = json.load(fh)
    with open(diff) as fh:
        dif = json.load(fh)

    names = {j["index"]: j["name"] for j in bl["joints"]}
    byname = {v: k for k, v in names.items()}
    if bone not in byname:
        print("roundtrip: no joint %r in Blender's positions" % bone)
        return 1
    # The chain: BONE and its descendants in the hierarchy Blender built
    # from the export's node tree.
    parent = {j["index"]: j["parent"] for j in bl["joints"]}
    chain = {byname[bone]}
    grew = True
    while grew:
        grew = False
        for c, p in list(parent.items()):
            if p in chain and c not in chain:
                chain.add(c)
                grew = True

    frames = bl["frames"]
    if orig["frames"] != frames or imp["frames"] != frames:
        print("roundtrip: the samples are not at Blender's frames")
        return 1
    bw = {j["index"]: j["world"] for j in bl["joints"]}
    ow = {t["index"]: t["world"] for t in orig["targets"] if t.get("kind") == "joint"}
    nw = {t["index"]: t["world"] for t in imp["targets"] if t.get("kind") == "joint"}
    # `sample` and `diff` see the joints the clip has tracks for; a clip
    # with fewer track sets than the model has joints (by hand, on a real
    # file) leaves the rest of the chain out of both.
    unsampled = sorted(names.get(i, str(i)) for i in chain if i not in nw)
    chain = {i for i in chain if i in nw}

    # What the import is held to:
    # - every joint outside the edited chain: where the original puts it,
    #   at whole and half frames (the import keeps its tracks);
    # - the edited chain at whole frames: where Blender shows it;
    # - the edited chain at half frames: where the glTF Blender wrote puts
    #   it as a glTF player plays it (its LINEAR keys, rotations slerped).
    #   Blender's glTF export (default options) samples every animated
    #   channel once per whole frame, so its file is a straight line
    #   between frames wherever Blender's own curves bend; what Blender
    #   shows at a half frame is not in the file it wrote, and the import
    #   can only follow the file. The last column says how far Blender's
    #   display is from its own file there.
    # Any joint over the bound 1e-3*max(1,|w|), or a diff that does not
    # name exactly the edited chain, fails the check (exit 1).
    filew = gltf_world(exported, bl["fps"]) if exported else None
    rows, bad = [], []
    for idx in sorted(nw):
        name = names.get(idx, str(idx))
        inchain = idx in chain
        whole_ref = bw if inchain else ow
        if idx not in whole_ref:
            rows.append((name, str(idx), "-", "-", "-", "-", "-", "FAIL (no reference)"))
            bad.append("%s has no reference" % name)
            continue
        half_name = "original"
        if inchain:
            half_name = "Blender's file" if filew is not None and name in filew else "Blender"
        moved = max(dist(ow[idx][fi], bw[idx][fi]) for fi in range(len(frames))) if idx in bw else 0.0
        worst = {True: (0.0, 0.0, 0), False: (0.0, 0.0, 0)}
        display_vs_file = 0.0
        for fi, f in enumerate(frames):
            whole = f == math.floor(f)
            if whole or not inchain:
                w = whole_ref[idx][fi]
            elif half_name == "Blender's file":
                w = filew[name](f)
                if idx in bw:
                    display_vs_file = max(display_vs_file, dist(bw[idx][fi], w) / bound(w))
            else:
                w = bw[idx][fi]
            r = dist(nw[idx][fi], w) / bound(w)
            m, at, over = worst[whole]
            worst[whole] = (max(m, r), f if r > m else at, over + (r > 1))
        verdict = "ok"
        if worst[True][2] or worst[False][2]:
            w = worst[True] if worst[True][0] >= worst[False][0] else worst[False]
            verdict = "FAIL"
            bad.append("%s %.2fx the bound at frame %g" % (name, w[0], w[1]))
        fmt = lambda w: "%.3f @%g (%d over)" % w
        against = ("Blender / " + half_name) if inchain else "original"
        rows.append((name, str(idx), against, "%.4g" % moved, fmt(worst[True]), fmt(worst[False]),
                     "%.3f" % display_vs_file if inchain and half_name == "Blender's file" else "-", verdict))

    named = sorted({d["index"] for d in dif.get("differences", []) if d.get("kind") == "joint"})
    diff_ok = set(named) == chain

    head = ("joint", "index", "against (whole / half frames)", "edit moved it", "whole frames: worst/bound",
            "half frames: worst/bound", "Blender's display vs its file", "verdict")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(r[i].ljust(widths[i]) for i in range(len(r))).rstrip()
    print(line(head))
    for r in rows:
        print(line(r))
    print("diff names %s; the edited chain is %s: %s"
          % ([names.get(i, str(i)) for i in named], sorted(names.get(i, str(i)) for i in chain),
             "ok" if diff_ok else "FAIL"))
    if not diff_ok:
        bad.append("diff names %s, the edited chain is %s"
                   % ([names.get(i, str(i)) for i in named], sorted(names.get(i, str(i)) for i in chain)))
    if unsampled:
        print("not sampled (past the clip's track sets): %s" % unsampled)
    print("roundtrip: %d frames (%d whole, %d half), %d joints; %d failures%s%s"
          % (len(frames), sum(1 for f in frames if f == math.floor(f)), sum(1 for f in frames if f != math.floor(f)),
             len(rows), len(bad), ": " if bad else "", "; ".join(bad)))
    return 1 if bad else 0


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    if argv and argv[0] == "edit" and len(argv) == 10:
        a = argv[1:]
        edit(a[0], a[1], a[2], float(a[3]), a[4], float(a[5]), int(a[6]), int(a[7]), float(a[8]))
        sys.stdout.flush()
        os._exit(0)
    if argv and argv[0] == "compare" and len(argv) in (6, 7):
        sys.exit(compare(*argv[1:]))
    print("usage: blender -b --python roundtrip.py -- edit IN.glb OUT.glb POSITIONS.json FPS BONE DEGREES FIRST LAST END\n"
          "       python3 roundtrip.py compare POSITIONS.json ORIGINAL.json NEW.json DIFF.json BONE [EXPORTED.glb]", file=sys.stderr)
    sys.exit(2)


main()
