"""What a person at the table is shown and may ask, without a terminal (issue: a table a
person can learn and enjoy): the `display:` construct of a phase on its own toy game, the
plays on the table grouped by who played them, what a cardless action would pick up
(never what the seat cannot know), the cards you get, `undo` (rulekit.play.session.rewind)
and `hint`."""
import io
import json
import re
from pathlib import Path

import pytest

import rulekit
from rulekit.play.agents import GreedyAgent, RandomAgent
from rulekit.play.coach import hint
from rulekit.play.session import UNDO, rewind, step
from rulekit.play.table import CardStyle, action_lines, gains, render_view, table_values
from rulekit.play.terminal import HumanAgent, make_console
from rulekit.play.transcript import Transcript

TOY = str(Path(__file__).parent / "toys" / "beat.yaml")


def _toy():
    rules = rulekit.load(TOY)
    return rules, rules.new_game(seed=1)


def test_table_lines_show_values_and_mark_the_play_they_name():
    rules, game = _toy()
    game.apply("play 2B")
    lines = render_view(game, 1, CardStyle(rules, ascii=True))
    assert "  table: seat 0: 2B [bold]<- to beat[/bold]" in lines   # marked on its play
    assert not any(line.startswith("  to beat:") for line in lines)  # (not twice)
    assert "  cards down: 1" in lines and "  whose turn: seat 1" in lines
    assert "  next card: [dim]??[/dim]" in lines       # the stock's top: hidden from all
    assert [v for _, v, _ in table_values(game, 0)][:2] == [["2B"], 1]


def test_a_table_line_that_names_no_play_is_its_own_line():
    rules, game = _toy()
    lines = render_view(game, 0, CardStyle(rules, ascii=True))
    assert "  table: [dim]-[/dim]" in lines
    assert not any("to beat" in line for line in lines)     # nothing to beat: no line


def test_a_bad_table_expression_is_a_validation_error_at_its_place(tmp_path):
    text = Path(TOY).read_text().replace("cards down: count(table)", "cards down: count(tabel)")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    rules, diags = rulekit.check(str(bad))
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "count(tabel)" in ln)
    assert rules is None
    assert any(d.severity == "error" and d.pos.line == line and "tabel" in d.message
               for d in diags)


def test_take_shows_what_it_picks_up_and_a_draw_shows_nothing_hidden():
    rules, game = _toy()
    game.apply("play 2B")
    take = next(a for a in game.legal_actions() if a.name == "take")
    assert gains(game, 1, take) == ["2B"]
    lines = action_lines(game, game.legal_actions(), CardStyle(rules, ascii=True), seat=1)
    assert any("take [dim](picks up 2B)[/dim]" in line for line in lines)
    # Mattis phase 1: the stock play turns an unknown card; what it brings is not said
    mattis = rulekit.load("mattis")
    g = mattis.new_game(players=4, seed=3)
    stock = next(a for a in g.legal_actions() if a.name == "stock")
    assert gains(g, g.to_act, stock) == []


def test_actions_are_grouped_by_name_and_suit_when_many():
    rules = rulekit.load("atlanta_mattis", options={"sequences": True})
    game = rules.new_game(players=3, seed=5)
    agent = RandomAgent(2)
    while len(game.legal_actions()) <= 12:
        game.apply(agent.choose(game))
    acts = game.legal_actions()
    lines = action_lines(game, acts, CardStyle(rules, ascii=True), width=60)
    numbers = [int(n) for line in lines for n in re.findall(r"(\d+)\[/bold\]\)", line)]
    assert sorted(numbers) == list(range(1, len(acts) + 1))       # every action, once
    assert len(lines) < len(acts)
    assert all(len(re.sub(r"\[/?\w+\]", "", ln)) <= 60 for ln in lines)


