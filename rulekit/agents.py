"""Agents that choose actions for a seat.

An agent is any object with ``choose(game) -> Action`` (``game`` is the
:class:`~rulekit.engine.GameState` with that seat to act). Made by :func:`make_agent`.
"""
from __future__ import annotations

import random

KINDS = ("random",)


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded random source."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_actions())


def make_agent(kind: str, seed=None):
    """An agent of ``kind`` (one of :data:`KINDS`); raises ValueError for an unknown kind."""
    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent kind '{kind}'; kinds: {', '.join(KINDS)}")
