# The self-test's pads part (app.selftest.SelfTest runs it last): for
# each pad in turn its LED lit and a press asked for, up to pad_timeout_ms;
# the press-to-event time (from the interrupt's stamp in the capture to the
# moment the loop saw the event), a dead pad (no press in time, with a hint
# when another pad answered instead: two wires swapped) or a stuck one (S6,
# or still held when its time ran out).  A function over the SelfTest, as
# its parts read and report through it.
from core import ticks


def test(st):
    """The pads part of SelfTest st (a generator, as its other parts)."""
    cap = st.cap
    # presses from before this part are stale: the prompt had not asked
    while cap.next_event() >= 0:
        pass
    others = [0] * st.n   # presses on the other pads while waiting
    for k in range(st.n):
        part = "pad %d%s" % (k + 1, st._pin(k))
        bit = 1 << k
        for j in range(st.n):
            others[j] = 0
        st.prompt = st.msg["press"] % (k + 1)
        st._leds_only(k)
        st._draw_prompt(k)
        st._show()
        end = ticks.add(st.now, st.pad_timeout_ms)
        verdict = None
        while verdict is None:
            p = cap.next_event()
            while p >= 0 and p != k:
                others[p] += 1         # another pad: not its turn
                p = cap.next_event()
            if p == k:
                lat = ticks.diff(st.clock.ticks_us(), cap.ev_t)
                st.latency_us[k] = lat
                verdict = (True, st.msg["pad_ok"] % (lat // 1000, (lat % 1000) // 100))
            elif cap.stuck_mask & bit:
                verdict = (False, st.msg["stuck"])
            elif ticks.diff(st.now, end) >= 0:
                if cap.held_mask() & bit:
                    verdict = (False, st.msg["stuck"])
                else:
                    verdict = (False, st.msg["dead"] % (st.pad_timeout_ms // 1000)
                               + _swapped_hint(st, others))
            else:
                yield
        st._add(part, verdict[0], verdict[1])

def _swapped_hint(st, others):
    # a maker who pressed the right pad but saw another one answer: the
    # two pads' wires (or their pins in the board file) are swapped
    best = 0
    for j in range(st.n):
        if others[j] > others[best]:
            best = j
    if not others[best]:
        return ""
    return st.msg["swapped"] % (best + 1, others[best])
