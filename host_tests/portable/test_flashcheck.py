# The box's boot check of a flash (issue 29, 3; firmware/flashcheck.py), on
# both interpreters: a copy of `make flash` that did not finish is named in
# one line and the box does not run; no manifest (a box flashed by hand, the
# one-file firmware) is fine.
import os

import flashcheck

H = flashcheck.HEADER


def _path():
    from hal.host.parts import default_dir
    return default_dir("bbx_manifest_") + "/manifest.txt"


def _stat(sizes):
    def stat(name):
        if name not in sizes:
            raise OSError(2)
        return (0, 0, 0, 0, 0, 0, sizes[name], 0, 0, 0)
    return stat


def _said(data, sizes=None):
    p = _path()
    with open(p, "wb") as f:
        f.write(data)
    try:
        return flashcheck.problem(_stat(sizes or {"main.py": 10, "app/box.mpy": 300}), p)
    finally:
        os.remove(p)
        os.rmdir(p.rsplit("/", 1)[0])


def test_flashcheck_a_whole_manifest_lets_the_box_start():
    good = (H + "\n10 ab main.py\n300 cd app/box.mpy\nend 2\n").encode()
    assert _said(good) is None


def test_flashcheck_a_copy_that_did_not_finish_is_named_in_one_line():
    cases = [(b"flashing\n", "stopped before its end"),
             (b"", "stopped before its end"),
             ((H + "\n10 ab main.py\n").encode(), "cut short"),
             ((H + "\n10 ab main.py\n300 cd app/box.mpy\nend 3\n").encode(), "lists 2 files, not 3"),
             ((H + "\n10 ab main.py\n299 cd app/box.mpy\nend 2\n").encode(), "app/box.mpy has 300 bytes, not 299"),
             ((H + "\n10 ab main.py\n5 ee app/io.mpy\nend 2\n").encode(), "app/io.mpy is missing"),
             ((H + "\nnonsense\nend 0\n").encode(), "line 2 of"),
             (b"\xff\xfe\xfd\n", "")]
    for data, why in cases:
        said = _said(data)
        assert said is not None and said.startswith("half flashed") and why in said, (data, said)
        assert "run make flash again" in said and "\n" not in said


def test_flashcheck_no_manifest_is_a_box_flashed_another_way():
    assert flashcheck.problem(_stat({}), "/nonexistent/manifest.txt") is None