def test_the_cards_you_get_are_told_to_you_only():
    rules = rulekit.load("mattis")
    game = rules.new_game(players=4, seed=3)
    out = io.StringIO()
    console = make_console(out, color=False)
    t = Transcript(game, viewer=0, console=console, style=CardStyle(rules, ascii=True))
    t.deal()
    t.flush()
    agents = {s: RandomAgent(s) for s in range(4)}
    while game.actions < 12:
        step(game, agents[game.to_act].choose(game), t)
    text = out.getvalue()
    got = [c for line in text.splitlines() if line.strip().startswith("you get")
           for c in line.split()[2:]]
    assert got and all(c in game.z["hand"][0] + game.z["won"][0] + game.z["trick"]
                       + [x for h in game.z["hand"] for x in h] for c in got)
    dealt = set(text.split("seat 0 is dealt")[1].splitlines()[0].split())
    assert not set(got) & dealt                      # the deal is not "got" again


def test_rewind_gives_the_game_as_replayed_to_that_point():
    rules = rulekit.load("durak")
    game = rules.new_game(players=3, seed=8)
    agent = RandomAgent(1)
    while game.actions < 30:
        game.apply(agent.choose(game))
    history = list(game.history)
    again = game.restart()
    for text in history[:17]:
        again.apply(text)
    rewind(game, 17)
    assert game.dump() == again.dump() and game.history == history[:17]
    with pytest.raises(ValueError):
        rewind(game, 18)


def test_undo_takes_back_to_the_previous_decision_as_if_it_never_happened():
    rules = rulekit.load("mattis")
    game = rules.new_game(players=3, seed=2)
    out = io.StringIO()
    style = CardStyle(rules, ascii=True)
    person = HumanAgent(0, make_console(out, color=False), style,
                        inp=io.StringIO("1\nundo\nundo\n2\nquit\n"))
    agents = {0: person, 1: RandomAgent(1), 2: RandomAgent(2)}
    from rulekit.play.terminal import Abandoned
    while game.to_act != 0:
        game.apply(agents[game.to_act].choose(game))
    start = len(game.history)
    first = person.choose(game)                 # "1"
    game.apply(first)
    while game.to_act != 0:
        game.apply(agents[game.to_act].choose(game))
    assert person.choose(game) is UNDO          # "undo": back to before "1"
    assert len(game.history) == start and game.to_act == 0
    second = person.choose(game)                # "undo" again: nothing to undo; then "2"
    assert "nothing to undo" in out.getvalue()
    assert str(second) in {str(a) for a in game.legal_actions()} and str(second) != str(first)
    with pytest.raises(Abandoned):
        person.choose(game)


def test_hint_is_the_search_bots_choice_and_changes_nothing():
    rules = rulekit.load("hearts")
    game = rules.new_game(players=4, seed=6)
    agent = RandomAgent(4)
    while len(game.legal_actions()) < 3:
        game.apply(agent.choose(game))
    before, state = json.dumps(game.dump(), sort_keys=True), game.rng.getstate()
    said = hint(game, game.to_act)
    assert json.dumps(game.dump(), sort_keys=True) == before
    assert game.rng.getstate() == state
    assert said == hint(game, game.to_act)                   # the same hint twice
    named = said.split(" - ")[0].removeprefix("hint: ")
    assert named in {str(a) for a in game.legal_actions()}
    assert "where a position scores minus the points taken by you" in said   # the heuristic
    assert re.search(r"chosen in \d+ of \d+ simulated games", said)      # and the search
    scored = GreedyAgent(0).scores(game)
    assert len(scored) == len(game.legal_actions())


def test_explain_says_what_the_display_lines_show():
    from rulekit.analysis.describe import explain
    text = explain(rulekit.load(TOY))
    assert 'At the table, a person sees "cards down": the number of cards in the table.' \
        in text
    assert 'a person sees "next card": the top card of the stock.' in text


def test_passing_your_own_cards_is_not_getting_them():
    # HRT-3: the three cards you give go to your own `passing` pile first; only the cards
    # passed to you by another seat are "you get"
    rules = rulekit.load("hearts")
    game = rules.new_game(players=4, seed=6)
    out = io.StringIO()
    t = Transcript(game, viewer=0, console=make_console(out, color=False),
                   style=CardStyle(rules, ascii=True))
    t.deal()
    t.flush()
    dealt = set(game.z["hand"][0])
    agent = RandomAgent(3)
    while game.z["passing"][0] or game.phase == "hand" and any(
            a.name == "give" for a in game.legal_actions()):
        step(game, agent.choose(game), t)
    got = [c for line in out.getvalue().splitlines() if line.strip().startswith("you get")
           for c in line.split()[2:]]
    assert got and set(got) == set(game.z["hand"][0]) - dealt     # exactly the passed-in


