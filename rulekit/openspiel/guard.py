"""The checks of what a caller gives a bridged state, before OpenSpiel's C++ sees it.

OpenSpiel checks some arguments itself, in C++, and answers with its own text
(``spiel.cc:446 action_id != kInvalidAction``, ``player < NumPlayers()``) or a pybind
``TypeError``; other arguments it passes on unchecked (``legal_actions(9)`` of two seats
is ``[]``). The
:class:`Guarded` mixin checks them first, in Python, so that a caller gets rulekit's
own exception in words: :class:`~rulekit.errors.IllegalAction` for an action id that
is not one (not a whole number, negative, ``True``), not legal now, or asks for what
the bridge cannot do (undo, joint actions); :class:`~rulekit.errors.ParameterError`
for a seat that does not exist or a query that needs a seat at a chance node. C++ code
that calls the state (``pyspiel.random_sim_test``) goes straight to the virtual
methods, unchanged.
"""
from __future__ import annotations

import operator

import pyspiel

from ..errors import IllegalAction, ParameterError

_ID_LIMIT = 2 ** 62               # beyond any id; OpenSpiel's are 64-bit whole numbers


def action_id(action) -> int:
    """``action`` as an action id (a whole number, numpy's too; not a bool); raises
    IllegalAction for anything else, or a negative or huge number."""
    if action.__class__ is int and 0 <= action < _ID_LIMIT:       # (the usual case)
        return action
    try:
        k = operator.index(action) if action.__class__ is not bool else None
    except TypeError:
        k = None
    if k is None or not 0 <= k < _ID_LIMIT:
        raise IllegalAction(f"action id {action!r}: an action id is a whole number from "
                            "0 (see legal_actions())", str(action))
    return k


class Guarded:
    """The public methods of ``pyspiel.State`` a caller may give a wrong value, checked
    (see the module docstring). Mixed in before ``pyspiel.State``; needs ``_c.spec.n``."""

    # ---- seats ---------------------------------------------------------------------
    def _seat(self, player, what: str, chance: bool = False) -> int:
        """``player`` if it is a seat of the game (or, with ``chance``, the chance
        player or the current player, whatever it is: OpenSpiel's own code asks
        ``legal_actions(state.current_player())`` at the end too); else ParameterError."""
        n = self._c.spec.n
        try:
            p = operator.index(player) if player.__class__ is not bool else None
        except TypeError:
            p = None
        if p is not None and (0 <= p < n or (chance and p in (pyspiel.PlayerId.CHANCE,
                                                               self.current_player()))):
            return p
        raise ParameterError(f"{what}: seat {player!r} does not exist (seats 0 to {n - 1})")

    def _seat_or_current(self, player, what: str) -> int:
        if player is not None:
            return self._seat(player, what)
        p = self.current_player()
        if p < 0:
            where = "a chance node" if p == pyspiel.PlayerId.CHANCE else "the end of the game"
            raise ParameterError(f"{what}: no seat is to act at {where}: give the seat "
                                 f"({what}(seat))")
        return p

    def observation_string(self, player=None) -> str:
        """What seat ``player`` (default: the seat to act) observes now."""
        return super().observation_string(self._seat_or_current(player, "observation_string"))

    def information_state_string(self, player=None) -> str:
        """Seat ``player``'s information state (default: the seat to act)."""
        return super().information_state_string(
            self._seat_or_current(player, "information_state_string"))

    def observation_tensor(self, player=None):
        """Seat ``player``'s observation tensor (default: the seat to act)."""
        return super().observation_tensor(self._seat_or_current(player, "observation_tensor"))

    def legal_actions(self, player=None) -> list:
        """The legal ids of the seat to act, or of ``player`` (a seat, or the chance
        player: the outcomes)."""
        if player is None:
            return super().legal_actions()
        return super().legal_actions(self._seat(player, "legal_actions", chance=True))

    def legal_actions_mask(self, player=None) -> list:
        """The legal ids as a mask, of the seat to act or of seat ``player``."""
        if player is None:
            return super().legal_actions_mask()
        return super().legal_actions_mask(self._seat(player, "legal_actions_mask", chance=True))

    def player_return(self, player) -> float:
        """Seat ``player``'s return (0 until the end)."""
        return super().player_return(self._seat(player, "player_return"))

    def player_reward(self, player) -> float:
        """Seat ``player``'s reward of the last action (0 until the end)."""
        return super().player_reward(self._seat(player, "player_reward"))

    # ---- actions -------------------------------------------------------------------
    def apply_action(self, action) -> None:
        """Apply ``action`` (an id legal now, or a chance outcome); IllegalAction else."""
        super().apply_action(action_id(action))

    def apply_action_with_legality_check(self, action) -> None:
        """:meth:`apply_action` (it always checks)."""
        super().apply_action(action_id(action))

    def child(self, action):
        """A copy of the state with ``action`` applied."""
        return super().child(action_id(action))

    def action_to_string(self, player, action=None) -> str:
        """What ``action`` (an id) does now, for ``player`` (``action_to_string(id)``:
        the seat to act)."""
        if action is None:
            player, action = self.current_player(), player
        else:
            player = self._seat(player, "action_to_string", chance=True)
        return super().action_to_string(player, action_id(action))

    def string_to_action(self, player, text=None) -> int:
        """The legal id whose text (:meth:`action_to_string`) is ``text`` (for ``player``,
        default: the seat to act); IllegalAction if none."""
        if text is None:
            player, text = self.current_player(), player
        else:
            player = self._seat(player, "string_to_action", chance=True)
        ids = self.legal_actions(player) if player >= 0 or player == pyspiel.PlayerId.CHANCE \
            else []
        base = super()
        legal = [base.action_to_string(player, k) for k in ids]
        if text in legal:
            return ids[legal.index(text)]
        raise IllegalAction(f"{text!r} is not the text of an action legal now; legal: {legal}",
                            text, player if player >= 0 else None, legal)

    def undo_action(self, player, action) -> None:
        """Refused: a bridged state cannot undo."""
        raise IllegalAction("undo_action: a state of a rulekit game cannot undo an action; "
                            "keep a clone() of the state from before it instead", str(action))

    def apply_actions(self, actions) -> None:
        """Refused: a rulekit game is sequential."""
        raise IllegalAction("apply_actions: a rulekit game is sequential (one seat decides "
                            "at a time): apply one id at a time with apply_action",
                            str(actions))

    def apply_actions_with_legality_checks(self, actions) -> None:
        """Refused, as :meth:`apply_actions`."""
        self.apply_actions(actions)


