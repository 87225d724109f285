"""The game state as the language sees it: the one API effect primitives and built-ins use.

The language (this layer) compiles effects into code that changes a game, but the
game's data lives in the runtime (``rulekit.runtime``, a layer above). Everything a
primitive of :mod:`rulekit.lang.effects` or a built-in may do to a game ``G`` is named
by :class:`GameStateAPI`: reading its data (the ``reads``), and changing it only
through the operations (``move``, ``shuffle``, ``mark``, ``show``, ``set_var``,
``set_dealer``, ``put_out``, ``new_hand``, ``finish``, ``emit``, ``count_rounds``),
each of which keeps the runtime's bookkeeping (where each card is, tags, face marks,
what every seat knows, events) right. :class:`rulekit.runtime.engine.GameState`
implements it (the changes in :mod:`rulekit.runtime.changes`);
``tests/test_state_api.py`` fails when a module of ``rulekit/lang`` reads a name of
the state that is not here, writes one, or changes a value read from it in place.

Shapes: a card is its text (``'7H'``); a seat an int ``0..n-1``; a zone is named by
the ruleset (``'hand'``) and a *place* is ``(zone name, slot)``: the slot None for a
zone of one pile, else which of its piles (a seat's, a row's pile ``i``, or seat
``s``'s pile ``i`` of a row per seat at ``s * row + i``: ``ZoneDecl.slots``). A "card or cards" argument is a card, a list of cards or a zone's
list itself (every card it holds, in zone order); None means none.

Generated code: effects compile to Python that calls the primitives, which call these
operations. Two fast paths are written into the generated code instead, each the
same change as its operation (``tests/test_state_api.py`` checks that generated code
touches nothing else, and that each fast path gives the same game as its operation):

- ``set: V = E`` writes ``G.v['V'] = value`` (``G.v['V'][seat] = value``) in place:
  the same as ``G.set_var('V', value, seat)``. A call per ``set`` would cost 4% more
  instructions per action of a bundled ruleset (benchmarks/instructions.py; see
  docs/architecture.md, "The state API");
- ``move: X to Z`` (to the zone's top end) calls ``_move_to_Z(G, X, seat, by, kind)``,
  a function made once per zone by the state's :meth:`GameStateAPI.zone_mover`: the
  same as ``G.move(X, 'Z', seat, by, kind)`` with the zone's keys read once; a
  ``deal`` into zone Z moves its cards with ``_deal_to_Z``, made once per zone by
  :meth:`GameStateAPI.zone_dealer`: the same as those moves one by one.

Entering a step (``rulekit.compiler.hotpath``, the machine's own code, not the
language's) sets ``step``, ``phase`` and the step's locals ``_L``.
"""
from __future__ import annotations

import random
from typing import Callable, Protocol, runtime_checkable


class Place:
    """A place of ``move ... at`` that is not a number of cards: :data:`AT_BOTTOM` or
    :data:`AT_RANDOM` (no value a ruleset computes can be one)."""
    __slots__ = ("word",)

    def __init__(self, word: str):
        self.word = word

    def __repr__(self) -> str:
        return f"<at {self.word}>"


AT_BOTTOM = Place("bottom")     # under the zone's bottom end
AT_RANDOM = Place("random")     # a place drawn from the game's random source


class PileRef:
    """A chosen pile, as a choice in parts holds it (an :class:`Action`'s value): its
    place, ``zone`` and ``slot`` (None for a zone of one pile; see :class:`ZoneDecl`),
    never its cards, so that an action stays the same in a copy of the game. The
    ruleset's code is given the pile's own list of the game it runs in
    (:meth:`cards_in`). Equal when the places are; immutable."""
    __slots__ = ("zone", "slot")

    def __init__(self, zone: str, slot):
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "slot", slot)

    def __setattr__(self, name, value):
        raise AttributeError("a PileRef cannot be changed")

    def __eq__(self, other):
        return other.__class__ is PileRef and other.zone == self.zone \
            and other.slot == self.slot

    def __hash__(self):
        return hash(("place", self.zone, self.slot))

    def __repr__(self):
        return f"PileRef({self.zone!r}, {self.slot!r})"

    def __reduce__(self):
        return (PileRef, (self.zone, self.slot))

    def cards_in(self, G) -> list:
        """The pile's own list of cards in game ``G`` (``G.z``)."""
        z = G.z[self.zone]
        return z if self.slot is None else z[self.slot]


