"""``rulekit analyze``: what a rule change does, beyond who wins how often.

Usage::

    import rulekit
    a = rulekit.analyze("mygame.yaml", ["mygame.yaml:jokers=true"], games=200, players=3)
    a.figures[0][3]["skill"]["ismcts_vs_random"]["gain"]   # {"value", "low", "high", ...}
    print(a.text())                  # side by side, * marks what is significant at 95%
    a.to_dict()                      # the --json output

For each variant and player count it plays ``games`` games of each of these runs, on
the same seeds (game ``i`` is seeded from the run's seed and ``i``, whatever the run,
the number of jobs or the backend):

- the *base* games: every seat the ``agents`` kind (random by default), measured in full:
  fairness, length, choice and tension (rulekit.simulation.measures);
- for each pairing of :data:`PAIRINGS`, a stronger agent at one seat (seat ``i %
  players`` in game ``i``, so that it goes round the table) among weaker ones, and
  the same games with the weaker kind at every seat: skill is the mean gain of the
  seat's return, game by game.

Every figure is a dict with ``value``, ``low`` and ``high`` (its 95% interval), ``se``
(standard error) and ``n``; a figure with a null value (a skill gain of 0, a seat's
advantage of 0) also says whether it is ``significant``. docs/analyze.md says how each
is computed and which published measure it follows.
"""
from __future__ import annotations

import contextlib
import math
import os
from collections import Counter
from dataclasses import dataclass, field

from ..limits import MAX_ACTIONS, MAX_JOBS, MAX_SIMULATED_GAMES
from ..lang.wording import said_names
from ..randomness import seed_problem
from .measures import CHECKPOINTS, play_measured_chunk
from .runner import ray_session, rules_of, run_local, run_ray
from .stats import (difference, equal_means_test, estimate, rate_estimate,
                    ratio_estimate)

#: The skill pairings: (name, stronger kind, weaker kind); ``{budget}`` is the search's
#: simulations a move.
PAIRINGS = (("ismcts_vs_random", "ismcts:{budget}", "random"),
            ("ismcts_vs_greedy", "ismcts:{budget}", "greedy"),
            ("greedy_vs_random", "greedy", "random"))
DEFAULT_BUDGET = 50          # simulations a move of the search in the skill games
MAX_BUDGET = 100_000
COUNTED_SHOWN = 8            # the ruleset's announcements listed under length


@dataclass
class Analysis:
    """The figures of :func:`analyze`: ``variants`` (labels, the first the reference),
    ``titles``, ``options`` (per variant, those that differ from their defaults),
    ``games``, ``seed``, ``budget``, ``agents``, ``players`` (the counts played),
    ``figures`` (one dict per variant: player count -> figures) and ``differences``
    (one dict per variant after the first: player count -> figure path -> its
    difference from the reference's, see rulekit.simulation.stats.difference)."""
    variants: list
    titles: list
    options: list
    games: int
    seed: int
    budget: int
    agents: str
    players: list
    leader: str | None = None
    words: dict = field(default_factory=dict)   # step key -> how the report names it
    figures: list = field(default_factory=list)
    differences: list = field(default_factory=list)

    def to_dict(self) -> dict:
        """Everything, JSON-ready (the ``--json`` output; null where there is no
        value)."""
        from . import _no_nan
        return _no_nan({
            "games": self.games, "seed": self.seed, "budget": self.budget,
            "agents": self.agents, "leader": self.leader, "players": self.players,
            "variants": [{"label": label, "title": title, "options": opts,
                          "players": {str(n): f for n, f in sorted(figs.items())},
                          "differences": {str(n): d for n, d in sorted(diffs.items())}
                          if i else None}
                         for i, (label, title, opts, figs, diffs) in enumerate(zip(
                             self.variants, self.titles, self.options, self.figures,
                             [{}] + self.differences))]})

    def text(self) -> str:
        """The report as text (what ``rulekit analyze`` prints)."""
        from .analyze_report import text
        return text(self)


