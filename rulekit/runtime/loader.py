"""The pipeline from a ruleset's name to :class:`~rulekit.runtime.rules.Rules`.

:func:`check` runs every stage (load with positions and ``extends``, check the shape,
compile, build and check the machine, then build the immutable model of what they
returned: :mod:`rulekit.compiler.building`) and returns what it found; :func:`load` raises
instead. Both are re-exported as :func:`rulekit.check` and :func:`rulekit.load`.

Every stage reports all it finds, and the later stages still run on what is left well
formed (:mod:`rulekit.lang.wellformed`): a shape error leaves out the smallest part
around it, the compiler then checks every expression of the rest, and the machine
checks run on what compiled; nothing that only follows from an earlier error is
reported. Only a file that does not load (YAML, ``extends``), a shape error in
``players`` or ``cards``, or one that leaves no phase stops at its stage.
"""
from __future__ import annotations

from pathlib import Path

from ..analysis.machine import build_machine
from ..compiler import compile_draft
from ..compiler.building import build_model
from ..errors import DiagnosticSink, Pos, RulesetError, suggest
from ..lang.wellformed import well_formed
from ..source.extends import load_document, resolve_name
from ..source.files import bundled_rulesets
from .rules import Rules


def fingerprint(data) -> str:
    """``sha256:HEX`` of a resolved ruleset's data (canonical JSON): equal for rulesets
    that resolve to the same thing, whatever their files and comments."""
    import hashlib
    import json
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                      default=str)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def check(ruleset, options: dict | None = None, roots=None):
    """Run the whole pipeline on ``ruleset`` (a bundled name or a path).

    Returns ``(rules or None, diagnostics)``: every error and warning found, in file order.
    ``options`` maps option names to values (or to command-line text, converted by type).
    ``roots``: when given (a ruleset named by a record), every file reached through
    ``extends`` must be bundled or lie under one of these folders. Raises ValueError for
    ``options`` that are not a dict keyed by names.
    """
    sink = DiagnosticSink()
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names to values, not "
                         f"{type(options).__name__}")
    if options and not all(isinstance(k, str) for k in options):
        raise ValueError("options must be a dict whose keys are option names (text)")
    name = str(ruleset)
    path = resolve_name(name)
    if not name.strip():
        sink.error(None, "an empty name is not a ruleset", "missing-file")
        return None, sink.sorted()
    if path is None and len(Path(name).name) > 255:
        sink.error(None, f"{name[:40]}...: the file name is too long", "missing-file")
        return None, sink.sorted()
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
        src = load_document(path, sink, display, roots=roots)
        shaped = None if src is None or sink.has_errors else well_formed(src, sink)
        if shaped is None:
            return None, sink.sorted(display)
        compiled, draft = compile_draft(shaped, sink, options, display, cls=Rules)
        machine = build_machine(compiled if compiled is not None else draft, sink)
    except (RecursionError, MemoryError):
        # Python's own limits: an expression of hundreds of terms or nesting levels
        sink.error(Pos(display, 1, 1), "something in this ruleset is too long or too deeply "
                   "nested (an expression of hundreds of terms or levels): split it into "
                   "definitions", "too-deep")
        return None, sink.sorted(display)
    except SyntaxError as exc:
        if "too many nested" not in str(exc) and "too complex" not in str(exc):
            raise                      # generated code that does not compile: a bug
        sink.error(Pos(display, 1, 1), "something in this ruleset is too long or too deeply "
                   "nested (an expression of hundreds of terms or levels): split it into "
                   "definitions", "too-deep")
        return None, sink.sorted(display)
    if compiled is None or sink.has_errors:
        return None, sink.sorted(display)
    if compiled.rule_book:           # a rule book that `rulekit rules` cannot read or split
        from ..source.rulebook import load_rule_book
        try:
            load_rule_book(list(compiled.rule_book), Path(path))
        except (OSError, ValueError) as exc:
            sink.warning(src.pos(("rule_book",)), str(exc), "rule-book")
    warnings = [d for d in sink.sorted(display) if d.severity == "warning"]
    rules = build_model(compiled, machine, warnings, fingerprint(src.data))
    return rules, sink.sorted(display)


def _display(path) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load(ruleset, options: dict | None = None, roots=None) -> Rules:
    """Load and compile ``ruleset`` (bundled name or path) with ``options``.

    Returns :class:`~rulekit.runtime.rules.Rules`; raises :class:`RulesetError` listing
    every error (its ``diagnostics`` also carry the warnings). ``roots``: see :func:`check`.
    """
    rules, diagnostics = check(ruleset, options, roots)
    if rules is None:
        raise RulesetError(diagnostics)
    return rules
