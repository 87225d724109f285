"""A ruleset's cards and their notation: the pack (ranks by suits, several packs, extra
cards such as jokers), each card's rank, suit, face, value and sort order, and card text
read the way people write it (``10h``, ``♥10``, ``QS#2``).

A card is text: a rank name followed by a suit name (``'7H'``), an extra card's name
(``'JK'``), and for the k-th copy of a face ``#k`` after it (``'QS#2'``). Imports only
:mod:`rulekit.errors` and :mod:`rulekit.frozen`.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from .errors import CardError
from .frozen import ReadOnlyDict, freeze, seal, settle

# The standard 52-card pack, the defaults of a ruleset's `cards:` (in this one place).
STANDARD_RANKS = "2 3 4 5 6 7 8 9 T J Q K A".split()
STANDARD_SUITS = "C D H S".split()
STANDARD_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
STANDARD_RED = ("D", "H")
STANDARD_ALIASES = {"10": "T"}


COPY_MARK = "#"     # the second copy of QS in a game of two packs is QS#2

# Unicode's default-ignorable code points outside the categories C and Z (which are
# refused whole): variation selectors, fillers, the combining grapheme joiner ...
_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
              (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# scripts written together in one language count as one (Japanese kana with kanji)
_SCRIPT_FAMILY = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK", "BOPOMOFO": "CJK",
                  "IDEOGRAPHIC": "CJK", "HALFWIDTH": "CJK"}


def _invisible(ch: str) -> bool:
    """Whether ``ch`` shows nothing of its own: a control, format (bidi marks, zero
    width), space, separator, private or unassigned character, or a default-ignorable
    one (a variation selector)."""
    n = ord(ch)
    return unicodedata.category(ch)[0] in "CZ" or any(a <= n <= b for a, b in _IGNORABLE)


def script_of(ch: str) -> str | None:
    """The script of letter ``ch`` (``LATIN``, ``CYRILLIC``, ``GREEK``, ``CJK``...), from
    its Unicode name; None for a character that is not a letter (digits, symbols)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    word = unicodedata.name(ch, "UNKNOWN ?").split()[0]
    return None if word == "MODIFIER" else _SCRIPT_FAMILY.get(word, word)


def name_problem(name: str) -> str | None:
    """Why ``name`` (a rank, suit, symbol, alias or extra card's name) cannot be a name
    of the pack, in words, or None: empty, an invisible character (a right-to-left mark,
    a zero-width space, a control character, a space), a character with a plainer form
    (fullwidth ``Ｑ``, ``①``, a ligature), or letters of two scripts (Latin and Cyrillic)."""
    if not name:
        return "is empty"
    for ch in name:
        if ch.isspace():
            return "holds a space: card text is read word by word"
        if _invisible(ch):
            return (f"holds an invisible or control character (U+{ord(ch):04X} "
                    f"{unicodedata.name(ch, 'unnamed')}), so that it would look like "
                    "another name")
    if unicodedata.normalize("NFKC", name) != name:
        plain = unicodedata.normalize("NFKC", name)
        return (f"holds a character with a plainer form ({plain!r}): people type that "
                "one; write the name with it")
    scripts = sorted({s for s in map(script_of, name) if s})
    if len(scripts) > 1:
        return (f"mixes {scripts[0].title()} and {scripts[1].title()} letters, so that it "
                "would look like another name")
    return None


# letters of other scripts that look like a Latin letter or a digit, in upper case (from
# Unicode's confusables: Cyrillic, Greek, Armenian, Cherokee); a name of several
# scripts is refused whole (:func:`name_problem`), so these are what is left to compare
_LOOKS_LIKE = {pair[0]: pair[1] for pair in (
    "АA ВB ЕE ЅS ІI ЈJ КK МM НH ОO РP СC ТT УY ХX ҮY ԚQ ԜW ӀI ҺH ԀD З3 "
    "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX ϹC \u037fJ ϜF ՕO ՍU ԼL "
    "ᎪA ᏴB ᏟC ᎠD ᎬE ᏀG ᎻH ᎫJ ᏦK ᏞL ᎷM ᏢP ᏚS ᎢT ᏙV ᏔW ᏃZ").split()}


def skeleton(text: str) -> str:
    """``text`` in upper case with each letter that looks like a Latin letter (or a
    digit) replaced by it: texts with one skeleton look alike."""
    return "".join(_LOOKS_LIKE.get(ch, ch) for ch in text.upper())


def look_alike(a: str, b: str) -> bool:
    """Whether texts ``a`` and ``b`` differ (in any case) but look alike: Latin ``KH``
    and ``KН`` with a Cyrillic En, Greek ``Κ`` and Latin ``K``."""
    return a.upper() != b.upper() and skeleton(a) == skeleton(b)


def first_look_alike(named: list) -> tuple | None:
    """The first two entries ``(text, what)`` of ``named`` whose texts look alike
    (:func:`look_alike`) but name different things (``what`` differs), or None."""
    seen: dict = {}
    for text, what in named:
        for other, other_what in seen.get(skeleton(text), ()):
            if other_what != what and look_alike(other, text):
                return (other, other_what), (text, what)
        seen.setdefault(skeleton(text), []).append((text, what))
    return None


