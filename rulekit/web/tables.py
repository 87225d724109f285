"""The web tables: a game each, its seats, tokens, bots and database rows.

A :class:`Table` holds one game of the engine (``rules.new_game``), what sits at each
seat (``"person"`` or an agent kind made by :func:`rulekit.play.agents.make_agent`), a
secret token per person's seat (``secrets.token_urlsafe``; the only proof of a seat),
an event transcript per seat and one for spectators, and the list of moves applied
(``"2: play 7H"``: each with its seat, so they replay at any step). :meth:`Table.act`
takes a move only if it is one of that seat's legal actions now, writes it to the
database (one transaction) and then applies it.

A person names themselves at their seat (:meth:`Table.name_seat`); once anybody has, the
bots have names too (``Bot 1 (greedy)``) and every line, status and result says names
(the names are kept in the database, so a restarted server says them, and in the game's
record).

The tables are kept by :class:`rulekit.web.hall.Hall`.
"""
from __future__ import annotations

import secrets
import time
from pathlib import Path

from ..errors import IllegalAction, RulesetFailure
from ..lang.wording import players_text
from ..play.agents import KINDS, make_agent
from ..play.reasons import why_not
from ..play.names import BadName, bot_name, check_name, introduce, own_name_problem
from ..play.transcript import Transcript, face_up_cards, face_up_to_all, result_line
from ..runtime.records import make_record
from ..runtime.seats import split_seat
from ..source.files import bundled_rulesets
from .choosing import ChoiceError, next_options
from .page import page_state
from .store import Store, StoreError

PERSON = "person"           # a seat played by someone at a browser
BOT_KIND = KINDS[-1]        # the web's default bot: the last (strongest) kind agents list
SPECTATOR = "watch"         # a page without a seat token
MAX_LINES = 200             # event lines kept per viewer
MAX_PLAYING = 1000          # tables being played at once on one server
MAX_RULES = 64              # compiled (ruleset, options) pairs kept for new tables
MAX_SAID = 300              # characters of an illegal action's reason shown on a page
IDLE = 30 * 60              # seconds without a move or a person before a table is closed
ABANDONED = "abandoned"     # how such a table's game is stopped in the database


class TableError(ValueError):
    """A request the table refuses: the message says why (shown to the person)."""


def stored(write, *args) -> None:
    """Call the store's ``write``; a busy or failing database is a TableError (the
    change is refused, the game does not move)."""
    try:
        write(*args)
    except StoreError as exc:
        raise TableError(str(exc)) from None


class _Lines(Transcript):
    """A transcript that keeps its lines (for a page) instead of printing them."""

    def __init__(self, game, viewer, names=None):
        super().__init__(game, viewer=viewer, names=names)
        self.lines: list[str] = []

    def say(self, text: str):
        self.lines.append(text)
        if len(self.lines) > MAX_LINES:
            del self.lines[:-MAX_LINES]


