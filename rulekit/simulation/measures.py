"""What ``rulekit analyze`` measures in one game (rulekit.simulation.analyze adds the
games up): the seats' returns, the length, the choices at each decision, and who leads.

A game is played as ``rulekit simulate`` plays it (its seed from the run's seed and its
index, each agent seeded from the game's seed and its seat: runner.game_seed), so the
figures do not depend on the number of jobs or the backend. In the games that measure
skill one seat plays a stronger agent: seat ``index % players``, so that the strong
seat goes round the table.

Who leads (:func:`tension`): before each decision every seat's value is read from the
ruleset's ``heuristic`` of the phase the game is in (or the ``leader`` expression
given, in ``seat``; higher is better); the leader is the one seat with the best value,
and nobody on a tie.
"""
from __future__ import annotations

from collections import Counter

from ..errors import RulesetFailure
from ..play.agents import make_agent
from .runner import game_seed, rules_of

#: The points of a game (shares of its actions) at which the leader is compared with
#: the eventual winner.
CHECKPOINTS = (25, 50, 75)


def play_measured(spec: dict, index: int) -> dict:
    """Play game ``index`` of the run ``spec`` (keys ruleset, options, roots, players,
    seed, max_actions; ``kind``: the kind of every seat; ``strong``: the kind of the
    seat ``index % players``, or None; ``measure``: measure more than the returns;
    ``leader``: an expression in ``seat``, or None for the heuristics) and return:
    ``index``, ``status``, ``message``, ``dealer``, ``returns`` (None unless finished),
    ``winners``, ``losers``, ``draw``, ``strong_seat`` and, when measuring: ``actions``,
    ``decisions`` (per seat), ``hands``, ``announcements`` (text -> count), ``steps``
    (step -> [decisions, with one choice, choices counted, decisions counted]) and
    ``values`` (the seats' values before each decision, None where there is none)."""
    rules = rules_of(spec["ruleset"], spec["options"], spec.get("roots"))
    seed = game_seed(spec["seed"], index)
    n = spec["players"]
    measure = spec.get("measure", False)    # (only a measured game's events are read)
    game = rules.new_game(players=n, seed=seed, max_actions=spec["max_actions"],
                          events=bool(measure))
    kinds = [spec["kind"]] * n
    strong_seat = None
    if spec.get("strong"):
        strong_seat = index % n
        kinds[strong_seat] = spec["strong"]
    agents = [make_agent(k, seed * 1000 + s + 1) for s, k in enumerate(kinds)]
    leader = rules.expression(spec["leader"]) if measure and spec.get("leader") else None
    phases = rules.phases
    decisions = [0] * n
    steps: dict = {}
    values: list = []
    while not game.finished:
        seat = game.to_act
        if measure:
            decisions[seat] += 1
            k = game.choice_count()
            row = steps.setdefault(game.step.key, [0, 0, 0, 0])
            row[0] += 1
            row[1] += k == 1
            if k is not None:
                row[2] += k
                row[3] += 1
            values.append(_values(game, n, leader, phases))
        try:
            act = agents[seat].choose(game)
        except RulesetFailure as exc:       # a ruleset failing inside an agent
            game.stop(str(exc))
            break
        game.apply(act)
    res = game.result
    out = {"index": index, "status": res.status, "message": res.message,
           "dealer": game.first_dealer,
           "returns": [float(r) for r in res.returns] if res.status == "finished"
           and res.returns is not None else None,
           "winners": list(res.winners), "losers": list(res.losers), "draw": res.draw,
           "strong_seat": strong_seat}
    if measure:
        out.update({"actions": game.actions, "decisions": decisions, "hands": game.hand_no,
                    "announcements": dict(Counter(ev.get("said", ev["text"])
                                                  for ev in game.events
                                                  if ev["kind"] == "announced")),
                    "steps": steps, "values": values})
    return out


def _values(game, n: int, leader, phases):
    """The seats' values now (the ``leader`` expression, else the heuristic of the
    phase), or None when the phase has no heuristic or the heuristic fails. RulesetFailure
    when the ``leader`` expression fails (the user's own: said, not passed over)."""
    fn = leader if leader is not None else phases[game.phase].heuristic
    if fn is None:
        return None
    try:
        return [game.call_ruleset(fn, {"seat": s}) for s in range(n)]
    except RulesetFailure as exc:
        if leader is not None:
            raise RulesetFailure(f"the leader expression failed: {exc}") from None
        return None


def play_measured_chunk(spec: dict, indices: list[int]) -> list[dict]:
    """:func:`play_measured` for each of ``indices``, with each game's ``values`` boiled
    down to its :func:`tension` (so that what travels between processes stays small)."""
    out = []
    for i in indices:
        g = play_measured(spec, i)
        if "values" in g:
            g["tension"] = tension(g.pop("values"), g)
        out.append(g)
    return out


def top(values, worst: bool = False):
    """The one seat with the best (``worst``: the lowest) value, or None on a tie or
    when there are no values."""
    if values is None:
        return None
    best = min(values) if worst else max(values)
    seats = [s for s, v in enumerate(values) if v == best]
    return seats[0] if len(seats) == 1 else None


def tension(values: list, game: dict) -> dict | None:
    """Who leads in one game, from the seats' ``values`` before each decision (a list,
    one item per decision: a list of values, or None) and its outcome (``game``'s
    ``status``, ``winners``, ``losers``, ``draw``). The seat followed is the leader when
    the game has one winner, else the seat in last place when it has one loser (a
    game of a loser only); None for a game with neither (a draw, an aborted game) or
    without a value at any decision. Returns ``role`` (leader or last), ``changes``
    (how often the followed seat changes: from one seat to another, a tie between
    them not counted), ``decided_at`` (the share of the game's decisions made before
    the followed seat is for good the eventual one: 0 when it is from the start, 1
    when it never is before the end) and ``at`` (checkpoint -> whether the followed
    seat at that share of the decisions is the eventual one: :data:`CHECKPOINTS`)."""
    if game["status"] != "finished" or game["draw"] or not values or \
            all(v is None for v in values):
        return None
    if len(game["winners"]) == 1:
        role, eventual = "leader", game["winners"][0]
    elif len(game["losers"]) == 1:
        role, eventual = "last", game["losers"][0]
    else:
        return None
    followed = [top(v, worst=role == "last") for v in values]
    changes, last = 0, None
    for s in followed:
        if s is None:
            continue
        if last is not None and s != last:
            changes += 1
        last = s
    total = len(followed)
    decided = total
    while decided > 0 and followed[decided - 1] == eventual:
        decided -= 1
    at = {str(c): followed[min(total - 1, c * total // 100)] == eventual for c in CHECKPOINTS}
    return {"role": role, "changes": changes, "decided_at": decided / total, "at": at}
