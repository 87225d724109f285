"""Search: a determinized copy of a game (what a seat may believe), and the ISMCTS bot.

:func:`determinize` makes a copy of a game that agrees with everything a seat can see:
the cards hidden from it are redealt among the hidden places. Bots and the table's
hints look ahead on such copies, never on the game itself.

:class:`SearchAgent` is single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, 2012). For each of its ``simulations`` it

1. determinizes the game canonically from the seat's view (``canonical=True``: the
   copy owes nothing to what the seat cannot see, its random source included);
2. descends one tree, shared by all the simulations of a move, whose edges are
   action texts with the seat taking them (``"2", "play 7H"``): a node stands for
   every state the seat cannot tell apart that the same actions lead to. At each node
   the seat asked (the acting seat, or the seat asked at a shared window at the root)
   picks, among the actions legal in *this* copy, the child with the best upper
   confidence bound, where a child's count of chances is the number of times it was
   legal (its availability), not its parent's visits. At the root, the seat's actions
   are listed once a move, from the game (a copy agrees with what the seat sees, so
   offers the same), unless a choice in parts is too big to list in full; a copy that
   refuses one of them (a ruleset whose listing reads what the seat cannot see) has
   its own listed instead. Another seat's hidden choice is drawn with
   ``random_legal``, never listed in full;
3. adds one child when some legal action has none yet (chosen at random);
4. plays on at random (its own seeded random source; the copy's reshuffles use the
   copy's) for at most ``depth`` actions, then judges the position with the phase's
   ``heuristic``: the seats are placed by their heuristic values and given the
   returns a game ending so would give (+1 first, -1 last, linear between: see
   rulekit.outcome). A phase without a heuristic is played on until one has one, or to
   the end; a finished game gives its returns, an aborted one 0 to everyone;
5. adds to every node on the path the return of the seat that acted there.

It then takes the action of the root most often chosen. At a simultaneous step, the
choices of the other seats are hidden from the searching seat, and its own from them:
the tree makes no choice for another seat there (it is drawn at random, on one edge
``"?"``), so nothing in the tree depends on a choice a seat could not see.

The bot's own randomness is a ``random.Random`` seeded when it is made; it never
draws from the game's random source, so a game with these bots replays from its record
and plays again the same from its seed.
"""
from __future__ import annotations

import math
import random

from ..errors import IllegalAction
from ..limits import MAX_CHOICES
from ..outcome import default_returns
from ..randomness import shuffle
from .hidden import forget_secrets, redraw_held, relist_or_keep

DEFAULT_SIMULATIONS = 200       # a move well under a second for four seats here
MAX_SIMULATIONS = 100_000
ROLLOUT_DEPTH = 20              # random actions before the heuristic judges
EXPLORATION = 0.7               # UCB's constant, for returns from -1 to +1


def _relist(game, L) -> None:
    game._relist()            # (the legal actions again: see SharedSteps._relist)


