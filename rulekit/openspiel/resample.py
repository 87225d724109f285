"""OpenSpiel's ``ResampleFromInfostate`` for a bridged state: a state the seat cannot
tell from the real one, for OpenSpiel's ISMCTS (C++ ``pyspiel.ISMCTSBot`` and
``open_spiel.python.algorithms.ismcts``).

The new state's game is rulekit's canonical determinization of the real one for the
seat (:func:`rulekit.play.search.determinize` with ``canonical=True``: the cards hidden
from the seat redealt among the hidden places, variables the seat may not see set back,
a random source of its own; nothing the seat cannot see has any influence on it),
seeded from OpenSpiel's sampler. Its history is one step, ``resampled``, whose game is
that copy: the seat's information state is the real one's (kept as text, then grown
step by step as usual), its observation the real one's (determinize keeps every card
the seat sees in place). Another seat's information state starts at that step
(``resampled`` and its view of the copy): what it saw before in the copy's world is not
made up. A selection the seat is making (a name and cards picked, or a choice in parts
part way) is kept; one another seat is making is dropped (that seat chooses again: the
seat cannot see it).

The seat's view can tell something the redeal does not keep: which seats may act at a
shared window (``actors``: whether a seat holds a card it may add), for one.
So a redeal whose view for the seat differs from the real one's is drawn again, up to
``TRIES`` times; if none agrees, the last is returned (its observation then differs in
that part).

Limits: not at a chance node inside an action (ParameterError; during the deal the
seat has seen nothing: a new initial state is returned); at a simultaneous step the
copy forgets the choices other seats made (they choose again), so the seat to act may
differ there; a resampled state has no record and cannot be serialized (it is not
reached by action ids).
"""
from __future__ import annotations

import random

from ..errors import ParameterError
from ..play.search import determinize
from .running import recorded
from .steps import Step, flatten

RESAMPLED = "resampled"         # the first step of a resampled state's history
TRIES = 32                      # redeals tried for one the seat sees as it is


def resample(state, player: int, sampler):
    """A copy of ``state`` consistent with what seat ``player`` has seen (see the module
    docstring); ``sampler()`` gives numbers from 0 to 1 (OpenSpiel's probability
    sampler) and seeds the determinization."""
    c = state._c
    if c.need is not None:
        if c.trail is None:
            return state.get_game().new_initial_state()
        raise ParameterError("resample_from_infostate at a chance node inside an action "
                             "(its draws are being chosen): resample at a decision")
    recorded(c)                             # (the seat's history as text)
    text = c.trail.text(player, c.spec.layout)
    seen = flatten(c.game, player)
    for _ in range(TRIES):          # (a view may tell what follows from hidden cards)
        seed = int(float(sampler()) * 2 ** 53)
        copy = determinize(c.game, player, random.Random(seed), canonical=True)
        if flatten(copy, player) == seen:
            break
    root = Step(None, RESAMPLED, (), (), None, copy.events, len(copy.events))
    root.keep(copy)
    root.remember("_text", player, text)
    new = state.clone()
    n = new._c
    n.game, n.owned, n.pre, n.trail, n.since, n.rec = copy, False, None, root, 0, True
    n.deal = n.past = n.seen = n.opts = n.uniq = None
    n.resampled = True
    if copy.finished or copy.to_act != player:     # another seat's selection: dropped
        n.name, n.picks, n.ids, n.sel = None, (), (), None
    return new
