"""The web tables: a game each, its seats, tokens, bots and database rows.

A :class:`Table` holds one game of the engine (``rules.new_game``), what sits at each
seat (``"person"`` or an agent kind made by :func:`rulekit.play.agents.make_agent`), a
secret token per person's seat (``secrets.token_urlsafe``; the only proof of a seat),
an event transcript per seat and one for spectators, and the list of moves applied
(``"2: play 7H"``: each with its seat, so they replay at any step). :meth:`Table.act`
takes a move only if it is one of that seat's legal actions now, writes it to the
database (one transaction) and then applies it.

The :class:`Hall` keeps every table: it loads rulesets (a bundled name, or a file the
server's user named on its command line: nothing else, even from the database),
creates tables, and rebuilds them from the database at start by replaying their
moves. It has no threads or sockets of its own (rulekit.web.server drives it).
"""
from __future__ import annotations

import json
import secrets
import time
from pathlib import Path

from ..errors import IllegalAction, RulekitError, RulesetFailure
from ..play.agents import KINDS, make_agent
from ..play.transcript import Transcript, face_up_cards, result_line
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


def _stored(write, *args) -> None:
    """Call the store's ``write``; a busy or failing database is a TableError (the
    change is refused, the game does not move)."""
    try:
        write(*args)
    except StoreError as exc:
        raise TableError(str(exc)) from None


class _Lines(Transcript):
    """A transcript that keeps its lines (for a page) instead of printing them."""

    def __init__(self, game, viewer):
        super().__init__(game, viewer=viewer)
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
        self.lines = {v: _Lines(game, v) for v in [*range(self.n), "public"]}
        for v, t in self.lines.items():
            t.say(f"{self.rules.title}: {self.n} players, dealer seat {game.dealer}"
                  + (f"; you are seat {v}" if isinstance(v, int) else ""))
            t.deal()
            t.flush()

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
            _stored(self.store.add_move, self.id, self.number, len(self.moves), move)
        self._apply(act, move)

    def _read(self, seat: int, text: str, write: bool):
        """The legal action of ``seat`` that ``text`` names; TableError saying why when
        there is none (its first line, at most MAX_SAID characters)."""
        try:
            return self.game.parse_action(text, seat)
        except IllegalAction as exc:
            said = str(exc).splitlines()[0] if str(exc) else f"'{text[:60]}' is not legal"
            quoted = f"'{text}'"
            if len(text) > 60 and said.startswith(quoted):     # the reason, not the text
                said = f"'{text[:57]}...'" + said[len(quoted):]
            raise TableError(said if len(said) <= MAX_SAID
                             else said[:MAX_SAID - 1] + "\u2026") from None
        except RulesetFailure as exc:   # the ruleset cannot go on: the game stops
            self.stop(str(exc), write=write)
            raise TableError(f"the game stopped: {exc}") from None

    def _apply(self, act, move: str) -> None:
        g = self.game
        before, table, mark = set(g.public), face_up_cards(g), len(g.events)
        g.apply(act)
        self.moves.append(move)
        self.touched = time.monotonic()
        for t in self.lines.values():
            t.actions(mark, before, table)
            t.flush()
        if g.finished:
            for t in self.lines.values():
                t.say(result_line(g))

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
            _stored(self.store.stop_game, self.id, self.number, message)
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
        seats = [{"who": k, "here": bool(self.here.get(s))} for s, k in enumerate(self.seats)]
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
                           else Path(self.ruleset).name, self.options, self.seed, seats=kinds)


