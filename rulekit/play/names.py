"""Players' names: a person's own (``play --name``, a web seat), a bot's, and how a
seat is said in player-facing text.

A name is a stranger's text, checked by :func:`rulekit.limits.player_name_problem`
(a length limit, no control characters or direction marks). A bot is named from its
seat and kind (``Bot 1 (greedy)``): the same every time, so transcripts and records
are reproducible. A seat nobody named is said as before (``seat 2``).
"""
from __future__ import annotations

import re

from ..limits import player_name_problem

PEOPLE = ("human", "person")    # the seat kinds a person plays (records, web tables)


class BadName(ValueError):
    """A name that is refused: the message says why."""


def check_name(name) -> str:
    """``name`` if it may be a player's name; raises :class:`BadName` saying why
    not."""
    problem = player_name_problem(name)
    if problem:
        raise BadName(problem)
    return name


def own_name_problem(name: str, others) -> str | None:
    """Why a person may not call themselves ``name`` (a name :func:`check_name`
    accepts) at a table whose other seats are called ``others`` (names, None where
    unnamed; bots by :func:`bot_name`): another seat's name (case aside), a bot's kind
    of name, ``you`` (how the table speaks to each player) or a seat's (``seat 2``);
    None when they may."""
    low = name.casefold()
    if low == "you":
        return "'you' is how the table speaks to each player"
    words = low.split()
    if len(words) == 2 and words[0] == "seat" and words[1].isdigit():
        return "a seat's number is not a name"
    if len(words) >= 2 and words[0] == "bot" and words[1].isdigit():
        return "'Bot N (kind)' is how bots are named"
    if any(o is not None and o.casefold() == low for o in others):
        return "another seat at this table has that name"
    return None


def bot_name(seat: int, kind: str) -> str:
    """A bot's name: ``Bot SEAT (KIND)``."""
    return f"Bot {seat} ({kind})"


def seat_names(kinds: list, given: dict | None = None) -> list:
    """The names of the seats whose kinds are ``kinds`` (``"human"``/``"person"`` or an
    agent kind): a person's from ``given`` (seat -> name) or None, a bot's
    :func:`bot_name`."""
    given = given or {}
    return [given.get(s) if k in PEOPLE else bot_name(s, k) for s, k in enumerate(kinds)]


def who(names, seat) -> str:
    """How player-facing text says ``seat``: its name, or ``seat S`` unnamed."""
    if names and isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"seat {seat}"


_SEAT_WORDS = re.compile(r"\bseat (\d{1,3})\b")


def named_text(names, text: str) -> str:
    """A ruleset's line (an announcement: ``seat 2 takes the trick``) with each ``seat
    N`` of a named seat said by its name (``Bot 2 (greedy) takes the trick``); as it is
    when nobody is named."""
    if not names or "seat " not in text:
        return text
    return _SEAT_WORDS.sub(lambda m: who(names, int(m.group(1))), text)


def introduce(names, seat) -> str:
    """A seat said with its number once (``Ann (seat 0)``; a bot's name holds it
    already; unnamed: ``seat 0``)."""
    said = who(names, seat)
    return said if said == f"seat {seat}" or f" {seat} " in f" {said} " \
        else f"{said} (seat {seat})"


def who_list(names, seats) -> str:
    """Several seats in words: ``Ann and Bot 2 (greedy)``, ``seats 1 and 2``."""
    seats = list(seats)
    if not any(who(names, s) != f"seat {s}" for s in seats):
        return "seat " + str(seats[0]) if len(seats) == 1 else \
            "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
    said = [who(names, s) for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" and {said[-1]}"
