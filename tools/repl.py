"""`make repl`: the box's REPL through mpremote, on a socket:// port too.

    python tools/repl.py [PORT]

mpremote 1.29's REPL waits on its port's file descriptor (console.py,
`pyb_serial.fd`), which pyserial's socket:// port does not have: on the
emulated Pico's socket it stopped with a 15-line AttributeError.  This gives
that port class the descriptor of its socket, then runs mpremote itself, so
the REPL, its Ctrl-] exit and everything else stay mpremote's.  A serial
port or a socket nobody answers at is said in one line first (tools/port.py).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from port import port_answers  # noqa: E402


def give_socket_ports_a_fd():
    """pyserial's socket:// Serial gets `fd`, the fileno of its socket."""
    from serial.urlhandler import protocol_socket
    cls = protocol_socket.Serial
    if not hasattr(cls, "fd"):
        cls.fd = property(lambda self: self._socket.fileno() if self._socket is not None else None)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    port = argv[0] if argv else ""
    why = port_answers(port)
    if why:
        print(why)
        return 1
    try:
        give_socket_ports_a_fd()
        from mpremote.main import main as mpremote_main
    except ImportError as e:
        print("repl: mpremote is not installed (%s): run `make venv`" % e)
        return 1
    sys.argv = ["mpremote"] + (["connect", port] if port else []) + ["repl"]
    return mpremote_main()


if __name__ == "__main__":
    sys.exit(main())
