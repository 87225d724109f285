"""The text of a choice in parts: an action's text from its values
(:func:`value_text`: the name, then each part, its word first), the values from a text
(:meth:`PartsText.read_parts`), its form in words (:func:`shape`: ``put CARD on SEAT``),
and what strings, error messages and dumps show of the choices in parts of a decision
(a part of :class:`~rulekit.runtime.engine.GameState`).
"""
from __future__ import annotations

from ..compiler.listing import _typed_text
from ..errors import CardError, IllegalAction
from .actions import Action
from .part_domains import _Typed

# a choice in parts with at most this many complete choices is shown in full where
# action strings are shown (a dump's ``legal``, the legal ones of an error message)
SHOWN_CHOICES = 64


def _text_cards(G, defn, v) -> tuple:
    """A set's or play's cards as its action text names them: by rank, or in domain
    order with ``keep_order``."""
    if defn.parts.keep_order:
        return tuple(v)
    order = G.rules.cards.rank_of
    return tuple(sorted(v, key=order.__getitem__))


def value_text(G, defn, vals) -> str:
    """The action text of complete choice ``vals``: the name, then each part (its word
    first, if any): a card or a set's cards, a number, a seat, a rank, a suit, a word."""
    words = [defn.name]
    for p, v in zip(defn.parts.parts, vals):
        if p.word is not None:
            words.append(p.word)
        if p.form == "set" or (p.form == "item" and p.kind == "play"):
            words.extend(_text_cards(G, defn, v))
        elif p.form == "amount":
            words.append(str(v))
        elif p.kind == "card":
            words.append(v)
        elif p.kind == "place":
            words.append(G.rules.zones[v.zone].pile_words(v.slot))
        else:
            words.append(_typed_text(G, _Typed(defn, p.kind), v))
    return " ".join(words)


def text_and_cards(G, defn, vals) -> tuple:
    """``(value_text(G, defn, vals), cards_of(G, defn, vals))``: what an action built
    from a complete choice holds (a list of them: ``GameState._parted_actions``)."""
    return value_text(G, defn, vals), cards_of(G, defn, vals)


def cards_of(G, defn, vals) -> tuple:
    """Every card of complete choice ``vals``, in the order its text names them."""
    out = []
    for p, v in zip(defn.parts.parts, vals):
        if p.form == "set" or (p.form == "item" and p.kind == "play"):
            out.extend(_text_cards(G, defn, v))
        elif p.form == "item" and p.kind == "card":
            out.append(v)
    return tuple(out)


