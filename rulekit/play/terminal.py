"""A person at the terminal: what one seat may see, and a prompt for its action.

:class:`HumanAgent` is an agent (``choose(game) -> Action``) that shows only
``game.view(seat)`` (rulekit.play.table draws it: its own cards, the public ones with
the plays on the table grouped by who played them, counts of the hidden ones, the
variables a ruleset marks ``show: true`` and the phase's ``display:`` lines); lists the
legal actions numbered (grouped and paged when they are many, so that the hand and the
table stay on a 24-row screen); and reads a number, an action string or a command:
``help``, ``rules``, ``hint``, ``undo``, ``more``, ``wait`` (at a shared window) and
``quit``. Bad input is explained and asked again; end of input or Ctrl-C raise
:class:`Abandoned`.
"""
from __future__ import annotations

import sys

from ..errors import CardError, IllegalAction, RulekitError
from ..runtime.parts_text import shape
from .parts_prompt import QUIT, PartsPrompt
from .reasons import why_not
from .session import UNDO, WAIT, rewind
from .names import introduce, who, who_list
from .table import SLACK, CardStyle, _escape, action_lines, hand_order, make_console, pages, \
    render_view, rows

__all__ = ["Abandoned", "CardStyle", "HotSeat", "HumanAgent", "make_console", "render_view"]


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


def _clear(out) -> None:
    """Clear the screen and its scrollback (ESC[3J), so scrolling up shows no hand."""
    out.clear()
    out.file.write("\x1b[3J")
    out.file.flush()


class HotSeat:
    """Several people at one screen: before a different seat's turn the screen is cleared
    (on a terminal) and the game waits for Enter after "pass the screen to seat N", so
    nobody sees another's hand. The screen then shows the last lines of the game
    (``recent()``: the public transcript's, see rulekit.play.transcript)."""

    def __init__(self, console, recent=None, style=None, names=None):
        self.console = console
        self.names = names
        self.last = None
        self.recent = recent or (lambda: [])
        self.style = style

    def handover(self, seat: int, inp) -> None:
        """Hand the screen to ``seat`` unless it has it. Raises Abandoned at end of input
        or an interrupt."""
        if self.last == seat:
            return
        out = self.console
        if out.is_terminal:
            _clear(out)
        out.print(f"  == pass the screen to {_escape(introduce(self.names, seat))}, then press "
                  "Enter ==", end="")
        line = _read_line(out, inp)
        if not (hasattr(inp, "isatty") and inp.isatty()):
            out.print()
        if line.strip().lower() in ("quit", "exit"):
            raise Abandoned("quit")
        self.last = seat
        lately = self.recent()
        if lately and out.is_terminal:          # (the screen was cleared)
            out.print("  [dim]lately:[/dim]")
            for said in lately:
                text = self.style.text(said) if self.style is not None else _escape(said)
                out.print(f"[dim]{text}[/dim]")


