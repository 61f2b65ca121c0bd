# Every @rp2.asm_pio program in firmware/ names only what the real assembler
# gives it.  MicroPython's rp2.asm_pio runs the function with the module's
# globals replaced by the PIO instruction names and constants, so a module
# constant used inside (a delay `[T3 - 1]`) is a NameError at import on the
# board: the box did not boot (issue 12).  The host PIO stand-ins cannot see
# that; this check reads the source.
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# MicroPython v1.28.0 ports/rp2/modules/rp2.py: _pio_funcs, _pio_directives,
# _pio_instructions (the names the program function sees)
PIO_NAMES = {
    "gpio", "pins", "x", "y", "null", "pindirs", "pc", "status", "isr", "osr", "exec",
    "invert", "reverse", "not_x", "x_dec", "not_y", "y_dec", "x_not_y", "pin", "not_osre",
    "noblock", "block", "iffull", "ifempty", "clear", "rel",
    "wrap_target", "wrap", "label",
    "word", "nop", "jmp", "wait", "in_", "out", "push", "pull", "mov", "irq", "set",
}


def is_asm_pio(dec):
    f = dec.func if isinstance(dec, ast.Call) else dec
    return (isinstance(f, ast.Attribute) and f.attr == "asm_pio") or \
        (isinstance(f, ast.Name) and f.id == "asm_pio")


def pio_programs():
    """[(path, function node)] of every PIO program under firmware/."""
    out = []
    for d, dirs, files in os.walk(FIRMWARE):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            with open(path) as fh:
                tree = ast.parse(fh.read(), path)
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef) and any(is_asm_pio(x) for x in node.decorator_list):
                    out.append((os.path.relpath(path, ROOT), node))
    return out


def foreign_names(fn):
    """Names the function reads that the assembler does not provide."""
    local = {a.arg for a in fn.args.args}
    bad = []
    body = ast.Module(body=fn.body, type_ignores=[])   # not the decorator
    for node in ast.walk(body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id not in PIO_NAMES and node.id not in local:
                bad.append("%s (line %d)" % (node.id, node.lineno))
    return bad


def test_pio_programs_are_found():
    names = [fn.name for _, fn in pio_programs()]
    assert "ws2812_program" in names


def test_pio_programs_name_only_pio_instructions_and_literals():
    found = {}
    for path, fn in pio_programs():
        bad = foreign_names(fn)
        if bad:
            found["%s:%s" % (path, fn.name)] = bad
    assert found == {}, "rp2.asm_pio hides module names from the program: %s" % found


def test_pio_check_catches_a_module_constant():
    src = "import rp2\nT3 = 3\n@rp2.asm_pio()\ndef p():\n    out(x, 1).side(0)[T3 - 1]\n"
    fn = [n for n in ast.walk(ast.parse(src)) if isinstance(n, ast.FunctionDef)][0]
    assert foreign_names(fn) == ["T3 (line 5)"]
