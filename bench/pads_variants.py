# MicroPython only: the pad handler compiled by the native emitter, for
# bench_pads (bench_pads checks that each variant gives the same events as
# the plain handler before it times it).
#
# There is one copy of the handler logic, PadCapture.irq in
# firmware/pads/capture.py: NativeCapture is built from that method's source
# text with @micropython.native put in front of it, so the figure always
# measures the firmware's handler, never a copy that has drifted.
# The viper variant is the firmware's own, pads/capture_viper.py.
import micropython  # noqa: F401  (named by the decorator in the built source)
import pads.capture
from pads.capture import PadCapture

_START = "    def irq(self, pin):"


def method_source(path, start=_START):
    """The lines of the method whose `def` line is `start` in the file at
    `path`, up to the next line indented no deeper than that `def` (the next
    method or section comment of the class)."""
    out = []
    indent = len(start) - len(start.lstrip())
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not out:
                if line == start:
                    out.append(line)
                continue
            body = line.lstrip()
            if body and len(line) - len(body) <= indent:
                break
            out.append(line)
    if not out:
        raise ValueError("%s: no line %r (was PadCapture.irq renamed?)" % (path, start.strip()))
    return out


def with_emitter(cls, emitter, name):
    """A subclass of cls named `name` whose irq is PadCapture.irq's source
    compiled with @micropython.<emitter>."""
    src = ["class %s(_Base):" % name, "    @micropython.%s" % emitter]
    src += method_source(pads.capture.__file__)
    # The method runs with the capture module's globals, as the original does.
    scope = dict(pads.capture.__dict__)
    scope["_Base"] = cls
    scope["micropython"] = micropython
    exec("\n".join(src) + "\n", scope)
    return scope[name]


NativeCapture = with_emitter(PadCapture, "native", "NativeCapture")

from pads.capture_viper import ViperCapture  # noqa: E402,F401  (the firmware's own)
