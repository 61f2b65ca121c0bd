# The release workflow (issue 29, 2): .github/workflows/release.yml runs
# make targets only, so `make test` exercises them where the workflow
# cannot run: each `make` it runs exists and plans its steps (`make -n`),
# the release covers every board, and the checksum step is run on files.
import hashlib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import release  # noqa: E402

WORKFLOW = os.path.join(ROOT, ".github", "workflows", "release.yml")


def workflow():
    with open(WORKFLOW) as f:
        return f.read()


def test_the_workflow_runs_on_a_tag_and_its_make_targets_exist_and_plan():
    text = workflow()
    assert re.search(r"^on:\s*\n\s+push:\s*\n\s+tags:", text, re.M)
    runs = re.findall(r"^\s+(?:run: |  )make (\S+)(.*)$", text, re.M)
    targets = [t for t, _ in runs if not t.startswith("-")]
    assert "release" in targets
    for target, rest in runs:
        if target.startswith("-"):
            continue     # make -C of MicroPython's own sources
        args = re.findall(r'(\w+)="[^"]*"', rest)
        r = subprocess.run(["make", "-n", "--no-print-directory", "-o", ".venv/.installed", target]
                           + ["%s=/nonexistent" % a for a in args],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (target, r.stderr)


def test_make_release_builds_the_uf2_of_every_board_then_collects_them():
    r = subprocess.run(["make", "-n", "--no-print-directory", "-o", ".venv/.installed", "release",
                        "MPY_SRC=/src/micropython"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    built = re.findall(r"tools/uf2.py firmware --board (\S+) --src /src/micropython", r.stdout)
    assert built == release.board_names() and len(built) >= 5
    assert r.stdout.strip().splitlines()[-1].endswith("tools/release.py collect --out build/release")


def fake_build(tmp_path, boards):
    build = tmp_path / "build"
    build.mkdir()
    for i, b in enumerate(boards):
        (build / ("bataille-box-%s-0.1.0.uf2" % b)).write_bytes(b"UF2\n" * (i + 1))
    return build


def test_release_collects_every_board_and_its_checksums_hold(tmp_path):
    boards = release.board_names()
    build = fake_build(tmp_path, boards)
    (build / "web").mkdir()
    (build / "web" / "index.html").write_text("<html></html>")
    out = tmp_path / "release"
    rc, files = release.collect(str(out), str(build))
    assert rc == 0
    assert files == sorted(["bataille-box-%s.uf2" % b for b in boards] + ["bataille-box-web.zip", "SHA256SUMS"])
    lines = (out / "SHA256SUMS").read_text().splitlines()
    assert len(lines) == len(files) - 1
    for ln in lines:
        h, name = ln.split("  ")
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == h
    assert release.check_sums(str(out)) is None
    r = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=str(out), capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr       # the format a parent's sha256sum reads
    (out / "bataille-box-pico_oled.uf2").write_bytes(b"changed")
    assert "pico_oled.uf2 does not match" in release.check_sums(str(out))
    assert release.main(["check", str(out)]) == 1


def test_release_without_a_boards_uf2_is_refused_in_one_line(tmp_path):
    boards = release.board_names()
    build = fake_build(tmp_path, boards[1:])
    rc, said = release.collect(str(tmp_path / "release"), str(build))
    assert rc == 1 and boards[0] in said and "make uf2 BOARD=%s" % boards[0] in said and "\n" not in said
    assert not (tmp_path / "release").exists()
