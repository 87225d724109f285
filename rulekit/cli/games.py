"""The handlers of ``play`` and ``replay``."""
from __future__ import annotations

import json
import random

from ..errors import CardError, RecordError, RulesetError
from ..limits import MAX_ACTIONS
from ..play.agents import seat_agents
from ..play.session import play_out, step
from ..play.terminal import Abandoned
from ..play.transcript import Transcript, describe_state, result_line
from ..runtime.records import replay
from .common import count, fail, load_or_report, option_pairs, print_diagnostics, silence_stdout


# ---- play ----------------------------------------------------------------------------
def cmd_play(args) -> int:
    options = option_pairs(args.option)
    rules = load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        game = rules.new_game(players=args.players, seed=seed, deck=args.deck,
                              dealer=args.dealer, max_actions=args.max_actions)
    except (ValueError, CardError) as exc:
        return fail(str(exc))
    human = args.human
    if human is not None and not 0 <= human < game.n:
        return fail(f"--human: seat {human} does not exist (seats 0 to {game.n - 1})")
    try:
        agents = seat_agents(args.agent, game.n, seed, human)
    except ValueError as exc:
        return fail(str(exc), 2)
    if args.record is not None:   # fail before playing, not after
        if not args.record.strip():
            return fail("--record needs a file name", 2)
        try:
            with open(args.record, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            return fail(f"cannot write the record to {args.record}: {exc.strerror}")
    quiet = (args.quiet or args.json) and human is None   # a person always sees the moves
    if human is not None:
        from ..play.terminal import CardStyle, HumanAgent, make_console
        console = make_console()
        style = CardStyle(rules, ascii=args.ascii)
        agents[human] = HumanAgent(human, console, style)
        t = Transcript(game, quiet=quiet, viewer=human, console=console, style=style)
    else:
        t = Transcript(game, quiet=quiet)
    changed = {k: v for k, v in rules.options.items() if rules.option_decls[k].default != v}
    abandoned = None
    interrupted = _catch_interrupts()
    try:
        t.header(seed, changed, human)
        t.deal()
        t.flush()
        play_out(game, agents, t, stop=interrupted.is_set)
    except Abandoned as exc:             # the person left (end of input, Ctrl-C)
        abandoned = exc
    except KeyboardInterrupt:
        abandoned = Abandoned("interrupt")
    except BrokenPipeError:              # the reader of our output went away
        silence_stdout()
        if human is not None:
            abandoned = Abandoned("output")
        else:                            # bots: finish the game so the record is whole
            play_out(game, agents)
    finally:
        if args.record:
            problem = _save_record(args, rules, game, seed)
    res = game.result
    if args.record and problem:
        return fail(problem)
    if abandoned is not None:
        kept = f"; the {game.actions} actions so far are in {args.record}" if args.record else ""
        return fail(f"{abandoned} after {count(game.actions, 'action')}{kept}",
                     130 if abandoned.reason == "interrupt" else 1)
    if args.json:
        print(json.dumps(game.dump(), indent=1))
        return 0 if res.status == "finished" else 1
    if args.quiet or human is None:
        print(result_line(game))
    else:
        t.say(result_line(game))
    return 0 if res.status == "finished" else 1


def _catch_interrupts():
    """Ctrl-C raises KeyboardInterrupt as usual and also sets the returned flag, which the
    play loop checks, so an interrupt is never lost inside library code."""
    import signal
    import threading
    flag = threading.Event()

    def handler(signum, frame):
        flag.set()
        raise KeyboardInterrupt
    try:
        signal.signal(signal.SIGINT, handler)
    except ValueError:          # not the main thread (an embedding program): keep its own
        pass
    return flag


def _save_record(args, rules, game, seed) -> str | None:
    """Write the game record of ``play`` (whole or partial); a message if it fails."""
    import os
    from pathlib import Path

    from ..source.extends import resolve_name
    from ..runtime.records import make_record, write_record
    ruleset = args.ruleset
    if ruleset not in rulekit_bundled():   # a file: name it relative to the record
        path = resolve_name(ruleset)
        if path is not None:
            ruleset = os.path.relpath(path.resolve(), Path(args.record).resolve().parent)
    deck = [rules.parse_card(c) for c in args.deck.replace(",", " ").split()] \
        if args.deck else None
    rec = make_record(game, ruleset, dict(rules.options), seed, deck)
    if game.max_actions != MAX_ACTIONS:
        rec["max_actions"] = game.max_actions
    try:
        write_record(args.record, rec)
    except RecordError as exc:
        return str(exc)
    return None


def rulekit_bundled() -> dict:
    from ..source.files import bundled_rulesets
    return bundled_rulesets()


# ---- replay --------------------------------------------------------------------------
def _replay_with_transcript(record, upto):
    """Replay ``record`` like :func:`rulekit.runtime.records.replay`, printing the
    transcript."""
    t = None

    def apply(game, action):
        nonlocal t
        if t is None:
            t = Transcript(game)
            t.header(record.get("seed", 0))
            t.deal()
            t.flush()
        step(game, action, t)

    game = replay(record, upto, apply=apply)
    print()
    return game


def cmd_replay(args) -> int:
    from ..runtime.records import ReplayError, read_record, result_mismatch
    if args.transcript and args.json:
        return fail("replay: --transcript and --json cannot be combined (JSON must stand "
                     "alone on standard output)", 2)
    try:
        record = read_record(args.record)
        if args.transcript:
            game = _replay_with_transcript(record, args.upto)
        else:
            game = replay(record, args.upto)
    except (RecordError, ReplayError) as exc:
        return fail(str(exc))
    except RulesetError as exc:
        print_diagnostics(exc.errors, where=f"{args.record}: the record's ruleset")
        return 1
    if args.json:
        print(json.dumps(game.dump(), indent=1))
    else:
        print(describe_state(game))
    if args.upto is None or args.upto >= len(record["actions"]):
        mismatch = result_mismatch(record, game)
        if mismatch:
            return fail(f"the replayed result differs from the record's: {mismatch}")
    return 0
