"""Simulations (`rulekit simulate`, `rulekit compare`, `rulekit.simulate`): statistics
checked against hand-computed values and toy games with a known answer
(tests/toys/coin.yaml: a fair coin, or with `rigged` seat 0 always loses), the same
figures whatever the number of jobs or the backend, kept records that replay, the
CSV/JSON columns, pictures, and clear errors."""
import csv
import io
import json
import math
import socket
from pathlib import Path

import pytest

import rulekit
from cli_run import cli
from rulekit.runtime.replay import replay
from rulekit.simulation import parse_agents, parse_variant
from rulekit.simulation.report import CSV_COLUMNS
from rulekit.simulation.runner import game_seed
from rulekit.simulation.stats import (mean_interval, percentile, two_means_differ,
                                      two_rates_differ, wilson)

TOYS = Path(__file__).parent / "toys"
COIN = str(TOYS / "coin.yaml")


# ---- the statistics, by hand --------------------------------------------------------------

def test_wilson_interval_by_hand():
    # 30 of 100: p = .3, z = 1.96: centre (.3 + 1.96²/200) / (1 + 1.96²/100) = .30740,
    # half 1.96 * sqrt(.3 * .7 / 100 + 1.96² / 40000) / 1.038415 = .08845
    lo, hi = wilson(30, 100)
    assert abs(lo - 0.21895) < 1e-4 and abs(hi - 0.39585) < 1e-4
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_means_percentiles_and_tests_by_hand():
    m, lo, hi = mean_interval([1, 2, 3, 4])        # sd = 1.2910, se = .6455
    assert m == 2.5 and abs(hi - m - 1.959964 * 0.645497) < 1e-5 and abs(m - lo - (hi - m)) < 1e-12
    assert percentile([10, 20, 30, 40, 50], 50) == 30
    assert percentile([10, 20, 30, 40, 50], 5) == 12          # 10 + .2 * 10
    assert percentile([10, 20, 30, 40], 95) == 38.5           # 30 + .85 * 10
    assert math.isnan(percentile([], 50))
    assert two_rates_differ(60, 100, 40, 100)                 # z = .2 / .0707 = 2.83
    assert not two_rates_differ(55, 100, 45, 100)             # z = 1.41
    assert two_means_differ(10, 2, 100, 11, 2, 100)           # z = 1 / .283 = 3.5
    assert not two_means_differ(10, 2, 100, 10.5, 2, 100)     # z = 1.77


def test_a_games_seed_depends_on_the_runs_seed_and_its_index_only():
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(1, i) for i in range(100)}) == 100
    assert game_seed(1, 5) != game_seed(2, 5)


# ---- toy games with a known answer ----------------------------------------------------------

def test_a_fair_coin_each_seat_loses_about_half():
    res = rulekit.simulate(COIN, games=400, seed=3, jobs=1)
    f = res.figures[2]
    assert f["games"] == f["finished"] == 400 and f["aborted"] == 0
    losses = [s["loss"]["count"] for s in f["seats"]]
    assert sum(losses) == 400                                  # one loser a game
    for seat in f["seats"]:
        loss = seat["loss"]
        assert loss["low"] <= 0.5 <= loss["high"]              # the true rate is inside
        assert (loss["low"], loss["high"]) == wilson(loss["count"], 400)
        assert seat["win"]["count"] == 400 - loss["count"]
        assert abs(seat["mean_place"] - (1 + loss["count"] / 400)) < 1e-12
    assert f["length"]["mean"] == f["length"]["median"] == 1   # one action a game
    assert f["choice"]["share_one_legal_action"] == 1.0
    assert f["actions"] == {"look": {"per_game": 1.0, "share": 1.0}}
    said = f["announcements"]
    assert said["seat 0 loses"]["share"] == losses[0] / 400


def test_a_rigged_game_seat_zero_always_loses_and_is_marked_uneven():
    res = rulekit.simulate(COIN, games=200, options={"rigged": True}, seed=1, jobs=1)
    s0, s1 = res.figures[2]["seats"]
    assert s0["loss"]["rate"] == 1.0 and s1["loss"]["rate"] == 0.0
    assert s0["loss"]["uneven"] and s1["loss"]["uneven"]       # .5 is outside both
    assert s0["loss"]["low"] == wilson(200, 200)[0] > 0.98
    pos = res.figures[2]["positions"]                          # by the dealer: even
    assert sum(p["loss"]["count"] for p in pos) == 200
    assert res.options == {"rigged": True}