def serialized_ids(blob: str) -> tuple:
    """``(params, ids)`` of the pickled part of a serialized state (base64 of a pickle
    of ``{"_c": _restore(params, ids)}``, as :meth:`.running.Core.__reduce__` writes it
    (``rulekit.openspiel.running._restore``; before, ``...state._restore``)), read
    without running anything: the only callable the pickle may name is that
    ``_restore``, which here only captures its arguments; params must be a dict of
    names to texts and numbers, ids a list of whole numbers. Raises ParameterError."""
    import base64
    import binascii
    import io
    import pickle

    class Captured(tuple):
        pass

    class Only(pickle.Unpickler):
        def find_class(self, module, name):
            if name == "_restore" and module in ("rulekit.openspiel.running",
                                                 "rulekit.openspiel.state"):
                return lambda params, ids: Captured((params, ids))
            raise pickle.UnpicklingError(f"{module}.{name} may not be named")

    bad = ParameterError("not a serialized state of a rulekit game: its __dict__ part is "
                         "not one")
    try:
        data = Only(io.BytesIO(base64.b64decode(blob.encode("ascii"), validate=True))).load()
    except (ValueError, binascii.Error, pickle.UnpicklingError, EOFError, TypeError,
            AttributeError, IndexError, KeyError, MemoryError, RecursionError):
        raise bad from None
    value = data.get("_c") if isinstance(data, dict) and len(data) == 1 else None
    if not isinstance(value, Captured):
        raise bad
    params, ids = value
    if not (isinstance(params, dict) and all(isinstance(k, str) and type(v) in (str, int)
                                             for k, v in params.items())
            and isinstance(ids, list) and all(type(i) is int for i in ids)):
        raise bad
    return params, ids
