"""The handlers of ``list``, ``validate``, ``new``, ``explain``, ``diff`` and ``graph``."""
from __future__ import annotations

import json
import sys

from ..errors import printable
from ..outputs import check_output, reads_of, write_atomic
from .common import count, fail, load_or_report, option_pairs, print_diagnostics


# ---- list ----------------------------------------------------------------------------
def cmd_list(args) -> int:
    """``rulekit list [DIR]``: each ruleset's name, title, players and summary. A file
    of DIR that does not load is named on stderr (one line for them all) and the exit
    code is 1; the others are still listed."""
    from pathlib import Path

    from ..errors import DiagnosticSink
    from ..source.extends import load_document
    from ..source.files import bundled_rulesets
    if args.dir:
        folder = Path(args.dir)
        if not folder.is_dir():
            return fail(f"{args.dir}: not a folder")
        files = {p.stem: p for p in sorted(folder.glob("*.y*ml"))}
    else:
        files = bundled_rulesets()
    rows, broken = [], []
    for name, path in files.items():
        sink = DiagnosticSink()
        src = load_document(path, sink, str(path))
        if src is None or not isinstance(src.data, dict):
            broken.append(str(path))
            continue
        d = src.data
        pl = d.get("players") or {}
        players = "?"
        if isinstance(pl, dict):
            lo, hi = pl.get("min", "?"), pl.get("max", "?")
            players = str(lo) if lo == hi else f"{lo}-{hi}"
        label = f"{path} ({d.get('name', '?')})" if args.dir else name
        rows.append((label, str(d.get("title", "")), players, str(d.get("summary", ""))))
    if not rows and not broken:
        print("no rulesets found")
        return 0
    if rows:
        w0 = max(len(r[0]) for r in rows)
        w1 = max(len(r[1]) for r in rows)
        for r in rows:
            print(printable(f"{r[0]:<{w0}}  {r[1]:<{w1}}  {r[2]:>5} players  {r[3]}", 1000))
    if broken:
        sys.stdout.flush()
        if len(broken) == 1:
            return fail(f"{broken[0]} does not load (rulekit validate {broken[0]} says why)")
        names = ", ".join(broken[:10]) + (", ..." if len(broken) > 10 else "")
        return fail(f"{len(broken)} files do not load: {names} (rulekit validate "
                    f"{args.dir or 'FILE'} says why)")
    return 0


# ---- validate ------------------------------------------------------------------------
def cmd_validate(args) -> int:
    from pathlib import Path

    from ..runtime.loader import check
    options = option_pairs(args.option)
    everything = []
    bad = False
    names = []
    malformed = False
    for name in args.rulesets:
        if not name.strip():
            return fail("validate: an empty name is not a ruleset", 2)
        folder = Path(name)
        if folder.is_dir():
            found = sorted(str(p) for p in folder.glob("*.y*ml"))
            if not found:
                return fail(f"{name}: a folder with no .yaml files")
            names += found
        else:
            names.append(name)
    for name in names:
        rules, diags = check(name, options)
        if rules is not None and args.simulate:
            from ..play.session import simulate       # (only with --simulate)
            diags = diags + simulate(rules, name, args.simulate)
        bad = bad or rules is None or any(d.severity == "error" for d in diags)
        malformed = malformed or any(d.code == "option-form" for d in diags)
        everything.extend(diags)
        if not args.json:
            print_diagnostics(diags, sys.stdout)
            if rules is not None and not any(d.severity == "error" for d in diags):
                print(f"{name}: ok" + (f" ({len(diags)} warning(s))" if diags else ""))
    if args.json:
        print(json.dumps([d.as_dict() for d in everything], indent=1))
    return 2 if malformed else 1 if bad else 0   # a value not of its form: exit 2


# ---- new, explain, diff, graph ---------------------------------------------------------
def cmd_new(args) -> int:
    import os
    import re
    from pathlib import Path

    from ..analysis.describe import starter
    from ..source.extends import resolve_name
    from ..source.files import bundled_rulesets
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", args.name):
        return fail(f"'{args.name}' is not a valid name: use letters, digits, _ and -, "
                     "starting with a letter", 2)
    rules = load_or_report(args.base)
    if rules is None:
        return 1
    out = args.output or f"{args.name}.yaml"
    if args.base in bundled_rulesets() and "/" not in args.base:
        ref = args.base
    else:
        base_path = resolve_name(args.base).resolve()
        folder = Path(out).resolve().parent if out != "-" else Path.cwd()
        ref = os.path.relpath(base_path, folder)
    from ..source.files import schema_path
    text = (f"# yaml-language-server: $schema={schema_path(True).resolve().as_uri()}\n"
            + starter(args.name, ref, rules))    # an editor completes and checks keys
    if out == "-":
        print(text, end="")
        return 0
    check_output(out, "-o" if args.output else "new", force=args.force,
                 reads=reads_of(rules.source.files, f"the ruleset {args.name} would extend"))
    write_atomic(out, text)
    print(f"wrote {out}: a variant of {rules.name}; check it with: rulekit validate {out}")
    return 0


