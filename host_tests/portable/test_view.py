# The screens' view of a game (app.view), built from log events alone.
import gc

from app import view
from core import log
from games.tape import Tape


def test_t4_t5_the_view_names_the_rule_of_every_slap_window_the_engine_opens():
    # the screen pictures the rule a slap is due for (match, double,
    # sandwich...): it must be the engine's own, at every card laid, for
    # every rule of the rule book, and nothing when no window opens
    for seed in (1, 2, 3):
        rules = ["match", "double", "sandwich", "sandwich2", "sandwich3", "sum2", "sum3", "ten"]
        if seed == 2:
            rules = ["match", "double", "sandwich"]
        v = view.View("tape", 3)
        dues = []
        opened = []

        def hear(t, ev, vals):
            v.event(t, ev, vals)
            if ev == "flip":
                dues.append(v.due)

        class Spy(Tape):
            def _open_window(self, rule, us):
                opened.append((len(dues), rule))
                Tape._open_window(self, rule, us)

        # (the log's lines are not kept: the whole game would stay in the
        # heap of the MicroPython run of every portable test)
        g = Spy({"players": 3, "rules": rules, "tempo": 1000, "target": 1}, seed,
                log.Log(keep=False, listener=hear))
        g.start(0)
        u = 0
        while not g.done and u < 600 * 1000000:
            u += 100000
            g.advance_us(u)
        want = [""] * len(dues)
        for i, rule in opened:
            want[i - 1] = rule
        assert dues == want, seed
        assert len(opened) >= 5 and len(dues) > 50
    gc.collect()
