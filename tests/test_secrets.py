"""Secrets in variables (`see:` on vars) and zones per seat named without a seat.

A variable's value reaches a seat only as its `see` allows (`all`, `owner`, `none`),
and a card in a variable only when that seat knows the card (its view shows it in its
zone, or it has been face up to everyone this hand): in views, at the table, on the web
page, in the OpenSpiel bridge's observation strings and in a bot's determinized copy.
The toy game is tests/toys/secrets.yaml; the leak check runs over every bundled game
and toy as well.
"""
from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

import rulekit
from rulekit.openspiel.observe import flatten
from rulekit.play.agents import make_agent
from rulekit.play.search import determinize
from rulekit.play.table import render_view
from rulekit.play.terminal import CardStyle, make_console
from rulekit.play.transcript import Transcript
from rulekit.web.page import page_state

TOYS = Path(__file__).parent / "toys"
SECRETS = str(TOYS / "secrets.yaml")
WORD = re.compile(r"[A-Za-z0-9_#]+")


@pytest.fixture(scope="module")
def rules():
    return rulekit.load(SECRETS)


def after(rules, actions: int, seed: int = 4, players: int = 3):
    """A game of the toy after ``actions`` random actions (a seeded choice)."""
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_sealed_bid_is_seen_by_its_owner_only(rules):
    game = after(rules, 6)                  # every seat kept a card and bid once
    bids = game.dump()["vars"]["bid"]
    assert all(b > 0 for b in bids) and game.dump()["vars"]["total"] == sum(bids)
    for seat in range(3):
        view = game.view(seat)["vars"]
        assert view["bid"] == [b if s == seat else None for s, b in enumerate(bids)]
        assert view["total"] is None                    # see: none
    assert game.spectator_view()["vars"]["bid"] == [None] * 3
    assert game.spectator_view()["vars"]["total"] is None


def test_a_card_in_a_variable_is_shown_only_to_a_seat_that_knows_it(rules):
    game = after(rules, 6)
    dump = game.dump()
    peeked, hands, kept = dump["vars"]["peeked"], dump["zones"]["hand"], dump["zones"]["kept"]
    assert len(peeked) == 3 and set(peeked) <= set(hands[1]) | set(kept[1])
    # seat 1 holds them all (in its hand or kept): it sees them; seats 0 and 2 see none
    assert game.view(1)["vars"]["peeked"] == peeked
    for seat in (0, 2):
        assert game.view(seat)["vars"]["peeked"] == [None] * 3
    # the last kept card (seat 2's) and every seat's kept list: their owner's only
    assert dump["vars"]["last_kept"] == kept[2][0]
    assert game.view(2)["vars"]["last_kept"] == kept[2][0]
    assert game.view(0)["vars"]["last_kept"] is None
    for seat in range(3):
        kept_by = game.view(seat)["vars"]["kept_by"]
        assert kept_by[seat] == dump["vars"]["kept_by"][seat]
        assert all(k == [None] for s, k in enumerate(kept_by) if s != seat)


def test_a_card_shown_to_everyone_is_shown_in_variables_too(rules):
    game = after(rules, 12)                 # the end: every kept card shown
    assert game.finished
    dump = game.dump()
    for seat in range(3):
        assert game.view(seat)["vars"]["kept_by"] == dump["vars"]["kept_by"]
        assert game.view(seat)["vars"]["last_kept"] == dump["vars"]["last_kept"]
    # seat 1's cards still in its hand stay unknown to the others
    in_hand = set(dump["zones"]["hand"][1])
    assert [c if c not in in_hand else None for c in dump["vars"]["peeked"]] \
        == game.view(0)["vars"]["peeked"]


def cards_named(texts, pack) -> set:
    return {w for t in texts for w in WORD.findall(t) if w in pack}


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def known_to(game, seat) -> set:
    """The cards ``seat`` knows now: those its view shows in zones, and the public."""
    out = set(game.public)
    out.update(c for c in strings(game.view(seat)["zones"]) if c)   # (rows: nested)
    return out


