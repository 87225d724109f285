"""The hall of a web server: every table it keeps, and their database.

The :class:`Hall` loads rulesets (a bundled name, or a file the server's user named on
its command line: nothing else, even from the database), creates tables
(:class:`rulekit.web.tables.Table`), closes idle ones, and rebuilds them from the
database at start by replaying their moves. It has no threads or sockets of its own
(rulekit.web.server drives it).
"""
from __future__ import annotations

import json
import secrets
import time
from pathlib import Path

from ..errors import IllegalAction, RulekitError
from ..play.agents import KINDS
from ..source.files import bundled_rulesets
from .store import Store, StoreError
from .tables import (ABANDONED, IDLE, MAX_PLAYING, MAX_RULES, PERSON, Table, TableError,
                     stored)


class Hall:
    """Every table of a server, with its database ``store``. ``named``: ruleset files
    the server's user named (they may be played and restored, besides the bundled
    ones); ``ruleset_dirs``: not used for reading anything else. ``chosen``: the first
    ruleset named (as :meth:`offered` names it), the lobby's preselected game; None
    when none was named."""

    def __init__(self, store: Store, named=(), idle: float = IDLE):
        self.store = store
        self.idle = idle
        self.tables: dict[str, Table] = {}
        self._rules: dict = {}
        self.named = {}                 # resolved path -> as named
        self.files = {}                 # what a page sees (a file name) -> resolved path
        self.bundled = list(bundled_rulesets())
        self.chosen = None
        for name in named:
            if name in self.bundled and "/" not in name:
                self.chosen = self.chosen or name
                continue
            path = str(Path(name).resolve())
            self.named[path] = name
            shown, i = Path(path).name, 1
            while shown in self.bundled or self.files.get(shown, path) != path:
                i += 1
                shown = f"{Path(path).name} ({i})"
            self.files[shown] = path
            self.chosen = self.chosen or shown

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
        stored(self.store.create_table, tid, ruleset, rules.fingerprint, dict(options),
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
        stored(self.store.new_game, table.id, table.number + 1, seed)
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
        table.restore_names(st.names)
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
