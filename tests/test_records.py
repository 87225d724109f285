"""Game records: write with `play --record`, replay through the API and the CLI."""
import json

import pytest

import rulekit
from rulekit.cli import main
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import ReplayError, replay, result_mismatch


def play_random(rules, players, seed):
    import random
    game = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name,players,seed", [
    ("mattis", 3, 1), ("mattis", 4, 2), ("mattis", 6, 3), ("mattis", 8, 4),
    ("myllymatti", 2, 5), ("mattis_norsk", 2, 6), ("mattis_norsk", 5, 7),
    ("atlanta_mattis", 3, 8), ("atlanta_mattis", 3, 9), ("hearts", 4, 10), ("hearts", 3, 11),
    ("hearts", 5, 12), ("crazy_eights", 2, 13), ("crazy_eights", 5, 14)])
def test_record_replay_round_trip(name, players, seed):
    """Record -> replay gives the identical final state (the dreck shuffle included)."""
    rules = rulekit.load(name)
    game = play_random(rules, players, seed)
    record = json.loads(json.dumps(make_record(game, name, {}, seed)))
    again = replay(record)
    assert again.dump() == game.dump()
    assert result_mismatch(record, again) is None
    assert record["result"] == game.result.as_dict()


def test_play_record_then_replay_cli(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "mattis", "--seed", "5", "--players", "5", "--record", str(path),
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    record = json.loads(path.read_text())
    assert record["format"] == "rulekit-record/2"
    assert record["players"] == 5 and record["seed"] == 5
    assert record["seats"] == ["random"] * 5 and record["rulekit_version"] == rulekit.__version__
    assert record["fingerprint"] == rulekit.load("mattis").fingerprint
    assert record["fingerprint"].startswith("sha256:") and len(record["fingerprint"]) == 71
    assert f"seat {record['result']['loser']} loses" in out
    assert main(["replay", str(path), "--json"]) == 0
    dump = json.loads(capsys.readouterr().out)
    assert dump["status"] == "finished"
    assert dump["loser"] == record["result"]["loser"]
    assert dump["actions"] == len(record["actions"])


def test_replay_upto_stops_early(tmp_path, capsys):
    path = tmp_path / "game.json"
    main(["play", "mattis", "--seed", "9", "--record", str(path), "--quiet"])
    capsys.readouterr()
    assert main(["replay", str(path), "--upto", "3", "--json"]) == 0
    dump = json.loads(capsys.readouterr().out)
    assert dump["actions"] == 3 and dump["status"] == "in_progress"


def test_replay_illegal_action_names_index_seat_and_legal():
    rules = rulekit.load("mattis")
    game = play_random(rules, 4, 7)
    record = make_record(game, "mattis", {}, 7)
    record["actions"][2] = "take"
    with pytest.raises(ReplayError) as info:
        replay(record)
    err = info.value
    assert err.index == 2 and err.action == "take"
    assert "action 2 by seat" in str(err) and "legal:" in str(err)
    assert err.legal and all(a.startswith(("play", "stock")) for a in err.legal)


def test_same_seed_same_game_and_deck_record():
    rules = rulekit.load("mattis")
    a = play_random(rules, 4, 11)
    b = play_random(rules, 4, 11)
    assert a.history == b.history and a.dealer == b.dealer


def test_evaluate_reads_the_state_in_the_ruleset_language():
    game = rulekit.load("mattis").new_game(players=4, seed=3)
    hands = game.dump()["zones"]["hand"]
    assert game.evaluate("count(hand[s])", s=1) == len(hands[1]) == 3
    assert game.evaluate("step") == "play_turn" and game.evaluate("phase") == "collect"
    assert game.evaluate("actor") == game.to_act
    with pytest.raises(rulekit.RulesetError) as info:
        game.evaluate("count(hands[0])")
    assert "unknown name 'hands'" in str(info.value) and "did you mean 'hand'" in str(info.value)


def test_replay_transcript_matches_play(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "mattis", "--seed", "12", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(path), "--transcript"]) == 0
    replayed = capsys.readouterr().out
    # the move-by-move lines are the same; only the closing lines differ
    body = [ln for ln in played.splitlines() if ln.startswith("  ")]
    assert body and [ln for ln in replayed.splitlines() if ln.startswith("  ")][:len(body)] == body
    assert "status: finished" in replayed
    result = next(ln for ln in played.splitlines() if ln.startswith("Result: "))
    assert result in replayed.splitlines()      # the result in words, as play said it


def test_resume_carries_on_with_the_same_seats(tmp_path, capsys, monkeypatch):
    import io
    path = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))     # two moves, then end of input
    assert main(["play", "mattis", "--agent", "all=random",
                 "--seed", "4", "--human", "0", "--agent", "2=greedy",
                 "--record", str(path)]) == 1
    first = json.loads(path.read_text())
    assert "result" not in first and first["seats"] == ["human", "random", "greedy", "random"]
    done = len(first["actions"])
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--resume", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"resumed after {done} actions" in out and "you are seat 0" in out
    final = json.loads(path.read_text())
    assert final["actions"][:done] == first["actions"] and "result" in final
    assert final["seats"] == first["seats"]
    game = replay(final)
    assert game.finished and game.result.as_dict() == final["result"]


def test_resume_refuses_a_finished_game_and_new_game_flags(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "mattis", "--seed", "4", "--quiet", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(path)]) == 1
    assert "the game is over" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--seed", "3"]) == 2
    assert "--seed comes from the record" in capsys.readouterr().err
    assert main(["play", "mattis", "--resume", str(path)]) == 2


def test_a_changed_ruleset_is_a_warning_then_an_error_if_the_replay_fails(tmp_path, capsys):
    rules = tmp_path / "mine.yaml"
    rules.write_text("rulekit: 1\nextends: mattis\nname: mine\n")
    path = tmp_path / "g.json"
    assert main(["play", str(rules), "--seed", "4", "--quiet", "--record", str(path)]) == 0
    rules.write_text("rulekit: 1\nextends: mattis\nname: mine\ntitle: Mine\n")  # same game
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "warning" in capsys.readouterr().err
    rules.write_text("rulekit: 1\nextends: mattis\nname: mine\ndefinitions:\n  hand_size: 4\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the ruleset changed since this record was made: action" in err


def test_a_record_with_a_big_amount_replays_and_names_it_when_illegal(tmp_path):
    """A decision in parts too big to list (an amount of 1 to 5000) replays: the legal
    actions are asked only when an action fails, and then without TooManyChoices."""
    from pathlib import Path
    toy = Path(__file__).parent / "toys" / "choices.yaml"
    f = tmp_path / "big.yaml"
    f.write_text(toy.read_text(encoding="utf-8").replace("numbers(1, 3)", "numbers(1, 5000)"),
                 encoding="utf-8")
    game = rulekit.load(str(f)).new_game(players=3, seed=1)
    game.apply("call R")
    game.apply("bid 4321")
    record = json.loads(json.dumps(make_record(game, "big.yaml", {}, 1)))
    again = replay(record, rulesets=[tmp_path])
    assert again.history == game.history and again.dump() == game.dump()
    record["actions"][1] = "bid 5001"
    with pytest.raises(ReplayError) as exc:
        replay(record, rulesets=[tmp_path])
    assert "'bid 5001' is not legal" in str(exc.value)
