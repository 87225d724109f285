"""A zone's declaration (a part of the model, :mod:`rulekit.model`): who sees its
cards, which end is its top, whether it is one pile, one per seat, or a row of piles
(docs/language.md, "zones"); and how a game's state holds its piles (slots)."""
from __future__ import annotations

from dataclasses import dataclass

from ..frozen import Sealed as _Sealed


@dataclass(frozen=True, eq=False)
class ZoneDecl(_Sealed):
    """A zone: ``per`` game or seat; ``see`` all, owner, count or top (only the top
    card seen by all); ``top`` first or last; ``tagged``: cards moved in get (seat,
    play number, kind) tags; ``show_empty``: the table shows it even when it holds no
    cards; ``row``: a row of that many piles (per game, or per seat: each seat its
    own row), 0 for one pile; ``pairs_with``: another zone (of the same ``per``)
    whose card i the table shows with this zone's card i as a pair, or "".

    A game's state holds a zone as one list of cards, or as a list of piles (lists of
    cards) when :attr:`slotted`: one per seat; a row's piles; a row per seat, flat,
    seat ``s``'s pile ``i`` at slot ``s * row + i``. A card's place is ``(zone,
    slot)``, slot None for a zone of one pile."""
    name: str
    per: str = "game"
    see: str = "all"
    top: str = "last"
    tagged: bool = False
    doc: str = ""
    show_empty: bool = False
    rule: str = ""
    row: int = 0
    pairs_with: str = ""
    words: str = ""             # how the name reads to a player (lang.wording.words_of)
    kind = "zone"

    @property
    def slotted(self) -> bool:
        """Whether the state holds this zone as a list of piles (per seat, or a row)."""
        return self.per == "seat" or self.row > 0

    def slots(self, players: int) -> int:
        """How many piles the zone has in a game of ``players`` seats (1: one pile)."""
        return (players if self.per == "seat" else 1) * (self.row or 1)

    def owner(self, slot):
        """The seat that owns pile ``slot`` (None: the game's)."""
        if self.per != "seat":
            return None
        return slot // self.row if self.row else slot

    def label(self, slot) -> str:
        """Pile ``slot`` as written in expressions: ``hand[2]``, ``tableau[3]``,
        ``discard[1][0]``, or the zone's name."""
        if slot is None:
            return self.name
        if self.row and self.per == "seat":
            return f"{self.name}[{slot // self.row}][{slot % self.row}]"
        return f"{self.name}[{slot}]"

    def pile_words(self, slot) -> str:
        """Pile ``slot`` in an action's text: ``tableau 3``, ``discard 1 0`` (a pile of
        a row per seat: its seat, then its index), ``hand 2``, or the zone's name."""
        if slot is None:
            return self.name
        if self.row and self.per == "seat":
            return f"{self.name} {slot // self.row} {slot % self.row}"
        return f"{self.name} {slot}"

    def flat(self, content: list) -> list:
        """A dump's or view's ``content`` of this zone as a list of piles, one per
        slot (a row per seat's is nested by seat there), or as it is."""
        if self.row and self.per == "seat":
            return [pile for row in content for pile in row]
        return content

    def seen(self, slot, viewer, index: int, size: int) -> bool:
        """Whether seat ``viewer`` (-1: a spectator) sees the card at ``index`` of pile
        ``slot`` (``size`` cards) by the zone's rule, before any card's own mark."""
        see = self.see
        if see == "all":
            return True
        if see == "owner":
            return viewer is not None and viewer >= 0 and self.owner(slot) == viewer
        if see == "top":
            return index == (0 if self.top == "first" else size - 1)
        return False


def pair_up(first: list, second: list) -> list:
    """Card i of ``first`` with card i of ``second``: ``[[a, b], ...]``; a card of the
    longer list that has no partner is a pair of one (``[a]``), in its place."""
    out = [[a, b] for a, b in zip(first, second)]
    longer = first if len(first) > len(second) else second
    out += [[c] for c in longer[len(out):]]
    return out
