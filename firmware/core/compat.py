# const() on both interpreters, imported as `from core.compat import const`,
# and viper(), the one way to plug in a viper-compiled variant of some code.
# MicroPython's compiler folds `NAME = const(n)` by itself (and keeps no
# global at all for a `_NAME`), so this import only gives CPython a name to
# call.
try:
    from micropython import const
except ImportError:  # CPython
    # (mypy checks the board's const, a generic of the stubs that an untyped
    # stand-in cannot match: misc, "conditional function variants")
    def const(x):  # type: ignore[no-redef, misc]
        return x


def viper(module, name, default):
    """The one way a viper-compiled variant is plugged in: `name` from
    `module` (drivers.ws2812_viper, drivers.voice_viper, pads.capture_viper)
    when this port runs it, else `default` (the plain code).  Any failure to
    import it means the plain code: a port built without the native
    emitters, an .mpy of another architecture, CPython (no viper).  A viper
    module whose code could import but not run (a decorator that does
    nothing) calls it once at import, so that it fails here too."""
    try:
        return getattr(__import__(module, None, None, (name,)), name)
    except Exception:
        return default
