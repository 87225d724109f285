"""The OpenSpiel bridge (rulekit.openspiel): OpenSpiel's own API check on every bundled
ruleset and on toys with shared windows, simultaneous choices, typed choices and choices
in parts (set parts, amounts digit by digit, a card then a place); our
round trip (copies, action strings, a history replayed); information strings that
never show a hidden card; records; bad input; OpenSpiel's MCTS bot playing a game;
actions applied in place (a clone unchanged, a draw in the middle of the game);
resampling from an information state, and OpenSpiel's Python ISMCTS playing a hand.

CPU: about 13 s (a random game of each ruleset through random_sim_test, one MCTS
game and one ISMCTS hand with a few simulations per move)."""
import functools
import random
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import rulekit  # noqa: E402
from rulekit import openspiel  # noqa: E402
from rulekit.errors import IllegalAction, RecordError, RulesetError  # noqa: E402

TOYS = Path(__file__).parent / "toys"
# random play through the bridge makes these two long (crazy eights draws without
# end, hearts plays hand after hand): their random games are cut at 150 actions (the
# game then ends as aborted, a terminal state with zero returns)
LONG = {"crazy_eights": 150, "hearts": 150, "gin_rummy": 150}


@functools.lru_cache(maxsize=None)
def bridged(name, players=None, max_actions=10000):
    """The bridged game (loaded once: compiling a ruleset takes a while)."""
    return openspiel.load_game(name, players=players, max_actions=max_actions)


def chance(state, rng):
    outcomes = [o for o, _ in state.chance_outcomes()]
    state.apply_action(rng.choice(outcomes))


def play_out(state, rng, upto=None):
    """Random outcomes and random legal ids until the end (or ``upto`` ids)."""
    while not state.is_terminal() and (upto is None or len(state.history()) < upto):
        if state.is_chance_node():
            chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def dealt(game, rng):
    state = game.new_initial_state()
    while state.is_chance_node():
        chance(state, rng)
    return state


# games the bridge cannot play through yet, each with the reason (strict: a pass fails)
NOT_YET: dict = {}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[n])) if n in NOT_YET else n
    for n in sorted(rulekit.bundled())])
def test_openspiel_api_check_on_every_bundled_ruleset(name):
    game = bridged(name, max_actions=LONG.get(name, 10000))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = play_out(game.new_initial_state(), random.Random(name))
    result = state.rulekit_game.result
    if name in LONG:
        assert result.status in ("finished", "aborted")
    else:
        assert result.status == "finished"
    assert state.returns() == (result.returns if result.returns is not None
                               else [0.0] * game.num_players())


@pytest.mark.parametrize("toy,players", [("simultaneous", 3), ("window", 3), ("choices", 3),
                                        ("parts_bridge", 2), ("parts_bridge", 3),
                                        ("parts", 2), ("parts_big", 2)])
