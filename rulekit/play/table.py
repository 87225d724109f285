"""The table as a person sees it: cards styled, the view of one seat, the actions grouped.

:class:`CardStyle` writes cards with the suit symbols and colours of the ruleset's
``cards:`` notation (the standard pack's ♣♦♥♠, red for ♦♥, unless the ruleset says
otherwise), or as letters with ``ascii=True``; colour goes through rich, which honours
NO_COLOR and plain (non-terminal) output. :func:`render_view` draws what one seat may
see (``game.view(seat)``), with the cards of a zone that remembers its plays grouped by
play and seat, and the phase's ``display:`` lines (the play to beat, say) marked on the
play they name. :func:`action_lines` lists the legal actions, numbered, grouped by
action and suit when they are many, and paged to a height.
"""
from __future__ import annotations

import sys

from ..errors import printable
from ..lang.wording import phase_words, words_of
from .names import introduce, who
from .pairs import pair_lines, partners
from .scores import panel_line, score_panel
from .transcript import seen_cards


def hand_order(rules, c) -> tuple:
    """How a person's cards sort: by suit, then rank, then copy; extra cards last."""
    suit = rules.suit_of[c]
    return (len(rules.suits) if suit is None else rules.suits.index(suit),
            rules.cards.order[c])


class CardStyle:
    """How cards are written for a person: symbols and colour, or plain letters."""

    def __init__(self, rules, ascii: bool = False):
        cards = rules.cards
        self.symbols = cards.symbols
        self.red = set(cards.red)
        self.ascii = ascii or not set(cards.suits) <= set(self.symbols)
        self.cardset = cards

    def card(self, c) -> str:
        """Rich markup for one card (``None``: a hidden card, shown as ``??``)."""
        if c is None:
            return "[dim]??[/dim]"
        suit = self.cardset.suit_of.get(c)
        if self.ascii or suit is None:
            return str(c)
        face = self.cardset.face_of[c]
        rank = face[:len(face) - len(suit)]
        text = f"{rank}{self.symbols[suit]}{c[len(face):]}"       # Q♠, Q♠#2
        return f"[red]{text}[/red]" if suit in self.red else text

    def suit(self, s) -> str:
        """Rich markup for a suit letter."""
        if self.ascii or s not in self.symbols:
            return str(s)
        return f"[red]{self.symbols[s]}[/red]" if s in self.red else self.symbols[s]

    def cards(self, cs) -> str:
        return " ".join(self.card(c) for c in cs) if cs else "[dim]-[/dim]"

    def text(self, s: str) -> str:
        """Card tokens inside free text (an announcement, an action) restyled."""
        if self.ascii:
            return _escape(s)
        out = []
        for word in s.split(" "):
            core = word.rstrip(",.:;)")
            tail = word[len(core):]
            if self.cardset.is_card_text(core):
                out.append(self.card(core) + _escape(tail))
            else:
                out.append(_escape(word))
        return " ".join(out)


def _escape(s: str) -> str:
    """Text safe for rich and the terminal: markup brackets escaped, control characters
    written as \\xNN."""
    s = printable(s, 1000)
    return s.replace("[", "\\[")


def make_console(out=None, color: bool | None = None):
    """A rich Console writing to ``out`` (default stdout). Without colour (``color=False``
    or the NO_COLOR environment variable) it writes no styles at all, bold included."""
    import os

    from rich.console import Console
    plain = color is False or (color is None and bool(os.environ.get("NO_COLOR")))
    return Console(file=out or sys.stdout, highlight=False, soft_wrap=True,
                   no_color=plain, color_system=None if plain else "auto")


HIDDEN = type("Hidden", (), {"__repr__": lambda self: "HIDDEN"})()   # a card not seen
LONG_PILE = 16      # a public pile longer than this shows its count and last cards
SLACK = 5           # rows kept free under a page of actions: the prompt, a page line,
#                     and room for a hint or an error without the hand scrolling away


def _who(names, seat) -> str:
    """A seat as the view says it (its name, or ``seat S``), safe for rich."""
    return _escape(who(names, seat))


