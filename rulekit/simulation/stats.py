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


def estimate(values: list[float], null: float | None = None, z: float = Z95,
             within: tuple | None = None) -> dict:
    """A mean of per-game ``values`` as a figure: ``value``, ``low`` and ``high`` (its 95%
    interval, normal approximation; clipped to ``within`` = (lowest, highest) for a
    share, say), ``se`` (its standard error), ``n``; with a ``null`` value also
    ``significant``: whether the interval leaves it out (a two-sided test at 5%). NaN
    throughout for no values."""
    n = len(values)
    m, lo, hi = mean_interval(values, z)
    if within is not None and n:
        lo, hi = max(lo, within[0]), min(hi, within[1])
    sd = std_dev(values)
    se = sd / math.sqrt(n) if n >= 2 else (0.0 if n == 1 else math.nan)
    out = {"value": m, "low": lo, "high": hi, "se": se, "n": n}
    if null is not None:
        out["significant"] = bool(n) and not lo <= null <= hi
        if n and se == 0:               # every game the same: a sign test's chance
            out["significant"] = m != null and sign_test(n) < 0.05
    return out


def sign_test(n: int) -> float:
    """The two-sided chance that ``n`` games all fall on one side of an even coin: what
    a sample that never varies (every game the same, away from the null value) is
    worth; ``2 ** (1 - n)``."""
    return min(1.0, 2.0 ** (1 - n))


def ratio_estimate(num: list[float], den: list[float], z: float = Z95) -> dict:
    """The ratio ``sum(num) / sum(den)`` of per-game totals (a share of decisions, the
    mean choices a decision) as a figure (:func:`estimate`'s keys, ``n`` the games),
    with the standard error of a ratio of sums over games (the delta method: decisions
    of one game are not independent of each other, games are)."""
    n = len(num)
    total = math.fsum(den)
    if n == 0 or total <= 0:
        return {"value": math.nan, "low": math.nan, "high": math.nan, "se": math.nan, "n": n}
    r = math.fsum(num) / total
    if n < 2:
        return {"value": r, "low": r, "high": r, "se": 0.0, "n": n}
    mean_den = total / n
    resid = math.fsum((y - r * x) ** 2 for y, x in zip(num, den)) / (n - 1)
    se = math.sqrt(resid / n) / mean_den
    return {"value": r, "low": r - z * se, "high": r + z * se, "se": se, "n": n}


def rate_estimate(k: int, n: int) -> dict:
    """A rate ``k/n`` as a figure: the Wilson interval, ``se`` of the rate."""
    if n <= 0:
        return {"value": math.nan, "low": math.nan, "high": math.nan, "se": math.nan, "n": 0}
    p = k / n
    lo, hi = wilson(k, n)
    return {"value": p, "low": lo, "high": hi, "se": math.sqrt(p * (1 - p) / n), "n": n}


def difference(a: dict, b: dict, z: float = Z95) -> dict:
    """``b - a`` for two independent figures (with ``value`` and ``se``): ``value``,
    ``low``, ``high`` (95%, normal) and ``significant`` (the interval leaves 0 out: a
    two-sided z-test at 5%; never for a difference of two exact figures, se 0,
    unless their values differ)."""
    va, vb, sa, sb = a.get("value"), b.get("value"), a.get("se"), b.get("se")
    if any(v is None or (isinstance(v, float) and math.isnan(v)) for v in (va, vb, sa, sb)):
        return {"value": math.nan, "low": math.nan, "high": math.nan, "significant": False}
    d = vb - va
    se = math.sqrt(sa * sa + sb * sb)
    return {"value": d, "low": d - z * se, "high": d + z * se,
            "significant": abs(d) > z * se if se > 0 else abs(d) > 1e-12}


def chi2_sf(x: float, df: int) -> float:
    """The chance that a chi-square variable of ``df`` (a whole number >= 0) degrees of
    freedom exceeds ``x`` (the closed forms for whole degrees of freedom); 1 for
    ``df`` 0."""
    if df <= 0:
        return 1.0
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)            # h^(1/2) / Gamma(3/2)
    for i in range((df - 1) // 2):
        total += math.exp(-h) * term
        term *= h / (i + 1.5)
    return min(1.0, total)


def equal_means_test(rows: list[list[float]]) -> dict:
    """Whether the columns of ``rows`` (one row a game, one column a seat: its return)
    have equal means: Hotelling's T-squared on each column's difference from the last,
    which allows for the columns of one game depending on each other (one seat's win
    is another's loss), referred to the chi-square distribution (many games). Returns
    ``statistic``, ``df`` (the directions in which the differences vary), ``p`` and
    ``significant`` (p below 5%). A difference that never varies but is not 0 (a seat
    that always wins) gives an infinite statistic, and p of :func:`sign_test`."""
    n = len(rows)
    k = len(rows[0]) if rows else 0
    if n < 2 or k < 2:
        return {"statistic": math.nan, "df": 0, "p": 1.0, "significant": False}
    diffs = [[r[j] - r[-1] for j in range(k - 1)] for r in rows]
    p = k - 1
    mean = [math.fsum(d[j] for d in diffs) / n for j in range(p)]
    cov = [[math.fsum((d[i] - mean[i]) * (d[j] - mean[j]) for d in diffs) / (n - 1)
            for j in range(p)] for i in range(p)]
    quad, df, infinite = _quadratic_form(cov, mean)
    stat = math.inf if infinite else n * quad
    pv = chi2_sf(stat, df) if not infinite else sign_test(n)
    return {"statistic": stat, "df": df if not infinite else max(df, 1), "p": pv,
            "significant": pv < 0.05}


def _quadratic_form(a: list[list[float]], m: list[float]) -> tuple[float, int, bool]:
    """``m' A^+ m`` for a covariance ``a`` (symmetric, positive semi-definite), by
    symmetric elimination with the largest diagonal as pivot: (value, the rank used,
    whether ``m`` has a part where ``a`` is 0, which makes the form infinite)."""
    a = [row[:] for row in a]
    m = m[:]
    left = list(range(len(m)))
    scale = max([abs(a[i][i]) for i in left] + [1e-300])
    quad, rank = 0.0, 0
    while left:
        i = max(left, key=lambda j: a[j][j])
        piv = a[i][i]
        if piv <= 1e-12 * scale:
            break
        quad += m[i] * m[i] / piv
        rank += 1
        left.remove(i)
        for r in left:
            f = a[r][i] / piv
            for c in left:
                a[r][c] -= f * a[i][c]
            m[r] -= f * m[i]
    infinite = any(abs(m[r]) > 1e-9 for r in left)
    return quad, rank, infinite