class PartsText:
    """Action text of choices in parts, for :class:`~rulekit.runtime.engine.GameState`."""

    def _parse_parts(self, defn, words: list, text: str) -> Action:
        """The action of choice-in-parts ``defn`` that ``words`` (after its name) write
        (see :meth:`read_parts`). IllegalAction if the text does not read so or the
        choice is not legal; CardError for bad card text."""
        return self.action_of(defn.name, self.read_parts(defn, words, text))

    def read_parts(self, defn, words: list, text: str = "") -> tuple:
        """The values (one per part) that ``words`` (an action text after its name)
        write for choice-in-parts ``defn`` of the seat to act: each part in order, its
        word first if it has one; a set's cards up to the next word or a value that is
        not a card; an amount in digits; a seat, rank, suit or word as its text; a pile
        as its zone's name and number(s) (``tableau 2``, ``discard 1 0``). Not
        checked for legality. IllegalAction if the text does not read so; CardError
        for bad card text."""
        text = text or " ".join([defn.name, *words])
        ch = self.chooser(defn.name)
        vals, k = [], 0
        parts = defn.parts.parts

        def bad(why):
            return IllegalAction(f"'{text}' is not legal: {why}; {self._shapes_said()}",
                                 text, self.to_act, self._strings())
        for i, p in enumerate(parts):
            if p.word is not None:
                if k >= len(words) or words[k].lower() != p.word.lower():
                    raise bad(f"'{p.word}' should come before the {_noun(p)}")
                k += 1
            if p.form == "set" or (p.form == "item" and p.kind == "play"):
                nxt = parts[i + 1].word.lower() if i + 1 < len(parts) \
                    and parts[i + 1].word is not None else None
                cards = []
                while k < len(words) and words[k].lower() != nxt:
                    try:
                        cards.append(self.rules.parse_card(words[k]))
                    except CardError:
                        if i + 1 == len(parts):
                            raise
                        break
                    k += 1
                if len(set(cards)) != len(cards):
                    raise bad("a card is named twice")
                vals.append(tuple(cards))
            elif k >= len(words):
                raise bad(f"the {_noun(p)} is missing")
            elif p.form == "amount":
                w = words[k]
                if not (w.lstrip("-").isdigit() and w.isascii()) or len(w) > 13:
                    raise bad(f"'{w}' is not a whole number")
                vals.append(int(w))
                k += 1
            elif p.kind == "card":
                vals.append(self.rules.parse_card(words[k]))
                k += 1
            elif p.kind == "place":          # a zone's name, then its numbers
                d = self._ruleset(ch.domain, i, ch.canonical(tuple(vals)))
                got = None
                for size in (2, 3, 1):
                    said = " ".join(words[k:k + size]).lower()
                    got = next((v for v, t in d if k + size <= len(words)
                                and t.lower() == said), None)
                    if got is not None:
                        k += size
                        break
                if got is None:
                    raise bad(f"'{' '.join(words[k:k + 3])}' does not name a pile that "
                              "may be chosen (a pile is its zone's name and its number: "
                              "'tableau 2'; of a row per seat, the seat's then the pile's: "
                              "'discard 1 0')")
                vals.append(got)
            else:
                d = self._ruleset(ch.domain, i, ch.canonical(tuple(vals)))
                w = words[k]
                got = [v for v, t in d if t == w] or [v for v, t in d if t.lower() == w.lower()]
                if len(got) != 1:
                    raise bad(f"'{w}' is not a {_noun(p)} that may be chosen")
                vals.append(got[0])
                k += 1
        if k != len(words):
            raise bad(f"'{' '.join(words[k:])}' is left over")
        return tuple(vals)

    def shown_actions(self, seat: int | None = None) -> list:
        """The legal actions of ``seat`` (default: the seat to act) a list may show, in
        the step's order of actions: the listed ones, and each choice in parts with at
        most SHOWN_CHOICES complete choices in full (the others:
        :meth:`unshown_parted`)."""
        seat = self.actor if seat is None else seat
        if not self._offers_parts():
            return list(self._listed(seat))
        listed = self._listed(seat)
        offered = self.parted_actions(seat)
        out = []
        for defn in self.step.actions:
            if defn.kind != "parts":
                out += [a for a in listed if a[4] is defn]
            elif defn in offered:
                k = self.part_count(defn.name, seat)
                if k is not None and k <= SHOWN_CHOICES:
                    ch = self.chooser(defn.name, seat)
                    out += self._parted_actions(
                        ch, self._ruleset(ch.enumerate, k, seat=seat), seat)
        return out

    def unshown_parted(self, seat: int | None = None) -> list:
        """The choices in parts of ``seat`` too big for a list (more than SHOWN_CHOICES
        complete choices, or not counted): their ActionDefs."""
        out = []
        for defn in self.parted_actions(seat):
            k = self.part_count(defn.name, seat)
            if k is None or k > SHOWN_CHOICES:
                out.append(defn)
        return out

    def _shown_strings(self, seat, shapes: bool = False) -> list:
        """The action strings of ``seat``'s legal actions in the step's order of
        actions: the listed ones, and each choice in parts in full when it has at most
        SHOWN_CHOICES complete choices, else (``shapes``) its form (``give CARDS``) or
        nothing."""
        listed = self._listed(seat)
        offered = self.parted_actions(seat)
        out = []
        for defn in self.step.actions:
            if defn.kind != "parts":
                out += [str(a) for a in listed if a[4] is defn]
            elif defn in offered:
                k = self.part_count(defn.name, seat)
                if k is not None and k <= SHOWN_CHOICES:
                    ch = self.chooser(defn.name, seat)
                    out += [a[5] for a in self._parted_actions(
                        ch, self._ruleset(ch.enumerate, k, seat=seat), seat)]
                elif shapes:
                    out.append(shape(defn))
        return out

    def _shapes_said(self) -> str:
        """The legal actions in words, for an error: the listed ones, then each choice
        in parts in full when it is small, else its form (``give CARDS``)."""
        said = self._shown_strings(self.actor, shapes=True)
        return "legal: " + ", ".join(said) if said else "no legal action"

    def _parts_dump(self, seat) -> list:
        """A dump's ``parts``: for each choice in parts ``seat`` may take, its name, its
        form, its parts and (when cheap) its count."""
        out = []
        for defn in self.parted_actions(seat):
            ch = self.chooser(defn.name, seat)
            first = self._ruleset(ch.options, (), None, seat=seat)
            parts = []
            for i, p in enumerate(defn.parts.parts):
                one = {"name": p.name, "form": p.form, "of": p.kind}
                if p.word is not None:
                    one["word"] = p.word
                if i == 0:
                    if p.form == "amount":
                        one["min"], one["max"] = first.low, first.high
                    else:
                        one["from"] = [t for _, t in first.items]
                        if p.form == "set":
                            one["min"], one["max"] = first.low, first.high
                parts.append(one)
            k = self.part_count(defn.name, seat)
            out.append({"action": defn.name, "shape": shape(defn), "parts": parts,
                        "count": k, "listed": k is not None and k <= SHOWN_CHOICES})
        return out


_SHAPES = {"card": "CARD", "seat": "SEAT", "int": "NUMBER", "rank": "RANK", "suit": "SUIT",
           "str": "WORD", "place": "PILE"}


def shape(defn) -> str:
    """How choice-in-parts ``defn``'s text is written: ``give CARDS``, ``put CARD on
    SEAT``, ``raise NUMBER``."""
    words = [defn.name]
    for p in defn.parts.parts:
        if p.word is not None:
            words.append(p.word)
        if p.form == "set" or p.kind == "play":
            words.append("CARDS")
        else:
            words.append(_SHAPES[p.kind])
    return " ".join(words)


_NOUNS = {"place": "pile of cards", "card": "card", "play": "cards", "seat": "seat", "int": "number",
          "rank": "rank", "suit": "suit", "str": "word"}


def _noun(p) -> str:
    """What part ``p`` is, for a player (its name is the ruleset's, not the player's):
    ``card``, ``pile``, ``seat``, ``number``, ``cards``, ``amount``, ..."""
    if p.form == "set":
        return "cards"
    if p.form == "amount":
        return "amount"
    return _NOUNS.get(p.kind, "choice")
