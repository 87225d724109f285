"""The part of :class:`~rulekit.runtime.engine.GameState` that decides choices in parts
(docs/language.md, "Choices in parts"): the actions of the step that are never listed,
the questions about them (:mod:`rulekit.runtime.choices`), their action text, and the
ways of choosing that every consumer uses instead of a listing: a random legal action
(:meth:`Deciding.random_legal`), candidates for a search
(:meth:`Deciding.candidate_actions`), the number of choices (:meth:`Deciding.choice_count`).

A step's listed actions (``_legal``, from the generated code) leave its choices in
parts out; ``legal_actions()`` lists both, up to :data:`rulekit.limits.MAX_CHOICES`,
and raises :class:`TooManyChoices` past it.
"""
from __future__ import annotations

from random import Random as _Random

from ..errors import IllegalAction, RulesetFailure, TooManyChoices
from ..limits import MAX_CHOICES
from .actions import Action
from .choices import Budget, Chooser, OverBudget, _Never
from .drawing import lone_set_draw, refuse_draw
from .parts_text import PartsText, text_and_cards
from .faults import RulesetFault

# how many random complete choices stand for a choice in parts too big to list, for a
# bot that scores candidates (greedy, the first moves of a search)
SAMPLED_CHOICES = 24


class Deciding(PartsText):
    """Choices in parts, for :class:`~rulekit.runtime.engine.GameState`."""

    _choosers = None        # (the _legal list they were made for, {(seat, name): Chooser})

    # ---- which actions -------------------------------------------------------------------
    def _offers_parts(self) -> bool:
        """Whether the decision now has actions decided in parts (cheap)."""
        step = self.step
        return step is not None and bool(step.parted) and self.status == "in_progress"

    def chooser(self, name: str, seat: int | None = None) -> Chooser:
        """The :class:`~rulekit.runtime.choices.Chooser` of choice-in-parts action
        ``name`` for ``seat`` (default: the seat to act), made once per decision.
        IllegalAction when the step has no such action or the seat may not act."""
        seat = self.actor if seat is None else seat
        cache = self._choosers
        if cache is None or cache[0] is not self._legal:
            cache = self._choosers = (self._legal, {})
        got = cache[1].get((seat, name))
        if got is not None:
            return got
        step = self.step if self._offers_parts() else None
        defn = next((a for a in step.parted if a.name == name), None) if step else None
        if defn is None:
            raise IllegalAction(f"'{name}' is not an action decided in parts now",
                                name, self.to_act, self._strings())
        if seat != self.actor and (self._window is None or seat not in self._window):
            raise IllegalAction(f"seat {seat} may not act now", name, self.to_act, [])
        got = cache[1][(seat, name)] = _SeatChooser(self, defn, seat)
        return got

    def parted_actions(self, seat: int | None = None) -> list:
        """The actions decided in parts that ``seat`` (default: the seat to act) may take
        now (those with a legal choice; a search out of budget counts as one), as
        their :class:`~rulekit.model.ActionDef`; [] when there are none."""
        if not self._offers_parts():
            return []
        seat = self.actor if seat is None else seat
        if seat != self.actor and (self._window is None or seat not in self._window):
            return []
        out = []
        for defn in self.step.parted:
            ch = self.chooser(defn.name, seat)
            if self._ruleset(ch.has_completion, (), seat=seat):
                out.append(defn)
        return out

    def _may_choose_parts(self, step) -> bool:
        """Whether the seat to act has a legal choice in parts at ``step`` (while the
        engine opens a decision: errors are the ruleset's, they abort the game). A
        decision of one seat keeps its choosers (:meth:`chooser`), so the answer is not
        searched again when the decision is offered and its action read."""
        own = step is self.step and step.actors is None and self.status == "in_progress"
        for defn in step.parted:
            ch = self.chooser(defn.name) if own else Chooser(self, defn)
            if ch.has_completion(()):
                return True
        return False

    # ---- the questions -------------------------------------------------------------------
    def part_options(self, name: str, vals=(), cur=None, seat: int | None = None):
        """What the next part of ``name`` may be after parts ``vals`` (values, see
        rulekit.runtime.choices) and a set part's cards ``cur`` so far:
        :class:`~rulekit.runtime.choices.Options`. RulesetFailure if the ruleset's code
        fails."""
        ch = self.chooser(name, seat)
        return self._ruleset(ch.options, tuple(vals), cur, seat=seat)

    def amount_has_value(self, name: str, vals, low: int, high: int,
                         seat: int | None = None) -> bool:
        """Whether the amount of ``name`` after parts ``vals`` may take a value from
        ``low`` to ``high`` that can be finished into a legal choice (True when the search
        runs out of budget: possible), for choosers that narrow an amount step by step
        (the OpenSpiel bridge, digit by digit). RulesetFailure if the ruleset's code
        fails."""
        ch = self.chooser(name, seat)
        return self._ruleset(ch.amount_has_value, tuple(vals), low, high, seat=seat)

    def part_count(self, name: str, seat: int | None = None):
        """The number of legal complete choices of ``name``, or None when counting them
        takes more than PARTS_SEARCH_BUDGET evaluations."""
        ch = self.chooser(name, seat)
        return self._ruleset(ch.cached_count, seat=seat)

    def choice_count(self, seat: int | None = None):
        """How many legal actions ``seat`` (default: the seat to act) has: the listed
        ones and every complete choice in parts; None when a count is not cheap."""
        seat = self.actor if seat is None else seat
        total = len(self._listed(seat))
        for defn in self.parted_actions(seat):
            k = self.part_count(defn.name, seat)
            if k is None:
                return None
            total += k
        return total

    def action_of(self, name: str, vals, seat: int | None = None) -> Action:
        """The :class:`Action` of choice-in-parts action ``name`` with values ``vals``
        (one per part; a set as its cards in any order), checked directly. Raises
        IllegalAction when it is not legal."""
        seat = self.actor if seat is None else seat
        ch = self.chooser(name, seat)
        vals = tuple(tuple(v) if isinstance(v, list) else v for v in vals)
        if not self._ruleset(ch.is_legal, vals, seat=seat):
            text = ch.defn.name + " " + " ".join(
                " ".join(v) if isinstance(v, tuple) else str(v) for v in vals)
            raise IllegalAction(self._illegal_message(text.strip()), text.strip(), seat,
                                self._strings())
        return self._parted_action(ch, ch.canonical(vals), seat)

    def _parted_action(self, ch, vals, seat) -> Action:
        defn = ch.defn
        text, cards = self._ruleset(text_and_cards, self, defn, vals, seat=seat)
        return tuple.__new__(Action, (defn.name, cards, seat, vals, defn, text))

    def _parted_actions(self, ch, choices, seat) -> list:
        """The actions of complete choices ``choices`` (a list) of chooser ``ch``, for
        ``seat``: :meth:`_parted_action` of each, the ruleset's code entered once."""
        defn = ch.defn
        name, new = defn.name, tuple.__new__
        ps = defn.parts
        if len(ps.parts) == 1 and ps.parts[0].form == "set" and ps.parts[0].word is None:
            # a set alone (the usual one): its cards by rank (or as chosen), then the text
            prefix, join = name + " ", " ".join
            if ps.keep_order:
                return [new(Action, (name, tuple(v[0]), seat, v, defn, prefix + join(v[0])))
                        for v in choices]
            key = self.rules.cards.rank_of.__getitem__
            out = []
            for vals in choices:
                cards = tuple(sorted(vals[0], key=key))
                out.append(new(Action, (name, cards, seat, vals, defn, prefix + join(cards))))
            return out

        def made():
            out = []
            for vals in choices:
                text, cards = text_and_cards(self, defn, vals)
                out.append(new(Action, (name, cards, seat, vals, defn, text)))
            return out
        return self._ruleset(made, seat=seat)

    # ---- choosing without a listing ------------------------------------------------------
    def play_randomly(self, rng, limit: int | None = None) -> int:
        """Random legal actions, each drawn as :meth:`random_legal` draws it and applied
        as :meth:`apply` applies it, until the game ends or ``limit`` actions are taken
        (None: no limit); returns the number taken. The very game of that loop, action
        for action (the same draws from ``rng``), without the checks an action from
        outside needs: the random play-outs of searches. ValueError for an ``rng`` that is
        not a ``random.Random`` or a ``limit`` that is not a whole number from 0."""
        if not isinstance(rng, _Random):
            raise ValueError(f"rng must be a random.Random, not {type(rng).__name__}")
        if limit is not None and (limit.__class__ is not int or limit < 0):
            raise ValueError(f"limit must be a whole number from 0 (or None), not "
                             f"{limit!r:.30}")
        taken, choice = 0, rng.choice
        while self.status == "in_progress" and (limit is None or taken < limit):
            step = self.step
            act = self.random_legal(rng) if step.parted else choice(self._legal)
            fused = step.act                    # (a drawn action is legal: not checked)
            if fused is None or self._window is not None:
                self.apply(act)
            else:
                try:
                    fused(self, act)
                except Exception as exc:
                    self._stopped(exc)
                if self.surfaced:
                    self._settle_surfaced()
            taken += 1
        return taken

    def random_legal(self, rng, seat: int | None = None) -> Action:
        """A legal action of ``seat`` (default: the seat to act) drawn with ``rng``:
        ``rng.choice`` of the listed ones when the step decides nothing in parts (as a
        listing would); else uniform over every legal action (listed ones and complete
        choices in parts) when they can be counted, else an action drawn uniformly,
        then its parts (rulekit.runtime.choices). RulesetFailure when the ruleset's code
        fails or no legal choice is found within the budget; ValueError for an ``rng``
        that is not a ``random.Random``, a bad seat, or one with no legal action now."""
        try:
            step = self.step                        # (the random bot's path, first)
            if seat is None and step is not None and not step.parted:
                return rng.choice(self._legal)
            if step is None or not step.parted or self.status != "in_progress":
                if seat is None or seat == self.actor:
                    return rng.choice(self._legal)
                return rng.choice(self._listed(seat))
            if seat is None or seat == self.actor:
                got = lone_set_draw(self, rng)      # (a pass of three cards: at once)
                if got is not None:
                    return got
            listed = self._listed(seat)
            seat = self.actor if seat is None else seat
            parted = self.parted_actions(seat)
            counts = [self.part_count(d.name, seat) for d in parted]
            if all(k is not None for k in counts):
                r = rng.randrange(len(listed) + sum(counts))
                if r < len(listed):
                    return listed[r]
                r -= len(listed)
                for defn, k in zip(parted, counts):
                    if r < k:
                        ch = self.chooser(defn.name, seat)
                        vals = self._ruleset(ch.nth, r, seat=seat)
                        return self._parted_action(ch, vals, seat)
                    r -= k
            pick = rng.randrange(len(listed) + len(parted))
            if pick < len(listed):
                return listed[pick]
            ch = self.chooser(parted[pick - len(listed)].name, seat)
            vals, _ = self._ruleset(ch.random, rng, seat=seat)
            return self._parted_action(ch, vals, seat)
        except (AttributeError, TypeError, IndexError, ValueError):
            refuse_draw(self, rng, seat)        # a bad rng or seat, or nothing to do
            raise

    def candidate_actions(self, rng, seat: int | None = None, sample: int = SAMPLED_CHOICES):
        """The actions a bot weighs: the listed ones, and each choice in parts in full
        when it has at most MAX_CHOICES complete choices, else ``sample`` random ones
        (distinct, drawn with ``rng``). Never raises TooManyChoices."""
        listed = self._listed(seat)
        if not self._offers_parts():
            return list(listed)
        seat = self.actor if seat is None else seat
        out = list(listed)
        for defn in self.parted_actions(seat):
            ch = self.chooser(defn.name, seat)
            k = self.part_count(defn.name, seat)
            if k is not None and k <= MAX_CHOICES:
                out += self._parted_actions(
                    ch, self._ruleset(ch.enumerate, MAX_CHOICES, seat=seat), seat)
                continue
            seen = set()
            for _ in range(sample * 2):
                vals, _ = self._ruleset(ch.random, rng, k, seat=seat)
                key = ch.key(vals)
                if key not in seen:
                    seen.add(key)
                    out.append(self._parted_action(ch, vals, seat))
                if len(seen) >= sample:
                    break
        return out

    def _all_legal(self, seat) -> list:
        """Every legal action of ``seat``: the listed ones, then each choice in parts'
        complete choices; TooManyChoices past MAX_CHOICES."""
        seat = self.actor if seat is None else seat
        listed = self._listed(seat)
        offered = self.parted_actions(seat)
        out = []
        for defn in self.step.actions:         # in the step's order of actions
            if defn.kind != "parts":
                out += [a for a in listed if a[4] is defn]
                continue
            if defn not in offered:
                continue
            ch = self.chooser(defn.name, seat)
            k = self.part_count(defn.name, seat)
            if k is not None and k > MAX_CHOICES:       # known too many: not enumerated
                got = [None] * (MAX_CHOICES + 1)
            else:
                got = None
            try:
                if got is None:
                    got = self._ruleset(ch.enumerate, MAX_CHOICES - len(out), Budget(),
                                        seat=seat)
            except OverBudget:
                raise TooManyChoices(f"action '{defn.name}' has more choices than can be "
                                     f"listed (more than {MAX_CHOICES} legal actions): ask "
                                     "for its parts one by one, or a random legal action",
                                     None) from None
            if len(out) + len(got) > MAX_CHOICES:
                k = self.choice_count(seat)
                said = f"{k}" if k is not None else f"more than {MAX_CHOICES}"
                raise TooManyChoices(f"{said} legal actions (action '{defn.name}' is "
                                     f"decided in parts): more than {MAX_CHOICES} cannot be "
                                     "listed; ask for its parts one by one, or a random "
                                     "legal action", k)
            out += self._parted_actions(ch, got, seat)
        return out

    def listed_actions(self, seat: int | None = None) -> list:
        """The legal actions of ``seat`` (default: the seat to act) that are listed: every
        one but the choices in parts (:meth:`parted_actions`); a copy."""
        return list(self._listed(seat))

    def _listed(self, seat) -> list:
        """The listed legal actions of ``seat`` (default: the seat to act)."""
        if seat is None or seat == self.actor:
            return self._legal
        window = self._window
        return window.get(seat, []) if window is not None else []

    def _ruleset(self, fn, *args, seat=None):
        """``fn(*args)``, code of the ruleset inside: its failure a RulesetFailure (as
        :meth:`call_ruleset` words it), ``seat`` acting meanwhile."""
        def run():
            try:
                return fn(*args)
            except OverBudget:
                raise
            except RecursionError:
                raise RulesetFailure(f"a definition calls itself without end (in step "
                                     f"{self._where()})") from None
            except RulesetFault as exc:
                raise RulesetFailure(f"the ruleset failed at step {self._where()}: {exc}") \
                    from None
            except (IllegalAction, RulesetFailure):
                raise
            except Exception as exc:
                from .faults import raised_by_ruleset
                if not raised_by_ruleset(exc):
                    raise
                raise RulesetFailure(self._failed(exc)) from None
        if seat is None or seat == self.actor:
            return run()
        return self._as_seat(seat, run)