@dataclass(frozen=True, eq=False)
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
    sorting by rank, then suit, then copy (extra cards last). Immutable, like the
    model it is part of: its lists and tables are read-only (:mod:`rulekit.frozen`).
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
        seal(self)                                # the fields, read-only
        pack, rank_of, suit_of, order, value_of, face_of = [], {}, {}, {}, {}, {}
        v = self.values             # value_of: a card's own value, its rank's, its suit's
        n = self.packs
        for k in range(1, n + 1):
            for si, s in enumerate(self.suits):
                for ri, r in enumerate(self.ranks):
                    face = f"{r}{s}"
                    card = face if k == 1 else f"{face}{COPY_MARK}{k}"
                    pack.append(card)
                    rank_of[card] = ri
                    suit_of[card] = s
                    face_of[card] = face
                    order[card] = (ri * len(self.suits) + si) * n + k - 1
                    value_of[card] = v.get(face, v.get(r, v.get(s, 0)))
        base = len(self.ranks) * len(self.suits) * n
        for face, count in self.extra.items():
            for k in range(1, count + 1):
                card = face if k == 1 else f"{face}{COPY_MARK}{k}"
                pack.append(card)
                rank_of[card] = None
                suit_of[card] = None
                face_of[card] = face
                order[card] = base
                value_of[card] = v.get(face, 0)
                base += 1
        # the characters card text may hold: those of the names, in either case; any
        # other (a look-alike letter, an invisible mark, a long s) names no card
        typed = set("0123456789" + COPY_MARK)
        for name in [*self.ranks, *self.suits, *self.symbols.values(), *self.aliases,
                     *self.extra]:
            for ch in str(name):
                typed.update(x for x in (ch, ch.upper(), ch.lower()) if len(x) == 1)
        ranked = {c: r for c, r in rank_of.items() if r is not None}
        copies_of: dict = {}                          # face -> its cards, first copy first
        for c in pack:
            copies_of.setdefault(face_of[c], []).append(c)
        copies = n > 1 or any(count > 1 for count in self.extra.values())
        # card -> the card of its suit one rank up (None: none, or an extra card); for
        # runs of a pack without copies (None then)
        at = {(suit_of[c], r): c for c, r in ranked.items()}
        next_up = None if copies else {
            c: (at.get((suit_of[c], r + 1)) if r is not None else None)
            for c, r in rank_of.items()}
        settle(self, pack=freeze(pack), rank_of=ReadOnlyDict(rank_of),   # (building it)
               suit_of=ReadOnlyDict(suit_of), order=ReadOnlyDict(order),
               value_of=freeze(value_of), face_of=ReadOnlyDict(face_of),
               _upper=ReadOnlyDict({c.upper(): c for c in pack}),
               _typed=frozenset(typed), ranked=ReadOnlyDict(ranked),
               _copies=freeze(copies_of), copies=copies,
               next_up=None if next_up is None else ReadOnlyDict(next_up))

    def lookup(self, text) -> str | None:
        """The card ``text`` names, or None: case-insensitive, rank aliases (``10h``),
        suit symbols (``♥10``) and suit first (``H10``) accepted; a copy after its face
        (``QS#2``, ``♠Q#2``). Text with a character that no name of the pack holds (a
        Cyrillic letter that looks Latin, a right-to-left mark, ``ſ`` which upper-cases
        to ``S``) names no card."""
        if not isinstance(text, str):
            return None
        t = text.strip()
        if not self._typed.issuperset(t):
            return None
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

    def notation_problems(self) -> list[tuple[str, str, str]]:
        """Where the notation cannot be read as it says: ``(part, key, message)`` for an
        alias (``part`` ``aliases``, ``key`` the alias) that is a rank's name already or
        whose text with a suit (``10H``) reads as another card or none, and for a symbol
        (``symbols``, the suit) whose text with a rank, either way round (``10♥``,
        ``♥10``), does not read as that card. One problem per alias or symbol."""
        out = []
        names = {r.upper(): r for r in self.ranks}
        for alias, rank in self.aliases.items():
            if str(alias).upper() in names:
                out.append(("aliases", alias, f"cards.aliases: '{alias}' is the name of rank "
                            f"'{names[str(alias).upper()]}' already, so it can never be used"))
                continue
            out += [("aliases", alias, f"cards.aliases: '{alias}' cannot stand for rank "
                     f"'{rank}': '{text}' reads as {got or 'no card'}")
                    for text, got in self._misread(((f"{alias}{s}", f"{rank}{s}")
                                                    for s in self.suits))][:1]
        for suit, symbol in self.symbols.items():
            pairs = ((text, f"{r}{suit}") for r in self.ranks
                     for text in (f"{r}{symbol}", f"{symbol}{r}"))
            out += [("symbols", suit, f"cards.symbols: the symbol '{symbol}' of suit '{suit}' "
                     f"cannot be used: '{text}' reads as {got or 'no card'}")
                    for text, got in self._misread(pairs)][:1]
        return out

    def _misread(self, pairs):
        """The first (text, what it reads as) of ``pairs`` (text, the card it must name)
        that reads otherwise, as a list of at most one."""
        for text, card in pairs:
            got = self.lookup(text)
            if got != card and card in self.rank_of:
                return [(text, got)]
        return []

    def copies_of(self, card: str) -> list:
        """Every card with ``card``'s face, first copy first (``['QS', 'QS#2']``)."""
        return list(self._copies[self.face_of[card]])

    def is_card_text(self, word: str) -> bool:
        """Whether ``word`` is written as a card (for styling free text)."""
        return word in self.rank_of
