"""A person at the terminal: what one seat may see, and a prompt for its action.

:class:`HumanAgent` is an agent (``choose(game) -> Action``) that shows only
``game.view(seat)``: its own cards, the public ones, counts of the hidden ones, the
variables a ruleset marks ``show: true`` (the trump suit, say) and who is out; lists
the legal actions numbered; and reads a number or an action string. Bad input is
explained and asked again; end of input or Ctrl-C raise :class:`Abandoned`.

Cards print with the suit symbols and colours of the ruleset's ``cards:`` notation (the
standard pack's ♣♦♥♠, red for ♦♥, unless the ruleset says otherwise), or as letters
with ``ascii=True``. Colour goes through rich, which honours NO_COLOR and
plain (non-terminal) output.
"""
from __future__ import annotations

import sys

from ..errors import CardError, IllegalAction, RulekitError, printable
from .session import WAIT


class Abandoned(RulekitError):
    """The person left: ``reason`` is ``"eof"`` (end of input), ``"interrupt"`` (Ctrl-C),
    ``"output"`` (the terminal or pipe we write to closed) or ``"quit"`` (they typed
    quit)."""

    MESSAGES = {"eof": "end of input: the game was abandoned",
                "interrupt": "interrupted: the game was abandoned",
                "output": "the output was closed: the game was abandoned",
                "quit": "you quit: the game was abandoned"}

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(self.MESSAGES[reason])


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


def render_view(game, seat: int, style: CardStyle) -> list[str]:
    """Lines (rich markup) describing what ``seat`` sees now."""
    view = game.view(seat)
    rules = game.rules
    shown_vars = []
    for name, d in rules.vars.items():
        if d.show and d.per == "game":
            value = view["vars"][name]
            if value is None:
                value = "not known yet"
            elif d.type == "suit":
                value = style.suit(value)
            elif d.type == "card":
                value = style.card(value)
            shown_vars.append(f"{name}: {value}")
    lines = [" | ".join([f"[bold]seat {seat}[/bold]", f"phase {view['phase']}"] + shown_vars)]
    first_owned = next((n for n, d in rules.zones.items() if d.per == "seat" and d.see == "owner"),
                       None)
    for name, decl in rules.zones.items():
        content = view["zones"].get(name)
        if content is None:
            continue
        if decl.per == "seat":
            own = content[seat]
            if own and all(c is not None for c in own):     # by suit, then rank
                own = sorted(own, key=lambda c: hand_order(rules, c))
            if own and all(c is None for c in own):
                lines.append(f"  your {name}: {len(own)} card{'s' if len(own) != 1 else ''} face down")
            elif own or name == first_owned:
                lines.append(f"  your {name}: {style.cards(own)}")
            others = []
            for s, cards in enumerate(content):
                if s == seat or not cards:
                    continue
                shown = [c for c in cards if c is not None]
                bit = f"seat {s}: {len(cards)} card{'s' if len(cards) != 1 else ''}"
                if shown and len(shown) < len(cards):
                    bit += f" ({style.cards(shown)} face up)"
                elif shown:
                    bit = f"seat {s}: {style.cards(shown)}"
                others.append(bit)
            if others:
                lines.append(f"  {name}: " + " | ".join(others))
        else:
            if not content and not decl.show_empty:
                continue
            shown = [c for c in content if c is not None]
            if len(shown) == len(content):
                lines.append(f"  {name}: {style.cards(content)}")
            elif shown:
                lines.append(f"  {name}: {len(content)} cards ({style.cards(shown)} face up)")
            else:
                lines.append(f"  {name}: {len(content)} cards")
    if view["out_order"]:
        lines.append("  out: " + ", ".join(f"seat {s}" for s in view["out_order"]))
    return lines


def _read_line(out, inp) -> str:
    """One line typed at ``inp`` (its newline included). Raises Abandoned at end of
    input or an interrupt, after ending the prompt's line on ``out``."""
    try:
        line = inp.readline()
    except KeyboardInterrupt:
        out.print()
        raise Abandoned("interrupt") from None
    if not line:
        out.print()
        raise Abandoned("eof")
    return line