class Hall:
    """Every table of a server, with its database ``store``. ``named``: ruleset files
    the server's user named (they may be played and restored, besides the bundled
    ones); ``ruleset_dirs``: not used for reading anything else."""

    def __init__(self, store: Store, named=(), idle: float = IDLE):
        self.store = store
        self.idle = idle
        self.tables: dict[str, Table] = {}
        self._rules: dict = {}
        self.named = {}                 # resolved path -> as named
        self.files = {}                 # what a page sees (a file name) -> resolved path
        self.bundled = list(bundled_rulesets())
        for name in named:
            if name in self.bundled and "/" not in name:
                continue
            path = str(Path(name).resolve())
            self.named[path] = name
            shown, i = Path(path).name, 1
            while shown in self.bundled or self.files.get(shown, path) != path:
                i += 1
                shown = f"{Path(path).name} ({i})"
            self.files[shown] = path

    def rulesets(self) -> list[str]:
        """The rulesets a table may be made for: the bundled names, then the named files."""
        return self.bundled + list(self.named)

    def offered(self) -> list[str]:
        """The rulesets as pages name them: the bundled names, then the named files'
        names (no folder: a page never learns where the server's files are)."""
        return self.bundled + list(self.files)

    def resolve(self, name) -> str:
        """The ruleset a page's ``name`` stands for: a bundled name as it is, a named
        file's shown name (see :meth:`offered`) as its resolved path. Raises TableError
        for any other name, a path (even a named file's) included."""
        if isinstance(name, str) and name in self.bundled:
            return name
        if isinstance(name, str) and name in self.files:
            return self.files[name]
        raise TableError(f"unknown ruleset {str(name)[:60]!r}: this server plays "
                         + ", ".join(self.offered()))

    def load(self, ruleset: str, options: dict):
        """The compiled rules of ``ruleset`` (a bundled name, or a named file's resolved
        path: see :meth:`resolve`) with ``options`` (cached). Raises TableError for any
        other ruleset, or with the ruleset's errors."""
        from ..runtime.loader import load
        if not isinstance(ruleset, str) or ruleset not in self.rulesets():
            raise TableError(f"unknown ruleset {str(ruleset)[:60]!r}: this server plays "
                             + ", ".join(self.bundled) + " and the files named when "
                             "it was started")
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise TableError("options are an object of option names and values")
        key = (ruleset, json.dumps(options, sort_keys=True, default=str))
        if key not in self._rules:
            if len(self._rules) >= MAX_RULES:   # the oldest: its tables keep their rules
                del self._rules[next(iter(self._rules))]
            try:
                self._rules[key] = load(ruleset, options)
            except RulekitError as exc:
                first = str(exc).splitlines()[0] if str(exc) else "the ruleset does not load"
                raise TableError(first.removeprefix("error: ")) from None
        return self._rules[key]

    def create(self, ruleset: str, options: dict, seats: list) -> Table:
        """A new table for ``ruleset`` (a name as :meth:`offered` gives it) with
        ``options`` and ``seats`` (per seat ``"person"`` or an agent kind; their number
        is the player count), written to the database. Raises TableError with the
        reason for bad input."""
        self.close_idle()
        playing = sum(1 for t in self.tables.values() if not t.game.finished)
        if playing >= MAX_PLAYING:
            raise TableError(f"this server already has {playing} tables being played "
                             "(the limit): finish some first")
        ruleset = self.resolve(ruleset)                 # stored as the resolved path
        rules = self.load(ruleset, options)
        check_seats(rules, seats)
        tid = secrets.token_urlsafe(9)
        tokens = {s: secrets.token_urlsafe(18) for s, k in enumerate(seats) if k == PERSON}
        seed = secrets.randbelow(10 ** 9)
        table = Table(tid, ruleset, rules, dict(options), seats, tokens, self.store)
        table.start(1, seed)
        _stored(self.store.create_table, tid, ruleset, rules.fingerprint, dict(options),
                len(seats), list(seats), tokens, seed)
        self.tables[tid] = table
        return table

    def close_idle(self) -> list[str]:
        """Close every table being played that no person has had open and that has had
        no move for ``idle`` seconds: its game is stopped as abandoned in the database
        (not restored) and it leaves the server. Returns their ids."""
        now, gone = time.monotonic(), []
        for tid, t in list(self.tables.items()):
            if t.game.finished or any(t.here.values()) or now - t.touched < self.idle:
                continue
            try:
                self.store.stop_game(tid, t.number, ABANDONED)
            except StoreError:
                continue
            del self.tables[tid]
            gone.append(tid)
        return gone

    def again(self, table: Table) -> None:
        """Play again at ``table``: a new game, new seed, same seats and tokens."""
        if not table.game.finished:
            raise TableError("the game is still being played")
        seed = secrets.randbelow(10 ** 9)
        record = table.record(table.number)[1]
        _stored(self.store.new_game, table.id, table.number + 1, seed)
        table.previous = (table.number, record)
        table.start(table.number + 1, seed)

    def get(self, tid) -> Table:
        """The table ``tid``; raises TableError when there is none."""
        table = self.tables.get(tid) if isinstance(tid, str) else None
        if table is None:
            raise TableError("no such table on this server (a wrong link, or another database)")
        return table

    def restore(self) -> list[str]:
        """Rebuild every table of the database (replaying its last game's moves), each
        on its own; return one warning line per table that cannot be (a row not of its
        form, its ruleset not bundled nor named on this command line, seats that do not
        fit it, moves that no longer replay; a bug of rulekit is said as one): the
        others are restored. Raises StoreError for a database that is not a rulekit
        one."""
        warnings = []
        for st in self.store.tables():
            try:
                table = self._restore(st)
            except (TableError, StoreError, RulekitError, IllegalAction) as exc:
                warnings.append(f"table {st.id} is not restored: {exc}")
            except Exception as exc:    # a bug of rulekit: this table only
                warnings.append(f"table {st.id} is not restored: internal error, please "
                                f"report it: {type(exc).__name__}: {exc}")
            else:
                if table is not None:
                    self.tables[st.id] = table
        return warnings

    def _restore(self, st) -> Table | None:
        """The table of the database's ``st`` (a StoredTable) with its last game
        replayed, or None for an abandoned one. Raises TableError (or the ruleset's
        errors) for one that cannot be."""
        if st.problem:
            raise TableError(st.problem)
        number, seed, stopped = st.games[-1]
        if stopped == ABANDONED:
            return None
        if st.ruleset not in self.rulesets():
            raise TableError(f"its ruleset {st.ruleset} was not named on this command line")
        rules = self.load(st.ruleset, st.options)
        check_seats(rules, st.seats)
        if sorted(st.tokens) != [s for s, k in enumerate(st.seats) if k == PERSON]:
            raise TableError("its tokens are not one for each person's seat")
        table = Table(st.id, st.ruleset, rules, st.options, st.seats, st.tokens, self.store)
        table.start(number, seed)
        table.replay(st.moves, stopped)
        return table


def check_seats(rules, seats) -> None:
    """Raises TableError unless ``seats`` is a list of ``"person"`` or an agent kind per
    seat, as many as ``rules`` allow players."""
    if not isinstance(seats, list) or not seats:
        raise TableError("seats: a list with what sits at each seat")
    lo, hi, _ = rules.players
    if not lo <= len(seats) <= hi:
        raise TableError(f"{rules.title} is for {lo} to {hi} players, not {len(seats)}")
    for k in seats:
        if k != PERSON and k not in KINDS:
            raise TableError(f"a seat is '{PERSON}' or a bot ({', '.join(KINDS)}), "
                             f"not {str(k)[:30]!r}")
