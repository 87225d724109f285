"""The ``rulekit`` command line (INTERFACES.md section 1).

Commands: ``list``, ``validate``, ``play``, ``replay``. Errors a user can cause print one
clear line on stderr and exit non-zero (1; 2 for usage errors), never a traceback.
Heavy libraries are imported only by the commands that need them, so ``--help`` is quick.
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from .errors import CardError, IllegalAction, RecordError, RulekitError, RulesetError


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors: one line, exit 2
        self.print_usage(sys.stderr)
        print(f"rulekit: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def _nonneg(text: str) -> int:
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="rulekit", description="Write, check, play and replay card game "
                "variants written as YAML rulesets.")
    p.add_argument("--version", action="version", version="rulekit 0.1.0")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser("list", help="list the bundled rulesets (or those in DIR)")
    s.add_argument("dir", nargs="?", metavar="DIR")

    s = sub.add_parser("validate", help="check rulesets; print file:line:col diagnostics")
    s.add_argument("rulesets", nargs="+", metavar="RULESET",
                   help="bundled names, YAML files, or folders (every .yaml file in them)")
    s.add_argument("--json", action="store_true", help="print the diagnostics as JSON")
    s.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="check with this option value (repeatable)")
    s.add_argument("--simulate", type=_positive, metavar="N",
                   help="also play N random games at each player count; report aborts")

    s = sub.add_parser("play", help="play one game with bots and print its transcript")
    s.add_argument("ruleset", metavar="RULESET", help="a bundled name or a path to a YAML file")
    s.add_argument("--players", type=_positive, metavar="N")
    s.add_argument("--seed", type=_int, metavar="S", help="random seed (default: a random one, "
                   "printed so the game can be played again)")
    s.add_argument("--dealer", type=_nonneg, metavar="D")
    s.add_argument("--deck", metavar="CARDS", help="all cards, top first, separated by spaces or "
                   "commas")
    s.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="set a ruleset option (repeatable)")
    s.add_argument("--agent", action="append", default=[], metavar="SEAT=KIND",
                   help="the agent for a seat: random or greedy (default random)")
    s.add_argument("--human", type=_nonneg, metavar="SEAT",
                   help="you play this seat at the terminal, seeing only what it may see")
    s.add_argument("--ascii", action="store_true",
                   help="letters instead of suit symbols at the --human seat")
    s.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    s.add_argument("--json", action="store_true", help="print the final state dump as JSON")
    s.add_argument("--quiet", action="store_true", help="print only the result")
    s.add_argument("--max-actions", type=_positive, default=10000, metavar="N",
                   help="stop the game as aborted after N actions (C-8; default 10000)")

    s = sub.add_parser("new", help="write a starter house-rule variant of a ruleset")
    s.add_argument("name", metavar="NAME", help="the variant's name (letters, digits, _ and -)")
    s.add_argument("--from", dest="base", required=True, metavar="BASE",
                   help="the ruleset it extends (a bundled name or a path)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="where to write it (default NAME.yaml; - for standard output)")

    s = sub.add_parser("explain", help="the rules as readable text, from the compiled ruleset")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--option", action="append", default=[], metavar="K=V")

    s = sub.add_parser("diff", help="what differs between two rulesets after resolution")
    s.add_argument("a", metavar="A")
    s.add_argument("b", metavar="B")

    s = sub.add_parser("graph", help="the phase/step machine as a diagram")
    s.add_argument("ruleset", metavar="RULESET")
    s.add_argument("--format", choices=["mermaid", "dot", "json"], default="mermaid")

    s = sub.add_parser("replay", help="re-run a game record, checking every action")
    s.add_argument("record", metavar="RECORD")
    s.add_argument("--upto", type=_nonneg, metavar="N", help="stop after N actions")
    s.add_argument("--transcript", action="store_true",
                   help="print the game move by move (as play does) before the state")
    s.add_argument("--json", action="store_true", help="print the state dump as JSON")
    return p


def _fail(message: str, code: int = 1) -> int:
    print(f"rulekit: {message}", file=sys.stderr)
    return code


class _Usage(Exception):
    """A wrong command line found after parsing: one line, exit 2."""


def _options(pairs: list[str]) -> dict:
    """``--option NAME=VALUE`` pairs as a dict of texts; raises _Usage when malformed."""
    out = {}
    for pair in pairs:
        k, sep, v = pair.partition("=")
        if not sep or not k.strip():
            raise _Usage(f"--option takes NAME=VALUE, not '{pair}'")
        out[k.strip()] = v.strip()
    return out


def _print_diagnostics(diags, stream=None, where: str = ""):
    """Print ``file:line:col: severity: message`` lines (default: on stderr).

    A diagnostic without a position (a missing file, a bad --option value) is printed as
    ``rulekit: [where: ]severity: message`` so it still says who is talking.
    """
    stream = sys.stderr if stream is None else stream
    for d in diags:
        if d.pos is None:
            print(f"rulekit: {where + ': ' if where else ''}{d}", file=stream)
        else:
            print(str(d), file=stream)


# ---- list ----------------------------------------------------------------------------
def cmd_list(args) -> int:
    from pathlib import Path

    from .errors import DiagnosticSink
    from .loading import load_document
    from .resources import bundled_rulesets
    if args.dir:
        folder = Path(args.dir)
        if not folder.is_dir():
            return _fail(f"{args.dir}: not a folder")
        files = {p.stem: p for p in sorted(folder.glob("*.y*ml"))}
    else:
        files = bundled_rulesets()
    rows = []
    for name, path in files.items():
        sink = DiagnosticSink()
        src = load_document(path, sink, str(path))
        if src is None or not isinstance(src.data, dict):
            rows.append((str(path) if args.dir else name, "(does not load: run validate)", "?", ""))
            continue
        d = src.data
        pl = d.get("players") or {}
        players = "?"
        if isinstance(pl, dict):
            lo, hi = pl.get("min", "?"), pl.get("max", "?")
            players = str(lo) if lo == hi else f"{lo}-{hi}"
        label = f"{path} ({d.get('name', '?')})" if args.dir else name
        rows.append((label, str(d.get("title", "")), players, str(d.get("summary", ""))))
    if not rows:
        print("no rulesets found")
        return 0
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    for r in rows:
        print(f"{r[0]:<{w0}}  {r[1]:<{w1}}  {r[2]:>5} players  {r[3]}")
    return 0


# ---- validate ------------------------------------------------------------------------
def cmd_validate(args) -> int:
    from pathlib import Path

    import rulekit
    options = _options(args.option)
    everything = []
    bad = False
    names = []
    for name in args.rulesets:
        if not name.strip():
            return _fail("validate: an empty name is not a ruleset", 2)
        folder = Path(name)
        if folder.is_dir():
            found = sorted(str(p) for p in folder.glob("*.y*ml"))
            if not found:
                return _fail(f"{name}: a folder with no .yaml files")
            names += found
        else:
            names.append(name)
    for name in names:
        rules, diags = rulekit.check(name, options)
        if rules is not None and args.simulate:
            diags = diags + simulate(rules, name, args.simulate)
        bad = bad or rules is None or any(d.severity == "error" for d in diags)
        everything.extend(diags)
        if not args.json:
            _print_diagnostics(diags, sys.stdout)
            if rules is not None and not any(d.severity == "error" for d in diags):
                print(f"{name}: ok" + (f" ({len(diags)} warning(s))" if diags else ""))
    if args.json:
        print(json.dumps([d.as_dict() for d in everything], indent=1))
    return 1 if bad else 0


def simulate(rules, name: str, games: int) -> list:
    """Play ``games`` random games at each allowed player count (seeds 0, 1, ...) and
    return one error diagnostic per player count at which some game aborted."""
    import random as _random

    from .errors import Diagnostic, Pos
    out = []
    lo, hi, _ = rules.players
    for players in range(lo, hi + 1):
        aborted = []
        for seed in range(games):
            game = rules.new_game(players=players, seed=seed)
            rng = _random.Random(seed)
            while not game.finished:
                game.apply(rng.choice(game.legal_actions()))
            if game.result.status == "aborted":
                aborted.append((seed, game.result.message))
        if aborted:
            seed, why = aborted[0]
            out.append(Diagnostic(Pos(rules.path or name, 1, 1), "error",
                                  f"{len(aborted)} of {games} random games with {players} "
                                  f"players aborted; the first (seed {seed}): {why}",
                                  "simulate"))
    return out


# ---- play ----------------------------------------------------------------------------
def _agents(specs: list[str], n: int, seed: int, human: int | None) -> dict:
    from .agents import make_agent
    kinds = {s: "random" for s in range(n)}
    for spec in specs:
        if "=" not in spec:
            raise ValueError(f"--agent takes SEAT=KIND, not '{spec}'")
        seat, kind = spec.split("=", 1)
        try:
            s = int(seat)
        except ValueError:
            raise ValueError(f"--agent: '{seat}' is not a seat number") from None
        if not 0 <= s < n:
            raise ValueError(f"--agent: seat {s} does not exist (seats 0 to {n - 1})")
        if s == human:
            raise ValueError(f"--agent: seat {s} is the --human seat")
        kinds[s] = kind.strip()
    return {s: make_agent(k, seed * 1000 + s + 1) for s, k in kinds.items() if s != human}


class Transcript:
    """Prints a game as it goes: the deal, each action with its seat, and the ruleset's
    announcements (trick winners, trumps, phase changes, who is out, the loser).

    ``viewer``: the seat of a person at the table (the deal then shows only their own
    cards, and cards are styled for reading), or None for an all-seeing transcript.
    """

    def __init__(self, game, quiet=False, viewer=None, console=None, style=None):
        self.game = game
        self.quiet = quiet
        self.viewer = viewer
        self.console = console
        self.style = style
        self.seen_events = 0
        self.phase = game.phase

    def say(self, text: str):
        if self.quiet:
            return
        if self.console is not None:
            self.console.print(self.style.text(text))
        else:
            print(text)

    def deal(self):
        hands = self.game.dump()["zones"].get("hand")
        for s, h in enumerate(hands or []):
            if self.viewer is None or s == self.viewer:
                self.say(f"  seat {s} is dealt {' '.join(h)}")

    def flush(self):
        g = self.game
        for ev in g.events[self.seen_events:]:
            self._phase(ev.get("phase"))
            self.say(f"    * {ev['text']}")
        self.seen_events = len(g.events)
        self._phase(g.phase)

    def _phase(self, phase):
        if phase is not None and phase != self.phase:
            self.phase = phase
            self.say(f"  -- phase {phase} --")

    def action(self, seat, action, before_public=None, on_table=None):
        """Print an action just applied. With ``before_public`` (the public cards before
        it), also the cards the action itself turned face up that its text does not name
        (the card a `stock` play turns up, say); with ``on_table`` (the cards lying face
        up before it, see :func:`face_up_cards`), the ones it took into the seat's hand."""
        extra = ""
        g = self.game
        if before_public is not None:
            shown = [c for c in g.shown_by_action if c not in action.cards
                     and c not in before_public and c in g.public]
            if shown:
                extra += f" (face up: {' '.join(shown)})"
        if on_table:
            zones = g.rules.zones
            moved = g.moved_by_action
            picked = [c for c in on_table if c in moved and moved[c][1] == seat
                      and zones[moved[c][0]].see == "owner"]
            if picked:
                extra += f" (picks up {' '.join(picked)})"
        self.say(f"  seat {seat}: {action}{extra}")


