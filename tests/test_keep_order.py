"""`keep_order: true` on its own, in a toy game: an action whose choice is a play keeps
the play's cards in the order its domain lists them in the action's text ("cover 5R
2B": the table's card, then the covering one), instead of by rank; the action is still
parsed from its cards in any order, and recorded and replayed."""
import json

import pytest

import rulekit
from rulekit.errors import RulesetError
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

TOY = """
rulekit: 1
name: keep_order_toy
title: Keep-order toy
players: {min: 2, max: 2, default: 2}
cards: {ranks: 1 2 3 4 5, suits: R B}
zones:
  hand:  {per: seat, see: owner}
  table: {per: game, see: all}
  done:  {per: game, see: all}
setup:
  - deal: {from: deck, to: hand, each: 3}
  - move: first(deck) to table
phases:
  main:
    start: turn
    actions:
      cover:                       # a card of the table with a card of the hand (any)
        choose: p in combinations(table + hand[actor], 2)
        keep_order: KEEP
        legal: first(p) in table and last(p) in hand[actor]
        do:
          - move: p to done
      stop:
        choose: nothing
        do:
          - end_game: {loser: actor}
    steps:
      turn:
        actor: left_of(dealer)
        actions: [cover, stop]
        next: turn2
      turn2:
        actor: dealer
        actions: [stop]
        next: turn2
"""


def load(tmp_path, keep="true"):
    path = tmp_path / f"toy_{keep}.yaml"
    path.write_text(TOY.replace("KEEP", keep))
    return rulekit.load(str(path)), path


def test_the_text_keeps_the_domain_order_and_parses_in_any_order(tmp_path):
    rules, _ = load(tmp_path)
    deck = ["1R", "5B", "2R", "4B", "3R", "3B", "5R"]          # 5R turned up
    deck += [c for c in rules.pack if c not in deck]
    g = rules.new_game(players=2, dealer=1, deck=deck)
    covers = [str(a) for a in g.legal_actions() if a.name == "cover"]
    assert covers == ["cover 5R 1R", "cover 5R 2R", "cover 5R 3R"]   # table card first
    sorted_rules, _ = load(tmp_path, "false")
    g2 = sorted_rules.new_game(players=2, dealer=1, deck=deck)
    assert [str(a) for a in g2.legal_actions() if a.name == "cover"] == [
        "cover 1R 5R", "cover 2R 5R", "cover 3R 5R"]               # by rank, as always
    assert str(g.parse_action("cover 2r 5r")) == "cover 5R 2R"       # any order in
    g.apply("cover 2R 5R")
    assert g.history == ["cover 5R 2R"] and g.z["done"] == ["5R", "2R"]


def test_a_record_replays_with_the_kept_order(tmp_path):
    rules, path = load(tmp_path)
    g = rules.new_game(players=2, seed=4)
    g.apply(next(a for a in g.legal_actions() if a.name == "cover"))
    g.apply("stop")
    rec = json.loads(json.dumps(make_record(g, path.name, {}, 4)))
    again = replay(rec, rulesets=[tmp_path])
    assert again.history == g.history and again.dump() == g.dump()


def test_keep_order_is_only_for_plays(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(TOY.replace("KEEP", "true").replace(
        "choose: nothing\n        do:", "choose: nothing\n        keep_order: true\n        do:"))
    with pytest.raises(RulesetError, match="keep_order is for a choice of plays"):
        rulekit.load(str(path))