def _check(games, seed, budget, jobs, backend, agents, leader):
    from ..play.agents import parse_kind
    from . import BACKENDS
    if isinstance(games, bool) or not isinstance(games, int) or \
            not 2 <= games <= MAX_SIMULATED_GAMES:
        raise ValueError(f"games must be a whole number from 2 to {MAX_SIMULATED_GAMES}, "
                         f"not {games!r:.40}")
    if seed_problem(seed):
        raise ValueError(f"seed {seed_problem(seed)}")
    if isinstance(budget, bool) or not isinstance(budget, int) or \
            not 1 <= budget <= MAX_BUDGET:
        raise ValueError(f"budget must be a whole number from 1 to {MAX_BUDGET}, "
                         f"not {budget!r:.40}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r:.40}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r:.40}")
    if not isinstance(agents, str):
        raise ValueError(f"agents must be an agent kind (random, greedy, ismcts:N), "
                         f"not {agents!r:.40}")
    parse_kind(agents)
    if leader is not None and (not isinstance(leader, str) or not leader.strip()):
        raise ValueError(f"leader must be an expression of the ruleset's language in "
                         f"seat, not {leader!r:.40}")


def _variants(ruleset, variants, options) -> list:
    """``[(name, options, label)]``: the ruleset first, then each variant."""
    from . import parse_variant
    if not isinstance(ruleset, str) or not ruleset.strip():
        raise ValueError(f"ruleset: a bundled name or a path, not {ruleset!r:.40}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict NAME -> value, not {options!r:.40}")
    if isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, (list, tuple)):
        raise ValueError(f"variants: a list of rulesets ('name' or 'name:k=v,...'), not "
                         f"{variants!r:.40}")
    name, given = parse_variant(ruleset)
    out = [(name, {**given, **dict(options or {})})]
    for v in variants:
        if isinstance(v, str) and v.strip():
            out.append(parse_variant(v))
        elif isinstance(v, (list, tuple)) and len(v) == 2 and isinstance(v[0], str) \
                and isinstance(v[1], dict):
            out.append((v[0], dict(v[1])))
        else:
            raise ValueError(f"a variant is 'name', 'name:k=v,...' or (name, options), "
                             f"not {v!r:.40}")
    return [(name, opts, name + (":" + ",".join(f"{k}={val}" for k, val in opts.items())
                                 if opts else "")) for name, opts in out]


def _counts(loaded, players) -> list[int]:
    """The player counts to play: those asked for, each shared by every variant."""
    shared = set(range(max(r.players[0] for r in loaded),
                       min(r.players[1] for r in loaded) + 1))
    if not shared:
        raise ValueError("the variants share no player count")
    if players is None:
        players = loaded[0].players[2]
    if players == "all":
        return sorted(shared)
    counts = [players] if not isinstance(players, (list, tuple)) else list(players)
    if not counts:
        raise ValueError("players: give a player count, a list of them, or 'all'")
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"players: a whole number, a list of them or 'all', not "
                             f"{n!r:.40}")
        if n not in shared:
            lo, hi = min(shared), max(shared)
            what = f"{loaded[0].name} is" if len(loaded) == 1 else "the variants share"
            raise ValueError(f"{what} for {lo} to {hi} players, not {n}" if len(loaded) == 1
                             else f"{what} the player counts {lo} to {hi}, not {n}")
    return sorted(set(counts))


