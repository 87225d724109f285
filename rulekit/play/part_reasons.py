"""Why a typed choice in parts is not legal (a part of rulekit.play.reasons): its text's
form, a part outside its domain, then the failing part of ``so_far`` or ``legal``."""
from __future__ import annotations

from ..errors import IllegalAction, RulesetError, RulesetFailure
from ..lang.grammar import parse
from ..lang.state_api import PileRef
from ..lang.wording import words_of
from ..lang.types import ExprError
from ..runtime.choices import Chooser

_FAILURES = (RulesetFailure, RulesetError, ExprError, ValueError, TypeError, KeyError)


def why_parts(r, said: list, names: dict) -> str:
    """Why a choice in parts is not legal: its text's form, a part outside its
    domain, then the part of ``so_far`` or of ``legal`` that fails (``r``: the
    Reasons; ``names``: an empty Bound, which gets each part's value)."""
    defn, game = r.defn, r.game
    try:
        vals = game.read_parts(defn, said)
    except IllegalAction as exc:
        return str(exc).split(": ", 1)[-1].split("; legal:")[0]
    ch = Chooser(game, defn)
    made = ()
    for p, v in zip(defn.parts.parts, vals):
        d = ch.domain(len(made), made)
        if p.form == "amount":
            if not d[0] <= v <= d[1]:
                return f"the amount must be from {d[0]} to {d[1]}, not {v}"
        elif p.form == "set":
            cards, lo, hi = d
            if not lo <= len(v) <= hi:
                size = f"{lo}" if lo == hi else f"{lo} to {hi}"
                return f"{defn.name} takes {size} cards, not {len(v)}"
            v = ch._set_value(v, len(made), made)
        elif not any(x == v for x, _ in d):
            shown = " ".join(v) if isinstance(v, tuple) else str(v)
            return f"{shown} is not one of {_domain_words(r, p, names)}"
        made += (v,)
        names[p.name] = list(v) if isinstance(v, tuple) else v
        if isinstance(v, PileRef):          # a pile: its cards, said as it is typed
            names[p.name] = v.cards_in(game)
            zone = game.rules.zones[v.zone]
            names.display[p.name] = " ".join(
                [words_of(zone)] + zone.pile_words(v.slot).split()[1:])
    for cond in (defn.so_far_text, defn.legal_text):
        if cond is not None and not r.value(str(cond), names):
            return r.reason(" ".join(str(cond).split()), names, depth=2)
    return "that choice is not offered now"


def _domain_words(r, p, names) -> str:
    """Part ``p``'s domain in words (the earlier parts in ``names``), as a listed
    choice's is said; its text as written if it has no words."""
    try:
        return r.words(names).node(parse(p.domain_text)).text
    except Exception:                       # (words are a courtesy: never a failure)
        return p.domain_text


def parted_offered(r) -> set:
    """Every card the parts of ``r``'s action may take now (each part's domain that can
    be read without the parts after it)."""
    out = set()
    earlier = {}
    for p in r.defn.parts.parts:
        try:
            items = r.value(p.domain_text, dict(earlier)) if p.form == "item" \
                else r.value(parse(p.domain_text).args[0].text, dict(earlier)) \
                if p.form == "set" else []
        except _FAILURES:
            items = []
        for x in items or []:
            out.update(x if isinstance(x, list) else [x])
        earlier[p.name] = None
    return out
