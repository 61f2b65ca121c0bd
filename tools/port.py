"""Does anything answer at a PORT given to mpremote?  For socket:// (and
rfc2217://) addresses, where mpremote itself would only say the port "may be
in use by another program" when nothing listens there, and for a serial
device (/dev/ttyACM0, COM4) that does not exist, where it says the same.

    python tools/port.py PORT     exit 0 if PORT can be tried (a serial
                                  device or a socket that answers), else one
                                  line saying why and exit 1

Used by tools/flash.py before it copies anything, and by `make repl` and
`make selftest` before they start mpremote.
"""
import os
import socket
import sys


def serial_ports():
    """The serial devices this PC has (pyserial, mpremote's own library), or
    None when pyserial is not there to ask."""
    try:
        from serial.tools import list_ports
    except ImportError:
        return None
    return sorted(p.device for p in list_ports.comports())


def serial_problem(port):
    """None, or why the serial device `port` does not exist: mpremote would
    say it "may be in use by another program", which is true only of a
    port that exists.  Shortcuts (a0, u0, id:...) are left to mpremote."""
    is_path = port.startswith("/")
    is_com = port.upper().startswith("COM") and port[3:].isdigit()
    if not (is_path or is_com):
        return None
    if is_path and os.path.exists(port):
        return None
    seen = serial_ports()
    if is_com:
        if seen is None or port.upper() in [p.upper() for p in seen]:
            return None
    return ("no serial port %s on this PC: is the box plugged in (a USB data cable, not a charging "
            "one)? %s" % (port, "serial ports here: " + ", ".join(seen) if seen else
                          "no serial port found at all"))


def port_answers(port):
    """None, or why PORT cannot be used: a socket://host:port nobody listens
    on, or a serial device that does not exist (mpremote would only say the
    port may be busy)."""
    if not port.startswith(("socket://", "rfc2217://")):
        return serial_problem(port) if port else None
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
