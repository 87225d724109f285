"""Simulate many games of a ruleset and compare variants: the designer's tool.

Usage::

    import rulekit
    res = rulekit.simulate("mygame.yaml", games=1000, players=4, agents={0: "greedy"}, seed=1)
    res.figures[4]["seats"][0]["loss"]     # {"count", "rate", "low", "high", "uneven"}
    print(res.text())                      # the report `rulekit simulate` prints
    res.to_dataframe()                     # one row per player count and seat (pandas)

    cmp = rulekit.compare(["mygame.yaml", "mygame.yaml:jokers=true"], games=1000, seed=1)
    print(cmp.text())                      # side by side, significant differences marked

Every game's seed comes from the run's seed and the game's index
(:func:`rulekit.simulation.runner.game_seed`), so the figures do not depend on ``jobs``
or the backend; two variants compared play the same seeds (and so the same decks, where
their packs agree).
"""
from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import OutputError
from ..limits import MAX_ACTIONS, MAX_JOBS, MAX_SIMULATED_GAMES
from ..outputs import check_folder, reads_of
from ..lang.wording import said_names
from ..randomness import seed_problem

from .runner import ray_session, rules_of, run_local, run_ray
from .summary import summarize

BACKENDS = ("local", "ray")


@dataclass
class SimulationResult:
    """The figures of one simulation: ``ruleset``, ``options`` (those that differ from
    their defaults, as loaded), ``seed``, ``games`` (per player count), ``agents`` (seat -> kind, the others
    random), ``figures`` (player count -> the dict of
    :func:`rulekit.simulation.summary.summarize`), ``first_abort_record`` (the record of
    the first aborted game, or None), ``abort_records`` (player count -> the record of
    its first aborted game), ``records_written`` (paths)."""
    ruleset: str
    title: str
    options: dict
    seed: int
    games: int
    agents: dict
    figures: dict = field(default_factory=dict)
    first_abort_record: dict | None = None
    abort_records: dict = field(default_factory=dict)   # player count -> its first abort
    records_written: list = field(default_factory=list)
    label: str = ""
    words: dict = field(default_factory=dict)   # how the report names actions and steps

    def to_dict(self) -> dict:
        """Everything, JSON-ready (the ``--json`` output)."""
        return _no_nan({"ruleset": self.ruleset, "title": self.title,
                        "label": self.label or self.ruleset, "options": self.options,
                        "seed": self.seed, "games": self.games,
                        "agents": {str(k): v for k, v in sorted(self.agents.items())},
                        "players": {str(n): f for n, f in sorted(self.figures.items())},
                        "first_abort_record": self.first_abort_record})

    def rows(self) -> list[dict]:
        """One flat row per player count and seat (the ``--csv`` columns, see
        :data:`rulekit.simulation.report.CSV_COLUMNS`)."""
        from .report import rows
        return rows(self)

    def to_dataframe(self):
        """:meth:`rows` as a pandas DataFrame. Raises ImportError without pandas."""
        import pandas
        return pandas.DataFrame(self.rows())

    def text(self) -> str:
        """The report as text (what ``rulekit simulate`` prints)."""
        from .report import text
        return text(self)


