# Frozen native code on the emulated RP2040 reads its constants right
# (docs/upstream/armv6m-frozen-native-alignment.md, tools/native_align.py):
# the constants probe (tools/align_probe.py: each kind of constant twice,
# the copies 2 bytes apart) frozen into a firmware of the port and the
# probe only, built twice in the board's build directory (a few seconds
# each once the port is built, cached in build/mp):
#   - as `make uf2` builds: every native function 4-aligned, every value right;
#   - by mpy-tool.py as shipped (`tools/uf2.py probe --unaligned`): one copy
#     of each kind at 2 mod 4, and there the small-int literals read wrong
#     (0x3FFFFFFF reads -8191, the box's tick-wrap bug), the rest right: the
#     test that would have caught it, and the proof that the fix is what
#     makes it right;
# and the probe frozen into the box's own UF2 reads right on the booted box.
import os
import subprocess
import sys

import pytest

from tools.pico import faults
from tools.pico.pico import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import native_align  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
import pico_box  # noqa: E402

# the kinds whose constant the ARMv6-M emitter loads from a literal word
# (py/asmthumb.c asm_thumb_mov_reg_i32): small ints above 16 bits that no
# mov+shift makes, and a @native function's int object (2n+1) likewise
LITERAL = {"k3fffffff", "k1fffffff", "k_native_obj"}
READ_AT_2_MOD_4 = {"k3fffffff": -8191, "k1fffffff": -8191}   # 0xFFFFE001: `b +2` and 0xFFFF


def build(tmp, what, *args):
    out = os.path.join(tmp, "fw.uf2")
    nm = os.path.join(tmp, "fw.nm")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), what, "--out", out,
                        "--symbols", nm] + list(args), capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 2 and os.environ.get("CI", "").lower() not in ("true", "1", "yes"):
        pytest.skip("no MicroPython sources: " + r.stderr.strip().splitlines()[0])
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    with open(nm) as f:
        return out, f.read()


def probe(p):
    """{function: (value, expected, code address)} read on the board."""
    out = faults.look(p, "import align_probe; align_probe.report()")
    got = {}
    for ln in out.splitlines():
        w = ln.split()
        if len(w) == 5 and w[0] == "PROBE":
            got[w[1]] = (int(w[2]), int(w[3]), int(w[4], 16))
    assert len(got) == 16, out[-1500:]
    return got


def boot_probe(emulator, tmp_path, *args):
    uf2, nm = build(str(tmp_path), "probe", *args)
    p = emulator(uf2=uf2, flash=str(tmp_path / "flash.bin"), fresh=True)
    p.run_for(1000000)
    got = probe(p)
    # the addresses read on the board are the ELF's native fun_data
    assert {a for v, e, a in got.values()} <= {a for a, n in native_align.native_symbols(nm)}
    return got, nm


def test_uf2_frozen_native_constants_read_right_at_both_alignments(emulator, tmp_path):
    got, nm = boot_probe(emulator, tmp_path)
    assert native_align.misaligned(nm) == []
    assert all(a % 4 == 0 for v, e, a in got.values()), got
    assert [(f, v, e) for f, (v, e, a) in sorted(got.items()) if v != e] == []


def test_uf2_frozen_native_constants_read_wrong_at_2_mod_4_without_the_fix(emulator, tmp_path):
    got, nm = boot_probe(emulator, tmp_path, "--unaligned")
    kinds = sorted({f[:-2] for f in got})
    for k in kinds:
        # the two copies straddle both alignments (else the probe's layout
        # changed: tools/align_probe.py's sizes)
        assert sorted(got[k + c][2] % 4 for c in ("_a", "_b")) == [0, 2], (k, got[k + "_a"], got[k + "_b"])
    wrong = {f[:-2] for f, (v, e, a) in got.items() if v != e}
    assert wrong == LITERAL, got
    for f, (v, e, a) in got.items():
        if v != e:
            assert a % 4 == 2, (f, v, e, hex(a))       # only at 2 mod 4
        if f[:-2] in READ_AT_2_MOD_4 and a % 4:
            assert v == READ_AT_2_MOD_4[f[:-2]], (f, v)
    # and the build's check would have refused this firmware, naming them
    bad = {a for a, n in native_align.misaligned(nm)}
    assert {a for v, e, a in got.values() if a % 4} <= bad
    with pytest.raises(SystemExit) as refused:
        native_align.check("firmware.elf", nm_text=nm)
    assert all("at 0x%08x" % a in str(refused.value) for a in bad)


def test_uf2_box_reads_its_frozen_constants_right(emulator, tmp_path):
    # the probe frozen into the box's own UF2 (pico_matrix), on the booted box
    out = os.path.join(str(tmp_path), "box.uf2")
    nm = os.path.join(str(tmp_path), "box.nm")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--board",
                        "pico_matrix", "--out", out, "--symbols", nm], capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 2 and os.environ.get("CI", "").lower() not in ("true", "1", "yes"):
        pytest.skip("no MicroPython sources: " + r.stderr.strip().splitlines()[0])
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    with open(nm) as f:
        listing = f.read()
    names = [n for a, n in native_align.native_symbols(listing)]
    assert any("capture_viper" in n for n in names) and any("ws2812_viper" in n for n in names), names
    assert native_align.misaligned(listing) == []
    box = pico_box.Box(uf2=out, flash=str(tmp_path / "flash.bin"), board="pico_matrix", fresh=True)
    box.start()
    try:
        got = probe(box.pico)
    finally:
        box.close()
    assert [(f, v, e) for f, (v, e, a) in sorted(got.items()) if v != e] == []