def leak_check(game, seat, style) -> set:
    """The cards named by what ``seat`` is shown (its view's variables, the table's
    lines, its web page, its observation strings) that it does not know."""
    pack = game.rules.cards.order
    known = known_to(game, seat)
    texts = list(strings(game.view(seat)["vars"]))
    texts += list(render_view(game, seat, style))
    seats = [{"who": "bot", "here": False}] * game.n
    page = page_state(game, seat, [], seats, 0)
    texts += list(strings({k: v for k, v in page.items() if k != "actions"}))
    texts += list(flatten(game, seat).values())
    return cards_named(texts, pack) - known


def face_up_since(game, mark: int) -> set:
    """The cards put face up to every seat by the events from index ``mark`` on (moved
    into a zone every seat sees, revealed or shown): known to every seat when it
    happened, even if a hand ended and gathered them before the next decision (a
    showdown ends a hand of poker in one run of automatic steps)."""
    zones = game.rules.zones
    out = set()
    for ev in game.events[mark:]:
        if ev["kind"] in ("revealed", "shown"):
            out.update(ev["cards"])
        elif ev["kind"] == "moved" and zones[ev["to"][0]].see == "all":
            out.update(ev["cards"])
    return out


GAMES = sorted(rulekit.bundled()) + sorted(str(p) for p in TOYS.glob("*.yaml"))
# Hold'em with 100 chips a seat, and with its default (1,000 a seat: raises that are
# never listed; the web page offers them by their parts, rulekit.web.choosing)
OPTIONS = {"holdem": {"starting_stack": "100"}}


@pytest.mark.parametrize("name, options", [
    pytest.param(n, OPTIONS.get(n), id=Path(n).stem) for n in GAMES] + [
    pytest.param("holdem", None, id="holdem-1000-chips")])
def test_no_seat_is_shown_a_card_it_does_not_know(name, options):
    """Every bundled game and toy, a random game each (its first 60 actions): what each
    seat is shown names only cards it knows (the toy of secrets: its variables too), and
    its transcript (the events as that seat reads them: private actions as their
    summary) only cards it has known."""
    rules = rulekit.load(name, options)
    style = CardStyle(rules, ascii=True)
    game = rules.new_game(seed=11)
    rng = random.Random(11)
    pack = rules.cards.order
    bufs = [io.StringIO() for _ in range(game.n)]
    said = [Transcript(game, viewer=s, console=make_console(bufs[s], color=False),
                       style=style) for s in range(game.n)]
    ever = [set() for _ in range(game.n)]        # what each seat has known at some time
    for t in said:
        t.deal()
    mark = 0
    for _ in range(60):
        public = face_up_since(game, mark)
        mark = len(game.events)
        for seat in range(game.n):
            ever[seat] |= public
            assert leak_check(game, seat, style) == set(), (seat, game.actions)
            ever[seat] |= known_to(game, seat)
            said[seat].flush()
            printed = cards_named([bufs[seat].getvalue()], pack)
            assert printed <= ever[seat], (seat, game.actions, printed - ever[seat])
        if game.finished:
            break
        game.apply(game.random_legal(rng))      # (choices in parts: never listed)


def test_the_leak_check_can_fail(rules, monkeypatch):
    """Without the views' hiding of variables, the check above finds seat 1's cards."""
    game = after(rules, 2)
    style = CardStyle(rules, ascii=True)
    assert leak_check(game, 0, style) == set()
    monkeypatch.setattr(type(game), "_hide_vars", lambda self, vars_, viewer, zones: None)
    assert leak_check(game, 0, style) & set(game.dump()["vars"]["peeked"])


def test_the_observation_strings_hide_the_others_bids(rules):
    game = after(rules, 6)
    bids = game.dump()["vars"]["bid"]
    assert flatten(game, 0)["vars.bid"] == repr([bids[0], None, None])
    assert flatten(game, 0)["vars.total"] == "None"


