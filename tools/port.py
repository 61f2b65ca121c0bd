"""Does anything answer at a PORT given to mpremote?  For socket:// (and
rfc2217://) addresses, where mpremote itself would only say the port "may be
in use by another program" when nothing listens there.

    python tools/port.py PORT     exit 0 if PORT can be tried (a serial
                                  device or a socket that answers), else one
                                  line saying why and exit 1

Used by tools/flash.py before it copies anything, and by `make repl` and
`make selftest` before they start mpremote.
"""
import socket
import sys


def port_answers(port):
    """None, or why a socket://host:port nobody listens on cannot be used
    (mpremote would only say the port may be busy)."""
    if not port.startswith(("socket://", "rfc2217://")):
        return None
    hostport = port.split("://", 1)[1].rstrip("/")
    host, _, num = hostport.rpartition(":")
    try:
        num = int(num)
        if not 0 < num < 65536:
            raise ValueError(num)
    except ValueError:
        return "%s: a socket address is socket://HOST:PORT, e.g. socket://127.0.0.1:2040" % port
    try:
        socket.create_connection((host or "127.0.0.1", num), timeout=3).close()
    except OSError as e:
        return ("nothing answers at %s (%s): is the emulator (python -m tools.pico serve) or "
                "the board's network bridge running on that port?" % (port, e.strerror or e))
    return None


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("port", help="what `mpremote connect` takes")
    a = ap.parse_args(argv)
    why = port_answers(a.port)
    if why:
        print(why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
