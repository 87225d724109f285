"""A ruleset's cards and their notation: the pack (ranks by suits, several packs, extra
cards such as jokers), each card's rank, suit, face, value and sort order, and card text
read the way people write it (``10h``, ``♥10``, ``QS#2``).

A card is text: a rank name followed by a suit name (``'7H'``), an extra card's name
(``'JK'``), and for the k-th copy of a face ``#k`` after it (``'QS#2'``). Imports only
:mod:`rulekit.errors`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import CardError

# The standard 52-card pack, the defaults of a ruleset's `cards:` (in this one place).
STANDARD_RANKS = "2 3 4 5 6 7 8 9 T J Q K A".split()
STANDARD_SUITS = "C D H S".split()
STANDARD_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
STANDARD_RED = ("D", "H")
STANDARD_ALIASES = {"10": "T"}


COPY_MARK = "#"     # the second copy of QS in a game of two packs is QS#2


@dataclass
class Cards:
    """A ruleset's cards and their notation (its ``cards:`` section).

    ``ranks`` low to high and ``suits`` (names); ``packs`` how many copies of the
    rank-by-suit pack are shuffled together; ``extra`` more cards (a name such as ``JK``
    -> how many), which have no rank and no suit; ``pack`` every card in pack order
    (suit by suit, ranks ascending, pack after pack, then the extra cards); ``symbols``
    suit name -> symbol for people (♥); ``red`` suits printed in red; ``aliases`` other
    rank texts people type (``10`` for ``T``). A card is its text: the first copy of a
    face is the face (``QS``, ``JK``), the k-th ``QS#k``, so that two queens of spades
    stay two cards. ``rank_of``/``suit_of`` map a card to its rank index and suit
    (None for an extra card); ``face_of`` to its face; ``order`` to its place when
    sorting by rank, then suit, then copy (extra cards last).
    """
    ranks: list
    suits: list
    symbols: dict = field(default_factory=dict)
    red: tuple = ()
    aliases: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    packs: int = 1
    extra: dict = field(default_factory=dict)

    def __post_init__(self):
        self.pack, self.rank_of, self.suit_of, self.order, self.value_of = [], {}, {}, {}, {}
        self.face_of = {}
        v = self.values             # value_of: a card's own value, its rank's, its suit's
        n = self.packs
        for k in range(1, n + 1):
            for si, s in enumerate(self.suits):
                for ri, r in enumerate(self.ranks):
                    face = f"{r}{s}"
                    card = face if k == 1 else f"{face}{COPY_MARK}{k}"
                    self.pack.append(card)
                    self.rank_of[card] = ri
                    self.suit_of[card] = s
                    self.face_of[card] = face
                    self.order[card] = (ri * len(self.suits) + si) * n + k - 1
                    self.value_of[card] = v.get(face, v.get(r, v.get(s, 0)))
        base = len(self.ranks) * len(self.suits) * n
        for face, count in self.extra.items():
            for k in range(1, count + 1):
                card = face if k == 1 else f"{face}{COPY_MARK}{k}"
                self.pack.append(card)
                self.rank_of[card] = None
                self.suit_of[card] = None
                self.face_of[card] = face
                self.order[card] = base
                self.value_of[card] = v.get(face, 0)
                base += 1
        self._upper = {c.upper(): c for c in self.pack}
        self.ranked = {c: r for c, r in self.rank_of.items() if r is not None}
        self._copies: dict = {}                       # face -> its cards, first copy first
        for c in self.pack:
            self._copies.setdefault(self.face_of[c], []).append(c)
        self.copies = n > 1 or any(count > 1 for count in self.extra.values())
        # card -> the card of its suit one rank up (None: none, or an extra card); for
        # runs of a pack without copies (None then)
        at = {(self.suit_of[c], r): c for c, r in self.ranked.items()}
        self.next_up = None if self.copies else {
            c: (at.get((self.suit_of[c], r + 1)) if r is not None else None)
            for c, r in self.rank_of.items()}

    def lookup(self, text) -> str | None:
        """The card ``text`` names, or None: case-insensitive, rank aliases (``10h``),
        suit symbols (``♥10``) and suit first (``H10``) accepted; a copy after its face
        (``QS#2``, ``♠Q#2``)."""
        if not isinstance(text, str):
            return None
        t = text.strip()
        if self.copies and COPY_MARK in t:           # QS#2: the face, then its copy
            head, _, k = t.rpartition(COPY_MARK)
            face = self.lookup(head) if head and k.isdigit() and k.isascii() else None
            if face is None or len(k) > 3 or int(k) < 1:
                return None
            card = face if int(k) == 1 else f"{face}{COPY_MARK}{int(k)}"
            return card if card in self.rank_of else None
        if t.upper() in self._upper:                  # a card's own text first (JK)
            return self._upper[t.upper()]
        for suit, symbol in self.symbols.items():
            t = t.replace(symbol, suit)
        t = t.upper()
        candidates = [t]
        for suit in self.suits:                      # suit first: ♥2, H2
            s = suit.upper()
            if t.startswith(s) and len(t) > len(s):
                candidates.append(t[len(s):] + s)
        aliases = {str(k).upper(): str(v).upper() for k, v in self.aliases.items()}
        for cand in candidates:
            if cand in self._upper:
                return self._upper[cand]
            for suit in self.suits:
                s = suit.upper()
                head = cand[:-len(s)]
                if cand.endswith(s) and head in aliases and aliases[head] + s in self._upper:
                    return self._upper[aliases[head] + s]
        return None

    def parse(self, text) -> str:
        """The card ``text`` names (see :meth:`lookup`); raises rulekit.CardError."""
        card = self.lookup(text)
        if card is None:
            alias = "".join(f"; {a} for {r}" for a, r in self.aliases.items())
            extra = "".join(f"; or {e}" for e in self.extra)
            copies = (f"; a copy after its face: {self.ranks[-1]}{self.suits[-1]}"
                      f"{COPY_MARK}2" if self.copies else "")
            raise CardError(f"bad card '{text}': a card is a rank ({' '.join(self.ranks)}"
                            f"{alias}) followed by a suit ({' '.join(self.suits)}), e.g. "
                            f"{self.ranks[-1]}{self.suits[-1]}{extra}{copies}")
        return card

    def copies_of(self, card: str) -> list:
        """Every card with ``card``'s face, first copy first (``['QS', 'QS#2']``)."""
        return list(self._copies[self.face_of[card]])

    def is_card_text(self, word: str) -> bool:
        """Whether ``word`` is written as a card (for styling free text)."""
        return word in self.rank_of