def test_openspiel_api_check_on_toys(toy, players):
    game = openspiel.load_game(str(TOYS / f"{toy}.yaml"), players=players, max_actions=200)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_serialized_state_reads_back_as_the_same_state():
    """Serialization (not part of the check above): a state is its game's parameters
    and the ids applied; OpenSpiel's own check passes with it too."""
    game = bridged("durak", players=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = play_out(game.new_initial_state(), random.Random(9), upto=80)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.information_state_string(1) == state.information_state_string(1)
    assert state2.legal_actions() == state.legal_actions()


def test_the_action_ids_are_bounded_by_the_pack_and_the_names():
    rules = rulekit.load("crazy_eights")
    game = openspiel.load_game("crazy_eights", players=2)
    names = {a.name for ph in rules.phases.values() for a in ph.actions.values()}
    # the cards, done, the names (call, draw, pass, play), a suit for call
    assert game.num_distinct_actions() == len(rules.pack) + 1 + len(names) + len(rules.suits)
    assert game.max_chance_outcomes() == len(rules.pack)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert openspiel.load_game("crazy_eights", players=3).get_type().utility == \
        pyspiel.GameType.Utility.GENERAL_SUM
    state = dealt(game, random.Random(1))
    # the deal was one chance node per card but the last, then the dealer draw
    assert len(state.history()) == len(rules.pack) - 1 + 1


def test_a_play_of_several_cards_is_picked_card_by_card():
    rules = rulekit.load("hearts")
    game = openspiel.load_game("hearts", players=4)
    state = dealt(game, random.Random(2))
    seat = state.current_player()
    assert len(state.rulekit_game.legal_actions()) == 286        # 3 of 13 cards to give
    ids = state.legal_actions()
    assert all(0 <= i < len(rules.pack) for i in ids) and len(ids) == 13
    for _ in range(3):                  # three picks, the third takes the action
        assert state.current_player() == seat
        state.apply_action(state.legal_actions()[0])
    assert state.rulekit_game.history[-1].startswith("give ")
    assert len(state.rulekit_game.history) == 1


def test_round_trip_copies_strings_and_history():
    game = openspiel.load_game("durak", players=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
            continue
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        assert len(set(texts)) == len(texts)            # each id says what it does
        copy = state.clone()
        assert str(copy) == str(state) and copy.history() == state.history()
        action = rng.choice(legal)
        before = str(state)
        copy.apply_action(action)
        assert str(state) == before                     # the copy is independent
        state.apply_action(action)
        assert str(copy) == str(state)
        seen += 1
    again = game.new_initial_state()
    for a in state.history():
        again.apply_action(a)
    assert str(again) == str(state) and again.returns() == state.returns()
    for s in range(3):
        assert again.information_state_string(s) == state.information_state_string(s)
        assert again.observation_string(s) == state.observation_string(s)
    assert seen > 20 and state.rulekit_game.result.status == "finished"
    assert sorted(state.returns()) in ([-1.0, 1.0, 1.0], [-1.0, -1.0, 1.0], [-1.0, 0.0, 1.0])


def hidden_from(state, seat) -> set:
    view = state.rulekit_game.view(seat)["zones"]
    shown = {c for z in view.values() for part in z
             for c in (part if isinstance(part, list) else [part]) if c is not None}
    return set(state.rulekit_game.rules.pack) - shown


def test_information_strings_never_show_a_hidden_card():
    """Two deals that differ only in two cards hidden from seat 0 (one in seat 1's hand,
    one in seat 2's): seat 0's information and observation strings are the same, step
    after step, while both cards stay hidden from it; seat 1's differ."""
    game = openspiel.load_game("mattis", players=4)
    rules = rulekit.load("mattis")
    first = dealt(game, random.Random(7))
    hands = first.rulekit_game.dump()["zones"]["hand"]
    a, b = hands[1][0], hands[2][0]
    ids = {c: i for i, c in enumerate(rules.pack)}
    swap = {ids[a]: ids[b], ids[b]: ids[a]}
    second = game.new_initial_state()
    for o in first.history():
        second.apply_action(swap.get(o, o) if second.is_chance_node() and
                            second.move_number() < len(rules.pack) - 1 else o)
    assert second.rulekit_game.dump()["zones"]["hand"][1][0] == b
    assert first.information_state_string(1) != second.information_state_string(1)
    rng, steps = random.Random(8), 0
    while not first.is_terminal() and {a, b} <= hidden_from(first, 0) & hidden_from(second, 0):
        assert first.information_state_string(0) == second.information_state_string(0)
        assert first.observation_string(0) == second.observation_string(0)
        assert list(first.observation_tensor(0)) == list(second.observation_tensor(0))
        if first.is_chance_node():
            o = rng.choice([o for o, _ in first.chance_outcomes()])
        else:
            shared = set(first.legal_actions()) & set(second.legal_actions())
            if not shared:
                break
            o = rng.choice(sorted(shared))
        first.apply_action(o)
        second.apply_action(o)
        steps += 1
    assert steps >= 3


def test_a_simultaneous_choice_stays_hidden_until_all_have_chosen():
    game = openspiel.load_game(str(TOYS / "simultaneous.yaml"), players=3)
    state = dealt(game, random.Random(3))
    assert state.current_player() == 0
    other = state.clone()
    mine, theirs = state.legal_actions()[0], state.legal_actions()[1]
    state.apply_action(mine)
    other.apply_action(theirs)
    assert state.current_player() == other.current_player() == 1
    assert state.information_state_string(1) == other.information_state_string(1)
    assert state.observation_string(1) == other.observation_string(1)
    assert state.information_state_string(0) != other.information_state_string(0)
    assert "seat 0 chose" in state.information_state_string(1)


def test_a_shared_window_asks_the_first_seat_then_the_next_once_it_passes():
    game = openspiel.load_game(str(TOYS / "window.yaml"), players=3)
    rng = random.Random(6)
    for _ in range(50):
        state = dealt(game, rng)
        play_out(state, rng, upto=len(state.history()) + rng.randrange(12))
        g = state.rulekit_game
        if state.is_chance_node() or state.is_terminal() or len(g.actors) < 2:
            continue
        first, second = g.actors[0], g.actors[1]
        assert state.current_player() == first
        texts = {state.action_to_string(a): a for a in state.legal_actions()}
        if "pass" in texts:
            state.apply_action(texts["pass"])
            assert state.current_player() == second
            assert state.rulekit_game.history[-1] == f"{first}: pass"
            return
    pytest.fail("no shared window with two seats was reached")


def test_a_record_of_a_bridged_game_replays():
    from rulekit.runtime.replay import replay
    state = play_out(bridged("durak", players=2).new_initial_state(),
                     random.Random(4))
    record = state.record()
    assert replay(record).dump() == state.rulekit_game.dump()


def test_a_record_of_a_game_with_draws_after_the_deal_is_refused(tmp_path):
    toy = tmp_path / "reshuffle.yaml"
    toy.write_text((TOYS / "coin.yaml").read_text().replace(
        "  - deal: {from: deck, to: hand, each: 1}",
        "  - deal: {from: deck, to: hand, each: 1}\n  - shuffle: hand[0]"))
    game = openspiel.load_game(str(toy))
    state = dealt(game, random.Random(1))
    assert state.record()["deck"]            # one-card shuffle: no draw asked
    toy.write_text((TOYS / "coin.yaml").read_text().replace(
        "        choose: nothing\n", "        choose: nothing\n        do:\n"
        "          - move: hand[1] to hand[0] at random\n"))
    state = dealt(openspiel.load_game(str(toy)), random.Random(1))
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and len(state.chance_outcomes()) == 2   # at random
    chance(state, random.Random(1))
    with pytest.raises(RecordError, match="drew at random after the deal"):
        state.record()


def test_bad_input_gets_a_clear_error():
    with pytest.raises(RulesetError, match="unknown ruleset"):
        openspiel.load_game("no_such_game")
    with pytest.raises(openspiel.ParameterError, match="is for 2 to 6 players, not 9"):
        openspiel.load_game("durak", players=9)
    with pytest.raises(openspiel.ParameterError, match="not name:value"):
        pyspiel.load_game("rulekit", {"ruleset": "durak", "options": "transfer"})
    game = pyspiel.load_game("rulekit", {"ruleset": "durak", "players": 3,
                                         "options": "transfer=true"})
    assert game.num_players() == 3 and isinstance(game, openspiel.RulekitGame)
    assert game.spec.rules.options["transfer"] is True
    again = pyspiel.load_game(str(game))        # the game's text loads the same game
    assert str(again) == str(game) and again.spec.rules.options == game.spec.rules.options
    state = game.new_initial_state()
    with pytest.raises(IllegalAction, match="chance outcome 99 is not possible"):
        state.apply_action(99)
    state = dealt(game, random.Random(1))
    with pytest.raises(IllegalAction, match="action id 1000 is not legal now; legal"):
        state.apply_action(1000)
    # what OpenSpiel's C++ checked (its own text) or let through is checked first
    with pytest.raises(IllegalAction, match="action id -1: an action id is a whole number"):
        state.apply_action(-1)
    with pytest.raises(openspiel.ParameterError, match="seat 3 does not exist"):
        state.observation_string(3)
    with pytest.raises(openspiel.ParameterError, match="seat 3 does not exist"):
        state.legal_actions(3)                  # OpenSpiel's own answer: []
    import numpy as np
    first = state.legal_actions()[0]
    text = state.action_to_string(first)
    assert state.string_to_action(text) == first
    state.apply_action(np.int64(first))        # numpy's whole numbers are action ids too
    assert state.history()[-1] == first


def test_the_mcts_bot_plays_a_whole_game_of_the_smallest_ruleset():
    """Durak for two (36 cards): OpenSpiel's MCTS bot (3 simulations a move, random
    rollouts) as seat 0 against a random seat 1, to the end."""
    import numpy as np
    from open_spiel.python.algorithms import mcts
    sizes = {name: len(bridged(name, max_actions=LONG.get(name, 10000)).spec.layout.pack)
             for name in rulekit.bundled()}
    assert min(sizes, key=sizes.get) == "durak"
    game = bridged("durak", players=2)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=3, random_state=rs,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs))
    rng = random.Random(0)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves > 5 and state.rulekit_game.result.status == "finished"
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_serialized_state_is_read_without_running_anything(tmp_path):
    """game.deserialize_state reads the pickled part without unpickling it: a crafted
    text naming any other callable is refused before it runs; a state of another game
    is refused; a real one comes back whole."""
    import base64
    import os
    import pickle
    from rulekit.errors import ParameterError
    game = openspiel.load_game("mattis", players=3)
    state = dealt(game, random.Random(5))
    text = state.serialize()
    back = game.deserialize_state(text)
    assert back.serialize() == text and str(back) == str(state)
    flag = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (os.mkdir, (str(flag),))
    crafted = "history=\nmove_number=0\n__dict__=" + base64.b64encode(
        pickle.dumps({"_c": Evil()})).decode()
    with pytest.raises(ParameterError, match="not a serialized state"):
        game.deserialize_state(crafted)
    assert not flag.exists()
    with pytest.raises(ParameterError, match="another game"):
        openspiel.load_game("mattis", players=4).deserialize_state(text)


