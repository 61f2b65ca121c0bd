# `make sim` on a machine with no screen says so in one line instead of
# running an invisible window forever: the box then plays a bot game
# headless; a replay, which needs the window, stops.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.skipif(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"),
                    reason="this machine has a screen")
def test_sim_replay_without_a_screen_says_so_and_stops(tmp_path):
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


@pytest.mark.skipif(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"),
                    reason="this machine has a screen")
def test_sim_window_without_a_screen_lets_bots_play_headless():
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SIM_QUIT_AFTER")}
    r = subprocess.run([sys.executable, "-m", "sim", "--game", "batawaf", "--length", "5"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert "no screen here" in r.stderr and "bots play a game headless" in r.stderr
    assert "batawaf over" in r.stderr
