"""Simulation figures as text for people, as flat rows (CSV, data frames), and two or
more variants side by side with their significant differences marked."""
from __future__ import annotations

import math

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
        lines += ["", f"{n} players: {f['finished']} finished, {f['aborted']} aborted "
                  f"({_pct(f['abort_rate']).strip()}), {f['draws']} drawn",
                  f"  length (actions): mean {_num(L['mean'])}, median {_num(L['median'])}, "
                  f"5%-95% {_num(L['p5'])}-{_num(L['p95'])}"]
        if f["first_abort"]:
            a = f["first_abort"]
            lines.append(f"  first abort: game {a['index']} (seed {a['seed']}): {a['message']}")
        lines.append(f"  {'seat':<6}{'wins [95% interval]':<24}{'losses [95% interval]':<24}"
                     f"{'draws':<8}{'place':<7}score")
        for seat in f["seats"]:
            score = _num(seat["score"]["mean"]) if "score" in seat else "-"
            lines.append(f"  {seat['index']:<6}{_rate(seat['win']):<24}{_rate(seat['loss']):<24}"
                         f"{_pct(seat['draw']['rate']):<8}{_num(seat['mean_place']):<7}{score}")
        uneven = [p["index"] for p in f["positions"] if p["loss"]["uneven"] or p["win"]["uneven"]]
        by_pos = ", ".join(f"{p['index']}: {_pct(p['loss']['rate']).strip()}"
                           for p in f["positions"])
        lines.append(f"  losses by position from the dealer's left (0 = the dealer's left): "
                     f"{by_pos}" + (f"; uneven at {uneven}" if uneven else ""))
        c = f["choice"]
        lines.append(f"  choice: {c['decisions']} decisions, "
                     f"{_pct(c['share_one_legal_action']).strip()} with one legal action")
        for what in ("actions", "steps", "announcements", "when"):
            items = sorted(f[what].items(), key=lambda kv: -kv[1]["per_game"])
            if not items:
                continue
            shown = "; ".join(f"{_short(k)} {v['per_game']:.2f}/game "
                              f"({_pct(v['share']).strip()} of games)" for k, v in items[:12])
            more = f"; and {len(items) - 12} more" if len(items) > 12 else ""
            lines.append(f"  {what}: {shown}{more}")
    lines.append("")
    lines.append("* the rate strays from an even game (the mean over the seats lies outside "
                 "its 95% interval)")
    if res.records_written:
        lines.append(f"records: {len(res.records_written)} games kept")
    return "\n".join(lines)


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= 50 else text[:47] + "..."


def compare_text(cmp) -> str:
    """The variants side by side: per player count, each seat's win and loss rates and
    the game length; ``*`` marks a figure that differs significantly from the first
    variant's (two-proportion z-test at 5%; lengths: Welch's test on the means)."""
    base = cmp.results[0]
    labels = [r.label or r.ruleset for r in cmp.results]
    width = max(28, *(len(x) + 2 for x in labels))
    lines = [f"{len(cmp.results)} variants, {base.games} games each on the same seeds "
             f"(seed {base.seed}); * differs significantly from {labels[0]}"]
    for n in sorted(base.figures):
        lines += ["", f"{n} players" + " " * 10 + "".join(f"{x:<{width}}" for x in labels)]
        figs = [r.figures.get(n) for r in cmp.results]
        row = "  length (mean)    "
        for i, f in enumerate(figs):
            mark = " *" if i and _lengths_differ(figs[0], f) else ""
            row += f"{_num(f['length']['mean']) + mark:<{width}}"
        lines.append(row)
        row = "  aborted          "
        for f in figs:
            row += f"{_pct(f['abort_rate']).strip():<{width}}"
        lines.append(row)
        for o in ("loss", "win"):
            for s in range(n):
                row = f"  seat {s} {o + 'es' if o == 'loss' else o + 's':<9}"
                for i, f in enumerate(figs):
                    cell = f["seats"][s][o]
                    ref = figs[0]["seats"][s][o]
                    mark = " *" if i and two_rates_differ(cell["count"], f["finished"],
                                                          ref["count"], figs[0]["finished"]) else ""
                    row += f"{_pct(cell['rate']).strip() + mark:<{width}}"
                lines.append(row)
    return "\n".join(lines)


def _lengths_differ(a: dict, b: dict) -> bool:
    """Whether the mean lengths of two variants' finished games differ significantly."""
    la, lb = a["length"], b["length"]
    return two_means_differ(la["mean"], la["sd"], a["finished"], lb["mean"], lb["sd"],
                            b["finished"])


def compare_dict(cmp) -> dict:
    """The comparison as JSON-ready data: each variant's figures."""
    return {"variants": [r.to_dict() for r in cmp.results]}
