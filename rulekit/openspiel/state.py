"""A bridged game's state: a ``pyspiel.State`` over rulekit's ``GameState``.

Running the engine (actions applied in place, every random draw a chance node):
:mod:`rulekit.openspiel.running`. Decisions: :mod:`rulekit.openspiel.moves` (listed
actions, card by card) and :mod:`.parts` (choices in parts, part by part). Strings:
:mod:`.observe`. Resampling from an information state: :mod:`.resample`.
"""
from __future__ import annotations

import pyspiel

from ..errors import IllegalAction, RecordError, RulesetFailure
from ..runtime.records import make_record
from .guard import Guarded
from .moves import ACT, NAME, candidates, options, unique
from .steps import head
from .parts import STEPS, Selection, advance, next_ids, part_ids, selection_text, settle
from .resample import resample
from .running import Core, _restore  # noqa: F401 (older pickles name it here)


class RulekitState(Guarded, pyspiel.State):
    """A state of a bridged game (made by ``game.new_initial_state()``). What a caller
    gives it is checked first (:class:`~.guard.Guarded`): IllegalAction for an id that
    is not legal, ParameterError for a seat that does not exist."""

    def __init__(self, game, spec):
        super().__init__(game)
        first = spec.first
        if first is None:               # (the deal up to its first draw: run once a game)
            first = Core(spec)
            first.run()
            spec.first = first
        self._c = first.__copy__()      # (OpenSpiel's clone makes one too, then copies)

    # ---- running the engine (rulekit/openspiel/running.py) ----------------------------
    def _listed(self) -> list:
        """The listed legal actions now, once each (kept for the decision)."""
        c = self._c
        if c.uniq is None:
            c.uniq = unique(c.game.listed_actions())
        return c.uniq

    def _options(self) -> dict:
        """The legal ids now: ``{id: (kind, what)}`` of a listed action's selection
        (:func:`.moves.options`), ``{id: (step, what, Selection)}`` of a choice in parts
        (:func:`.parts.part_ids`)."""
        c = self._c
        if c.opts is None:
            game = c.game
            layout = c.spec.layout
            if c.sel is not None:           # (settled: its next step is not forced)
                c.opts = next_ids(layout, game, c.sel)
                return c.opts
            fresh = c.name is None and not c.picks
            parted = [d.name for d in game.parted_actions()] if fresh else []
            if fresh and not parted:        # (several names: the name first, as is)
                names = {a[0] for a in game.listed_actions()}
                if len(names) > 1:
                    c.opts = {layout.name_id[nm]: (NAME, nm) for nm in names}
                    return c.opts
            listed = self._listed()
            if not parted:
                c.opts = options(layout, candidates(listed, c.name, c.picks),
                                 c.name, c.picks)
                return c.opts
            names = sorted({a[0] for a in listed} | set(parted))
            if len(names) > 1:
                c.opts = {layout.name_id[nm]: (NAME, nm) for nm in names}
                return c.opts
            got = part_ids(layout, game, Selection(parted[0]))
            if not got:
                raise RulesetFailure(f"action '{parted[0]}': the engine offered it but no "
                                     "way to choose its first part was found")
            c.opts = got
        return c.opts

    # ---- the OpenSpiel API ------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or pyspiel.PlayerId.CHANCE / TERMINAL."""
        c = self._c
        if c.need is not None:
            return pyspiel.PlayerId.CHANCE
        game = c.game
        if game.finished:
            return pyspiel.PlayerId.TERMINAL
        return game.to_act

    def is_terminal(self) -> bool:
        """True once the game has ended (finished or aborted)."""
        c = self._c
        return c.need is None and c.game.finished

    def is_chance_node(self) -> bool:
        """True at a chance node (answered here, not through OpenSpiel's C++)."""
        return self._c.need is not None

    def _legal_actions(self, player: int) -> list:
        if player != self.current_player() or player < 0:
            return []
        return sorted(self._options())

    def legal_actions(self, player=None) -> list:
        """The legal ids of the seat to act (a chance node's outcomes), or of ``player``
        (a seat, or the chance player: the outcomes). Answered here, not through
        OpenSpiel's C++ (which asks the same methods)."""
        c = self._c
        if player is not None:
            return super().legal_actions(player)
        if c.need is not None:
            return [o for o, _ in self.chance_outcomes()]
        if c.game.finished:
            return []
        return sorted(self._options())

    def chance_outcomes(self) -> list:
        """The outcomes of the chance node, ``[(id, probability)]``, uniform: a card's
        id in the pack, or a number."""
        need = self._c.need
        if need is None:
            return []
        if need.__class__ is int:
            return [(k, 1.0 / need) for k in range(need)]
        p = 1.0 / len(need)
        return [(i, p) for i in sorted(need)]

    def _apply_action(self, action: int) -> None:
        self._act(action)
        c = self._c
        c.past = (action, c.past)

    def _act(self, action: int) -> None:
        c = self._c
        if c.need is not None:
            self._apply_chance(action)
            return
        if c.game.finished:
            raise IllegalAction(f"action id {action}: the game is over", str(action), None, [])
        opts = self._options()
        got = opts.get(action)
        if got is None:
            raise IllegalAction(f"action id {action!r} is not legal now; legal: "
                                f"{sorted(opts)}", str(action), c.game.to_act,
                                [str(k) for k in sorted(opts)])
        kind, what = got[0], got[1]
        if kind == ACT:
            c.ids = c.ids + (action,)
            self._c.take(what)
            return
        if kind in STEPS:
            c.ids = c.ids + (action,)
            self._settle(advance(c.game, got[2], kind, what))
            return
        if kind == NAME and any(d.name == what for d in c.game.step.parted):
            c.ids = c.ids + (action,)
            self._settle(Selection(what))
            return
        if kind == NAME:
            c.name = what
        else:
            c.picks = c.picks + (what,)
        c.ids = c.ids + (action,)
        c.opts = None
        left = candidates(self._listed(), c.name, c.picks)
        if len(left) == 1:
            self._c.take(left[0])

    def _settle(self, sel) -> None:
        """Go on with choice in parts ``sel`` (None: start the decision over): its forced
        steps made, its action taken once complete and legal."""
        c = self._c
        c.opts = None
        if sel is None:
            c.sel = None
            return
        sel, forced, ids, act = settle(c.spec.layout, c.game, sel)
        c.ids = c.ids + tuple(forced)
        if act is not None:
            self._c.take(act)
            return
        c.sel, c.opts = sel, ids

    def _apply_chance(self, action: int) -> None:
        c = self._c
        k = c.outcome(action)
        if k is None:
            raise IllegalAction(f"chance outcome {action!r} is not possible now; possible: "
                                f"{[o for o, _ in self.chance_outcomes()]}", str(action),
                                None, [])
        c.answer(k)

    def _action_to_string(self, player: int, action: int) -> str:
        c = self._c
        layout = c.spec.layout
        if player == pyspiel.PlayerId.CHANCE or player < 0:
            if c.need is not None and c.need.__class__ is int:
                return f"chance {action} of {c.need}"
            return f"chance {layout.pack[action]}" if 0 <= action < len(layout.pack) \
                else f"chance {action}"
        if c.need is None and not c.game.finished and player == c.game.to_act:
            got = self._options().get(action)
            if got is not None:
                kind, what = got[0], got[1]
                if kind in STEPS or (kind == NAME and c.picks == () and any(
                        d.name == what for d in c.game.step.parted)):
                    return self._part_string(got)
                if kind == ACT:
                    return str(what)
                name, picks = (what, c.picks) if kind == NAME else (c.name, c.picks + (what,))
                left = candidates(self._listed(), name, picks)
                if len(left) == 1:
                    return str(left[0])
                return " ".join([name or "pick"] + list(picks)) + " ..."
        return layout.describe(action)

    def _part_string(self, got) -> str:
        """What an id of a choice in parts does now: the selection it makes (unique among
        the ids legal now), then ``...`` when more is to be chosen, or, when it takes
        the action (its forced steps made) and the action's text says more,
        ``-> ACTION``; ``done: start over`` at a dead end."""
        game = self._c.game
        if got[0] in STEPS:
            sel = advance(game, got[2], got[0], got[1])
            if sel is None:
                return "done: start over (no way to finish this choice)"
        else:
            sel = Selection(got[1])
        text = selection_text(game, sel)
        act = settle(self._c.spec.layout, game, sel)[3]
        if act is None:
            return text + " ..."
        return text if str(act) == text else f"{text} -> {act}"

    def returns(self) -> list:
        """One number per seat: the game's returns once it has ended (all 0 for an
        aborted game), else zeros."""
        c = self._c
        n = c.spec.n
        if c.need is not None or not c.game.finished:
            return [0.0] * n
        r = c.game.result.returns
        return [0.0] * n if r is None else [float(x) for x in r]

    def __str__(self) -> str:
        c = self._c
        if c.trail is None:
            return "dealing: " + " ".join(dealt_order(c.spec.layout.pack, c.draws)) + \
                f" (draws {list(c.draws)})"
        game = c.now
        if c.seen is None:
            c.seen = {}
        text = c.seen.get("head")
        if text is None:
            text = c.seen["head"] = head(game)
        if c.pending is not None:
            text += f"\npending: {c.pending[2]}: {c.pending} draws {list(c.draws)}"
        if c.name is not None or c.picks:
            text += f"\nchoosing: {c.name} {' '.join(c.picks)}"
        if c.sel is not None:
            text += f"\nchoosing: {selection_text(game, c.sel)}"
        return text

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state seat ``player_id`` cannot tell from this one, its hidden cards redealt
        (rulekit's canonical determinization, seeded from ``probability_sampler()``, a
        number from 0 to 1): see :mod:`.resample` for what it keeps and its limits."""
        return resample(self, self._seat(player_id, "resample_from_infostate"),
                        probability_sampler)

    # ---- rulekit's side -------------------------------------------------------------
    @property
    def rulekit_game(self):
        """The rulekit GameState now (before the pending action at a chance node in the
        middle of one; None during the deal). Do not change it: copies share it."""
        return self._c.now

    def record(self) -> dict:
        """The game as a rulekit record (``rulekit-record/2``: the dealt deck, the
        dealer, the actions; with the result once ended). Raises RecordError during the
        deal, and when the record would not replay to this game: a record holds a seed
        for draws after the deal, not the outcomes the chance nodes chose."""
        c = self._c
        if c.trail is None:
            raise RecordError("no record during the deal: the deck is not chosen yet")
        if c.resampled:
            raise RecordError("no record of a resampled state (resample_from_infostate): "
                              "its deal is not one the game made")
        spec = c.spec
        deck = dealt_order(spec.layout.pack, c.deal)
        game = c.now
        rec = make_record(game, spec.name, spec.options, 0, deck=deck)
        again = spec.rules.new_game(players=spec.n, seed=0, deck=deck,
                                    dealer=game.first_dealer, max_actions=spec.max_actions)
        try:                            # what replaying the record gives
            for text in rec["actions"]:
                again.apply(text)
        except IllegalAction:
            again = None
        if again is None or again.dump() != game.dump():
            raise RecordError("this game drew at random after the deal (a shuffle or a draw "
                              "its chance nodes chose): a record holds a seed for those, "
                              "so it would not replay")
        return rec


def dealt_order(pack: list, draws: tuple) -> list:
    """The deck the deal's ``draws`` (the answers of its first draws: the shuffle of
    the pack, card by card; see :class:`rulekit.randomness.Chance`) put in order: the
    whole pack once the shuffle is done, else the cards placed so far."""
    deck = list(pack)
    picks = draws[:max(0, len(deck) - 1)]
    for i, k in enumerate(picks):
        deck[i], deck[i + k] = deck[i + k], deck[i]
    return deck if len(picks) >= len(deck) - 1 else deck[:len(picks)]