def determinize(game, seat: int, rng: random.Random, canonical: bool = False,
                events: bool | None = None):
    """A copy of ``game`` in which the cards hidden from ``seat`` are redealt at random
    among the hidden places (each zone keeps its count; visible cards stay put).

    Tags and face-down marks belong to the place, so they follow the new card. The
    variables hold only what the seat sees (:mod:`rulekit.play.hidden`): a value it may
    not see is set back to its ``init``, a card it does not know becomes a random hidden
    card. What is
    hidden is what :meth:`~rulekit.runtime.engine.GameState.view` hides, found without
    building the view; the redeal takes the same values from ``rng`` as it always did.
    The pending choices of other seats at a simultaneous step are forgotten (those
    seats choose again in the copy): ``seat`` cannot know them. The copy's legal
    actions are listed again, unless ``seat`` is to act and the step's listing reads
    only what it sees (``Step.lists_from_sight``, :mod:`rulekit.compiler.sight`): then
    the redeal cannot change them.

    ``canonical=True``: nothing ``seat`` cannot see has any influence on the copy. The
    hidden cards are put in one order (sorted by their text) before the shuffle, so
    their real places do not show through a known ``rng``; and the copy gets a random
    source of its own, seeded from ``rng``, instead of the game's (whose future
    reshuffles the seat cannot know). Two games that differ only in what ``seat``
    cannot see give the same copy for the same ``rng`` state. (The copy's ``history``
    is still the real one, which no rule reads.) Without it, the old redeal, value for
    value: greedy bots and recorded simulations depend on it.

    ``events``: whether the copy keeps an event log (default: as ``game`` does;
    ``False`` for a copy whose events no one reads, as the bots' are: it builds none).
    """
    copy = game.clone(events)
    if canonical:                   # a source of its own, before the redeal's values
        copy._rng = random.Random(rng.getrandbits(64))
        copy._rng_shared = False
    hid = bool(copy._pending) and any(s != seat for s in copy._pending)
    if hid:
        copy._hide_choices(seat)
    marks = copy.marks
    segments = []   # the lists hidden whole, or (with marks) (list, its hidden indices)
    hidden = []     # the hidden cards, in zone, seat and list order
    places = []     # the place (zone, seat) of each
    tagged = False  # some of them are in a tagged zone (only those can carry a tag)
    z = copy.z
    marked = bool(marks) or bool(game.rules.top_zones)  # (card by card; marks may
    #                                                        empty below, before the redeal)
    if not marked:  # what is hidden is the zones' rule: the ruleset's plan for the seat
        for name, pick, locs, tag in game.rules.hidden_places(copy.n, seat):
            for lst, loc in zip(pick(z[name]), locs):
                if lst:
                    segments.append(lst)
                    hidden += lst
                    places += [loc] * len(lst)
            tagged = tagged or tag
    else:
        for name, decl in game.rules.zones.items():
            content = z[name]
            lists = enumerate(content) if decl.slotted else ((None, content),)
            top = decl.see == "top"
            for s, lst in lists:
                if not lst:
                    continue
                default = decl.seen(s, seat, 0, 1)
                size = len(lst)
                idx = [i for i, c in enumerate(lst)
                       if not (marks.get(c) == "up" or (marks.get(c) != "down" and (
                           decl.seen(s, seat, i, size) if top else default)))]
                if idx:
                    segments.append((lst, idx))
                    hidden += [lst[i] for i in idx]
                    places += [(name, s)] * len(idx)
                    tagged = tagged or decl.tagged
    varied = bool(game.rules.secret_vars) and forget_secrets(copy, seat)
    if not hidden:
        if hid or varied:
            relist_or_keep(copy, game, _relist)
        return copy
    new = sorted(hidden) if canonical else hidden[:]
    shuffle(rng, new)
    if copy._where_shared:              # shared with the game: its own before changing
        copy.where, copy._where_shared = copy.where.copy(), False
    copy.where.update(zip(new, places))
    tags = copy.tags
    old_tags = {c: tags.pop(c) for c in hidden if c in tags} if tags and tagged else None
    old_marks = {c: marks.pop(c) for c in hidden if c in marks} if marks else None
    pos = 0
    if not marked:
        for lst in segments:
            end = pos + len(lst)
            lst[:] = new[pos:end]
            pos = end
    else:
        for lst, idx in segments:
            end = pos + len(idx)
            for i, card in zip(idx, new[pos:end]):
                lst[i] = card
            pos = end
    if old_tags or old_marks:         # they belong to the place: onto its new card
        for old, card in zip(hidden, new):
            if old_tags and old in old_tags:
                tags[card] = old_tags[old]
            if old_marks and old in old_marks:
                marks[card] = old_marks[old]
    if game.rules.card_vars or copy._L:   # a card a variable or a local holds that the
        varied = redraw_held(copy, hidden, new, rng) or varied   # seat does not know
    if seat == copy.actor and not marked and not hid and not old_tags and not varied \
            and copy._window is None and copy.step is not None \
            and copy.step.lists_from_sight:
        return copy     # the listing reads only what the seat to act sees (and no tag
        #                 moved to another card: seat_of(c) of any c is the same): kept
    if varied:
        relist_or_keep(copy, game, _relist)
    else:
        copy.call_ruleset(_relist, {})
    return copy


class _Node:
    """A node of the tree: the seat that took the action into it, its children by
    (seat, action text), how often it was chosen and was legal, the sum of the returns
    of its seat over the simulations through it, and how often its seat came first."""
    __slots__ = ("seat", "children", "visits", "avail", "total", "first")

    def __init__(self, seat):
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.first = 0