def face_up_cards(game) -> list:
    """The cards now lying in zones every seat sees (not concealed), in zone order."""
    out = []
    for name, decl in game.rules.zones.items():
        if decl.see == "all" and decl.per == "game":
            out += [c for c in game.z[name] if game.marks.get(c) != "down"]
    return out


def cmd_play(args) -> int:
    options = _options(args.option)
    rules = _load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        game = rules.new_game(players=args.players, seed=seed, deck=args.deck,
                              dealer=args.dealer, max_actions=args.max_actions)
    except (ValueError, CardError) as exc:
        return _fail(str(exc))
    human = args.human
    if human is not None and not 0 <= human < game.n:
        return _fail(f"--human: seat {human} does not exist (seats 0 to {game.n - 1})")
    try:
        agents = _agents(args.agent, game.n, seed, human)
    except ValueError as exc:
        return _fail(str(exc), 2)
    if args.record is not None:   # fail before playing, not after
        if not args.record.strip():
            return _fail("--record needs a file name", 2)
        try:
            with open(args.record, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            return _fail(f"cannot write the record to {args.record}: {exc.strerror}")
    quiet = (args.quiet or args.json) and human is None   # a person always sees the moves
    if human is not None:
        from .terminal import CardStyle, HumanAgent, make_console
        console = make_console()
        style = CardStyle(rules, ascii=args.ascii)
        agents[human] = HumanAgent(human, console, style)
        t = Transcript(game, quiet=quiet, viewer=human, console=console, style=style)
    else:
        t = Transcript(game, quiet=quiet)
    changed = {k: v for k, v in rules.options.items() if rules.option_decls[k].default != v}
    t.say(f"{rules.title}: {game.n} players, dealer seat {game.dealer}, seed {seed}"
          + (", options " + ", ".join(f"{k}={v}" for k, v in changed.items()) if changed else "")
          + (f"; you are seat {human}" if human is not None else ""))
    t.deal()
    t.flush()
    abandoned = None
    try:
        while not game.finished:
            seat = game.to_act
            try:
                action = agents[seat].choose(game)
            except RulekitError as exc:   # the person left (end of input, Ctrl-C)
                abandoned = exc
                break
            before, table = set(game.public), face_up_cards(game)
            game.apply(action)
            t.action(seat, action, before, table)
            t.flush()
    except KeyboardInterrupt:
        from .terminal import Abandoned
        abandoned = Abandoned("interrupt")
    except BrokenPipeError:              # the reader of our output went away
        _silence_stdout()
        if human is not None:
            from .terminal import Abandoned
            abandoned = Abandoned("output")
        else:                            # bots: finish the game so the record is whole
            t.quiet = True
            while not game.finished:
                game.apply(agents[game.to_act].choose(game))
    finally:
        if args.record:
            problem = _save_record(args, rules, game, seed)
    res = game.result
    if args.record and problem:
        return _fail(problem)
    if abandoned is not None:
        kept = f"; the {game.actions} actions so far are in {args.record}" if args.record else ""
        return _fail(f"{abandoned} after {_count(game.actions, 'action')}{kept}",
                     130 if getattr(abandoned, "reason", "") == "interrupt" else 1)
    if args.json:
        print(json.dumps(game.dump(), indent=1))
        return 0 if res.status == "finished" else 1
    if args.quiet or human is None:
        print(_result_line(res, game))
    else:
        t.say(_result_line(res, game))
    return 0 if res.status == "finished" else 1


def _save_record(args, rules, game, seed) -> str | None:
    """Write the game record of ``play`` (whole or partial); a message if it fails."""
    import os
    from pathlib import Path

    from .loading import resolve_name
    from .records import make_record, write_record
    ruleset = args.ruleset
    if ruleset not in rulekit_bundled():   # a file: name it relative to the record
        path = resolve_name(ruleset)
        if path is not None:
            ruleset = os.path.relpath(path.resolve(), Path(args.record).resolve().parent)
    deck = [rules.parse_card(c) for c in args.deck.replace(",", " ").split()] \
        if args.deck else None
    rec = make_record(game, ruleset, dict(rules.options), seed, deck)
    if game.max_actions != 10000:
        rec["max_actions"] = game.max_actions
    try:
        write_record(args.record, rec)
    except RecordError as exc:
        return str(exc)
    return None


def rulekit_bundled() -> dict:
    from .resources import bundled_rulesets
    return bundled_rulesets()


def _silence_stdout():
    """After a broken pipe: send further output (and the final flush) to /dev/null."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _count(n: int, word: str) -> str:
    """'1 action', '3 actions'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _result_line(res, game) -> str:
    if res.status == "finished":
        order = ", ".join(map(str, res.out_order)) or "-"
        return f"Result: seat {res.loser} loses; out in order: {order} ({game.actions} actions)"
    if res.status == "aborted":
        return f"Result: aborted: {res.message}"
    return f"Result: in progress after {game.actions} actions; seat {game.to_act} to act"


# ---- replay --------------------------------------------------------------------------
def describe_state(game) -> str:
    """The state dump as readable text (``replay`` without ``--json``)."""
    d = game.dump()
    lines = [f"{game.rules.title}: {d['players']} players, dealer seat {d['dealer']}, "
             f"{d['actions']} actions",
             f"status: {d['status']}   phase: {d['phase']}   to act: "
             f"{'-' if d['to_act'] is None else 'seat ' + str(d['to_act'])}"]
    if d["legal"]:
        lines.append("legal: " + ", ".join(d["legal"]))
    for name, content in d["zones"].items():
        if content and isinstance(content[0], list) or (
                name in game.rules.zones and game.rules.zones[name].per == "seat"):
            for s, cards in enumerate(content):
                lines.append(f"{name}[{s}]: {' '.join(cards) if cards else '-'}")
        else:
            lines.append(f"{name}: {' '.join(content) if content else '-'}")
    vs = ", ".join(f"{k}={'-' if v is None else v}" for k, v in d["vars"].items())
    lines.append(f"vars: {vs}")
    lines.append(f"out order: {', '.join(map(str, d['out_order'])) or '-'}   loser: "
                 f"{'-' if d['loser'] is None else d['loser']}")
    if game.result.message:
        lines.append(f"note: {game.result.message}")
    return "\n".join(lines)


def _replay_with_transcript(record, upto):
    """Replay ``record`` like :func:`rulekit.records.replay`, printing the transcript."""
    from .records import replay
    t = None

    def apply(game, action):
        nonlocal t
        if t is None:
            t = Transcript(game)
            t.say(f"{game.rules.title}: {game.n} players, dealer seat {game.dealer}, "
                  f"seed {record.get('seed', 0)}")
            t.deal()
            t.flush()
        seat, before, table = game.to_act, set(game.public), face_up_cards(game)
        game.apply(action)
        t.action(seat, action, before, table)
        t.flush()

    game = replay(record, upto, apply=apply)
    print()
    return game


def cmd_replay(args) -> int:
    from .records import ReplayError, read_record, replay, result_mismatch
    if args.transcript and args.json:
        return _fail("replay: --transcript and --json cannot be combined (JSON must stand "
                     "alone on standard output)", 2)
    try:
        record = read_record(args.record)
        if args.transcript:
            game = _replay_with_transcript(record, args.upto)
        else:
            game = replay(record, args.upto)
    except (RecordError, ReplayError) as exc:
        return _fail(str(exc))
    except RulesetError as exc:
        _print_diagnostics(exc.errors, where=f"{args.record}: the record's ruleset")
        return 1
    if args.json:
        print(json.dumps(game.dump(), indent=1))
    else:
        print(describe_state(game))
    if args.upto is None or args.upto >= len(record["actions"]):
        mismatch = result_mismatch(record, game)
        if mismatch:
            return _fail(f"the replayed result differs from the record's: {mismatch}")
    return 0


# ---- new, explain, diff, graph ---------------------------------------------------------
def _load_or_report(name: str, options=None):
    import rulekit
    try:
        return rulekit.load(name, options or {})
    except RulesetError as exc:
        _print_diagnostics(exc.errors)
        return None


def cmd_new(args) -> int:
    import os
    import re
    from pathlib import Path

    from .describe import starter
    from .loading import resolve_name
    from .resources import bundled_rulesets
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", args.name):
        return _fail(f"'{args.name}' is not a valid name: use letters, digits, _ and -, "
                     "starting with a letter", 2)
    rules = _load_or_report(args.base)
    if rules is None:
        return 1
    out = args.output or f"{args.name}.yaml"
    if args.base in bundled_rulesets() and "/" not in args.base:
        ref = args.base
    else:
        base_path = resolve_name(args.base).resolve()
        folder = Path(out).resolve().parent if out != "-" else Path.cwd()
        ref = os.path.relpath(base_path, folder)
    text = starter(args.name, ref, rules)
    if out == "-":
        print(text, end="")
        return 0
    if Path(out).is_dir():
        return _fail(f"{out} is a folder: give a file name, e.g. -o {Path(out) / (args.name + '.yaml')}")
    if Path(out).exists():
        return _fail(f"{out} already exists: choose another name or -o FILE")
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        return _fail(f"cannot write {out}: {exc.strerror}")
    print(f"wrote {out}: a variant of {rules.name}; check it with: rulekit validate {out}")
    return 0


def cmd_explain(args) -> int:
    from .describe import explain
    options = _options(args.option)
    rules = _load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    print(explain(rules))
    return 0


def cmd_diff(args) -> int:
    from .describe import diff
    a = _load_or_report(args.a)
    b = _load_or_report(args.b)
    if a is None or b is None:
        return 1
    lines = diff(a, b)
    if not lines:
        print(f"{args.a} and {args.b} are the same after resolution")
        return 0
    print(f"--- {args.a}\n+++ {args.b}")
    print("\n".join(lines))
    return 0


def cmd_graph(args) -> int:
    from .describe import to_dot, to_json, to_mermaid
    rules = _load_or_report(args.ruleset)
    if rules is None:
        return 1
    print({"mermaid": to_mermaid, "dot": to_dot, "json": to_json}[args.format](rules))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: sys.argv[1:]); return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    handler = {"list": cmd_list, "validate": cmd_validate, "play": cmd_play,
               "replay": cmd_replay, "new": cmd_new, "explain": cmd_explain,
               "diff": cmd_diff, "graph": cmd_graph}[args.command]
    for stream in (sys.stdout, sys.stderr):   # never fail on a character the terminal lacks
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        code = handler(args)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except (IllegalAction, CardError, RecordError) as exc:
        return _fail(str(exc))
    except _Usage as exc:
        return _fail(str(exc), 2)
    except OSError as exc:                     # e.g. the output device is full
        _silence_stdout()
        return _fail(f"cannot write the output: {exc.strerror or exc}")
