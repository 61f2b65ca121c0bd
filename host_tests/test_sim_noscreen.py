# `make sim` on a machine with no screen says so in one line instead of
# running an invisible window forever.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.skipif(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"),
                    reason="this machine has a screen")
@pytest.mark.parametrize("args", [[], ["--replay", os.path.join(ROOT, "hardware", "walkthrough.txt")]])
def test_sim_without_a_screen_says_so_and_stops(args, tmp_path):
    if args:
        # a real log to replay: a short headless game
        log = tmp_path / "g.jsonl"
        subprocess.run([sys.executable, "-m", "sim", "--headless", "--game", "batawaf",
                        "--length", "5", "--log", str(log)], cwd=ROOT, check=True,
                       capture_output=True, timeout=120,
                       env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
        args = ["--replay", str(log)]
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SIM_QUIT_AFTER")}
    r = subprocess.run([sys.executable, "-m", "sim"] + args, cwd=ROOT, capture_output=True,
                       text=True, timeout=60, env=env)
    assert r.returncode == 1
    assert "no screen here" in r.stderr or "no window can be opened" in r.stderr
    assert "Traceback" not in r.stderr
