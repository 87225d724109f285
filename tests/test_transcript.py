"""What the transcript says (issue 31, "the transcript misses things"), on the toy of
tests/toys/transcript.yaml and on Hold'em's automatic flop: cards an automatic step puts
face up, what each seat was dealt, a card turned face up again, a per-seat variable
shown to all."""
import io
import random
from pathlib import Path

import rulekit
from rulekit.play.session import step
from rulekit.play.table import CardStyle
from rulekit.play.terminal import make_console
from rulekit.play.transcript import Transcript

TOY = str(Path(__file__).parent / "toys" / "transcript.yaml")


def _said(game, viewer=None, actions=()):
    """The transcript's lines for ``viewer`` of ``game`` after its deal and ``actions``."""
    out = io.StringIO()
    t = Transcript(game, viewer=viewer, console=make_console(out, color=False),
                   style=CardStyle(game.rules, ascii=True))
    t.deal()
    t.flush()
    for a in actions:
        step(game, a, t)
    return out.getvalue().splitlines()


def _dealt(game):
    """The cards the setup moved into each seat's hand, in order, from the events."""
    got = [[] for _ in range(game.n)]
    for ev in game.events:
        if ev["kind"] == "moved" and ev["to"][0] == "hand":
            got[ev["to"][1]] += ev["cards"]
    return got


def test_seat_is_dealt_says_what_was_dealt_not_the_hand_at_the_first_decision():
    rules = rulekit.load(TOY)
    game = rules.new_game(seed=3)
    dealt = _dealt(game)
    assert all(len(d) == 4 for d in dealt)
    assert all(len(game.z["hand"][s]) == 3 for s in range(game.n))  # one taken back
    lines = _said(game)
    for s in range(game.n):
        line = next(x for x in lines if x.startswith(f"  seat {s} is dealt "))
        assert sorted(line.split()[4:]) == sorted(dealt[s])
    # a seat reads its own deal as far as it has been shown it (not the card taken back
    # before its first decision), and nothing of the other's
    game = rules.new_game(seed=3)
    mine = [x for x in _said(game, viewer=1) if "is dealt" in x]
    shown = set(game.z["hand"][1]) | set(dealt[1]) & game.public   # (2B: on the board)
    assert len(mine) == 1 and sorted(mine[0].split()[4:]) == sorted(shown)
    gone = [c for c in dealt[0] if c not in game.z["hand"][0] and c not in game.public]
    said = " ".join(_said(rules.new_game(seed=3), viewer=0))
    assert gone and gone[0] not in said         # taken back before seat 0 saw it


def test_a_card_an_automatic_step_puts_face_up_is_named():
    rules = rulekit.load(TOY)
    game = rules.new_game(seed=3)
    first = list(game.z["board"])
    lines = _said(game, viewer=0)
    assert f"    to board: {' '.join(first)}" in lines        # the setup's card
    top = game.z["stock"][0]
    lines = _said(game, viewer=1, actions=["play " + game.z["hand"][0][0]])
    assert lines[-1] == f"    to board: {top}" and game.z["board"][-1] == top


def test_holdems_flop_dealt_by_an_automatic_step_is_shown():
    """HLD-7: the flop, turn and river are dealt to the board by automatic steps; the
    transcript names them as they come (the announcement after them too)."""
    rules = rulekit.load("holdem")
    game = rules.new_game(players=3, seed=5)
    rng = random.Random(5)
    out = io.StringIO()
    t = Transcript(game, viewer="public", console=make_console(out, color=False),
                   style=CardStyle(rules, ascii=True))
    t.deal()
    t.flush()
    while not game.finished and game.hand_no == 1:
        legal = game.legal_actions()
        step(game, "call" if "call" in legal else "check" if "check" in legal
             else rng.choice(legal), t)
    lines = out.getvalue().splitlines()
    flop = next(i for i, x in enumerate(lines) if x.startswith("    * the flop: "))
    cards = lines[flop].split(": ")[1]
    assert lines[flop - 1] == f"    to board: {cards}" and len(cards.split()) == 3
    turn = next(i for i, x in enumerate(lines) if x.startswith("    * the turn: "))
    assert lines[turn - 1] == f"    to board: {lines[turn].split()[-1]}"


def test_a_card_turned_face_up_again_is_named_each_time():
    """`flip` turns seat 1's first card up; the next turn lets it be seen only by seat 1
    again; flipped again, it is named again (it was face up before in this hand)."""
    rules = rulekit.load(TOY)
    game = rules.new_game(seed=3)
    card = game.z["hand"][1][0]
    plays = [f"play {c}" for c in game.z["hand"][0][:2]]
    lines = _said(game, viewer=0, actions=[plays[0], "flip", plays[1], "flip"])
    flips = [x for x in lines if x.startswith("  seat 1: flip")]
    assert flips == [f"  seat 1: flip (face up: {card})"] * 2
    assert card in game.public                  # (known to all since the first flip)


def test_a_per_seat_variable_shown_to_all_is_on_the_tables_header():
    """`show: true` on a per-seat variable: each seat's value on the header, the
    reader's first."""
    from rulekit.play.table import render_view
    rules = rulekit.load(TOY)
    game = rules.new_game(seed=3)
    game.apply("play " + game.z["hand"][0][0])
    style = CardStyle(rules, ascii=True)
    assert render_view(game, 1, style)[0].endswith(" | played: you 0, seat 0 1")
    assert render_view(game, 0, style)[0].endswith(" | played: you 1, seat 1 0")


def test_a_per_seat_variable_shown_to_all_is_on_the_web_page_too():
    from rulekit.web.page import page_state
    rules = rulekit.load(TOY)
    game = rules.new_game(seed=3)
    game.apply("play " + game.z["hand"][0][0])
    state = page_state(game, 1, [], [{}] * game.n, 1)
    assert state["vars"] == [{"label": "played, you", "text": "0"},
                             {"label": "played, seat 0", "text": "1"}]
