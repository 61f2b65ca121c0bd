# The WS2812 current cap (issue 5) on CPython: any frame, any budget, and
# every frame the project's renderer draws on the 16x16 matrix stays within
# the board's budget by the driver's current model.
from hypothesis import given, settings, strategies as st

from examples import examples

from drivers import ws2812
from drivers.ws2812 import Ws2812Matrix, estimate_ua
from hal import board
from hal.host.pio import HostStateMachine
from gfx import render, style
from app import strings

import test_render  # the renderer's own list of screens (host_tests/portable)


def _sent_ua(words):
    return estimate_ua(sum(sum(ws2812.wire_bytes(w)) for w in words), len(words))


@settings(max_examples=examples(150))
@given(frame=st.binary(min_size=512, max_size=512), budget=st.integers(257, 3000),
       brightness=st.integers(0, 255))
def test_ws2812_cap_no_frame_over_budget(frame, budget, brightness):
    m = Ws2812Matrix(HostStateMachine(), 16, 16, "serpentine", "GRB", budget, brightness)
    m.buf[:] = frame
    m.show()
    sent = _sent_ua(m.out.last)
    assert sent == m.last_ua and sent <= budget * 1000
    if m.uncapped_ua <= budget * 1000:
        assert m.scale == ws2812.SCALE_ONE   # under budget: untouched


def test_ws2812_idle_model_matches_the_board_check():
    # the board check refuses exactly the budgets the driver's current
    # model says the dark matrix alone takes (n LEDs x IDLE_UA)
    import json
    with open("boards/pico_matrix.json") as f:
        d = json.load(f)
    dark_ma = estimate_ua(0, 256) // 1000
    assert dark_ma == 256 * ws2812.IDLE_UA // 1000
    d["display"]["max_ma"] = dark_ma
    try:
        board.validate(d)
        raise AssertionError("a budget the dark matrix takes whole was accepted")
    except board.BoardError as e:
        assert "draw about %d mA even when dark" % dark_ma in str(e), e
    d["display"]["max_ma"] = dark_ma + 1
    assert board.validate(d).display.max_ma == dark_ma + 1


def test_ws2812_cap_every_renderer_frame_within_the_board_budget():
    for name in ("pico_matrix", "pico_w", "rp2040_zero"):
        b = board.load("boards/%s.json" % name)
        d = b.display
        m = Ws2812Matrix(HostStateMachine(), d.width, d.height, d.layout, d.order, d.max_ma)
        worst = 0
        frames = 0
        for level in (5, 3):
            cv = render.Canvas(m.fb, d.width, d.height, True, level)
            r = render.Renderer(cv, strings.table("fr"))
            for game, ns in (("bataille", (2, 4)), ("batawaf", (2, 3)), ("tape", (2, 4))):
                for n in ns:
                    for _ in test_render.all_game_screens(r, game, n):
                        m.show()
                        frames += 1
                        worst = max(worst, m.uncapped_ua)
                        assert _sent_ua(m.out.last) <= d.max_ma * 1000, (name, game, n)
        # and the brightest thing the renderer could ever draw: the whole
        # matrix in its brightest palette colour
        for i in range(0, len(render.RGB), 3):
            m.fb.fill(style.rgb565(*render.RGB[i:i + 3]))
            m.show()
            assert _sent_ua(m.out.last) <= d.max_ma * 1000
        assert frames > 20 and worst > 0
