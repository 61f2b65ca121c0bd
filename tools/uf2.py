"""Build MicroPython v1.28.0 from its sources: the box's one-file firmware
(a UF2 with the box frozen in) and a 32-bit unix port for the heap tests.

  python tools/uf2.py firmware --board pico_matrix   -> build/bataille-box-pico_matrix-<version>.uf2
  python tools/uf2.py unix                           -> build/mp/<key>/micropython32 (prints its path)
  python tools/uf2.py where                          -> the source this would use, or how to get it

Why: frozen code runs from flash (no RAM to import it), and a parent drags
one file onto the RPI-RP2 drive instead of copying files with mpremote.  The
32-bit unix port has the RP2040's word size and 16-byte collector blocks, so
heap figures measured on it mean what they would on the Pico.

The firmware: the board's MicroPython build (RPI_PICO; WAVESHARE_RP2040_ZERO
for the Zero; a Pico W box uses no radio, so RPI_PICO) with a manifest that
includes the port's own (its _boot.py mounts the file system, rp2.py is the
PIO assembler), the project's manifest.py and `box_board.py`, the board file
as a string (main.py reads it when no board.json is on the file system).

The sources (--src or MPY_SRC): the tarball
micropython-v1.28.0-rp2-unix-src.tar.xz (MicroPython with the rp2 and unix
ports' submodules and picotool-2.2.0/ beside it), by default in
../shared/pico beside the clone; or a MicroPython checkout directory with
picotool's sources at PICOTOOL_SRC (default: picotool-2.2.0 or picotool
beside the checkout).

Build once, reuse: everything goes under build/mp/<key>/, key = the
tarball's sha256 (or the checkout's path); a UF2 is kept under the hash of
what is frozen into it (firmware files, manifest.py, the board file) and
copied out again when nothing changed.  The rp2 build directory is kept, so
a changed firmware file only rebuilds the frozen part.

Frozen native code 4-byte aligned (tools/native_align.py): the sources'
tools/mpy-tool.py is patched as they are prepared (v1.28.0 gives ARMv6-M's
frozen native code only aligned(2), and its literal words then read wrong),
the patch is in every UF2's cache key, and every firmware built is checked:
a native fun_data_* of the ELF not 4-aligned fails the build, named.  Every
UF2 also freezes tools/align_probe.py (module align_probe, 2.9 KB of flash): its
constants read on the emulated RP2040 (host_tests/pico/test_uf2_align_pico.py).

  python tools/uf2.py probe [--unaligned]  -> a UF2 of the port and the probe
                                              only (--unaligned: mpy-tool.py as
                                              shipped, to show the bug)

The developers' firmware (`make uf2 ROMFS=1`, --romfs): the board's
MicroPython with a ROMFS partition of ROMFS_KB at the top of the code space
(nothing taken from the file system) and no box frozen in: `make flash`
then deploys the .mpy tree there (tools/romfs.py), where its bytecode runs
in place, instead of copying it to the file system, where it loads into RAM.
"""
import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import native_align  # noqa: E402
import firmware_files  # noqa: E402
from digest import sha256  # noqa: E402
try:
    from tools import inputs as _inputs
except ImportError:             # run as a script: tools/ is on the path
    import inputs as _inputs  # type: ignore[no-redef]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")
TARBALL = "micropython-v1.28.0-rp2-unix-src.tar.xz"
MP_DIR = "micropython-v1.28.0"
PICOTOOL_DIR = "picotool-2.2.0"
# the box's board file "module" -> the MicroPython board it runs
MP_BOARD = {"pico": "RPI_PICO", "pico_w": "RPI_PICO", "rp2040_zero": "WAVESHARE_RP2040_ZERO"}
APT_FIRMWARE = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib",
                "cmake", "build-essential", "python3")
APT_UNIX = ("build-essential", "gcc-multilib", "pkg-config")
HOW_TO_GET = """\
Get the sources one of two ways:
  - the tarball {tar} (MicroPython v1.28.0 with the rp2/unix submodules and
    picotool-2.2.0/): put it in {shared}/ or pass MPY_SRC=/path/to/it;
  - from the internet:
      git clone --branch v1.28.0 https://github.com/micropython/micropython
      make -C micropython/ports/rp2 submodules && make -C micropython/ports/unix submodules
      git clone --branch 2.2.0 https://github.com/raspberrypi/picotool
    then MPY_SRC=/path/to/micropython (picotool beside it, or PICOTOOL_SRC=...)."""