class _SeatChooser(Chooser):
    """A Chooser of one decision, for one seat: its count kept, values made canonical.
    When every part is read by a condition (no part counted in closed form), the legal
    complete choices are gathered once, in order, within the count's budget: the count,
    the r-th choice and whether there is one are then read from them."""

    def __init__(self, G, defn, seat):
        super().__init__(G, defn)
        self.seat = seat
        self._count_known = False
        self._count_value = None
        self._found = None          # the legal complete choices, in order, once gathered

    def cached_count(self):
        if not self._count_known:
            if all(self.spec.reads):
                self._gather_all()
            else:
                self._count_value = self.count()
                self._count_known = True
        return self._count_value

    def _gather_all(self) -> None:
        """Gather every legal complete choice, in the order of :meth:`nth`, within
        PARTS_COUNT_BUDGET evaluations (as :meth:`count` would spend them); past it the
        count is unknown (None)."""
        out = []
        try:
            if not self._never():
                self._gather((), self.count_budget(), out)
        except OverBudget:
            out = None
        except _Never:
            out = []
        self._found = out
        self._count_value = None if out is None else len(out)
        self._count_known = True

    def _gather(self, vals, budget, out) -> None:
        if len(vals) == self.n:
            if self._legal(vals, budget):
                out.append(vals)
            return
        for v in self._children(len(vals), vals, budget):
            self._gather(vals + (v,), budget, out)

    def has_completion(self, vals, cur=None, budget=None) -> bool:
        if not vals and cur is None and budget is None and all(self.spec.reads):
            self.cached_count()
            if self._found is not None:
                return bool(self._found)
        return super().has_completion(vals, cur, budget)

    def nth(self, r):
        if self._found is not None:
            return self._found[r]
        return self._nth((), r, Budget())

    def canonical(self, vals) -> tuple:
        """``vals`` with each set's cards in their value's order (by rank, or domain
        order with keep_order)."""
        out = []
        for i, v in enumerate(vals):
            p = self.parts[i]
            if p.form == "set" and isinstance(v, (tuple, list)):
                v = self._set_value(v, i, tuple(out))
            out.append(v)
        return tuple(out)

    def key(self, vals):
        return tuple(frozenset(v) if isinstance(v, tuple) else v for v in vals)
