"""Per-rule tests for the bundled `atlanta_mattis` ruleset.

Each test is named after the rule it checks (docs/rules/atlanta-mattis.md ATL-1..ATL-9,
on top of mattis.md and common.md) and asserts the state exactly where that rule bites.
Every expected value below was worked out by hand from the rule text; nothing is a copy
of engine output.

Phase-1 positions come from :func:`build_deck` (the 52-card deck, top first, that C-3
deals into the hands wanted). Phase-2 positions come from :func:`atl_plan`: a 3-player
game whose phase 1 is played almost entirely from the stock (C-5), so that each seat's
phase-2 hand is known card for card (see its docstring). Slough chances (ATL-4) that come
up on the way are declined by :func:`run`, which answers `pass` to them; tests about
sloughing apply every action themselves.
"""
from __future__ import annotations

import functools
from collections import Counter

import pytest

import rulekit
from budget import games
from rulekit.play.agents import RandomAgent
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay
from ruleset_positions import (PACK, beating_plays, build_deck, deal_game, hands, legal,
                               load_rules, play, plays, rank, runs_of, seats_from, srt,
                               stock_tricks, won, zone)

RULESET = "atlanta_mattis"


# ---------------------------------------------------------------------------------------
# helpers (the shared ones are in tests/ruleset_positions.py)

def rules(options: dict | None = None):
    """The `atlanta_mattis` ruleset with ``options`` (list values allowed; loaded once
    per distinct options)."""
    return load_rules(RULESET, options)


def new_game(dealer, hands, stock=(), last=None, options=None, **kw):
    """A new 3-player (ATL-1) game dealt into ``hands``/``stock``/``last`` (see
    build_deck)."""
    return deal_game(RULESET, 3, dealer, hands, stock, last, options, **kw)


def sloughs(*cards) -> list[str]:
    return sorted([f"slough {c}" for c in cards] + ["pass"])


def n_actions(game) -> int:
    return game.dump()["actions"]


def run(game, actions):
    """Apply ``actions``; a slough chance (ATL-4) that comes up before an action that is
    not itself a slough or a pass is declined with `pass`."""
    for act in actions:
        while act.split()[0] not in ("pass", "slough") and "pass" in legal(game):
            game.apply("pass")
        game.apply(act)


def decline(game):
    """Pass every pending slough chance (ATL-4)."""
    while "pass" in legal(game):
        game.apply("pass")


# hands dealt by atl_plan: the seat left of the dealer ("a") gets 2s, the next ("b") 3s,
# the dealer ("g") 4s; they play them in tricks 15-17, which g wins.
LOW = {"a": ["2C", "2D", "2H"], "b": ["3C", "3D", "3H"], "g": ["4C", "4D", "4H"]}


def atl_plan(won_a=(), won_b=(), trump_card="KD", dealer=2, g=None):
    """A 3-player game and the actions that play phase 1 so that phase 2 starts with seat
    g (default: the dealer) holding every card but those of ``won_a`` (triples), held
    by seat a = left of g, and of ``won_b``, held by seat b = left of a (before the ATL-6
    dreck).

    Phase 1 as planned (reasoned from the rules):
    * C-3: a is dealt 2C 2D 2H, b 3C 3D 3H, g 4C 4D 4H; 43 stock cards.
    * 14 tricks are played with `stock` only (42 actions). The dealer's left leads the
      first (MAT-2); the first ones are won by g, then a's and b's triples (their
      highest card falls to them, MAT-3). Nobody's hand shrinks, nobody draws (C-5, C-4). No forced match
      (ATL-2) stops a `stock`: the highest card at a follower's turn never has the rank
      2, 3 or 4 of that follower's hand (checked by the game itself: `stock` would be
      illegal). Slough chances (ATL-4) are declined.
    * The stock holds the trump card only: `stock` is illegal (C-5). Tricks 15-17 are
      played from hand: g's 4 beats a's 2 and b's 3 (no seat holds another seat's rank,
      so nobody is forced). After trick 15 g draws the last stock card face up (C-6).
    * Trick 18: g leads the trump card; a must play with no card and no stock, so phase 1
      ends (MAT-7) and the trump card goes back to g (kept).
    * Phase 2 (MAT-8): hands = won + kept; g won the last trick and leads (MAT-9).
    """
    g = dealer if g is None else g
    a, b = (g + 1) % 3, (g + 2) % 3
    held = {a: LOW["a"], b: LOW["b"], g: LOW["g"]}
    own = [(a, list(t)) for t in won_a] + [(b, list(t)) for t in won_b]
    fixed = [c for h in held.values() for c in h] + [c for _, t in own for c in t] + [trump_card]
    assert len(set(fixed)) == len(fixed)
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)
    m = 14 - len(own)                      # stock tricks won by g
    assert len(rest) == 3 * m and m >= 4
    tricks = [(g, [rest[i], rest[m + 2 * i], rest[m + 2 * i + 1]]) for i in range(m)]
    stock, leader = stock_tricks(3, (dealer + 1) % 3, tricks + own)
    deck = build_deck(3, dealer, held, stock, trump_card)
    actions = ["stock"] * 42
    for i in range(3):
        for s in seats_from(leader, 3):
            actions.append(f"play {held[s][i]}")
        leader = g
    actions.append(f"play {trump_card}")
    expect = {a: srt(c for t in won_a for c in t), b: srt(c for t in won_b for c in t)}
    expect[g] = srt(c for c in PACK if c not in expect[a] + expect[b])
    return {"deck": deck, "actions": actions, "hands": expect, "a": a, "b": b, "g": g,
            "dealer": dealer, "trump_card": trump_card}