class HotSeat:
    """Several people at one screen: before a different seat's turn the screen is cleared
    (on a terminal) and the game waits for Enter after "pass the screen to seat N", so
    nobody sees another's hand."""

    def __init__(self, console):
        self.console = console
        self.last = None

    def handover(self, seat: int, inp) -> None:
        """Hand the screen to ``seat`` unless it has it. Raises Abandoned at end of input
        or an interrupt."""
        if self.last == seat:
            return
        out = self.console
        if out.is_terminal:
            out.clear()
        out.print(f"  == pass the screen to seat {seat}, then press Enter ==", end="")
        line = _read_line(out, inp)
        if not (hasattr(inp, "isatty") and inp.isatty()):
            out.print()
        if line.strip().lower() in ("quit", "exit"):
            raise Abandoned("quit")
        self.last = seat


class HumanAgent:
    """A person choosing for ``seat`` through ``inp``/``console`` (see module doc);
    ``hotseat``: the :class:`HotSeat` of several people sharing the screen, if any."""
    kind = "human"

    def __init__(self, seat: int, console, style: CardStyle, inp=None, hotseat=None):
        self.seat = seat
        self.console = console
        self.style = style
        self.inp = inp or sys.stdin
        self.hotseat = hotseat

    def choose(self, game, seat=None):
        """The action this person types for their seat; at a shared window, ``WAIT``
        (rulekit.play.session) when they type ``wait`` to let a later seat act first.
        Raises Abandoned at end of input or an interrupt."""
        rules = game.rules
        names = []
        legal = game.legal_actions(self.seat)
        for a in legal:
            if a.name not in names:
                names.append(a.name)
        actions = sorted(legal, key=lambda a: (
            names.index(a.name), [hand_order(rules, c) for c in a.cards]))
        out = self.console
        if self.hotseat is not None:
            self.hotseat.handover(self.seat, self.inp)
        for line in render_view(game, self.seat, self.style):
            out.print(line)
        others = [s for s in game.actors if s != self.seat]
        chosen = game.view(self.seat).get("chosen")
        later = others[game.actors.index(self.seat):][:1] \
            if self.seat in game.actors and chosen is None else []   # the next in precedence
        if chosen is not None:                  # a simultaneous choice
            done = [s for s, _ in chosen if s != self.seat]
            bits = [f"seat{_s(seats)} {_seats(seats)} {verb}" for seats, verb in (
                (done, "has chosen" if len(done) == 1 else "have chosen"),
                (others, "still chooses" if len(others) == 1 else "still choose")) if seats]
            out.print("  everyone chooses at the same time" + (f" ({'; '.join(bits)})" if bits
                                                             else "")
                      + ": each choice stays hidden until every seat has chosen")
        elif others:
            out.print(f"  seat{_s(others)} {_seats(others)} may also act now"
                      + (f"; type 'wait' to let seat {later[0]} act first" if later else ""))
        for i, act in enumerate(actions, 1):
            out.print(f"  [bold]{i:>2}[/bold]) {self.style.text(str(act))}")
        while True:
            out.print(f"seat {self.seat}, your action (number or text): ", end="")
            text = _read_line(out, self.inp).strip()
            if not (hasattr(self.inp, "isatty") and self.inp.isatty()):
                out.print(_escape(text))   # echo piped input so the transcript reads well
            if not text:
                out.print("  please type a number from the list, or an action such as "
                          f"'{actions[0]}'")
                continue
            if text.lower() == "wait" and later and not any(a.name == "wait" for a in actions):
                return WAIT
            if text.lower() in ("help", "?", "h"):
                out.print(f"  type the number of an action from the list (1 to {len(actions)}),"
                          f" or its text such as '{_escape(str(actions[-1]))}'; a card alone "
                          "(like 7h, 10♥ or ♥10) plays it"
                          + (f"; 'wait' lets seat {later[0]} act first" if later else ""))
                out.print("  commands: help (this), rules (the game's rule book), quit (leave "
                          "the game; a --record keeps it)")
                for line in _action_help(game, actions):
                    out.print("  " + _escape(line))
                continue
            if text.lower() == "rules":
                for line in _rule_book(game):
                    out.print(_escape(line))
                continue
            if text.lower() in ("quit", "exit"):
                raise Abandoned("quit")
            if text.isascii() and text.isdigit():   # not '²' or '①': those are text
                n = int(text) if len(text) < 7 else 0
                if 1 <= n <= len(actions):
                    return actions[n - 1]
                shown = text if len(text) < 12 else text[:9] + "..."
                out.print(f"  {shown} is not on the list: choose 1 to {len(actions)}")
                continue
            try:
                return game.parse_action(text, seat=self.seat)
            except CardError as exc:
                out.print(f"  {_escape(str(exc))}")
            except IllegalAction:
                match = _by_cards(game, text, actions)
                if match is not None:
                    return match
                out.print(f"  '{_escape(text)}' is not legal now: "
                          f"{_escape(_why_not(game, self.seat, text, actions))}; choose one "
                          f"of the {len(actions)} listed (a number is enough, 'help' says more)")


