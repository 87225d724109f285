"""What a bot's determinized copy (:func:`rulekit.play.search.determinize`) does with
the variables: a value its seat may not see (``see: none``, another seat's under ``see:
owner``) is set back to its ``init``, and a card a variable holds that the seat does not
know (there, or in a local a step bound with ``let``) becomes a card drawn at random
among the copy's hidden cards, owing nothing to the real card's place. When the copy cannot list its legal actions with the values set back
(the ruleset fails: a condition compares with a value that is now null), the copy keeps
the game's values of those variables: a bot's copy never stops the game.
"""
from __future__ import annotations

from ..errors import RulesetFailure


def relist_or_keep(copy, game, relist) -> None:
    """List ``copy``'s legal actions again (``relist(copy, L)``, through the guard of
    ``call_ruleset``); when the ruleset fails at that with the
    variable values the seat may not see set back to their ``init`` (a value its rules
    need, such as a number a condition compares with), the copy takes the game's values
    of those variables and lists again: a bot's copy never stops the game."""
    try:
        copy.call_ruleset(relist, {})
    except RulesetFailure:
        if not game.rules.secret_vars:
            raise
        for name, _see, _per_seat, _init in game.rules.secret_vars:
            value = game.v[name]
            copy.v[name] = [y[:] if y.__class__ is list else y for y in value] \
                if value.__class__ is list else value
        copy.call_ruleset(relist, {})


def forget_secrets(copy, seat: int) -> bool:
    """Set every variable value ``seat`` may not see (``see: none``, another seat's of a
    ``see: owner`` one) in ``copy`` to its ``init``: the copy holds nothing of them.
    Whether a value changed."""
    v, changed = copy.v, False
    for name, see, per_seat, init in copy.rules.secret_vars:
        fresh = list(init) if isinstance(init, list) else init
        if not per_seat:
            changed = changed or v[name] != fresh
            v[name] = fresh
            continue
        values = v[name]        # the copy's own list (clone copies per-seat variables)
        for s in range(copy.n):
            if see == "none" or s != seat:
                changed = changed or values[s] != fresh
                values[s] = list(init) if isinstance(init, list) else init
    return changed


def redraw_held(copy, hidden: list, new: list, rng) -> bool:
    """Replace in ``copy``'s variables, and in the locals its step bound with ``let``
    (``copy._L``), every card the seat does not know (one of the redealt ``hidden``
    cards, not face up to everyone this hand) by a card drawn from ``rng`` among the
    hidden cards of the copy (``new``): the same card by the same card, different cards
    by different ones, in the order they are held; so the copy owes nothing to where
    the real card is, nor to which it is. Whether any changed."""
    v, L = copy.v, copy._L
    places = [(v, k) for k, _per in copy.rules.card_vars if _has_text(v[k])]
    places += [(L, k) for k in L if _has_text(L[k])] if L else []
    if not places:
        return False                    # (numbers, seats, nulls: the usual case)
    unknown = set(hidden) - copy.public
    held: dict = {}                     # the unknown cards they hold, in order
    for where, k in places:
        _collect(where[k], unknown, held)
    if not held:
        return False
    moved = dict(zip(held, rng.sample(new, len(held))))
    for where, k in places:
        where[k] = _moved(where[k], moved)      # (new lists: the game's are kept)
    return True


def _collect(value, unknown: set, out: dict) -> None:
    """The cards of ``unknown`` in ``value`` (nested lists too), in order, into ``out``."""
    if value.__class__ is str:
        if value in unknown:
            out[value] = None
    elif value.__class__ is list:
        for x in value:
            _collect(x, unknown, out)


def _has_text(value) -> bool:
    if value.__class__ is str:
        return True
    return value.__class__ is list and any(map(_has_text, value))


def _moved(value, moved: dict):
    if value.__class__ is str:
        return moved.get(value, value)
    if value.__class__ is list:
        return [_moved(x, moved) for x in value]
    return value
