"""Using rulekit from Python: load a ruleset (bundled or a file), play a game with a
greedy agent against random ones, look at what one seat sees, record and replay it.

    python examples/api_example.py
"""
from pathlib import Path

import rulekit
from rulekit.play.agents import make_agent
from rulekit.runtime.records import make_record
from rulekit.runtime.replay import replay

HERE = Path(__file__).parent

# A house-rule variant from this folder, with one option changed on top of it.
rules = rulekit.load(HERE / "mattis_runs3.yaml", options={"draw_order": "leader_first"})
print(rules.title, "for", rules.players[0], "to", rules.players[1], "players")

game = rules.new_game(players=4, seed=7)
agents = [make_agent("greedy", 1)] + [make_agent("random", s) for s in (2, 3, 4)]
while not game.finished:
    seat = game.to_act
    if game.actions == 10:
        view = game.view(seat)   # what that seat may see: other hands are None
        print("seat", seat, "holds", view["zones"]["hand"][seat], "and sees",
              [len(h) for h in view["zones"]["hand"]], "cards in the hands")
    game.apply(agents[seat].choose(game))

print("status:", game.result.status, "loser:", game.result.loser,
      "out order:", game.result.out_order, "after", game.actions, "actions")

# The record is the whole game; replaying it gives the same final state. A record names
# its ruleset relative to a folder it may come from (records are data from strangers).
record = make_record(game, "mattis_runs3.yaml", {"draw_order": "leader_first"}, 7)
assert replay(record, rulesets=[HERE]).dump() == game.dump()
print("replayed", len(record["actions"]), "actions: same result")

# Illegal actions are refused with the legal ones named.
try:
    rules.new_game(players=4, seed=7).apply("take")
except rulekit.IllegalAction as exc:
    print("refused:", exc)
