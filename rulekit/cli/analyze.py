"""``rulekit analyze RULESET [VARIANT ...]``: what a rule change does (fairness, skill,
length, choice, tension), side by side with 95% intervals (rulekit.simulation.analyze,
docs/analyze.md).

Progress goes to stderr, the report to stdout (text, or ``--json``); ``--plot`` writes
a picture, checked before the first game is played (rulekit.outputs).
"""
from __future__ import annotations

import json
import sys

from ..errors import RulesetError
from ..limits import MAX_SIMULATED_GAMES
from .arguments import Whole, WholeOr, add_run_arguments
from .common import Usage, fail, load_or_report, option_pairs


def add_parser(sub, force: dict) -> None:
    """The ``analyze`` sub-command (``force``: the keywords of its ``--force``)."""
    from ..simulation.analyze import DEFAULT_BUDGET, MAX_BUDGET
    s = sub.add_parser("analyze", help="what a rule change does: fairness, skill, length, "
                       "choice and tension, with 95%% intervals, variants side by side")
    s.add_argument("ruleset", metavar="RULESET", help="the ruleset (the reference)")
    s.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="more rulesets, optionally with options: NAME:K=V,K=V")
    s.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a house-rule option of RULESET (repeatable)")
    s.add_argument("--games", type=Whole(2, MAX_SIMULATED_GAMES), default=200, metavar="N",
                   help="games per variant, player count and measure (default 200)")
    s.add_argument("--players", type=WholeOr(("all",), 1), metavar="N|all",
                   help="a player count, or all (default: the ruleset's default)")
    s.add_argument("--budget", type=Whole(1, MAX_BUDGET), default=DEFAULT_BUDGET,
                   metavar="N", help=f"the search's simulations a move in the skill games "
                   f"(default {DEFAULT_BUDGET})")
    s.add_argument("--agents", default="random", metavar="KIND",
                   help="the agent at every seat of the base games, which measure "
                   "fairness, length, choice and tension (default random)")
    s.add_argument("--leader", metavar="EXPR", help="who leads: an expression in seat, "
                   "higher better (default: the phases' heuristic)")
    add_run_arguments(s)
    s.add_argument("--json", action="store_true", help="print the figures as JSON")
    s.add_argument("--plot", metavar="FILE", help="draw the figures (.png or .svg; "
                   "pip install rulekit[plot])")
    s.add_argument("--force", **force)
    s.add_argument("--quiet", action="store_true", help="no progress on stderr")


def cmd_analyze(args) -> int:
    """``rulekit analyze RULESET [VARIANT ...]``: see the module docstring."""
    from ..simulation import parse_variant
    from ..simulation.analyze import analyze
    from .simulate import _Progress, _check_outputs, _why
    options = option_pairs(args.option)
    if args.address is not None and args.backend != "ray":
        raise Usage("--address is a Ray cluster's: give it with --backend ray")
    try:
        name, given = parse_variant(args.ruleset)
        variants = [parse_variant(v) for v in args.variants]
    except ValueError as exc:
        return fail(str(exc))
    options = {**given, **options}
    loaded = []
    for name_, opts in [(name, options)] + variants:
        rules = load_or_report(name_, opts)
        if rules is None:
            return 1
        loaded.append(rules)
    _check_outputs(args, loaded)
    kw = {"max_actions": args.max_actions} if args.max_actions is not None else {}
    progress = _Progress("analyze", args.quiet)
    try:
        res = analyze(name, variants, args.games, args.players, options,
                      budget=args.budget, agents=args.agents, leader=args.leader,
                      seed=args.seed, jobs=args.jobs, backend=args.backend,
                      address=args.address, progress=progress, **kw)
    except (ValueError, ImportError, RulesetError) as exc:
        return fail(_why(exc))
    finally:
        progress.close()
    print(json.dumps(res.to_dict(), indent=1) if args.json else res.text())
    sys.stdout.flush()
    if args.plot:
        from ..errors import OutputError
        from ..simulation.analyze_plot import draw
        try:
            draw(res, args.plot)
        except OutputError as exc:
            return fail(str(exc))
    return 0
