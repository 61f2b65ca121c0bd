# The emulator harness itself (tools/pico), on the stock MicroPython UF2
# with no box on it (no `make flash`: a few seconds each): the flash persists
# and a fresh start erases it; an input edge reaches the firmware at its
# emulated microsecond; the watchdog resets the chip and the firmware reads
# WDT_RESET (PWRON_RESET after a power cycle); a crashed emulator is a clear error; the WS2812 decoder checks
# the datasheet's timings.
import json
import os
import subprocess

import pytest

from tools.pico import pico as P


def repl(p, code, run_us=400000):
    """Type `code` at the REPL (friendly mode), run, return what it printed."""
    before = len(p.serial_text())
    p.write_serial(code.replace("\n", "\r") + "\r")
    p.run_for(run_us)
    return p.serial_text()[before:]


def booted(emulator, **kw):
    p = emulator(**kw)
    p.run_for(1500000)          # boot, USB enumerated, the REPL waiting
    assert p.state()["usb_ready"]
    return p


def test_pico_flash_persists_and_fresh_erases(emulator, tmp_path):
    img = str(tmp_path / "flash.bin")
    p = booted(emulator, flash=img, fresh=True)
    out = repl(p, "f = open('kept.txt', 'w'); f.write('bataille'); f.close(); import os; print(os.listdir())")
    assert "['kept.txt']" in out, out
    p.close()
    assert os.path.getsize(img) == 2 * 1024 * 1024
    p = booted(emulator, flash=img)
    assert "bataille" in repl(p, "print(open('kept.txt').read())")
    p.close()
    p = booted(emulator, flash=img, fresh=True)
    assert "[]" in repl(p, "import os; print(os.listdir())")


def test_pico_input_edge_at_its_emulated_microsecond(emulator):
    """GP2 driven low at an exact emulated time: a busy loop on the board
    sees it within a few us (its timer counts emulated us since power-on)."""
    p = booted(emulator)
    repl(p, "import machine, time\npin = machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)\n", 200000)
    p.write_serial("exec('while pin.value(): pass\\nt = time.ticks_us()'); print('low at', t)\r")
    p.run_for(50000)            # the loop is running
    at = int(p.now_us) + 123457
    p.set_input(2, 0, at)
    p.run_until(at + 200000)
    text = p.serial_text()
    seen = int(text.split("low at ")[1].split()[0])
    assert at <= seen <= at + 100, (at, seen)


def test_pico_watchdog_resets_and_says_why(emulator):
    p = booted(emulator)
    repl(p, "import machine; w = machine.WDT(timeout=200)", 1500000)
    resets = p.events("reset")
    assert [e["reason"] for e in resets] == ["power-on", "watchdog"]
    assert 200000 <= resets[1]["t"] - resets[0]["t"] <= 3000000
    out = repl(p, "import machine; print('cause', machine.reset_cause() == machine.WDT_RESET)")
    assert "cause True" in out, out
    # MicroPython's rp2 reads the watchdog's REASON (ports/rp2/modmachine.c:
    # watchdog_caused_reboot()): a power-on clears it, PWRON_RESET; the
    # emulator's watchdog fired by hand (Pico.watchdog(), a timeout) sets
    # its TIMER bit, WDT_RESET
    for go, want in ((p.power_cycle, "PWRON_RESET"), (p.watchdog, "WDT_RESET")):
        go()
        p.run_for(1500000)
        out = repl(p, "import machine; print('cause', machine.reset_cause() == machine.%s)" % want)
        assert "cause True" in out, (want, out)


def test_pico_dead_emulator_is_a_clear_error(emulator):
    p = emulator()
    p.run_for(1000)
    p._proc.kill()
    with pytest.raises(P.PicoError) as e:
        p.run_for(1000)
    assert "exited" in str(e.value)


def test_pico_refuses_an_input_in_the_past(emulator):
    p = emulator()
    p.run_for(5000)
    with pytest.raises(P.PicoError) as e:
        p.set_input(2, 0, 1000)
    assert "in the past" in str(e.value)


def node_decode(edges):
    """Feed (level, t_ns) edges to the WS2812 decoder, then a long low."""
    src = os.path.join(P.HERE, "lib", "ws2812.mjs")
    script = ("import { Ws2812Decoder } from %s;\n"
              "const out = [];\n"
              "const d = new Ws2812Decoder(22, (f) => out.push({bits: f.bits, data: Buffer.from(f.bytes).toString('hex'),"
              " violations: f.violations, notes: f.notes}));\n"
              "let t = 0;\n"
              "for (const [lv, at] of %s) { d.edge(lv, at); t = at; }\n"
              "d.poll(t + 60000);\n"
              "console.log(JSON.stringify(out));\n") % (json.dumps("file://" + src), json.dumps(edges))
    r = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def waveform(bits, t0=1000, high0=250, high1=875, period=1250):
    edges, t = [], t0
    for b in bits:
        edges.append([1, t])
        edges.append([0, t + (high1 if b else high0)])
        t += period
    return edges