def _no_nan(x):
    """``x`` with every NaN replaced by None (JSON has no NaN)."""
    if isinstance(x, float) and x != x:
        return None
    if isinstance(x, dict):
        return {k: _no_nan(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_no_nan(v) for v in x]
    return x


def parse_agents(specs, players_max: int, seats: bool = True) -> dict:
    """``["0=greedy", "all=random"]`` (or a dict seat -> kind) into seat -> kind for the
    seats ``0..players_max-1`` (``all`` first, then single seats). Raises ValueError
    (with ``seats=False``, only for a text not of its form: a seat beyond the table is
    kept, for the games to refuse)."""
    from ..play.agents import parse_kind
    if isinstance(specs, dict):
        specs = [f"{k}={v}" for k, v in specs.items()]
    if specs is not None and (isinstance(specs, str) or not isinstance(specs, (list, tuple))):
        raise ValueError(f"agents: a dict seat -> kind or a list of 'SEAT=KIND' texts, not "
                         f"{specs!r:.40}")
    out: dict = {}
    every = None
    for spec in specs or ():
        if "=" not in str(spec):
            raise ValueError(f"an agent is given as SEAT=KIND or all=KIND, not '{spec}'")
        seat, kind = str(spec).split("=", 1)
        kind = kind.strip()
        parse_kind(kind)
        if seat.strip() == "all":
            every = kind
            continue
        try:
            s = int(seat)
        except ValueError:
            raise ValueError(f"agent '{spec}': '{seat}' is not a seat number or 'all'") from None
        if seats and not 0 <= s < players_max:
            raise ValueError(f"agent '{spec}': seat {s} does not exist (seats 0 to "
                             f"{players_max - 1})")
        out[s] = kind
    if every is not None:
        out = {s: out.get(s, every) for s in range(players_max)}
    return out


def player_counts(rules, players) -> list[int]:
    """``players`` (None: the default; ``"all"``; a number; a list) as the counts to
    play. Raises ValueError for a count the ruleset does not allow."""
    lo, hi, default = rules.players
    if players is None:
        return [default]
    if players == "all":
        return list(range(lo, hi + 1))
    counts = [players] if not isinstance(players, (list, tuple)) else list(players)
    if not counts:
        raise ValueError("players: give a player count, a list of them, or 'all'")
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"players: a whole number, a list of them or 'all', not {n!r:.40}")
        if not lo <= n <= hi:
            raise ValueError(f"{rules.name} is for {lo} to {hi} players, not {n}")
    return sorted(set(counts))


def simulate(ruleset: str, games: int = 1000, players=None, options: dict | None = None,
             agents=None, seed: int = 0, jobs: int | None = None, backend: str = "local",
             address: str | None = None, records: str | None = None,
             max_actions: int = MAX_ACTIONS, progress=None, rulesets=(),
             label: str = "", when: dict | None = None, force: bool = False
             ) -> SimulationResult:
    """Play ``games`` games at each player count of ``players`` and return the figures.

    ``agents``: seat -> kind (or ``["SEAT=KIND", "all=KIND"]``), the others random;
    ``jobs``: worker processes (default: the machine's cores); ``backend``: ``local``
    or ``ray`` (``address`` of a cluster, else a local one on 127.0.0.1); ``records``: a
    folder to keep every game's record in (``game-<players>p-<index>.json``; checked
    before any game is played: a record already there is refused unless ``force``, a
    file the run reads always, rulekit.outputs); ``progress(done, total)``: called as
    games finish; ``when``: name -> a condition (an expression of the ruleset's language
    that is true or false), counted at the decisions where it holds (``{"forced":
    "forced(actor)"}``). Raises RulesetError for a bad ruleset or expression,
    ValueError for a bad argument (an ``address`` where no Ray cluster answers
    included), OutputError for a records folder that may not be written, ImportError
    for ``ray`` when it is missing.
    """
    if isinstance(games, bool) or not isinstance(games, int) or \
            not 1 <= games <= MAX_SIMULATED_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_SIMULATED_GAMES}, "
                         f"not {games!r}")
    if seed_problem(seed):
        raise ValueError(f"seed {seed_problem(seed)}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict NAME -> value, not {options!r:.40}")
    if records is not None and not isinstance(records, (str, os.PathLike)):
        raise ValueError(f"records must be a folder's path, not {records!r:.40}")
    if when is not None and not isinstance(when, dict):
        raise ValueError(f"when must be a dict NAME -> expression, not {when!r:.40}")
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    jobs = (os.cpu_count() or 1) if jobs is None else jobs
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
    options = dict(options or {})
    rules = rules_of(ruleset, options, _roots(rulesets))
    counts = player_counts(rules, players)
    when = dict(when or {})
    check_when(rules, when)                 # a bad name or expression: now
    seats = parse_agents(agents, max(counts))
    folder = None
    if records is not None:
        folder = check_folder(records, "records", planned_records(counts, games), force=force,
                              reads=reads_of(rules.source.files, "the ruleset simulated"))
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"records: cannot make the folder {records}: "
                              f"{exc.strerror or exc}") from None
    record_name = _record_name(ruleset, folder)
    changed = {k: v for k, v in rules.options.items() if rules.option_decls[k].default != v}
    res = SimulationResult(ruleset, rules.title, changed, seed, games, seats, label=label,
                           words=said_names(rules))
    total = games * len(counts)
    cluster = ray_session(jobs, address) if backend == "ray" else contextlib.nullcontext()
    with cluster:                           # one cluster for every player count
        _play_counts(res, counts, games, folder, progress, total, backend, jobs, address,
                     {"ruleset": ruleset, "options": options, "seed": seed, "seats": seats,
                      "max_actions": max_actions, "when": when, "rulesets": rulesets,
                      "record_name": record_name})
    return res


