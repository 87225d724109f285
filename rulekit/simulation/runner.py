"""Playing the games of a simulation: one game into a compact summary, a chunk of games,
and the backends that run chunks (this process, worker processes, a Ray cluster).

A game is named by its index in the run: its seed is derived from the run's seed and
the index alone (:func:`game_seed`), and its agents are seeded from the game's seed
and their seat, so the figures are the same whatever the backend or number of jobs.
"""
from __future__ import annotations

import random
import re
from collections import Counter

from ..errors import RulesetFailure
from ..play.agents import make_agent

_RULES: dict = {}        # (ruleset, options) -> Rules, per process

# a Ray cluster's address: auto (the one running on this machine), HOST:PORT (its GCS),
# or ray://HOST:PORT (a Ray client server)
RAY_ADDRESS = re.compile(r"auto|(ray://)?([A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,12}")
CONNECT_SECONDS = 3.0    # how long an address may take to answer before it is refused
_HTTP2 = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``run_seed`` (a whole number below
    10**12, the same on every machine and in every process)."""
    return random.Random(f"rulekit-simulate/{run_seed}/{index}").randrange(10 ** 12)


def rules_of(ruleset: str, options: dict, roots=()):
    """The loaded ruleset (cached per process). Raises RulesetError."""
    from ..runtime.loader import load
    key = (ruleset, tuple(sorted((k, repr(v)) for k, v in options.items())),
           None if roots is None else tuple(roots))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = load(ruleset, options=options or None, roots=roots)
    return rules


def play_one(spec: dict, index: int) -> dict:
    """Play game ``index`` of the run ``spec`` (keys ruleset, options, players, agents:
    seat -> kind, seed, max_actions, records: keep every record) and return its
    summary: ``index``, ``seed``, ``dealer``, ``status``, ``message``, ``actions``,
    ``places`` (each seat's place, 0 best; None unless finished), ``winners``,
    ``losers``, ``draw``, ``scores``, ``decisions``, ``forced`` (decisions with one
    legal action), counts by ``action`` name, decision ``step``, ``announcement``
    (its text as written in the ruleset) and ``when`` (spec's ``when``: name -> an
    expression; the decisions at which it held), and ``record`` (kept when asked for, and for
    an aborted game)."""
    from ..runtime.records import make_record
    rules = rules_of(spec["ruleset"], spec["options"], spec.get("roots"))
    seed = game_seed(spec["seed"], index)
    n = spec["players"]
    game = rules.new_game(players=n, seed=seed, max_actions=spec["max_actions"])
    kinds = [spec["agents"].get(s, "random") for s in range(n)]
    agents = [make_agent(k, seed * 1000 + s + 1) for s, k in enumerate(kinds)]
    actions, steps, held = Counter(), Counter(), Counter()
    whens = [(name, rules.expression(text)) for name, text in spec.get("when", {}).items()]
    decisions = forced = 0
    while not game.finished:
        seat = game.to_act
        decisions += 1
        forced += game.choice_count() == 1
        steps[game.step.key] += 1
        for name, fn in whens:              # --when NAME=EXPR: decisions where it holds
            try:
                if game.call_ruleset(fn, {}):
                    held[name] += 1
            except RulesetFailure as exc:   # the figure would be wrong: stop the run
                raise ValueError(f"when {name}: the expression failed in game {index} "
                                 f"(seed {seed}) at action {game.actions}: {exc}") from None
        try:
            act = agents[seat].choose(game)
        except RulesetFailure as exc:    # a ruleset failing inside an agent (heuristic)
            game.stop(str(exc))
            break
        actions[act.name] += 1
        game.apply(act)
    said = Counter(ev.get("said", ev["text"]) for ev in game.events if ev["kind"] == "announced")
    res = game.result
    places = None
    if res.status == "finished":
        places = [0] * n
        for i, group in enumerate(res.ranking):
            for s in group:
                places[s] = i
    out = {"index": index, "seed": seed, "dealer": game.first_dealer, "status": res.status,
           "message": res.message, "actions": game.actions, "places": places,
           "winners": list(res.winners), "losers": list(res.losers), "draw": res.draw,
           "scores": list(res.scores) if res.scores is not None else None,
           "decisions": decisions, "forced": forced, "action": dict(actions),
           "step": dict(steps), "announcement": dict(said), "when": dict(held),
           "record": None}
    if spec.get("records") or res.status == "aborted":
        out["record"] = make_record(game, spec.get("record_name", spec["ruleset"]),
                                    dict(rules.options), seed, seats=kinds)
    return out


def play_chunk(spec: dict, indices: list[int]) -> list[dict]:
    """The summaries of the games ``indices`` of run ``spec``."""
    return [play_one(spec, i) for i in indices]


def chunks(games: int, jobs: int) -> list[list[int]]:
    """Game indices cut into chunks: about four per job, so that a slow chunk does not
    hold the others up, and at most 200 games each (progress stays live)."""
    size = max(1, min(200, games // max(1, jobs * 4)))
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


def _worker_ignores_interrupts() -> None:
    """A worker process leaves Ctrl-C to its parent, which stops it (no traceback of
    its own on the terminal)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(spec: dict, games: int, jobs: int, progress=None, chunk=None) -> list[dict]:
    """Play ``games`` games of ``spec`` in this process (``jobs`` 1) or ``jobs`` worker
    processes; ``progress(done)`` is called as games finish. Returns the summaries in
    game order. ``chunk(spec, indices)`` plays some games (default :func:`play_chunk`;
    a function of a module, so that a worker process can find it)."""
    chunk = play_chunk if chunk is None else chunk
    parts = chunks(games, jobs)
    out: list = []
    if jobs <= 1:
        for part in parts:
            out += chunk(spec, part)
            if progress is not None:
                progress(len(out))
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    context = multiprocessing.get_context("fork" if "fork" in
                                          multiprocessing.get_all_start_methods() else "spawn")
    done = 0
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                               initializer=_worker_ignores_interrupts)
    try:
        futures = [pool.submit(chunk, spec, part) for part in parts]
        for fut in as_completed(futures):
            got = fut.result()
            out += got
            done += len(got)
            if progress is not None:
                progress(done)
    except BaseException:           # Ctrl-C (once or twice), a failure: the workers stop
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)      # (not after their games)
        for proc in workers:
            proc.terminate()
        raise
    pool.shutdown()
    out.sort(key=lambda g: g["index"])
    return out


