"""The chi-square test of equal shares (piles taken, games won): whether
counts are what chance gives when every player has the same chance.  One
place for the statistics tools (tools/stats_head.py) and the fairness
tests (host_tests/test_tape_fairness.py); standard library only."""
import math


def chi2_sf(x, k):
    """P(X >= x) for a chi-square variable with k degrees of freedom."""
    y = x / 2.0
    if k % 2 == 0:
        term = math.exp(-y)
        s = term
        for i in range(1, k // 2):
            term *= y / i
            s += term
        return s
    s = math.erfc(math.sqrt(y))
    term = math.exp(-y) * math.sqrt(y) / math.gamma(1.5)
    for j in range(1, (k - 1) // 2 + 1):
        s += term
        term *= y / (j + 0.5)
    return s


def chi2_stat(counts):
    """The chi-square statistic of `counts` against equal shares."""
    n = sum(counts)
    if not n:
        return 0.0
    e = n / float(len(counts))
    return sum((c - e) ** 2 / e for c in counts)


def p_equal(counts):
    """The chi-square p-value of `counts` under equal shares."""
    return chi2_sf(chi2_stat(counts), len(counts) - 1)