# ---- choices in parts (docs/openspiel.md, "Choices in parts") ---------------------------
PARTS = TOYS / "parts_bridge.yaml"


def turn_of(game, rng, name, upto=200):
    """A dealt state of ``game`` whose seat to act may take ``name`` (an action decided
    in parts), ``name`` chosen (its name id applied), or None."""
    for _ in range(upto):
        state = dealt(game, rng)
        play_out(state, rng, upto=len(state.history()) + rng.randrange(6))
        if state.is_terminal() or state.is_chance_node() or \
                "choosing:" in state.observation_string():       # a selection begun
            continue
        if name in [d.name for d in state.rulekit_game.parted_actions()]:
            layout = game.spec.layout
            state.apply_action(layout.name_id[name])
            return state
    return None


def test_an_amount_is_chosen_digit_by_digit_into_exactly_its_legal_values():
    """bet: n in numbers(1, chips[actor]) with legal n % 25 != 0: every path of digit
    ids from the bet's first digit reaches a legal bet, and together they reach each
    legal bet once, in three digits (the width of 250, leading zeros); the ids are
    the ten digits, whatever the range."""
    game = openspiel.load_game(str(PARTS), players=2)
    layout = game.spec.layout
    state = turn_of(game, random.Random(1), "bet")
    seat, chips = state.current_player(), state.rulekit_game.v["chips"]
    assert chips[seat] == 250
    reached, paths = [], [state]
    while paths:
        s = paths.pop()
        if s.current_player() != seat or len(s.rulekit_game.history) > \
                len(state.rulekit_game.history):
            reached.append((s.rulekit_game.history[-1], len(s.history()) -
                            len(state.history())))
            continue
        ids = s.legal_actions()
        assert all(layout.digit_base <= i < layout.digit_base + 10 for i in ids)
        for i in ids:
            paths.append(s.child(i))
    bets = sorted(int(text.split()[1]) for text, _ in reached)
    assert bets == [n for n in range(1, 251) if n % 25 != 0]
    assert {k for _, k in reached} == {3}
    first = state.legal_actions()
    assert [state.action_to_string(i) for i in first] == ["bet 0__ ...", "bet 1__ ...",
                                                          "bet 2__ ..."]
    assert state.child(first[2]).legal_actions() == [layout.digit_base + d
                                                     for d in range(0, 5)]   # 20_ to 24_


