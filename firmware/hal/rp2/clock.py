# The board's clock: time.ticks_us wraps every 2**30 us on the RP2040.
import time


class BoardClock:
    def ticks_us(self):
        return time.ticks_us()

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def ticks_add(self, a, d):
        return time.ticks_add(a, d)

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def sleep_us(self, us):
        time.sleep_us(us)
