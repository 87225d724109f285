"""Invariants that must hold after every action of any game (checked by random playouts)."""
from __future__ import annotations

from collections import Counter


def check_invariants(game) -> list[str]:
    """Broken invariants of ``game`` right now, as readable lines (empty: all hold)."""
    bad = []
    d = game.dump()
    seen = Counter()
    for name, content in d["zones"].items():
        if content and isinstance(content[0], list) or game.rules.zones[name].per == "seat":
            for cards in content:
                seen.update(cards)
        else:
            seen.update(content)
    pack = game.rules.pack
    extra = [c for c, k in seen.items() if k != 1 or c not in game.rules.rank_of]
    missing = [c for c in pack if c not in seen]
    if extra or missing:
        bad.append(f"cards not in exactly one zone: twice/unknown {extra}, missing {missing}")
    if d["status"] == "in_progress":
        if not d["legal"]:
            bad.append("in progress with no legal action")
        if d["to_act"] is None:
            bad.append("in progress with nobody to act")
    elif d["status"] == "finished":
        loser, order = d["loser"], d["out_order"]
        if loser is None:
            bad.append("finished without a loser")
        if sorted(order + [loser]) != list(range(d["players"])):
            bad.append(f"finished: out_order {order} + loser {loser} is not every seat once")
        if d["legal"] or d["to_act"] is not None:
            bad.append("finished but still offers actions")
    else:
        bad.append(f"status {d['status']}: {game.result.message}")
    return bad
