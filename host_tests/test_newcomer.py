# What a new maker trips on (issue 14): each rough edge found trying the
# project from a fresh clone, checked so it does not come back.
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bad_boards_dir(tmp_path):
    d = tmp_path / "boards"
    shutil.copytree(os.path.join(ROOT, "boards"), str(d))
    p = d / "pico_matrix.json"
    b = json.loads(p.read_text())
    b["buzzer"]["pin"] = 30
    p.write_text(json.dumps(b))
    return d


def test_diagrams_refuse_a_bad_board_file_in_one_line(tmp_path):
    d = bad_boards_dir(tmp_path)
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "hardware/diagrams.py", "--boards", str(d), "--out", str(out)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "GP30 (buzzer.pin): the Raspberry Pi Pico has no GP30 pin" in lines[0]
    assert not out.exists() or not os.listdir(str(out))
