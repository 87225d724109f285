"""Running the engine for a bridged state: actions applied in place, draws as chance nodes.

**In place.** A state owns one rulekit ``GameState`` (``Core.game``) and applies each
engine action to it, with no copy per action. A copy of the state (OpenSpiel's
``clone``) shares that game until one of the two applies an action: that one copies
the game first (copy on write), so a copy that is never changed costs nothing and a
``clone()`` then ``apply_action`` costs one engine copy.

**Chance.** Each run of the engine draws through a :class:`rulekit.randomness.Chance`
source of its own whose answers are the outcomes chosen so far (:class:`Answers`). At the first draw it has no
answer for, the run stops (the :class:`Draw` signal, a BaseException the engine does
not catch) and that draw is the state's chance node. A run stopped in the middle of an
action has changed the game half way, so the game before the action is rebuilt:
from the last *snapshot* (a step whose game was kept; every ``CHECKPOINT`` steps, each
step with draws and the deal are), the engine actions since are applied again with
their draws (at most ``CHECKPOINT`` of them). That game is kept unchanged (``pre``);
each outcome then reruns the action on a copy of it with one more answer, except
inside a shuffle: the next card's options follow from the answers without running the
engine (:func:`next_shuffle_options`), so a shuffle of ``P`` cards runs the engine once
more at its end, not ``P`` times. The deal is run the same way from a new game.

**Steps.** Each engine action (and the deal) is a :class:`~.observe.Step` of the
state's trail (shared by copies, never changed): the seat, the Action, the ids used,
the draws' answers, and the game after it when it is a snapshot. An information-state
string needs every step's game: asked on a state whose trail lacks some, the bridge
replays those steps from the last snapshot, keeping each game (:func:`recorded`), and
from then on that state keeps every step's game (``rec``; its copies do not, until
asked).
"""
from __future__ import annotations

import pyspiel

from ..randomness import Chance
from .steps import Step

CHECKPOINT = 8          # engine actions between two snapshots of the game


class Draw(BaseException):
    """A draw the outcomes chosen so far do not answer: ``options`` (a number of
    results, or the cards to pick from)."""

    def __init__(self, options):
        super().__init__()
        self.options = options


class Answers:
    """The chooser of one run's :class:`Chance` source: it answers the run's draws from
    ``draws`` in order, then raises :class:`Draw`."""
    __slots__ = ("draws", "k")

    def __init__(self, draws: tuple):
        self.draws, self.k = draws, 0

    def __call__(self, options):
        k = self.k
        if k < len(self.draws):
            self.k = k + 1
            return self.draws[k]
        raise Draw(options)


class _Source(Chance):
    """A :class:`Chance` source made without seeding Python's generator (about 6 us a
    run otherwise): a Chance source never draws from it."""

    def __init__(self, choose):             # (random.Random.__init__ would seed)
        self.choose = choose


def source(draws: tuple) -> Chance:
    """A Chance source answering ``draws`` from the start of a run (one per run: a run
    in another thread has its own)."""
    return _Source(Answers(draws))


def next_shuffle_options(options: list, k: int):
    """The options of a shuffle's next draw once item ``k`` of ``options`` (the items
    not yet placed) is placed (see :meth:`rulekit.randomness.Chance.shuffle`), or None
    when that draw ended the shuffle (the engine runs on)."""
    if len(options) <= 2:
        return None
    left = list(options)
    left[0], left[k] = left[k], left[0]
    return left[1:]


