"""Action strings into the legal actions they name (``GameState.parse_action``): cards
in any order and case, ``10`` for ``T``; a typed choice (a seat, number, rank, suit or
word) by its text."""
from __future__ import annotations

from ..errors import IllegalAction
from ..cards import COPY_MARK
from ..model import TYPED_CHOICES
from .actions import Action
from .seats import split_seat


class ActionParsing:
    """The part of :class:`~rulekit.runtime.engine.GameState` that reads action strings."""

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """The legal :class:`Action` an action string names (case-insensitive, ``10`` for
        ``T``, a run's cards in any order), for the seat to act, or for ``seat`` (or the
        seat the text starts with, ``"2: take"``) when several seats may act. Raises
        IllegalAction (with the legal ones) for an unknown or illegal action, or a seat
        that may not act now; rulekit.CardError for bad card text."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.n):
            raise ValueError(f"seat must be from 0 to {self.n - 1}, not {seat!r}")
        if isinstance(text, str):
            try:
                said, rest = split_seat(text)
                if said is not None and rest and rest[0].isdigit() and ":" in rest:
                    split_seat(rest)        # "0: 0: take"
                    raise ValueError(f"'{text}' names its seat twice")
            except ValueError as exc:
                raise IllegalAction(str(exc), text, self.to_act, self._strings()) from None
            if said is not None:
                if seat is not None and said != seat:
                    raise IllegalAction(f"'{text}' is an action of seat {said}, not of seat "
                                        f"{seat}", text, seat, self._strings())
                seat, text = said, rest
        if seat is not None:
            return self._as_seat(seat, self._parse_action, text)
        return self._parse_action(text)

    def _parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not legal: an action is its text, such as "
                                f"'{self._strings()[0] if self._legal else 'pass'}'", str(text),
                                self.to_act, self._strings())
        parts = text.replace(",", " ").split()
        if not parts:
            raise IllegalAction("empty action", text, self.to_act, self._strings())
        name = parts[0].lower()
        defn = self._action_named(name)
        if defn is not None:
            name = defn.name                # as the ruleset spells it
            if defn.kind == "parts":        # a choice in parts: read part by part
                if not any(a is defn for a in self.parted_actions()):
                    raise IllegalAction(self._illegal_message(text), text, self.to_act,
                                        self._strings())
                return self._parse_parts(defn, parts[1:], text)
            if defn.kind in TYPED_CHOICES:  # a seat, number, rank, suit or word: its text
                return self._parse_typed(text, defn, parts[1:])
        cards = [self.rules.parse_card(p) for p in parts[1:]]
        act = self._indexed().get((name, frozenset(cards)))
        if len(set(cards)) != len(cards):
            act = None
        if act is None and self.rules.cards.copies:     # QS for whichever QS may be played
            act = self._by_face(name, parts[1:], cards)
        if act is None:
            raise IllegalAction(self._illegal_message(text), text, self.to_act, self._strings())
        return act

    def _by_face(self, name: str, words: list, cards: list):
        """The first legal ``name`` action whose cards have the faces of ``cards`` (a
        game of several packs: ``QS`` names any copy of the queen of spades, ``QS#2``
        that copy alone); None if there is none."""
        face = self.rules.cards.face_of
        faces = sorted(face[c] for c in cards)
        exact = [c for w, c in zip(words, cards) if COPY_MARK in w]
        for a in self._legal:
            if a[0] == name and len(a[1]) == len(cards) and a[4].kind not in TYPED_CHOICES \
                    and sorted(face[c] for c in a[1]) == faces and all(c in a[1] for c in exact):
                return a
        return None

    def _action_named(self, name: str):
        """The ActionDef called ``name`` (any case): of the step to act, else of any
        phase; None if the ruleset has none."""
        step = self.step
        if step is not None:
            for a in step.actions:
                if a.name.lower() == name:
                    return a
        for phase in self.rules.phases.values():
            for a in phase.actions.values():
                if a.name.lower() == name:
                    return a
        return None

    def _parse_typed(self, text: str, defn, words: list) -> Action:
        """The legal action of typed choice ``defn`` whose value ``words`` name: its text
        exactly, else the one whose text matches regardless of case (a rank: or an
        alias). IllegalAction if none, or several that only case tells apart."""
        said = " ".join(words)
        mine = [a for a in self._legal if a[4] is defn]
        cut = len(defn.name) + 1
        act = next((a for a in mine if a[5][cut:] == said), None)
        if act is None:
            low = said.lower()
            near = [a for a in mine if a[5][cut:].lower() == low or _same_rank(self.rules, a, low)]
            if len(near) == 1:
                act = near[0]
        if act is None:
            raise IllegalAction(self._illegal_message(text), text, self.to_act, self._strings())
        return act


def _same_rank(rules, action, said: str) -> bool:
    """Whether ``said`` names the rank of a rank choice another way (an alias: ``10``)."""
    if action[4].kind != "rank":
        return False
    alias = {k.lower(): v for k, v in rules.cards.aliases.items()}.get(said)
    return alias is not None and rules.ranks[action[3]] == alias