def test_a_bots_copy_holds_only_what_its_seat_sees(rules):
    """determinize: the others' bids and the total are back at their init; a card a
    variable holds that the seat does not know is a random hidden card of the copy,
    owing nothing to where the real card is (docs/bots.md)."""
    game = after(rules, 7)                  # seat 0 has kept its second card
    dump = game.dump()
    outside = 0
    for k in range(30):
        copy = determinize(game, 0, random.Random(k))
        v, z = copy.dump()["vars"], copy.dump()["zones"]
        assert v["bid"] == [dump["vars"]["bid"][0], 0, 0] and v["total"] == 0
        mine = set(z["hand"][0]) | set(z["kept"][0])
        theirs = {c for s in (1, 2) for c in z["hand"][s] + z["kept"][s]} | set(z["deck"])
        assert len(set(v["peeked"])) == 3 and set(v["peeked"]) <= theirs
        assert not set(v["peeked"]) & mine
        outside += len(set(v["peeked"]) - set(z["hand"][1]) - set(z["kept"][1]))
        assert v["kept_by"][0] == dump["vars"]["kept_by"][0]      # seat 0's own
        assert copy.legal_actions()
    assert outside > 0          # not tied to seat 1's places, where the real ones are


CRASH = """\
rulekit: 1
name: target
title: Target
players: {min: 2, max: 2, default: 2}
cards: {ranks: 1 2 3 4 5 6, suits: R B}
zones: {stock: {per: game, see: count}, hand: {per: seat, see: owner}}
vars:
  target: {type: int, see: none}
setup:
  - deal: {from: deck, to: hand, each: 3}
  - move: deck to stock
  - set: target = rank(top(stock))
phases:
  main:
    start: turn
    actions:
      play: {choose: "c in hand[actor]", legal: "rank(c) >= target", do: [{end_game: {winner: actor}}]}
      pass: {choose: nothing, do: [{end_game: {loser: actor}}]}
    steps:
      turn: {actor: 0, actions: [play, pass], next: turn}
"""


def test_a_bots_copy_never_stops_the_game(tmp_path):
    """A hidden value without init is null in a copy, where the legal condition cannot
    compare with it: the copy keeps the game's value instead (and the ruleset is
    warned about), so a bot plays on."""
    path = tmp_path / "target.yaml"
    path.write_text(CRASH)
    rules, diags = rulekit.check(str(path))
    assert [d.message for d in diags if d.severity == "warning" and "no init" in d.message]
    for seed in range(5):
        game = rules.new_game(seed=seed)
        copy = determinize(game, 0, random.Random(seed))
        assert copy.legal_actions() == game.legal_actions()
        agent = make_agent("greedy", seed=seed)
        game.apply(agent.choose(game))
        assert game.result.status == "finished"


def diagnostics(tmp_path, text: str):
    path = tmp_path / "r.yaml"
    path.write_text(text)
    rules, diags = rulekit.check(str(path))
    return rules, [d for d in diags if d.severity == "error"]


def test_see_owner_needs_a_variable_per_seat(tmp_path):
    text = Path(SECRETS).read_text().replace(
        "total:     {type: int, see: none, init: 0}", "total:     {type: int, see: owner, init: 0}")
    rules, errors = diagnostics(tmp_path, text)
    assert rules is None and len(errors) == 1
    assert "`see: owner` needs `per: seat`" in errors[0].message
    line = text.splitlines().index(next(x for x in text.splitlines() if "total:" in x)) + 1
    assert errors[0].line == line


@pytest.mark.parametrize("expr", ["c in hand", "c in first(kept)"])
def test_a_zone_per_seat_named_without_a_seat_is_an_error(tmp_path, expr):
    """`choose: c in hand` would offer the cards of every seat's hidden hand."""
    text = Path(SECRETS).read_text().replace("choose: c in hand[actor]", f"choose: {expr}")
    rules, errors = diagnostics(tmp_path, text)
    assert rules is None and len(errors) == 1
    zone = "hand" if "hand" in expr else "kept"
    assert f"'{zone}' is a zone per seat: say whose" in errors[0].message
    line = next(i for i, x in enumerate(text.splitlines(), 1) if f"choose: {expr}" in x)
    col = text.splitlines()[line - 1].index(zone) + 1
    assert (errors[0].line, errors[0].column) == (line, col)