def _roots(rulesets):
    """The folders a ruleset's ``extends`` are confined to: None (as for ``play``: the
    user named the ruleset, so its bases are read as its own folder says) unless
    ``rulesets`` names some."""
    return tuple(str(r) for r in rulesets) if rulesets else None


def _play_counts(res, counts, games, folder, progress, total, backend, jobs, address, run):
    """Play the games of each player count into ``res`` (see :func:`simulate`)."""
    ruleset, options, seed, seats = run["ruleset"], run["options"], run["seed"], run["seats"]
    max_actions, when, rulesets = run["max_actions"], run["when"], run["rulesets"]
    record_name = run["record_name"]
    for i, n in enumerate(counts):
        spec = {"ruleset": ruleset, "options": options, "players": n, "seed": seed,
                "agents": {s: k for s, k in seats.items() if s < n},
                "max_actions": max_actions, "records": folder is not None, "when": when,
                "roots": _roots(rulesets), "record_name": record_name}
        done_before = i * games
        tick = None if progress is None else (lambda d, b=done_before: progress(b + d, total))
        if backend == "ray":
            played = run_ray(spec, games, jobs, address, tick)
        else:
            played = run_local(spec, games, min(jobs, games), tick)
        res.figures[n] = summarize(played, n, list(when))
        for g in played:
            if g["record"] is not None and g["status"] == "aborted" and \
                    n not in res.abort_records:
                res.abort_records[n] = g["record"]
                if res.first_abort_record is None:
                    res.first_abort_record = g["record"]
            if folder is not None:
                path = folder / record_file(n, g["index"])
                from ..runtime.records import write_record
                write_record(str(path), g["record"])
                res.records_written.append(str(path))


def record_file(players: int, index: int) -> str:
    """The name of the record of game ``index`` at ``players`` in a records folder."""
    return f"game-{players}p-{index:06d}.json"


def planned_records(counts, games: int):
    """``name -> bool``: whether a run of ``games`` games at each of ``counts`` writes a
    record of that name (:func:`record_file`)."""
    pattern = re.compile(r"game-([0-9]+)p-([0-9]{6,})\.json")

    def planned(name: str) -> bool:
        m = pattern.fullmatch(name)
        return bool(m) and int(m[1]) in counts and int(m[2]) < games and \
            name == record_file(int(m[1]), int(m[2]))
    return planned


def check_when(rules, when: dict) -> None:
    """Check the ``when`` counters of a run: each name a name (letters, digits and _,
    not starting with a digit), each expression a condition of ``rules``' language (true
    or false; a number or a seat would count nearly every decision). Raises ValueError
    for a bad name, RulesetError for a bad expression, saying which counter."""
    from ..errors import Diagnostic, RulesetError
    for name, text in when.items():
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", name):
            raise ValueError(f"when: {str(name)[:80]!r} is not a name (letters, digits and _, "
                             "not starting with a digit)")
        try:
            rules.expression(text, want="bool")
        except RulesetError as exc:
            raise RulesetError([Diagnostic(d.pos, d.severity, f"when {name}: {d.message}",
                                           d.code) for d in exc.diagnostics]) from None


