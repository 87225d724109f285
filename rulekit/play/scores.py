"""The score panel and the result in words, for one seat (the web table and the terminal).

:func:`score_panel` reads the variables a ruleset marks ``score: true`` (per-seat
numbers) from a seat's view only, one row per seat and one column per variable, its
words (``doc``) as the header. :func:`result_words` tells a finished game's result to
one seat from the result's fields alone (winners, losers, places, scores, draw): "you
won, 3 points ahead", "you lost: seat 2 won with 26 points" ("you lost: Bot 2 (greedy)
won with 26 points" with names), "a draw"; a game whose only named side is a single
loser among several (no scores) says "you are not the loser" rather than "you won".
"""
from __future__ import annotations

from ..lang.wording import derived_words
from .names import who, who_list

UNKNOWN = "?"           # a score the seat may not see


def score_columns(rules) -> list:
    """``[(name, header)]``: the variables marked ``score: true``, in declaration order;
    the header is the variable's ``words``, else its ``doc``, else its name with each
    ``_`` a space."""
    return [(name, d.words or d.doc or derived_words(name)) for name, d in rules.vars.items()
            if d.score]


def score_panel(rules, view: dict, viewer, names=None) -> dict | None:
    """The score panel of ``view`` (a seat's or a spectator's): ``{"columns":
    [header, ...], "rows": [{"seat", "you", "values"}, ...]}``, one row per seat in seat
    order (with ``names``, also ``name``: the player's name, or None), each value a
    number or ``UNKNOWN`` where the view holds none; None when the ruleset marks no
    score."""
    columns = score_columns(rules)
    if not columns:
        return None
    values = [view["vars"].get(name) or [] for name, _ in columns]
    seats = max((len(v) for v in values), default=0)
    rows = []
    for s in range(seats):
        cells = []
        for v in values:
            x = v[s] if s < len(v) else None
            cells.append(UNKNOWN if x is None else x)
        row = {"seat": s, "you": s == viewer, "values": cells}
        if names:
            row["name"] = names[s] if s < len(names) else None
        rows.append(row)
    return {"columns": [header for _, header in columns], "rows": rows}


def panel_lines(panel: dict | None) -> list[str]:
    """The score panel as plain text lines (a small table: a header, then one line per
    seat, the reader's marked ``you``); no lines without a panel."""
    if not panel:
        return []
    heads = ["seat"] + panel["columns"]
    body = [[("you" if r["you"] else r.get("name") or f"seat {r['seat']}")]
            + [str(v) for v in r["values"]]
            for r in panel["rows"]]
    widths = [max(len(row[i]) for row in [heads] + body) for i in range(len(heads))]

    def line(row):
        return "  " + "  ".join(cell.rjust(w) if i else cell.ljust(w)
                                for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
    return [line(heads)] + [line(row) for row in body]


def panel_line(panel: dict | None, width: int = 78) -> list[str]:
    """The score panel in as few lines as a view's header wants: one line per score
    (``match totals: you 4, seat 1 13, seat 2 0``, the reader's own first), in a
    shorter form (``you 4, 1: 13, 2: 0``) when that would be wider than ``width``; no
    lines without a panel."""
    if not panel:
        return []
    rows = sorted(panel["rows"], key=lambda r: not r["you"])
    out = []
    for i, head in enumerate(panel["columns"]):
        long = ", ".join(("you" if r["you"] else r.get("name") or f"seat {r['seat']}")
                         + f" {r['values'][i]}"
                         for r in rows)
        if len(head) + len(long) + 4 > width:
            long = ", ".join(("you " if r["you"] else f"{r.get('name') or r['seat']}: ")
                             + str(r["values"][i])
                             for r in rows)
        out.append(f"  {head}: {long}")
    return out




def _amount(v, unit: tuple) -> str:
    return f"{v:g} {unit[0] if v == 1 else unit[1]}"


def _place(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def result_words(result, seat, names=None, unit=("point", "points")) -> str | None:
    """A finished game's result told to ``seat`` ("you won, 3 points ahead", "you lost:
    seat 2 won with 26 points", "a draw", "you are not the loser"); None for a spectator
    (``seat`` None) or a game not finished. ``result``: the game's result (its
    ``winners``, ``losers``, ``ranking``, ``scores``, ``draw``); ``names``: the players'
    names, one per seat (None where unnamed), said instead of seat numbers; ``unit``:
    (singular, plural) of the scores' unit (the ruleset's ``score_unit``)."""
    def _points(v):
        return _amount(v, unit)

    def _who(seats):
        return who_list(names, seats)
    if seat is None or getattr(result, "status", "finished") != "finished":
        return None
    winners, losers, scores = result.winners, result.losers, result.scores
    ranking = result.ranking
    if result.draw:
        return "a draw" + (f", everyone with {_points(scores[seat])}"
                           if scores and len(set(scores)) == 1 else "")
    if len(ranking) <= 1:                   # one seat alone: a win, a loss or a score
        if seat in winners:
            return "you won"
        if seat in losers:
            return "you lost"
        return f"you scored {_points(scores[seat])}" if scores else "the game is over"
    if scores is None and not result.teams and len(ranking) == 2 and len(losers) == 1 \
            and len(winners) > 1:           # only a loser is named: the rest did not lose
        return "you lost" if seat in losers else "you are not the loser"
    if seat in winners:
        words = "you won"
        team = next((t for t in result.teams or [] if seat in t), [seat])
        others = [s for s in winners if s not in team]
        if others:
            words += f", tied with {_who(others)}"
        if scores is not None:
            gap = abs(scores[seat] - scores[ranking[1][0]])
            words += f", {_points(gap)} ahead"
        return words
    first = f"{_who(winners)} won" + (f" with {_points(scores[winners[0]])}"
                                      if scores is not None else "")
    if seat in losers:
        return f"you lost: {first}"
    place = next(i for i, g in enumerate(ranking) if seat in g)
    return f"you came {_place(place + 1)}: {first}"


def end_lines(game, seats: list, names=None) -> list[str]:
    """What the terminal says at the end of a person's game besides the result line: the
    final score panel (seen by the one person's seat, or by a spectator when several
    share the screen) and the result told to each person's seat in ``seats``;
    ``names``: the players' names (one per seat, None where unnamed)."""
    if game.result.status != "finished":
        return []
    one = len(seats) == 1
    view = game.view(seats[0]) if one else game.spectator_view()
    lines = panel_lines(score_panel(game.rules, view, seats[0] if one else None, names))
    for s in seats:
        words = result_words(game.result, s, names, game.rules.score_unit)
        if words:
            lines.append(words[0].upper() + words[1:] + "." if one
                         else f"{who(names, s)}: {words}")
    return lines