def atl_game(plan, options=None, upto=None, seed=0):
    game = rules(options).new_game(players=3, deck=plan["deck"], dealer=plan["dealer"],
                                   seed=seed)
    run(game, plan["actions"][:upto])
    return game


# Phase-2 setups (dealer 2: a = seat 0, b = seat 1, g = seat 2; trumps are diamonds).
# a and b hold 6 cards each: nobody holds fewer than 6, so there is no dreck (ATL-6).
RUNS = dict(won_a=[["TH", "7H", "8H"], ["JS", "9H", "7D"]],
            won_b=[["KS", "9S", "5S"], ["QC", "9C", "6C"]], trump_card="KD")
A_RUNS = srt(["TH", "7H", "8H", "JS", "9H", "7D"])
B_RUNS = srt(["KS", "9S", "5S", "QC", "9C", "6C"])


@functools.lru_cache(maxsize=None)
def _plan(key):
    return atl_plan(**{k: v for k, v in key})


def plan_for(**kw):
    key = tuple(sorted((k, tuple(tuple(t) for t in v) if isinstance(v, list) else v)
                       for k, v in kw.items()))
    return _plan(key)


def runs_game(options=None):
    plan = plan_for(**RUNS)
    game = atl_game(plan, options)
    d = game.dump()
    assert d["phase"] == "shed" and d["to_act"] == 2
    assert hands(game) == [A_RUNS, B_RUNS, plan["hands"][2]]      # no dreck
    return game, plan


# ---------------------------------------------------------------------------------------
# ATL-1 players

@pytest.mark.parametrize("n", [1, 2, 4, 5, 8])
def test_ATL_1_other_player_counts_raise(n):
    """ATL-1: exactly 3 players; any other count is refused."""
    with pytest.raises(ValueError):
        rules().new_game(players=n, seed=1)


def test_ATL_1_exactly_three_players_is_the_default_and_deals_per_C_3():
    """ATL-1: 3 players (also the default); 3 cards each, 43 in the stock (C-3)."""
    for game in (rules().new_game(players=3, seed=5), rules().new_game(seed=5)):
        d = game.dump()
        assert d["players"] == 3
        assert [len(h) for h in d["zones"]["hand"]] == [3, 3, 3]
        assert len(d["zones"]["stock"]) == 43


# ---------------------------------------------------------------------------------------
# ATL-2 forced match

def test_ATL_2_leader_is_never_forced():
    """ATL-2: the leader of a trick is never forced: seat 0 (left of dealer 2) may lead
    any card or the stock."""
    game = new_game(2, [["KC", "KD", "2S"], ["KH", "3C", "4C"], ["KS", "5C", "6C"]])
    assert game.to_act == 0
    assert legal(game) == plays("KC", "KD", "2S", extra=["stock"])


def test_ATL_2_forced_match_excludes_stock():
    """ATL-2: a follower holding the rank of the highest card must play such a card (any
    of them) and may not play from the stock."""
    game = new_game(2, [["9C", "2S", "3S"], ["9D", "9S", "2C"], ["5H", "6H", "7H"]])
    game.apply("play 9C")
    assert game.to_act == 1
    assert legal(game) == plays("9D", "9S")             # no 2C, no stock
    game.apply("play 9S")
    assert zone(game, "trick") == ["9C", "9S"]


def test_ATL_2_match_the_current_highest_card_not_a_lower_one():
    """ATL-2: the card to match is the current highest of the trick: after 9C, KD seat 2
    must play a king (not its 9H); a seat holding only a losing rank is free."""
    game = new_game(2, [["9C", "2S", "3S"], ["KD", "2C", "3C"], ["9H", "KH", "KS"]])
    game.apply("play 9C")
    assert legal(game) == plays("KD", "2C", "3C", extra=["stock"])   # no 9: free
    game.apply("play KD")
    # seat 0 holds no 9 any more, so there is no slough chance; seat 2 has not played
    assert game.to_act == 2
    assert legal(game) == plays("KH", "KS")
    # same trick, but seat 2 holds only a 9 (the rank of a losing card): free
    game = new_game(2, [["9C", "2S", "3S"], ["KD", "2C", "3C"], ["9H", "5D", "6D"]])
    play(game, "play 9C", "play KD")
    assert game.to_act == 2
    assert legal(game) == plays("9H", "5D", "6D", extra=["stock"])


TIE_HANDS = [["6C", "6D", "2S"], ["KC", "8C", "KH"], ["KD", "KS", "8D"]]


def test_ATL_2_tie_break_round_first_player_free_later_ones_match_the_round():
    """ATL-2 + ATL-3/MAT-4: in a tie-break round the first player is free (seat 1 holds a
    king, the trick's highest rank, and may still play anything or the stock); a later
    player must match the highest card of the current round (seat 2 must play 8D, not
    its king, and not the stock)."""
    game = new_game(2, TIE_HANDS)
    game.apply("play 6C")
    assert legal(game) == plays("KC", "8C", "KH", extra=["stock"])
    game.apply("play KC")
    assert game.to_act == 0 and legal(game) == sloughs("6D")   # ATL-4 window
    game.apply("pass")
    assert game.to_act == 2
    assert legal(game) == plays("KD", "KS")             # forced to a king
    game.apply("play KD")
    assert game.to_act == 0 and legal(game) == sloughs("6D")
    game.apply("pass")                                   # seats 1, 2: nothing to slough
    # MAT-4: seats 1 and 2 tie with kings; seat 1 played first
    assert game.to_act == 1
    assert legal(game) == plays("8C", "KH", extra=["stock"])
    game.apply("play 8C")
    assert game.to_act == 2 and legal(game) == sloughs("8D")
    game.apply("pass")
    assert game.to_act == 0 and legal(game) == sloughs("6D")
    game.apply("pass")
    assert game.to_act == 2
    assert legal(game) == plays("8D")                    # the round's highest is 8C
    game.apply("play 8D")                                # tie again, with eights
    assert game.to_act == 0 and legal(game) == sloughs("6D")
    game.apply("pass")
    assert game.to_act == 1
    assert legal(game) == plays("KH", extra=["stock"])   # first of round 2: free
    game.apply("play KH")
    assert game.to_act == 0 and legal(game) == sloughs("6D")   # seat 2 holds KS only
    game.apply("pass")
    assert game.to_act == 2
    assert legal(game) == plays("KS")                    # must match the round's king


