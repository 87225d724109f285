"""Card values as data (cards.values and the value() built-in), on their own in a toy
pack: a card's own value, else its rank's, else its suit's, else 0."""
import pytest

import rulekit

TOY = """\
rulekit: 1
name: values_toy
players: {min: 2, max: 2}
cards:
  ranks: 2 3 A
  suits: C H S
  values: {H: 1, A: 11, 3S: -2}
zones:
  hand: {per: seat, see: owner}
setup:
  - deal: {from: deck, to: hand, each: 1}
phases:
  main:
    start: t
    actions:
      pass: {choose: nothing}
    steps:
      t:
        actor: 0
        actions: [pass]
        next:
          - goto: t
            do:
              - end_game: {scores: "map(seats(), s -> sum_of(hand[s], c -> value(c)))"}
"""


def load(tmp_path, text=TOY):
    f = tmp_path / "v.yaml"
    f.write_text(text, encoding="utf-8")
    return rulekit.load(str(f))


@pytest.mark.parametrize("card, value", [("AH", 11), ("2H", 1), ("3H", 1), ("2C", 0),
                                         ("AS", 11), ("3S", -2), ("2S", 0)])
def test_a_cards_value_is_its_own_else_its_ranks_else_its_suits(tmp_path, card, value):
    game = load(tmp_path.joinpath()).new_game(players=2, seed=1)
    assert game.evaluate(f"value(card('{card}'))") == value
    assert game.evaluate("value(null)") is None


def test_values_feed_scores(tmp_path):
    game = load(tmp_path).new_game(players=2, seed=3)
    game.apply("pass")
    want = [sum(game.rules.cards.value_of[c] for c in h) for h in game.z["hand"]]
    assert game.result.scores == want


def test_a_value_key_that_names_nothing_is_refused_where_it_is(tmp_path):
    with pytest.raises(rulekit.RulesetError) as exc:
        load(tmp_path, TOY.replace("3S: -2", "ZZ: 4"))
    assert "v.yaml:7:" in str(exc.value)
    assert "cards.values: 'ZZ' is not a card, a rank or a suit of this pack" in str(exc.value)
    with pytest.raises(rulekit.RulesetError) as exc:
        load(tmp_path, TOY.replace("3S: -2", "3S: x"))
    assert "v.yaml:7:" in str(exc.value)
