"""The run-time helpers of a generated legal listing (:mod:`rulekit.compiler.hotpath`):
the actions it hands out again and again, built once per ruleset, seat and card
(:class:`_PerSeat`, :class:`_PerCard`), and the checks of a chosen item that make an
action of it (:func:`_choice_cards`, :func:`_typed_text`)."""
from __future__ import annotations

from ..errors import RulesetFault


def _choice_cards(order, defn, x) -> tuple:
    """The cards of item ``x`` of ``defn``'s choice domain (a card, or a list of cards:
    sorted by rank, or in its own order with ``keep_order``): the action's ``cards``.
    RulesetFault for anything else."""
    if x.__class__ is list:
        if len(x) == 1:
            if x[0].__class__ is not str or x[0] not in order:
                raise RulesetFault(_not_a_choice(defn, x))
            return (x[0],)
        try:
            if defn.keep_order:
                if not all(c.__class__ is str and c in order for c in x):
                    raise KeyError
                return tuple(x)
            return tuple(sorted(x, key=order.__getitem__))
        except (KeyError, TypeError):
            raise RulesetFault(_not_a_choice(defn, x)) from None
    if x.__class__ is str and x in order:
        return (x,)
    raise RulesetFault(_not_a_choice(defn, x))


class _PerSeat(dict):
    """The actions of one action definition that the generated code hands out again and
    again, by seat, each built once when first listed (actions are immutable, so a
    game, its copies and other games of the ruleset share them): ``_PerSeat(cls, defn,
    form)[seat]`` is, for ``form`` ``"none"``, the seat's action without a choice; for
    ``"card"`` and ``"play"``, a :class:`_PerCard` of its one-card actions (the choice
    the card itself, or a one-card play). Slot 5 of each is its action string."""
    __slots__ = ("cls", "defn", "form")

    def __init__(self, cls, defn, form: str):
        super().__init__()
        self.cls, self.defn, self.form = cls, defn, form

    def __missing__(self, seat: int):
        name = self.defn.name
        if self.form == "none":
            made = tuple.__new__(self.cls, (name, (), seat, None, self.defn, name))
        else:
            made = _PerCard(self.cls, self.defn, seat, self.form == "play")
        self[seat] = made
        return made


class _PerCard(dict):
    """By card (a card of the pack, as the generated code only asks for those), the
    one-card action of one definition and seat, built when first listed."""
    __slots__ = ("cls", "defn", "seat", "play")

    def __init__(self, cls, defn, seat: int, play: bool):
        super().__init__()
        self.cls, self.defn, self.seat, self.play = cls, defn, seat, play

    def __missing__(self, card: str):
        name = self.defn.name
        made = tuple.__new__(self.cls, (name, (card,), self.seat,
                                        [card] if self.play else card, self.defn,
                                        name + " " + card))
        self[card] = made
        return made


def _typed_text(G, defn, x) -> str:
    """The text of item ``x`` of a typed choice domain of ``defn`` (kind seat, int,
    rank, suit or str: see :data:`rulekit.model.TYPED_CHOICES`), as its action string
    shows it: a number, a rank's name, the suit or word itself. RulesetFault for an
    item that is not of the kind (a seat out of range, a word with a space, ...)."""
    kind = defn.kind
    if kind in ("seat", "int", "rank"):
        if x.__class__ is int:
            if kind == "int":
                return str(x)
            if kind == "seat" and 0 <= x < G.n:
                return str(x)
            ranks = G.rules.ranks
            if kind == "rank" and 0 <= x < len(ranks):
                return ranks[x]
    elif x.__class__ is str and x and x.isprintable() and "," not in x \
            and not any(ch.isspace() for ch in x) and (kind == "str" or x in G.rules.suits):
        return x
    shown = x if isinstance(x, (int, str)) else type(x).__name__
    what = {"seat": "a seat of this game", "int": "a whole number", "rank": "a rank",
            "suit": "a suit of the pack", "str": "a word (text without spaces or commas)"}[kind]
    raise RulesetFault(f"action '{defn.name}' offers {shown!r}, which is not {what} (its "
                       f"choices are {kind}s)")


def _not_a_choice(action, item) -> str:
    shown = item if isinstance(item, (int, str)) else type(item).__name__
    return (f"action '{action.name}' offers {shown!r}, which is not a card or a list of "
            "cards (a choice domain lists cards or plays)")