def test_a_negative_amount_starts_with_the_minus_id():
    """nudge: d in numbers(-4 * count(hand), 12), d != 0: the first decision offers the
    minus sign and the digits 0 and 1 (0 to 19 meet the range at 0 to 12); after the
    minus sign, the magnitude's digits."""
    game = openspiel.load_game(str(PARTS), players=2)
    layout = game.spec.layout
    state = turn_of(game, random.Random(2), "nudge")
    low = -4 * len(state.rulekit_game.z["hand"][state.current_player()])
    assert sorted(state.legal_actions()) == [layout.digit_base, layout.digit_base + 1,
                                             layout.minus]
    state.apply_action(layout.minus)
    width = len(str(-low))
    assert state.information_state_string(state.current_player()).endswith(
        "choosing: nudge -" + "_" * width)
    while state.rulekit_game.history[-1:] == [] or \
            not state.rulekit_game.history[-1].startswith("nudge"):
        state.apply_action(max(state.legal_actions()))
    value = int(state.rulekit_game.history[-1].split()[1])
    assert value == low


def test_a_card_then_a_place_is_two_decisions_and_the_partial_choice_is_seen():
    """put: c in hand[actor], 'on' p in seats(): the card by its id, then the seat as a
    typed value; the partial choice is in the chooser's information state and
    observation (string and tensor), not in the other seat's."""
    game = openspiel.load_game(str(PARTS), players=2)
    layout = game.spec.layout
    rng = random.Random(3)
    for _ in range(30):
        state = turn_of(game, rng, "put")
        seat = state.current_player()
        high = [i for i in state.legal_actions() if i < len(layout.pack) and
                state.rulekit_game.rules.rank_of[layout.pack[i]] >= 3]   # ranks 4 to 6
        if high:
            break
    other = 1 - seat
    before = state.information_state_string(other)
    card = high[0]
    state.apply_action(card)
    text = layout.pack[card]
    assert state.information_state_string(seat).endswith(f"choosing: put {text}")
    assert state.observation_string(seat).endswith(f"choosing: put {text}")
    assert state.information_state_string(other) == before
    obs = np.asarray(state.observation_tensor(seat))
    assert obs[-len(layout.pack):].tolist() == [1.0 if i == card else 0.0
                                               for i in range(len(layout.pack))]
    assert not np.asarray(state.observation_tensor(other))[-len(layout.pack):].any()
    places = state.legal_actions()
    assert places == [layout.value_base, layout.value_base + 1]      # either seat
    assert [state.action_to_string(i) for i in places] == [f"put {text} on 0",
                                                           f"put {text} on 1"]
    state.apply_action(places[other])
    assert state.rulekit_game.history[-1] == f"put {text} on {other}"
    assert text in state.rulekit_game.z["pile"][other]


