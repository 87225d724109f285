"""Typed choices on their own, in a toy game (tests/toys/choices.yaml): a choice domain
of suits, whole numbers, seats, ranks or words gives actions whose choice has that
type (`call R`, `bid 2`, `pass_to 1`, `name 5`, `say yes`), formatted and parsed by
type, listed once each, checked as they are listed, recorded and replayed."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rulekit

TOY = Path(__file__).parent / "toys" / "choices.yaml"


def new(players=3, seed=1, **options):
    return rulekit.load(str(TOY), options or None).new_game(players=players, seed=seed)


def strings(game) -> list:
    return [str(a) for a in game.legal_actions()]


def test_each_kind_lists_its_items_as_action_strings():
    game = new()
    assert strings(game) == ["call R", "call B"]                 # suits(), in cards order
    game.apply("call B")
    assert game.v["called"] == "B"                               # the chosen name is the suit
    hand = game.z["hand"][0]
    assert strings(game) == ["bid 1", "bid 2", "bid 3"] + [f"play {c}" for c in hand]
    game.apply("bid 2")
    assert game.v["bid"] == 2                                    # a whole number
    assert strings(game) == ["pass_to 1", "pass_to 2"]           # seats other than the actor
    card = game.z["hand"][0][0]
    game.apply("pass_to 2")
    assert game.v["target"] == 2 and card in game.z["hand"][2]
    assert strings(game) == ["name 4", "name 5", "name 6"]       # ranks >= 3, by name
    game.apply("name 5")
    assert game.v["named"] == 4                                  # a rank is its index
    assert strings(game) == ["say yes", "say no"]                # listed once each
    game.apply("say yes")
    assert game.v["word"] == "yes"
    assert game.result.status == "finished" and game.result.winners == [2]
    assert game.history == ["call B", "bid 2", "pass_to 2", "name 5", "say yes"]


def test_actions_carry_their_value_and_no_cards():
    game = new()
    call = game.legal_actions()[1]
    assert (call.name, call.cards, call.choice, call.seat) == ("call", (), "B", 0)
    assert call.key == ("call", ("=", "B")) and call != game.legal_actions()[0]
    assert len({*game.legal_actions()}) == 2


@pytest.mark.parametrize("text, value", [
    ("call b", "B"), ("CALL B", "B"), ("call  R", "R"),
])
def test_a_suit_is_parsed_case_insensitively(text, value):
    game = new()
    game.apply(text)
    assert game.v["called"] == value


def test_a_rank_may_be_given_by_an_alias():
    game = new()
    for a in ("call R", "bid 1", "pass_to 1"):
        game.apply(a)
    game.apply("name six")                       # cards.aliases: {six: "6"}
    assert game.v["named"] == 5 and game.history[-1] == "name 6"


@pytest.mark.parametrize("text", ["call X", "call", "call R B", "bid 4", "bid two", "bid 2.0",
                                  "pass_to 0", "name 1"])
def test_what_is_not_offered_is_illegal_with_the_legal_ones_named(text):
    game = new()
    steps = {"call": [], "bid": ["call R"], "pass_to": ["call R", "bid 1"],
             "name": ["call R", "bid 1", "pass_to 1"]}[text.split()[0]]
    for a in steps:
        game.apply(a)
    before = game.dump()
    with pytest.raises(rulekit.IllegalAction) as exc:
        game.apply(text)
    assert "legal:" in str(exc.value) and exc.value.legal == strings(game)
    assert game.dump() == before


def test_an_action_from_another_game_is_matched_by_value():
    a, b = new(seed=1), new(seed=2)
    a.apply(b.legal_actions()[1])                # another game's `call B`
    assert a.v["called"] == "B"


def test_a_word_with_a_space_stops_the_game_with_a_message():
    game = new(words="spaced")
    for a in ("call R", "bid 1", "pass_to 1", "name 4"):
        game.apply(a)
    assert game.result.status == "aborted"
    assert "action 'say' offers 'two words', which is not a word (text without spaces or commas)" \
        in game.result.message


@pytest.mark.parametrize("domain, words", [
    ("[true, false]", "not bools"),
    ("[[1, 2]]", "not lists"),
])
def test_domains_of_other_items_are_refused(tmp_path, domain, words):
    text = TOY.read_text(encoding="utf-8").replace("choose: n in numbers(1, 3)",
                                                   f"choose: n in {domain}")
    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    line = text.splitlines().index(f"        choose: n in {domain}") + 1
    assert words in str(exc.value) and f"c.yaml:{line}:17" in str(exc.value)
    assert "unknown name 'n'" not in str(exc.value)      # one error, not one per use


def test_numbers_is_bounded_in_a_listing_but_an_amount_is_not(tmp_path):
    """numbers(a, b) as the whole domain is an amount (a choice in parts, never
    listed): 5000 numbers are fine; inside a larger domain it is listed, at most 1000."""
    f = tmp_path / "big.yaml"
    f.write_text(TOY.read_text(encoding="utf-8").replace("numbers(1, 3)", "numbers(1, 5000)"),
                 encoding="utf-8")
    game = rulekit.load(str(f)).new_game(players=3, seed=1)
    game.apply("call R")
    assert game.result.status == "in_progress"
    assert game.part_count("bid") is None       # legal reads the amount: 5000 checks
    with pytest.raises(rulekit.TooManyChoices) as exc:       # are more than a cheap count
        game.legal_actions()
    assert exc.value.count is None and "more than 2000" in str(exc.value)
    game.apply("bid 4321")
    assert game.history[-1] == "bid 4321"
    f.write_text(TOY.read_text(encoding="utf-8").replace("numbers(1, 3)",
                                                         "numbers(1, 5000) + numbers(1, 0)"),
                 encoding="utf-8")
    game = rulekit.load(str(f)).new_game(players=3, seed=1)
    game.apply("call R")
    assert game.result.status == "aborted"
    assert "numbers(1, 5000): more than 1000 numbers" in game.result.message


def test_records_of_typed_choices_replay_byte_for_byte(tmp_path):
    shutil.copy(TOY, tmp_path / "choices.yaml")
    run = [sys.executable, "-m", "rulekit"]
    rec = tmp_path / "r.json"
    played = subprocess.run(run + ["play", "choices.yaml", "--seed", "3", "--record",
                                   str(rec), "--json"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    record = json.loads(rec.read_text(encoding="utf-8"))
    assert record["actions"][0] in ("call R", "call B")
    assert record["actions"][1].split()[0] in ("bid", "play")
    again = subprocess.run(run + ["replay", str(rec), "--json"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stdout == played.stdout


# ---- several cards in one choice: combinations and subsets --------------------------------

MULTI = """\
rulekit: 1
name: multi
players: {min: 2, max: 3}
cards: {ranks: 1 2 3 4 5 6 7 8, suits: R B}
options:
  k: {type: int, min: 1, max: 8, default: 2}