def _record_name(ruleset: str, folder) -> str:
    """How a record names ``ruleset``: a bundled name as is; a file by its path relative
    to the folder the records go to (``folder``, else the current one), as ``rulekit
    replay`` reads it."""
    from ..source.extends import resolve_name
    from ..source.files import bundled_rulesets
    if ruleset in bundled_rulesets() and "/" not in ruleset:
        return ruleset
    path = resolve_name(ruleset)
    if path is None:
        return ruleset
    return os.path.relpath(Path(path).resolve(), Path(folder or ".").resolve())


def parse_variant(text: str) -> tuple[str, dict]:
    """``"mygame:jokers=true,hand=7"`` -> ``("mygame", {"jokers": "true",
    "hand": "7"})`` (values as text, read by the ruleset's option types). A path with
    a colon works as long as the options part has ``=``. Raises ValueError."""
    name, sep, rest = text.rpartition(":")
    if not sep or "=" not in rest:
        return text, {}
    opts = {}
    for part in rest.split(","):
        if "=" not in part:
            raise ValueError(f"'{text}': options after ':' are K=V separated by commas")
        k, v = part.split("=", 1)
        opts[k.strip()] = v.strip()
    return name, opts


@dataclass
class Comparison:
    """Simulations of several variants on the same seeds: ``results`` (one
    :class:`SimulationResult` each, the first being the reference)."""
    results: list

    def text(self) -> str:
        """The side-by-side report (``rulekit compare``)."""
        from .report import compare_text
        return compare_text(self)

    def to_dict(self) -> dict:
        from .report import compare_dict
        return compare_dict(self)


def compare(variants, games: int = 1000, players=None, **kw) -> Comparison:
    """Simulate each of ``variants`` (``"name"``, ``"name:k=v,..."`` or ``(name,
    options)``) with the same games, seeds, players and agents (keywords as for
    :func:`simulate`); the first is the reference the others are compared with.
    Raises ValueError for fewer than two variants or no player count they share."""
    if isinstance(variants, str) or not isinstance(variants, (list, tuple)):
        raise ValueError("variants: a list of rulesets ('name' or 'name:k=v,...'), the "
                         "first being the reference")
    if "options" in kw:
        raise ValueError("compare: give each variant's options in the variant "
                         "('name:k=v,...' or (name, options)), not as options=")
    parsed = [parse_variant(v) if isinstance(v, str) else (v[0], dict(v[1])) for v in variants]
    if len(parsed) < 2:
        raise ValueError("compare needs at least two variants")
    roots = _roots(kw.get("rulesets", ()))
    loaded = [rules_of(name, opts, roots) for name, opts in parsed]
    if players is None:
        players = loaded[0].players[2]
    shared = set(range(max(r.players[0] for r in loaded), min(r.players[1] for r in loaded) + 1))
    if not shared:
        raise ValueError("the variants share no player count")
    if players == "all":
        players = sorted(shared)
    for n in ([players] if not isinstance(players, (list, tuple)) else players):
        if n not in shared:
            lo, hi = min(shared), max(shared)
            raise ValueError(f"the variants share the player counts {lo} to {hi}, not {n!r:.20}")
    progress = kw.pop("progress", None)
    results = []
    cluster = ray_session(kw.get("jobs") or os.cpu_count() or 1, kw.get("address")) \
        if kw.get("backend") == "ray" else contextlib.nullcontext()
    with cluster:                           # one cluster for every variant
        for i, (name, opts) in enumerate(parsed):
            tick = None if progress is None else (
                lambda d, t, i=i: progress(i * t + d, t * len(parsed)))
            label = name + (":" + ",".join(f"{k}={v}" for k, v in opts.items()) if opts
                            else "")
            results.append(simulate(name, games, players, opts, progress=tick, label=label,
                                    **kw))
    return Comparison(results)
