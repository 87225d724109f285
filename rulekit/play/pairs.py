"""Zones shown as pairs (a zone's ``pairs_with``, docs/language.md "zones"): card i of
one zone drawn with card i of its partner, ``9♣/T♣``, the partner not on its own.
:func:`partners` finds them in a ruleset; :func:`pair_lines` writes a pair of zones
for the terminal's table (the web page draws them from the same pairs:
rulekit.web.page)."""
from __future__ import annotations

from ..lang.zones import pair_up


def partners(rules) -> set:
    """The zones another zone pairs with: shown in their pairs, not on their own."""
    return {d.pairs_with for d in rules.zones.values() if d.pairs_with}


def _text(pairs: list, style) -> str:
    """``9♣/T♣ 7♥`` (``??`` a card the viewer cannot see; ``-`` none)."""
    return " ".join("/".join(style.card(c) for c in p) for p in pairs) if pairs \
        else "[dim]-[/dim]"


def pair_lines(decl, view, seat: int, style, say, label: str = "") -> list[str]:
    """The lines of zone ``decl`` paired with its ``pairs_with`` zone, as ``seat``'s
    ``view`` shows them: one line for a zone of the game (none when both are empty,
    unless the zone is ``show_empty``); for a zone per seat, the seat's own pairs, then
    the others' by seat. ``style``: a rulekit.play.table.CardStyle; ``say``: a seat ->
    how it is said (its player's name, escaped for the terminal); ``label``: how the
    pair of zones is said (default: their names)."""
    first, second = view["zones"].get(decl.name), view["zones"].get(decl.pairs_with)
    if first is None or second is None:
        return []
    label = label or f"{decl.name} / {decl.pairs_with}"
    if decl.per != "seat":
        if not first and not second and not decl.show_empty:
            return []
        return [f"  {label}: {_text(pair_up(first, second), style)}"]
    lines = []
    if first[seat] or second[seat]:
        lines.append(f"  your {label}: {_text(pair_up(first[seat], second[seat]), style)}")
    others = [f"{say(s)}: {_text(pair_up(a, b), style)}"
              for s, (a, b) in enumerate(zip(first, second)) if s != seat and (a or b)]
    if others:
        lines.append(f"  {label}: " + " | ".join(others))
    return lines