def test_the_pass_direction_is_shown_while_passing():
    # HRT-3: a person sees where their cards go while the cards are passed, not after
    rules = rulekit.load("hearts")
    game = rules.new_game(players=4, seed=6)
    style = CardStyle(rules, ascii=True)
    assert "  pass your cards: left" in render_view(game, game.to_act, style)
    agent = RandomAgent(1)
    while any(a.name == "give" for a in game.legal_actions()):
        game.apply(agent.choose(game))
    assert not any("pass your cards" in ln for ln in render_view(game, game.to_act, style))


def test_a_take_previews_only_what_the_take_itself_moves():
    # the toy's `take` moves the table to the taker's hand: its own effects; a draw that
    # follows (from the stock, hidden) is never part of the preview
    rules, game = _toy()
    game.apply("play 2B")
    take = next(a for a in game.legal_actions() if a.name == "take")
    trial = game.clone()
    start = len(trial.events)
    trial.apply(take)
    own = trial.events[start + 1:trial.events[start]["until"]]
    moved = [c for ev in own if ev["kind"] == "moved" for c in ev["cards"]]
    assert gains(game, 1, take) == [c for c in moved if c == "2B"] == ["2B"]


def test_undo_after_resume_and_at_a_simultaneous_step():
    from rulekit.play.terminal import past_decisions
    rules = rulekit.load(str(Path(__file__).parent / "toys" / "simultaneous.yaml"))
    game = rules.new_game(players=3, seed=2)
    bots = {s: RandomAgent(s) for s in range(3)}
    for _ in range(2):                       # two rounds of bids: 6 choices, 2 decisions each
        for s in range(3):
            game.apply(bots[s].choose(game, seat=s))
    assert past_decisions(game, 0) == [0, 3] and past_decisions(game, 2) == [0, 3]
    game.apply(bots[1].choose(game, seat=1))                 # a bot chose first this round
    out = io.StringIO()
    person = HumanAgent(0, make_console(out, color=False), CardStyle(rules, ascii=True),
                        inp=io.StringIO("undo\n"))           # as after --resume: no memory
    assert person.choose(game) is UNDO
    assert len(game.history) == 3 and not game._pending       # back to round two's start


def test_the_hot_seat_handover_clears_the_scrollback_too():
    from rich.console import Console

    from rulekit.play.terminal import HotSeat
    out = io.StringIO()
    screen = HotSeat(Console(file=out, force_terminal=True, width=80, highlight=False))
    screen.handover(2, io.StringIO("\n"))
    text = out.getvalue()
    assert "\x1b[2J" in text and "\x1b[3J" in text        # the screen, then its scrollback
    assert text.index("\x1b[3J") < text.index("pass the screen to seat 2")


def test_a_seat_shown_to_all_reads_as_a_seat():
    # DUR-4: the attacker and defender of the bout are named as seats in the header
    rules = rulekit.load("durak")
    game = rules.new_game(players=4, seed=3)
    head = render_view(game, 0, CardStyle(rules, ascii=True))[0]
    assert f"attacker: seat {game.v['attacker']}" in head
    assert f"defender: seat {game.v['defender']}" in head


def test_after_the_rule_book_the_table_is_shown_again():
    rules = rulekit.load("mattis")
    game = rules.new_game(players=3, seed=2)
    out = io.StringIO()
    person = HumanAgent(game.to_act, make_console(out, color=False),
                        CardStyle(rules, ascii=True), inp=io.StringIO("rules\n1\n"))
    person.choose(game)
    text = out.getvalue()
    book = text.index("MAT-")                      # the rule book's text, with its rule ids
    assert "your hand:" in text[book:]             # then the hand and the table again
