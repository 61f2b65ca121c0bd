# The constants probe, frozen by tools/uf2.py into every UF2 (module
# `align_probe`, 2.9 KB of flash) and into the probe firmwares of
# host_tests/pico/test_uf2_align_pico.py: small native functions that each
# return one kind of constant, every one twice, the second copy 2 bytes off
# (each viper probe is 2 mod 4 bytes long, mpy-cross 1.28 -march=armv6m;
# the two native ones 56 with a 74-byte pad between), so that without
# 4-byte alignment of frozen native code one copy of each lands at 0 mod 4
# and the other at 2 mod 4 whatever comes before (the test reads where).
#
#   import align_probe; align_probe.report()  ->  one line per function:
#   "PROBE <name> <value> <expected> <code address>";
#   align_probe.wrong() -> the names of those that read wrong
#
# Why: MicroPython's ARMv6-M emitter loads a 32-bit constant from a literal
# word it places 4-aligned by the *code offset* (py/asmthumb.c,
# asm_thumb_mov_reg_i32); frozen, the code starts where the linker put it,
# only 2-aligned in v1.28.0 (tools/mpy-tool.py), and at 2 mod 4 the load
# reads half the constant (0x3FFFFFFF read -8191: the box's tick-wrap bug).
# docs/upstream/armv6m-frozen-native-alignment.md.  MicroPython only
# (viper); the copies are written out, not made by a loop, so each is its
# own function in flash.
import micropython

# name -> the value each probe must return
EXPECTED = {
    "k3fffffff": 0x3FFFFFFF,        # small-int literal, a literal word
    "k1fffffff": 0x1FFFFFFF,        # small-int literal, a literal word
    "k_pio0": 0x50200000,           # above the small ints: an int object
    "k_pwm": 0x40050000,            # above the small ints: an int object
    "k_sio": 0xD0000000,            # an int object; as a word: mov, lsl, neg
    "k_minus1": -1,                 # mov #1, neg
    "k_run_2_30": 1 << 30,          # made at run time: no constant at all
    "k_native_obj": 100000,         # @native: the object 200001 a literal word
}


@micropython.viper
def k3fffffff_a() -> int:
    return 0x3FFFFFFF


@micropython.viper
def k3fffffff_b() -> int:
    return 0x3FFFFFFF


@micropython.viper
def k1fffffff_a() -> int:
    return 0x1FFFFFFF


@micropython.viper
def k1fffffff_b() -> int:
    return 0x1FFFFFFF


@micropython.viper
def k_pio0_a() -> uint:
    return uint(0x50200000)


@micropython.viper
def k_pio0_b() -> uint:
    return uint(0x50200000)


@micropython.viper
def k_pwm_a() -> uint:
    return uint(0x40050000)


@micropython.viper
def k_pwm_b() -> uint:
    return uint(0x40050000)


@micropython.viper
def k_sio_a() -> uint:
    return uint(0xD0000000)


@micropython.viper
def k_sio_b() -> uint:
    return uint(0xD0000000)


@micropython.viper
def k_minus1_a() -> int:
    return -1


@micropython.viper
def k_minus1_b() -> int:
    return -1


@micropython.viper
def k_run_2_30_a() -> int:
    p = 1
    p <<= 30
    return p


@micropython.viper
def k_run_2_30_b() -> int:
    p = 1
    p <<= 30
    return p


@micropython.native
def k_native_obj_a():
    return 100000


@micropython.viper
def _pad() -> int:     # 74 bytes: the native copy after it 2 bytes off
    return 8


@micropython.native
def k_native_obj_b():
    return 100000


def code_address(f):
    """Where a native function's code (its fun_data) is: the `bytecode`
    field of its function object (py/objfun.h, mp_obj_fun_bc_t: base,
    context, child_table, bytecode)."""
    import machine
    return machine.mem32[id(f) + 12]


def results():
    """[(function name, value read, value expected, code address)]."""
    g = globals()
    out = []
    for name in sorted(EXPECTED):
        for copy in ("_a", "_b"):
            f = g[name + copy]
            out.append((name + copy, f(), EXPECTED[name], code_address(f)))
    return out


def wrong():
    """The names of the functions that returned a wrong value."""
    return [r[0] for r in results() if r[1] != r[2]]


def report():
    """One line per function: PROBE name value expected address."""
    for n, got, want, at in results():
        print("PROBE", n, got, want, "0x%08x" % at)