def test_a_set_part_is_one_card_per_decision_and_done():
    """lay: any number of cards of one rank. The first card offers every card of the
    hand; then only cards of its rank, and done; done takes the action. A rank held
    once leaves nothing to choose after its card: the action is taken at once."""
    game = openspiel.load_game(str(PARTS), players=2)
    layout = game.spec.layout
    rng = random.Random(4)
    rank = game.spec.rules.rank_of
    for _ in range(100):
        state = turn_of(game, rng, "lay")
        hand = state.rulekit_game.z["hand"][state.current_player()]
        pairs = [c for c in hand if sum(rank[x] == rank[c] for x in hand) > 1]
        if pairs:
            break
    assert sorted(state.legal_actions()) == sorted(layout.card_id[c] for c in hand)
    first = pairs[0]
    state.apply_action(layout.card_id[first])
    same = [c for c in hand if rank[c] == rank[first] and c != first]
    assert sorted(state.legal_actions()) == sorted([layout.card_id[c] for c in same] +
                                                   [layout.done])
    assert state.action_to_string(layout.done) == f"lay {first}"
    state.apply_action(layout.card_id[same[0]])
    if len(same) == 1:                       # nothing more to add: done was forced
        assert state.rulekit_game.history[-1].split()[0] == "lay"
    else:
        state.apply_action(layout.done)
    assert sorted(state.rulekit_game.history[-1].split()[1:]) == sorted([first, same[0]])