zones:
  hand: {per: seat, see: owner}
  table: {per: game, see: all}
setup:
  - deal: {from: deck, to: hand, each: 3}
phases:
  main:
    start: t
    actions:
      pass:
        choose: p in combinations(hand[actor], option.k)
        do:
          - move: p to table
      some:
        choose: p in subsets(hand[actor], 1, 2)
        legal: count(p) == 1 or rank(first(p)) != rank(last(p))
        do:
          - move: p to table
    steps:
      t:
        actor: 0
        actions: [pass, some]
        next:
          - goto: t
            do:
              - end_game: {winner: 0}
"""


def multi(tmp_path, text=MULTI, **options):
    f = tmp_path / "multi.yaml"
    f.write_text(text, encoding="utf-8")
    return rulekit.load(str(f), options or None)


def test_combinations_and_subsets_offer_every_choice_of_cards_once(tmp_path):
    import itertools
    rules = multi(tmp_path)
    for seed in range(10):
        game = rules.new_game(players=2, seed=seed)
        hand = game.z["hand"][0]
        got = [(a.name, frozenset(a.cards)) for a in game.legal_actions()]
        want = [("pass", frozenset(p)) for p in itertools.combinations(hand, 2)] + [
            ("some", frozenset(p)) for n in (1, 2) for p in itertools.combinations(hand, n)
            if n == 1 or rules.rank_of[p[0]] != rules.rank_of[p[1]]]
        assert got == want
        for a in game.legal_actions():          # a play's cards ascending by rank
            assert [rules.rank_of[c] for c in a.cards] == sorted(rules.rank_of[c] for c in a.cards)
        chosen = game.legal_actions()[0]
        game.apply(" ".join([chosen.name] + list(reversed(chosen.cards))))   # any order
        assert sorted(game.z["table"]) == sorted(chosen.cards)


def test_a_count_that_is_not_fixed_is_refused_inside_a_listed_domain(tmp_path):
    """subsets(...) as the whole domain is a set part, its counts free; inside a larger
    domain it is listed, so its counts must be fixed."""
    text = MULTI.replace("subsets(hand[actor], 1, 2)", "subsets(hand[actor], 1, count(hand[actor]))")
    game = multi(tmp_path, text).new_game(players=2, seed=0)
    import itertools
    hand, rank = game.z["hand"][0], game.rules.rank_of
    assert game.part_count("some") == sum(            # 1 to 3 cards, ends of two ranks
        1 for n in (1, 2, 3) for p in itertools.combinations(hand, n)
        if n == 1 or rank[p[0]] != rank[p[-1]])
    text = MULTI.replace("subsets(hand[actor], 1, 2)",
                         "subsets(hand[actor], 1, count(hand[actor])) + []")
    with pytest.raises(rulekit.RulesetError) as exc:
        multi(tmp_path, text)
    assert "multi.yaml:21:46:" in str(exc.value)       # at count(...)
    assert "subsets needs fixed counts (a number or an option)" in str(exc.value)


def test_too_many_combinations_are_not_listed_but_chosen(tmp_path):
    """combinations(hand, 8) of 16 cards: 12870 choices, more than a listing holds; the
    game goes on, legal_actions() says why it cannot list them, a random legal action
    and a typed one are taken."""
    import random
    text = MULTI.replace("  - deal: {from: deck, to: hand, each: 3}",
                         "  - move: deck to hand[0]")
    game = multi(tmp_path, text, k="8").new_game(players=2, seed=0)
    assert game.result.status == "in_progress"
    assert game.part_count("pass") == 12870
    with pytest.raises(rulekit.TooManyChoices) as exc:
        game.legal_actions()
    assert "more than 2000 cannot be listed" in str(exc.value)
    act = game.random_legal(random.Random(1))
    assert act.name in ("pass", "some") and str(act) == " ".join([act.name, *act.cards])
    eight = sorted(game.z["hand"][0])[:8]
    game.apply("pass " + " ".join(eight))
    assert sorted(game.z["table"]) == eight


# ---- private actions ------------------------------------------------------------------

def transcript_lines(viewer, seed=1, actions=("call R", "bid 1", "pass_to 2", "name 4", "say no")):
    import io
    from contextlib import redirect_stdout
    from rulekit.play.session import step
    from rulekit.play.transcript import Transcript
    game = new(seed=seed)
    out = io.StringIO()
    with redirect_stdout(out):
        t = Transcript(game, viewer=viewer)
        for a in actions:
            step(game, a, t)
    return game, out.getvalue().splitlines()


def test_a_private_action_shows_its_text_to_its_actor_only():
    game, lines = transcript_lines(viewer=1)
    assert "  seat 0: passes 1 card to seat 2" in lines
    assert not any("pass_to" in ln for ln in lines)
    _, own = transcript_lines(viewer=0)
    assert "  seat 0: pass_to 2" in own
    _, everything = transcript_lines(viewer=None)         # the all-seeing transcript
    assert "  seat 0: pass_to 2" in everything
    ev = [e for e in game.events if e["kind"] == "action" and e["action"] == "pass_to 2"][0]
    assert ev["public"] == "passes 1 card to seat 2"
    assert game.history[2] == "pass_to 2"                  # the record keeps it whole


def test_private_true_shows_the_action_name_and_hides_the_card(tmp_path):
    text = TOY.read_text(encoding="utf-8").replace(
        '        private: "passes {count(take(hand[actor], 1))} card to seat {s}"\n', "").replace(
        "        choose: c in hand[actor]\n", "        choose: c in hand[actor]\n        private: true\n")
    f = tmp_path / "p.yaml"
    f.write_text(text, encoding="utf-8")
    import io
    from contextlib import redirect_stdout
    from rulekit.play.session import step
    from rulekit.play.transcript import Transcript
    game = rulekit.load(str(f)).new_game(players=3, seed=1)
    card = game.z["hand"][0][0]
    out = io.StringIO()
    with redirect_stdout(out):
        t = Transcript(game, viewer=2)
        step(game, "call R", t)
        step(game, f"play {card}", t)
    assert "  seat 0: play (hidden)" in out.getvalue().splitlines()
    assert card not in out.getvalue()


@pytest.mark.parametrize("private, words", [
    ('"passes {count(nothing_here)}"', "unknown name 'nothing_here'"),
    ('"passes {count(p}"', "the expression ends too early"),
    ('"passes {s"', "private: '{' without a closing '}'"),
    ("3", "private must be"),
])
def test_private_is_checked(tmp_path, private, words):
    text = TOY.read_text(encoding="utf-8").replace(
        'private: "passes {count(take(hand[actor], 1))} card to seat {s}"', f"private: {private}")
    f = tmp_path / "p.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert words in str(exc.value) and "p.yaml:" in str(exc.value)


# ---- what the review of typed choices found -----------------------------------------------

def words_game(tmp_path, words: str, name: str = "say"):
    text = TOY.read_text(encoding="utf-8").replace(
        "['yes', 'no', 'yes'] if option.words == 'plain' else ['two words']", words).replace(
        "      say:\n", f"      {name}:\n", 1).replace("actions: [say]", f"actions: [{name}]")
    f = tmp_path / "w.yaml"
    f.write_text(text, encoding="utf-8")
    game = rulekit.load(str(f)).new_game(players=3, seed=1)
    for a in ("call R", "bid 1", "pass_to 1", "name 4"):
        game.apply(a)
    return game


def test_words_that_differ_by_case_are_told_apart_exactly(tmp_path):
    game = words_game(tmp_path, "['Yes', 'yes']")
    assert strings(game) == ["say Yes", "say yes"]
    game.apply("say yes")
    assert game.v["word"] == "yes"
    game = words_game(tmp_path, "['Yes', 'yes']")
    with pytest.raises(rulekit.IllegalAction):        # YES: which one? neither exactly
        game.apply("say YES")
    game.apply("say Yes")
    assert game.v["word"] == "Yes"


def test_a_word_with_a_comma_is_the_rulesets_mistake(tmp_path):
    game = words_game(tmp_path, "['a,b', 'c']")
    assert game.result.status == "aborted"
    assert "offers 'a,b', which is not a word (text without spaces or commas)" in \
        game.result.message


def test_an_action_with_capitals_and_a_typed_choice_parses(tmp_path):
    game = words_game(tmp_path, "['yes', 'no']", name="Say")
    assert strings(game) == ["Say yes", "Say no"]
    game.apply("say no")
    assert game.history[-1] == "Say no" and game.v["word"] == "no"


def test_a_typed_action_not_offered_now_is_illegal_not_bad_card_text():
    game = new()                                     # at the step of `call`
    for text in ("bid 2", "pass_to 1", "name 5", "say yes"):
        with pytest.raises(rulekit.IllegalAction) as exc:
            game.apply(text)
        assert not isinstance(exc.value, rulekit.CardError), text
        assert "legal: call R, call B" in str(exc.value)


@pytest.mark.parametrize("domain", ["seats() + ranks()", "[1, 'a']", "numbers(0, 2) + suits()",
                                    "suits() if bid == 0 else ranks()"])
def test_a_domain_that_mixes_kinds_is_refused_when_checked(tmp_path, domain):
    text = TOY.read_text(encoding="utf-8").replace("choose: n in numbers(1, 3)",
                                                   f"choose: n in {domain}")
    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(rulekit.RulesetError) as exc:
        rulekit.load(str(f))
    assert "choose: the choices mix kinds of items" in str(exc.value)
