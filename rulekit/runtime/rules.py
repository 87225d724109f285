"""Compiled rules that start games: :class:`Rules` (what :func:`rulekit.load` returns)."""
from __future__ import annotations

from operator import itemgetter

from ..errors import Diagnostic, RulesetError
from ..lang.expressions import ExprError
from ..limits import MAX_ACTIONS
from ..frozen import ReadOnlyDict, refuse_change, settle
from ..model import Ruleset
from .actions import Action
from .changes import Changes


class Rules(Ruleset):
    """A compiled ruleset, ready to play (see :class:`rulekit.model.Ruleset` for its
    attributes). Immutable, as the model is: no attribute may be set or deleted."""

    action_class = Action        # what the generated legal-action functions build
    state_api = Changes          # the games' changes (rulekit.lang.state_api): fast paths
    __setattr__ = __delattr__ = refuse_change

    def __post_init__(self):
        super().__post_init__()
        # the card lists each seat cannot see, per player count and seat (hidden_places)
        plans = {(n, seat): _hidden_plan(self.zones, n, seat)
                 for n in range(self.players[0], self.players[1] + 1) for seat in range(n)}
        settle(self, _hidden_places=ReadOnlyDict(plans))      # (part of building it)

    def new_game(self, players: int | None = None, seed: int | None = 0, deck=None,
                 dealer: int | None = None, max_actions: int = MAX_ACTIONS,
                 random_version: int = 2, source=None, events: bool = True):
        """Start a game: ``players`` (default: the ruleset's default), ``seed`` (int;
        shuffles the deck when ``deck`` is None, then draws the dealer when ``dealer`` is
        None), ``deck`` (all cards, top first, as card text), ``dealer`` (seat),
        ``max_actions`` (recorded actions before the game is stopped as aborted),
        ``random_version`` (1: as records of format ``/1`` used the random source, a
        given dealer taking no value from it; 2, the default: the dealer draw always
        takes one, so play-time shuffles do not depend on how the dealer was chosen),
        ``source`` (a ``random.Random`` to draw from instead of one seeded with ``seed``,
        such as :class:`rulekit.randomness.Chance`: every shuffle and draw is then
        asked of an outside chooser; ``restart`` and records still use ``seed``),
        ``events`` (True, the default: the game keeps its event log, ``events``;
        False: a quiet game that builds no event, for bots and playouts that never read
        the log, the same game otherwise: reading its ``events`` raises ValueError).
        Returns a :class:`~rulekit.runtime.engine.GameState`. Raises ValueError with a
        message for a bad player count, dealer or deck (rulekit.CardError for bad card
        text)."""
        from .engine import GameState
        return GameState(self, players=players, seed=seed, deck=deck, dealer=dealer,
                         max_actions=max_actions, random_version=random_version,
                         source=source, events=events)

    @property
    def graph(self):
        """The phase/step machine as a new networkx DiGraph (nodes ``phase.step``,
        ``<setup>`` and ``<end>``; see rulekit.analysis.machine), made each time it is
        asked for: playing a game never needs it."""
        return self.machine.to_networkx()

    def hidden_places(self, players: int, seat: int) -> tuple:
        """The card lists a seat cannot see when no card carries a face mark, zone by
        zone in zone order: a tuple of ``(zone name, pick, places, tagged)``, where
        ``pick(zone)`` gives the zone's hidden lists as a tuple (a game zone: the zone
        itself; a zone per seat: the lists of the seats in ``places``), ``places`` the
        place of each (``(zone name, seat or None)``, as ``where`` gives it) and
        ``tagged`` the zone's. Made when the model is built, for each player count and
        seat; ``determinize`` redeals their cards."""
        plan = self._hidden_places.get((players, seat))
        return plan if plan is not None else _hidden_plan(self.zones, players, seat)

    def expression(self, text: str, names: tuple = (), want: str | None = None):
        """Compile ``text`` against this ruleset, once (cached): a function ``f(game, L)``
        where ``L`` maps each of ``names`` (extra local names) to a value. ``actor``,
        ``last_action`` and ``seat`` (from ``L``) are available; ``want``: the static
        type the value must have (``"bool"``). For analysis tools and tests; raises
        RulesetError with the problem."""
        if not isinstance(text, str):
            raise RulesetError([Diagnostic(None, "error", f"an expression is text, not "
                                           f"{type(text).__name__}", "type")])
        try:
            return self.expressions.compile(text, tuple(names), want)[0]
        except ExprError as exc:
            shown = text if len(str(text)) <= 60 else str(text)[:57] + "..."
            raise RulesetError([Diagnostic(None, "error", f"{shown!r}: {exc.message}",
                                           exc.code)]) from None


def _hidden_plan(zones, players: int, seat: int) -> tuple:
    """:meth:`Rules.hidden_places` of ``zones`` for ``players`` and ``seat``."""
    plan = []
    for name, decl in zones.items():
        if decl.see == "top":               # seen card by card: read by determinize
            continue
        owners = range(decl.slots(players)) if decl.slotted else (None,)
        hidden = [s for s in owners if not decl.seen(s, seat, 0, 1)]
        if not hidden:
            continue
        if not decl.slotted:
            pick = _alone
        elif len(hidden) == 1:
            pick = _alone_of(hidden[0])
        else:
            pick = itemgetter(*hidden)
        plan.append((name, pick, tuple((name, s) for s in hidden), decl.tagged))
    return tuple(plan)


def _alone(x) -> tuple:
    return (x,)


def _alone_of(i):
    return lambda lists: (lists[i],)
