# tools/stats.py: the figures a family reads (B6 length, B5 cycles/draws).
import importlib.util
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
# tools/ is not a package and must not shadow anything on sys.path.
_spec = importlib.util.spec_from_file_location(
    "bataille_stats_tool", os.path.join(os.path.dirname(HERE), "tools", "stats.py"))
stats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stats)

from games.bataille import Bataille  # noqa: E402


def test_b6_percentiles_and_mode_nearest_rank():
    v = list(range(1, 101))
    assert stats.percentile(v, 5) == 5 and stats.percentile(v, 50) == 50
    assert stats.percentile(v, 95) == 95 and stats.percentile(v, 100) == 100
    assert stats.mode([3, 1, 3, 2, 2]) == 2      # ties: the smallest


def test_b6_stats_match_the_games_played(tmp_path):
    png = str(tmp_path / "h.png")
    s = stats.main(["--game", "bataille", "--players", "3", "-n", "40", "--seed", "7",
                    "--length", "court", "--png", png])
    duels = []
    battles = 0
    for seed in range(7, 47):
        g = Bataille({"players": 3, "length": "court"}, seed).play()
        duels.append(g.duels)
        battles += g.battles
    assert s["games"] == 40 and s["max"] == max(duels) <= 80
    assert abs(s["mean"] - sum(duels) / 40.0) < 1e-9
    assert abs(s["battles"] - battles / 40.0) < 1e-9
    assert s["median"] == sorted(duels)[19]
    assert os.path.getsize(png) > 1000 and open(png, "rb").read(4) == b"\x89PNG"


def test_b5_stats_count_cycles_and_draws(tmp_path, capsys):
    res = stats.simulate("bataille", {"pickup": "ordered", "addition": True, "down": 1}, 3, 632)
    assert res["reasons"][0] == "cycle"
    s = stats.summary(res)
    assert abs(s["cycles"] - res["reasons"].count("cycle") / 3.0) < 1e-9


def test_w5_stats_batawaf_and_bad_options(tmp_path):
    s = stats.main(["--game", "batawaf", "--players", "4", "-n", "20", "--png", str(tmp_path / "w.png")])
    assert s["games"] == 20 and s["cycles"] == 0
    with pytest.raises(SystemExit):
        stats.main(["--game", "batawaf", "--pickup", "ordered", "-n", "2", "--png", str(tmp_path / "x.png")])
    with pytest.raises(SystemExit):
        stats.main(["--players", "5", "-n", "2", "--png", str(tmp_path / "y.png")])


def test_stats_names_its_histogram_after_the_options():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--ace", default="high")
    ap.add_argument("--pickup", default="shuffled")
    ap.add_argument("--down", default=None)
    ap.add_argument("--length", default=None)
    ap.add_argument("--addition", action="store_true")

    def name(**kw):
        a = argparse.Namespace(game="bataille", players=2, ace="high", pickup="shuffled", down=None,
                               length=None, addition=False)
        for k, v in kw.items():
            setattr(a, k, v)
        return stats.png_name(ap, a)
    assert name() == "stats_bataille_2p.png"
    assert name(pickup="ordered") == "stats_bataille_2p_pickup-ordered.png"
    assert name(players=3, ace="low", addition=True) == "stats_bataille_3p_ace-low_addition.png"
    assert name(length="10min") == "stats_bataille_2p_length-10min.png"
    assert len({name(), name(pickup="ordered"), name(down=1), name(length="court")}) == 4


def test_stats_refuses_a_pace_or_a_number_of_games_it_cannot_use(capsys):
    for bad in (["--pace", "nan"], ["--pace", "0"], ["--pace", "-1"], ["-n", "0"], ["-n", "10" * 20]):
        with pytest.raises(SystemExit) as e:
            stats.main(bad)
        assert e.value.code == 2, bad
    assert "Traceback" not in capsys.readouterr().err
