"""API misuse raises the documented exceptions with a message (RulesetError, ValueError,
IllegalAction, CardError), never TypeError, AttributeError or KeyError."""
import pytest

import rulekit

RULES = rulekit.load("mattis")


@pytest.mark.parametrize("call, exc, words", [
    (lambda: rulekit.load("mattis", options="x"), ValueError, "options must be a dict"),
    (lambda: rulekit.load("mattis", options={1: True}), ValueError, "keys are option names"),
    (lambda: rulekit.load("mattis", options={"sequences": "maybe"}), rulekit.RulesetError,
     "must be true or false"),
    (lambda: rulekit.load("no_such_game"), rulekit.RulesetError, "unknown ruleset"),
    (lambda: RULES.new_game(deck=123), ValueError, "deck must be card texts"),
    (lambda: RULES.new_game(deck=["AS"]), rulekit.CardError, "bad deck"),
    (lambda: RULES.new_game(seed="x"), ValueError, "seed must be a whole number"),
    (lambda: RULES.new_game(max_actions=True), ValueError, "max_actions"),
    (lambda: RULES.new_game(players="4"), ValueError, "players"),
    (lambda: RULES.new_game(dealer=1.5), ValueError, "dealer must be a seat"),
    (lambda: RULES.new_game(random_version=3), ValueError, "random_version"),
    (lambda: RULES.parse_card(7), rulekit.CardError, "bad card '7'"),
    (lambda: RULES.parse_card("QQ"), rulekit.CardError, "bad card 'QQ'"),
    (lambda: RULES.new_game(seed=1).apply(None), rulekit.IllegalAction, "not legal"),
    (lambda: RULES.new_game(seed=1).apply("play QS QS"), rulekit.IllegalAction, "not legal"),
    (lambda: RULES.new_game(seed=1).view(99), ValueError, "seat must be from 0"),
    (lambda: RULES.new_game(seed=1).evaluate("1 +" * 3000 + "1"), rulekit.RulesetError,
     "the limit is"),
    (lambda: RULES.new_game(seed=1).evaluate(5), rulekit.RulesetError, "expression is text"),
])
def test_misuse_raises_the_documented_exception(call, exc, words):
    with pytest.raises(exc, match=words) as info:
        call()
    assert type(info.value) not in (TypeError, AttributeError, KeyError)


def test_actions_handed_out_cannot_be_changed():
    game = RULES.new_game(seed=3)
    act = game.legal_actions()[0]
    for name, value in (("cards", ("AS",)), ("seat", 9), ("name", "take"), ("choice", "AS")):
        with pytest.raises(AttributeError, match="cannot be changed"):
            setattr(act, name, value)
    play = next(a for a in game.legal_actions() if a.choice is not None)
    play.choice.append("XX") if isinstance(play.choice, list) else None   # a copy
    before = str(play)
    game.apply(play)
    assert game.history[-1] == before
