"""Small statistics for simulations: intervals for rates and means, tests of a
difference, percentiles. Pure Python (no SciPy): the normal approximation throughout,
which is what a few hundred games or more call for.

    >>> lo, hi = wilson(30, 100)                 # 30 losses in 100 games
    >>> round(lo, 3), round(hi, 3)
    (0.218, 0.396)
"""
from __future__ import annotations

import math

Z95 = 1.959963984540054      # the two-sided 95% point of the standard normal


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate of ``k`` in ``n``: (low,
    high), both in [0, 1]; (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` and its 95% interval (normal
    approximation, sample standard deviation); (nan, nan, nan) for no values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = math.fsum(values) / n
    if n == 1:
        return m, m, m
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return m, m - half, m + half


def two_rates_differ(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> bool:
    """Whether rates ``k1/n1`` and ``k2/n2`` differ significantly (two-sided two-proportion
    z-test, pooled, at 5%). False when either sample is empty or nothing varies."""
    if n1 <= 0 or n2 <= 0:
        return False
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return se > 0 and abs(k1 / n1 - k2 / n2) / se > z


def two_means_differ(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int,
                     z: float = Z95) -> bool:
    """Whether two means (with their sample standard deviations and sizes) differ
    significantly: a two-sided Welch z-test at 5%, fine for the large samples
    simulations give. False when a sample has fewer than two values."""
    if n1 < 2 or n2 < 2:
        return False
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    return se > 0 and abs(m1 - m2) / se > z


def std_dev(values: list[float]) -> float:
    """The sample standard deviation of ``values`` (nan for fewer than two)."""
    n = len(values)
    if n < 2:
        return math.nan
    m = math.fsum(values) / n
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``sorted_values`` by linear interpolation
    between closest ranks; nan for no values."""
    n = len(sorted_values)
    if n == 0:
        return math.nan
    pos = (n - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, n - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)
