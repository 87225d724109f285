"""The compiled model of a ruleset: plain data, no behaviour beyond small helpers.

The model is immutable: every class here is a frozen dataclass whose containers are
tuples, frozensets and read-only dicts and lists (:mod:`rulekit.frozen`), so setting
an attribute or changing a container of a built model raises (``FrozenInstanceError``,
``TypeError``). The compiler's passes (:mod:`rulekit.compiler`) compute its parts, and
one step assembles the finished model from their results
(:mod:`rulekit.compiler.building`); nothing patches it afterwards. The analysis tools
(:mod:`rulekit.analysis`) read it; the runtime (:mod:`rulekit.runtime`) runs it.
Compiled code lives in :class:`Block` (effects), and in the ``legal``/``domain``/
``actor``/``cond`` callables: functions ``f(G, L)`` of the game state ``G`` and the
dict of local names ``L``.

Cards are text (see :mod:`rulekit.cards`, whose :class:`Cards` holds the ruleset's pack
and notation and turns card text into cards). Imports only :mod:`rulekit.errors`,
:mod:`rulekit.frozen`, :mod:`rulekit.cards` and the option types
(:mod:`rulekit.lang.options`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .cards import (COPY_MARK, STANDARD_ALIASES, STANDARD_RANKS, STANDARD_RED,  # noqa: F401
                    STANDARD_SUITS, STANDARD_SYMBOLS, Cards)
from .errors import Pos
from .frozen import ReadOnlyDict, Sealed as _Sealed, seal as _seal, settle as _settle
from .lang.zones import ZoneDecl  # noqa: F401 (a part of the model)
from .parts import PartDef, Parts  # noqa: F401 (a choice in parts: part of the model)
from .lang.options import OPTION_TYPES, OptionRange, OptionType  # noqa: F401 (OptionRange: its old home)


@dataclass(frozen=True, eq=False)
class VarDecl(_Sealed):
    """A variable: ``type`` (int, bool, suit, seat, card, cards, list, str, rank),
    ``per`` game or seat, ``init`` value (null when absent; 0/false/[] not implied),
    ``show``: displayed to a person at the table; ``score``: a per-seat number shown
    as a column of the table's score panel; ``see``: which seats' views hold the
    value: ``all`` (the cards in it only as far as each seat knows them), ``owner`` (a
    per-seat variable: each seat its own value) or ``none`` (the full dump only)."""
    name: str
    type: str
    per: str = "game"
    init: object = None
    doc: str = ""
    show: bool = False
    rule: str = ""
    see: str = "all"
    score: bool = False
    words: str = ""             # how the name reads to a player (lang.wording.words_of)
    kind = "var"


@dataclass(frozen=True, eq=False)
class OptionDecl(_Sealed):
    """A house-rule knob: its ``type`` (a registered option type,
    :data:`rulekit.lang.options.OPTION_TYPES`: bool, int, choice, list, ...);
    ``default``; ``values`` (choice, and list items); ``min``/``max`` (int); ``doc``;
    ``of`` (list items that are ranks or suits); ``rule`` (a rule-book id); ``extra``:
    the keys of the option that only its type reads. What a value may be, how its text
    reads and how it is shown are its type's (:meth:`option_type`)."""
    name: str
    type: str
    default: object
    values: list | None = None
    min: int | None = None
    max: int | None = None
    doc: str = ""
    of: str | None = None
    rule: str = ""
    extra: dict = field(default_factory=ReadOnlyDict)
    words: str = ""             # how the name reads to a player (lang.wording.words_of)

    @property
    def option_type(self) -> OptionType:
        """Its type's declaration (raises KeyError for a type not registered: the schema
        allows only registered ones)."""
        return OPTION_TYPES[self.type]

    def in_play(self, value, cards: "Cards"):
        """``value`` as expressions see it (a list ``of: rank``: rank indexes). Raises
        ValueError saying what is wrong."""
        return self.option_type.in_play(self, value, cards)

    def check(self, value, cards: "Cards | None" = None) -> str | None:
        """None if ``value`` is allowed, else a message saying what is."""
        return self.option_type.check(self, value, cards)

    def parse(self, text: str, cards: "Cards | None" = None):
        """Convert command-line text (``--option NAME=TEXT``) to a value of this type.

        Raises ValueError with a message when the text is not of the type's form, and
        :class:`OptionRange` (a ValueError) when it is but is out of range.
        """
        return self.option_type.parse(self, text, cards)

    def describe(self, cards: "Cards | None" = None) -> str:
        """The allowed values in short: ``a | b``, ``2..3``, or the type."""
        return self.option_type.describe(self, cards)

    def allowed(self, cards: "Cards | None" = None) -> str:
        """The allowed values in words (``one of a, b``, ``2 to 3``, ``true or false``)."""
        return self.option_type.allowed(self, cards)

    def widget(self, cards: "Cards") -> dict:
        """How the web lobby asks for this option (:meth:`OptionType.widget`)."""
        return self.option_type.widget(self, cards)


