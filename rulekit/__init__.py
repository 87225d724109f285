"""rulekit: declarative rules for families of card games.

A game variant is a YAML ruleset; :func:`load` runs the pipeline (load, check shape,
compile expressions, build the machine) and returns compiled rules that start games::

    import rulekit
    rules = rulekit.load("path/to/ruleset.yaml", options={"sequences": True})
    game = rules.new_game(players=4, seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    print(game.result.status, game.result.loser, game.result.out_order)

Errors: :class:`RulesetError` (with ``diagnostics``), :class:`IllegalAction`,
:class:`CardError`, :class:`RecordError`.
"""
from __future__ import annotations

from .errors import CardError, Diagnostic, IllegalAction, RecordError, RulekitError, RulesetError

__all__ = ["load", "check", "bundled", "RulesetError", "IllegalAction", "CardError",
           "RecordError", "RulekitError", "Diagnostic", "__version__"]
__version__ = "0.1.0"


def check(ruleset, options: dict | None = None):
    """Run the whole pipeline on ``ruleset`` (a bundled name or a path).

    Returns ``(rules or None, diagnostics)``: every error and warning found, in file order.
    ``options`` maps option names to values (or to command-line text, converted by type).
    """
    from pathlib import Path

    from .compiling import compile_ruleset
    from .errors import DiagnosticSink
    from .loading import load_document, resolve_name
    from .resources import bundled_rulesets
    from .schema import check_shape, suggest

    sink = DiagnosticSink()
    name = str(ruleset)
    path = resolve_name(name)
    if path is None:
        p = Path(name)
        if p.suffix in (".yaml", ".yml") or "/" in name or p.exists():
            sink.error(None, f"{name}: no such file", "missing-file")
        else:
            sink.error(None, f"unknown ruleset '{name}'{suggest(name, bundled_rulesets())}; "
                       "bundled: " + ", ".join(bundled_rulesets()) + " (or give a path)",
                       "missing-file")
        return None, sink.sorted()
    display = name if path != bundled_rulesets().get(name) else _display(path)
    try:
        src = load_document(path, sink, display)
        if src is None or sink.has_errors:
            return None, sink.sorted()
        if not check_shape(src, sink):
            return None, sink.sorted()
        rules = compile_ruleset(src, sink, options, display)
    except (RecursionError, SyntaxError, MemoryError):
        # Python's own limits: an expression of hundreds of terms or nesting levels
        from .errors import Pos
        sink.error(Pos(display, 1, 1), "something in this ruleset is too long or too deeply "
                   "nested (an expression of hundreds of terms or levels): split it into "
                   "definitions", "too-deep")
        return None, sink.sorted()
    return (rules if not sink.has_errors else None), sink.sorted()


def _display(path) -> str:
    from pathlib import Path
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load(ruleset, options: dict | None = None):
    """Load and compile ``ruleset`` (bundled name or path) with ``options``.

    Returns :class:`rulekit.compiling.Rules`; raises :class:`RulesetError` listing every
    error (its ``diagnostics`` also carry the warnings).
    """
    rules, diagnostics = check(ruleset, options)
    if rules is None:
        raise RulesetError(diagnostics)
    return rules


def bundled() -> dict:
    """Bundled ruleset names mapped to their files."""
    from .resources import bundled_rulesets
    return bundled_rulesets()
