"""Replaying the scenario records of tests/scenarios/ and checking their checkpoints.

The checkpoint keys and how they compare are those of tests/scenarios/README.md.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import rulekit

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_files(prefix: str = "") -> list[Path]:
    return sorted(p for p in SCENARIOS.glob(f"{prefix}*.json"))


def start(record: dict):
    rules = rulekit.load(record["ruleset"], options=record.get("options") or {})
    return rules.new_game(players=record["players"], seed=record.get("seed", 0),
                          deck=record.get("deck"), dealer=record.get("dealer"))


def _multiset(cards):
    return Counter(cards)


def check_checkpoint(dump: dict, cp: dict) -> list[str]:
    """Differences between a state dump and one checkpoint, as readable lines."""
    bad = []
    where = f"after {cp['after']} ({cp.get('rule', '')})"
    zones = dump["zones"]
    for key in ("to_act", "status", "loser", "out_order"):
        if key in cp and dump[key] != cp[key]:
            bad.append(f"{where}: {key} is {dump[key]!r}, expected {cp[key]!r}")
    if "legal" in cp and set(dump["legal"]) != set(cp["legal"]):
        bad.append(f"{where}: legal is {sorted(dump['legal'])}, expected {sorted(cp['legal'])}")
    for key, zone in (("hands", "hand"), ("won", "won")):
        if key in cp:
            for seat, want in enumerate(cp[key]):
                if want is not None and _multiset(zones[zone][seat]) != _multiset(want):
                    bad.append(f"{where}: {zone}[{seat}] is {zones[zone][seat]}, expected {want}")
    if "hand_counts" in cp:
        for seat, want in enumerate(cp["hand_counts"]):
            if want is not None and len(zones["hand"][seat]) != want:
                bad.append(f"{where}: hand[{seat}] has {len(zones['hand'][seat])} cards, "
                           f"expected {want}")
    if "trick" in cp and zones["trick"] != cp["trick"]:
        bad.append(f"{where}: trick is {zones['trick']}, expected {cp['trick']}")
    if "stock_count" in cp and len(zones["stock"]) != cp["stock_count"]:
        bad.append(f"{where}: stock has {len(zones['stock'])}, expected {cp['stock_count']}")
    if "trump" in cp and dump["vars"].get("trump") != cp["trump"]:
        bad.append(f"{where}: trump is {dump['vars'].get('trump')!r}, expected {cp['trump']!r}")
    return bad


def replay_scenario(path: Path) -> list[str]:
    """Replay one scenario; return every difference found (empty: it passes)."""
    record = json.loads(path.read_text())
    game = start(record)
    checkpoints = {}
    for cp in record.get("expect", []):
        checkpoints.setdefault(cp["after"], []).append(cp)
    problems = []
    for i in range(len(record["actions"]) + 1):
        for cp in checkpoints.get(i, []):
            problems += check_checkpoint(game.dump(), cp)
        if i == len(record["actions"]):
            break
        action = record["actions"][i]
        try:
            game.apply(action)
        except rulekit.IllegalAction as exc:
            problems.append(f"action {i} ({action!r}) refused: {exc}")
            break
    if "result" in record and not problems:
        got = game.result.as_dict()
        if got != record["result"]:
            problems.append(f"result {got}, expected {record['result']}")
    return problems