def render_view(game, seat: int, style: CardStyle, names=None) -> list[str]:
    """Lines (rich markup) describing what ``seat`` sees now: a header (seat, phase, the
    variables shown to all), each zone (its own cards sorted, the others' counts and
    face-up cards; a zone that remembers plays grouped by play with who played it; a
    zone with ``pairs_with`` as pairs with its partner's cards), the
    phase's ``display:`` lines, and who is out. Under the header, the score panel
    (:func:`rulekit.play.scores.score_panel`) when the ruleset marks scores. ``names``:
    the players' names (one per seat, None where unnamed), said instead of seat numbers."""
    view = game.view(seat)
    rules = game.rules
    shown_vars = []
    for name, d in rules.vars.items():
        if not d.show:
            continue
        value = view["vars"][name]
        said = _escape(words_of(d))
        if d.per == "game":
            shown_vars.append(f"{said}: {_var_text(value, d.type, style, names)}")
        else:                       # a value a seat: yours first, then the others'
            shown_vars.append(f"{said}: " + ", ".join(
                ("you" if s == seat else _who(names, s)) + " "
                + _var_text(v, d.type, style, names)
                for s, v in sorted(enumerate(value), key=lambda sv: sv[0] != seat)))
    lines = [" | ".join([f"[bold]{_escape(introduce(names, seat))}[/bold]",
                         f"phase {_escape(phase_words(rules, view['phase']))}"]
                        + shown_vars)]
    lines += [_escape(line) for line in panel_line(score_panel(rules, view, seat, names))]
    marks = table_values(game, seat, view)
    marked: set = set()
    first_owned = next((n for n, d in rules.zones.items() if d.per == "seat" and d.see == "owner"
                        and not d.row),
                       None)
    paired = partners(rules)
    for name, decl in rules.zones.items():
        content = view["zones"].get(name)
        if content is None or name in paired:
            continue
        if decl.pairs_with:
            partner = rules.zones.get(decl.pairs_with)
            lines += pair_lines(decl, view, seat, style, lambda s: _who(names, s), _escape(
                f"{words_of(decl)} / {words_of(partner) if partner else decl.pairs_with}"))
        elif decl.row:
            lines += _row_lines(decl, content, seat, style, names)
        elif decl.per == "seat":
            lines += _seat_zone(rules, name, content, seat, style, name == first_owned, names)
        elif decl.tagged and content:
            lines.append(f"  {_escape(words_of(decl))}: " + _plays(
                game, name, content, style, marks, marked, names))
        else:
            if not content and not decl.show_empty:
                continue
            said = _escape(words_of(decl))
            shown = [c for c in content if c is not None]
            if len(shown) == len(content) > LONG_PILE:      # the top ones: the rest counted
                lines.append(f"  {said}: {len(content)} cards, the last {LONG_PILE // 2}: "
                             f"{style.cards(content[-(LONG_PILE // 2):])}")
            elif len(shown) == len(content):
                lines.append(f"  {said}: {style.cards(content)}")
            elif shown:
                lines.append(f"  {said}: {_count(content)} ({style.cards(shown)} face up)")
            else:
                lines.append(f"  {said}: {_count(content)}")
    for label, value, typ in marks:
        if label not in marked and value not in (None, []):
            lines.append(f"  {_escape(label)}: {_value(value, typ, style, names)}")
    if view["out_order"]:
        lines.append("  out: " + ", ".join(_who(names, s) for s in view["out_order"]))
    return lines


def _var_text(value, typ: str, style: CardStyle, names=None) -> str:
    """A variable's value on the header: a suit or a card styled, a seat by its name or
    as ``seat N``,
    nothing (or not shown to this seat) as ``not known yet``."""
    if value is None:
        return "not known yet"
    if typ == "suit":
        return style.suit(value)
    if typ == "card":
        return style.card(value)
    if typ == "seat":
        return _who(names, value)
    return str(value)


def _count(cards) -> str:
    """``1 card``, ``5 cards``."""
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"


def _row_lines(decl, content, seat, style, names=None) -> list[str]:
    """The lines of a row of piles, each pile in its order, bottom to top as the zone
    holds it (``??`` a card face down, ``-`` an empty pile): the game's row on one
    line, a row per seat as the seat's own, then the others'."""
    def row(piles):
        return " | ".join(f"[{i}] " + (" ".join("??" if c is None else style.card(c)
                                                for c in p) if p else "-")
                          for i, p in enumerate(piles))
    said = _escape(words_of(decl))
    if decl.per != "seat":
        return [f"  {said}: {row(content)}"]
    lines = [f"  your {said}: {row(content[seat])}"]
    others = [f"{_who(names, s)}: {row(piles)}" for s, piles in enumerate(content)
              if s != seat and any(piles)]
    if others:
        lines.append(f"  {said}: " + " || ".join(others))
    return lines


