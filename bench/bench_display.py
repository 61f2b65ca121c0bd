# Display, LED and storage figures (issue 5), on both interpreters:
#   - bytes each display receives per frame and the time that takes at its
#     bus speed (the wire, not the CPU: the same on both interpreters);
#   - CPU time of the driver's own work per frame (interpreter-dependent;
#     the RP2040 is roughly 10-30x slower than the unix port);
#   - heap allocated per frame (MicroPython);
#   - the worst time each driver keeps interrupts masked: zero by design,
#     checked here on the sources (no machine.disable_irq, bitstream or
#     neopixel anywhere in the drivers or the display HAL);
#   - the current of the brightest frames before and after the cap.
from benchlib import per_call_us, alloc_bytes
from hal import board
from hal.host.clock import VirtualClock
from hal.host.parts import open_display
from drivers.ssd1680 import FULL_US, PARTIAL_US
from drivers import ws2812

BOARDS = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../boards"
FIRMWARE = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../firmware"


def _load(name):
    return board.load(BOARDS + "/" + name + ".json")


def _us(x):
    return int(x + 0.5)


def bench_ws2812():
    b = _load("pico_matrix")
    d = open_display(b, VirtualClock())
    d.fb.fill(0xFFFF)
    n = d.width * d.height
    out = [("ws2812 16x16 bits on the wire per frame", n * 24, "bits"),
           ("ws2812 16x16 frame time at 800 kHz", _us(n * 24 * 1.25), "us"),
           ("ws2812 16x16 FIFO words per frame", n, "words"),
           ("ws2812 16x16 prepare (map+cap)", per_call_us(d.prepare, 5), "us"),
           ("ws2812 16x16 prepare alloc", alloc_bytes(d.prepare), "bytes")]
    d.show()
    out.append(("ws2812 full white current uncapped", d.uncapped_ua // 1000, "mA"))
    out.append(("ws2812 full white current capped", d.last_ua // 1000, "mA"))
    d.fb.fill(0xF800)
    d.show()
    out.append(("ws2812 full red current capped", d.last_ua // 1000, "mA"))
    return out


def bench_ssd1306():
    out = []
    b = _load("pico_oled")
    d = open_display(b, VirtualClock())
    d.wire.clear()
    d.show()
    raw = d.wire.bytes_on("i2c")
    msgs = len(d.wire.events)
    # I2C: 9 clocks a byte (8 + ACK), + the address byte and start/stop per message
    bits = (raw + msgs) * 9 + msgs * 2
    f = b.display.freq
    out.append(("ssd1306 i2c bytes per frame", raw + msgs, "bytes"))
    out.append(("ssd1306 i2c frame time at %d kHz" % (f // 1000), _us(bits * 1000000 / f), "us"))
    out.append(("ssd1306 i2c one page (paced poll) time", _us(bits * 1000000 / f / 8), "us"))
    out.append(("ssd1306 show (CPU, host bus)", per_call_us(d.show, 20), "us"))
    # the same panel on SPI at 10 MHz
    s = board.validate({"name": "spi oled", "module": "pico", "pads": [{"pin": 2}, {"pin": 3}],
                        "display": {"kind": "ssd1306", "width": 128, "height": 64, "bus": "spi", "spi": 0,
                                    "sck": 18, "mosi": 19, "cs": 17, "dc": 20, "rst": 21}})
    d = open_display(s, VirtualClock())
    d.wire.clear()
    d.show()
    raw = d.wire.bytes_on("spi")
    out.append(("ssd1306 spi bytes per frame", raw, "bytes"))
    out.append(("ssd1306 spi frame time at 10 MHz", _us(raw * 8 / 10.0), "us"))
    return out


def _eink_frame(d, clock, full):
    d.wire.clear()
    d.show(full)
    for _ in range(300):
        clock.advance(10000)
        d.poll()
        if not d.busy():
            break
    return d.wire.bytes_on("spi")


def bench_ssd1680():
    b = _load("pico_eink")
    clock = VirtualClock()
    d = open_display(b, clock)
    for _ in range(10):
        clock.advance(10000)
        d.poll()
    full = _eink_frame(d, clock, True)
    part = _eink_frame(d, clock, None)
    d.show(True)   # busy for 1.6 s of virtual time: poll() finds BUSY high
    busy_poll = per_call_us(d.poll, 200)
    mhz = b.display.baudrate / 1000000.0
    return [("ssd1680 full refresh bytes", full, "bytes"),
            ("ssd1680 full refresh SPI time at %g MHz" % mhz, _us(full * 8 / mhz), "us"),
            ("ssd1680 partial refresh bytes", part, "bytes"),
            ("ssd1680 partial refresh SPI time", _us(part * 8 / mhz), "us"),
            ("ssd1680 full refresh panel time (busy, loop free)", FULL_US // 1000, "ms"),
            ("ssd1680 partial refresh panel time (busy, loop free)", PARTIAL_US // 1000, "ms"),
            ("ssd1680 poll while busy (CPU)", busy_poll, "us")]


_MASKERS = ("disable_irq", "bitstream", "neopixel", "enable_irq")


def bench_irq_masked():
    """Worst-case time with interrupts masked, per driver: 0 when the source
    never masks them (SPI, I2C, PIO and DMA all work with interrupts on).
    A source that uses one of _MASKERS is reported as -1: measure it."""
    out = []
    for name in ("drivers/ws2812.py", "hal/rp2/ws2812.py", "drivers/ssd1306.py", "drivers/ssd1680.py",
                 "drivers/cmdbus.py", "drivers/buzzer.py", "hal/rp2/display.py", "hal/rp2/parts.py"):
        with open(FIRMWARE + "/" + name) as f:
            src = f.read()
        code = "\n".join(ln.split("#")[0] for ln in src.split("\n"))
        bad = [m for m in _MASKERS if m in code]
        out.append(("irq masked worst case: " + name, -1 if bad else 0, "us"))
    # Storage is the exception, which is why it refuses to write in a slap
    # window: a flash sector erase runs with interrupts off (W25Q16JV:
    # 45 ms typical, 400 ms max) and each 256-byte page program ~0.4 ms.
    out.append(("irq masked per settings save (flash model, typical)", 45000 + 2 * 400, "us"))
    return out