@dataclass(frozen=True, eq=False)
class DefInfo(_Sealed):
    """A definition: ``params``, compiled function name ``fn``, result ``type``;
    ``refs`` the definitions its body uses; ``used`` by a step, action or procedure;
    ``doc`` and ``words`` (its English template) as the ruleset gives them."""
    name: str
    params: list
    text: object
    path: tuple
    fn: str = ""
    type: str | None = None
    items: str | None = None    # the type of a list result's items, when known
    keys: tuple | None = None   # a map result's keys, when every one is a literal
    used: bool = False
    refs: frozenset = frozenset()
    calls: dict = field(default_factory=ReadOnlyDict)   # definition name -> uses in the body
    rule: str = ""
    expr_path: tuple = ()       # where the expression is (path, or path + ("value",))
    source: str = ""            # the generated function
    doc: str = ""               # what it means, for people (``doc:``)
    words: str = ""             # how a use reads in English (``words:``, a template)
    head: str = ""              # its head as written (``beats(p, top)``)


@dataclass(frozen=True, eq=False)
class EffectNode(_Sealed):
    """One compiled effect: its registry ``key``, data ``path`` and YAML ``item``; the
    compiled child lists by key (``then``, ``else``, ``do``); ``calls``: the procedure
    a ``call`` runs."""
    key: str
    path: tuple
    item: dict
    children: dict = field(default_factory=ReadOnlyDict)
    calls: str | None = None


@dataclass(frozen=True, eq=False)
class Block(_Sealed):
    """A compiled effect list: ``fn(G, L)`` runs it; ``nodes`` its effects (for the
    analysis tools); ``source`` the generated Python."""
    path: tuple
    nodes: tuple
    fn: Callable
    source: str = ""

    @property
    def items(self) -> list:
        """The effects as the ruleset writes them (their YAML mappings), in order."""
        return [n.item for n in self.nodes]


@dataclass(frozen=True, eq=False)
class Procedure(_Sealed):
    """A named effect list with ``params``; ``fn`` the generated function's name;
    ``path`` where its effects are; ``doc``, ``words`` (its English template) and
    ``rule`` as the ruleset gives them (``{do: [...], doc: ..., words: ..., rule: ...}``)."""
    name: str
    params: list
    path: tuple
    fn: str
    block: Block | None = None
    doc: str = ""
    words: str = ""
    rule: str = ""
    head: str = ""              # its head as written (``draw(s)``)


