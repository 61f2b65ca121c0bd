# make test's time budget (issue 39, 1): each part timed by
# tools/suite_times.py, one table at the end that names every part, its wall
# time and whether it passed, and the ten slowest tests of all suites; the
# table prints when a part fails, and then says so and exits 1 (make test's
# exit code).
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "tools", "suite_times.py")


def times(*args):
    # (not make test's own xml and times, when make test runs this)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "MP_TIMES")}
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env=env)


def test_each_part_timed_and_the_table_names_the_failed_one_and_exits_1(tmp_path):
    d = str(tmp_path / "t")
    assert times("reset", d).returncode == 0
    ok = times("run", d, "install", "--", sys.executable, "-c", "import time; time.sleep(0.3)")
    assert ok.returncode == 0
    bad = times("run", d, "lint", "--needs", "install", "--", sys.executable, "-c", "raise SystemExit(3)")
    assert bad.returncode == 3                                # the part's own code, for make
    with open(os.path.join(d, "install.json")) as f:
        assert json.load(f)["seconds"] >= 0.3
    r = times("table", d)
    assert r.returncode == 1
    rows = {ln.split()[0]: ln for ln in r.stdout.splitlines() if ln.startswith("  ")}
    assert "ok" in rows["install"] and "FAILED (exit 3)" in rows["lint"]
    assert "FAILED: lint" in rows["total"]


def test_a_part_that_needs_a_failed_one_is_not_run_and_counts_as_failed(tmp_path):
    d = str(tmp_path / "t")
    times("run", d, "install", "--", sys.executable, "-c", "raise SystemExit(1)")
    marker = tmp_path / "ran"
    r = times("run", d, "cpython", "--needs", "install", "--", sys.executable, "-c",
              "open(%r, 'w').close()" % str(marker))
    assert r.returncode == 1 and not marker.exists() and "install failed" in r.stderr
    table = times("table", d).stdout
    assert [ln for ln in table.splitlines() if ln.split()[:1] == ["cpython"] and "not run" in ln]


def test_the_ten_slowest_tests_come_from_the_pytest_xml_and_the_micropython_times(tmp_path):
    d = str(tmp_path / "t")
    # a pytest stage: the tool hands pytest --junitxml through PYTEST_ADDOPTS
    (tmp_path / "test_slow.py").write_text(
        "import time, pytest\n"
        "@pytest.mark.parametrize('n', range(12))\n"
        "def test_nap(n):\n    time.sleep(0.01 if n else 0.4)\n")
    r = times("run", d, "cpython", "--", sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
              str(tmp_path / "test_slow.py"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert os.path.exists(os.path.join(d, "cpython.xml"))
    # the MicroPython runner writes MP_TIMES (host_tests/mp_run.py)
    mp = "import os; open(os.environ['MP_TIMES'], 'w').write('test_app.test_whole_game\\t9.5\\n')"
    assert times("run", d, "micropython", "--", sys.executable, "-c", mp).returncode == 0
    out = times("table", d).stdout
    slow = out.split("slowest tests:")[1].strip().splitlines()
    assert len(slow) == 10
    assert "micropython: test_app.test_whole_game" in slow[0] and "9.5 s" in slow[0]
    assert "test_nap[0]" in slow[1]


def test_mp_run_writes_each_tests_time_when_asked(tmp_path):
    from mp import micropython_bin
    out = tmp_path / "mp.tsv"
    r = subprocess.run([micropython_bin(), "host_tests/mp_run.py", "test_core"], capture_output=True,
                       text=True, cwd=ROOT, env=dict(os.environ, MP_TIMES=str(out)), timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [ln.split("\t") for ln in out.read_text().splitlines()]
    assert len(rows) > 5 and all(name.startswith("test_core.test_") and float(s) >= 0 for name, s in rows)


@pytest.mark.parametrize("argv", [[], ["run"], ["run", "d", "x"], ["run", "d", "x", "--"], ["table"],
                                  ["run", "d", "x", "--needs", "--", "true"]])
def test_a_wrong_command_line_is_refused_with_the_usage(argv):
    r = times(*argv)
    assert r.returncode == 2 and "usage" in r.stderr and "Traceback" not in r.stderr


def test_mp_portable_shares_the_tests_among_its_processes_each_run_once(tmp_path):
    # make test-micropython: two processes claim the tests as they go; each
    # test runs in exactly one of them, the count is the single runner's,
    # and the times of both land in MP_TIMES
    out = tmp_path / "mp.tsv"
    mods = ["test_core", "test_tape_rules"]
    env = dict(os.environ, MP_TIMES=str(out))
    r = subprocess.run([sys.executable, "host_tests/mp.py", "portable", "2"] + mods, capture_output=True,
                       text=True, cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    names = [ln.split("\t")[0] for ln in out.read_text().splitlines()]
    assert len(names) == len(set(names)) > 10, names
    assert r.stdout.strip().splitlines()[-1] == "micropython: %d passed, 0 failed" % len(names)
    assert not list(tmp_path.glob("mp.tsv.*"))
    one = subprocess.run([sys.executable, "host_tests/mp.py", "portable", "1"] + mods, capture_output=True,
                         text=True, cwd=ROOT, timeout=300)
    assert one.stdout.strip().splitlines()[-1] == r.stdout.strip().splitlines()[-1]


def test_mp_portable_fails_when_a_test_fails(tmp_path):
    # a failing portable test (a module made for the occasion, found on
    # MICROPYPATH) fails the run, and the failure's lines reach the output
    (tmp_path / "test_zz_probe.py").write_text("def test_fails():\n    assert 1 == 2, 'probe'\n\n"
                                             "def test_passes():\n    pass\n")
    env = dict(os.environ, MICROPYPATH=str(tmp_path) + ":.frozen")
    r = subprocess.run([sys.executable, "host_tests/mp.py", "portable", "2", "test_zz_probe"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAIL test_zz_probe.test_fails" in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "micropython: 1 passed, 1 failed"


def test_reset_keeps_the_last_runs_times_and_the_emulated_order_reads_them(tmp_path):
    # issue 39: the emulated stage hands out its files longest first, by
    # the last run's own junit times where there are some (COST_S else)
    sys.path.insert(0, os.path.dirname(TOOL))
    import suite_times
    d = tmp_path / "times"
    d.mkdir()
    (d / "rp2040.xml").write_text(
        '<testsuites><testsuite>'
        '<testcase classname="host_tests.pico.test_a" name="t1" time="3.5"/>'
        '<testcase classname="host_tests.pico.test_a" name="t2" time="1.5"/>'
        '<testcase classname="host_tests.pico.test_b" name="t" time="9"/>'
        '</testsuite></testsuites>')
    (d / "rp2040.json").write_text("{}")
    assert suite_times.reset(str(d)) == 0
    assert not (d / "rp2040.xml").exists() and (d / "last" / "rp2040.xml").exists()
    assert suite_times.file_costs(str(d / "last" / "rp2040.xml")) == {"test_a.py": 5.0, "test_b.py": 9.0}
    assert suite_times.file_costs(str(d / "nothing.xml")) == {}