def test_a_set_part_too_big_to_list_is_chosen_through_the_bridge(tmp_path):
    """lay with no so_far, 12 cards in hand: 4095 sets, more than legal_actions() lists
    (TooManyChoices); the bridge offers one card per decision and plays to the end."""
    toy = tmp_path / "big.yaml"
    toy.write_text(PARTS.read_text().replace("each: 5", "each: 12").replace(
        "        so_far: all(cs, c -> rank(c) == rank(first(cs)))\n", "").replace(
        "ranks: 1 2 3 4 5 6", "ranks: 1 2 3 4 5 6 7 8 9 10 11 12"))
    game = openspiel.load_game(str(toy), players=2, max_actions=40)
    state = dealt(game, random.Random(5))
    with pytest.raises(rulekit.TooManyChoices):
        state.rulekit_game.legal_actions()
    assert state.rulekit_game.part_count("lay") == 2 ** 12 - 1
    state.apply_action(game.spec.layout.name_id["lay"])
    assert len(state.legal_actions()) == 12
    play_out(state, random.Random(5))
    assert state.rulekit_game.result.status in ("finished", "aborted")


def test_the_bridge_never_lists_a_decision_in_parts(monkeypatch):
    """Hearts (its pass a 3-card set part) and the parts toy through OpenSpiel's own
    check with the engine's listing switched off: the bridge asks for parts only."""
    from rulekit.runtime.engine import GameState

    def refused(self, seat=None):
        if self.step is not None and self.step.parted:
            raise AssertionError("legal_actions() called on a decision in parts")
        return list(self._legal) if seat in (None, self.actor) else []
    monkeypatch.setattr(GameState, "legal_actions", refused)
    for name, players in (("hearts", 4), (str(PARTS), 3)):
        game = openspiel.load_game(name, players=players, max_actions=60)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_state_in_the_middle_of_a_choice_in_parts_reads_back():
    game = openspiel.load_game(str(PARTS), players=2)
    state = turn_of(game, random.Random(6), "bet")
    state.apply_action(state.legal_actions()[-1])
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and "choosing: bet" in str(back)
    assert back.legal_actions() == state.legal_actions()
    seat = state.current_player()
    assert back.information_state_string(seat) == state.information_state_string(seat)


def test_a_dead_end_offers_to_start_the_decision_over(monkeypatch, tmp_path):
    """With a search budget of 20 evaluations, the engine offers a card of
    trap (c in hand, n in numbers(1, 500), legal n == 499 and c's rank 1) as possible
    although only rank 1 leads anywhere: after such a card and a first digit, no
    digit leads to a legal choice; the one id then is done, which starts the decision
    over (the same state as before the name)."""
    from rulekit.runtime import choices, drawing
    monkeypatch.setattr(drawing.Budget.__init__, "__defaults__", (20,))
    monkeypatch.setattr(choices, "PARTS_COUNT_BUDGET", 20)      # (a count: no more)
    toy = tmp_path / "trap.yaml"
    toy.write_text(PARTS.read_text().replace("      bet:\n", (
        "      trap:\n        choose: c in hand[actor], n in numbers(1, 500)\n"
        "        legal: n == 499 and rank(c) == 1\n      bet:\n")).replace(
        "actions: [lay, put, bet, nudge]", "actions: [trap, lay]"))
    game = openspiel.load_game(str(toy), players=2)
    layout = game.spec.layout
    rank = game.spec.rules.rank_of
    for seed in range(40):
        start = dealt(game, random.Random(seed))
        hand = start.rulekit_game.z["hand"][start.current_player()]
        if any(rank[c] != 0 for c in hand):
            break
    state = start.clone()
    state.apply_action(layout.name_id["trap"])
    assert sorted(state.legal_actions()) == sorted(layout.card_id[c] for c in hand)
    state.apply_action(layout.card_id[next(c for c in hand if rank[c] != 0)])
    state.apply_action(state.legal_actions()[0])            # a first digit
    assert state.legal_actions() == [layout.done]
    assert state.action_to_string(layout.done).startswith("done: start over")
    state.apply_action(layout.done)
    assert state.legal_actions() == start.legal_actions()
    assert state.observation_string(state.current_player()) == \
        start.observation_string(start.current_player())


