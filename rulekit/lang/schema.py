"""Check the merged ruleset's shape against the JSON Schema (Draft 2020-12), which
:mod:`.shape` builds from the registries.

Errors are reported at the YAML position of the offending node (for an unknown key, at
the key) in words a rules author understands; a ``oneOf``/``anyOf`` failure (an effect, a
``next``) is reported against the branch that was meant.
"""
from __future__ import annotations

import json
from functools import lru_cache

from ..errors import Diagnostic, DiagnosticSink, suggest
from ..source.yaml_source import Source
from .registries import Registry
from .shape import ruleset_schema

_TYPE_WORDS = {"string": "text", "integer": "a whole number", "boolean": "true or false",
               "object": "a mapping (key: value lines)", "array": "a list", "null": "empty",
               "number": "a number"}


def load_schema() -> dict:
    """The ruleset JSON Schema, built from rulekit's declarations
    (:func:`rulekit.lang.shape.ruleset_schema`: the option types, the step attributes
    and the effects from their registries), once for each state of the registries. Do
    not change the dict returned."""
    return _schema(Registry.changes)


@lru_cache(maxsize=1)
def _schema(changes: int) -> dict:
    return ruleset_schema()


def write_shipped() -> list:
    """Write the schema files shipped for editors (``rulesets/ruleset.schema.json`` and
    ``ruleset-variant.schema.json``, :func:`rulekit.source.files.schema_path`) from the
    registries: ``python -m rulekit.lang.schema --write``. Returns their paths; raises
    OSError when one cannot be written."""
    from ..source.files import schema_path
    out = []
    for variant in (False, True):
        path = schema_path(variant)
        path.write_text(schema_text(variant), encoding="utf-8")
        out.append(path)
    return out


def schema_text(variant: bool = False) -> str:
    """The schema (``variant``: the one for a file with ``extends:``) as the text of the
    files shipped for editors (``rulesets/ruleset.schema.json``,
    ``rulesets/ruleset-variant.schema.json``): JSON indented by one, ending in a new
    line; the same text every time (a test holds the shipped files to it)."""
    return json.dumps(variant_schema() if variant else load_schema(), indent=1,
                      ensure_ascii=False) + "\n"


def variant_schema() -> dict:
    """The schema for an editor checking a variant (a file with ``extends:``), which
    states only what differs: the full schema (effects included) with no key required
    and ``null`` (a deletion) allowed for every mapping's values."""
    import copy
    schema = copy.deepcopy(load_schema())
    schema.pop("if", None)
    schema.pop("then", None)
    schema["required"] = ["rulekit", "extends"]
    schema["title"] = "rulekit ruleset variant (a file with extends:)"
    schema["$id"] = "https://rulekit.example/ruleset-variant.schema.json"

    def relax(node, top=False):
        if isinstance(node, dict):
            if not top:
                node.pop("required", None)
            node.pop("dependentRequired", None)
            node.pop("minProperties", None)
            for key in ("properties", "additionalProperties", "patternProperties"):
                sub = node.get(key)
                if isinstance(sub, dict) and key == "properties":
                    for name, value in list(sub.items()):
                        sub[name] = {"anyOf": [relax(value), {"type": "null"}]}
                elif isinstance(sub, dict) and key == "patternProperties":
                    for name, value in list(sub.items()):
                        sub[name] = {"anyOf": [relax(value), {"type": "null"}]}
                elif isinstance(sub, dict):
                    node[key] = {"anyOf": [relax(sub), {"type": "null"}]}
            for key, value in node.items():
                if key not in ("properties", "additionalProperties", "patternProperties"):
                    relax(value)
        elif isinstance(node, list):
            for item in node:
                relax(item)
        return node

    return relax(schema, top=True)


def _validator():
    """A Draft 2020-12 validator of :func:`load_schema` whose ``integer`` is a whole
    number written as one (``2.0`` is not an integer here, nor is ``true``)."""
    return _validator_of(Registry.changes)


@lru_cache(maxsize=1)
def _validator_of(changes: int):
    import jsonschema
    from jsonschema import validators
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _, x: isinstance(x, int) and not isinstance(x, bool))
    return validators.extend(base, type_checker=checker)(load_schema())


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return (f"{value!r} (a whole number is written without a point)"
                if value.is_integer() else f"the number {value!r}")
    if isinstance(value, str):
        return f"the text '{value}'" if len(value) < 30 else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "empty"
    return type(value).__name__


def _where(path) -> str:
    parts = [str(p) for p in path if not isinstance(p, int)]
    return ".".join(parts) if parts else "the top level"


