"""The handlers of ``play`` (a new game, or ``--resume`` an unfinished one) and ``replay``."""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

from ..errors import CardError, RecordError, RulesetError, printable
from ..limits import MAX_ACTIONS
from ..play.agents import TABLE_KIND, SeatError, seat_agents
from ..play.session import play_out, step
from ..play.terminal import Abandoned
from ..play.names import BadName, check_name, own_name_problem, seat_names
from ..play.scores import end_lines
from ..play.transcript import Transcript, describe_state, result_line
from ..runtime.records import make_record, read_record, write_record
from ..runtime.replay import (ReplayError, confined_ruleset, fingerprint_changed, record_roots,
                              replay, result_mismatch)
from ..outputs import check_output, reads_of
from ..source.extends import resolve_name
from ..source.files import bundled_rulesets
from .common import count, fail, load_or_report, option_pairs, silence_stdout


class Signalled(BaseException):
    """The process got SIGTERM or SIGHUP: stop the game, keep the record. (Like
    KeyboardInterrupt, not an Exception: no handler of errors may swallow it.)"""

    def __init__(self, signum: int, name: str):
        super().__init__(name)
        self.signum, self.name = signum, name


# ---- play ----------------------------------------------------------------------------
def cmd_play(args) -> int:
    if args.resume is not None:
        if args.ruleset is not None:
            return fail("play: give a RULESET or --resume RECORD, not both", 2)
        setup = _resumed(args)
    else:
        setup = _new_game(args)
    if isinstance(setup, int):
        return setup
    rules, game, seed, ruleset, deck, seats, kept_names = setup
    people = list(args.human or [])
    if len(set(people)) != len(people):
        return fail(f"--human: seat {next(p for p in people if people.count(p) > 1)} is "
                    "given twice", 2)
    if not people:
        people = [s for s, k in sorted(seats.items()) if k == "human"]
    for p in people:
        if not 0 <= p < game.n:
            return fail(f"--human: seat {p} does not exist (seats 0 to {game.n - 1})")
    human = people[0] if len(people) == 1 else None       # one person: their view
    try:
        bots = {s: k for s, k in seats.items() if k != "human"}
        default = TABLE_KIND if people and args.resume is None else "random"
        agents = seat_agents(args.agent, game.n, seed, people, bots, default)
    except SeatError as exc:
        return fail(str(exc))
    except ValueError as exc:
        return fail(str(exc), 2)
    target = args.record if args.record is not None else args.resume
    if target is not None:
        _check_target(target, args, rules)
    kinds = ["human" if s in people else agents[s].kind for s in range(game.n)]
    given = _given_names(args.name, people)
    if isinstance(given, str):
        return fail(given, 2)
    given = given or {s: n for s, n in enumerate(kept_names or []) if n and s in people}
    names = seat_names(kinds, given) if given else None    # somebody named: all are
    quiet = (args.quiet or args.json) and not people      # a person always sees the moves
    if people:
        from ..play.terminal import CardStyle, HotSeat, HumanAgent, make_console
        console = make_console()
        style = CardStyle(rules, ascii=args.ascii)
        screen = HotSeat(console, style=style, names=names) if len(people) > 1 else None
        for p in people:
            agents[p] = HumanAgent(p, console, style, hotseat=screen, names=names)
        # one person sees their seat's view; several at one screen see what is public
        t = Transcript(game, quiet=quiet, viewer=human if human is not None else "public",
                       console=console, style=style, names=names)
        if screen is not None:
            screen.recent = lambda: t.recent
    else:
        t = Transcript(game, quiet=quiet, names=names)
    changed = {k: v for k, v in rules.options.items() if rules.option_decls[k].default != v}
    abandoned = None
    interrupted = _catch_signals()
    problem, kept = None, 0
    try:
        t.header(seed, changed, people if len(people) > 1 else human)
        if args.resume is None:
            t.deal()
        else:
            t.say(f"  resumed after {count(game.actions, 'action')}; {t.who(game.to_act)} to act")
            t.seen_events, t.dealing = len(game.events), False    # (what happened: said)
        t.flush()
        keep = (lambda g: _save_record(target, g, ruleset, rules, seed, deck, kinds,
                                          names)) \
            if target is not None and people else None   # a person's game: every move
        play_out(game, agents, t, stop=interrupted.is_set, after=keep)
    except Abandoned as exc:             # the person left (end of input, Ctrl-C)
        abandoned = exc
    except KeyboardInterrupt:
        abandoned = Abandoned("interrupt")
    except Signalled as exc:
        abandoned = exc
    except BrokenPipeError:              # the reader of our output went away
        silence_stdout()
        if people:
            abandoned = Abandoned("output")
        else:                            # bots: finish the game so the record is whole
            play_out(game, agents, stop=interrupted.is_set)
    finally:
        if target is not None:
            problem, kept = _save_record(target, game, ruleset, rules, seed, deck, kinds,
                                         names)
    res = game.result
    if problem:
        return fail(problem)
    if abandoned is not None:
        return _abandoned(abandoned, game, target, kept if target is not None else 0)
    if args.json:
        print(json.dumps(game.dump(), indent=1))
        return 0 if res.status == "finished" else 1
    if args.quiet or not people:
        print(result_line(game, names))
    else:
        t.say(result_line(game, names))
        for line in end_lines(game, people, names):
            t.say(line)
    return 0 if res.status == "finished" else 1