class Core:
    """Everything a bridged state holds.

    ``spec`` (the game's fixed data), ``game`` (the GameState now; None during the deal
    and at a chance node inside an action), ``owned`` (False while ``game`` is shared
    with a copy of the state or with a snapshot: copied before it changes), ``pre``
    (at a chance node inside an action: the game before it, never changed),
    ``trail`` (the last :class:`~.observe.Step`; None during the deal), ``since``
    (steps since the last snapshot), ``rec`` (keep every step's game), ``pending``
    (the Action whose draws are being chosen, or None), ``seat`` (who took it),
    ``draws`` (the answers chosen for the run in progress), ``need`` (the draw waiting
    for an outcome: a number, or the ids of the cards to pick from, in the draw's
    order; None when not at a chance node),
    ``deal`` (the answers of the deal; None for a resampled state), ``name``,
    ``picks`` and ``ids`` (the selection in progress: the name chosen or None, the
    cards picked, the ids used, forced ones too), ``sel`` (a choice in parts in
    progress: a :class:`~.parts.Selection`, or None), ``opts`` (the legal ids, once
    computed; None when they may have changed), ``uniq`` (the listed legal actions
    once each, kept for the decision; None once it is made), ``past`` (every id applied, last
    first: ``(id, (id, ... None))``; None for a resampled state), ``seen`` (strings
    of the state now, per seat, kept until it changes).

    (A plain object, not slotted: a copy is one update of its ``__dict__``.) Pickled
    (OpenSpiel's serialization), it is the game's parameters and ``past``;
    unpickled, the game is loaded again (``pyspiel.load_game``; rulekit.openspiel
    keeps what it loaded) and the ids applied to a new state."""
    def __init__(self, spec):
        self.spec = spec
        self.game = self.pre = self.trail = self.pending = self.need = None
        self.name = self.seat = self.opts = self.sel = self.past = self.seen = None
        self.uniq = None
        self.owned = self.rec = self.resampled = False
        self.since = 0
        self.draws, self.deal, self.picks, self.ids = (), (), (), ()

    def __copy__(self):
        """A copy sharing everything (each part is replaced, never changed) but the game,
        which both copy before they next change it."""
        new = Core.__new__(Core)
        d = new.__dict__
        d.update(self.__dict__)
        self.owned = d["owned"] = d["rec"] = False
        d["seen"] = None
        return new

    def __deepcopy__(self, memo):
        """:meth:`__copy__` (OpenSpiel's clone deep-copies a state's attributes)."""
        return self.__copy__()

    def __reduce__(self):
        if self.resampled:
            from ..errors import ParameterError
            raise ParameterError("a resampled state (resample_from_infostate) cannot be "
                                 "serialized: it is not reached by action ids")
        ids, node = [], self.past
        while node is not None:
            ids.append(node[0])
            node = node[1]
        ids.reverse()
        return (_restore, (dict(self.spec.params), ids))

    @property
    def now(self):
        """The game now (before the pending action at a chance node inside one; None
        during the deal)."""
        return self.game if self.game is not None else self.pre

    # ---- running the engine ------------------------------------------------------
    def own(self):
        """The game, copied first if it is shared."""
        if not self.owned:
            self.game = self.game.clone()
            self.owned = True
        return self.game

    def take(self, act) -> None:
        """Apply the engine Action ``act`` in place (its draws become chance nodes)."""
        self.name, self.picks, self.opts, self.sel, self.uniq = None, (), None, None, None
        game = self.own()
        game.use_random(source(()))
        start = len(game.events)
        self.seen = None
        try:
            game.apply(act)
        except Draw as need:            # half applied: rebuild the game before it
            self.game, self.owned = None, False
            self.pre = rebuilt(self.trail)
            self.pending, self.seat, self.draws = act, act[2], ()
            self.need = self._need(need.options)
            return
        self._stepped(act, act[2], (), game, start)

    def _stepped(self, act, seat, draws, game, start) -> None:
        step = Step(seat, act, self.ids, draws, self.trail, game.events, start)
        self.since += 1
        if self.rec or draws or self.since >= CHECKPOINT:
            step.keep(game)
            self.owned, self.since = False, 0
        self.trail, self.game = step, game
        self.pending = self.seat = self.need = self.pre = None
        self.draws = self.ids = ()

    def _need(self, options):
        """A draw's options as the chance node keeps them: a number, or the ids of the
        cards to pick from (in the draw's order)."""
        if options.__class__ is int:
            return options
        card_id = self.spec.layout.card_id
        return [card_id[x] for x in options]

    def outcome(self, action) -> int | None:
        """The index among the chance node's options of outcome ``action`` (a card's
        id, or a number), or None if it is not one."""
        need = self.need
        if need.__class__ is int:
            return action if action.__class__ is int and 0 <= action < need else None
        try:
            return need.index(action)
        except ValueError:
            return None

    def answer(self, k: int) -> None:
        """Answer the chance node with ``k`` (the index of the outcome among its
        options): the next draw of a shuffle at once, else run on."""
        self.draws = self.draws + (k,)
        self.seen = None
        need = self.need
        if need.__class__ is not int:
            nxt = next_shuffle_options(need, k)
            if nxt is not None:
                self.need = nxt
                return
        self.run()

    def run(self) -> None:
        """Run the deal (a new game) or the pending action (on a copy of ``pre``) with
        the draws chosen so far, up to the next draw they do not answer."""
        spec = self.spec
        src = source(self.draws)
        try:
            if self.trail is None:
                game = spec.rules.new_game(players=spec.n, source=src,
                                           max_actions=spec.max_actions)
            else:
                game = self.pre.clone(events=True)  # (its events are the step's)
                game.use_random(src)
                game.apply(self.pending)
        except Draw as need:
            self.need = self._need(need.options)
            return
        if self.trail is None:
            self.deal, self.game = self.draws, game
            self.trail = Step(None, None, (), self.draws, None, game.events, 0)
            self.trail.keep(game)
            self.owned, self.since = False, 0
            self.need, self.draws = None, ()
            return
        self._stepped(self.pending, self.seat, self.draws, game, 0)


def rebuilt(trail):
    """A new game as it is after ``trail`` (its last step): a copy of the last
    snapshot's game, the engine actions since applied again with their draws. It
    keeps no event log: no step reads its events (each outcome runs on a copy that
    does)."""
    steps = []
    while trail.game is None:
        steps.append(trail)
        trail = trail.prev
    game = trail.game.clone(events=False)
    for step in reversed(steps):
        game.use_random(source(step.draws))
        game.apply(step.action)
    return game


def recorded(core) -> None:
    """Give every step of ``core``'s trail its game (replaying those without one from
    the game of the step before them, on copies) and keep every step's game from now
    on."""
    core.rec = True
    if core.trail is None or core.trail.full:
        return
    steps, step = [], core.trail
    while not step.full:
        steps.append(step)
        step = step.prev
    prev = step
    for old in reversed(steps):
        if old.game is not None:
            prev = old.onto(prev, old.game)
            continue
        game = prev.game.clone()
        game.use_random(source(old.draws))
        game.apply(old.action)
        prev = Step(old.seat, old.action, old.ids, old.draws, prev, game.events, 0)
        prev.keep(game)
    core.trail = prev
    if core.pending is None:            # (the game now is the last step's: share it)
        core.game, core.owned, core.since = prev.game, False, 0


def _restore(params: dict, ids: list) -> Core:
    """The Core of the state that ``ids`` reach in the game of ``params`` (what a
    pickled state names: :meth:`Core.__reduce__`)."""
    state = pyspiel.load_game("rulekit", params).new_initial_state()
    for a in ids:
        state.apply_action(a)
    return state._c
