"""The redesign's proof of "unchanged" (issue 22): a corpus of game logs.

    python tools/corpus.py make      record host_tests/corpus/*.json (once, by today's code)
    python tools/corpus.py check     replay every case: same presses -> same log, byte for byte

Each case is a headless game of the simulator, bots playing: every pad edge
the bots make (time from the start in µs, pad, down, its bounce offsets) is
recorded with the log the box wrote.  A replay schedules exactly those edges
on the fake pads, with no bots, and the box must write the same log.  The
bots are part of the code being redesigned; the presses are not, so the
corpus holds presses, not bot settings.

host_tests/test_corpus_sim.py replays every case through the simulator's box;
host_tests/portable/test_corpus.py through host_tests/portable/corpus_replay.py
(the App on the host HAL, as the simulator drives it), under pytest and
under the MicroPython unix port.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "host_tests", "corpus")

# (name, board, argv): every game, 2 to 8 players, every option.
CASES = [
    ("batawaf_2p", "pico_matrix", ["--game", "batawaf", "--players", "2", "--seed", "3"]),
    ("batawaf_3p_court", "pico_matrix", ["--game", "batawaf", "--players", "3", "--seed", "4", "--length", "court"]),
    ("batawaf_4p_court", "pico_oled", ["--game", "batawaf", "--players", "4", "--seed", "5",
                                               "--length", "court"]),
    ("batawaf_2p_short_lose", "pico_eink", ["--game", "batawaf", "--players", "2", "--seed", "6",
                                            "--short", "lose", "--length", "court"]),
    ("bataille_2p_court", "pico_matrix", ["--game", "bataille", "--players", "2", "--seed", "7", "--length", "court"]),
    ("bataille_3p_acelow", "pico_oled", ["--game", "bataille", "--players", "3", "--seed", "8",
                                         "--ace", "low", "--length", "court"]),
    ("bataille_4p_addition", "pico_matrix", ["--game", "bataille", "--players", "4", "--seed", "9",
                                             "--addition", "--length", "40"]),
    ("bataille_2p_ordered_short", "pico_eink", ["--game", "bataille", "--players", "2", "--seed", "10",
                                                "--pickup", "ordered", "--short", "lose", "--down", "1",
                                                "--length", "court"]),
    ("tape_2p", "pico_matrix", ["--game", "tape", "--players", "2", "--seed", "11", "--target", "1"]),
    ("tape_3p_turns", "pico_oled", ["--game", "tape", "--players", "3", "--seed", "12", "--mode", "turns",
                                    "--target", "1"]),
    ("tape_4p_hidden", "pico_matrix", ["--game", "tape", "--players", "4", "--seed", "13", "--hidden-count",
                                       "--tempo", "1000", "--target", "1"]),
    ("tape_5p_rules", "pico_w", ["--game", "tape", "--players", "5", "--seed", "14", "--rules", "match,double",
                                 "--rounds", "1", "--settle", "800"]),
    ("tape_6p_turns", "pico_w", ["--game", "tape", "--players", "6", "--seed", "15", "--mode", "turns",
                                 "--rounds", "1", "--slap-timeout", "1500", "--false-window", "300"]),
    ("tape_7p_hidden_turns", "pico_w", ["--game", "tape", "--players", "7", "--seed", "18", "--mode", "turns",
                                        "--hidden-count", "--rounds", "1"]),
    ("tape_8p", "pico_w", ["--game", "tape", "--players", "8", "--seed", "16", "--tempo", "800",
                           "--rounds", "1"]),
    ("tape_4p_eink_bots", "pico_eink", ["--game", "tape", "--players", "4", "--seed", "17", "--target", "1",
                                        "--bots", "450,150,0.05,0.1"]),
]

MAX_MINUTES = 90


def _path(name):
    return os.path.join(CORPUS, name + ".json")


def _config(board, argv, bots):
    from sim import cli
    cfg = cli.parse(["--headless", "--board", board, "--max-minutes", str(MAX_MINUTES)] + argv)
    if not bots:
        cfg.bots = None
    return cfg


def _drive(b, cfg):
    """sim.headless.run's loop, without its output."""
    limit = b.clock.now + cfg.max_us
    b.begin()
    while not b.finished and not b.failed and b.clock.now < limit:
        b.step_until(min(limit, b.clock.now + b.quantum_us()))
    if not b.finished:
        raise RuntimeError("the game did not end: %s" % (b.failed or "time limit"))
    return b.log_text()


def record(name, board, argv):
    from sim import box as _box
    cfg = _config(board, argv, True)
    b = _box.Box(_box.load_board(board), cfg)
    try:
        t0 = b.clock.now
        edges = []
        pads = b.pads
        press, release = pads.press, pads.release

        def rec_press(k, at_us=None, bounce=None):
            at = b.clock.now if at_us is None else at_us
            edges.append([at - t0, k, 1, list(bounce) if bounce else None])
            press(k, at, bounce)

        def rec_release(k, at_us=None, bounce=None):
            at = b.clock.now if at_us is None else at_us
            edges.append([at - t0, k, 0, list(bounce) if bounce else None])
            release(k, at, bounce)
        pads.press = rec_press
        pads.release = rec_release
        b.add_bots(cfg.bots, cfg.seed)
        log = _drive(b, cfg)
    finally:
        b.close()
    return {"name": name, "board": board, "argv": argv, "game": cfg.game, "seed": cfg.seed,
            "options": dict(cfg.options), "edges": edges, "log": log}


def replay_sim(case):
    """The case's edges through the simulator's box, no bots: its log."""
    from sim import box as _box
    cfg = _config(case["board"], case["argv"], False)
    b = _box.Box(_box.load_board(case["board"]), cfg)
    try:
        t0 = b.clock.now
        for t, k, down, bounce in case["edges"]:
            (b.pads.press if down else b.pads.release)(k, t0 + t, bounce)
        return _drive(b, cfg)
    finally:
        b.close()


def load(name):
    with open(_path(name), encoding="utf-8") as f:
        return json.load(f)


def names():
    return sorted(f[:-5] for f in os.listdir(CORPUS) if f.endswith(".json"))


def main(argv):
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    what = argv[0] if argv else "check"
    if what == "make":
        os.makedirs(CORPUS, exist_ok=True)
        for name, board, args in CASES:
            case = record(name, board, args)
            again = replay_sim(case)
            if again != case["log"]:
                raise SystemExit("corpus: %s does not replay the same way today" % name)
            with open(_path(name), "w", encoding="utf-8") as f:
                json.dump(case, f, indent=0, sort_keys=True)
                f.write("\n")
            print("%-28s %5d edges %6d bytes of log" % (name, len(case["edges"]), len(case["log"])))
        return 0
    bad = 0
    for name in names():
        case = load(name)
        sys.path.insert(0, os.path.join(ROOT, "host_tests", "portable"))
        import corpus_replay
        same = replay_sim(case) == corpus_replay.expected(case)
        bad += not same
        print("%-28s %s" % (name, "same" if same else "DIFFERENT"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