def _seat_zone(rules, name, content, seat, style, first_owned, names=None) -> list[str]:
    """The lines of a per-seat zone: the seat's own cards, then the others'."""
    lines = []
    name = _escape(words_of(rules.zones[name]))
    own = content[seat]
    if own and all(c is not None for c in own):     # by suit, then rank
        own = sorted(own, key=lambda c: hand_order(rules, c))
    if own and all(c is None for c in own):
        lines.append(f"  your {name}: {len(own)} card{'s' if len(own) != 1 else ''} face down")
    elif own or first_owned:
        lines.append(f"  your {name}: {style.cards(own)}")
    others = []
    for s, cards in enumerate(content):
        if s == seat or not cards:
            continue
        shown = [c for c in cards if c is not None]
        bit = f"{_who(names, s)}: {len(cards)} card{'s' if len(cards) != 1 else ''}"
        if shown and len(shown) < len(cards):
            bit += f" ({style.cards(shown)} face up)"
        elif shown:
            bit = f"{_who(names, s)}: {style.cards(shown)}"
        others.append(bit)
    if others:
        lines.append(f"  {name}: " + " | ".join(others))
    return lines


def _plays(game, zone: str, content: list, style: CardStyle, marks, marked: set,
           names=None) -> str:
    """A zone that remembers its plays, as ``seat 1: K♣ | seat 2: Q♣ Q♦ ◀ to beat``: one
    group per play (consecutive cards of one play number and seat), marked with the
    label of a ``display:`` line whose cards are that play's."""
    tags = game.tags
    groups: list = []                       # [tag, cards shown]
    for real, shown in zip(game.z[zone], content):
        tag = tags.get(real)
        key = tag[:2] if tag else None
        if groups and groups[-1][0] == key and key is not None:
            groups[-1][1].append(shown)
        else:
            groups.append([key, [shown]])
    arrow = "<-" if style.ascii else "◀"
    bits = []
    for key, cards in groups:
        text = style.cards(cards)
        for label, value, typ in marks:
            if label not in marked and typ in ("cards", "play", "card", "list") and value \
                    and None not in (value if isinstance(value, list) else [value]) \
                    and sorted(value if isinstance(value, list) else [value]) == \
                    sorted(c for c in cards if c is not None):
                text += f" [bold]{arrow} {_escape(label)}[/bold]"
                marked.add(label)
        bits.append(text if key is None else f"{_who(names, key[0])}: {text}")
    return " | ".join(bits)


def table_values(game, seat: int, view=None) -> list:
    """``[(label, value, type)]``: the current phase's ``display:`` lines evaluated for
    ``seat``. A card the seat cannot see is given as None in a list, as :data:`HIDDEN`
    alone (both shown ``??``). Raises
    rulekit.errors.RulesetFailure when an expression fails."""
    phase = game.rules.phases.get(game.phase) if game.phase is not None else None
    if not phase or not phase.display:
        return []
    seen = seen_cards(view if view is not None else game.view(seat))
    pack = game.rules.cards.order
    out = []
    for label, fn, typ in phase.display:
        value = game.call_ruleset(fn, {"seat": seat})
        if isinstance(value, list):
            value = _masked(value, pack, seen)
        elif isinstance(value, str) and value in pack and value not in seen:
            value = HIDDEN
        out.append((label, value, typ))
    return out


def _masked(value: list, pack, seen) -> list:
    """``value`` with every card of ``pack`` not in ``seen`` as None, at any depth."""
    return [_masked(c, pack, seen) if isinstance(c, list) else
            None if isinstance(c, str) and c in pack and c not in seen else c for c in value]


