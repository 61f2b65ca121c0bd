"""Which firmware functions MicroPython gives a frame on the heap.

    python tools/frames.py app/box.py pads/capture.py     # every function, HEAP marked
    python tools/frames.py --heap                         # only the heap ones, all of firmware/

A bytecode function's frame (its locals, its value stack, 8 bytes per
exception handler) lives on the C stack when it is at most 11 words (44
bytes on the RP2040); a bigger one is allocated on the heap at every call
and freed at its return (py/objfun.c, VM_MAX_STATE_ON_STACK).  That costs no
memory for long, but each call is a first-fit search of the heap: on the
Pico, four such calls a pass were a third of the box's idle CPU.  So the
functions of the loop's idle pass keep small frames
(host_tests/test_frames.py), and do their rare work in other functions.

The sizes are read from the prelude of each function in the .mpy that
mpy-cross makes, with mpy-tool.py from the MicroPython sources (the ones
`make uf2` builds from, tools/uf2.py: it says where to get them).
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import mpy  # noqa: E402
import uf2  # noqa: E402

WORD = 4                    # the RP2040's
ON_STACK_WORDS = 11         # py/objfun.c VM_MAX_STATE_ON_STACK, in words
EXC_BYTES = 2 * WORD        # an mp_exc_stack_t


def mpy_tool(src=None):
    """mpy-tool.py of the MicroPython sources, loaded as a module
    (uf2.Missing, saying where to get them, when there are none)."""
    # (under build/mp's lock: a build beside us may be unpacking the tree or
    # have swapped mpy-tool.py for its unaligned variant)
    return uf2.one_at_a_time(_load_mpy_tool, src)


def _load_mpy_tool(src):
    path = os.path.join(uf2.Sources(src).mp, "tools", "mpy-tool.py")
    sys.path.insert(0, os.path.dirname(path))     # it imports its neighbours
    spec = importlib.util.spec_from_file_location("mpy_tool", path)
    mt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mt)
    mt.global_qstrs = mt.GlobalQStrList()         # main() makes it, read_mpy needs it
    return mt


def frames(rels, src=None):
    """[(file, qualified name, n_state, n_exc_stack, bytes)] for every
    bytecode function of the firmware files `rels` (paths under firmware/)."""
    mt = mpy_tool(src)
    out = []
    with tempfile.TemporaryDirectory(prefix="frames_") as d:
        for rel in rels:
            dst = os.path.join(d, "x.mpy")
            ok, msg = mpy.compile_one(rel, dst)
            if not ok:
                raise RuntimeError("mpy-cross rejects %s: %s" % (rel, msg))
            mt.config.native_arch = mt.MP_NATIVE_ARCH_NONE
            for name, s, e in _walk(mt.read_mpy(dst).raw_code, ""):
                out.append((rel, name, s, e, s * WORD + e * EXC_BYTES))
    return out


def _walk(rc, path):
    name = str(rc.simple_name.str)
    name = name if not path or path == "<module>" else path + "." + name
    if hasattr(rc, "prelude_signature"):          # bytecode (viper/asm have none)
        yield name, rc.prelude_signature[0], rc.prelude_signature[1]
    for c in getattr(rc, "children", ()):
        yield from _walk(c, name)


def on_heap(size):
    return size > ON_STACK_WORDS * WORD


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    only_heap = "--heap" in args
    rels = [a for a in args if a != "--heap"] or list(mpy.sources(include_host=False))
    try:
        rows = frames(rels)
    except uf2.Missing as e:
        print(e, file=sys.stderr)
        return 2
    for rel, name, s, e, size in rows:
        if on_heap(size) or not only_heap:
            print("%-4s %3d B  n_state %2d  handlers %d  %s: %s"
                  % ("HEAP" if on_heap(size) else "", size, s, e, rel, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