class HumanAgent:
    """A person choosing for ``seat`` through ``inp``/``console`` (see module doc);
    ``hotseat``: the :class:`HotSeat` of several people sharing the screen, if any;
    ``undo``: whether ``undo`` may take the game back (a game against bots only);
    ``names``: the players' names (one per seat, None where unnamed)."""
    kind = "human"

    def __init__(self, seat: int, console, style: CardStyle, inp=None, hotseat=None,
                 undo: bool = True, names=None):
        self.seat = seat
        self.names = names
        self.console = console
        self.style = style
        self.inp = inp or sys.stdin
        self.hotseat = hotseat
        self.undo = undo and hotseat is None
        self.decisions: list[int] = []     # len(game.history) at each of our decisions
        self.resumed = False               # (decisions taken before we came: looked up)

    def _height(self) -> int | None:
        """The screen's rows when we write to a terminal, else None (no paging)."""
        out = self.console
        return out.size.height if out.is_terminal else None

    def choose(self, game, seat=None):
        """The action this person types for their seat; at a shared window, ``WAIT``
        (rulekit.play.session) when they type ``wait`` to let a later seat act first;
        ``UNDO`` after ``undo`` took the game back to their previous decision.
        Raises Abandoned at end of input or an interrupt."""
        rules = game.rules
        names = []
        legal = game.shown_actions(self.seat)
        big = game.unshown_parted(self.seat)    # choices in parts too big to list
        for a in legal:
            if a.name not in names:
                names.append(a.name)
        actions = sorted(legal, key=lambda a: (
            names.index(a.name), [hand_order(rules, c) for c in a.cards]))
        out = self.console
        if self.hotseat is not None:
            self.hotseat.handover(self.seat, self.inp)
        shown = render_view(game, self.seat, self.style, self.names)
        later = self._situation(game, shown)
        listed = action_lines(game, actions, self.style, out.width, seat=self.seat)
        listed += [f"{len(actions) + i:4}) {_escape(shape(d))} (chosen part by part: its "
                   f"number or '{_escape(d.name)}', or its whole text)"
                   for i, d in enumerate(big, 1)]
        height = self._height()
        # the prompt, a page line and a few lines of slack (a hint, an error) stay on screen
        book = pages(listed, height - rows(shown, out.width) - SLACK) if height else [listed]
        for line in shown + book[0]:
            out.print(line)
        page = 0
        self._page_line(0, book)
        while True:
            out.print(f"{_escape(who(self.names, self.seat))}, your action (number or text): ",
                      end="")
            text = _read_line(out, self.inp).strip()
            if not (hasattr(self.inp, "isatty") and self.inp.isatty()):
                out.print(_escape(text))   # echo piped input so the transcript reads well
            word = text.lower()
            if not text:
                out.print("  please type a number from the list, or an action such as "
                          f"'{actions[0] if actions else big[0].name}' ('help' lists the "
                          "commands)")
            elif any(word == d.name.lower() for d in big) or (
                    text.isascii() and text.isdigit() and len(text) < 7
                    and len(actions) < int(text) <= len(actions) + len(big)):   # in parts
                defn = next((d for d in big if word == d.name.lower()), None) \
                    or big[int(text) - len(actions) - 1]
                act = PartsPrompt(game, self.seat, defn, out.print,
                                  lambda: self._echoed(_read_line(out, self.inp)),
                                  self.style.card).ask()
                if act == QUIT:
                    raise Abandoned("quit")
                if act is not None:
                    return self._chose(game, act)
                for line in shown + book[page]:       # cancelled: the table again
                    out.print(line)
            elif word == "wait" and later and not any(a.name == "wait" for a in actions):
                return WAIT
            elif word in ("help", "?", "h"):
                self._help(game, actions, later, len(actions) + len(big))
            elif word == "rules":
                self._rules(game)
                for line in shown + book[page]:       # back to the game: the table again
                    out.print(line)
                self._page_line(page, book)
            elif word in ("quit", "exit"):
                raise Abandoned("quit")
            elif word in ("more", "m"):
                page = (page + 1) % len(book)
                for line in shown + book[page]:
                    out.print(line)
                self._page_line(page, book)
            elif word == "hint":
                from .coach import hint
                out.print("  " + self.style.text(hint(game, self.seat)))
            elif word == "undo":
                if self._undo(game):
                    return UNDO
            elif text.isascii() and text.isdigit():   # not '²' or '①': those are text
                n = int(text) if len(text) < 7 else 0
                if 1 <= n <= len(actions):
                    return self._chose(game, actions[n - 1])
                shown_n = text if len(text) < 12 else text[:9] + "..."
                out.print(f"  {shown_n} is not on the list: choose 1 to "
                          f"{len(actions) + len(big)}")
            else:
                try:
                    return self._chose(game, game.parse_action(text, seat=self.seat))
                except CardError as exc:
                    out.print(f"  {_escape(str(exc))}")
                except IllegalAction:
                    match = _by_cards(game, text, actions)
                    if match is not None:
                        return self._chose(game, match)
                    out.print(f"  '{_escape(text)}' is not legal now: "
                              f"{_escape(why_not(game, self.seat, text, actions))}; choose "
                              f"one of the {len(actions) + len(big)} listed (a number is "
                              "enough, 'help' says more)")

    def _echoed(self, text: str) -> str:
        """``text`` as read, echoed when the input is piped (so a transcript reads)."""
        if not (hasattr(self.inp, "isatty") and self.inp.isatty()):
            self.console.print(_escape(text.strip()))
        return text

    def _page_line(self, page: int, book: list) -> None:
        """Say which page of the actions is shown, when there are several."""
        if len(book) > 1:
            self.console.print(f"  [dim](actions: page {page + 1} of {len(book)}; 'more' "
                               "shows the next page)[/dim]")

    def _rules(self, game) -> None:
        """The rule book, a screenful at a time on a terminal (Enter: the next, q: back
        to the game). Raises Abandoned at end of input or an interrupt."""
        out = self.console
        lines = [_escape(line) for line in _rule_book(game, out.width)]
        height = self._height()
        book = pages(lines, height - 2) if height else [lines]
        for i, chunk in enumerate(book):
            for line in chunk:
                out.print(line)
            if i + 1 < len(book):
                out.print(f"  [dim](rule book: page {i + 1} of {len(book)}; Enter for "
                          "the next, q to go back to the game)[/dim] ", end="")
                if _read_line(out, self.inp).strip().lower() in ("q", "quit", "back"):
                    break

    def _chose(self, game, action):
        self.decisions.append(len(game.history))
        return action

    def _situation(self, game, shown: list) -> list:
        """Add to ``shown`` who else may act (a shared window) or who has chosen (a
        simultaneous step); return the next seat in precedence a ``wait`` lets act."""
        others = [s for s in game.actors if s != self.seat]
        chosen = game.view(self.seat).get("chosen")
        later = others[game.actors.index(self.seat):][:1] \
            if self.seat in game.actors and chosen is None else []   # the next in precedence
        if chosen is not None:                  # a simultaneous choice
            done = [s for s, _ in chosen if s != self.seat]
            bits = [f"{_escape(who_list(self.names, seats))} {verb}" for seats, verb in (
                (done, "has chosen" if len(done) == 1 else "have chosen"),
                (others, "still chooses" if len(others) == 1 else "still choose")) if seats]
            shown.append("  everyone chooses at the same time" + (f" ({'; '.join(bits)})"
                                                                 if bits else "")
                         + ": each choice stays hidden until every seat has chosen")
        elif others:
            shown.append(f"  {_escape(who_list(self.names, others))} may also act now"
                         + (f"; type 'wait' to let {_escape(who(self.names, later[0]))} act "
                            "first" if later else ""))
        return later

    def _help(self, game, actions, later, total: int) -> None:
        out = self.console
        out.print(f"  type the number of an action from the list (1 to {total}),"
                  f" or its text such as "
                  f"'{_escape(str(actions[-1]) if actions else game.unshown_parted()[0].name)}'"
                  "; a card alone "
                  "(like 7h, 10♥ or ♥10) plays it"
                  + (f"; 'wait' lets {_escape(who(self.names, later[0]))} act first"
                     if later else ""))
        out.print("  commands: help (this), rules (the game's rule book), hint (what a bot "
                  "would play, and why), "
                  + ("undo (take back to your previous decision: a learning aid, since you "
                     "have seen what came next), " if self.undo else "")
                  + "more (the next page of actions), quit (leave the game; a --record "
                  "keeps it)")
        for line in _action_help(game, actions):
            out.print("  " + _escape(line))

    def _undo(self, game) -> bool:
        """Take the game back to this person's previous decision; False (with the
        reason said) when it cannot be."""
        out = self.console
        if not self.undo:
            out.print("  undo is for a game against bots: with several people at the "
                      "table it is not offered")
            return False
        if not self.decisions and not self.resumed:       # a resumed game: from its events
            self.decisions = past_decisions(game, self.seat)
        self.resumed = True
        while self.decisions and self.decisions[-1] > len(game.history):
            self.decisions.pop()
        if not self.decisions:
            out.print("  nothing to undo: you have not acted yet in this game")
            return False
        rewind(game, self.decisions.pop())
        return True