SLOUGH_MATCH_HANDS = [["JC", "JD", "2S"], ["KC", "8C", "3H"], ["KD", "JH", "4S"]]


def test_ATL_2_a_slough_is_never_the_card_to_match():
    """ATL-2/ATL-4: a slough is not a play: seat 0 sloughs JD during the tie-break round
    after seat 1's 8C; seat 2 holds JH but no 8, so it is free (the round's highest play
    is 8C). The sloughed jack, though higher than 8C, does not win (ATL-4)."""
    game = new_game(2, SLOUGH_MATCH_HANDS, stock=["AS", "AH", "AD", "AC", "QS", "QH"])
    game.apply("play JC")
    assert legal(game) == plays("KC", "8C", "3H", extra=["stock"])
    game.apply("play KC")
    assert game.to_act == 0 and legal(game) == sloughs("JD")
    game.apply("pass")
    assert legal(game) == plays("KD")                    # forced: the trick's highest
    game.apply("play KD")
    assert game.to_act == 0 and legal(game) == sloughs("JD")
    game.apply("pass")
    assert game.to_act == 2 and legal(game) == sloughs("JH")
    game.apply("pass")
    assert game.to_act == 1                              # tie-break round, seat 1 first
    game.apply("play 8C")
    assert game.to_act == 2 and legal(game) == sloughs("JH")
    game.apply("pass")
    assert game.to_act == 0 and legal(game) == sloughs("JD")
    game.apply("slough JD")                              # seat 0 keeps 2S: not losing
    assert zone(game, "trick") == ["JC", "KC", "KD", "8C", "JD"]
    assert game.to_act == 2                              # seat 1 (3H) skipped
    assert legal(game) == plays("JH", "4S", extra=["stock"])
    game.apply("play 4S")
    assert game.to_act == 2 and legal(game) == sloughs("JH")   # 4 and J and 8 lose
    game.apply("pass")
    # 8C beats 4S: seat 1 wins, with the sloughed JD (MAT-5, ATL-4)
    assert won(game) == [[], srt(["JC", "KC", "KD", "8C", "JD", "4S"]), []]
    assert zone(game, "trick") == [] and game.to_act == 1
    # refill from seat 1 (3H: needs 2), then 2 (JH: 2), then 0 (2S: 2)
    assert hands(game) == [srt(["2S", "QS", "QH"]), srt(["3H", "AS", "AH"]),
                           srt(["JH", "AD", "AC"])]


# ---------------------------------------------------------------------------------------
# ATL-3 ties

def test_ATL_3_tied_players_play_again_from_the_first_tied_player():
    """ATL-3 (MAT-4): dealer 0, so seat 1 leads; seats 2 and 0 tie with kings (seat 0 is
    forced to match, ATL-2); they play again starting with seat 2, who played first;
    the higher new card wins every card and leads; refill from the winner (C-4)."""
    game = new_game(0, [["KD", "7S", "4S"], ["5C", "9D", "2D"], ["KC", "3H", "8H"]],
                    stock=["AS", "AH", "AD", "AC", "QS"])
    assert game.to_act == 1
    play(game, "play 5C", "play KC")
    assert game.to_act == 0 and legal(game) == plays("KD")
    game.apply("play KD")
    assert game.to_act == 2                              # not seat 0 (lower number)
    assert legal(game) == plays("3H", "8H", extra=["stock"])
    game.apply("play 3H")
    assert game.to_act == 0
    assert legal(game) == plays("7S", "4S", extra=["stock"])
    game.apply("play 7S")
    assert won(game) == [srt(["5C", "KC", "KD", "3H", "7S"]), [], []]
    assert zone(game, "trick") == [] and game.to_act == 0
    assert hands(game) == [srt(["4S", "AS", "AH"]), srt(["9D", "2D", "AD"]),
                           srt(["8H", "AC", "QS"])]


def test_ATL_3_only_ties_for_highest_matter():
    """ATL-3 (MAT-4): two fives (the second forced, ATL-2) under a king: no tie-break."""
    game = new_game(0, [["KH", "7S", "4S"], ["5C", "9D", "2D"], ["5D", "3H", "8H"]])
    game.apply("play 5C")
    assert legal(game) == plays("5D")
    play(game, "play 5D", "play KH")
    assert won(game) == [srt(["5C", "5D", "KH"]), [], []]
    assert zone(game, "trick") == [] and game.to_act == 0
    assert n_actions(game) == 3


# ---------------------------------------------------------------------------------------
# ATL-4 sloughing (phase 1)

W_HANDS = [["5C", "5S", "9D"], ["KD", "9S", "2C"], ["9H", "5H", "3D"]]
W_STOCK = ["AS", "AH", "AD", "AC", "QS", "QH"]