def _effect_forms() -> dict[str, str]:
    """Effect name -> its form as the schema's branch title (``move: CARDS to ZONE ...``)."""
    branches = load_schema()["$defs"]["effect"]["anyOf"]
    return {next(iter(b["required"])): b.get("title", "") for b in branches}


def _is_effect_schema(schema) -> bool:
    branches = schema.get("anyOf", []) if isinstance(schema, dict) else []
    return schema is load_schema()["$defs"]["effect"] or (
        any("title" in b for b in branches)
        and "move" in [next(iter(b.get("required", ["?"]))) for b in branches])


def _report_effect(err, src: Source, sink: DiagnosticSink) -> None:
    """An item of an effect list that matches no effect form: say which effect was meant
    and what is wrong with it (its form as a hint), or that no effect has that name."""
    path = tuple(err.absolute_path)
    inst = err.instance
    forms = _effect_forms()
    names = list(forms)
    if not isinstance(inst, dict):
        first = inst.split()[0].rstrip(":") if isinstance(inst, str) and inst.split() else ""
        hint = (f" (did you forget the ':' after '{first}'?)" if first in forms else "")
        sink.error(src.pos(path), f"{_where(path)}: an effect is a one-key mapping such as "
                   f"`move: c to trick`, not {_kind(inst)}{hint}", "schema")
        return
    meant = [k for k in inst if k in names]
    if not inst:
        sink.error(src.pos(path), f"{_where(path)}: an empty effect; an effect is one of: "
                   + ", ".join(names), "schema")
        return
    if not meant:
        key = str(next(iter(inst)))
        hint = suggest(key, names)
        sink.error(src.key_pos(path + (next(iter(inst)),)),
                   f"unknown effect '{key}'{hint}; an effect is one of: "
                   + ", ".join(names), "schema")
        return
    if len(meant) > 1:
        sink.error(src.key_pos(path + (meant[1],)),
                   f"one effect per list item: '{meant[0]}' and '{meant[1]}' are two effects; "
                   "start each with its own '- '", "schema")
        return
    branch = names.index(meant[0])
    subs = [e for e in err.context if e.relative_schema_path and
            e.relative_schema_path[0] == branch]
    form = f"; the form is `{forms[meant[0]]}`" if forms[meant[0]] else ""
    own = DiagnosticSink()
    for sub in subs:
        _report(sub, src, own)
    for d in own.items:
        sink.items.append(Diagnostic(d.pos, d.severity, d.message + form, d.code))
    if not subs:
        sink.error(src.pos(path), f"malformed '{meant[0]}' effect{form}", "schema")


def effect_form_errors(err) -> list | None:
    """For an error of an effect list's item that names exactly one effect: the errors
    of that effect's own form (which may be deeper, in a child list); else None."""
    inst = err.instance
    if err.validator not in ("oneOf", "anyOf") or not isinstance(inst, dict) \
            or not _is_effect_schema(err.schema):
        return None
    names = list(_effect_forms())
    meant = [k for k in inst if k in names]
    if len(meant) != 1:
        return None
    branch = names.index(meant[0])
    return [e for e in err.context if e.relative_schema_path and
            e.relative_schema_path[0] == branch]


