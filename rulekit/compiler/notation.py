"""The checks of a pack's notation (its ``cards:`` names) that keep card text unambiguous.

Card text is typed by people and read from decks and records, so every name the pack
gives (a rank, a suit, a symbol, an alias, an extra card) must be plain to read and to
type: no invisible character (a right-to-left mark, a zero-width space), no character
with a plainer form (fullwidth ``Ｑ``), one script per name, and no two names of ranks
(or of suits) that look alike (a Latin ``H`` and a Cyrillic ``Н``); and an alias or a
symbol must read as the card it stands for (an alias that is a rank's name already can
never be used).
Each problem is an error at the name's ``file:line:col``.
"""
from __future__ import annotations

import itertools
import re

from ..cards import first_look_alike, look_alike, name_problem, script_of
from .context import CompileContext

_WORD = re.compile(r"\S+")


def check_notation(c: CompileContext, data: dict, cards) -> None:
    """Report every name of the ``cards:`` section ``data`` that makes card text
    ambiguous (see the module docstring), for the compiled pack ``cards``. An extra
    card's name is checked by the caller (ASCII letters, digits and _), and here only
    against the faces of the pack."""
    names: list = []                  # (kind, name, what it names, (path, offset, is_key))
    for kind, label, items in (("rank", "ranks", cards.ranks), ("suit", "suits", cards.suits)):
        names += [(kind, str(n), (kind, n), spot)
                  for n, spot in zip(items, _spots(data.get(label), ("cards", label)))]
    names += [("symbol", str(y), ("suit", s), (("cards", "symbols", s), None, False))
              for s, y in cards.symbols.items()]
    names += [("alias", str(a), ("rank", r), (("cards", "aliases", a), None, True))
              for a, r in cards.aliases.items()]
    plain = {}                        # (text, what) -> (kind, spot), for the sound names
    for kind, name, what, spot in names:
        problem = name_problem(name)
        if problem is not None:
            _report(c, spot, f"cards: the {kind} {name!r} {problem}")
        else:
            plain[(name, what)] = (kind, spot)
    for role in ("rank", "suit"):     # a rank's names, a suit's: no two look alike
        pair = first_look_alike([key for key in plain if key[1][0] == role])
        if pair is not None:
            (kind_a, _), (kind_b, spot_b) = plain[pair[0]], plain[pair[1]]
            a, b = pair[0][0], pair[1][0]
            _report(c, spot_b, f"cards: the {kind_a} '{a}' ({_script(a)}) and the {kind_b} "
                    f"'{b}' ({_script(b)}) look alike, so card text could name the wrong "
                    "card: rename one")
    faces = [f"{r}{s}" for s in cards.suits for r in cards.ranks]
    for name in cards.extra:
        face = next((f for f in faces if look_alike(name, f)), None)
        if face is not None:
            _report(c, (("cards", "extra", name), None, True), f"cards.extra: '{name}' "
                    f"looks like the card {face} ({_script(face)}): give it a name of its "
                    "own")
    for part, key, message in cards.notation_problems():
        aliased = part == "aliases"
        text = key if aliased else cards.symbols[key]
        what = ("rank", cards.aliases[key]) if aliased else ("suit", key)
        if (str(text), what) in plain:             # else its own problem is reported
            _report(c, (("cards", part, key), None, aliased), message)


def _script(text: str) -> str:
    scripts = sorted({s for s in map(script_of, text) if s})
    return " and ".join(s.title() for s in scripts) + " letters" if scripts else "no letters"


def _spots(value, path):
    """The (path, offset, is_key) of each name of a ``ranks``/``suits`` value: a text of
    names (each at its offset) or a list (each an item); the standard pack's: its own."""
    if isinstance(value, str):
        return [(path, m.start(), False) for m in _WORD.finditer(value)]
    if isinstance(value, list):
        return [(path + (i,), None, False) for i in range(len(value))]
    return itertools.repeat((("cards",), None, False))


def _report(c: CompileContext, spot, message: str) -> None:
    path, offset, is_key = spot
    if is_key:
        c.sink.error(c.src.key_pos(path), message, "type")
    else:
        c.err(path, message, "type", offset=offset)