def shared_dirs():
    """Where the sources tarball is looked for (tools/inputs.py: the one
    finder, shared with the emulator's inputs); the first is where to put it."""
    return [_inputs.SHARED] + [d for d in _inputs.dirs() if d != _inputs.SHARED]


def say(msg):
    print(msg, file=sys.stderr, flush=True)


class Missing(Exception):
    pass




def find_source(src=None):
    """(kind, path): 'tar' and the tarball, or 'dir' and a checkout."""
    src = src or os.environ.get("MPY_SRC")
    if src:
        if os.path.isdir(src):
            return "dir", os.path.abspath(src)
        if os.path.isfile(src):
            return "tar", os.path.abspath(src)
        raise Missing("MPY_SRC=%s: no such file or directory.\n%s"
                      % (src, HOW_TO_GET.format(tar=TARBALL, shared=shared_dirs()[0])))
    p = _inputs.find(TARBALL)
    if p:
        return "tar", p
    raise Missing("the MicroPython sources are missing: %s not found in %s.\n%s"
                  % (TARBALL, " or ".join(shared_dirs()), HOW_TO_GET.format(tar=TARBALL, shared=shared_dirs()[0])))


def clean_env(**extra):
    """The environment for a build step, without what `make uf2` itself was
    given: make passes its command-line variables (BOARD=pico_matrix) to
    every make below it through MAKEFLAGS, and the rp2 port would take
    them as its own (and a CMAKE_ARGS would replace the FROZEN_MANIFEST)."""
    env = dict(os.environ, **extra)
    # the sources unpacked under build/ sit inside this project's git
    # checkout: MicroPython's version header would ask *our* git for its
    # version ("f53b92a-dirty"); stop git at build/ so it reads mpconfig.h
    env["GIT_CEILING_DIRECTORIES"] = BUILD
    for k in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "CMAKE_ARGS", "BOARD", "BUILD"):
        env.pop(k, None)
    return env


def log_run(cmd, logfile, env=None, cwd=None):
    """Run a build step, its output in logfile; on failure its tail."""
    env = env or clean_env()
    with open(logfile, "a") as f:
        f.write("$ %s\n" % " ".join(cmd))
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if r.returncode:
        with open(logfile) as f:
            tail = f.read()[-3000:]
        raise SystemExit("build step failed: %s\n...%s\n(whole log: %s)" % (" ".join(cmd), tail, logfile))


def jobs():
    return str(max(1, os.cpu_count() or 1))


def need_apt(pkgs):
    r = subprocess.run(["sh", os.path.join(ROOT, "tools", "need_apt.sh")] + list(pkgs))
    if r.returncode:
        raise SystemExit(1)