@dataclass(frozen=True, eq=False)
class ActionDef(_Sealed):
    """A named action of a phase: choice ``var`` (None: no choice), ``do`` effects;
    ``pos`` where it is written; ``kind`` what its choice is: None (no choice),
    ``card``, ``play`` (a list of cards), or a typed choice (:data:`TYPED_CHOICES`:
    ``seat``, ``int``, ``rank``, ``suit``, ``str``); ``private`` (a private action: the
    text the other seats see instead of its own); ``keep_order`` (a play's text keeps
    its cards in the order the domain lists them). Its domain and ``legal`` condition
    run in the decision step's generated legal-action function (``Step.legal``,
    rulekit.compiler.hotpath). As written: ``choose`` (its syntax tree, a
    :class:`rulekit.lang.syntax.ChooseIn` or ``ChooseNothing``; None if it did not
    parse), ``legal_text`` (None: always legal), ``written`` (the whole action, as JSON
    text with sorted keys: what ``rulekit diff`` compares)."""
    name: str
    phase: str
    var: str | None
    do: Block
    pos: Pos | None
    doc: str = ""
    rule: str = ""
    kind: str | None = None
    private: object = None      # f(G, L): what the other seats see of it, or None: public
    keep_order: bool = False    # a play's text lists its cards in domain order, not by rank
    choose: object = None       # the choice's syntax tree (lang.syntax), None if unparsed
    legal_text: object = None   # the legal condition as written (None: always legal)
    choose_text: object = None  # the choice as written
    written: str = ""           # the action as written (JSON, sorted keys)
    parts: "Parts | None" = None  # a choice in parts (kind "parts"), never listed
    so_far_text: object = None  # the so_far condition as written (None: none)
    words: str = ""             # how the name reads to a player (lang.wording.words_of)

TYPED_CHOICES = ("seat", "int", "rank", "suit", "str")   # choices besides cards and plays


@dataclass(frozen=True, eq=False)
class Transition(_Sealed):
    """``do`` effects; ``target_name`` as written (a step of the same phase, or a phase),
    ``target_key`` the step it leads to (``phase.step``; None when it names none:
    :meth:`Ruleset.step` finds the step); ``cond_text`` the ``if`` as text ('' when
    there is none), ``cond`` as written (None when there is none), ``cond_code`` its
    generated Python (``True``: always)."""
    do: Block
    target_key: str | None
    target_name: str
    pos: Pos | None
    cond_text: str = ""
    cond_code: str = "True"     # the condition's generated Python (``True``: none)
    cond: object = None


@dataclass(frozen=True, eq=False)
class Step(_Sealed):
    """A step: runs ``do`` on entry; asks ``actor`` (if any) to pick one of
    ``actions``; then takes the first transition whose condition holds.

    A step with ``actors`` (a function giving a list of seats) asks several seats at
    once: a *shared window* (any listed seat with a legal action may act, one action at
    a time, the list's order being the precedence, until none may act or ``until``
    holds after an action; then its transitions) or, when ``simultaneous``, one
    private choice of each listed seat, whose effects run in seat order once all have
    chosen. ``decides``: the step waits for a decision (an ``actor`` or ``actors``)."""
    name: str
    phase: str
    do: Block
    actor: Callable | None
    actions: tuple                  # the ActionDefs it offers, in order
    transitions: tuple              # its Transitions, in order
    pos: Pos | None
    doc: str = ""
    ends_game: bool = False         # its effects may end the game (the machine's finding)
    rule: str = ""
    actors: Callable | None = None  # (G, L) -> the seats that may act (a list), or None
    simultaneous: bool = False      # actors each make one hidden choice
    until: Callable | None = None   # (G, L) -> true: a shared window closes after an action
    decides: bool = False           # an actor or actors: the step waits for a decision
    legal: Callable | None = None   # G -> the legal actions (compiler.hotpath), if it decides
    enter: Callable | None = None   # G -> this step, entered (its do run)
    follow: Callable | None = None  # (G, L) -> the next step, entered (a transition taken)
    act: Callable | None = None     # (G, action): apply it, follow, advance (one actor)
    lists_from_sight: bool = False  # its listing reads only what the actor sees (sight.py)
    actor_text: object = None       # as written (None when absent): actor, actors, until
    actors_text: object = None
    until_text: object = None
    action_names: tuple = ()        # the actions it offers, as written
    next_name: bool = False         # ``next:`` is a step's name, not a list
    written: str = ""               # the step as written (JSON, sorted keys: rulekit diff)
    parted: tuple = ()              # its actions decided in parts (never listed)
    extra: dict = field(default_factory=dict)   # attribute -> its compiled value, for the
    #                                 step attributes the engine does not know (lang.steps)
    attribute_texts: dict = field(default_factory=dict)  # attribute -> its value as written,
    #                                 for the attributes with words of their own (lang.steps)
    words: str = ""                 # how the name reads to a player (lang.wording.words_of)

    @property
    def key(self) -> str:
        return f"{self.phase}.{self.name}"


