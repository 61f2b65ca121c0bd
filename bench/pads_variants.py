# MicroPython only: the pad handler compiled by the native emitter, for
# bench_pads (the same body as PadCapture.irq; bench_pads checks that each
# variant gives the same events as the plain handler before it times it).
# The viper variant is the firmware's own, pads/capture_viper.py.
import micropython
from pads.capture import PadCapture


class NativeCapture(PadCapture):
    @micropython.native
    def irq(self, pin):
        t = self._ticks()
        lv = self._read()
        pins = self._pins
        if pins is not None:
            i = 0
            while i < self.n_pads:
                if pins[i] is pin:
                    lv |= 1 << i
                    break
                i += 1
        lv &= self.all_mask & ~self.stuck_mask
        if not lv:
            return
        last = self._last
        rel_t = self._rel_t
        down = self._down_gen
        up = self._up_gen
        deb = self.debounce_us
        quiet = self.release_us
        k = 0
        bit = 1
        while bit <= lv:
            if lv & bit:
                if down[k] == up[k]:
                    # Newly down since it was last seen released.
                    down[k] = (down[k] + 1) & 255
                    ok = True
                    # Time since the pad's last accepted press and since it
                    # was seen released, as forward distances modulo 2**30
                    # (S4).  Every intermediate value stays a small int on
                    # the board (|x| < 2**30): 2**30 itself is not one, so
                    # it is added in two steps.
                    if self._accepted & bit:
                        d = t - last[k]
                        if d < 0:
                            d += 0x3FFFFFFF
                            d += 1
                        if d < deb:
                            ok = False
                    if ok and self._rel_known & bit:
                        d = t - rel_t[k]
                        if d < 0:
                            d += 0x3FFFFFFF
                            d += 1
                        if d < quiet:
                            ok = False
                    if ok:
                        last[k] = t
                        self._accepted |= bit
                        w = self._w
                        n = w - self._r
                        if n < 0:
                            n += self._wrap
                        if n >= self.ring_size:
                            self.overflow += 1
                        else:
                            i = w
                            if i >= self.ring_size:
                                i -= self.ring_size
                            self._ring_pad[i] = k
                            self._ring_t[i] = t
                            w += 1
                            if w == self._wrap:
                                w = 0
                            self._w = w
                    else:
                        self.bounced += 1
                # else: still held (not seen released): chatter, or a pad
                # that stays down while another one is pressed.
            bit <<= 1
            k += 1


from pads.capture_viper import ViperCapture  # noqa: E402,F401  (the firmware's own)
