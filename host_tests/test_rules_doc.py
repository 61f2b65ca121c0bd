# The rule book in the repository (docs/RULES.md, for whoever clones it:
# the rules the box plays) is the team's contract word for word, and every
# rule id in it has a test named after it (test_b4_..., test_t8_...).
import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
COPY = os.path.join(ROOT, "docs", "RULES.md")
CONTRACT = os.path.join(ROOT, "..", "shared", "RULES.md")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_rules_copy_matches_the_team_rule_book():
    if not os.path.exists(CONTRACT):
        pytest.skip("no ../shared/RULES.md beside this checkout")
    assert read(COPY) == read(CONTRACT), (
        "the rule book changed: cp ../shared/RULES.md docs/RULES.md, then add "
        "or update the tests of the rules that changed")


def rule_ids(text):
    """The ids the rule book defines: each rule opens a bullet, **B4 ...**."""
    return sorted(set(re.findall(r"^- \*\*([A-Z][0-9]+)\b", text, re.M)))


def named_tests():
    names = set()
    for d, dirs, files in os.walk(HERE):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.startswith("test_") and f.endswith(".py"):
                names.update(re.findall(r"^def (test_\w+)", read(os.path.join(d, f)), re.M))
    return names


def test_every_rule_id_has_a_test_named_after_it():
    ids = rule_ids(read(COPY))
    assert len(ids) >= 30 and "B4" in ids and "T8" in ids and "S2" in ids
    names = named_tests()
    missing = [i for i in ids if not any(n.startswith("test_%s_" % i.lower()) for n in names)]
    assert not missing, "rule ids without a test named after them: %s" % ", ".join(missing)