def test_compare_marks_significant_differences():
    cmp = rulekit.compare([COIN, COIN + ":rigged=true"], games=200, seed=1, jobs=1)
    a, b = cmp.results
    assert a.figures[2]["seats"][0]["loss"]["count"] < 150     # same seeds, same deals
    text = cmp.text()
    assert "seat 0 losses   " in text and "100.0% *" in text
    assert "length (mean)    1.0" in text and "1.0 *" not in text


# ---- the same figures whatever the jobs and backends ----------------------------------------

def test_the_figures_do_not_depend_on_the_number_of_jobs():
    one = rulekit.simulate("mattis", games=24, players=4, seed=5, jobs=1, agents={1: "greedy"})
    two = rulekit.simulate("mattis", games=24, players=4, seed=5, jobs=2, agents={1: "greedy"})
    assert one.figures == two.figures and one.to_dict() == two.to_dict()


def test_the_ray_backend_gives_the_same_figures_on_loopback():
    pytest.importorskip("ray")
    import ray
    local = rulekit.simulate("mattis_norsk", games=16, players=3, seed=2, jobs=1)
    seen = {}

    def watch(done, total):             # while the cluster runs: what does it listen on?
        if "ports" not in seen:
            seen["ports"] = _listening()

    remote = rulekit.simulate("mattis_norsk", games=16, players=3, seed=2, jobs=2,
                              backend="ray", progress=watch)
    assert remote.figures == local.figures
    assert not ray.is_initialized()                             # shut down again
    assert seen["ports"], "no listening socket seen"
    assert all(addr.startswith("127.") or addr in ("::1", "::ffff:127.0.0.1")
               for addr in seen["ports"]), seen["ports"]


def _listening() -> list:
    """The local addresses of listening TCP sockets of this machine (from /proc)."""
    out = []
    for name, fam in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if parts[3] != "0A":                                 # LISTEN
                continue
            hexaddr, port = parts[1].split(":")
            raw = bytes.fromhex(hexaddr)
            if fam == socket.AF_INET:
                addr = socket.inet_ntop(fam, raw[::-1])
            else:
                words = [raw[i:i + 4][::-1] for i in range(0, 16, 4)]
                addr = socket.inet_ntop(fam, b"".join(words))
            if int(port, 16) != 2024:                            # the sandbox's own
                out.append(addr)
    return out


# ---- records, aborts, outputs -------------------------------------------------------------

def test_the_first_abort_is_kept_and_replays_to_the_abort(tmp_path):
    res = rulekit.simulate("mattis", games=5, players=3, seed=1, jobs=1, max_actions=40)
    f = res.figures[3]
    assert f["aborted"] == 5 and f["abort_rate"] == 1.0
    assert f["first_abort"]["index"] == 0 and "max_actions" in f["first_abort"]["message"]
    rec = res.first_abort_record
    assert rec["seed"] == f["first_abort"]["seed"] and rec["max_actions"] == 40
    game = replay(json.loads(json.dumps(rec)))
    assert game.result.status == "aborted" and game.result.message == f["first_abort"]["message"]


def test_records_keeps_every_game_and_each_replays_as_written(tmp_path):
    folder = tmp_path / "games"
    res = rulekit.simulate(COIN, games=6, seed=2, jobs=1, records=str(folder))
    files = sorted(folder.iterdir())
    assert [p.name for p in files] == [f"game-2p-{i:06d}.json" for i in range(6)]
    for p in files:                     # the ruleset named relative to the record
        run = cli(["replay", p, "--rulesets", TOYS], tmp_path)
        assert run.returncode == 0, run.stderr
        assert "status: finished" in run.stdout
    assert len(res.records_written) == 6


