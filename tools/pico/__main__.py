"""The box on an emulated Pico, answering mpremote (docs/pico.md).

  python -m tools.pico serve --board pico_matrix --flash build/pico/pico_matrix.bin --port 2040
      then, in another terminal:
  make flash BOARD=pico_matrix PORT=socket://127.0.0.1:2040     (once: copies the box)
  make repl PORT=socket://127.0.0.1:2040

Runs the stock MicroPython UF2 on the emulated RP2040 at real speed at most
(--fast: idle waits skipped), its flash kept in --flash between runs
(--fresh: start erased), until Ctrl-C.  --show prints each WS2812 frame's
time and lit LEDs, and the pad LEDs, as the board drives them.
"""
import argparse
import os
import sys
import time

from tools.pico.pico import Pico, PicoError, MissingInput, ROOT, UF2_NAME, find_input, missing_inputs, one_file_box


def serve(a):
    # every missing input at once, before any step is announced
    missing = missing_inputs(a.uf2, a.bootrom)
    if missing:
        print("pico: the emulated Pico cannot start; %d input(s) missing:" % len(missing))
        for m in missing:
            print("  - " + m)
        return 2
    flash = a.flash or os.path.join(ROOT, "build", "pico", a.board + ".bin")
    frozen = one_file_box(find_input(UF2_NAME, a.uf2, "PICO_UF2"))
    if a.install and not frozen and not os.path.exists(flash):
        from tools.pico import images
        print("no box on the emulated Pico yet: copying it with `make flash` (a minute or two)...")
        images.copy_of(a.board, flash, uf2=a.uf2, bootrom=a.bootrom)
    empty = not frozen and (a.fresh or not os.path.exists(flash))
    p = Pico(uf2=a.uf2, bootrom=a.bootrom, flash=flash, fresh=a.fresh, board=a.board, port=a.port)
    p.start()
    print("emulated Pico (%s), flash %s" % (a.board, os.path.relpath(flash, ROOT)))
    print("USB serial: socket://127.0.0.1:%d   e.g. make repl PORT=socket://127.0.0.1:%d" % (p.port, p.port))
    if frozen:
        print("a one-file box (%s frozen into the UF2 with MicroPython, make uf2): it plays as it starts; "
              "make flash would be refused on it" % frozen)
    elif empty:
        print("an empty board: copy the box with  make flash BOARD=%s PORT=socket://127.0.0.1:%d" % (a.board, p.port))
    p.run_free(realtime=not a.fast)
    try:
        if a.window:
            try:
                from tools.pico.window import PicoWindow
                w = PicoWindow(p, a.board)
                print("the box is in the window: keys 1-8 / Q-I or the mouse press the pads, "
                      "M the menu button, Esc quits")
                return w.run(a.quit_after, a.screenshot)
            except (RuntimeError, ImportError) as e:    # no screen here: the console only
                print("pico: no window (%s); the board runs without one (Ctrl-C stops it)" % e)
        shown = 0
        while True:
            time.sleep(0.5)
            if p.stopped:
                print("the emulated Pico stopped: %s" % p.stopped)
                return 1
            if a.show:
                fr = p.frames()
                for t, px in fr[shown:]:
                    lit = sum(1 for c in px if any(c))
                    print("%10.3f ms  frame: %d LEDs, %d lit" % (t / 1000, len(px), lit))
                shown = len(fr)
    except KeyboardInterrupt:
        print("\nstopping")
        return 0
    finally:
        p.close()
        print("flash saved in %s" % os.path.relpath(flash, ROOT))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico", description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve", help="run the box, USB serial on a TCP port")
    s.add_argument("--board", default="pico_matrix", help="a board file name from boards/")
    s.add_argument("--flash", help="the flash image file (default build/pico/<board>.bin)")
    s.add_argument("--fresh", action="store_true", help="start with an erased flash (the UF2 only)")
    s.add_argument("--port", type=int, default=2040, help="TCP port of the USB serial (0: any free one)")
    s.add_argument("--uf2", help="MicroPython UF2 (default ../shared/pico/RPI_PICO-v1.28.0.uf2)")
    s.add_argument("--bootrom", help="RP2040 B1 bootrom (default ../shared/pico/rp2040-bootrom-b1.bin)")
    s.add_argument("--install", action="store_true",
                   help="no flash image yet: make one with `make flash` first (make pico)")
    s.add_argument("--fast", action="store_true", help="skip idle waits (faster than a real Pico)")
    s.add_argument("--show", action="store_true", help="print the WS2812 frames as they come")
    s.add_argument("--window", action="store_true",
                   help="show the box in the simulator's window (display, pad LEDs; keys press the pads)")
    s.add_argument("--quit-after", type=float, help=argparse.SUPPRESS)     # tests, docs
    s.add_argument("--screenshot", help=argparse.SUPPRESS)                 # saved at --quit-after
    a = ap.parse_args(argv)
    try:
        return serve(a)
    except (MissingInput, PicoError) as e:
        print("pico: %s" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main())
