"""The OpenSpiel bridge: any ruleset as a ``pyspiel`` game.

Usage (``pip install rulekit[openspiel]``)::

    from rulekit import openspiel
    game = openspiel.load_game("NAME", players=4)       # a pyspiel.Game
    state = game.new_initial_state()                    # chance nodes: the deal
    # or, once this module is imported:
    game = pyspiel.load_game("rulekit", {"ruleset": "NAME", "players": 4})

The mapping (docs/openspiel.md): every random draw of the engine is a chance node (the
deal's shuffle card by card, then any later shuffle or draw; :mod:`.state`); a
decision is made one card per OpenSpiel action (:mod:`.moves`), a choice in parts one
part per action (a set card by card, an amount digit by digit: :mod:`.parts`); returns
are the game's own (:mod:`rulekit.outcome`), zero-sum for two seats with the default returns;
observation and information-state strings (and an observation tensor) come from
``view(seat)`` (:mod:`.observe`). A serialized state is its game's parameters and
the ids applied, replayed when read.
"""
from __future__ import annotations

from pathlib import Path

try:
    import pyspiel
except ImportError as exc:                 # say how to get it, not just its name
    raise ImportError("the OpenSpiel bridge needs open_spiel: pip install "
                      "'rulekit[openspiel]'") from exc

from ..errors import ParameterError
from ..limits import MAX_ACTIONS, MAX_INT_DIGITS, MAX_RECORD_ACTIONS
from .guard import serialized_ids
from .moves import Layout
from .observe import Observer
from .state import RulekitState

__all__ = ["load_game", "RulekitGame", "RulekitState", "SHORT_NAME", "ParameterError"]

SHORT_NAME = "rulekit"
_PARAMETERS = {"ruleset": "", "players": 0, "options": "", "max_actions": MAX_ACTIONS}


def _game_type(utility, lo: int, hi: int):
    return pyspiel.GameType(
        short_name=SHORT_NAME, long_name="rulekit ruleset",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi, min_num_players=lo,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_PARAMETERS)


class Spec:
    """A bridged game's fixed data: ``rules``, ``name`` (as given), ``options``, ``n``
    seats, ``max_actions``, ``layout`` (:class:`~.moves.Layout`), ``params`` (the
    game's parameters, as OpenSpiel's text of the game writes them), ``first`` (the
    Core of a new state, made once)."""

    def __init__(self, rules, name: str, options: dict, n: int, max_actions: int):
        self.rules, self.name, self.options = rules, name, options
        self.n, self.max_actions = n, max_actions
        self.layout = Layout(rules, rules.players[1])
        self.params: dict = {}
        self.first = None       # the Core of a new state (see RulekitState.__init__)


_LOADED: dict = {}      # (ruleset, options, file stamp) -> Rules: loaded once


def _rules(name: str, options: dict):
    """``load(name, options)``, kept for the next game of the same ruleset and options
    (a file's ruleset: while the file keeps its time and size)."""
    from ..runtime.loader import load
    from ..source.files import bundled_rulesets
    stamp = None
    if name not in bundled_rulesets():
        try:
            st = Path(name).stat()
            stamp = (str(Path(name).resolve()), st.st_mtime_ns, st.st_size)
        except (OSError, ValueError):
            return load(name, options)          # its error, in words
    key = (name, tuple(sorted((k, repr(v)) for k, v in options.items())), stamp)
    rules = _LOADED.get(key)
    if rules is None:
        rules = load(name, options)
        if len(_LOADED) >= 32:
            _LOADED.clear()
        _LOADED[key] = rules
    return rules


def _options_text(text: str) -> dict:
    """``name:value;name:value`` (or ``name=value,name=value``) as a dict of texts;
    ParameterError for a part that is not name and value."""
    out = {}
    for part in text.replace(",", ";").split(";"):
        if part.strip():
            cut = min((k for k in (part.find(":"), part.find("=")) if k > 0), default=-1)
            if cut < 0 or not part[:cut].strip():
                raise ParameterError(f"options: {part.strip()!r} is not name:value (options "
                                     "are written name:value;name:value)")
            out[part[:cut].strip()] = part[cut + 1:].strip()
    return out


def _options(value) -> dict:
    """The ``options`` parameter (text, or a dict of option names) as a dict;
    ParameterError else."""
    if isinstance(value, str):
        return _options_text(value)
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return dict(value)
    raise ParameterError(f"options must be name:value;name:value text or a dict of option "
                         f"names, not {value!r}"[:300])