def _w_game(options=None):
    # dealer 2: seat 0 leads, then 1, 2. Nobody is forced (ATL-2): seat 1 holds no 5,
    # seat 2 no king.
    return new_game(2, W_HANDS, stock=W_STOCK, options=options)


def test_ATL_4_only_seats_that_have_played_get_a_chance():
    """ATL-4: after seat 1's KD the 5 is losing; seat 0 (has played, holds 5S) is asked;
    seat 2 holds 5H but has not played to the trick, so it is not."""
    game = _w_game()
    game.apply("play 5C")
    assert game.to_act == 1 and n_actions(game) == 1     # one card: nothing loses
    game.apply("play KD")
    assert game.to_act == 0
    assert legal(game) == sloughs("5S")                  # 9D is not a losing rank
    game.apply("pass")
    assert game.to_act == 2
    assert legal(game) == plays("9H", "5H", "3D", extra=["stock"])


def test_ATL_4_seat_with_nothing_to_slough_is_skipped_without_a_decision():
    """ATL-4: seat 1 (9S 2C, no losing rank) is skipped after seat 0's pass; no `pass`
    is recorded for it."""
    game = _w_game()
    play(game, "play 5C", "play KD", "pass")
    assert n_actions(game) == 3
    assert game.to_act == 2
    assert make_record(game, RULESET, {}, 0)["actions"] == ["play 5C", "play KD", "pass"]


def test_ATL_4_chances_go_clockwise_from_the_left_of_who_just_played():
    """ATL-4: after seat 2's 9H (5 and 9 lose) the chances go 0, 1, then 2 itself; a
    slougher keeps its chance until it passes or has nothing left to slough."""
    game = _w_game()
    play(game, "play 5C", "play KD", "pass", "play 9H")
    assert game.to_act == 0
    assert legal(game) == sloughs("5S", "9D")
    game.apply("slough 5S")
    assert game.to_act == 0                              # keeps the chance
    assert legal(game) == sloughs("9D")
    game.apply("slough 9D")                              # hand empty: chance over
    assert hands(game)[0] == []
    assert game.to_act == 1
    assert legal(game) == sloughs("9S")
    game.apply("slough 9S")                              # 2C left: not losing
    assert game.to_act == 2
    assert legal(game) == sloughs("5H")                  # 3D not losing
    assert zone(game, "trick") == ["5C", "KD", "9H", "5S", "9D", "9S"]
    assert n_actions(game) == 7


def test_ATL_4_shared_window_option_any_seat_may_slough_first():
    """ATL-4 with `slough_window: shared`: after seat 2's 9H both seats that may slough
    (0 and 1, and 2 itself: it holds 5H) are asked at once, precedence from seat 2's
    left; seat 1 sloughs before seat 0 and the record names each seat."""
    game = _w_game({"slough_window": "shared"})
    play(game, "play 5C", "play KD", "0: pass", "play 9H")
    assert game.actors == [0, 1, 2] and game.to_act == 0
    assert sorted(str(a) for a in game.legal_actions(1)) == sloughs("9S")
    game.apply("1: slough 9S")
    assert game.actors == [0, 2]                         # 2C left: seat 1 has nothing
    game.apply("2: pass")                                # it leaves the window
    assert game.actors == [0] and legal(game) == sloughs("5S", "9D")
    game.apply("0: slough 9D")
    game.apply("0: pass")
    # the window closed; the trick is complete and KD (seat 1) takes the sloughs too
    assert won(game)[1] == srt(["5C", "KD", "9H", "9S", "9D"])
    assert make_record(game, RULESET, {}, 0)["actions"][-5:] == [
        "play 9H", "1: slough 9S", "2: pass", "0: slough 9D", "0: pass"]


def test_ATL_4_shared_window_played_by_bots_is_the_clockwise_reading():
    """ATL-4: bots always act when asked, so in a shared window they act in precedence
    order, from the player's left: the very game the clockwise reading gives, each
    action string written with its seat."""
    for seed in range(games(3, 12)):
        a = rules().new_game(players=3, seed=seed)
        b = rules({"slough_window": "shared"}).new_game(players=3, seed=seed)
        for g in (a, b):
            agent = RandomAgent(seed)
            while not g.finished:
                g.apply(agent.choose(g))
        assert a.result == b.result and a.dump()["zones"] == b.dump()["zones"]
        assert [h.split(": ", 1)[-1] for h in b.history] == a.history
        assert any(": " in h for h in b.history) or not any(
            h.startswith(("slough", "pass")) for h in a.history)


def test_ATL_4_sloughed_cards_go_to_the_winner_and_sloughers_draw_more():
    """ATL-4: sloughed cards never win and go to the trick's winner (seat 1, KD);
    sloughing reduces the hand, so seat 0 draws 3 at the refill (C-4: winner first)."""
    game = _w_game()
    play(game, "play 5C", "play KD", "pass", "play 9H",
         "slough 5S", "slough 9D", "slough 9S", "pass")
    assert won(game) == [[], srt(["5C", "KD", "9H", "5S", "9D", "9S"]), []]
    assert zone(game, "trick") == []
    # seat 1 (2C) draws AS AH; seat 2 (5H 3D) AD; seat 0 (nothing) AC QS QH
    assert hands(game) == [srt(["AC", "QS", "QH"]), srt(["2C", "AS", "AH"]),
                           srt(["5H", "3D", "AD"])]
    assert game.to_act == 1
    assert len(zone(game, "stock")) == 43 - 6


