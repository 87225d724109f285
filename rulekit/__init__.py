"""rulekit: declarative rules for card games and their variants.

A game variant is a YAML ruleset; :func:`load` runs the pipeline (load, check shape,
compile expressions and effects, build the machine) and returns compiled rules that
start games::

    import rulekit
    rules = rulekit.load("path/to/ruleset.yaml", options={"sequences": True})
    game = rules.new_game(players=4, seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    print(game.result.status, game.result.loser, game.result.out_order)

Errors: :class:`RulesetError` (with ``diagnostics``), :class:`IllegalAction`,
:class:`CardError`, :class:`TooManyChoices` (``legal_actions()`` of a decision too big
to list: choices in parts), :class:`RecordError`, :class:`OutputError` (a file that may not or
cannot be written: ``simulate(records=...)``).

The package is in layers that import only downward (docs/architecture.md): ``errors``
and ``limits``; ``source`` (files, YAML, extends); ``lang`` (grammar, types, built-ins,
effects, schema); ``model``; ``compiler``; ``analysis``; ``runtime``; ``play``; ``simulation`` and ``openspiel`` (the OpenSpiel bridge, docs/openspiel.md);
``cli``.
"""
from __future__ import annotations

from .errors import (CardError, Diagnostic, IllegalAction, OutputError, RecordError, RulekitError,
                     RulesetError, TooManyChoices)
from .version import __version__

__all__ = ["load", "check", "bundled", "RulesetError", "IllegalAction", "CardError",
           "RecordError", "OutputError", "RulekitError", "Diagnostic", "TooManyChoices",
           "simulate", "compare", "analyze",
           "__version__"]


def check(ruleset, options: dict | None = None):
    """Run the whole pipeline on ``ruleset`` (a bundled name or a path).

    Returns ``(rules or None, diagnostics)``: every error and warning found, in file order.
    ``options`` maps option names to values (or to command-line text, converted by type).
    """
    from .runtime.loader import check as _check
    return _check(ruleset, options)


def load(ruleset, options: dict | None = None):
    """Load and compile ``ruleset`` (bundled name or path) with ``options``.

    Returns :class:`rulekit.runtime.rules.Rules`; raises :class:`RulesetError` listing
    every error (its ``diagnostics`` also carry the warnings).
    """
    from .runtime.loader import load as _load
    return _load(ruleset, options)


def bundled() -> dict:
    """Bundled ruleset names mapped to their files."""
    from .source.files import bundled_rulesets
    return bundled_rulesets()


def simulate(ruleset, games: int = 1000, players=None, options: dict | None = None, **kw):
    """Play many games and return their figures (:class:`rulekit.simulation.SimulationResult`):
    per seat win/loss/draw rates with 95% intervals, game length, aborts, how often each
    action, step and announcement fires. See :func:`rulekit.simulation.simulate` for the
    keywords (agents, seed, jobs, backend, records, ...)."""
    from .simulation import simulate as _simulate
    return _simulate(ruleset, games, players, options, **kw)


def compare(variants, games: int = 1000, players=None, **kw):
    """Simulate variants (``"mygame"``, ``"mygame:jokers=true"``) on the same seeds and
    return a :class:`rulekit.simulation.Comparison` (``.text()`` side by side)."""
    from .simulation import compare as _compare
    return _compare(variants, games, players, **kw)


def analyze(ruleset, variants=(), games: int = 200, players=None, **kw):
    """What a rule change does: fairness by seat and position, skill (the gain of one
    stronger seat), length, choice and tension (lead changes, decisiveness) of
    ``ruleset`` and each of ``variants``, with 95% intervals and significance marks
    (:class:`rulekit.simulation.analyze.Analysis`; ``.text()``, ``.to_dict()``). See
    :func:`rulekit.simulation.analyze.analyze` for the keywords and docs/analyze.md."""
    from .simulation.analyze import analyze as _analyze
    return _analyze(ruleset, variants, games, players, **kw)
