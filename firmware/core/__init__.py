# Core primitives shared by every game (RULES.md section C and L).
# Pure code: no hardware, no clock, runs on CPython and MicroPython alike.