def _new_game(args):
    """(rules, game, seed, record's ruleset name, deck, seat kinds) or an exit code."""
    rules = load_or_report(args.ruleset, option_pairs(args.option))
    if rules is None:
        return 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        game = rules.new_game(players=args.players, seed=seed, deck=args.deck,
                              dealer=args.dealer,
                              max_actions=args.max_actions or MAX_ACTIONS)
    except (ValueError, CardError) as exc:
        text = str(exc)
        for name, flag in (("seed:", "--seed:"), ("max_actions:", "--max-actions:")):
            text = flag + text[len(name):] if text.startswith(name) else text
        return fail(text)
    deck = [rules.parse_card(c) for c in args.deck.replace(",", " ").split()] \
        if args.deck else None
    return rules, game, seed, args.ruleset, deck, {}, None


def _given_names(given, people) -> dict | str:
    """The people's names from ``--name`` (``NAME`` with one ``--human`` seat, or
    ``SEAT=NAME`` for any of them): seat -> name, or a message saying what is wrong."""
    out: dict = {}
    for text in given or []:
        seat_text, eq, name = text.partition("=")
        if eq and seat_text.strip().isdigit():
            seat = int(seat_text)
        elif len(people) == 1:
            seat, name = people[0], text
        else:
            return ("--name: give SEAT=NAME (such as --name 0=Ann) for one of the --human "
                    "seats" if people else "--name: names a person at a --human seat")
        if seat not in people:
            return f"--name: seat {seat} is not a --human seat"
        if seat in out:
            return f"--name: seat {seat} is named twice"
        try:
            out[seat] = check_name(name)
        except BadName as exc:
            return f"--name '{printable(name, 40, True)}': {exc}"
        problem = own_name_problem(name, [n for s, n in out.items() if s != seat])
        if problem:
            return f"--name '{printable(name, 40, True)}': {problem}"
    return out


def _resumed(args):
    """The same for ``--resume RECORD``: the record replayed, its seats as they were."""
    for flag, value in (("--players", args.players), ("--seed", args.seed),
                        ("--dealer", args.dealer), ("--deck", args.deck),
                        ("--option", args.option or None), ("--max-actions", args.max_actions),
                        ("--human", args.human), ("--agent", args.agent or None),
                        ("--name", args.name)):
        if value is not None:
            return fail(f"play --resume: {flag} comes from the record", 2)
    loaded = _replayed(args.resume, lambda record: replay(record, rulesets=args.rulesets))
    if isinstance(loaded, int):
        return loaded
    record, game = loaded
    if game.finished:
        return fail(f"{args.resume}: the game is over ({game.result.status}); nothing to resume")
    seats = dict(enumerate(record.get("seats") or []))
    from ..play.agents import parse_kind
    for kind in seats.values():
        if kind != "human":
            try:
                parse_kind(kind)
            except ValueError as exc:
                return fail(f"{args.resume}: 'seats': {exc}")
    ruleset = confined_ruleset(record["ruleset"], record_roots(record, args.rulesets),
                               record.get("_folder"))
    return (game.rules, game, record.get("seed", 0), ruleset, record.get("deck"), seats,
            record.get("names"))


def _check_target(target: str, args, rules) -> None:
    """Check the record's file before playing, not after (rulekit.outputs): not a
    folder or device, never a file the game reads (its ruleset and what that extends),
    not an existing file unless --force, except the record that --resume carries on,
    which is written back. Raises OutputError."""
    own = args.resume is not None and args.record is None
    reads = reads_of(getattr(rules.source, "files", ()), "the ruleset being played")
    check_output(target, "--record", force=args.force, reads=reads, own=own,
                 what="the record")


