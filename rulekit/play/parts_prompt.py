"""A person at the prompt makes a choice in parts one part at a time
(docs/language.md, "Choices in parts"): after typing the action's name alone, each part
is asked for in turn: cards by name or by number (several at once for a set: ``1 4 7``
or ``7c 7d``), ``done`` to close a set, an amount in its range (shown), an item by
number or text. ``undo`` takes the last part (or card) back, ``why`` says why the
last thing typed could not be taken, ``cancel`` goes back to the list of actions.
Only what can still be finished into a legal choice is offered (rulekit.runtime.choices).
"""
from __future__ import annotations

from ..errors import CardError, IllegalAction, printable

QUIT = "quit"           # what ask() returns when the person types quit
TABLE_COMMANDS = ("help", "rules", "hint", "more", "wait")   # the list's, not a part's
KIND_WORDS = {"place": "pile of a row", "int": "number"}     # an item part by its kind


class PartsPrompt:
    """Asks ``seat`` for each part of choice-in-parts ``defn`` of ``game``; ``ask()``
    returns the complete :class:`~rulekit.runtime.actions.Action`, None when the
    person cancels, :data:`QUIT` when they quit. ``say(line)`` prints, ``read()`` reads a line (raising at the end of
    input, as the terminal's own reader does), ``card(c)`` shows a card."""

    def __init__(self, game, seat: int, defn, say, read, card=str, who=None):
        self.game, self.seat, self.defn = game, seat, defn
        self.say, self.read, self.card = say, read, card
        self.who = who or f"seat {seat}"    # how the prompt says the seat (its name)
        self.vals: list = []
        self.texts: list = []               # each part made, as its text
        self.cur: list | None = None        # a set part's cards so far
        self.why = ""

    def ask(self):
        """The complete action, or None (cancelled)."""
        game, defn = self.game, self.defn
        self.say(f"  {defn.name}: choose its parts one at a time ('undo' takes the last "
                 "back, 'why' says why an entry was refused, 'cancel' goes back)")
        while True:
            opts = game.part_options(defn.name, tuple(self.vals), self.cur, self.seat)
            if opts.part is None:
                try:
                    return game.action_of(defn.name, tuple(self.vals), self.seat)
                except IllegalAction:
                    self.say("  no legal way to finish this choice: 'undo' takes the last "
                             "part back")
                    self.vals.pop()
                    self.texts.pop()
                    continue
            if opts.part.form == "set" and self.cur is None:
                self.cur = []
            if opts.part.form == "set" and opts.done and len(self.cur) == opts.high \
                    and self.cur:           # full: the set closes by itself
                self.vals.append(tuple(self.cur))
                self.texts.append(" ".join(self.cur))
                self.cur = None
                continue
            self._show(opts)
            self.say(f"{self.who}, your action ({defn.name}, part by part): ", end="")
            text = self.read().strip()
            word = text.lower()
            first, _, rest = text.partition(" ")
            if first.lower() == defn.name.lower() and rest.strip():
                text, word = rest.strip(), rest.strip().lower()     # ("give 2c": its parts)
            if word == "cancel":
                return None
            if word in ("quit", "exit"):
                return QUIT
            if word in TABLE_COMMANDS:
                self.say(f"  '{word}' works at the list of actions: finish this choice, or "
                         "'cancel' goes back to it")
            elif word == "undo":
                self._undo()
            elif word == "why":
                self.say("  " + (self.why or "nothing was refused"))
            elif text:
                self._take(opts, text)

    def _show(self, opts) -> None:
        p = opts.part
        made = " ".join(self._texts())
        head = f"  {self.defn.name}{' ' + made if made else ''} ..."
        if p.form == "amount":
            self.say(f"{head} {p.word or 'an amount'}: a whole number from {opts.low} to "
                     f"{opts.high}")
            return
        if not opts.items and not opts.done:
            self.say(f"{head} no legal way to finish this choice: 'undo' takes the last "
                     "part back")
            return
        listed = "  ".join(f"{i}) {self.card(t) if p.kind == 'card' else t}"
                           for i, (_, t) in enumerate(opts.items, 1))
        if p.form == "set":
            size = f"{opts.low}" if opts.low == opts.high else f"{opts.low} to {opts.high}"
            self.say(f"{head} {p.word + ': ' if p.word else ''}{size} cards; chosen: "
                     f"{' '.join(map(self.card, opts.chosen)) or 'none'}"
                     + ("; type 'done' to finish" if opts.done else ""))
            if listed:
                self.say(f"    add (numbers or cards, several at once): {listed}")
        else:
            self.say(f"{head} {p.word or 'a ' + KIND_WORDS.get(p.kind, p.kind)}: {listed}")

    def _texts(self) -> list:
        out = []
        for p, t in zip(self.defn.parts.parts, self.texts):
            out += ([p.word] if p.word else []) + [t]
        if self.cur:
            out.append(" ".join(self.cur))
        return out

    def _undo(self) -> None:
        if self.cur:
            self.cur.pop()
        elif self.vals:
            self.cur = None
            last = self.vals.pop()
            self.texts.pop()
            p = self.defn.parts.parts[len(self.vals)]
            if p.form == "set":             # back into the set, its last card out
                self.cur = list(last)[:-1]
        else:
            self.say("  nothing to undo in this choice ('cancel' goes back)")

    def _take(self, opts, text: str) -> None:
        p = opts.part
        words = text.replace(",", " ").split()
        if p.form == "amount":
            if not (text.lstrip("-").isdigit() and text.isascii()) or len(text) > 13:
                return self._refuse(f"'{printable(text, 40, True)}' is not a whole number")
            n = int(text)
            if not opts.low <= n <= opts.high:
                return self._refuse(f"{n} is not from {opts.low} to {opts.high}")
            probe = tuple(self.vals) + (n,)
            nxt = self.game.part_options(self.defn.name, probe, None, self.seat)
            if nxt.part is None and not nxt.done:
                return self._refuse(f"{n} is not legal here (the rules refuse it with the "
                                    "parts before)")
            self.vals.append(n)
            self.texts.append(str(n))
            return None
        if p.form == "set" and len(words) == 1 and words[0].lower() == "done":
            if not opts.done:
                size = f"{opts.low}" if opts.low == opts.high else f"{opts.low} to {opts.high}"
                return self._refuse("the chosen cards cannot be finished into a legal choice "
                                    f"yet (a set of {size} cards)")
            self.vals.append(tuple(self.cur))
            self.texts.append(" ".join(self.cur))
            self.cur = None
            return None
        picks = []
        for w in words:
            got = self._item(opts, w)
            if got is None:
                return self._refuse(self.why)
            picks.append(got)
        if p.form != "set":
            if len(picks) != 1:
                return self._refuse("this part is one choice: type one number or text")
            self.vals.append(picks[0])
            self.texts.append(next(t for x, t in opts.items if x == picks[0]))
            return None
        for c in picks:                     # each card must keep a legal finish possible
            now = self.game.part_options(self.defn.name, tuple(self.vals), self.cur,
                                         self.seat)
            if not any(x == c for x, _ in now.items):
                return self._refuse(f"{c} cannot be added: no legal choice has it with the "
                                    f"cards chosen so far ({' '.join(self.cur) or 'none'})")
            self.cur.append(c)
        return None

    def _item(self, opts, w: str):
        """The value that ``w`` (a number from the list, a card, or an item's text)
        names among ``opts``' items, or None (the reason in ``self.why``)."""
        items = opts.items
        if w.isascii() and w.isdigit():
            n = int(w) if len(w) < 7 else 0
            if 1 <= n <= len(items):
                return items[n - 1][0]
            self.why = f"{w} is not on the list: choose 1 to {len(items)}"
            return None
        if opts.part.kind == "card" or opts.part.form == "set":
            try:
                c = self.game.rules.parse_card(w)
            except CardError as exc:
                self.why = str(exc)
                return None
            if any(x == c for x, _ in items):
                return c
            self.why = (f"{c} cannot be chosen now" if c not in self.cur else
                        f"{c} is chosen already")
            return None
        got = [x for x, t in items if t.lower() == w.lower()]
        if got:
            return got[0]
        self.why = f"'{printable(w, 40, True)}' is not one of the choices listed"
        return None

    def _refuse(self, why: str) -> None:
        self.why = why
        self.say(f"  {why}")
        return None