# ---- in place, and resampling (docs/openspiel.md, "In place" and "Resampling") ---------
def test_a_clone_stays_as_it_was_while_the_state_goes_on_in_place():
    """Actions are applied to the state's own game: a clone taken at every step of a
    Hearts match, through the second hand's deal (chance nodes in the middle of the
    game: the game before the action rebuilt from a snapshot), keeps its text while the
    state goes on, goes on the same way itself, and the state reads back from its ids."""
    game = bridged("hearts", max_actions=100)
    rng = random.Random(4)
    state = dealt(game, rng)
    clones, hands = [], 0
    while not state.is_terminal() and len(clones) < 130:
        clones.append((state.clone(), str(state), len(state.history())))
        was = state.rulekit_game.hand_no
        if state.is_chance_node():
            chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        hands += state.rulekit_game.hand_no != was
    assert hands == 1                                  # a new deal in the middle
    for clone, text, length in clones:
        assert str(clone) == text and len(clone.history()) == length
    again, ids = clones[40][0], state.history()[clones[40][2]:]
    for a in ids:
        again.apply_action(a)
    assert str(again) == str(state)
    assert str(game.deserialize_state(state.serialize())) == str(state)


def play_to_turn(game, rng, moves):
    state = dealt(game, rng)
    for _ in range(moves):
        while state.is_chance_node():
            chance(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        chance(state, rng)
    return state


@pytest.mark.parametrize("name,moves", [("hearts", 1), ("hearts", 30), ("mattis", 25),
                                        ("durak", 5)])
def test_a_resampled_state_never_changes_what_the_seat_sees(name, moves):
    """resample_from_infostate(seat) at a decision (Hearts in the middle of choosing the
    three cards to pass: the partial choice kept; in the play; Mattis; Durak, where the
    view tells which seats may add a card, which a redeal may change: such a redeal is
    drawn again, here 2 of the 6 first ones): the seat's
    information state and observation are the same before and after; for the seat to
    act, and for one that is not; the cards hidden from the seat are dealt again (some
    place holds another card); and the state itself is unchanged."""
    game = bridged(name, players=4)
    state = play_to_turn(game, random.Random(moves), moves)
    sampler = random.Random(moves).random         # (any function giving 0 <= x < 1)
    before = str(state)
    redealt, acting = 0, state.information_state_string()
    for seat in (state.current_player(), (state.current_player() + 1) % 4):
        info, obs = state.information_state_string(seat), state.observation_string(seat)
        for _ in range(3):
            new = state.resample_from_infostate(seat, sampler)
            assert new.information_state_string(seat) == info
            assert new.observation_string(seat) == obs
            assert new.current_player() == state.current_player()
            redealt += new.rulekit_game.z["hand"] != state.rulekit_game.z["hand"]
    if name == "hearts" and moves == 1:
        assert acting.rsplit("\n", 1)[-1].startswith("choosing: give ")   # one card picked
    assert redealt == 6 and str(state) == before


def test_a_resampled_state_plays_on_and_keeps_the_seat_s_history():
    """A resampled Hearts state plays to the end; the seat's information state grows
    from the real one's, step by step, as the state's would."""
    game = bridged("hearts", players=4, max_actions=100)
    state = play_to_turn(game, random.Random(8), 20)
    seat = state.current_player()
    new = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert new.observation_string(seat) == state.observation_string(seat)  # (OpenSpiel's)
    info = state.information_state_string(seat)
    play_out(new, random.Random(1))
    assert new.is_terminal() and new.information_state_string(seat).startswith(info + "\n")
    with pytest.raises(RecordError, match="resampled"):
        new.record()


def test_openspiel_s_python_ismcts_bot_plays_a_hearts_hand_to_the_end():
    """OpenSpiel's ISMCTS (open_spiel.python.algorithms.ismcts: it resamples the root
    from the seat's information state each simulation) as seat 0, 4 simulations a move,
    random rollouts, against random seats: one hand of Hearts to the end. (Its resampler
    is set to draw from a seeded source, not OpenSpiel's sampler, so the game is the
    same every run.)"""
    from open_spiel.python.algorithms import ismcts, mcts
    game = openspiel.load_game("hearts", players=4, options={"target": 1})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 4, random_state=rs)
    draws = random.Random(1).random
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, draws))
    rng = random.Random(0)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves >= 13 and state.rulekit_game.result.status == "finished"
    assert all(-1 <= r <= 1 for r in state.returns()) and max(state.returns()) > 0
