"""The report of ``rulekit analyze`` as text: one column per variant, one block per
player count; ``*`` marks a figure significant at 95% (a seat's advantage or a skill
gain away from 0, a test of fairness), and after each variant's figure ``(d ...)`` is
its difference from the first variant's, ``*`` when that is significant."""
from __future__ import annotations

import math

from ..lang.wording import holes_as_dots, players_text

LABEL = 34
CELL = 40


def _isnan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _fmt(x, signed: bool, pct: bool, digits: int) -> str:
    if _isnan(x):
        return "-"
    if pct:
        return f"{100 * x:{'+' if signed else ''}.{max(0, digits - 2)}f}%"
    return f"{x:{'+' if signed else ''}.{digits}f}"


def cell(fig: dict | None, diff: dict | None = None, signed=False, pct=False, digits=2) -> str:
    """``value [low, high]`` with ``*`` when significant, then the difference from the
    reference ``(d +x *)`` when there is one."""
    if fig is None:
        return "n/a"
    if _isnan(fig.get("value")):
        return "-"
    text = f"{_fmt(fig['value'], signed, pct, digits)} [{_fmt(fig['low'], signed, pct, digits)}, " \
           f"{_fmt(fig['high'], signed, pct, digits)}]"
    if fig.get("significant"):
        text += " *"
    if diff is not None and not _isnan(diff.get("value")):
        text += f" (d {_fmt(diff['value'], True, pct, digits)}{' *' if diff['significant'] else ''})"
    return text


def _test(t: dict) -> str:
    p = t["p"]
    shown = "0" if p == 0 else f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"
    return f"p {shown}{' *' if t['significant'] else ''}"


def text(a) -> str:
    """The report of an :class:`rulekit.simulation.analyze.Analysis`."""
    lines = [f"rulekit analyze: {a.games} games per variant, player count and run; seed "
             f"{a.seed}; base games: every seat {a.agents}; search: {a.budget} simulations a move",
             "* significant at 95% (a seat's advantage or a skill gain away from 0; a "
             "test of fairness); (d ...) the difference from the first variant, * when "
             "significant"]
    for n in a.players:
        figs = [f[n] for f in a.figures]
        diffs = [None] + [d[n] for d in a.differences]
        lines += [""]
        lines.append(_row(players_text(n), a.variants))
        lines.append(_row("base games finished", [
            f"{f['finished']}/{f['games']}" + (f", aborted {sum(f['aborted'].values())}"
                                               if sum(f["aborted"].values()) else "")
            for f in figs]))

        def fig_row(label, path, **kw):
            cells = []
            for f, d in zip(figs, diffs):
                fig = _at(f, path)
                cells.append(cell(fig, None if d is None else d.get(path), **kw))
            lines.append(_row(label, cells))

        lines.append("fairness (the base games)")
        lines.append(_row("  seats: equal returns?", [_test(f["fairness"]["seat_test"])
                                                      for f in figs]))
        for s in range(n):
            fig_row(f"  seat {s} mean return", f"fairness/seats/{s}/return", signed=True)
            fig_row(f"  seat {s} loses", f"fairness/seats/{s}/loss", pct=True, digits=3)
        lines.append(_row("  positions: equal returns?",
                          [_test(f["fairness"]["position_test"]) for f in figs]))
        for p in range(n):
            fig_row(f"  position {p} mean return", f"fairness/positions/{p}/return",
                    signed=True)
        lines.append("skill (gain in mean return of one stronger seat)")
        for name, sk in figs[0]["skill"].items():
            fig_row(f"  {sk['strong']} vs {sk['weak']}", f"skill/{name}/gain", signed=True)
        lines.append("length (per finished game)")
        fig_row("  actions", "length/actions", digits=1)
        fig_row("  decisions", "length/decisions", digits=1)
        for s in range(n):
            fig_row(f"  decisions of seat {s}", f"length/decisions_by_seat/{s}", digits=1)
        fig_row("  hands", "length/hands", digits=2)
        counted = list(figs[0]["length"]["counted"])
        for t in counted:
            fig_row(f"  '{_short(holes_as_dots(t))}'", f"length/counted/{t}", digits=2)
        lines.append("choice")
        fig_row("  decisions with one choice", "choice/one_choice", pct=True, digits=3)
        steps = sorted({s for f in figs for s in f["choice"]["by_step"]})
        for s in steps:
            said = _short(getattr(a, "words", {}).get(s, s), 22)
            fig_row(f"  {said}: choices", f"choice/by_step/{s}/branching", digits=2)
            fig_row(f"  {said}: one choice", f"choice/by_step/{s}/one_choice",
                    pct=True, digits=3)
        lines.append("tension")
        if not any(f["tension"]["available"] for f in figs):
            lines.append(_row("  n/a", [f["tension"]["why"] for f in figs]))
            continue
        lines.append(_row("  the seat followed", [
            {"leader": "the leader", "last": "the last"}.get(f["tension"].get("role"), "n/a")
            for f in figs]))
        fig_row("  changes a game", "tension/lead_changes", digits=2)
        fig_row("  decided at (share of game)", "tension/decided_at", pct=True, digits=3)
        for c in ("25", "50", "75"):
            fig_row(f"  followed = eventual at {c}%", f"tension/eventual_at/{c}", pct=True,
                    digits=3)
    return "\n".join(lines)


def _at(f: dict, path: str):
    x = f
    for k in path.split("/"):
        if isinstance(x, list):
            x = x[int(k)] if int(k) < len(x) else None
        elif isinstance(x, dict):
            x = x.get(k)
        if x is None:
            return None
    return x


def _row(label: str, cells: list) -> str:
    return (f"{label:<{LABEL}}" + "".join(f"{c:<{CELL}}" for c in cells)).rstrip()


def _short(text: str, width: int = 26) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 3] + "..."
