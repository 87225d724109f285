"""Simulation figures as text for people, as flat rows (CSV, data frames), and two or
more variants side by side with their significant differences marked."""
from __future__ import annotations

import math

from ..errors import printable
from ..lang.wording import holes_as_dots, players_text
from .stats import two_means_differ, two_rates_differ

#: The columns of ``rulekit simulate --csv``: one row per player count and seat.
CSV_COLUMNS = ("ruleset", "options", "players", "seat", "games", "finished", "aborted",
               "win_rate", "win_low", "win_high", "win_uneven",
               "loss_rate", "loss_low", "loss_high", "loss_uneven",
               "draw_rate", "draw_low", "draw_high", "mean_place", "mean_score",
               "length_mean", "length_median", "length_p5", "length_p95")


def rows(res) -> list[dict]:
    """One dict per player count and seat, keyed by :data:`CSV_COLUMNS`."""
    out = []
    opts = ",".join(f"{k}={_v(v)}" for k, v in sorted(res.options.items()))
    for n, f in sorted(res.figures.items()):
        for seat in f["seats"]:
            row = {"ruleset": res.label or res.ruleset, "options": opts, "players": n,
                   "seat": seat["index"], "games": f["games"], "finished": f["finished"],
                   "aborted": f["aborted"]}
            for o in ("win", "loss", "draw"):
                row[f"{o}_rate"] = seat[o]["rate"]
                row[f"{o}_low"] = seat[o]["low"]
                row[f"{o}_high"] = seat[o]["high"]
                if o != "draw":
                    row[f"{o}_uneven"] = seat[o]["uneven"]
            row["mean_place"] = seat["mean_place"]
            row["mean_score"] = seat["score"]["mean"] if "score" in seat else None
            for k in ("mean", "median", "p5", "p95"):
                row[f"length_{k}"] = f["length"][k]
            out.append(row)
    return out


def _v(v) -> str:
    return "true" if v is True else "false" if v is False else \
        " ".join(map(str, v)) if isinstance(v, list) else str(v)


def _pct(x: float) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:5.1f}%"


def _rate(cell: dict) -> str:
    mark = " *" if cell["uneven"] else "  "
    return f"{_pct(cell['rate'])} [{100 * cell['low']:4.1f}-{100 * cell['high']:4.1f}]{mark}"


def _num(x) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.1f}"


def text(res) -> str:
    """The report of one simulation (``rulekit simulate``)."""
    changed = ", ".join(f"{k}={_v(v)}" for k, v in sorted(res.options.items()))
    agents = ", ".join(f"seat {s} {k}" for s, k in sorted(res.agents.items())) or "all random"
    lines = [f"{res.title} ({res.label or res.ruleset}): {res.games} games per player count, "
             f"seed {res.seed}; agents: {agents}", f"options: {changed or '-'}"]
    for n, f in sorted(res.figures.items()):
        L = f["length"]
        lines += ["", f"{players_text(n)}: {f['finished']} finished, {f['aborted']} aborted "
                  f"({_pct(f['abort_rate']).strip()}), {f['draws']} drawn",
                  f"  length (actions): mean {_num(L['mean'])}, median {_num(L['median'])}, "
                  f"5%-95% {_num(L['p5'])}-{_num(L['p95'])}"]
        if f["first_abort"]:
            a = f["first_abort"]
            lines.append(f"  first abort: game {a['index']} (seed {a['seed']}): {a['message']}")
        won = "not lost [95%]" if f.get("loser_only") else "wins [95% interval]"
        lines.append(f"  {'seat':<6}{won:<24}{'losses [95% interval]':<24}"
                     f"{'draws':<8}{'place':<7}score")
        for seat in f["seats"]:
            score = _num(seat["score"]["mean"]) if "score" in seat else "-"
            lines.append(f"  {seat['index']:<6}{_rate(seat['win']):<24}{_rate(seat['loss']):<24}"
                         f"{_pct(seat['draw']['rate']):<8}{_num(seat['mean_place']):<7}{score}")
        by_pos = ", ".join(f"{p['index']}: {_pct(p['loss']['rate']).strip()}"
                           + (" *" if p["loss"]["uneven"] or p["win"]["uneven"] else "")
                           for p in f["positions"])
        lines.append(f"  losses by position from the dealer's left (0 = the dealer's left): "
                     f"{by_pos}")
        c = f["choice"]
        lines.append(f"  choice: {c['decisions']} decisions, "
                     f"{_pct(c['share_one_legal_action']).strip()} with one legal action")
        for what in ("actions", "steps", "announcements", "when"):
            items = sorted(f[what].items(), key=lambda kv: -kv[1]["per_game"])
            if not items:
                continue
            names = getattr(res, "words", {}).get(what, {})
            said = holes_as_dots if what == "announcements" else \
                (lambda k, names=names: names.get(k, k))
            shown = "; ".join(f"{printable(_short(said(k)), 200)} {v['per_game']:.2f}/game "
                              f"({_pct(v['share']).strip()} of games)" for k, v in items[:12])
            more = f"; and {len(items) - 12} more" if len(items) > 12 else ""
            lines.append(f"  {what}: {shown}{more}")
    if any(c["uneven"] for f in res.figures.values() for rows_ in (f["seats"], f["positions"])
           for row in rows_ for c in (row["win"], row["loss"])):
        lines.append("")
        lines.append("* the rate strays from an even game (the mean over the seats lies "
                     "outside its 95% interval)")
    if res.records_written:
        lines.append(f"records: {len(res.records_written)} games kept")
    return "\n".join(lines)


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= 50 else text[:47] + "..."