class Sources:
    """The unpacked sources and everything built from them, under build/mp/<key>."""

    def __init__(self, src=None):
        kind, path = find_source(src)
        if kind == "tar":
            key = sha256(path)[:16]
        else:
            key = "dir-" + hashlib.sha256(path.encode()).hexdigest()[:12]
        self.key = key
        self.home = os.path.join(BUILD, "mp", key)
        os.makedirs(self.home, exist_ok=True)
        self.log = os.path.join(self.home, "build.log")
        if kind == "tar":
            self.mp = os.path.join(self.home, MP_DIR)
            self.picotool_src = os.path.join(self.home, PICOTOOL_DIR)
            self._unpack(path)
        else:
            self.mp = path
            pt = os.environ.get("PICOTOOL_SRC")
            cands = [pt] if pt else [os.path.join(os.path.dirname(path), n) for n in (PICOTOOL_DIR, "picotool")]
            self.picotool_src = next((c for c in cands if os.path.isdir(c)), cands[0])
        if not os.path.isfile(os.path.join(self.mp, "py", "mpconfig.h")):
            raise Missing("%s is no MicroPython source tree.\n%s"
                          % (self.mp, HOW_TO_GET.format(tar=TARBALL, shared=shared_dirs()[0])))
        # (a checkout too: frozen native code misaligned reads its constants wrong)
        done = native_align.patch(self.mp)
        if done == "patched":
            say("patched %s: frozen native code 4-byte aligned on ARMv6-M "
                "(docs/upstream/armv6m-frozen-native-alignment.md)" % os.path.join(self.mp, native_align.FILE))
        elif done == "not found":
            say("%s is not v1.28.0's: not patched (the build's alignment check still runs)"
                % os.path.join(self.mp, native_align.FILE))

    def _unpack(self, tar):
        stamp = os.path.join(self.home, ".unpacked")
        if os.path.exists(stamp):
            return
        say("unpacking %s" % tar)
        for d in (MP_DIR, PICOTOOL_DIR):
            shutil.rmtree(os.path.join(self.home, d), ignore_errors=True)
        with tarfile.open(tar) as t:
            try:
                t.extractall(self.home, filter="tar")
            except TypeError:      # Python before 3.11.4
                t.extractall(self.home)
        open(stamp, "w").close()

    def picotool(self):
        """pico-sdk 2.x writes the UF2 with picotool and would download it
        when not found: build it once (no USB: only its ELF/UF2 side)."""
        prefix = os.path.join(self.home, "picotool")
        exe = os.path.join(prefix, "bin", "picotool")
        if os.path.exists(exe):
            return prefix
        if not os.path.isdir(self.picotool_src):
            raise Missing("picotool's sources are missing: %s.\n%s"
                          % (self.picotool_src, HOW_TO_GET.format(tar=TARBALL, shared=shared_dirs()[0])))
        say("building picotool (about a minute)")
        b = os.path.join(self.home, "picotool-build")
        log_run(["cmake", "-S", self.picotool_src, "-B", b, "-DCMAKE_BUILD_TYPE=Release",
                 "-DPICO_SDK_PATH=" + os.path.join(self.mp, "lib", "pico-sdk"), "-DPICOTOOL_NO_LIBUSB=1",
                 "-DCMAKE_INSTALL_PREFIX=" + prefix], self.log)
        log_run(["make", "-C", b, "-j", jobs(), "install"], self.log)
        return prefix

    def unix32(self, frozen=False):
        """The 32-bit unix port (no ffi: no 32-bit libffi needed); frozen:
        with the box and the host HAL frozen in (the one-file firmware's
        memory, measured on the PC; rebuilt when a firmware file changes)."""
        if frozen:
            h = frozen_hash(os.path.join(ROOT, "boards", "pico_matrix.json"))
            exe = os.path.join(self.home, "micropython32-frozen-" + h)
        else:
            exe = os.path.join(self.home, "micropython32")
        if os.path.exists(exe):
            return exe
        need_apt(APT_UNIX)
        say("building the 32-bit MicroPython unix port (a few minutes)")
        # mpy-cross first, on its own: variables given to the unix make
        # reach the mpy-cross make it would start (its BUILD among them)
        log_run(["make", "-C", os.path.join(self.mp, "mpy-cross"), "-j", jobs()], self.log)
        unix = os.path.join(self.mp, "ports", "unix")
        build = "build-standard32"
        args = []
        if frozen:
            build = "build-frozen32"
            gen = os.path.join(self.home, "frozen-unix")
            os.makedirs(gen, exist_ok=True)
            manifest = os.path.join(gen, "manifest.py")
            with open(manifest, "w") as f:
                f.write(UNIX_MANIFEST.format(root=os.path.join(ROOT, "manifest.py"),
                                             fw=os.path.join(ROOT, "firmware"), host=host_files()))
            # the viper pad capture is machine code: for this port's x86
            args = ["FROZEN_MANIFEST=" + manifest, "MPY_CROSS_FLAGS=-march=x86"]
            fresh_frozen(os.path.join(unix, build, "frozen_mpy"))
        try:
            log_run(["make", "-C", unix, "-j", jobs(), "MICROPY_FORCE_32BIT=1", "MICROPY_PY_FFI=0",
                     "BUILD=" + build] + args, self.log)
        finally:
            if frozen:
                fresh_frozen(os.path.join(unix, build, "frozen_mpy"))
        shutil.copy(os.path.join(unix, build, "micropython"), exe + ".tmp")
        os.replace(exe + ".tmp", exe)
        return exe