def test_ATL_4_tie_break_order_losing_rank_over_whole_trick_and_outsider_sloughs():
    """ATL-4 in a tie-break (kings of seats 1 and 2): after seat 1's round card 8C the
    chances start left of seat 1 (seat 2, not the trick's leader seat 0); 8 is losing
    (below the king), though it is the highest card of the round; seat 0, outside the
    tie-break, may still slough; a king is never losing here."""
    game = new_game(2, TIE_HANDS)
    play(game, "play 6C", "play KC", "pass", "play KD", "pass", "play 8C")
    assert game.to_act == 2
    assert legal(game) == sloughs("8D")                  # KS: not a losing rank
    game.apply("pass")
    assert game.to_act == 0
    assert legal(game) == sloughs("6D")
    game.apply("pass")                                   # seat 1 (KH) skipped
    assert game.to_act == 2 and legal(game) == plays("8D")


def test_ATL_4_a_slough_is_not_a_play_tied_player_still_plays_its_round_card():
    """ATL-4: a slough does not count as a play: seat 2 sloughs 8D in the tie-break round
    and still plays its round card (now free: no 8 left, ATL-2); the round's new cards
    decide (KS beats 8C) and the winner gets the slough too."""
    game = new_game(2, TIE_HANDS)
    play(game, "play 6C", "play KC", "pass", "play KD", "pass", "play 8C")
    game.apply("slough 8D")
    assert game.to_act == 0 and legal(game) == sloughs("6D")   # seat 2 has only KS
    game.apply("pass")
    assert game.to_act == 2
    assert legal(game) == plays("KS", extra=["stock"])
    game.apply("play KS")
    assert game.to_act == 0 and legal(game) == sloughs("6D")
    game.apply("pass")
    assert won(game) == [[], [], srt(["6C", "KC", "KD", "8C", "8D", "KS"])]
    assert game.to_act == 2


def test_ATL_4_slough_is_no_lead_for_stock_play_lead_only():
    """ATL-4 + C-5 `stock_play: lead_only`: only the trick's first card may come from the
    stock; a slough is no lead, so after seat 0's slough seat 2 still may not play from
    the stock, nor may the tied players in the tie-break round."""
    opts = {"stock_play": "lead_only"}
    game = _w_game(opts)
    assert legal(game) == plays("5C", "5S", "9D", extra=["stock"])
    play(game, "play 5C")
    assert legal(game) == plays("KD", "9S", "2C")
    play(game, "play KD", "slough 5S")
    assert game.to_act == 2
    assert legal(game) == plays("9H", "5H", "3D")
    game = new_game(2, TIE_HANDS, options=opts)
    play(game, "play 6C", "play KC", "slough 6D", "play KD")
    assert game.to_act == 1                              # tie-break round
    assert legal(game) == plays("8C", "KH")


# ---------------------------------------------------------------------------------------
# ATL-5 end of phase 1

ATL5 = dict(won_a=[["KS", "7S", "8D"], ["QH", "9C", "TD"]],
            won_b=[["KC", "6S", "9D"], ["QS", "8C", "7C"]], trump_card="2S")


def test_ATL_5_unfinished_trick_returns_sloughs_to_the_sloughers():
    """ATL-5 (MAT-6, MAT-7): g (seat 2) draws the trump card 2S face up after trick 15;
    b (seat 1) sloughs its last card in trick 16 and so has no card in trick 17: phase 1
    ends when it must play, and every card of the unfinished trick, the slough 2S of
    seat 2 included, goes back to the seat that put it there."""
    plan = plan_for(**ATL5)
    game = atl_game(plan, upto=45)                       # 42 stock plays + trick 15
    decline(game)                                        # b and a could slough a 3, a 2
    d = game.dump()
    # trick 15: b 3C, g 4C, a 2C (b won the 14th trick); g won, drew 2S face up
    assert d["zones"]["stock"] == [] and d["vars"]["trump"] == "S"
    assert hands(game) == [srt(["2D", "2H"]), srt(["3D", "3H"]), srt(["4D", "4H", "2S"])]
    assert [c for c in game.view(0)["zones"]["hand"][2] if c] == ["2S"]
    run(game, ["play 4D"])                               # trick 16, g leads
    game.apply("play 2D")
    assert game.to_act == 2 and legal(game) == sloughs("2S")
    game.apply("pass")
    assert game.to_act == 0 and legal(game) == sloughs("2H")
    game.apply("pass")
    assert game.to_act == 1 and legal(game) == plays("3D", "3H")
    game.apply("play 3D")
    assert game.to_act == 2 and legal(game) == sloughs("2S")
    game.apply("pass")
    assert game.to_act == 0 and legal(game) == sloughs("2H")
    game.apply("pass")
    assert game.to_act == 1 and legal(game) == sloughs("3H")
    game.apply("slough 3H")                              # b's last card
    d = game.dump()
    assert d["zones"]["trick"] == [] and d["to_act"] == 2
    assert hands(game) == [["2H"], [], ["2S", "4H"]]     # no stock: no refill
    game.apply("play 4H")                                # trick 17
    game.apply("play 2H")                                # a's last card
    assert game.to_act == 2 and legal(game) == sloughs("2S")
    game.apply("slough 2S")                              # g's last card
    d = game.dump()
    assert d["phase"] == "shed"                          # b must play: no card, no stock
    assert d["zones"]["trick"] == [] and d["zones"]["stock"] == []
    a, b, g = plan["hands"][0], plan["hands"][1], plan["hands"][2]
    # 2H back to a (not won by g as in the plan); 4H and the slough 2S back to g
    assert hands(game) == [srt(a + ["2H"]), b, [c for c in g if c != "2H"]]
    assert "4H" in g and "2S" in g and "3H" in g         # 3H: slough of won trick 16
    assert d["to_act"] == 2                              # MAT-9: g won trick 16