@dataclass(frozen=True, eq=False)
class Phase(_Sealed):
    """A phase: its ``steps`` and ``actions`` by name, ``start`` step, ``heuristic``;
    ``display``: (label, compiled expression of ``seat``, type) for each line the phase
    shows a person at the table (``display:`` in the ruleset). As written:
    ``heuristic_text`` (None when absent), ``display_text`` ((label, expression) each)."""
    name: str
    start: str
    steps: dict
    actions: dict
    heuristic: Callable | None
    doc: str = ""
    pos: Pos | None = None
    rule: str = ""
    display: tuple = ()
    heuristic_text: object = None
    display_text: tuple = ()
    words: str = ""             # how the name reads to a player (lang.wording.words_of)


@dataclass(frozen=True, eq=False)
class Draft(_Sealed):
    """What compiled of a ruleset with errors, for the machine checks that can still run:
    its ``phases``, ``procedures`` and ``start`` phase; ``uncertain``: the steps (by
    key, ``phase.step``) and procedures (by name) that had an error or a part left out,
    whose transitions and endings are not known."""
    phases: dict
    procedures: dict
    start: str
    uncertain: frozenset = frozenset()


@dataclass(frozen=True, eq=False)
class Written(_Sealed):
    """The ruleset as written, kept with the model for reference: ``data`` the merged
    data (read-only; no consumer of the model reads it), ``files`` the files merged,
    base first."""
    data: object
    files: tuple = ()