class SearchAgent:
    """ISMCTS (see the module docstring) with ``simulations`` per move (1 to
    :data:`MAX_SIMULATIONS`), random play-outs of at most ``depth`` actions before the
    heuristic judges (0: to the end), the first ``guide`` of them greedy (see
    ``_play_out``), and the exploration constant ``exploration``. Raises ValueError for
    a bad budget or option; ``choose`` raises ValueError when the seat has no legal
    action, and rulekit.errors.RulesetFailure when the ruleset's heuristic fails."""

    def __init__(self, seed=None, simulations: int = DEFAULT_SIMULATIONS,
                 depth: int = ROLLOUT_DEPTH, exploration: float = EXPLORATION,
                 guide: int = 0):
        if isinstance(simulations, bool) or not isinstance(simulations, int) \
                or not 1 <= simulations <= MAX_SIMULATIONS:
            raise ValueError(f"ismcts: the number of simulations must be a whole number from "
                             f"1 to {MAX_SIMULATIONS}, not {simulations!r}")
        for what, value in (("rollout depth", depth), ("number of guided actions", guide)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"ismcts: the {what} must be a whole number from 0, "
                                 f"not {value!r}")
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) \
                or not 0 <= exploration < math.inf:
            raise ValueError(f"ismcts: the exploration constant must be a number from 0, "
                             f"not {exploration!r}")
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.depth = depth
        self.guide = guide
        self.exploration = exploration

    @property
    def kind(self) -> str:
        """The kind as a record keeps it: ``ismcts:N``."""
        return f"ismcts:{self.simulations}"

    def choose(self, game, seat=None):
        """The action of ``seat`` (default: the seat to act) the search prefers."""
        actions = game.candidate_actions(self.rng, seat)
        if len(actions) == 1 and not game.parted_actions(seat):
            return actions[0]
        if not actions:
            raise ValueError(f"ismcts: seat {game.to_act if seat is None else seat} has no "
                             f"legal action now")
        return self.search(game, seat, actions)[0][0]

    def search(self, game, seat=None, actions=None) -> list:
        """Run the simulations for ``seat`` (default: the seat to act) and return
        ``[(action, visits, mean return, share of simulations it came first)]`` for the
        legal ``actions``, most visited first (ties: better mean, then legal order). The
        game is not changed, nor its random source drawn from."""
        actions = game.candidate_actions(self.rng, seat) if actions is None else actions
        seat = game.to_act if seat is None else seat
        root = _Node(None)
        # the seat's actions at the root, in every copy, when they are all of them (no
        # sample of a choice in parts too big to list): the copies agree with what the
        # seat sees, so they offer the same; one a copy refuses is listed there again
        fixed = list(actions) if all(
            k is not None and k <= MAX_CHOICES
            for k in (game.part_count(d.name, seat) for d in game.parted_actions(seat))) \
            else None
        for _ in range(self.simulations):
            self._simulate(game, seat, root, fixed)
        if game.parted_actions(seat):       # candidates the simulations drew besides
            known = {_text(a) for a in actions}
            actions = list(actions) + [game.parse_action(text, seat) for (s, text) in root.children
                                       if s == seat and text is not None and text not in known]
        out = []
        for i, act in enumerate(actions):
            child = root.children.get((seat, _text(act)))
            if child is None or not child.visits:
                out.append((act, 0, 0.0, 0.0, i))
            else:
                out.append((act, child.visits, child.total / child.visits,
                            child.first / child.visits, i))
        out.sort(key=lambda r: (-r[1], -r[2], r[4]))
        return [r[:4] for r in out]

    def _simulate(self, game, seat: int, root: _Node, fixed=None) -> None:
        """One simulation: determinize, select and expand, play out, back up.
        ``fixed``: the seat's actions at the root, when every copy offers them all."""
        rng = self.rng
        state = determinize(game, seat, rng, canonical=True, events=False)
        node, path, actor = root, [], seat
        c = self.exploration
        while state.status == "in_progress":
            if actor is None:
                actor = state.actor
            if actor != seat and state._pending is not None:    # a hidden choice
                legal = None
            elif fixed is not None and node is root and actor == seat:
                legal = fixed
            else:
                legal = state.candidate_actions(rng, actor)
                if not legal:       # the seat asked has nothing to do in this copy
                    actor = state.actor
                    if actor != seat and state._pending is not None:
                        continue
                    legal = state.candidate_actions(rng, actor)
            children = node.children
            if legal is None:       # drawn uniformly, never listed in full
                act = state.random_legal(rng, actor)
                child = children.get((actor, None))
                if child is None:
                    child = children[(actor, None)] = _Node(actor)
                state.apply(act)
                node = child
                path.append(child)
                actor = None
                continue
            untried, best, best_value = [], None, -math.inf
            for act in legal:
                key = (actor, _text(act))
                child = children.get(key)
                if child is None:
                    untried.append((key, act))
                    continue
                child.avail += 1
                if not untried:
                    value = child.total / child.visits + \
                        c * math.sqrt(math.log(child.avail) / child.visits)
                    if value > best_value:
                        best, best_value = (child, act), value
            if untried:
                key, act = untried[0] if len(untried) == 1 else rng.choice(untried)
                if legal is not fixed:
                    state.apply(act)
                elif not _applied(state, act):
                    fixed = None    # this copy refuses one: its own listing from here
                    continue
                child = children[key] = _Node(actor)
                path.append(child)
                break
            child, act = best
            if legal is not fixed:
                state.apply(act)
            elif not _applied(state, act):
                fixed = None
                continue
            node = child
            path.append(child)
            actor = None
        returns = self._play_out(state)
        top = max(returns)
        first = returns[seat] == top and min(returns) < top
        for node in path:
            node.visits += 1
            node.total += returns[node.seat]
        if path:
            path[0].first += first

    def _play_out(self, state) -> list:
        """Random actions to the end, or until ``depth`` are taken and the phase has a
        heuristic; the returns of the seats (one number each). The first ``guide``
        actions are the greedy choice of the seat taking them (its heuristic one action
        ahead, on this copy)."""
        rng, depth, phases, guide = self.rng, self.depth, state.rules.phases, self.guide
        steps = 0 if guide else state.play_randomly(rng, depth or None)  # (no judging yet)
        while state.status == "in_progress":
            h = phases[state.phase].heuristic
            if depth and steps >= depth and h is not None:
                return _judged(state, h)
            if steps < guide and h is not None:
                legal = state.candidate_actions(rng)
                state.apply(_greedy(state, legal, h, rng) if len(legal) > 1
                            else state.random_legal(rng))
            else:
                state.apply(state.random_legal(rng))
            steps += 1
        return _returns(state)


