# Runs every bench_* function of the portable bench modules on whichever
# interpreter runs this file; prints one JSON object a figure.
# Usage: (micro)python bench/mp_bench.py [module ...]
import sys
import os

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE)
sys.path.insert(0, HERE + "/../firmware")

from benchlib import INTERP  # noqa: E402
from core.log import encode  # noqa: E402


def main():
    names = sys.argv[1:] or sorted([f[:-3] for f in os.listdir(HERE)
                                    if f.startswith("bench_") and f.endswith(".py")])
    for modname in names:
        mod = __import__(modname)
        for fname in sorted(dir(mod)):
            if not fname.startswith("bench_"):
                continue
            for row in getattr(mod, fname)():
                figure, value, unit = row
                if isinstance(value, float):
                    value = int(value * 100 + 0.5) / 100 if value < 1000 else int(value + 0.5)
                    v = repr(value)
                else:
                    v = encode(value)
                print('{"figure":%s,"interpreter":"%s","value":%s,"unit":%s}'
                      % (encode(figure), INTERP, v, encode(unit)))


main()