def test_compare_plays_only_the_player_counts_the_variants_share(tmp_path):
    cmp = rulekit.compare(["mattis_norsk", "mattis"], games=2, players="all", jobs=1)
    assert sorted(cmp.results[0].figures) == [3, 4, 5, 6] and "6 players" in cmp.text()
    with pytest.raises(ValueError, match="share the player counts 3 to 6, not 2"):
        rulekit.compare(["mattis_norsk", "mattis"], games=2, players=2, jobs=1)
    with pytest.raises(ValueError, match="share no player count"):
        rulekit.compare(["atlanta_mattis", COIN], games=2, jobs=1)
    with pytest.raises(ValueError, match="a list of rulesets"):
        rulekit.compare("mattis", games=2)
    with pytest.raises(ValueError, match="each variant's options"):
        rulekit.compare(["mattis", "mattis"], games=2, options={"sequences": True})


def test_compare_marks_a_different_abort_rate_and_keeps_each_variants_abort(tmp_path):
    run = cli(["compare", "mattis", "mattis:voluntary_take=false", "--players", "3", "--games",
               "40", "--max-actions", "200", "--jobs", "1", "--quiet"], tmp_path)
    assert run.returncode == 0, run.stderr
    line = next(ln for ln in run.stdout.splitlines() if ln.strip().startswith("aborted"))
    assert line.rstrip().endswith("*")
    import re
    rates = [float(x) for x in re.findall(r"([0-9.]+)%", line)]
    kept = sorted(p.name for p in tmp_path.glob("rulekit-abort-*.json"))
    assert [k.split("-")[2] for k in kept] == [f"v{i + 1}" for i, r in enumerate(rates) if r > 0]
    assert rates[0] > 0 and len(kept) >= 1


def test_json_has_no_nan_and_never_true_counters_are_listed(tmp_path):
    run = cli(["simulate", "mattis", "--players", "3", "--games", "3", "--max-actions", "20",
               "--jobs", "1", "--quiet", "--json", "--when", "never=false"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "NaN" not in run.stdout                    # no game finished: no lengths
    data = json.loads(run.stdout)
    f = data["players"]["3"]
    assert f["finished"] == 0 and f["length"]["mean"] is None
    assert f["when"] == {"never": {"per_game": 0.0, "share": 0.0}}
    assert sorted(p.name for p in tmp_path.glob("rulekit-abort-*")) == [
        f"rulekit-abort-3p-{f['first_abort']['seed']}.json"]


def test_bad_api_arguments_raise_value_errors():
    for kw in ({"players": []}, {"players": "4"}, {"agents": 5}, {"options": [1]},
               {"records": 5}, {"when": ["x=true"]}, {"jobs": 0}, {"backend": "mpi"}):
        with pytest.raises(ValueError):
            rulekit.simulate(COIN, games=2, **kw)


def test_csv_and_json_columns(tmp_path):
    run = cli(["simulate", COIN, "--games", "50", "--jobs", "1", "--quiet",
               "--csv", tmp_path / "out.csv", "--json"], tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert set(data) >= {"ruleset", "options", "seed", "games", "agents", "players"}
    f = data["players"]["2"]
    assert set(f) >= {"games", "finished", "aborted", "abort_rate", "first_abort", "length",
                      "seats", "positions", "choice", "actions", "steps", "announcements"}
    assert set(f["length"]) >= {"mean", "median", "p5", "p95", "sd", "histogram"}
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text())))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 2
    assert [r["seat"] for r in rows] == ["0", "1"]
    assert abs(float(rows[0]["loss_rate"]) + float(rows[1]["loss_rate"]) - 1) < 1e-9


def test_to_dataframe_has_a_row_per_seat():
    pd = pytest.importorskip("pandas")
    df = rulekit.simulate(COIN, games=20, jobs=1).to_dataframe()
    assert isinstance(df, pd.DataFrame) and list(df.columns) == list(CSV_COLUMNS)
    assert len(df) == 2


