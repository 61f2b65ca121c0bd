"""Games in a row on the emulated Pico, the players reacting to the pad LEDs
(issue 12: the heap after 10 games, no leak; bench/host_pico_heap.py).

    r = games_in_a_row(p, "batawaf", n=10)   # p: a started Pico on a flashed image
    r.games, r.heap (the box's `heap` lines), r.ends (emulated us), r.wall_s

Unlike tools/pico/play.py, nothing is computed on the host: Bataille and
Bata-waf keep the pad of each player who still has to flip lit, so a player
here presses their pad REACT_US after seeing it lit (again every REPRESS_US
while it stays lit: a press during a show is ignored by the box).  After
each game's end (its `heap end` line), a pad opens the after-game menu and
pad 2 chooses "again" (the same players, a new deal).  Every press is put
at least LEAD_US after the board's now: the emulator refuses an input in
the past.  The game's log is not checked here (play.py does that).
"""
import time

from tools.pico import play as P
from tools.pico import scenarios as S

STEP_US = 40000         # the board is run this long between looks at its LEDs
REACT_US = 90000        # a player presses this long after seeing their pad lit
REPRESS_US = 600000     # and again after this, while it stays lit
LEAD_US = 2000          # a press never closer to the board's now than this
END_WAIT_US = 1800000   # the end screen ignores pads for 1.5 s (app.box _END_MIN_MS)
GAME_LIMIT_US = 600000000


class Rounds:
    pass


def _board(board):
    from hal.host import boards
    b = boards.load(board)
    return b.pad_pins(), [pd.led for pd in b.pads]


def games_in_a_row(p, game="batawaf", n=10, board="pico_matrix", pads=(0, 2), choices=None,
                   limit_us=None, on_game=None, stop=None, halt_op=None):
    """Play `n` games of `game` in a row on the started Pico p (booted from
    a flashed image, at its menu or about to be): menus and joins as the
    scenarios press them, then the LED players.  on_game(i, rounds) after
    each game's end; stop(p, rounds) after each step: True ends the run
    there; halt_op: the run stops right after the flash operation of that
    number (p.state()['flash_ops'], tools/pico/faults.py: a power cut in
    the middle of a write), rounds.halted then True.  Returns a Rounds
    (deal_t: the emulated time the first deal was seen); raises PlayError
    if the box stops answering (no new game within GAME_LIMIT_US).  Same
    image, same arguments: the same presses at the same times."""
    pins, leds = _board(board)
    r = Rounds()
    r.games = 0
    r.ends = []
    r.presses = 0
    r.deal_t = None
    r.halted = False
    wall0 = time.monotonic()
    t_first = P.first_frame(p)
    t0 = P.settled(p, max(t_first, p.now_us))
    scn = S.Scenario("rounds", game, list(pads), choices if choices is not None else {"length": "court"},
                     None, board)
    for at, pad, hold in scn.prefix():
        p.press(pins[pad], t0 + at, hold)
    lit = {k: 0 for k in pads}          # the pad LED's level, from the gpio events
    last_press = {k: -10 ** 12 for k in pads}
    seen_gpio = 0
    dealt = ends = 0
    again_at = None
    limit = limit_us or (t0 + n * GAME_LIMIT_US)
    game_start = t0
    while r.games < n:
        if p.now_us > limit or p.now_us - game_start > GAME_LIMIT_US:
            raise P.PlayError("%s: %d games played, the box stopped answering; console:\n%s"
                              % (game, r.games, p.serial_text()[-2000:]))
        if halt_op is not None:
            left = halt_op - p.state()["flash_ops"]
            p.run_for(STEP_US, flash_ops=left if left > 0 else None)
            if p.stopped_by == "flash":
                r.halted = True
                break
        else:
            p.run_for(STEP_US)
        now = p.now_us
        text = p.serial_text()
        dealt = sum(1 for ln in text.splitlines() if ln.startswith("game %s " % game))
        if dealt and r.deal_t is None:
            r.deal_t = now
        heap = P.heap_lines(text)
        ends = sum(1 for tag, a, f in heap if tag == "end")
        ev = p.events("gpio")
        for e in ev[seen_gpio:]:
            for k in pads:
                if e["gpio"] == leds[k]:
                    lit[k] = e["level"] or 0
        seen_gpio = len(ev)
        if stop is not None and stop(p, r):
            break
        if ends > r.games:
            r.games = ends
            r.ends.append(now)
            r.heap = heap
            if on_game is not None:
                on_game(r.games, r)
            if r.games < n:
                again_at = now + END_WAIT_US
            continue
        if again_at is not None:
            if dealt > ends:
                again_at = None             # the next game is dealt
                game_start = now
            elif now >= again_at:
                # any pad: the after-game menu ("again" first); pad 2 chooses it
                p.press(pins[0], now + LEAD_US, S.TAP_US)
                p.press(pins[S.CHOOSE], now + LEAD_US + 500000, S.TAP_US)
                r.presses += 2
                again_at = now + 2500000   # not dealt by then: try again
            continue
        if dealt <= ends:
            continue                        # menus, joining: the prefix's presses
        for k in pads:
            if lit[k] and now - last_press[k] >= REPRESS_US:
                p.press(pins[k], now + REACT_US, S.TAP_US)
                last_press[k] = now
                r.presses += 1
    r.heap = P.heap_lines(p.serial_text())
    r.wall_s = time.monotonic() - wall0
    return r
