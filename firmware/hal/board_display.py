# The display section of a board file checked (hal.board's validate calls
# it): each kind's fields and their ranges, how the panel is mounted (rotate,
# mirror), and its bus: an SPI or I2C peripheral, each signal on a GPIO that
# carries it (RP2040 datasheet 2.19.2).  Apart from the rest of the checker:
# the displays are the one part with buses, kinds and mountings of its own.
# Dropped from the heap with hal.board once the HAL is open
# (hal.forget_board_checks).
#
#   display(c, dd, kind) -> hal.boarddata.Display    (c: hal.board's checker)
#   spi_of(pin, role), i2c_of(pin, role) -> the peripheral (0/1) or None
from hal.boarddata import Display


# RP2040 pin functions (datasheet 2.19.2, function table): SPI and I2C signals
# repeat every 4 and 2 GPIOs, alternating between the two peripherals.


def spi_of(pin, role):
    """The SPI peripheral (0/1) that has `role` on this GPIO, or None."""
    if ("miso", "cs", "sck", "mosi")[pin & 3] != role:
        return None
    return (pin >> 3) & 1


def i2c_of(pin, role):
    """The I2C peripheral (0/1) that has `role` ('sda'/'scl') on this GPIO, or None."""
    if ("sda", "scl")[pin & 1] != role:
        return None
    return (pin >> 1) & 1


def display(c, dd, kind):
    """The Display of a board file's display section dd (kind checked
    already), or c.fail (hal.board._Checker) naming the field and why."""
    w = "display."
    # the SH1106 is an SSD1306-family OLED with its own RAM layout (132
    # columns, page addressing): kind "ssd1306" for the rest of the box,
    # the controller in `layout` (drivers/sh1106.py)
    disp = Display("ssd1306" if kind == "sh1106" else kind)
    disp.rotate = dd.get("rotate", 0)
    if disp.rotate not in (0, 90, 180, 270) or isinstance(disp.rotate, bool):
        c.fail("display.rotate %r is not a quarter turn: 0, 90, 180 or 270 (degrees clockwise)" % (disp.rotate,))
    disp.mirror = dd.get("mirror", False)
    if not isinstance(disp.mirror, bool):
        c.fail("display.mirror %r: true (left and right swapped) or false" % (disp.mirror,))
    if kind == "ws2812":
        disp.width = c.int_(dd, "width", w, 1, 64)
        disp.height = c.int_(dd, "height", w, 1, 64)
        disp.pin = c.pin(dd, "pin", w)
        disp.layout = c.field(dd, "layout", w, "serpentine", False)
        if disp.layout not in ("serpentine", "rows"):
            c.fail("display.layout %r is unknown (known: serpentine, rows)" % (disp.layout,))
        disp.order = c.field(dd, "order", w, "GRB", False)
        if disp.order not in ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR"):
            c.fail("display.order %r is unknown (known: GRB, RGB, BRG, RBG, GBR, BGR)" % (disp.order,))
        disp.max_ma = c.int_(dd, "max_ma", w, 10, 5000, None, False)
        return disp
    disp.width = c.int_(dd, "width", w, 8, 400)
    disp.height = c.int_(dd, "height", w, 8, 400)
    if disp.rotate % 180:
        # the mono panels' bytes run down the columns: a quarter turn would
        # be a bit transposition of every frame, and a portrait screen (180
        # and mirror: the controllers' own flips, drivers/orient.py)
        c.fail("display.rotate %d: a %s panel turns by 0 or 180 only (with mirror for the other "
               "two ways up); a quarter turn is for the LED matrix" % (disp.rotate, kind))
    if kind != "ssd1680":
        disp.layout = kind
    disp.bus = "spi" if kind == "ssd1680" else c.field(dd, "bus", w)
    if disp.bus == "spi":
        disp.spi = c.int_(dd, "spi", w, 0, 1)
        disp.sck = _bus_pin(c, dd, "sck", spi_of, "SPI", disp.spi, "sck")
        disp.mosi = _bus_pin(c, dd, "mosi", spi_of, "SPI", disp.spi, "mosi")
        disp.cs = c.pin(dd, "cs", w)  # any GPIO: the driver toggles it
        disp.dc = c.pin(dd, "dc", w)
        disp.rst = c.pin(dd, "rst", w)
        # SH1106 over SPI: 2 MHz, the Linux fbtft driver's reading of its datasheet
        disp.baudrate = c.int_(dd, "baudrate", w, 100000, 62500000,
                               {"ssd1306": 10000000, "sh1106": 2000000}.get(kind, 4000000), False)
    elif disp.bus == "i2c":
        disp.i2c = c.int_(dd, "i2c", w, 0, 1)
        disp.sda = _bus_pin(c, dd, "sda", i2c_of, "I2C", disp.i2c, "sda")
        disp.scl = _bus_pin(c, dd, "scl", i2c_of, "I2C", disp.i2c, "scl")
        disp.addr = c.int_(dd, "addr", w, 8, 119, 0x3C, False)
        disp.freq = c.int_(dd, "freq", w, 10000, 1000000, 400000, False)
    else:
        c.fail("display.bus %r is unknown (known: i2c, spi)" % (disp.bus,))
    if kind == "ssd1680":
        disp.busy = c.pin(dd, "busy", w)
        disp.full_every = c.int_(dd, "full_every", w, 0, 1000, 5, False)
    return disp


def _bus_pin(c, dd, key, fn, name, bus, role):
    pin = c.pin(dd, key, "display.")
    if fn(pin, role) != bus:
        c.fail("GP%d (display.%s) is not an %s%d %s pin (%s%d %s is on %s)"
               % (pin, key, name, bus, role.upper(), name, bus, role.upper(),
                  ", ".join("GP%d" % p for p in range(30) if fn(p, role) == bus)), pin)
    return pin