def test_ATL_5_sloughs_of_a_finished_trick_go_to_its_winner():
    """ATL-5/ATL-4: only the unfinished trick goes back: the slough 3H of the finished
    trick 16 went to its winner g's won pile, not back to seat 1."""
    plan = plan_for(**ATL5)
    game = atl_game(plan, upto=46)
    play(game, "play 2D", "pass", "pass", "play 3D", "pass", "pass", "slough 3H")
    w = won(game)
    assert "3H" in w[2] and "3H" not in hands(game)[1]
    assert srt(["4D", "2D", "3D", "3H"]) == srt(c for c in w[2] if c in ("4D", "2D", "3D", "3H"))


# ---------------------------------------------------------------------------------------
# ATL-6 the dreck

def dreck_rule(start: dict, trump: str, threshold=6, ranks="2345", trump_six=True,
               everyone=False):
    """ATL-6 as written: (kept cards per seat, dreck cards, receivers)."""
    receivers = [s for s in sorted(start) if len(start[s]) < threshold]
    if not receivers:
        return {s: list(h) for s, h in start.items()}, [], []

    def given(c):
        return c[0] in ranks or (trump_six and c == "6" + trump)

    kept, dreck = {}, []
    for s, h in sorted(start.items()):
        if everyone or len(h) >= threshold:
            kept[s] = [c for c in h if not given(c)]
            dreck += [c for c in h if given(c)]
        else:
            kept[s] = list(h)
    return kept, dreck, receivers


def check_dreck(game, plan, **rule):
    """Compare the phase-2 hands with ATL-6 applied to the planned hands: givers keep
    exactly their other cards; the receivers, dealt one at a time from the dealer's
    left, get every dreck card between them (ceil/floor of half, first receiver more)."""
    trump = plan["trump_card"][1]
    kept, dreck, receivers = dreck_rule(plan["hands"], trump, **rule)
    got = hands(game)
    for s in range(3):
        if s not in receivers:
            assert got[s] == srt(kept[s]), s
    order = [s for s in seats_from((plan["dealer"] + 1) % 3, 3) if s in receivers]
    extra = Counter()
    for i, s in enumerate(order):
        share = len(dreck[i::len(order)]) if order else 0   # one at a time, in turn
        assert len(got[s]) == len(kept[s]) + share, s
        rest = Counter(got[s]) - Counter(kept[s])
        assert sum(rest.values()) == share
        extra += rest
    assert extra == Counter(dreck)
    return kept, dreck, receivers


# a (seat 0) 3 cards; b (seat 1) 6 cards with 2S 4S and the 6 of trumps; trumps hearts
DRECK1 = dict(won_a=[["KS", "5S", "8D"]],
              won_b=[["QC", "6H", "2S"], ["JC", "4S", "6C"]], trump_card="KH")


def test_ATL_6_dreck_goes_to_the_seat_under_6_giver_left_under_6_gets_none():
    """ATL-6: seat 0 holds 3 (< 6): seats 1 and 2 (6 or more) give all 2s-5s and the 6 of
    trumps (6H; not 6C). Seat 1 is left with 3 cards and receives none; seat 0 (the
    only receiver) gets all 16, and keeps its own 5S (it does not give)."""
    plan = plan_for(**DRECK1)
    game = atl_game(plan)
    d = game.dump()
    assert d["phase"] == "shed" and d["vars"]["trump"] == "H"
    g_low = [c for c in plan["hands"][2] if c[0] in "2345"]
    assert srt(g_low) == srt(["2C", "2D", "2H", "3C", "3D", "3H", "3S",
                              "4C", "4D", "4H", "5C", "5D", "5H"])
    assert hands(game)[1] == srt(["QC", "JC", "6C"])
    assert hands(game)[0] == srt(["KS", "5S", "8D", "2S", "4S", "6H"] + g_low)
    assert hands(game)[2] == srt(c for c in plan["hands"][2] if c not in g_low)
    assert "6D" in hands(game)[2] and "6S" in hands(game)[2]
    assert d["zones"].get("dreck", []) == []
    assert d["to_act"] == 2                              # MAT-9
    check_dreck(game, plan)


def test_ATL_6_no_dreck_when_nobody_holds_fewer_than_6():
    """ATL-6: seats holding 6, 6 and 40 cards: nobody is under 6, nothing moves (g keeps
    its 2s-5s)."""
    game, plan = runs_game()
    assert "2C" in hands(game)[2] and "5S" in hands(game)[1]


@pytest.mark.parametrize("opts, rule", [
    ({"dreck_ranks": [2, 3]}, {"ranks": "23"}),
    ({"dreck_trump_six": False}, {"trump_six": False}),
    ({"dreck_ranks": [2, 3], "dreck_trump_six": False}, {"ranks": "23", "trump_six": False}),
])
def test_ATL_6_options_dreck_ranks_and_dreck_trump_six(opts, rule):
    """ATL-6 options `dreck_ranks` (the ranks given) and `dreck_trump_six`."""
    plan = plan_for(**DRECK1)
    game = atl_game(plan, opts)
    kept, dreck, receivers = check_dreck(game, plan, **rule)
    assert receivers == [0]
    b = hands(game)[1]
    if rule.get("ranks") == "23":
        assert "4S" in b and "2S" not in b and "5C" in hands(game)[2]
        assert "4C" in hands(game)[2] and "3C" in hands(game)[0]
    if rule.get("trump_six") is False:
        assert "6H" in b
    else:
        assert "6H" in hands(game)[0]