def _applied(state, act) -> bool:
    """Apply ``act`` to ``state`` and say True, or say False when ``state`` does not
    offer it (nothing changed then)."""
    try:
        state.apply(act)
    except IllegalAction:
        return False
    return True


def _returns(state) -> list:
    """The returns of a game that ended (0 for everyone when it aborted)."""
    outcome = state.outcome
    if state.status != "finished" or outcome is None or outcome.get("returns") is None:
        return [0.0] * state.n
    return outcome["returns"]


def _greedy(state, legal, heuristic, rng):
    """The action of ``legal`` after which the seat to act scores best by its heuristic
    (a game it ends: its return, far beyond); ties at random."""
    seat, phases = state.actor, state.rules.phases
    best, top = [], -math.inf
    for act in legal:
        trial = state.clone(events=False)
        trial.apply(act)
        while trial._pending and trial.status == "in_progress":
            trial.apply(trial.random_legal(rng))
        if trial.status != "in_progress":
            score = 10 ** 9 * _returns(trial)[seat]
        else:
            h = phases[trial.phase].heuristic or heuristic
            score = trial.call_ruleset(h, {"seat": seat})
        if score > top:
            best, top = [act], score
        elif score == top:
            best.append(act)
    return best[0] if len(best) == 1 else rng.choice(best)


def _text(act) -> str:
    """The action string of ``act`` (its last slot when the generated code filled it)."""
    text = act[5]
    return text if text is not None else str(act)


def _judged(state, heuristic) -> list:
    """The returns the seats would get if the game ended now, placed by ``heuristic``
    (higher is better; equal values share a place). Raises RulesetFailure when the
    heuristic fails."""
    values = [state.call_ruleset(heuristic, {"seat": s}) for s in range(state.n)]
    groups: dict = {}
    for s, v in enumerate(values):
        groups.setdefault(v, []).append(s)
    return default_returns([groups[v] for v in sorted(groups, reverse=True)])