class Table:
    """One table (see the module docstring). ``seats``: per seat ``"person"`` or an
    agent kind; ``tokens``: person's seat -> token."""

    def __init__(self, tid: str, ruleset: str, rules, options: dict, seats: list,
                 tokens: dict, store: Store):
        self.id, self.ruleset, self.rules, self.options = tid, ruleset, rules, options
        self.seats, self.tokens, self.store = list(seats), dict(tokens), store
        self.n = len(seats)
        self.names: list = [None] * self.n  # the players' names (see name_seat)
        self.here: dict = {}            # seat -> open connections
        self.game = None
        self.number = 0
        self.previous = None                # (number, record) of the game before
        self.touched = time.monotonic()     # the last move, game or person leaving

    # ---- a game ------------------------------------------------------------------------
    def start(self, number: int, seed: int) -> None:
        """Start game ``number`` with ``seed`` (nothing written)."""
        self.number, self.seed = number, seed
        self.touched = time.monotonic()
        self.game = game = self.rules.new_game(players=self.n, seed=seed)
        self.moves: list[str] = []
        self.agents = {s: make_agent(k, seed * 1000 + s + 1)
                       for s, k in enumerate(self.seats) if k != PERSON}
        self.lines = {v: _Lines(game, v, self.names) for v in [*range(self.n), "public"]}
        for v, t in self.lines.items():
            t.say(f"{self.rules.title}: {players_text(self.n)}, dealer {t.who(game.dealer)}"
                  + (f"; you are {introduce(self.names, v)}" if isinstance(v, int) else ""))
            t.deal()
            t.flush()

    def name_seat(self, seat: int, name) -> None:
        """Name person's ``seat`` ``name`` (a stranger's text: checked by
        :func:`rulekit.play.names.check_name`); the first name given names the bots too.
        The lines already said keep what they said; a line says so. Raises TableError
        for a name refused."""
        if seat is None or self.seats[seat] != PERSON:
            raise TableError("only a person at a seat may name themselves")
        try:
            name = check_name(name)
        except BadName as exc:
            raise TableError(f"that name is refused: {exc}") from None
        others = [n if n is not None or k == PERSON else bot_name(s, k)
                  for s, (n, k) in enumerate(zip(self.names, self.seats)) if s != seat]
        problem = own_name_problem(name, others)
        if problem:
            raise TableError(f"that name is refused: {problem}")
        if self.names[seat] == name:
            return
        stored(self.store.name_seat, self.id, seat, name)
        self._name(seat, name)
        for t in self.lines.values():
            t.say(f"  seat {seat} is now called {name}")

    def restore_names(self, names: dict) -> None:
        """Give the people's seats the names the database kept (``names``: seat ->
        name), before the game is started again. Raises TableError for a name that
        is not of a person's seat or not a name :func:`check_name` accepts."""
        for seat, name in sorted(names.items()):
            if not 0 <= seat < self.n or self.seats[seat] != PERSON:
                raise TableError(f"a name is kept for seat {seat}, not a person's seat")
            try:
                self._name(seat, check_name(name))
            except BadName as exc:
                raise TableError(f"a name it keeps is refused: {exc}") from None

    def _name(self, seat: int, name: str) -> None:
        if not any(self.names):         # (a list the lines share: changed in place)
            for s, k in enumerate(self.seats):
                if k != PERSON:
                    self.names[s] = bot_name(s, k)
        self.names[seat] = name

    def seat_of(self, token) -> int | None:
        """The seat ``token`` opens, or None (a spectator) when ``token`` is empty.
        Raises TableError for a token of no seat here."""
        if not token:
            return None
        if isinstance(token, str):
            for seat, t in self.tokens.items():
                if secrets.compare_digest(t.encode(), token.encode()):
                    return seat
        raise TableError("this link opens no seat at this table (a wrong or old seat token)")

    def person_first(self, seat: int) -> bool:
        """Whether a person's seat comes before bot ``seat`` in precedence among the
        seats that may act now (a shared window: the bot then gives people time)."""
        for s in self.game.actors:
            if s == seat:
                return False
            if s not in self.agents:
                return True
        return False

    def bot_to_act(self) -> int | None:
        """The first seat in precedence that may act now and is a bot, or None."""
        g = self.game
        if g.finished:
            return None
        return next((s for s in g.actors if s in self.agents), None)

    def act(self, seat: int, text, version=None, write: bool = True) -> None:
        """Take action ``text`` (an action's text, as its button or a choice in parts
        writes it; read by ``GameState.parse_action``, never by listing the legal
        actions) for ``seat``; ``version``: the move count the page saw (a page that
        saw an older table is refused). The move is the action's own text, written to
        the database first (one transaction), then applied. Raises TableError with a
        message for an illegal or stale action; a ruleset failure while reading it
        stops the game (as a bot's does) and is a TableError too."""
        g = self.game
        if version is not None and version != len(self.moves):
            raise TableError("the table has moved on since that page was drawn: look again")
        if g.finished:
            raise TableError("the game is over")
        if not isinstance(text, str):
            raise TableError("an action is its text, as on its button")
        if seat not in g.actors:
            raise TableError(f"seat {seat} may not act now")
        act = self._read(seat, text, write)
        text = str(act)
        move = f"{seat}: {text}"
        if write:                       # stored first: no move applied unless stored
            stored(self.store.add_move, self.id, self.number, len(self.moves), move)
        self._apply(act, move)

    def _read(self, seat: int, text: str, write: bool):
        """The legal action of ``seat`` that ``text`` names; TableError saying why when
        there is none (its first line, at most MAX_SAID characters)."""
        try:
            return self.game.parse_action(text, seat)
        except IllegalAction as exc:
            shown = text if len(text) <= 60 else text[:57] + "..."
            try:                        # in words, as the terminal says it
                said = f"'{shown}' is not legal: " + why_not(
                    self.game, seat, text, self.game.listed_actions(seat))
            except RulesetFailure:      # (the engine's own words, its text cut)
                said = str(exc).splitlines()[0] if str(exc) else f"'{shown}' is not legal"
                if said.startswith(f"'{text}'"):
                    said = f"'{shown}'" + said[len(text) + 2:]
            raise TableError(said if len(said) <= MAX_SAID
                             else said[:MAX_SAID - 1] + "\u2026") from None
        except RulesetFailure as exc:   # the ruleset cannot go on: the game stops
            self.stop(str(exc), write=write)
            raise TableError(f"the game stopped: {exc}") from None

    def _apply(self, act, move: str) -> None:
        g = self.game
        before, table, mark = face_up_to_all(g), face_up_cards(g), len(g.events)
        g.apply(act)
        self.moves.append(move)
        self.touched = time.monotonic()
        for t in self.lines.values():
            t.actions(mark, before, table)
            t.flush()
        if g.finished:
            for t in self.lines.values():
                t.say(result_line(g, self.names))

    def choice_options(self, seat: int, name, made, cur, version) -> dict:
        """What may come next in ``seat``'s choice in parts ``name`` after the parts
        ``made`` (texts) and a set's cards ``cur`` so far (None: no set begun), for a
        page that shows move ``version``: :func:`rulekit.web.choosing.next_options`.
        Raises TableError for a stale page, a seat that may not act, or a choice made
        so far that the seat cannot make now."""
        g = self.game
        if version != len(self.moves):
            raise TableError("the table has moved on since that page was drawn: look again")
        if g.finished or seat not in g.actors:
            raise TableError(f"seat {seat} may not act now")
        try:
            return next_options(g, seat, name, list(made or ()), cur)
        except ChoiceError as exc:
            raise TableError(str(exc)) from None
        except (IllegalAction, RulesetFailure) as exc:
            raise TableError(str(exc).splitlines()[0][:MAX_SAID]) from None

    def bot_move(self, seat: int):
        """The action seat ``seat``'s bot chooses now (slow for strong bots: called off
        the server's event loop). A ruleset failure inside the bot is returned as the
        exception (the game is then stopped by :meth:`stop`)."""
        g, agent = self.game, self.agents[seat]
        try:
            return agent.choose(g) if seat == g.to_act else agent.choose(g, seat=seat)
        except RulesetFailure as exc:
            return exc

    def stop(self, message: str, write: bool = True) -> None:
        """End the game as aborted (a bot's ruleset failure), remembered in the database."""
        if write:
            stored(self.store.stop_game, self.id, self.number, message)
        self.game.stop(message)
        for t in self.lines.values():
            t.say(f"Result: aborted: {message}")

    def replay(self, moves: list[str], stopped=None) -> None:
        """Apply stored ``moves`` (``"2: take"``) again after :meth:`start`. Raises
        TableError naming the first move that is no longer legal."""
        for i, move in enumerate(moves):
            try:
                seat, text = split_seat(move)
                self.act(seat, text, write=False)
            except (TableError, ValueError, TypeError) as exc:
                raise TableError(f"move {i} '{move[:60]}' does not replay: {exc}") from None
        if stopped:
            self.stop(stopped, write=False)

    # ---- what is sent ------------------------------------------------------------------
    def state(self, viewer) -> dict:
        """The page data of ``viewer`` (a seat, or None for a spectator)."""
        seats = [{"who": k, "here": bool(self.here.get(s)), "name": self.names[s]}
                 for s, k in enumerate(self.seats)]
        lines = self.lines[viewer if viewer is not None else "public"].lines
        out = page_state(self.game, viewer, lines, seats, len(self.moves))
        out["id"] = self.id
        out["game"] = self.number
        return out

    def record(self, number=None) -> tuple[int, dict]:
        """``(number, record)``: the game record (rulekit-record/2) of game ``number``
        (None: this game once it is over, else the one before), when it is this one,
        finished, or the one before (kept in memory since "play again"). Raises
        TableError for any other (a record holds the seed, and so every card)."""
        if number is None:
            number = self.previous[0] if self.previous and not self.game.finished \
                else self.number
        if self.previous and number == self.previous[0]:
            return self.previous
        if number != self.number:
            raise TableError(f"no record of game {str(number)[:12]} at this table (the "
                             "server keeps this game's and the one before)")
        return number, self._record()

    def _record(self) -> dict:
        if not self.game.finished:
            raise TableError("the record is offered once the game is over")
        kinds = ["human" if k == PERSON else k for k in self.seats]
        return make_record(self.game, self.rules.name if self.ruleset in bundled_rulesets()
                           else Path(self.ruleset).name, self.options, self.seed, seats=kinds,
                           names=self.names)

