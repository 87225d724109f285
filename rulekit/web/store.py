"""The web tables' database: every table and every move, in SQLite.

A table is one row of ``tables`` (its id, the ruleset as the server's user named it,
the options, the player count, what sits at each seat, each person's seat token) and
one row of ``games`` per game played at it (its number, seed, and how it was stopped
when it was stopped from outside the rules), one row of ``names`` per person who named
themselves at it. Every move is one row of ``moves``,
written in its own transaction as soon as the engine has accepted it, so a crash of
the server loses no move it had accepted; :meth:`Store.tables` gives everything back,
and the server replays the moves to rebuild each game (rulekit.web.tables).

The database is opened in WAL mode with ``synchronous=NORMAL``: a committed move
survives the server process being killed (it may not survive the machine losing
power; ``durable=True`` asks for ``synchronous=FULL``). Usage::

    store = Store("tables.db")
    store.create_table(tid, name, rules.fingerprint, {}, 4, ["person", "random", ...],
                       tokens, seed)
    store.add_move(tid, 1, 0, "0: play 7H")
"""
from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass, field

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  options TEXT NOT NULL,
  players INTEGER NOT NULL,
  seats TEXT NOT NULL,
  tokens TEXT NOT NULL,
  created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS games (
  table_id TEXT NOT NULL REFERENCES tables(id),
  number INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  stopped TEXT,
  PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL,
  game INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY (table_id, game, idx)
);
CREATE TABLE IF NOT EXISTS names (
  table_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
"""


@dataclass
class StoredTable:
    """One table as the database holds it: ``games`` is ``[(number, seed, stopped)]``
    in order, ``moves`` the action strings of the last game in order. ``problem``: why
    its rows are not of their form (then the other fields may be anything); ``names``:
    person's seat -> the name they gave (checked again when the table is restored)."""
    id: str
    ruleset: str
    fingerprint: str
    options: dict
    players: int
    seats: list
    tokens: dict
    games: list = field(default_factory=list)
    moves: list = field(default_factory=list)
    names: dict = field(default_factory=dict)
    problem: str | None = None


class StoreError(Exception):
    """The database cannot be opened or is not a rulekit tables database."""


class Store:
    """The tables' SQLite database at ``path`` (``":memory:"`` for none). Raises
    StoreError when the file cannot be opened as a database. ``timeout``: seconds a
    write waits for another process that holds the database. Writes may come from
    several threads (one at a time)."""

    def __init__(self, path: str, durable: bool = False, timeout: float = 5.0):
        self.path = path
        self.mutex = threading.Lock()
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                                      timeout=timeout)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot be used as the tables database ({exc})") from None

    def close(self) -> None:
        """Close the connection (what was committed stays)."""
        self.db.close()

    def _write(self, statements: list) -> None:
        """Run ``[(sql, params)]`` as one transaction; raises StoreError (nothing
        written) when the database is busy (another process holds it) or failing."""
        db = self.db
        with self.mutex:
            try:
                db.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    db.execute(sql, params)
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreError(f"the database is busy or failing ({exc}): nothing was "
                                 "written, try again") from None

    def create_table(self, tid: str, ruleset: str, fingerprint: str, options: dict,
                     players: int, seats: list, tokens: dict, seed: int) -> None:
        """Insert a new table and its first game (number 1) in one transaction.
        ``seats``: per seat ``"person"`` or an agent kind; ``tokens``: seat -> token."""
        self._write([
            ("INSERT INTO tables (id, ruleset, fingerprint, options, players, seats, tokens)"
             " VALUES (?, ?, ?, ?, ?, ?, ?)",
             (tid, ruleset, fingerprint, json.dumps(options), players, json.dumps(seats),
              json.dumps({str(k): v for k, v in tokens.items()}))),
            ("INSERT INTO games (table_id, number, seed) VALUES (?, 1, ?)", (tid, seed))])

    def new_game(self, tid: str, number: int, seed: int) -> None:
        """Start game ``number`` (2, 3, ...) at table ``tid`` with ``seed``."""
        self._write([("INSERT INTO games (table_id, number, seed) VALUES (?, ?, ?)",
                      (tid, number, seed))])

    def add_move(self, tid: str, game: int, idx: int, action: str) -> None:
        """Record move ``idx`` (0-based) of game ``game``: its action string, with its
        seat (``"2: take"``). One transaction, committed before this returns."""
        self._write([("INSERT INTO moves (table_id, game, idx, action) VALUES (?, ?, ?, ?)",
                      (tid, game, idx, action))])

    def name_seat(self, tid: str, seat: int, name: str) -> None:
        """Record that the person at ``seat`` of table ``tid`` is called ``name`` (a name
        already checked), replacing the name they gave before."""
        self._write([("INSERT OR REPLACE INTO names (table_id, seat, name) VALUES (?, ?, ?)",
                      (tid, seat, name))])

    def stop_game(self, tid: str, game: int, message: str) -> None:
        """Record that game ``game`` was stopped outside its rules (a bot's ruleset
        failure), so a restart stops it the same way."""
        self._write([("UPDATE games SET stopped = ? WHERE table_id = ? AND number = ?",
                      (message, tid, game))])

    def moves(self, tid: str, game: int) -> list[str]:
        """The action strings of game ``game`` at table ``tid``, in order."""
        rows = self.db.execute("SELECT action FROM moves WHERE table_id = ? AND game = ? "
                               "ORDER BY idx", (tid, game)).fetchall()
        return [r[0] for r in rows]

    def tables(self) -> list[StoredTable]:
        """Every table, oldest first, with its games and its last game's moves; a table
        whose rows are not of their form (a column of another type, JSON that is not the
        column's, no game, a move that is not text) comes with its ``problem`` and
        nothing else of it is trusted. Raises StoreError for a database that is not a
        rulekit one."""
        try:
            rowids = [r[0] for r in self.db.execute(
                "SELECT rowid FROM tables ORDER BY created, rowid").fetchall()]
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: not a rulekit tables database ({exc})") from None
        out = []
        for rowid in rowids:            # one row at a time: a bad one spoils no other
            tid = f"in row {rowid}"
            try:
                tid = self.db.execute("SELECT id FROM tables WHERE rowid = ?",
                                      (rowid,)).fetchone()[0]
                tid = tid if isinstance(tid, str) else f"in row {rowid}"
                row = self.db.execute("SELECT id, ruleset, fingerprint, options, players, "
                                      "seats, tokens FROM tables WHERE rowid = ?",
                                      (rowid,)).fetchone()
                out.append(self._table(*row))
            except (sqlite3.Error, ValueError, TypeError, RecursionError) as exc:
                out.append(StoredTable(tid[:40], "", "", {}, 0, [], {},
                                       problem=f"its rows are not of their form ({exc})"))
        return out

    def _table(self, tid, ruleset, fp, options, players, seats, tokens) -> StoredTable:
        """The StoredTable of one ``tables`` row; raises ValueError naming the first
        column not of its form."""
        def json_of(column, text, kind):
            try:
                value = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                raise ValueError(f"{column} is not JSON") from None
            if not isinstance(value, kind):
                raise ValueError(f"{column} is not a JSON {'object' if kind is dict else 'list'}")
            return value

        for column, value, kind in (("id", tid, str), ("ruleset", ruleset, str),
                                    ("players", players, int)):
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"{column} is not {'text' if kind is str else 'a number'}")
        options, seats = json_of("options", options, dict), json_of("seats", seats, list)
        tokens = json_of("tokens", tokens, dict)
        if not all(isinstance(k, str) for k in seats) or len(seats) != players:
            raise ValueError("seats is not a list of players texts")
        if not all(k.isascii() and k.isdigit() and len(k) < 4 and isinstance(v, str) and v
                   for k, v in tokens.items()):
            raise ValueError("tokens is not seat numbers with their texts")
        t = StoredTable(tid, ruleset, str(fp), options, players, seats,
                        {int(k): v for k, v in tokens.items()})
        t.games = [tuple(g) for g in self.db.execute(
            "SELECT number, seed, stopped FROM games WHERE table_id = ? "
            "ORDER BY number", (tid,)).fetchall()]
        if not t.games or not all(type(n) is int and type(s) is int and n > 0 and
                                  (w is None or isinstance(w, str)) for n, s, w in t.games):
            raise ValueError("its games are missing or not numbers and seeds")
        t.moves = self.moves(tid, t.games[-1][0])
        if not all(isinstance(m, str) for m in t.moves):
            raise ValueError("a move is not text")
        rows = self.db.execute("SELECT seat, name FROM names WHERE table_id = ?",
                               (tid,)).fetchall()
        if not all(type(s) is int and 0 <= s < players and isinstance(n, str) for s, n in rows):
            raise ValueError("a name is not a seat number with its text")
        t.names = dict(rows)
        return t