def cmd_rules(args) -> int:
    """``rulekit rules NAME``: the player's part of the ruleset's rule book (its
    ``rule_book`` files; ``--notes`` adds each file's notes for authors) as plain text
    wrapped to the terminal's width (``--width``), paged to its height when standard
    output is a terminal (:func:`page`); ``--ids`` lists only the rule ids the book
    defines, in book order."""
    import shutil

    from ..source.extends import resolve_name
    from ..source.rulebook import load_rule_book, render_text
    rules = load_or_report(args.ruleset)
    if rules is None:
        return 1
    if not rules.rule_book:
        return fail(f"{rules.name} has no rule book (its ruleset names none in 'rule_book:'); "
                    f"rulekit explain {args.ruleset} says what the ruleset does")
    try:
        books = load_rule_book(rules.rule_book, resolve_name(args.ruleset))
    except (OSError, ValueError) as exc:
        return fail(f"{rules.name}: {exc}")
    if args.ids:
        print(" ".join(rule.id for book in books for rule in book.rules))
        return 0
    width = args.width or shutil.get_terminal_size((80, 24)).columns
    text = render_text(books, width, args.notes)
    page("\n".join(printable(line, 10000) for line in text.split("\n")))
    return 0


def page(text: str, out=None, inp=None) -> None:
    """Write ``text`` (and a line break) to ``out`` (standard output). On a terminal
    taller than 3 lines and shorter than the text, a page at a time: through
    ``$PAGER``, else ``less -R`` when there is one, else a page and a prompt at a time
    (Enter: the next page, q: stop) read from ``inp`` (standard input). Never paged
    when ``out`` is not a terminal (a pipe, a file)."""
    import os
    import shlex
    import shutil
    import subprocess
    out = out if out is not None else sys.stdout
    inp = inp if inp is not None else sys.stdin
    lines = text.split("\n")
    tty = hasattr(out, "isatty") and out.isatty()
    height = shutil.get_terminal_size((80, 24)).lines if tty else 0
    if not tty or height < 4 or len(lines) < height:
        out.write(text + "\n")
        return
    command = shlex.split(os.environ.get("PAGER", "")) or (
        ["less", "-R"] if shutil.which("less") else [])
    if command:
        out.flush()
        try:
            subprocess.run(command, input=text + "\n", text=True, check=False)
            return
        except OSError:                 # no such pager: the built-in one
            pass
    step = height - 1
    for start in range(0, len(lines), step):
        out.write("\n".join(lines[start:start + step]) + "\n")
        if start + step >= len(lines):
            break
        out.write(f"-- lines {start + 1}-{start + step} of {len(lines)}: Enter for more, "
                  "q to stop -- ")
        out.flush()
        answer = inp.readline()
        if not answer or answer.strip().lower() in ("q", "quit"):
            out.write("\n" if not answer else "")
            break


def cmd_schema(args) -> int:
    """``rulekit schema``: the installed JSON Schema's path (``--variant``: the one for
    files with ``extends:``), or the whole schema, generated from the registries,
    written to ``-o FILE`` (``-`` for standard output; the shipped files are written so)."""
    from ..lang.schema import schema_text
    from ..source.files import schema_path
    if args.output is None:
        print(schema_path(args.variant))
        return 0
    text = schema_text(args.variant)
    if args.output == "-":
        print(text, end="")
        return 0
    check_output(args.output, "-o", force=args.force,
                 reads=[(str(schema_path(v)), "the installed schema") for v in (False, True)])
    write_atomic(args.output, text)
    print(f"wrote {args.output}")
    return 0


def cmd_explain(args) -> int:
    from ..analysis.describe import explain
    options = option_pairs(args.option)
    rules = load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    print(printable(explain(rules, formal=args.formal), 10**6))
    return 0


def cmd_diff(args) -> int:
    from ..analysis.describe import diff
    a = load_or_report(args.a)
    b = load_or_report(args.b)
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
    from ..analysis.describe import to_dot, to_json, to_mermaid
    rules = load_or_report(args.ruleset)
    if rules is None:
        return 1
    print({"mermaid": to_mermaid, "dot": to_dot, "json": to_json}[args.format](rules))
    return 0


def cmd_compile(args) -> int:
    import time
    options = option_pairs(args.option)
    start = time.perf_counter()
    rules = load_or_report(args.ruleset, options)
    if rules is None:
        return 1
    took = time.perf_counter() - start
    source = rules.generated_source()
    if args.show:
        print(printable(source, 10**8))
        return 0
    steps = list(rules.steps())
    decisions = sum(1 for s in steps if s.decides)
    print(f"{rules.name}: {count(len(steps), 'step')} ({decisions} with decisions), "
          f"{count(len(rules.definitions), 'definition')}, "
          f"{count(len(rules.procedures), 'procedure')}: "
          f"{count(source.count(chr(10)), 'line')} of Python, "
          f"{count(rules.hot_source.count(chr(10)), 'line')} in the hot-path module; "
          f"loaded and compiled in {took * 1000:.0f} ms (--show prints it)")
    return 0