UNIX_MANIFEST = '''\
# Generated by tools/uf2.py: the unix port's own manifest, the box, and what
# the box needs on the PC (the host HAL, the headless runner), all frozen.
include("$(PORT_DIR)/variants/standard/manifest.py")
include({root!r})
for f in {host!r}:
    module(f, base_path={fw!r})
'''


def host_files():
    """The PC-only firmware files (tools/firmware_files.py: the host HAL,
    the bots and the headless runner, the pure-Python framebuf), relative
    to firmware/."""
    return firmware_files.host_sources()


TOOLS = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(TOOLS, "align_probe.py")
OWN = [os.path.abspath(__file__), os.path.join(TOOLS, "native_align.py"), PROBE]


def frozen_files(board_json):
    """What a UF2 freezes: the firmware files the manifest lists (all of
    firmware/ but the host port), manifest.py, the board file, the probe,
    this tool and its alignment patch."""
    fw = os.path.join(ROOT, "firmware")
    # (firmware_files.py: the rule manifest.py freezes by)
    out = [os.path.join(ROOT, "manifest.py"), os.path.join(TOOLS, "firmware_files.py"), board_json] + OWN
    for d, dirs, files in os.walk(fw):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        out += [os.path.join(d, f) for f in sorted(files) if f.endswith((".py", ".vox"))]
    return out


def voices():
    """[(lang, path)] of the spoken words (firmware/voice/<lang>.vox)."""
    d = os.path.join(ROOT, "firmware", "voice")
    names = sorted(f for f in os.listdir(d) if f.endswith(".vox")) if os.path.isdir(d) else []
    return [(f[:-4], os.path.join(d, f)) for f in names]