def past_decisions(game, seat: int) -> list[int]:
    """``len(game.history)`` at each decision ``seat`` took so far, read from the game's
    events (the choices of a simultaneous step, applied together, count from the
    step's start)."""
    out, n, batch = [], 0, None
    start = 0
    for ev in game.events:
        if ev["kind"] != "action":
            continue
        if ev["actions"] != batch:              # a new action (not one of a batch)
            batch, start = ev["actions"], n
        if ev["seat"] == seat:
            out.append(start)
        n += 1
    return out


def _action_help(game, actions) -> list[str]:
    """A line per action name that may be taken now: how many choices, what it does
    (its ``doc``), when it is legal (its condition in words) and its rule id."""
    from ..analysis.words import Words
    from ..lang.wording import words_of
    words = Words(game.rules, names={"actor": "you"})
    lines = []
    for name in dict.fromkeys(a.name for a in actions):
        mine = [a for a in actions if a.name == name]
        defn = mine[0].defn
        doc, legal = str(defn.doc or ""), defn.legal_text
        what = f" - {doc}" if doc else ""
        when = f" (legal when {words.text(legal)})" if legal not in (None, "") else ""
        rule = defn.rule
        said = words_of(defn)               # the command, and its words when they differ
        name = name if said == name else f"'{name}' ({said})"
        lines.append(f"{name}: {len(mine)} choice{'s' if len(mine) != 1 else ''}{what}{when}"
                     + (f" [rule {rule}: 'rules' shows it]" if rule else ""))
    return lines


def _rule_book(game, width: int = 80) -> list[str]:
    """The lines of the player's part of the game's rule book (its ``rule_book``
    files) as plain text ``width`` columns wide (rulekit.source.rulebook.render_text),
    or a line saying there is none or why it cannot be shown."""
    from pathlib import Path

    from ..errors import printable
    from ..source.rulebook import load_rule_book, render_text
    rules = game.rules
    if not rules.rule_book:
        return [f"  {rules.name} has no rule book; 'rulekit explain {rules.name}' says what "
                "its ruleset does"]
    where = Path(rules.path) if rules.path and Path(rules.path).is_file() else None
    try:
        text = render_text(load_rule_book(rules.rule_book, where), width)
        return [printable(line, 10000) for line in text.splitlines()]
    except (OSError, ValueError) as exc:
        return [f"  the rule book cannot be read: {exc}"]


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
