"""Frozen native code 4-byte aligned on ARMv6-M: the patch tools/uf2.py
applies to MicroPython's tools/mpy-tool.py, and the check of every firmware
it builds (docs/upstream/armv6m-frozen-native-alignment.md).

  patch(mp_dir)            -> "patched" | "already" | "not found" (idempotent)
  unpatched(mp_dir)        -> a context: mpy-tool.py as shipped, for the
                              test build that shows the bug (restored after)
  misaligned(nm_text)      -> [(address, name)] of the native fun_data_* at 2 mod 4
  check(elf)               -> the native fun_data_* listing; SystemExit naming
                              every misaligned one

Why: the ARMv6-M emitter of MicroPython 1.28 loads a 32-bit constant as
`(nop) ; ldr rX, [pc, #0] ; b +2 ; .word value`, the nop put in when the
*code offset* is 2 mod 4 (py/asmthumb.c, asm_thumb_mov_reg_i32): right only
if the code starts 4-aligned.  A .mpy loaded from the file system is copied
to the (16-byte aligned) heap; frozen code stays where the linker put it,
and mpy-tool.py gives it only aligned(2) on ARMv6-M, so a function at
2 mod 4 reads half its constant (the box's frozen 0x3FFFFFFF read -8191).
The patch moves ARMv6-M to the architectures that get aligned(4); the
check reads the ELF's symbols, so it holds whatever the source tree (a
checkout the patch does not apply to, a future MicroPython) and whatever
the link layout.
"""
import contextlib
import hashlib
import os
import shutil
import subprocess

FILE = os.path.join("tools", "mpy-tool.py")
# v1.28.0, tools/mpy-tool.py lines 1253-1264: the architectures whose
# frozen native code gets aligned(4); the patch adds ARMv6-M to them (it
# left the aligned(2) branch below, meant for Thumb-2's movw/movt)
OLD = """\
        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_XTENSA,
"""
NEW = """\
        if config.native_arch in (
            MP_NATIVE_ARCH_ARMV6,
            MP_NATIVE_ARCH_ARMV6M,  # bataille box: its literal words need it
            MP_NATIVE_ARCH_XTENSA,
"""
ORIG = FILE + ".orig"
# into the build's cache keys: a UF2 frozen by the unpatched tool is not reused
PATCH_ID = hashlib.sha256((OLD + NEW).encode()).hexdigest()[:12]


def patch(mp_dir):
    """Patch mp_dir's tools/mpy-tool.py (once; its original kept beside it
    as mpy-tool.py.orig): "patched", "already", or "not found" when the
    file has neither text (another MicroPython: the check still runs)."""
    path = os.path.join(mp_dir, FILE)
    if os.path.exists(path + ".patched"):
        return "already"        # unpatched() is building with the original: leave it
    with open(path) as f:
        text = f.read()
    if NEW in text:
        return "already"
    if OLD not in text:
        return "not found"
    orig = os.path.join(mp_dir, ORIG)
    if not os.path.exists(orig):
        shutil.copy(path, orig)
    with open(path + ".tmp", "w") as f:
        f.write(text.replace(OLD, NEW, 1))
    os.replace(path + ".tmp", path)
    return "patched"


@contextlib.contextmanager
def unpatched(mp_dir):
    """mpy-tool.py as shipped while the block runs (the build that shows
    the bug), the patched one back after, whatever happens."""
    path = os.path.join(mp_dir, FILE)
    orig = os.path.join(mp_dir, ORIG)
    if patch(mp_dir) == "not found" or not os.path.exists(orig):
        raise SystemExit("%s: no unpatched mpy-tool.py to build with (not v1.28.0's?)" % mp_dir)
    keep = path + ".patched"
    shutil.copy(path, keep)
    shutil.copy(orig, path)
    try:
        yield
    finally:
        os.replace(keep, path)


def native_symbols(nm_text):
    """[(address, name)] of the native fun_data_* in an `nm` listing: those
    in a code section (t/T); bytecode's fun_data are data (r/d)."""
    out = []
    for ln in nm_text.splitlines():
        w = ln.split()
        if len(w) == 3 and w[1] in "tT" and w[2].startswith("fun_data_"):
            out.append((int(w[0], 16), w[2]))
    return out


def misaligned(nm_text):
    return [(a, n) for a, n in native_symbols(nm_text) if a % 4]


def nm_tool():
    return shutil.which("arm-none-eabi-nm") or "arm-none-eabi-nm"


def listing(elf, nm=None):
    r = subprocess.run([nm or nm_tool(), "-n", elf], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("cannot read the symbols of %s: %s" % (elf, r.stderr.strip()))
    return r.stdout


def check(elf, nm=None, nm_text=None):
    """The native fun_data_* lines of the ELF's symbols; SystemExit naming
    each one not 4-aligned (frozen native code there reads its constants
    wrong on ARMv6-M)."""
    text = nm_text if nm_text is not None else listing(elf, nm)
    bad = misaligned(text)
    if bad:
        raise SystemExit("frozen native code not 4-byte aligned in %s (its 32-bit constants would read "
                         "wrong on the RP2040; docs/upstream/armv6m-frozen-native-alignment.md):\n%s"
                         % (elf, "\n".join("  %s at 0x%08x" % (n, a) for a, n in bad)))
    return "".join("%08x t %s\n" % (a, n) for a, n in native_symbols(text))