def test_ATL_6_dreck_threshold_option():
    """ATL-6 `dreck_threshold: 7`: seats 0 and 1 holding 6 are now receivers (dealer 2:
    seat 0 first); seat 2 gives its 15 low cards and the 6 of trumps (6D): 8 each."""
    plan = plan_for(**RUNS)
    game = atl_game(plan, {"dreck_threshold": 7})
    kept, dreck, receivers = check_dreck(game, plan, threshold=7)
    assert receivers == [0, 1] and len(dreck) == 16
    assert [len(h) for h in hands(game)] == [14, 14, 24]
    assert "5S" in hands(game)[1]                        # receivers do not give


# g = seat 1, a = seat 2 (KS 5S 4S), b = seat 0 (QC 7C 9D), the dealer; trumps hearts.
# Dealt from the dealer's left (seat 1), the receivers come in the order 2, 0: neither
# seat order nor the dealer first.
DRECK2 = dict(won_a=[["KS", "5S", "4S"]], won_b=[["QC", "7C", "9D"]], trump_card="AH",
              dealer=0, g=1)


def test_ATL_6_two_receivers_dealt_from_the_dealers_left():
    """ATL-6: seats 2 and 0 (the dealer) both hold 3; seat 1 gives its 14 low cards and
    6H (15). Dealt one at a time clockwise from the dealer's left, seat 1, which gives:
    seat 2 first gets 8, seat 0 gets 7."""
    plan = plan_for(**DRECK2)
    game = atl_game(plan, seed=3)
    kept, dreck, receivers = check_dreck(game, plan)
    assert receivers == [0, 2] and len(dreck) == 15
    assert [len(h) for h in hands(game)] == [10, 46 - 15, 11]
    assert "5S" in hands(game)[2] and "4S" in hands(game)[2]


def test_ATL_6_dreck_everyone_gives_option():
    """ATL-6 `dreck_everyone_gives: true`: seat 2 gives its 5S 4S too (17 in the dreck),
    and the receivers are still the seats under 6 at the start: seat 2 gets 9 (1 + 9),
    seat 0 gets 8 (3 + 8)."""
    plan = plan_for(**DRECK2)
    game = atl_game(plan, {"dreck_everyone_gives": True}, seed=3)
    kept, dreck, receivers = check_dreck(game, plan, everyone=True)
    assert receivers == [0, 2] and len(dreck) == 17
    assert [len(h) for h in hands(game)] == [11, 31, 10]


def test_ATL_6_dreck_is_shuffled_from_the_seed_and_a_record_replays_identically():
    """ATL-6 + INTERFACES 2: the dreck shuffle uses the game's seed: different seeds
    split the dreck differently, and a record (deck, dealer, seed, actions) that reaches
    the dreck replays to the identical state."""
    plan = plan_for(**DRECK2)
    splits = set()
    for seed in range(6):
        game = atl_game(plan, seed=seed)
        splits.add(tuple(hands(game)[2]))
        rec = make_record(game, RULESET, {}, seed, deck=plan["deck"])
        again = replay(rec)
        assert again.dump() == game.dump()
        assert again.dump()["phase"] == "shed"
    assert len(splits) > 1


# ---------------------------------------------------------------------------------------
# ATL-7 runs as one play

@pytest.mark.parametrize("min_run", [2, 3])
def test_ATL_7_leader_may_lead_every_single_and_run(min_run):
    """ATL-7: sequences are on; a leader may lead any card or any run of min_run or more
    cards (action strings list a run ascending)."""
    game, plan = runs_game({"min_run": min_run} if min_run != 2 else None)
    g = plan["hands"][2]
    expect = sorted([f"play {c}" for c in g] + [f"play {r}" for r in runs_of(g, min_run)])
    assert legal(game) == expect
    assert ("play 5H 6H" in expect) == (min_run == 2)
    assert "play 4H 5H 6H" in expect and "play 2S 3S 4S" in expect


def test_ATL_7_runs_are_on_by_default_input_in_any_order_and_10():
    """ATL-7 / INTERFACES 3: a run's cards may be given in any order (and `10` for `T`);
    the trick and the record list them ascending."""
    game, plan = runs_game()
    game.apply("play 6h 5H")
    assert zone(game, "trick") == ["5H", "6H"]
    assert game.to_act == 0
    game.apply("play 10H 9h")
    assert zone(game, "trick") == ["5H", "6H", "9H", "TH"]
    assert make_record(game, RULESET, {}, 0)["actions"][-2:] == ["play 5H 6H", "play 9H TH"]


@pytest.mark.parametrize("min_run, lead", [(2, "5H 6H"), (3, "4H 5H 6H")])
def test_ATL_7_run_beats_by_its_lowest_card(min_run, lead):
    """ATL-7/C-7: after a heart run topped by 6H, seat 0 (7H 8H 9H TH JS 7D, trumps
    diamonds) may play any heart above 6 or run of them (two-card runs only with
    min_run 2), or the trump 7D, or take."""
    game, plan = runs_game({"min_run": min_run} if min_run != 2 else None)
    game.apply(f"play {lead}")
    assert game.to_act == 0
    if min_run == 2:
        expect = plays("7H", "8H", "9H", "TH", "7H 8H", "8H 9H", "9H TH", "7H 8H 9H",
                       "8H 9H TH", "7H 8H 9H TH", "7D", extra=["take"])
    else:
        expect = plays("7H", "8H", "9H", "TH", "7H 8H 9H", "8H 9H TH", "7H 8H 9H TH",
                       "7D", extra=["take"])
    assert legal(game) == expect
    assert expect == sorted(beating_plays(A_RUNS, lead.split(), "D", min_run) + ["take"])


