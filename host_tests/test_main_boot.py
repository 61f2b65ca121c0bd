# What the boot drops once the box is up (booting.forget_boot, main.py's boot, issue 38):
# derived from what this boot loaded, not from a list kept in main.py.  A
# module the boot imported names its boot-only names (_BOOT) and loses them;
# a module that was there before the boot (a test process's) is left alone.
import os
import re
import sys
import types

import booting

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def _module(name, **names):
    m = types.ModuleType(name)
    for k, v in names.items():
        setattr(m, k, v)
    return m


def test_boot_forgets_the_boot_only_names_of_what_it_loaded(monkeypatch):
    before = _module("boot_test_before", _BOOT=("opener",), opener=len, kept=1)
    monkeypatch.setitem(sys.modules, "boot_test_before", before)
    boot = tuple(sys.modules)
    # imported during the boot: one that names its openers, one that names none
    loaded = _module("boot_test_loaded", _BOOT=("opener", "Wiring"), opener=len, Wiring=dict, part=2)
    plain = _module("boot_test_plain", opener=len)
    monkeypatch.setitem(sys.modules, "boot_test_loaded", loaded)
    monkeypatch.setitem(sys.modules, "boot_test_plain", plain)
    booting.forget_boot(boot)
    assert not hasattr(loaded, "opener") and not hasattr(loaded, "Wiring") and not hasattr(loaded, "_BOOT")
    assert loaded.part == 2 and sys.modules["boot_test_loaded"] is loaded    # stays imported
    assert plain.opener is len
    assert before.opener is len and before._BOOT == ("opener",)       # not this boot's


def test_every_boot_only_name_is_one_its_module_defines():
    # a _BOOT naming a name its module lost (renamed, moved) would leave the
    # real one in the heap: each name is read from the module's own source
    found = 0
    for d, _, files in os.walk(FIRMWARE):
        for f in files:
            if not f.endswith(".py"):
                continue
            with open(os.path.join(d, f)) as fh:
                src = fh.read()
            for line in src.splitlines():
                if line.startswith("_BOOT = "):
                    found += 1
                    rest = src.replace(line, "")
                    for n in eval(line[len("_BOOT = "):]):
                        # defined there, or imported into it
                        assert re.search(r"^(def|class) %s\b|^from .* import .*\b%s\b" % (n, n), rest, re.M), (f, n)
    assert found >= 4