@dataclass(frozen=True, eq=False)
class Ruleset(_Sealed):
    """A compiled ruleset. The runtime's :class:`rulekit.runtime.rules.Rules` adds
    ``new_game``; :func:`rulekit.load` returns one.

    Attributes: ``name``, ``title``, ``summary``, ``players`` (min, max, default),
    ``cards`` (:class:`Cards`: ranks, suits, notation), ``pack`` (every card),
    ``zones``, ``vars``, ``option_decls``, ``options`` (chosen values),
    ``definitions``, ``procedures`` (name -> :class:`Procedure`), ``setup``
    (:class:`Block`), ``phases``, ``start``, ``machine`` (the phase/step machine,
    :class:`rulekit.analysis.machine.Machine`), ``warnings`` (diagnostics),
    ``source`` (:class:`Written`: the data as written, for reference), ``score_unit``
    (singular, plural: the word of a score's unit in results), ``expressions``
    (play-time expressions: :mod:`rulekit.compiler.service`), ``namespace`` (a
    read-only view of the generated code's globals: what is in it is the code's).
    Built once, by :func:`rulekit.compiler.building.build_model`; immutable.
    """
    name: str
    title: str
    summary: str
    players: tuple
    cards: Cards
    zones: dict
    vars: dict
    option_decls: dict
    options: dict
    definitions: dict
    procedures: dict
    setup: Block
    phases: dict
    start: str
    source: Written
    path: str = ""
    warnings: list = field(default_factory=list)   # the warnings of checking it (read-only)
    machine: object = None      # analysis.machine.Machine (``graph``: as networkx)
    expressions: object = None  # compiler.service.Expressions: expressions at play time
    namespace: object = None    # the generated code's globals, read-only (_K: constants)
    fingerprint: str = ""       # sha256 of the resolved data (records pin it)
    hot_source: str = ""        # the generated legal-action module (compiler.hotpath)
    returns_fn: object = None   # ``returns:`` compiled, f(G, {"seat": s}), or None
    rule_book: list = field(default_factory=list)   # the rule book's file names (x.md)
    score_unit: tuple = ("point", "points")     # ``score_unit:`` (singular, plural)

    def __post_init__(self):
        _seal(self)
        cards = self.cards          # (derived attributes: part of building it)
        _settle(
            self,
            # the card tables, read at play time by built-ins: plain attributes (fast;
            # ranks and suits as tuples: indexing a list subclass is not specialised)
            pack=cards.pack, ranks=tuple(cards.ranks), suits=tuple(cards.suits),
            rank_of=cards.rank_of,
            suit_of=cards.suit_of, card_order=cards.order, next_up=cards.next_up,
            # what a copy of a game state must copy deeper (runtime GameState.clone)
            tagged_zones=frozenset(k for k, z in self.zones.items() if z.tagged),
            seat_zones=tuple(k for k, z in self.zones.items() if z.slotted),
            game_zones=tuple(k for k, z in self.zones.items() if not z.slotted),
            # zones where whether a card is seen depends on its place in the pile
            top_zones=tuple(k for k, z in self.zones.items() if z.see == "top"),
            # the dump tells which cards are turned (a row or a see: top zone exists)
            faces=any(z.see == "top" or z.row for z in self.zones.values()),
            seat_vars=tuple(k for k, v in self.vars.items() if v.per == "seat"),
            list_vars=tuple(k for k, v in self.vars.items() if v.per != "seat" and v.type
                            not in ("int", "seat", "suit", "card", "rank", "bool", "str")),
            # what views and determinized copies hide: variables a seat may not see
            # whole, and those whose values may hold cards (masked by what each knows)
            secret_vars=tuple((k, v.see, v.per == "seat", v.init)
                              for k, v in self.vars.items() if v.see != "all"),
            card_vars=tuple((k, v.per == "seat") for k, v in self.vars.items()
                            if v.type not in ("int", "seat", "suit", "rank", "bool")),
            # each step by its key (``phase.step``), for transitions' ``target_key``
            steps_by_key=ReadOnlyDict({s.key: s for ph in self.phases.values()
                                       for s in ph.steps.values()}))

    def generated_source(self) -> str:
        """All the Python generated from this ruleset, as one text to read (``rulekit
        compile NAME --show``): the definitions, procedures, setup and action effects,
        then the hot-path module (each step's enter, follow and legal actions; see
        rulekit.compiler.hotpath). What runs is exactly this code."""
        parts = ["# ---- definitions"]
        parts += [d.source for d in self.definitions.values() if d.source]
        parts.append("# ---- procedures")
        parts += [p.block.source for p in self.procedures.values() if p.block and p.block.source]
        parts.append("# ---- setup\n" + (self.setup.source or "# (no effects)"))
        for phase in self.phases.values():
            for a in phase.actions.values():
                parts.append(f"# ---- action {phase.name}.{a.name}: its do\n"
                             + (a.do.source or "# (no effects)"))
        parts.append("# ---- the hot-path module\n" + self.hot_source)
        return "\n\n".join(parts) + "\n"

    def parse_card(self, text) -> str:
        """Card text to the canonical card (see :meth:`Cards.lookup`); raises CardError."""
        return self.cards.parse(text)

    def step(self, key: str) -> "Step":
        """The step whose key is ``key`` (``phase.step``); KeyError if there is none."""
        return self.steps_by_key[key]

    def steps(self):
        """Every step of every phase, in order."""
        for phase in self.phases.values():
            yield from phase.steps.values()