def compare_text(cmp) -> str:
    """The variants side by side: per player count, the mean game length, the abort
    rate and each seat's loss and win rates; ``*`` marks a figure that differs
    significantly from the first variant's (at 5%: rates by a two-proportion z-test,
    mean lengths by Welch's z-test, a normal approximation that marks too readily with
    only a few games)."""
    base = cmp.results[0]
    labels = [r.label or r.ruleset for r in cmp.results]
    width = max(28, *(len(x) + 2 for x in labels))
    lines = [f"{len(cmp.results)} variants, {base.games} games each on the same seeds "
             f"(seed {base.seed}); * differs significantly from {labels[0]}"]

    def row(label: str, cells: list) -> str:
        return (f"  {label:<17}" + "".join(f"{c:<{width}}" for c in cells)).rstrip()

    for n in sorted(base.figures):
        figs = [r.figures[n] for r in cmp.results]
        ref = figs[0]
        lines += ["", row(players_text(n), labels)]
        lines.append(row("length (mean)", [
            _num(f["length"]["mean"]) + (" *" if i and _lengths_differ(ref, f) else "")
            for i, f in enumerate(figs)]))
        lines.append(row("aborted", [
            _pct(f["abort_rate"]).strip() + (" *" if i and two_rates_differ(
                f["aborted"], f["games"], ref["aborted"], ref["games"]) else "")
            for i, f in enumerate(figs)]))
        won = "not lost" if all(f.get("loser_only") for f in figs) else "wins"
        for o in ("loss", "win"):
            for s in range(n):
                lines.append(row(f"seat {s} {'losses' if o == 'loss' else won}", [
                    _pct(f["seats"][s][o]["rate"]).strip() + (" *" if i and two_rates_differ(
                        f["seats"][s][o]["count"], f["finished"],
                        ref["seats"][s][o]["count"], ref["finished"]) else "")
                    for i, f in enumerate(figs)]))
    return "\n".join(lines)


def _lengths_differ(a: dict, b: dict) -> bool:
    """Whether the mean lengths of two variants' finished games differ significantly."""
    la, lb = a["length"], b["length"]
    return two_means_differ(la["mean"], la["sd"], a["finished"], lb["mean"], lb["sd"],
                            b["finished"])


def compare_dict(cmp) -> dict:
    """The comparison as JSON-ready data: each variant's figures."""
    return {"variants": [r.to_dict() for r in cmp.results]}