def test_pico_ws2812_decoder_reads_bytes_and_checks_timings():
    if not P.node_ready():
        pytest.skip("node / rp2040js not installed (make pico-deps)")
    bits = [int(c) for c in "101000001111111100000001"]
    [f] = node_decode(waveform(bits))
    assert f == {"bits": 24, "data": "a0ff01", "violations": 0, "notes": []}
    # bit 0, a 1, high for 1000 ns (T1H is 800 +- 150 ns); bit 1, a 0, for
    # 200 ns (T0H is 400 +- 150 ns): read right, both reported
    edges = waveform(bits)
    edges[1][1] = edges[0][1] + 1000
    edges[3][1] = edges[2][1] + 200
    [f] = node_decode(edges)
    assert f["data"] == "a0ff01" and f["violations"] == 2
    assert "bit 0" in f["notes"][0] and "T1H" in f["notes"][0]
    assert "bit 1" in f["notes"][1] and "T0H" in f["notes"][1]
    # a low of 60 us in the middle latches: two frames
    two = waveform(bits[:8]) + waveform(bits[8:], t0=1000 + 8 * 1250 + 60000)
    assert [x["data"] for x in node_decode(two)] == ["a0", "ff01"]


def test_pico_power_cut_in_the_middle_of_a_flash_write(emulator, tmp_path):
    """run_until(flash_ops=n) stops right after the n-th erase/program:
    power_cycle() there is a power cut mid-write; littlefs then still
    mounts and the file reads whole, old or new."""
    p = booted(emulator, flash=str(tmp_path / "flash.bin"), fresh=True)
    repl(p, "f = open('s.txt', 'w'); f.write('old' * 300); f.close()")
    n0 = p.state()["flash_ops"]
    repl(p, "f = open('s.txt', 'w'); f.write('new' * 300); f.close(); print('written')")
    ops = p.state()["flash_ops"] - n0
    assert ops >= 2, ops
    kinds = {e["op"] for e in p.events("flash")}
    assert kinds == {"erase", "program"}
    seen = []
    for cut in range(1, ops + 1):
        repl(p, "f = open('s.txt', 'w'); f.write('old' * 300); f.close()")
        p.write_serial("f = open('s.txt', 'w'); f.write('new' * 300); f.close(); print('written')\r")
        p.run_for(2000000, flash_ops=cut)
        assert p.stopped_by == "flash"
        p.power_cycle()
        p.run_for(1500000)
        out = repl(p, "t = open('s.txt').read(); print('len', len(t), t[:3])")
        assert "len 900 old" in out or "len 900 new" in out, (cut, out)
        seen.append(out.split("len 900 ")[1][:3])
    print("\n[pico] a 900-byte file rewrite: %d flash operations; cut after each: %s" % (ops, seen))
    assert seen[0] == "old"            # cut at the first operation: the old file
    assert [e["reason"] for e in p.events("reset")].count("power-on") == ops + 1


def test_pico_close_ends_the_reader_quietly(emulator):
    """close() waits for the reader thread, which must end without an
    exception (it once read self._proc after close() had dropped it:
    AttributeError on stderr at every close)."""
    import threading
    errors = []
    old = threading.excepthook
    threading.excepthook = lambda a: errors.append(a.exc_value)
    try:
        for _ in range(3):
            p = emulator()
            p.run_for(2000)
            reader = p._reader
            p.close()
            assert not reader.is_alive()
    finally:
        threading.excepthook = old
    assert errors == []


def test_pico_usb_connection_ends_at_a_reset(emulator):
    """A reset re-enumerates a real Pico's USB: the host's serial port goes
    and an open connection ends, so mpremote connects again.  The emulator
    did keep the socket open across resets: a tool that worked here could
    hang on a Pico.  After the reset the port answers again."""
    import socket
    import sys
    p = booted(emulator)
    p.run_free()
    try:
        s = socket.create_connection(("127.0.0.1", p.port), timeout=60)
        s.sendall(b"\r\nimport machine; machine.reset()\r\n")
        got = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break           # the connection ended
            got += chunk
        s.close()
        r = subprocess.run([sys.executable, "-m", "mpremote", "connect", "socket://127.0.0.1:%d" % p.port,
                            "exec", "import machine; print('cause', machine.reset_cause())"],
                           capture_output=True, text=True, timeout=120)
    finally:
        p.pause()
    assert p.state()["resets"] == 1
    # machine.reset() is a watchdog reboot on the RP2040 (watchdog_reboot:
    # REASON's FORCE bit), so the chip itself says WDT_RESET (3)
    assert r.returncode == 0 and "cause 3" in r.stdout, (r.stdout, r.stderr)


def test_pico_free_run_through_a_long_idle_sleep(emulator):
    """A board asleep for an hour (time.sleep(3600)) in a free run: pause()
    answers at once, and a watchdog armed before the sleep resets the
    board 2 s later (the free run once froze in such a wait)."""
    import sys
    import time
    p = booted(emulator)
    t_free = p.now_us
    p.run_free()
    try:
        r = subprocess.run([sys.executable, "-m", "mpremote", "connect", "socket://127.0.0.1:%d" % p.port,
                            "exec", "--no-follow",
                            "import machine, time; w = machine.WDT(timeout=2000); time.sleep(3600)"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        time.sleep(1)
    finally:
        w0 = time.monotonic()
        p.pause()
        waited = time.monotonic() - w0
    assert waited < 5, waited
    p.run_for(3000000)
    resets = p.events("reset")
    assert [e["reason"] for e in resets] == ["power-on", "watchdog"], resets
    assert 2000000 <= resets[1]["t"] - t_free <= 30000000, (t_free, resets)