def _report(err, src: Source, sink: DiagnosticSink) -> None:
    path = tuple(err.absolute_path)
    v = err.validator
    if v in ("oneOf", "anyOf"):
        inst = err.instance
        if _is_effect_schema(err.schema):
            _report_effect(err, src, sink)
            return
        if isinstance(inst, dict) or inst is None or isinstance(inst, (int, bool)):
            if path and path[-1] == "next":
                sink.error(src.pos(path), "next: must be a step or phase name, or a list of "
                           "transitions ({if, do, goto})", "schema")
                return
        if path and path[-1] == "next" and isinstance(inst, list):
            subs = [e for e in err.context if e.relative_schema_path and
                    e.relative_schema_path[0] == 1]
            for sub in subs:
                _report(sub, src, sink)
            return
        if len(path) == 2 and path[0] == "procedures" and isinstance(inst, dict) \
                and "do" not in inst:                       # an effect meant as the list?
            sink.error(src.pos(path), f"{_where(path)}: must be a list of effects, or a "
                       "mapping with do: (and doc, words, rule); this mapping has no 'do'",
                       "schema")
            return
        if len(path) == 2 and path[0] == "procedures" and isinstance(inst, (list, dict)):
            branch = 0 if isinstance(inst, list) else 1     # its effects, or {do: ...}
            subs = [e for e in err.context if e.relative_schema_path and
                    e.relative_schema_path[0] == branch]
            for sub in subs:
                _report(sub, src, sink)
            if subs:
                return
        sink.error(src.pos(path), f"{_where(path)}: {_kind(inst)} is not allowed here", "schema")
        return
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        for key in extra:
            hint = suggest(key, allowed)
            sink.error(src.key_pos(path + (key,)),
                       f"unknown key '{key}' in {_where(path)}{hint}; allowed keys: "
                       + ", ".join(allowed), "schema")
        return
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        sink.error(src.pos(path), f"{_where(path)}: missing key '{missing}'", "schema")
        return
    if v == "type" and err.schema.get("$comment") == "condition":
        inst = err.instance
        shown = f"the number {inst}" if isinstance(inst, (int, float)) else _kind(inst)
        sink.error(src.pos(path), f"{_where(path)} must be a condition (an expression that "
                   f"is true or false), not {shown}", "schema")
        return
    if v == "type":
        want = err.validator_value
        want = [want] if isinstance(want, str) else want
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in want)
        sink.error(src.pos(path), f"{_where(path)} must be {words}, not {_kind(err.instance)}",
                   "schema")
        return
    if v == "enum":
        sink.error(src.pos(path), f"{_where(path)}: {_kind(err.instance)} is not allowed; "
                   "use one of: " + ", ".join(map(str, err.validator_value)), "schema")
        return
    if v == "const":
        sink.error(src.pos(path), f"{_where(path)} must be {err.validator_value!r}", "schema")
        return
    if v == "dependentRequired":            # "'b' is a dependency of 'a'": a needs b
        parts = err.message.split("'")
        if len(parts) >= 5:
            sink.error(src.pos(path), f"{_where(path)}: '{parts[3]}' needs '{parts[1]}' "
                       "beside it", "schema")
        else:
            sink.error(src.pos(path), f"{_where(path)}: {err.message}", "schema")
        return
    if v in ("minProperties", "minItems"):
        sink.error(src.pos(path), f"{_where(path)} must not be empty", "schema")
        return
    if v in ("minimum", "maximum"):
        sink.error(src.pos(path), f"{_where(path)}: {err.message}", "schema")
        return
    if v == "pattern" and err.schema.get("$comment") == "rule-book":
        sink.error(src.pos(path), f"{_where(path)}: {_shown_name(str(err.instance))} is not a "
                   "plain file name ending in .md (a rule book beside the ruleset or bundled)",
                   "schema")
        return
    if v == "pattern" and err.schema.get("$comment") == "unit":
        sink.error(src.pos(path), f"{_where(path)}: {_shown_name(str(err.instance))} is not "
                   "a unit's word: letters, spaces and -, up to 24, or 'singular|plural' "
                   "(chip, or man|men)", "schema")
        return
    if v == "pattern" and err.schema.get("$comment") == "name words":
        sink.error(src.pos(path), f"{_where(path)}: words that say nothing (a name's "
                   "words are how it reads to a player: give some, or leave them out)",
                   "schema")
        return
    if v == "pattern" and err.schema.get("$comment") == "identifier":   # a key: a name
        sink.error(src.key_pos(path + (err.instance,)), f"{_where(path)}: "
                   f"{_shown_name(err.instance)} is not a valid name (letters, digits and _, "
                   "starting with a letter or _)", "schema")
        return
    if v == "maxLength" and err.schema.get("$comment") == "identifier":
        sink.error(src.key_pos(path + (err.instance,)), f"{_where(path)}: a name of "
                   f"{len(err.instance)} characters; the limit is "
                   f"{err.validator_value}", "schema")
        return
    if v == "pattern":
        sink.error(src.pos(path), f"{_where(path)}: {_shown_name(str(err.instance))} is not a "
                   "valid name (letters, digits, _ and -, starting with a letter)", "schema")
        return
    sink.error(src.pos(path), f"{_where(path)}: {err.message}", "schema")


def _shown_name(name: str) -> str:
    text = name if len(name) <= 40 else name[:37] + "..."
    return json.dumps(text, ensure_ascii=False)


def shape_errors(data) -> list:
    """Every error of ``data`` against the schema (``jsonschema.ValidationError``s, each
    with its ``absolute_path``), in path order; an empty list when the shape is valid."""
    return sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))


def report_shape_error(err, src: Source, sink: DiagnosticSink) -> None:
    """Report one error of :func:`shape_errors` to ``sink`` in words, at its position."""
    _report(err, src, sink)


def check_shape(src: Source, sink: DiagnosticSink) -> bool:
    """Validate ``src.data``; report every error to ``sink``; True if the shape is valid."""
    before = len(sink.items)
    for err in shape_errors(src.data):
        _report(err, src, sink)
    return len(sink.items) == before


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--write"]:
        for written in write_shipped():
            print(f"wrote {written}")
    else:
        print(schema_text(), end="")