def _value(value, typ, style: CardStyle, names=None) -> str:
    """A ``display:`` value in words: cards styled, a suit with its symbol, a seat by its
    name or as ``seat N``, nothing as ``-``."""
    if value is HIDDEN:
        return style.card(None)
    if value is None or value == []:
        return "-"
    if isinstance(value, list):
        if typ in ("cards", "play", "card"):
            return style.cards(value)
        return ", ".join(style.card(None) if v is None else _escape(str(v)) for v in value)
    if typ == "card":
        return style.card(value)
    if typ == "suit":
        return style.suit(value)
    if typ == "seat":
        return _who(names, value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _escape(str(value))


def gains(game, seat: int, action, tries: int = 8) -> list:
    """The cards ``seat`` can see now that ``action``'s own effects would surely move into
    the zones only it sees (what a ``take`` picks up): ``action`` is applied to
    ``tries`` copies of the game in which the cards hidden from the seat are redealt at
    random from a canonical order with a fresh random source (so the answer never tells
    what the seat cannot know, nor what a later shuffle will bring), and the cards are
    named only when every copy agrees. What follows the action (other seats' plays,
    a refill from the stock) is not counted. ``[]`` when it brings none, or the copies
    disagree."""
    import random

    from ..errors import RulekitError
    from .agents import determinize
    seen = seen_cards(game.view(seat))
    own = {name for name, d in game.rules.zones.items() if d.per == "seat" and d.see == "owner"
           and not d.row}
    mine = {c for name in own for c in game.z[name][seat]}
    rng = random.Random(f"{game.seed} {len(game.history)} {action}")
    found = None
    for _ in range(tries):
        trial = determinize(game, seat, rng, canonical=True)
        start = len(trial.events)
        try:
            trial.apply(action)
        except RulekitError:
            return []
        got = []
        events = trial.events
        if start < len(events) and events[start]["kind"] == "action":
            for ev in events[start + 1:events[start]["until"] or start + 1]:
                if ev["kind"] == "moved" and ev["to"][0] in own and ev["to"][1] == seat:
                    got += [c for c in ev["cards"] if c not in mine and c in seen
                            and c not in got]
        if found is not None and got != found:
            return []
        found = got
    return found or []


def _cell_len(markup: str) -> int:
    from rich.text import Text
    return Text.from_markup(markup).cell_len


def action_lines(game, actions: list, style: CardStyle, width: int = 80,
                 short: int = 12, seat: int | None = None) -> list[str]:
    """The numbered lines of ``actions`` (already in the order they are numbered): one
    per action when there are at most ``short``, each cardless one with the cards it
    would bring ``seat``; else grouped, one line per action name and suit of its first
    card (``play ♣:  1) 2♣   2) 5♣``), wrapped at ``width`` columns."""
    rules = game.rules

    def words(act) -> str:          # the action's text, its cards in hand order
        cards = list(act.cards)
        if len(cards) > 1 and str(act) == f"{act.name} {' '.join(cards)}":
            return f"{act.name} " + style.cards(sorted(cards, key=lambda c: hand_order(rules, c)))
        return style.text(str(act))
    if len(actions) <= short:
        out = []
        for i, act in enumerate(actions, 1):
            extra = ""
            if not act.cards and seat is not None:
                got = gains(game, seat, act)
                extra = f" [dim](picks up {style.cards(got)})[/dim]" if got else ""
            out.append(f"  [bold]{i:>2}[/bold]) {words(act)}{extra}")
        return out
    groups: dict = {}
    for i, act in enumerate(actions, 1):
        suit = rules.suit_of.get(act.cards[0]) if act.cards else None
        head = act.name if suit is None else f"{act.name} {style.suit(suit)}"
        entry = style.cards(sorted(act.cards, key=lambda c: hand_order(rules, c))) \
            if act.cards else style.text(str(act))
        if act.cards and str(act) != f"{act.name} {' '.join(act.cards)}":
            entry = style.text(str(act))          # words besides the cards: keep them
        groups.setdefault(head, []).append(f"[bold]{i}[/bold]) {entry}")
    out = []
    for head, entries in groups.items():
        line, used = f"  {head}:", _cell_len(f"  {head}:")
        for e in entries:
            n = _cell_len(e) + 2
            if used + n > width and used > _cell_len(f"  {head}:") + 2:
                out.append(line)        # a line of its own says its heading again
                line, used = f"  {head}:", _cell_len(f"  {head}:")
            line += "  " + e
            used += n
        out.append(line)
    return out


def rows(lines: list[str], width: int) -> int:
    """How many screen rows ``lines`` (rich markup) take at ``width`` columns."""
    width = max(1, width)
    return sum(max(1, -(-_cell_len(line) // width)) for line in lines)


def pages(lines: list[str], height: int) -> list[list[str]]:
    """``lines`` cut into pages of at most ``height`` lines (at least 3 each)."""
    height = max(3, height)
    return [lines[i:i + height] for i in range(0, len(lines), height)] or [[]]