def _whole(params: dict, key: str, lo: int, hi: int, what: str) -> int:
    """The whole-number parameter ``key`` from ``lo`` to ``hi``; ParameterError else."""
    v = params[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ParameterError(f"{what}, not {v!r}"[:300])
    return v


def _option_text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class RulekitGame(pyspiel.Game):
    """A ruleset as a pyspiel game. ``params``: ``ruleset`` (a bundled name or a path),
    ``players`` (0: the ruleset's default), ``options`` (``name:value;...`` text, or a
    dict through :func:`load_game`), ``max_actions`` (the engine's limit: the game
    ends as aborted, all returns 0). Raises RulesetError for a ruleset that does not
    load, and its ParameterError (also a ValueError) for a parameter it does not have,
    a bad player count, options or max_actions."""

    def __init__(self, params=None):
        if params is not None and not isinstance(params, dict):
            raise ParameterError(f"the game's parameters are a dict, not {params!r}"[:300])
        params = {**_PARAMETERS, **(params or {})}
        unknown = sorted(set(params) - set(_PARAMETERS), key=str)
        if unknown:
            raise ParameterError(f"unknown parameter {unknown[0]!r}; the parameters are: "
                                 + ", ".join(_PARAMETERS))
        name = params["ruleset"]
        if not isinstance(name, str) or not name:
            raise ParameterError("give the ruleset: a bundled name or a path "
                                 "(the 'ruleset' parameter)")
        max_actions = _whole(params, "max_actions", 1, MAX_RECORD_ACTIONS, "max_actions "
                             f"must be a whole number from 1 to {MAX_RECORD_ACTIONS}")
        options = _options(params["options"])
        rules = _rules(name, options)
        lo, hi, default = rules.players
        count = f"{lo}" if lo == hi else f"{lo} to {hi}"
        if params["players"] == 0 and params["players"] is not False:
            params["players"] = default
        n = _whole(params, "players", lo, hi, f"{rules.name} is for {count} players")
        self.spec = spec = Spec(rules, name, options, n, max_actions)
        zero_sum = n == 2 and rules.returns_fn is None
        bound = 1.0 if rules.returns_fn is None else float(10 ** MAX_INT_DIGITS)
        utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else \
            pyspiel.GameType.Utility.GENERAL_SUM
        layout = spec.layout
        info = pyspiel.GameInfo(
            num_distinct_actions=layout.size,
            max_chance_outcomes=max(len(layout.pack), hi),    # a card; a seat
            num_players=n, min_utility=-bound, max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_actions * layout.max_decisions)
        spec.params = full = {
            "ruleset": name, "players": n, "max_actions": max_actions,
            "options": ";".join(f"{k}:{_option_text(v)}" for k, v in options.items())}
        super().__init__(_game_type(utility, lo, hi), info, full)

    def new_initial_state(self) -> RulekitState:
        """A new game, before the deal (a chance node)."""
        return RulekitState(self, self.spec)

    def deserialize_state(self, text: str) -> RulekitState:
        """The state ``text`` (from ``state.serialize()``) stands for, rebuilt by applying
        its action ids to a new state of this game; ParameterError for text that is not
        a serialized state of this game, IllegalAction for an id that is not legal.
        The text is data from anyone: its pickled part is read by
        :func:`.guard.serialized_ids`, which calls nothing (never pickle's own loads)."""
        pieces = text.split("\n") if isinstance(text, str) else []
        if len(pieces) != 3 or not all(piece.startswith(key) for piece, key in
                                       zip(pieces, ("history=", "move_number=", "__dict__="))):
            raise ParameterError(f"not a serialized state of a rulekit game (three lines: "
                                 f"history=, move_number=, __dict__=): {text!r}"[:300])
        params, ids = serialized_ids(pieces[2][len("__dict__="):])
        if params != self.spec.params:
            raise ParameterError("a serialized state of another game (its parameters: "
                                 f"{params!r})"[:300])
        state = self.new_initial_state()
        for a in ids:
            state.apply_action(a)
        return state

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        """The observer of information states (``perfect_recall``) or observations."""
        if params:
            raise ParameterError(f"observation parameters are not supported, not {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.spec, recall)


def load_game(ruleset: str, players: int | None = None, options: dict | None = None,
              max_actions: int = MAX_ACTIONS) -> RulekitGame:
    """``ruleset`` (a bundled name or a path) as a pyspiel game of ``players`` seats
    (default: the ruleset's), with ``options`` (name -> value) and the engine's
    ``max_actions``. Raises RulesetError (the ruleset does not load), its
    ParameterError, also a ValueError (bad players, options, max_actions)."""
    return RulekitGame({"ruleset": ruleset, "players": 0 if players is None else players,
                        "options": {} if options is None else options,
                        "max_actions": max_actions})


pyspiel.register_game(_game_type(pyspiel.GameType.Utility.GENERAL_SUM, 1, 64), RulekitGame)