class ray_session:
    """``with ray_session(jobs, address):`` a Ray cluster for the games inside: the one
    at ``address``, or a local one started for them (no dashboard, ``jobs`` CPUs, every
    server on 127.0.0.1: Ray then takes the loopback address as the node's, which
    ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` asks for) and stopped after them. Nothing
    is started when Ray is already running. Requires ``pip install rulekit[ray]``;
    raises ImportError without it."""

    def __init__(self, jobs: int, address: str | None = None):
        self.jobs, self.address, self.started = jobs, address, False

    def __enter__(self):
        import logging
        import os
        if self.address:
            check_ray_address(self.address)
        else:                       # read when ray is imported: set it first
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        import ray
        if ray.is_initialized():
            return self
        if self.address:
            try:
                ray.init(address=self.address, include_dashboard=False, log_to_driver=False,
                         logging_level=logging.ERROR)
            except Exception as exc:        # noqa: BLE001 - Ray's own, of any class
                why = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                raise ValueError(f"address {self.address}: Ray cannot connect to it: "
                                 f"{type(exc).__name__}{': ' + why[:300] if why else ''}") \
                    from None
        else:
            try:                    # ray imported earlier read the variable already
                from ray._private import ray_constants
                ray_constants.ENABLE_RAY_CLUSTER = False
            except (ImportError, AttributeError):
                pass
            ray.init(num_cpus=max(1, self.jobs), include_dashboard=False,
                     log_to_driver=False, logging_level=logging.ERROR,
                     _node_ip_address="127.0.0.1")
        self.started = True
        return self

    def __exit__(self, *exc):
        if self.started:
            import ray
            ray.shutdown()
        return False


def check_ray_address(address) -> None:
    """Refuse, within about :data:`CONNECT_SECONDS` seconds, an ``address`` that is not
    of a Ray address's form (:data:`RAY_ADDRESS`), whose port is not from 1 to 65535, or
    where no Ray cluster answers: nothing listens, or what listens does not speak gRPC
    (HTTP/2), as Ray does (Ray itself would retry for minutes). ``auto`` is the address
    Ray finds on this machine. Raises ValueError, one line naming the address; ImportError
    without Ray."""
    if not isinstance(address, str) or not RAY_ADDRESS.fullmatch(address.strip()):
        raise ValueError(f"address: {str(address)[:80]!r} is not a Ray address (auto, "
                         "HOST:PORT or ray://HOST:PORT)")
    given = address.strip()
    client = given.startswith("ray://")
    where = given[len("ray://"):] if client else given
    if not client:                  # where Ray itself connects (auto: the cluster found;
        try:                        # a loopback host: this machine's address)
            from ray._private.services import canonicalize_bootstrap_address
            where = canonicalize_bootstrap_address(given) or where
        except (ImportError, AttributeError):
            pass
        except Exception as exc:   # noqa: BLE001 - auto and no cluster running, say
            raise ValueError(f"address {given}: no Ray cluster found: "
                             f"{str(exc).strip()[:200]}") from None
    host, _, port_text = where.rpartition(":")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"address {given}: the port must be from 1 to 65535, not {port_text}")
    import socket
    try:
        with socket.create_connection((host.strip("[]"), int(port_text)),
                                      timeout=CONNECT_SECONDS) as conn:
            conn.settimeout(CONNECT_SECONDS)
            conn.sendall(_HTTP2)
            head = conn.recv(9)
    except OSError as exc:
        why = f"no answer within {CONNECT_SECONDS:g} s" if isinstance(exc, socket.timeout) \
            else (exc.strerror or str(exc))
        raise ValueError(f"address {given}: no Ray cluster answers at {where} ({why})") \
            from None
    if len(head) < 4 or head[3] != 4:       # an HTTP/2 server opens with SETTINGS
        raise ValueError(f"address {given}: what answers at {where} is not a Ray cluster")


def run_ray(spec: dict, games: int, jobs: int, address: str | None = None,
            progress=None, chunk=None) -> list[dict]:
    """Play the games on a Ray cluster (see :class:`ray_session`; one is started for
    these games when none is running; ``chunk`` as for :func:`run_local`). Raises
    ImportError without Ray."""
    with ray_session(jobs, address):
        import ray
        remote = ray.remote(play_chunk if chunk is None else chunk)
        pending = [remote.remote(spec, part) for part in chunks(games, jobs)]
        out: list = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                out += ray.get(ref)
            if progress is not None:
                progress(len(out))
        out.sort(key=lambda g: g["index"])
        return out