def _catch_signals():
    """Ctrl-C raises KeyboardInterrupt and SIGTERM or SIGHUP (a closed terminal) raise
    Signalled; each also sets the returned flag, which the play loop checks, so that a
    signal is never lost inside library code and the record is always written."""
    import signal
    import threading
    flag = threading.Event()

    def on_interrupt(signum, frame):
        flag.set()
        raise KeyboardInterrupt

    def on_term(signum, frame):
        flag.set()
        raise Signalled(signum, signal.Signals(signum).name)
    try:
        signal.signal(signal.SIGINT, on_interrupt)
        signal.signal(signal.SIGTERM, on_term)
        signal.signal(signal.SIGHUP, on_term)
    except (ValueError, AttributeError):   # not the main thread, or no SIGHUP here
        pass
    return flag


def _abandoned(why, game, target, saved: int) -> int:
    """Say why the game stopped and what its record ``target`` keeps: ``saved`` actions
    (the choices of other seats still hidden at a simultaneous step are not kept)."""
    verb = "is" if saved == 1 else "are"
    kept = f"; {count(saved, 'action')} so far {verb} in {target}" if target else ""
    if target and saved < game.actions:
        hidden = game.actions - saved
        kept += (f" (not the {count(hidden, 'choice')} still hidden at a simultaneous step: "
                 f"{'that seat chooses' if hidden == 1 else 'those seats choose'} again on "
                 "resume)")
    if isinstance(why, Signalled):
        try:
            fail(f"stopped by {why.name} after {count(game.actions, 'action')}{kept}")
        except OSError:                     # the terminal is gone (SIGHUP)
            pass
        return 128 + why.signum
    if why.reason == "quit":                # the person chose to leave: not an error
        print(f"rulekit: {why} after {count(game.actions, 'action')}{kept}", file=sys.stderr)
        return 0
    return fail(f"{why} after {count(game.actions, 'action')}{kept}",
                130 if why.reason == "interrupt" else 1)


def _save_record(target, game, ruleset, rules, seed, deck, kinds, names=None) -> tuple:
    """Write the game's record (whole or partial) to ``target``: ``(None, the number of
    actions it holds)``, or ``(a message, 0)`` if it fails."""
    if ruleset not in bundled_rulesets():   # a file: name it relative to the record
        path = resolve_name(ruleset)
        if path is not None and Path(ruleset).exists():
            ruleset = os.path.relpath(path.resolve(), Path(target).resolve().parent)
    rec = make_record(game, ruleset, dict(rules.options), seed, deck, kinds, names)
    try:
        write_record(target, rec)
    except RecordError as exc:
        return str(exc), 0
    return None, len(rec["actions"])


def _replayed(path: str, run):
    """(record, game) of the record file at ``path``, replayed by ``run(record)``; or an
    exit code after reporting what is wrong (and a one-line warning when the record's
    ruleset fingerprint differs)."""
    try:
        record = read_record(path)
        game = run(record)
    except (RecordError, ReplayError) as exc:
        return fail(str(exc))
    except RulesetError as exc:
        # one line however many of the record's options are refused
        return fail(f"{path}: the record's ruleset: " + "; ".join(map(str, exc.errors)))
    _warn_changed(record, game, path)
    return record, game


def _warn_changed(record, game, path) -> None:
    if fingerprint_changed(record, game):
        print(f"rulekit: warning: {path}: the ruleset changed since this record was made "
              "(its fingerprint differs)", file=sys.stderr)


# ---- replay --------------------------------------------------------------------------
def _replay_with_transcript(record, upto, rulesets):
    """Replay ``record`` like :func:`rulekit.runtime.replay.replay`, printing the
    transcript."""
    t = None

    def apply(game, action):
        nonlocal t
        if t is None:
            t = Transcript(game, names=record.get("names"))
            t.header(record.get("seed", 0))
            t.deal()
            t.flush()
        step(game, action, t)

    game = replay(record, upto, apply=apply, rulesets=rulesets)
    if game.finished and t is not None:
        t.say(result_line(game, record.get("names")))   # (as play ends)
        t.flush()
    print()
    return game


def cmd_replay(args) -> int:
    if args.transcript and args.json:
        return fail("replay: --transcript and --json cannot be combined (JSON must stand "
                    "alone on standard output)", 2)
    if args.transcript:
        loaded = _replayed(args.record, lambda record: _replay_with_transcript(
            record, args.upto, args.rulesets))
    else:
        loaded = _replayed(args.record, lambda record: replay(record, args.upto,
                                                              rulesets=args.rulesets))
    if isinstance(loaded, int):
        return loaded
    record, game = loaded
    if args.json:
        print(json.dumps(game.dump(), indent=1))
    else:
        print(describe_state(game))
    if args.upto is None or args.upto >= len(record["actions"]):
        mismatch = result_mismatch(record, game)
        if mismatch:
            return fail(f"the replayed result differs from the record's: {mismatch}")
    return 0