@runtime_checkable
class GameStateAPI(Protocol):
    """What the language may read of a game and the changes it may make (see the
    module's text). Reads are attributes: read them, never assign them or change the
    values they give in place (the zones' lists, ``tags``, ``inplay``, ...)."""

    # ---- reads ------------------------------------------------------------------------
    rules: object
    """The compiled ruleset (:class:`rulekit.model.Ruleset`): ``zones`` (name -> zone
    declaration with ``per``, ``see``, ``top``, ``tagged``), ``cards`` and its tables
    (``rank_of``, ``suit_of``, ...), ``parse_card``, ``returns_fn``."""
    n: int
    """The number of seats (players)."""
    actor: int | None
    """The seat acting now (None at the end)."""
    dealer: int
    """The dealer's seat (``set_dealer`` moves it)."""
    phase: str | None
    """The current phase's name."""
    step: object
    """The current step (:class:`rulekit.model.Step`)."""
    actions: int
    """Actions taken so far (events are stamped with it)."""
    hand_no: int
    """The hand (deal) of a match, from 1 (``new_hand`` counts them)."""
    last_action: str | None
    """The name of the last action taken."""
    z: dict
    """The zones: name -> its cards in zone order (a list), or for a per-seat zone or
    a row a list with one such list per slot (seat, pile, or seat by pile). Change them only with ``move`` and ``shuffle``."""
    v: dict
    """The variables: name -> value (a per-seat variable: a list, one value per
    seat). Change them with ``set_var`` (generated code writes in place, the same)."""
    tags: dict
    """card -> ``(seat, play number, kind)`` for the cards on tagged zones."""
    marks: dict
    """card -> ``'up'`` (seen by all) or ``'down'`` (seen by none); change with ``mark``."""
    inplay: list
    """One bool per seat: still in the game (``put_out`` and ``new_hand`` change it)."""
    out_order: list
    """The seats that went out, in order (``put_out``)."""
    log: list | None
    """The event log (read it only to test it against None: None for a game that keeps
    none, ``new_game(events=False)``, whose effects then build no event text; ``emit``
    and the other operations write to it).""" 

    def place_of(self, card) -> tuple | None:
        """Where ``card`` lies: its place ``(zone name, slot)``; None for a value that
        is not a card of the pack (None included)."""

    def pile_place(self, pile) -> tuple | None:
        """The place whose cards are the list ``pile`` itself (the very list ``z``
        gives for it, not an equal one); None when no zone's pile is that list."""

    @property
    def rng(self) -> random.Random:
        """The game's seeded random source: every draw of the game (a shuffle, a place
        ``at random``) comes from it, in order, so that a seed replays exactly."""

    # ---- changes --------------------------------------------------------------------------
    def move(self, what, zone: str, seat: int | None = None, by: int | None = None,
             kind: str = "play", at=None) -> None:
        """Move a card or cards (``what``; a zone's list: all of it, at once) onto zone
        ``zone`` (of seat ``seat`` for a per-seat zone, else None), keeping their order:
        onto its top end, or ``at`` :data:`AT_BOTTOM`, :data:`AT_RANDOM` (one draw of
        ``rng``: 0 to the count, every place equally likely) or a whole number of cards
        of the zone to stay above them (counted without the moved cards). Each card
        leaves its place with its tag and face mark. On a tagged zone they all get one
        new play number, the seat ``by`` (default: ``actor``) and ``kind``; on a zone
        every seat sees they become known to all at the next decision. Emits a
        ``moved`` event. None or an empty list moves nothing.

        Raises ValueError for an item that is not a card of the pack, a card listed
        twice, or an ``at`` that is not a place (the messages start ``move:``), before
        changing anything; TypeError for a ``what`` that is neither a card nor a list."""

    @staticmethod
    def zone_mover(decl, tagged_zones: frozenset,
                   top_zones: frozenset = frozenset()) -> Callable:
        """The fast path of ``move`` onto the top of zone ``decl`` (a zone declaration):
        a function ``(G, what, seat, by, kind)`` making the same change as
        ``G.move(what, decl.name, seat, by, kind)`` (``tagged_zones``: the names of the
        ruleset's tagged zones; ``top_zones``: of its ``see: top`` zones, whose new top
        card a move uncovers), made once per zone when a ruleset is compiled."""

    @staticmethod
    def zone_dealer(decl, tagged_zones: frozenset,
                    top_zones: frozenset = frozenset()) -> Callable:
        """The fast path of a deal into the per-seat zone ``decl``: a function ``(G,
        src, first, seats, rounds)`` making the same change as moving, ``rounds``
        times over, the top card of ``src`` (a zone's list; ``first``: its top is its
        first card) to seat ``s``'s list with ``zone_mover(decl, ...)(G, card, s,
        None, "play")`` for each ``s`` of ``seats`` in turn, stopping when ``src`` is
        empty: the same game, events and knowledge, however it does it (the
        arguments as for ``zone_mover``), made once per zone when a ruleset is
        compiled."""

    def shuffle(self, cards: list) -> None:
        """Put the cards of a zone (``cards``: the zone's own list, as ``z`` gives it)
        in a new order drawn from ``rng``."""

    def mark(self, what, mark: str | None) -> None:
        """Give a card or cards the face mark ``mark``: ``'up'`` (reveal: seen by all;
        a ``revealed`` event, and known to all at the next decision), ``'down'``
        (conceal: seen by none) or None (hide: seen as its zone says)."""

    def show(self, what, owner: int | None = None) -> None:
        """Show a card or cards once to every seat: known to all from now on, no lasting
        mark; a ``shown`` event naming ``owner``, the seat whose zone they are in
        (None: nobody's). Nothing for None or no cards."""

    def set_var(self, name: str, value, seat: int | None = None) -> None:
        """Set variable ``name`` to ``value`` (``seat``: that seat's value of a per-seat
        variable). The caller gives a copy of a list it may change later. KeyError for
        a name the ruleset does not declare."""

    def set_dealer(self, seat: int) -> None:
        """Make ``seat`` the dealer. ValueError when it is not a seat of this game."""

    def put_out(self, seat: int) -> None:
        """Seat ``seat`` leaves the game: appended to ``out_order`` (an ``out`` event);
        nothing if it is out already. IndexError or TypeError for a value that is not a
        seat."""

    def new_hand(self) -> None:
        """The next hand of a match: ``hand_no`` + 1, every seat in, ``out_order`` empty;
        the cards known to all are only those face up to everyone now (one turned up
        again later is news again); a ``new_hand`` event."""

    def finish(self, outcome: dict) -> None:
        """The game is over with ``outcome`` (:func:`rulekit.outcome.make`'s dict):
        status ``finished``, ``loser`` the one loser (None if several or none), an
        ``ended`` event. (The primitive that calls it then stops the effects.)"""

    def emit(self, event: dict) -> None:
        """Add ``event`` (a dict whose ``kind`` is one of ``revealed``, ``shown``,
        ``announced``, ``out``, ``new_hand``, ``ended``, ...) to the game's events,
        stamped with ``actions`` and ``phase``."""

    def count_rounds(self, rounds: int) -> None:
        """Count ``rounds`` rounds of a loop (``repeat``, ``for``) against the limit of
        :data:`rulekit.limits.MAX_LOOP_ROUNDS` per action (the deal and setup are one
        action; so are an action and the automatic steps after it). Raises
        :class:`rulekit.errors.RulesetFault` past it: the game ends as aborted."""


def _members(cls) -> frozenset:
    names = set(getattr(cls, "__annotations__", {}))
    names.update(k for k in vars(cls) if not k.startswith("_"))
    return frozenset(names)


API_NAMES = _members(GameStateAPI)
"""Every name of the state the language may use (reads and operations)."""
