# The pad handler compiled by MicroPython's viper emitter: about twice as
# fast as the bytecode one (bench/bench_pads.py), so the board uses it
# (hal/rp2/pads.py) when the port has the emitter.  The same logic as
# PadCapture.irq, written with machine ints and raw pointers into the same
# preallocated arrays; host_tests/test_pads_variants.py checks, under the
# MicroPython unix port, that it gives exactly the plain handler's events
# and that it allocates nothing.  MicroPython only (CPython has no viper).
#
# Viper emits machine code, so mpy-cross must be told the target: a bare
# `mpy-cross capture_viper.py` answers "invalid arch".  `make test` and
# `make mpy` compile every firmware file with -march=armv6m (the RP2040's
# Cortex-M0+, tools/mpy.py), which is what the board runs.
import micropython
from pads.capture import PadCapture


class ViperCapture(PadCapture):
    @micropython.viper
    def irq(self, pin):
        t = int(self._ticks())
        lv = int(self._read())
        pins = self._pins
        n = int(self.n_pads)
        if pins:
            i = 0
            while i < n:
                if pins[i] is pin:
                    lv |= 1 << i
                    break
                i += 1
        self.feed(t, lv)

    @micropython.viper
    def feed(self, t_obj, lv_obj):
        # PadCapture.feed's rules, in viper (the PIO path calls it too)
        t = int(t_obj)
        lv = int(lv_obj)
        lv &= int(self.all_mask) & (~int(self.stuck_mask))
        if not lv:
            return
        last = ptr32(self._last)
        rel_t = ptr32(self._rel_t)
        down = ptr8(self._down_gen)
        up = ptr8(self._up_gen)
        deb = int(self.debounce_us)
        quiet = int(self.release_us)
        accepted = int(self._accepted)
        relk = int(self._rel_known)
        ring_size = int(self.ring_size)
        wrap = int(self._wrap)
        ring_pad = ptr8(self._ring_pad)
        ring_t = ptr32(self._ring_t)
        # 2**30, the ticks' period, made at run time, and kept so although
        # `make uf2` now aligns frozen native code (tools/native_align.py):
        # MicroPython 1.28's stock freezer puts it at 2 mod 4 as the link
        # falls, where a literal word reads half its constant (0x3FFFFFFF
        # read -8191: every press after the first tick wrap, 17.9 minutes
        # after power-on, was refused as bounce; docs/upstream/
        # armv6m-frozen-native-alignment.md).  Made here it reads right in a
        # UF2 anyone freezes, with register instructions only (no literal
        # word to load).
        # host_tests/pico/test_uf2_pico.py checks the frozen handler across
        # the wrap, test_uf2_align_pico.py the constants themselves.
        period = 1
        period <<= 30
        k = 0
        bit = 1
        while bit <= lv:
            if lv & bit:
                if down[k] == up[k]:
                    down[k] = (down[k] + 1) & 255
                    self.edges = (int(self.edges) + 1) & 0xFFFF
                    ok = 1
                    if accepted & bit:
                        d = t - last[k]
                        if d < 0:
                            d += period
                        if d < deb:
                            ok = 0
                    if ok and (relk & bit):
                        d = t - rel_t[k]
                        if d < 0:
                            d += period
                        if d < quiet:
                            ok = 0
                    if ok:
                        last[k] = t
                        accepted |= bit
                        self._accepted = accepted
                        w = int(self._w)
                        m = w - int(self._r)
                        if m < 0:
                            m += wrap
                        if m >= ring_size:
                            self.overflow = int(self.overflow) + 1
                        else:
                            j = w
                            if j >= ring_size:
                                j -= ring_size
                            ring_pad[j] = k
                            ring_t[j] = t
                            w += 1
                            if w == wrap:
                                w = 0
                            self._w = w
                    else:
                        self.bounced = int(self.bounced) + 1
            bit <<= 1
            k += 1