def test_plot_writes_a_picture(tmp_path):
    pytest.importorskip("matplotlib")
    run = cli(["simulate", COIN, "--games", "30", "--jobs", "1", "--quiet", "--plot",
               tmp_path / "sim.png"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "sim.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run = cli(["compare", COIN, COIN + ":rigged=true", "--games", "30", "--jobs", "1",
               "--quiet", "--plot", tmp_path / "cmp.svg"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "<svg" in (tmp_path / "cmp.svg").read_text()[:500]


def test_progress_lines_when_not_on_a_terminal(tmp_path):
    run = cli(["simulate", COIN, "--games", "40", "--jobs", "1"], tmp_path)
    assert run.returncode == 0
    assert "rulekit: simulate" in run.stderr and "40/40 games" in run.stderr
    assert "games/s" in run.stderr and "rulekit:" not in run.stdout


# ---- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("args,message", [
    (["--players", "3"], "is for 2 to 2 players"),
    (["--players", "0"], "--players: must be at least 1, not 0"),
    (["--agent", "5=greedy"], "seat 5 does not exist"),
    (["--agent", "0=wizard"], "unknown agent kind 'wizard'"),
    (["--agent", "zero"], "given as SEAT=KIND"),
    (["--csv", "/nonexistent-folder/x.csv"], "--csv: cannot write"),
    (["--when", "x=1/0 > 0"], "when x: the expression failed in game 0"),
    (["--option", "rigged=maybe"], "rigged"),
    (["--plot", "out.txt"], "must end in .png or .svg"),
])
def test_bad_arguments_get_one_clear_line(tmp_path, args, message):
    run = cli(["simulate", COIN, "--games", "5", "--jobs", "1", "--quiet", *args], tmp_path)
    assert run.returncode != 0 and message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_bad_compare_arguments(tmp_path):
    run = cli(["compare", COIN], tmp_path)
    assert run.returncode == 1 and "at least two variants" in run.stderr
    run = cli(["compare", COIN, COIN + ":rigged"], tmp_path)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert parse_variant("mattis:sequences=true,min_run=3") == (
        "mattis", {"sequences": "true", "min_run": "3"})
    assert parse_variant("dir/x.yaml") == ("dir/x.yaml", {})
    with pytest.raises(ValueError):
        parse_variant("mattis:sequences=true,oops")


def test_agents_all_then_one_seat():
    assert parse_agents(["all=greedy", "1=random"], 3) == {0: "greedy", 1: "random", 2: "greedy"}
    assert parse_agents({0: "greedy"}, 2) == {0: "greedy"}
    with pytest.raises(ValueError):
        rulekit.simulate(COIN, games=0)


def test_a_ruleset_that_extends_its_neighbour_is_simulated_and_compared(tmp_path):
    """The user named the ruleset: its `extends` is read from its own folder as `play`
    reads it (only a record's ruleset is confined to folders; this was refused)."""
    toys = Path(__file__).resolve().parent / "toys"
    (tmp_path / "base.yaml").write_text((toys / "ranking.yaml").read_text())
    (tmp_path / "child.yaml").write_text("extends: base.yaml\nname: child\n")
    res = rulekit.simulate(str(tmp_path / "child.yaml"), games=3, seed=1)
    assert res.games == 3
    both = rulekit.compare([str(tmp_path / "base.yaml"), str(tmp_path / "child.yaml")],
                           games=2, seed=1)
    assert [r.games for r in both.results] == [2, 2]


def test_announcements_are_counted_by_their_text_and_shown_without_syntax(tmp_path):
    """The count keys an announcement by its text as written (one row however its holes
    are filled); the report shows each hole as '…', not the ruleset's expression."""
    from rulekit.lang.wording import holes_as_dots
    assert holes_as_dots("seat {w} takes {count({C: 1}[s])} tricks") == \
        "seat … takes … tricks"
    toy = tmp_path / "coin.yaml"
    toy.write_text(Path(COIN).read_text().replace('"seat 0 loses"', '"seat {0 * 1} loses"'))
    res = rulekit.simulate(str(toy), games=20, seed=3, jobs=1)
    assert "seat {0 * 1} loses" in res.figures[2]["announcements"]
    text = res.text()
    assert "seat … loses" in text and "{0 * 1}" not in text


def test_a_game_that_names_only_its_loser_reports_not_lost_for_wins():
    """Mattis names the one seat that loses (MAT-1's Mattis); every other seat 'wins' by
    not losing, and the report says so; a game with one winner keeps 'wins'."""
    res = rulekit.simulate("mattis", games=3, players=3, seed=1, jobs=1)
    assert res.figures[3]["loser_only"] is True
    assert "not lost [95%]" in res.text() and "wins [95% interval]" not in res.text()
    coin = rulekit.simulate(COIN, games=5, seed=1, jobs=1)
    assert coin.figures[2]["loser_only"] is False            # two seats: a plain win
    assert "wins [95% interval]" in coin.text()
