"""The bill of materials (hardware/bom.csv) turned into the parts list of
each board file: which rows apply, how many of each, and the total.

bom.csv columns: option, part, qty, example_part_number, price_eur, why.
`option` says when a row applies: module:<module>, module:any, pads (every
pad), led (every pad with an LED), display:<kind>, buzzer, speaker, menu,
switch (power.switch: the matrix's supply switch), sense (a battery divider
of the maker's own, power.sense on a pin), common,
power:usb (the default supply), power:aa (the 3 x AA alternative).
`qty` is a number, or per pad ("1/pad", "4/pad"), per pad LED ("1/led"),
or one per four pads, rounded up ("1/4pads").
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["option", "part", "qty", "example_part_number", "price_eur", "why"]


def load(path=os.path.join(HERE, "bom.csv")):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        if r.fieldnames != COLUMNS:
            raise ValueError("%s: the columns must be %s, not %s" % (path, ",".join(COLUMNS), r.fieldnames))
        return list(r)


def quantity(qty, board):
    n_pads = len(board["pads"])
    n_led = sum(1 for p in board["pads"] if p.get("led") is not None)
    if qty.endswith("/pad"):
        return int(qty[:-4]) * n_pads
    if qty.endswith("/led"):
        return int(qty[:-4]) * n_led
    if qty.endswith("/4pads"):
        return int(qty[:-6]) * ((n_pads + 3) // 4)
    return int(qty)


def applies(option, board, power="usb"):
    kind, _, what = option.partition(":")
    if kind == "module":
        return what in ("any", board["module"])
    if kind == "display":
        return what == board["display"]["kind"]
    if kind == "power":
        return what == power
    if option == "pads" or option == "common":
        return True
    if option == "led":
        return any(p.get("led") is not None for p in board["pads"])
    if option == "buzzer":
        return bool(board.get("buzzer"))
    if option == "speaker":
        return bool(board.get("speaker"))
    if option == "menu":
        return bool(board.get("menu_button"))
    if option == "switch":
        return (board.get("power") or {}).get("switch") is not None
    if option == "sense":
        return isinstance((board.get("power") or {}).get("sense"), list)
    raise ValueError("bom.csv: unknown option %r" % option)


def parts(rows, board, power="usb"):
    """[(row, quantity)] of the rows a board needs (quantity > 0)."""
    out = []
    for row in rows:
        if applies(row["option"], board, power):
            q = quantity(row["qty"], board)
            if q:
                out.append((row, q))
    return out


def total_eur(rows, board, power="usb"):
    return sum(q * float(r["price_eur"]) for r, q in parts(rows, board, power))


def _cell(s):
    return s.replace("|", "/").replace("\n", " ")


def markdown(rows, boards):
    """The whole CSV as one table, then the total of each board."""
    lines = ["| for | part | qty | example part number | EUR each | why |",
             "| --- | --- | --- | --- | ---: | --- |"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s |" % tuple(_cell(r[c]) for c in COLUMNS))
    lines.append("")
    lines.append("What each board file needs (quantities from its pads, display and options; "
                 "prices are rough 2025 single-unit prices):")
    lines.append("")
    lines.append("| board file | pads | display | parts | total EUR (power bank) | total EUR (3 x AA) |")
    lines.append("| --- | ---: | --- | ---: | ---: | ---: |")
    for name in sorted(boards):
        b = boards[name]
        lines.append("| `%s` | %d | %s | %d | %.0f | %.0f |" % (
            name, len(b["pads"]), b["display"]["kind"], len(parts(rows, b)),
            total_eur(rows, b, "usb"), total_eur(rows, b, "aa")))
    return "\n".join(lines) + "\n"


def board_csv(rows, board, power="usb"):
    """The parts list of one board as CSV text (part, qty, ...)."""
    import io
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["part", "qty", "example_part_number", "price_eur", "why"])
    for r, q in parts(rows, board, power):
        w.writerow([r["part"], q, r["example_part_number"], r["price_eur"], r["why"]])
    return out.getvalue()