def analyze(ruleset: str, variants=(), games: int = 200, players=None,
            options: dict | None = None, budget: int = DEFAULT_BUDGET,
            agents: str = "random", leader: str | None = None, seed: int = 0,
            jobs: int | None = None, backend: str = "local", address: str | None = None,
            max_actions: int = MAX_ACTIONS, progress=None, rulesets=()) -> Analysis:
    """Measure ``ruleset`` (with ``options``) and each of ``variants`` (``"name"``,
    ``"name:k=v,..."`` or ``(name, options)``) at each player count of ``players``
    (None: the ruleset's default; a number; a list; ``"all"``: every count they share).

    ``games``: games per variant, player count and run (at least 2); ``budget``: the
    search's simulations a move in the skill games; ``agents``: the kind of every seat
    in the base games, which measure fairness, length, choice and tension; ``leader``: an
    expression in ``seat`` (higher is better) that says who leads, instead of the
    phases' ``heuristic``; ``seed``, ``jobs``, ``backend``, ``address``,
    ``max_actions``, ``rulesets`` as for :func:`rulekit.simulation.simulate`;
    ``progress(done, total)`` is called as games finish. Returns an :class:`Analysis`.
    Raises ValueError for a bad argument, RulesetError for a bad ruleset or ``leader``
    expression, ImportError for ``ray`` when it is missing.
    """
    from . import _roots
    jobs = (os.cpu_count() or 1) if jobs is None else jobs
    _check(games, seed, budget, jobs, backend, agents, leader)
    parsed = _variants(ruleset, variants, options)
    roots = _roots(rulesets)
    loaded = [rules_of(name, opts, roots) for name, opts, _ in parsed]
    counts = _counts(loaded, players)
    if leader is not None:
        for rules in loaded:
            _check_leader(rules, leader)
    agents = agents.strip()
    runs = _runs(agents, budget)
    total = len(parsed) * len(counts) * len(runs) * games
    done = [0]

    def tick_for(before):
        if progress is None:
            return None
        return lambda d: progress(before + d, total)

    out = Analysis([label for _, _, label in parsed], [r.title for r in loaded],
                   [{k: v for k, v in r.options.items() if r.option_decls[k].default != v}
                    for r in loaded], games, seed, budget, agents, counts, leader,
                   {k: v for r in loaded for k, v in said_names(r)["steps"].items()})
    cluster = ray_session(jobs, address) if backend == "ray" else contextlib.nullcontext()
    with cluster:
        for (name, opts, _), rules in zip(parsed, loaded):
            figs = {}
            for n in counts:
                played = {}
                for key, (kind, strong, measure) in runs.items():
                    spec = {"ruleset": name, "options": opts, "roots": roots, "players": n,
                            "seed": seed, "max_actions": max_actions, "kind": kind,
                            "strong": strong, "measure": measure, "leader": leader}
                    tick = tick_for(done[0])
                    if backend == "ray":
                        played[key] = run_ray(spec, games, jobs, address, tick,
                                              chunk=play_measured_chunk)
                    else:
                        played[key] = run_local(spec, games, min(jobs, games), tick,
                                                chunk=play_measured_chunk)
                    done[0] += games
                figs[n] = figures(played, n, budget, agents, rules, leader)
            out.figures.append(figs)
    ref = out.figures[0]
    for figs in out.figures[1:]:
        out.differences.append({n: differences(ref[n], figs[n]) for n in counts})
    return out


def _check_leader(rules, text: str) -> None:
    """Check the ``leader`` expression against ``rules``: a number, in ``seat``. Raises
    RulesetError (naming it)."""
    from ..errors import Diagnostic, RulesetError
    try:
        rules.expression(text, want="int")
    except RulesetError as exc:
        raise RulesetError([Diagnostic(d.pos, d.severity, f"leader: {d.message}", d.code)
                            for d in exc.diagnostics]) from None


def _runs(agents: str, budget: int) -> dict:
    """run name -> (every seat's kind, strong kind or None, measured in full): the base
    games, a baseline of each weaker kind the pairings need, one run per pairing."""
    runs = {"base": (agents, None, True)}
    for name, strong, weak in PAIRINGS:
        if weak != agents:
            runs.setdefault(f"all_{weak}", (weak, None, False))
        runs[name] = (weak, strong.format(budget=budget), False)
    return runs


def _base_of(weak: str, agents: str) -> str:
    return "base" if weak == agents else f"all_{weak}"


# ---- the figures of one variant at one player count ------------------------------------

def figures(played: dict, n: int, budget: int, agents: str, rules, leader) -> dict:
    """The figures of one variant at ``n`` players from its runs' games (run name ->
    the games' summaries, rulekit.simulation.measures.play_measured): ``fairness``,
    ``skill``, ``length``, ``choice``, ``tension`` and ``aborted`` (per run)."""
    base = played["base"]
    done = [g for g in base if g["status"] == "finished" and g["returns"] is not None]
    return {"games": len(base), "finished": len(done),
            "aborted": {k: sum(g["status"] == "aborted" for g in gs)
                        for k, gs in played.items()},
            "fairness": _fairness(done, n),
            "skill": _skill(played, budget, agents),
            "length": _length(done, n),
            "choice": _choice(base),
            "tension": _tension(done, rules, leader)}


def _fairness(done: list, n: int) -> dict:
    def by(key):
        rows = [[0.0] * n for _ in done]
        for row, g in zip(rows, done):
            for s in range(n):
                row[key(g, s)] = g["returns"][s]
        out = []
        for k in range(n):
            wins = sum(1 for g, row in zip(done, rows)
                       if not g["draw"] and _seat_at(g, k, key, n) in g["winners"])
            losses = sum(1 for g, row in zip(done, rows)
                         if not g["draw"] and _seat_at(g, k, key, n) in g["losers"])
            advantage = estimate([row[k] - math.fsum(row) / n for row in rows], null=0.0)
            ret = estimate([row[k] for row in rows])
            ret["significant"] = advantage["significant"]   # away from the seats' mean
            out.append({"index": k, "win": rate_estimate(wins, len(done)),
                        "loss": rate_estimate(losses, len(done)),
                        "return": ret, "advantage": advantage})
        return out, equal_means_test(rows)
    seats, seat_test = by(lambda g, s: s)
    positions, position_test = by(lambda g, s: (s - g["dealer"] - 1) % n)
    return {"seats": seats, "seat_test": seat_test, "positions": positions,
            "position_test": position_test,
            "unfair": seat_test["significant"] or position_test["significant"]}


