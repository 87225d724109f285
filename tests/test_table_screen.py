"""The table a person sees, through a real pseudo-terminal of 24 rows by 80 columns
(issue: a table a person can learn and enjoy). A terminal emulator (pyte) keeps the
screen, so the tests assert what a person would see: in every bundled game the hand and
the table stay on screen at each decision; help, hint, undo and quit work; an illegal
move says why; several people at one screen do not see each other's hands."""
import json
import re

import pytest

import rulekit
from budget import games
from pty_table import Terminal

GAMES = [("mattis", 8), ("myllymatti", 4), ("mattis_norsk", 6), ("atlanta_mattis", 3),
         ("crazy_eights", 5), ("hearts", 5), ("skitgubbe", 5), ("durak", 6),
         ("president", 7)]


def _prompt_block(term):
    """The screen's rows from the view's first line (``seat N | phase``) to the prompt;
    fails when the view's first line has scrolled off."""
    rows = term.display()
    last = max(i for i, r in enumerate(rows) if "your action" in r)
    heads = [i for i, r in enumerate(rows[:last]) if re.match(r"seat \d \| phase", r)]
    assert heads, "the view's first line is off the screen:\n" + "\n".join(rows)
    return rows[heads[-1]:last + 1]


@pytest.mark.parametrize("name, players", GAMES)
def test_at_24_rows_the_hand_and_the_table_stay_on_screen(name, players):
    rules = rulekit.load(name)
    public = [z for z, d in rules.zones.items()
              if d.per == "game" and d.see == "all"]
    term = Terminal(["play", name, "--agent", "all=random",
                     "--human", "0", "--players", players, "--seed", 11])
    seen_table = 0
    for turn in range(games(15, 40)):              # decisions looked at
        if "your action" not in term.read_until("your action"):
            assert "Result:" in term.output.decode()          # the game ended
            break
        block = _prompt_block(term)
        text = "\n".join(block)
        assert "your hand:" in text, text
        seen_table += any(re.search(rf"^  {z}:", r) for z in public for r in block)
        term.type("1")
    term.type("quit")
    term.finish()
    assert turn >= 3 and seen_table >= 1          # the table's zone was on screen at decisions


def test_many_actions_are_grouped_by_suit_and_paged():
    # Atlanta Mattis with runs: phase 2 offers a dozen and more plays, grouped by suit;
    # on a 10-row screen they do not fit below the table, so they come in pages
    term = Terminal(["play", "atlanta_mattis", "--agent", "all=random", "--human", "0", "--seed", 5,
                     "--option", "sequences=true"], rows=10)
    for _ in range(120):
        out = term.read_until("your action")
        if re.search(r"^  play [♣♦♥♠]:", out, re.M):
            break
        term.type("1")
    else:
        raise AssertionError("no grouped actions in 120 decisions")
    first = out[out.rindex("seat 0 | phase"):]
    pages = re.search(r"actions: page 1 of (\d+); 'more' shows the next page", first)
    assert pages and int(pages.group(1)) >= 2
    term.type("more")
    second = term.read_until("your action")
    second = second[second.rindex("seat 0 | phase"):]
    assert "actions: page 2 of" in second
    groups = lambda text: set(re.findall(r"^  (play [♣♦♥♠]|take):", text, re.M))
    assert groups(second) - groups(first)         # the next page: other groups
    listed = [ln for ln in second.splitlines() if re.search(r"\d+\) ", ln)]
    assert listed and all(re.match(r"  (play [♣♦♥♠]|take):", ln) for ln in listed)  # headed
    term.type("quit")
    term.finish()


def test_help_hint_undo_and_an_illegal_move_with_its_reason(tmp_path):
    record = tmp_path / "g.json"
    term = Terminal(["play", "mattis", "--agent", "all=random",
                     "--human", "1", "--seed", "4", "--record", record])
    term.read_until("your action")
    term.type("help")
    out = term.read_until("your action")
    assert "hint (what a bot would play, and why)" in out and "undo" in out
    term.type("hint")
    out = term.read_until("your action")
    assert re.search(r"hint: (play \S+|stock) - ", out)
    term.type("plya 6s")                       # C-5: actions are play and stock
    out = term.read_until("your action")
    assert "'plya' is not an action here; did you mean 'play'?" in out
    term.type("undo")
    out = term.read_until("your action")
    assert "nothing to undo" in out
    term.type("1")
    before = term.read_until("your action")
    hand_after = re.findall(r"your hand: (.*)", before)[-1]
    term.type("undo")
    out = term.read_until("your action")
    assert "taken back" in out
    hand_back = re.findall(r"your hand: (.*)", out)[-1]
    assert hand_back != hand_after             # the card played is back in the hand
    term.type("quit")
    assert term.finish() == 0
    kept = json.loads(record.read_text())
    assert len(kept["actions"]) == 1     # seat 0's first action: as if the undone never were


def test_hot_seat_clears_the_screen_and_shows_what_happened_lately():
    term = Terminal(["play", "mattis", "--agent", "all=random",
                     "--human", "0", "--human", "2", "--seed", "3"])
    term.read_until("pass the screen to seat 0")
    term.type("")
    term.read_until("your action")
    mine = re.findall(r"your hand: (.*)", "\n".join(term.display()))
    term.type("1")
    term.read_until("pass the screen to seat 2")
    assert not any("your hand" in r for r in term.display())    # seat 0's hand is gone
    term.type("")
    term.read_until("your action")
    rows = term.display()
    assert any("lately:" in r for r in rows)
    assert any(re.match(r"\s+seat 0: (play|stock)", r) for r in rows)   # seat 0's move
    assert re.findall(r"your hand: (.*)", "\n".join(rows)) != mine
    term.type("quit")
    assert term.finish() == 0
