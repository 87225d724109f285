"""The figures of a simulation, from the games' summaries (rulekit.simulation.runner):
per seat and per position from the dealer, outcome rates with 95% intervals and
whether they stray significantly from an even game; game length; aborts; how often
each action, decision step and announcement fires; how much choice the players had.
"""
from __future__ import annotations

import math
from collections import Counter

from .stats import mean_interval, percentile, std_dev, wilson

OUTCOMES = ("win", "loss", "draw")


def summarize(games: list[dict], players: int, when: list | None = None) -> dict:
    """The figures of ``games`` (summaries of one player count, in game order) as a
    plain dict (see docs/simulate.md for every key; NaN where there is no value);
    ``when``: the names of the counted expressions (listed even when they never held)."""
    n = len(games)
    done = [g for g in games if g["status"] == "finished"]
    aborted = [g for g in games if g["status"] == "aborted"]
    lengths = sorted(g["actions"] for g in done)
    mean_len = math.fsum(lengths) / len(lengths) if lengths else math.nan
    out = {"players": players, "games": n, "finished": len(done), "aborted": len(aborted),
           "abort_rate": len(aborted) / n if n else 0.0,
           "first_abort": None, "draws": sum(1 for g in done if g["draw"]),
           "loser_only": _loser_only(done, players),
           "length": {"mean": mean_len, "sd": std_dev(lengths),
                      "median": percentile(lengths, 50),
                      "p5": percentile(lengths, 5), "p95": percentile(lengths, 95),
                      "min": lengths[0] if lengths else None,
                      "max": lengths[-1] if lengths else None,
                      "histogram": _histogram(lengths)},
           "seats": _by(done, players, lambda g, s: s),
           "positions": _by(done, players, lambda g, s: (s - g["dealer"] - 1) % players),
           "choice": _choice(games),
           "actions": _counts(games, "action"), "steps": _counts(games, "step"),
           "announcements": _counts(games, "announcement"),
           "when": _counts(games, "when", when or ())}
    if aborted:
        first = aborted[0]
        out["first_abort"] = {"index": first["index"], "seed": first["seed"],
                              "message": first["message"]}
    return out


def _loser_only(done: list[dict], players: int) -> bool:
    """Whether every finished game named one loser and every other seat a winner, at
    more than two seats (a game that names only its loser, such as a shedding game's
    last player): its "wins" are "did not lose". False with no finished game."""
    return players > 2 and bool(done) and all(
        not g["draw"] and len(g["losers"]) == 1 and len(g["winners"]) == players - 1
        for g in done)


def _outcome(g: dict, seat: int) -> str:
    if g["draw"]:
        return "draw"
    if seat in g["winners"]:
        return "win"
    if seat in g["losers"]:
        return "loss"
    return "other"          # a place between first and last


def _by(done: list[dict], players: int, key) -> list[dict]:
    """Per seat (or per position: ``key(game, seat)``): counts, rates with intervals, and
    whether each rate strays from the even game (the mean rate over all of them lies
    outside its 95% interval); mean place and mean score where there are scores."""
    n = len(done)
    rows = []
    counts = [Counter() for _ in range(players)]
    places = [[] for _ in range(players)]
    scores = [[] for _ in range(players)]
    for g in done:
        for s in range(players):
            k = key(g, s)
            counts[k][_outcome(g, s)] += 1
            places[k].append(g["places"][s])
            if g["scores"] is not None:
                scores[k].append(g["scores"][s])
    even = {o: (sum(c[o] for c in counts) / (players * n) if n else 0.0) for o in OUTCOMES}
    for k in range(players):
        row = {"index": k}
        for o in OUTCOMES:
            got = counts[k][o]
            lo, hi = wilson(got, n)
            row[o] = {"count": got, "rate": got / n if n else math.nan, "low": lo, "high": hi,
                      "uneven": bool(n) and not lo <= even[o] <= hi}
        row["mean_place"] = math.fsum(places[k]) / n + 1 if n else math.nan
        if scores[k]:
            m, lo, hi = mean_interval(scores[k])
            row["score"] = {"mean": m, "low": lo, "high": hi}
        rows.append(row)
    return rows


def _choice(games: list[dict]) -> dict:
    decisions = sum(g["decisions"] for g in games)
    forced = sum(g["forced"] for g in games)
    return {"decisions": decisions, "one_legal_action": forced,
            "share_one_legal_action": forced / decisions if decisions else math.nan}


def _counts(games: list[dict], what: str, names=()) -> dict:
    """name -> {per_game: mean count per game, share: of the games where it fires}
    (``names`` are listed even at 0)."""
    n = len(games)
    total, seen = Counter(dict.fromkeys(names, 0)), Counter()
    for g in games:
        for name, k in g[what].items():
            total[name] += k
            seen[name] += 1
    return {name: {"per_game": total[name] / n, "share": seen[name] / n}
            for name in sorted(total)}


def _histogram(sorted_values: list[int], bins: int = 25) -> dict:
    """Counts of ``sorted_values`` in ``bins`` equal bins: ``edges`` (bins + 1 numbers)
    and ``counts``; empty lists for no values."""
    if not sorted_values:
        return {"edges": [], "counts": []}
    lo, hi = sorted_values[0], sorted_values[-1]
    width = max(1.0, (hi - lo) / bins)
    edges = [lo + i * width for i in range(bins + 1)]
    counts = [0] * bins
    for v in sorted_values:
        counts[min(bins - 1, int((v - lo) / width))] += 1
    return {"edges": edges, "counts": counts}