def frozen_hash(board_json=None, unaligned=False):
    """The cache key of a UF2: what it freezes, the alignment patch (a UF2
    frozen by the unpatched mpy-tool.py is not reused), the variant; no
    board file: the probe's firmware."""
    h = hashlib.sha256()
    # 2: the UF2s cached before configured_here() may hold another clone's
    # box (a build/ copied from elsewhere): not reused
    h.update(b"2\0")
    h.update(("%s %s\0" % (native_align.PATCH_ID, "unaligned" if unaligned else "aligned")).encode())
    for p in (frozen_files(board_json) if board_json else OWN):
        h.update(os.path.relpath(p, ROOT).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def version():
    with open(os.path.join(ROOT, "manifest.py")) as f:
        for ln in f:
            if ln.startswith("VERSION = "):
                return ln.split('"')[1]
    return "0"


def board_module(text):
    """The board file's MicroPython board: its "module" field."""
    import json
    try:
        m = json.loads(text).get("module", "")
    except ValueError as e:
        raise SystemExit("the board file is not valid JSON: %s" % e)
    if m not in MP_BOARD:
        raise SystemExit("board module %r has no firmware build (known: %s)" % (m, ", ".join(sorted(MP_BOARD))))
    return MP_BOARD[m]


FROZEN_BOARD = '''\
# The board file frozen into this firmware by tools/uf2.py (from
# boards/{name}.json): main.py reads it when no board.json is on the file
# system (a board.json copied there wins: a maker who rewired).
NAME = {name!r}
JSON = {text!r}
'''

FROZEN_VOICE = '''\
# The spoken words frozen into this firmware by tools/uf2.py (from
# firmware/voice/{lang}.vox): drivers.voice.open_voice reads them in place
# from flash when no voice/{lang}.vox is on the file system.
DATA = {data!r}
'''

MANIFEST = '''\
# Generated by tools/uf2.py: the port's own manifest (_boot.py mounts the file
# system; rp2.py, the PIO assembler), the box, and its board file and voices as data.
include("$(PORT_DIR)/boards/manifest.py")
include({root!r})
module("box_board.py", base_path={gen!r})
module("align_probe.py", base_path={tools!r})
'''

PROBE_MANIFEST = '''\
# Generated by tools/uf2.py: the port's own manifest and the constants probe
# only (tools/align_probe.py), for host_tests/pico/test_uf2_align_pico.py.
include("$(PORT_DIR)/boards/manifest.py")
module("align_probe.py", base_path={tools!r})
'''


ROMFS_KB = 256     # the code space is 640 KB on both boards; MicroPython takes ~330

ROMFS_MANIFEST = '''\
# Generated by tools/uf2.py: the port's own manifest and the constants probe;
# the box goes into the ROMFS partition (tools/romfs.py), not in here.
include("$(PORT_DIR)/boards/manifest.py")
module("align_probe.py", base_path={tools!r})
'''


def romfs_board(s, mp_board):
    """The port's board directory copied with a ROMFS partition declared
    (rp2_flash.c puts it just below the file system)."""
    src = os.path.join(s.mp, "ports", "rp2", "boards", mp_board)
    dst = os.path.join(s.home, "boards-romfs", mp_board)
    os.makedirs(dst, exist_ok=True)
    for f in os.listdir(src):
        with open(os.path.join(src, f), "rb") as fh:
            want = fh.read()
        if f == "mpconfigboard.h":
            want += (b"\n// tools/uf2.py --romfs: the box's code runs in place from here\n"
                     b"#define MICROPY_HW_ROMFS_BYTES (%d * 1024)\n" % ROMFS_KB)
        try:
            with open(os.path.join(dst, f), "rb") as fh:
                same = fh.read() == want
        except OSError:
            same = False
        if not same:          # (written only when changed: make would rebuild the port)
            with open(os.path.join(dst, f), "wb") as fh:
                fh.write(want)
    return dst


def one_at_a_time(fn, *args, **kw):
    """fn(*args) holding build/mp's lock: one build from the sources at a
    time (a bench's jobs, the test suite's two workers, a test beside `make
    uf2`): they share the unpacked tree, the port's build directory and its
    frozen content, and the unaligned variant swaps mpy-tool.py while it
    builds."""
    import fcntl
    os.makedirs(os.path.join(BUILD, "mp"), exist_ok=True)
    with open(os.path.join(BUILD, "mp", "firmware.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return fn(*args, **kw)


def firmware(*args, **kw):
    return one_at_a_time(_firmware, *args, **kw)


def unix32(src=None, frozen=False):
    return one_at_a_time(lambda: Sources(src).unix32(frozen))


def _firmware(board, src=None, out=None, unaligned=False, symbols=None, romfs=False):
    """The UF2 for boards/<board>.json (or a path to a board file; None:
    the probe's firmware, the port and tools/align_probe.py only): its
    path.  unaligned: frozen by mpy-tool.py as shipped (the test that shows
    the bug; the alignment check then only lists).  symbols: a file to
    write the native fun_data_* addresses to (from the ELF, `nm`).
    romfs: the developers' firmware (a ROMFS partition, no box frozen in)."""
    t0 = time.time()
    if board is None:
        name, text, mp_board, bj = "align-probe", None, "RPI_PICO", None
    else:
        bj = board if board.endswith(".json") else os.path.join(ROOT, "boards", board + ".json")
        if not os.path.isfile(bj):
            names = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".json"))
            raise SystemExit("no board file %s (boards: %s)" % (bj, ", ".join(names)))
        name = os.path.basename(bj)[:-5]
        with open(bj) as f:
            text = f.read()
        mp_board = board_module(text)
    if romfs:
        name, text, bj = "romfs-" + mp_board, None, None
    variant = "-unaligned" if unaligned else ""
    out = out or os.path.join(BUILD, "bataille-%s%s-%s%s.uf2" % ("" if romfs else "box-", name, version(), variant))
    s = Sources(src)
    key = frozen_hash(bj, unaligned) + ("-%dk" % ROMFS_KB if romfs else "")
    cached = os.path.join(s.home, "uf2", "%s-%s%s.uf2" % (name, key, variant))
    if os.path.exists(cached) and os.path.exists(cached + ".nm"):
        shutil.copy(cached, out)
        if symbols:
            shutil.copy(cached + ".nm", symbols)
        print("%s (cached: nothing frozen changed)" % os.path.relpath(out, ROOT))
        return out
    need_apt(APT_FIRMWARE)
    prefix = s.picotool()
    gen = os.path.join(s.home, "frozen-" + mp_board)
    os.makedirs(gen, exist_ok=True)
    manifest = os.path.join(gen, "manifest.py")
    if romfs:
        gen = os.path.join(s.home, "frozen-romfs-" + mp_board)
        os.makedirs(gen, exist_ok=True)
        manifest = os.path.join(gen, "manifest.py")
        with open(manifest, "w") as f:
            f.write(ROMFS_MANIFEST.format(tools=TOOLS))
    elif text is None:
        with open(manifest, "w") as f:
            f.write(PROBE_MANIFEST.format(tools=TOOLS))
    else:
        with open(os.path.join(gen, "box_board.py"), "w") as f:
            f.write(FROZEN_BOARD.format(name=name, text=" ".join(text.split())))
        with open(manifest, "w") as f:
            f.write(MANIFEST.format(root=os.path.join(ROOT, "manifest.py"), gen=gen, tools=TOOLS))
            for lang, path in (voices() if '"speaker"' in text else ()):   # a board that talks
                with open(path, "rb") as v, open(os.path.join(gen, "voice_%s.py" % lang), "w") as m:
                    m.write(FROZEN_VOICE.format(lang=lang, data=v.read()))
                f.write("module(%r, base_path=%r)\n" % ("voice_%s.py" % lang, gen))
    bdir = os.path.join(s.home, "rp2-" + mp_board + ("-romfs" if romfs else ""))
    board_dir = romfs_board(s, mp_board) if romfs else os.path.join(s.mp, "ports", "rp2", "boards", mp_board)
    print("building MicroPython %s with %s (about 2 minutes the first time)"
          % (mp_board, "a %d KB ROMFS partition" % ROMFS_KB if romfs else
             "the constants probe frozen in" if text is None else "the box frozen in"))
    # cmake directly (what ports/rp2/Makefile does, without its variables
    # reaching the mpy-cross make below); picotool_ROOT must be in the
    # environment (cmake's find_package), or pico-sdk tries to download it
    env = clean_env(picotool_ROOT=prefix)
    if not configured_here(bdir):
        # a build directory configured elsewhere (build/ copied from another
        # clone): its Makefiles write to that other place, and the UF2 found
        # here would be the one of whatever was frozen there, silently
        shutil.rmtree(bdir, ignore_errors=True)
    if not os.path.exists(os.path.join(bdir, "Makefile")):
        port = os.path.join(s.mp, "ports", "rp2")
        log_run(["cmake", "-S", port, "-B", bdir, "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=" + mp_board,
                 "-DMICROPY_BOARD_DIR=" + board_dir,
                 "-DMICROPY_FROZEN_MANIFEST=" + manifest], s.log, env=env)
    # the frozen content made again every time: makemanifest.py remakes it
    # only when a frozen file is newer than it, blind to mpy-tool.py (the
    # alignment patch, the unaligned variant) and to a module dropped
    content = os.path.join(bdir, "frozen_content.c")
    if os.path.exists(content):
        os.remove(content)
    fresh_frozen(os.path.join(bdir, "frozen_mpy"))
    try:
        with (native_align.unpatched(s.mp) if unaligned else contextlib.nullcontext()):
            log_run(["make", "-C", bdir, "-j", jobs()], s.log, env=env)
    finally:
        fresh_frozen(os.path.join(bdir, "frozen_mpy"))
    uf2 = os.path.join(bdir, "firmware.uf2")
    elf = os.path.join(bdir, "firmware.elf")
    if unaligned:
        nm = "".join("%08x t %s\n" % an for an in native_align.native_symbols(native_align.listing(elf)))
    else:
        nm = native_align.check(elf)
    with open(uf2, "rb") as f:
        image = f.read()
    if text is not None:
        check_frozen(content)
        if not frozen_board_in(image, " ".join(text.split())):
            raise SystemExit("the firmware built (%s) does not hold boards/%s.json: its frozen code is not "
                             "this clone's (remove %s and build again)" % (uf2, name, bdir))
    check_fits(os.path.join(bdir, "firmware.bin"), os.path.join(s.mp, "ports", "rp2", "boards", mp_board),
               romfs=ROMFS_KB * 1024 if romfs else 0)
    os.makedirs(os.path.dirname(cached), exist_ok=True)
    shutil.copy(uf2, cached)
    with open(cached + ".nm", "w") as f:
        f.write(nm)
    shutil.copy(uf2, out)
    if symbols:
        shutil.copy(cached + ".nm", symbols)
    print("%s (%d KB, %.0f s)" % (os.path.relpath(out, ROOT), os.path.getsize(out) // 1024, time.time() - t0))
    return out


def frozen_board_in(uf2_bytes, board_text):
    """Whether a UF2 holds the board file's text (frozen as data): its
    blocks' payloads put back together in flash order."""
    import struct
    parts = []
    for i in range(0, len(uf2_bytes) - 511, 512):
        addr, size = struct.unpack_from("<II", uf2_bytes, i + 12)
        parts.append((addr, uf2_bytes[i + 32:i + 32 + min(size, 476)]))
    parts.sort()
    return board_text.encode() in b"".join(p for a, p in parts)


def check_fits(binary, board_dir, flash=2048 * 1024, romfs=0):
    """The firmware ends before the board's file system begins (the frozen
    voices take ~112 KB of it): a bigger one would overlap the settings;
    romfs: before the ROMFS partition below it."""
    import re
    try:
        with open(os.path.join(board_dir, "mpconfigboard.h")) as f:
            m = re.search(r"MICROPY_HW_FLASH_STORAGE_BYTES\s+\((\d+) \* 1024\)", f.read())
    except OSError:
        return
    room = flash - int(m.group(1)) * 1024 - romfs if m else 0
    if m and os.path.getsize(binary) > room:
        raise SystemExit("the firmware (%d KB) does not fit before the %s (%d KB free for it)"
                         % (os.path.getsize(binary) // 1024, "ROMFS partition" if romfs else "file system",
                            room // 1024))


def fresh_frozen(frozen_mpy):
    """Forget a port's compiled frozen files (its build directory's
    frozen_mpy), before a build and after it: makemanifest.py reuses a
    compiled file that is newer than its source, whatever checkout the
    source was in, so with build/mp shared by two clones or worktrees a
    UF2 froze the other checkout's module, silently (a Canvas without this
    one's methods, seen on the emulator).  Compiling them all again is a
    few seconds of a build that takes minutes."""
    shutil.rmtree(frozen_mpy, ignore_errors=True)


def configured_here(bdir):
    """The port's build directory was configured where it is: one copied
    from another checkout (build/mp is a cache) names that checkout's
    manifest in its CMakeCache and would freeze that checkout's files."""
    try:
        with open(os.path.join(bdir, "CMakeCache.txt")) as f:
            for ln in f:
                if ln.startswith("CMAKE_CACHEFILE_DIR:"):
                    return os.path.realpath(ln.split("=", 1)[1].strip()) == os.path.realpath(bdir)
    except OSError:
        pass
    return False


def check_frozen(content):
    """The firmware really holds the box and the port's boot code (a manifest
    that replaces the port's builds without them, silently)."""
    if not os.path.exists(content):
        return
    with open(content, errors="replace") as f:
        c = f.read()
    for name in ("_boot.py", "rp2.py", "main.py", "box_board.py", "app/box.py"):
        if '"%s"' % name not in c:
            raise SystemExit("the firmware built lacks frozen %s (%s)" % (name, content))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("firmware", "probe", "unix", "where"))
    ap.add_argument("--board", default="pico_matrix", help="a name under boards/ or a board file")
    ap.add_argument("--src", help="the sources: the tarball or a MicroPython checkout (default: MPY_SRC, "
                                  "then ../shared/pico/%s)" % TARBALL)
    ap.add_argument("--out", help="where the UF2 goes")
    ap.add_argument("--frozen", action="store_true", help="unix: with the box frozen in")
    ap.add_argument("--unaligned", action="store_true",
                    help="firmware/probe: frozen by mpy-tool.py as shipped (shows the ARMv6-M alignment bug)")
    ap.add_argument("--symbols", help="firmware/probe: write the native fun_data_* addresses there")
    ap.add_argument("--romfs", action="store_true",
                    help="firmware: the developers' firmware, a ROMFS partition and no box frozen in")
    a = ap.parse_args(argv)
    try:
        if a.what in ("firmware", "probe"):
            firmware(a.board if a.what == "firmware" else None, a.src, a.out, a.unaligned, a.symbols,
                     a.romfs and a.what == "firmware")
        elif a.what == "unix":
            print(unix32(a.src, a.frozen))
        else:
            print("%s %s" % find_source(a.src))
    except Missing as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
