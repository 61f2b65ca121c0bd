"""Static check of firmware/ against the official RP2 stubs, with mypy.

The stubs (micropython-rp2-rpi-pico-stubs and micropython-stdlib-stubs) stand
in for the board's modules, so a wrong machine.Pin or rp2 call is caught
without a board.  The host port is plain Python for the PC and is checked by
the test suite instead.  Errors inside the stubs themselves are not ours and
are filtered out.
"""
import os
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "build", "stubs")


# Codes switched off everywhere: none.  Besides what the check is for (a
# name the board's modules do not have, attr-defined; a wrong number or type
# of arguments to machine/rp2/time calls, call-arg and arg-type; an attribute
# used while it may still be None, union-attr), the codes about mypy's own
# guesses (var-annotated, has-type, assignment, index, misc, call-overload)
# hold too: the code says with `# type:` comments (free on the board) what
# mypy cannot guess, and the few `# type: ignore[...]` say why.  (Nothing
# here imports an installed package without types: import-untyped is on.)
# Issue 38.
NOISE = ()

# Codes switched off in one module only ({"app.view": ("assignment",)}):
# for a file another change is rewriting, until it lands; empty today, and
# best kept so (issue 38).
NOISE_IN = {}  # type: dict


def site_packages():
    return sysconfig.get_paths()["purelib"]


def make_stub_dir(sp):
    """Gather the stub packages' top-level .pyi files into build/stubs
    (they install into site-packages, where mypy refuses to look for them)."""
    os.makedirs(STUBS, exist_ok=True)
    tops = set()
    for d in os.listdir(sp):
        if d.startswith(("micropython_rp2_rpi_pico_stubs", "micropython_stdlib_stubs")) and d.endswith(".dist-info"):
            with open(os.path.join(sp, d, "RECORD")) as f:
                for row in f:
                    path = row.split(",")[0]
                    if path.endswith(".pyi") and not path.startswith("stdlib/"):
                        tops.add(path.split("/")[0])
    if not tops:
        sys.exit("lint: the RP2 stubs are not installed (run `make test`)")
    for t in sorted(tops):
        link = os.path.join(STUBS, t)
        if not os.path.lexists(link):
            os.symlink(os.path.join(sp, t), link)


def main():
    sp = site_packages()
    make_stub_dir(sp)
    files = []
    for d, dirs, fs in os.walk(os.path.join(ROOT, "firmware")):
        rel = os.path.relpath(d, ROOT)
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        if rel.startswith(os.path.join("firmware", "hal", "host")):
            continue
        files += [os.path.join(rel, f) for f in sorted(fs) if f.endswith(".py")]
    env = dict(os.environ, MYPYPATH=STUBS + os.pathsep + os.path.join(ROOT, "firmware"))
    config = os.path.join(ROOT, "build", "lint_mypy.ini")
    with open(config, "w") as f:
        f.write("[mypy]\n")
        for mod in sorted(NOISE_IN):
            f.write("[mypy-%s]\ndisable_error_code = %s\n" % (mod, ", ".join(NOISE_IN[mod])))
    cmd = [sys.executable, "-m", "mypy", "--custom-typeshed-dir", sp, "--no-site-packages",
           "--config-file", config, "--check-untyped-defs", "--follow-imports=silent", "--no-error-summary",
           "--explicit-package-bases", "--cache-dir", os.path.join(ROOT, "build", "mypy_cache"),
           ] + ["--disable-error-code=" + c for c in NOISE] + files
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
    ours = [ln for ln in r.stdout.splitlines() if ln.startswith("firmware")]
    errors = [ln for ln in ours if ": error:" in ln]
    for ln in ours:
        print(ln)
    if r.returncode not in (0, 1):
        print(r.stdout, r.stderr)
        sys.exit("lint: mypy itself failed")
    print("lint: %d files checked against the RP2 stubs, %d errors" % (len(files), len(errors)))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    import argparse
    # no options: refuse a stray argument rather than run a long check
    argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n")[0]).parse_args()
    main()