def test_ATL_7_single_beats_run_and_run_beats_single():
    """ATL-7/C-7: a single card may beat a run (JS on 2S 3S 4S) and a run may beat a
    single card (7H 8H on 6H)."""
    game, plan = runs_game()
    game.apply("play 2S 3S 4S")
    assert legal(game) == plays("JS", "7D", extra=["take"])   # 7D: trump
    game, plan = runs_game()
    game.apply("play 6H")
    assert "play 7H 8H" in legal(game) and "play 7H 8H 9H TH" in legal(game)
    game.apply("play 7H 8H")
    assert zone(game, "trick") == ["6H", "7H", "8H"]


def test_ATL_7_a_run_from_hand_is_illegal_when_too_short_or_broken():
    """ATL-7: with min_run 3 a two-card run is no play; cards that are not consecutive
    are no run."""
    game, plan = runs_game({"min_run": 3})
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 5H 6H")
    with pytest.raises(rulekit.IllegalAction):
        game.apply("play 4H 6H")
    assert zone(game, "trick") == [] and game.to_act == 2


# ---------------------------------------------------------------------------------------
# ATL-8 take the lowest unbroken run

def test_ATL_8_take_run_built_by_two_players():
    """ATL-8: 5H 6H (seat 2) then 7H 8H (seat 0): seat 1 takes 5-8H together; the trick
    is empty, so the seat left of the taker leads (C-7)."""
    game, plan = runs_game()
    play(game, "play 5H 6H", "play 7H 8H")
    assert legal(game) == ["take"]                       # no heart, no trump
    game.apply("take")
    assert hands(game)[1] == srt(B_RUNS + ["5H", "6H", "7H", "8H"])
    d = game.dump()
    assert d["zones"]["trick"] == [] and d["zones"]["out"] == []
    assert d["to_act"] == 2


def test_ATL_8_take_stops_where_the_run_breaks():
    """ATL-8: 5H 6H then 8H 9H: the run breaks after 6H, so the taker gets 5H 6H and 8H
    9H stays; the next player must beat 9H."""
    game, plan = runs_game()
    play(game, "play 5H 6H", "play 8H 9H", "take")
    assert hands(game)[1] == srt(B_RUNS + ["5H", "6H"])
    assert zone(game, "trick") == ["8H", "9H"]
    assert game.to_act == 2
    g = [c for c in plan["hands"][2] if c not in ("5H", "6H")]
    assert legal(game) == sorted(beating_plays(g, ["8H", "9H"], "D") + ["take"])
    game.apply("play JH")                                # 3rd play: complete (C-7)
    assert zone(game, "trick") == [] and sorted(zone(game, "out")) == srt(["8H", "9H", "JH"])
    assert game.to_act == 2


def test_ATL_8_take_stops_at_a_change_of_suit():
    """ATL-8: 6H then the trump 7D: consecutive rank but not the same suit: take 6H."""
    game, plan = runs_game()
    play(game, "play 6H", "play 7D", "take")
    assert hands(game)[1] == srt(B_RUNS + ["6H"])
    assert zone(game, "trick") == ["7D"] and game.to_act == 2


def test_ATL_8_voluntary_take_of_a_whole_run():
    """ATL-8 "cannot or does not want to beat": seat 0 could beat 4H 5H 6H but takes
    the whole run."""
    game, plan = runs_game()
    game.apply("play 4H 5H 6H")
    assert "take" in legal(game) and "play 7H" in legal(game)
    game.apply("take")
    assert hands(game)[0] == srt(A_RUNS + ["4H", "5H", "6H"])
    assert zone(game, "trick") == [] and game.to_act == 1


# ---------------------------------------------------------------------------------------
# ATL-9 trick end by count, a run is one play

def test_ATL_9_trick_ends_after_three_plays_a_run_counting_as_one():
    """ATL-9/C-7: 2S 3S 4S (one play, 3 cards) does not complete the 3-player trick; JS
    and KS do; KS's player wins it and leads."""
    game, plan = runs_game()
    game.apply("play 2S 3S 4S")
    assert zone(game, "trick") == ["2S", "3S", "4S"] and game.to_act == 0
    game.apply("play JS")
    assert zone(game, "trick") == ["2S", "3S", "4S", "JS"] and game.to_act == 1
    game.apply("play KS")
    d = game.dump()
    assert d["zones"]["trick"] == []
    assert sorted(d["zones"]["out"]) == srt(["2S", "3S", "4S", "JS", "KS"])
    assert d["to_act"] == 1
    assert legal(game) == plays("9S", "5S", "QC", "9C", "6C")


def test_ATL_9_a_taken_run_counts_as_one_play():
    """ATL-9/C-7 (plays made count, taken ones too): 2S 3S (1), JS (2), seat 1 takes the
    run 2S 3S, QS (3) completes the trick."""
    game, plan = runs_game()
    play(game, "play 2S 3S", "play JS")
    assert game.to_act == 1 and zone(game, "trick") == ["2S", "3S", "JS"]
    game.apply("take")
    assert hands(game)[1] == srt(B_RUNS + ["2S", "3S"])
    assert zone(game, "trick") == ["JS"] and game.to_act == 2
    game.apply("play QS")
    d = game.dump()
    assert d["zones"]["trick"] == [] and sorted(d["zones"]["out"]) == srt(["JS", "QS"])
    assert d["to_act"] == 2
