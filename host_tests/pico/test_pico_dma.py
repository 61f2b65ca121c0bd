# The emulated DMA as the box's speaker uses it (hal/rp2/speaker.py), on the
# stock MicroPython UF2 with no box on it: a timer-paced channel runs at its
# pacing rate, and an abort through CHAN_ABORT stops it and reads back 0
# (no channel still aborting).  rp2040js read that register as 0xffffffff,
# and the box, waiting for the bit to clear as the datasheet says, hung the
# first time a word it was saying was cut by the next (Tape-treize's last
# count cut by the winners' names): issue 12.
from host_tests.pico.test_pico_harness import booted, repl
from tools.pico import play as P

SETUP = """import rp2, machine, time
from array import array
buf = array('H', [128])
d = rp2.DMA()
machine.mem32[0x5000042c] = (1 << 16) | 12500
c = d.pack_ctrl(size=1, inc_read=False, inc_write=False, treq_sel=0x3e)
d.config(read=buf, write=0x40050000 + 0x0c, count=100000, ctrl=c, trigger=True)
tc = 0x50000000 + 0x40 * d.channel + 0x08
"""


def assert_paced_10khz(p):
    """The channel set up as `d` (TRANS_COUNT at `tc`) moves ~500 words in
    50 ms (10 kHz) and is still active."""
    out = repl(p, "a = machine.mem32[tc]; time.sleep_ms(50); b = machine.mem32[tc]; print('paced', a - b, d.active())")
    moved = int(out.split("paced ")[1].split()[0])
    assert 400 <= moved <= 700, out
    assert "True" in out.split("paced ")[1].split("\n")[0], out


def test_pico_dma_timer_paced_then_aborted(emulator):
    p = booted(emulator)
    repl(p, SETUP, 200000)
    # TIMER3 = 1/12500 of 125 MHz: 10 000 transfers a second, ~500 in 50 ms
    assert_paced_10khz(p)
    out = repl(p, "bit = 1 << d.channel\nmachine.mem32[0x50000444] = bit\n"
                  "n = 0\nwhile machine.mem32[0x50000444] & bit and n < 5000: n += 1\n\n"
                  "a = machine.mem32[tc]; time.sleep_ms(20); print('aborted', n, d.active(), a - machine.mem32[tc])")
    words = out.split("aborted ")[1].split()
    assert words[:3] == ["0", "False", "0"], out
    # and no register the emulator leaves unmodelled was read on the way
    assert not P.unmodelled(p.state()["warnings"]), p.state()["warnings"]


def test_unmodelled_reads_are_found_and_boot_noise_is_not():
    seen = [["IO_QSPI_BASE: Unimplemented peripheral read from 0xc", 708],
            ["SSI: Unimplemented peripheral read from 0x48", 88],
            ["RP2040: Read from invalid memory address: 14000004", 88],
            ["USB: Unimplemented peripheral read from 0x80", 2],
            ["PIO0: clkDivRestart not implemented", 1],
            ["DMA: Unimplemented peripheral read from 0x444", 3],
            ["PWM: Unimplemented peripheral write to 0xa0", 1]]
    assert P.unmodelled(seen) == [("DMA: Unimplemented peripheral read from 0x444", 3)]


PWM_SETUP = """import rp2, machine, time
from array import array
buf = array('H', [128])
pwm = machine.PWM(machine.Pin(2), freq=10000, duty_u16=32768)
d = rp2.DMA()
c = d.pack_ctrl(size=1, inc_read=False, inc_write=False, treq_sel=24 + 1)
d.config(read=buf, write=0x40050000 + 0x14 * 1 + 0x0c, count=100000, ctrl=c, trigger=True)
tc = 0x50000000 + 0x40 * d.channel + 0x08
"""


def test_pico_dma_paced_by_a_pwm_wrap(emulator):
    """A channel paced by DREQ_PWM_WRAP1 (GP2's slice) moves one word per
    wrap of the counter: 10 kHz, ~500 in 50 ms.  rp2040js raised that
    request at the first wrap and never lowered it: the channel then ran
    unpaced (its 100,000 words at once)."""
    p = booted(emulator)
    repl(p, PWM_SETUP, 200000)
    assert_paced_10khz(p)