def _legal_text(game, name: str) -> tuple[str, str]:
    """The ``legal`` condition of action ``name`` of the phase being played, as written
    in the ruleset, and its ``doc``: ("", "") when there are none."""
    try:
        data = game.rules.source.data["phases"][game.phase]["actions"][name]
    except (KeyError, TypeError, AttributeError):
        return "", ""
    return " ".join(str(data.get("legal", "")).split()), str(data.get("doc", ""))


def _action_help(game, actions) -> list[str]:
    """A line per action name that may be taken now: how many choices, what it does
    (its ``doc``) and when it is legal (its condition as the ruleset writes it)."""
    lines = []
    for name in dict.fromkeys(a.name for a in actions):
        mine = [a for a in actions if a.name == name]
        legal, doc = _legal_text(game, name)
        what = f" - {doc}" if doc else ""
        when = f" (legal when: {legal})" if legal else ""
        rule = mine[0].defn.rule
        lines.append(f"{name}: {len(mine)} choice{'s' if len(mine) != 1 else ''}{what}{when}"
                     + (f" [rule {rule}: 'rules' shows it]" if rule else ""))
    return lines


def _why_not(game, seat: int, text: str, actions) -> str:
    """Why the typed ``text`` is not one of ``actions``, in words: an unknown word (with
    the nearest action name), a card the seat does not hold, or the action's condition."""
    import difflib
    word = text.split()[0].lower() if text.split() else ""
    names = list(dict.fromkeys(a.name for a in actions))
    known = {a.name.lower() for phase in game.rules.phases.values() for a in phase.actions.values()}
    shown = word if len(word) <= 20 else word[:17] + "..."
    if word not in known:               # cards alone: as the action that takes them
        try:
            cards = [game.rules.parse_card(w) for w in text.split()]
        except CardError:
            cards = []
        takers = [n for n in names if any(a.name == n and a.cards for a in actions)]
        if cards and takers:
            return _why_not(game, seat, f"{takers[0]} {text}", actions)
        near = difflib.get_close_matches(word, names, n=1)
        return (f"'{shown}' is not an action here" + (f"; did you mean '{near[0]}'?" if near
                else "") + f" (actions now: {', '.join(names)})")
    if word not in {n.lower() for n in names}:
        return f"'{shown}' cannot be taken now (actions now: {', '.join(names)})"
    hand = [c for zone, decl in game.rules.zones.items() if decl.per == "seat"
            for c in game.z[zone][seat]]
    try:
        named = [game.rules.parse_card(w) for w in text.split()[1:]]
    except CardError:
        named = []
    missing = [c for c in named if c not in hand]
    if missing and all(c in game.rules.pack for c in missing):
        return f"you do not hold {' '.join(missing)}"
    legal, doc = _legal_text(game, next(n for n in names if n.lower() == word))
    return (f"{word} is legal when {legal}" if legal else "that choice is not offered") \
        + (f" ({doc})" if doc else "")


def _rule_book(game) -> list[str]:
    """The lines of the game's rule book (its ``rule_book`` files), or a line saying
    there is none."""
    from pathlib import Path

    from ..source.files import rule_book_files
    rules = game.rules
    if not rules.rule_book:
        return [f"  {rules.name} has no rule book; 'rulekit explain {rules.name}' says what "
                "its ruleset does"]
    where = Path(rules.path) if rules.path and Path(rules.path).is_file() else None
    try:
        files = rule_book_files(rules.rule_book, where)
        return [ln for p in files for ln in p.read_text(encoding="utf-8").splitlines()]
    except (OSError, ValueError) as exc:
        return [f"  the rule book cannot be read: {exc}"]


def _s(seats) -> str:
    return "s" if len(seats) > 1 else ""


def _seats(seats) -> str:
    """``1``, ``1 and 2``, ``0, 1 and 3``."""
    words = [str(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _by_cards(game, text: str, actions):
    """The one listed action whose cards are exactly those ``text`` names (``4h`` for
    ``play 4H``), or None when the text is not just cards, names a card twice, or
    several actions fit."""
    try:
        named = [game.rules.parse_card(w) for w in text.replace(",", " ").split()]
    except CardError:
        return None
    if not named or len(set(named)) != len(named):
        return None
    fits = [a for a in actions if set(a.cards) == set(named)]
    return fits[0] if len(fits) == 1 else None
