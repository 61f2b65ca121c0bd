# `make check` (tools/check.py, issue 39 item 6): the tests it picks for a
# change are those that can see it: importing the file changed or a module
# that imports it, or naming it; a file no test sees is said, not skipped
# in silence.
from tools import check


def names(runs):
    return set(p.rsplit("/", 2)[-2] + "/" + p.rsplit("/", 1)[-1] for p in runs)


def test_a_firmware_module_brings_its_tests_and_its_importers_tests():
    runs, unseen = check.select(["firmware/games/tape_head.py"])
    got = names(runs)
    assert "portable/test_tape_head.py" in got and "host_tests/test_tape_head_props.py" in got
    # games.tape imports it (in a function): the engine's tests see it too
    assert "portable/test_tape_rules.py" in got
    assert "portable/test_bataille.py" not in got and unseen == []


def test_a_test_helper_brings_the_tests_that_import_it():
    got = names(check.select(["host_tests/portable/tape_helpers.py"])[0])
    assert got and all("test_" in g for g in got)
    assert "portable/test_bataille.py" not in got


def test_a_file_named_by_a_test_brings_it_and_an_unseen_file_is_said():
    assert "host_tests/test_rules_doc.py" in names(check.select(["docs/RULES.md"])[0])
    nobody = "docs/" + "-".join(("no", "test", "names", "this")) + ".txt"   # (not even this one)
    runs, unseen = check.select([nobody])
    assert runs == [] and unseen == [nobody]


def test_dry_run_lists_and_runs_nothing(capsys, monkeypatch):
    monkeypatch.setattr(check, "changed", lambda base: ["firmware/games/tape_head.py"])
    assert check.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "test_tape_head.py" in out and "test files see them" in out
