# tools/pico/heapmap.py's reading of the box's heap (issue 26): the
# collector's block map of micropython.mem_info(1) counted by kind, and the
# module weights; the board side runs in host_tests/pico/test_uf2_pico.py.
from tools.pico import heapmap as H

# as MicroPython 1.28 prints it on the Pico: 64 blocks of 16 bytes a line,
# runs of free lines folded ('=' continues an object, '.' is free)
LINES = ["MDBLh" + "." * 57 + "h=",          # an object carried over the line break
         "==S=A" + "." * 59,
         "F" + "BBB" + "." * 60]
MAP = ("stack: 580 out of 7936\n"
       "GC: total: 245888, used: 256, free: 245632\n"
       " No. of 1-blocks: 30, 2-blocks: 4, max blk sz: 64, max free sz: 12072\n"
       "GC memory layout; from 20003f80:\n"
       "00000000: %s\n00000400: %s\n       (188 lines all free)\n0002f400: %s\n" % tuple(LINES))


def test_heapmap_counts_each_object_once_with_its_blocks():
    assert all(len(x) == 64 for x in LINES)
    objs = H.blocks(MAP)
    assert objs == [("M", 16), ("D", 16), ("B", 16), ("L", 16), ("h", 16), ("h", 64), ("S", 32), ("A", 16),
                    ("F", 16), ("B", 16), ("B", 16), ("B", 16)]
    kinds = H.by_kind(objs)
    assert kinds["function"] == (4, 64) and kinds["other"] == (2, 80) and kinds["str/bytes"] == (1, 32)
    assert sum(b for o, b in kinds.values()) == 256          # the header's "used"
    assert sum(o for o, b in kinds.values()) == len(objs)


def test_heapmap_reads_module_weights_heaviest_first():
    text = "HEAPMAP module app.io 1664\nHEAPMAP module core.rng 368\nnoise\nHEAPMAP module hal.rp2 -1\n"
    assert H.module_weights(text) == [(1664, "app.io"), (368, "core.rng"), (-1, "hal.rp2")]
    r = H.report("HEAPMAP alloc 256 peak 40112\n" + MAP, text)
    assert "live heap after a collection: 256 B; the game's peak (heap_peak): 40112 B" in r
    assert "  1664  app.io" in r and "  2032  all 3" in r
    assert "function                4       64" in r and "all                    12      256" in r