def _seat_at(g: dict, k: int, key, n: int) -> int:
    """The seat whose ``key`` (seat, or position from the dealer) is ``k`` in game ``g``."""
    for s in range(n):
        if key(g, s) == k:
            return s
    raise ValueError(k)


def _skill(played: dict, budget: int, agents: str) -> dict:
    out = {}
    for name, strong, weak in PAIRINGS:
        base = played[_base_of(weak, agents)]
        gains = []
        for g, b in zip(played[name], base):
            if g["returns"] is None or b["returns"] is None:
                continue
            s = g["strong_seat"]
            gains.append(g["returns"][s] - b["returns"][s])
        out[name] = {"strong": strong.format(budget=budget), "weak": weak,
                     "gain": estimate(gains, null=0.0),
                     "unfinished": len(base) - len(gains)}
    return out


def _length(done: list, n: int) -> dict:
    counted = Counter()
    for g in done:
        counted.update(g["announcements"])
    shown = [t for t, _ in sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))
             [:COUNTED_SHOWN]]
    return {"actions": estimate([g["actions"] for g in done]),
            "decisions": estimate([sum(g["decisions"]) for g in done]),
            "decisions_by_seat": [estimate([g["decisions"][s] for g in done])
                                  for s in range(n)],
            "hands": estimate([g["hands"] for g in done]),
            "counted": {t: estimate([g["announcements"].get(t, 0) for g in done])
                        for t in shown}}


def _choice(games: list) -> dict:
    steps = sorted({s for g in games for s in g["steps"]})

    def row(g, s):
        return g["steps"].get(s, [0, 0, 0, 0])
    return {"one_choice": ratio_estimate([sum(r[1] for r in g["steps"].values()) for g in games],
                                         [sum(r[0] for r in g["steps"].values())
                                          for g in games]),
            "by_step": {s: {"decisions": estimate([row(g, s)[0] for g in games]),
                            "one_choice": ratio_estimate([row(g, s)[1] for g in games],
                                                         [row(g, s)[0] for g in games]),
                            "branching": ratio_estimate([row(g, s)[2] for g in games],
                                                        [row(g, s)[3] for g in games])}
                        for s in steps}}


def _tension(done: list, rules, leader) -> dict:
    if leader is None and not any(p.heuristic is not None for p in rules.phases.values()):
        return {"available": False,
                "why": "the ruleset has no heuristic (give a leader expression)"}
    followed = [g["tension"] for g in done if g.get("tension") is not None]
    if not followed:
        return {"available": False, "why": "no finished game with one winner or one "
                "loser and a value for the seats"}
    roles = Counter(t["role"] for t in followed)
    return {"available": True, "role": roles.most_common(1)[0][0], "games": len(followed),
            "lead_changes": estimate([t["changes"] for t in followed]),
            "decided_at": estimate([t["decided_at"] for t in followed], within=(0.0, 1.0)),
            "eventual_at": {str(c): rate_estimate(sum(t["at"][str(c)] for t in followed),
                                                  len(followed)) for c in CHECKPOINTS}}


# ---- differences between variants -------------------------------------------------------

def scalars(figs: dict, prefix: str = ""):
    """``(path, figure)`` for every figure (a dict with ``value`` and ``se``) in
    ``figs``, its path the keys to it joined by ``/`` (a list's items by their index)."""
    if isinstance(figs, dict):
        if "value" in figs and "se" in figs:
            yield prefix, figs
            return
        for k, v in figs.items():
            yield from scalars(v, f"{prefix}/{k}" if prefix else str(k))
    elif isinstance(figs, list):
        for i, v in enumerate(figs):
            yield from scalars(v, f"{prefix}/{i}")


def differences(ref: dict, other: dict) -> dict:
    """Figure path -> ``other``'s figure minus ``ref``'s (stats.difference: with its 95%
    interval and whether it is ``significant``), for every figure both have."""
    mine = dict(scalars(other))
    return {path: difference(fig, mine[path]) for path, fig in scalars(ref) if path in mine}
