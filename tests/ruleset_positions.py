"""Shared helpers for the per-rule tests of the Mattis family of rulesets.

Used by tests/test_rules_mattis.py, test_rules_myllymatti.py, test_rules_norsk.py,
test_rules_atlanta.py and test_sequences.py. Every helper here is worked out from the
rule text (docs/rules/common.md C-*, mattis.md MAT-*, and the variants' own rules),
never from engine output, so the tests that use them stay independent of the engine.

What is here:

* cards: :data:`RANKS`, :data:`SUITS`, :data:`PACK` and :func:`rank`, :func:`suit`,
  :func:`srt`, :func:`others`; seats: :func:`seats_from` (C-1, C-2);
* positions: :func:`build_deck` turns "the hands I want each seat dealt and the stock
  order I want" into the 52-card deck (top first) that C-3 deals into exactly that
  position; :func:`unused_after` says which cards it put after the chosen stock;
* games: :func:`load_rules` (cached per ruleset and options) and :func:`deal_game`;
  each test file binds them to its ruleset as ``rules(options)`` and ``new_game(...)``;
* playing and looking: :func:`play`, :func:`legal`, :func:`plays`, :func:`hands`,
  :func:`won`, :func:`zone`;
* phase 1 from the stock (C-5): :func:`stock_tricks` (Mattis tricks, one card per seat),
  :func:`shedding_plan` (a 3-player Mattis game played to phase 2 with chosen hands) and
  :func:`stock_pairs_game` (the two-card-trick variants, MYL-2/NOR-3: seat 0 beats
  seat 1 from the stock until only a chosen tail is left);
* runs (C-7): :func:`runs_of`, :func:`beats`, :func:`beating_plays`.
"""
from __future__ import annotations

import functools

import rulekit

RANKS = "23456789TJQKA"          # C-1, low to high
SUITS = "CDHS"
PACK = [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------------------------------
# cards and seats

def rank(card: str) -> int:
    """C-1 rank order: 2 lowest, A highest."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    """The suit letter of ``card`` (C, D, H or S)."""
    return card[1]


def srt(cards) -> list[str]:
    """``cards`` as a sorted list (hands and piles compare as multisets)."""
    return sorted(cards)


def others(*cards) -> list[str]:
    """Every card of the pack but these, sorted."""
    return srt(c for c in PACK if c not in cards)


def seats_from(seat: int, n: int) -> list[int]:
    """C-2: seat, then clockwise (to the left) round the table."""
    return [(seat + i) % n for i in range(n)]


# ---------------------------------------------------------------------------------------
# positions

def build_deck(n: int, dealer: int, hands, stock=(), last: str | None = None,
               removed=()) -> list[str]:
    """The full deck (top first) that C-3 deals into the position wanted.

    ``hands``: a list indexed by seat, or a dict seat -> cards, of up to 3 cards each
    (the order is the order the seat receives them; missing cards are filled from the
    unused cards in PACK order, i.e. low cards first). ``stock``: the top of the stock,
    top first. ``last``: the card to put at the bottom of the stock (the C-6 trump
    card). The unused cards go between ``stock`` and ``last`` in PACK order.
    ``removed``: cards put on top of the deck, before the deal; in a 2-player Norwegian
    game NOR-1 sends the top ``two_player_removed`` cards to `out` before the deal (give
    exactly that many). Default: none.

    C-3: cards are dealt one at a time, clockwise, starting with the dealer's left,
    until every seat has 3; the rest, in order, becomes the stock (first card on top).
    """
    hands = dict(hands) if isinstance(hands, dict) else dict(enumerate(hands))
    fixed = list(removed) + [c for h in hands.values() for c in h] + list(stock) + \
        ([last] if last else [])
    assert len(set(fixed)) == len(fixed), "a card is used twice"
    assert all(c in PACK for c in fixed), "unknown card"
    spare = [c for c in PACK if c not in fixed]
    full = {}
    for s in range(n):
        h = list(hands.get(s, []))
        assert len(h) <= 3
        while len(h) < 3:
            h.append(spare.pop(0))
        full[s] = h
    deck = list(removed)
    for r in range(3):                                   # one at a time, 3 rounds
        for s in seats_from((dealer + 1) % n, n):        # from the dealer's left
            deck.append(full[s][r])
    deck += list(stock) + spare + ([last] if last else [])
    assert sorted(deck) == sorted(PACK)
    return deck


def unused_after(stock, dealt) -> list[str]:
    """The stock cards build_deck puts after ``stock``: the unused cards in PACK order."""
    used = set(stock) | set(dealt)
    return [c for c in PACK if c not in used]


# ---------------------------------------------------------------------------------------
# games

@functools.lru_cache(maxsize=None)
def _load(name: str, options: tuple):
    return rulekit.load(name, options={k: (list(v) if isinstance(v, tuple) else v)
                                       for k, v in options})


def load_rules(name: str, options: dict | None = None):
    """The compiled ruleset ``name`` with ``options``, loaded once per distinct options.

    List-valued options (e.g. Atlanta's dreck ranks) are accepted and reach
    :func:`rulekit.load` as lists."""
    items = ((k, tuple(v) if isinstance(v, list) else v) for k, v in (options or {}).items())
    return _load(name, tuple(sorted(items)))


def deal_game(name: str, n: int, dealer: int, hands, stock=(), last=None, options=None,
              removed=(), **kw):
    """A new ``n``-player game of ruleset ``name`` dealt by ``dealer`` from the deck
    :func:`build_deck` makes for ``hands``, ``stock``, ``last`` and ``removed``;
    ``kw`` goes on to ``Rules.new_game`` (e.g. ``seed``)."""
    deck = build_deck(n, dealer, hands, stock, last, removed)
    return load_rules(name, options).new_game(players=n, deck=deck, dealer=dealer, **kw)


# ---------------------------------------------------------------------------------------
# playing and looking

def play(game, *actions):
    """Apply ``actions`` (action strings) in order."""
    for a in actions:
        game.apply(a)


def legal(game) -> list[str]:
    """The legal action strings, sorted; also checks the dump agrees with the API."""
    out = sorted(str(a) for a in game.legal_actions())
    assert sorted(game.dump()["legal"]) == out
    return out


def plays(*cards, extra=()) -> list[str]:
    """`play` actions for the given plays (a card, or a run written ascending), plus
    ``extra`` actions, sorted as :func:`legal` returns them."""
    return sorted([f"play {c}" for c in cards] + list(extra))


def hands(game) -> list[list[str]]:
    """Per-seat hands as sorted lists (hands compare as multisets)."""
    return [sorted(h) for h in game.dump()["zones"]["hand"]]


def won(game) -> list[list[str]]:
    """Per-seat `won` piles as sorted lists."""
    return [sorted(h) for h in game.dump()["zones"]["won"]]


def zone(game, name):
    """The dumped contents of zone ``name``."""
    return game.dump()["zones"][name]


# ---------------------------------------------------------------------------------------
# phase 1 played from the stock

def stock_tricks(n: int, leader: int, tricks) -> tuple[list[str], int]:
    """Stock order for Mattis tricks where every seat plays `stock` (C-5).

    ``tricks``: [(winner, cards)], the winner's card being the strictly highest rank.
    MAT-2: the leader plays first, then clockwise; MAT-3/MAT-5: the highest rank wins
    and leads the next trick. Returns (stock cards in play order, next leader)."""
    out = []
    for winner, cards in tricks:
        best = max(cards, key=rank)
        assert [rank(c) for c in cards].count(rank(best)) == 1, cards
        losers = [c for c in cards if c != best]
        for s in seats_from(leader, n):
            out.append(best if s == winner else losers.pop(0))
        leader = winner
    return out, leader


def shedding_plan(won0=(), won1=(), trump_card="2S"):
    """A 3-player Mattis game (dealer 2, so seat 0 leads first) and the actions that
    play phase 1 so that phase 2 starts with seat 0 holding exactly the cards of
    ``won0`` (triples), seat 1 those of ``won1`` and seat 2 ("G") every other card.

    Phase 1 as planned (reasoned from the rules):
    * 43 stock cards (C-3). 14 tricks are played with ``stock`` only (42 actions): the
      first ones won by seat 2, then seat 0's and seat 1's triples (their highest card
      falls to them, MAT-3). Hands never shrink (C-5), so nobody draws (C-4).
    * Stock holds 1 card (the trump card): ``stock`` is illegal (C-5). Tricks 15-17 are
      played from hand; seat 2 holds the three highest remaining cards and wins each.
      After trick 15 it draws the last stock card face up (C-4, C-6); the others can
      not draw (stock empty). Seats 0 and 1 play all 3 dealt cards.
    * Trick 18: seat 2 leads its only card, the trump card; seat 0 must play with an
      empty hand and an empty stock, so phase 1 ends (MAT-7) and the trump card goes back
      to seat 2's hand (kept card).
    * Phase 2 (MAT-8): hands = won + kept; seat 2 won the last trick, so it leads (MAT-9).

    Returns a dict: ``deck``, ``actions``, ``hands`` (seat -> its phase-2 hand, sorted),
    ``h`` (seat -> its dealt hand), ``trump_card`` and ``stock_leader_15`` (the leader of
    trick 15).
    """
    own = [(0, list(t)) for t in won0] + [(1, list(t)) for t in won1]
    fixed = [c for _, t in own for c in t] + [trump_card]
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)
    m = 14 - len(own)                       # stock tricks won by seat 2
    h2, filler, low = rest[:3], rest[3:3 + 3 * m], rest[3 + 3 * m:]
    h0, h1 = low[0::2], low[1::2]
    # seat 2's card of filler trick i is filler[i]; the two losers come >= 12 places
    # further down the sorted list, so their rank is strictly lower (4 cards per rank).
    tricks = [(2, [filler[i], filler[m + 2 * i], filler[m + 2 * i + 1]]) for i in range(m)]
    stock, leader15 = stock_tricks(3, 0, tricks + own)
    leader = leader15
    deck = build_deck(3, 2, [h0, h1, h2], stock, trump_card)
    actions = ["stock"] * 42
    held = {0: h0, 1: h1, 2: h2}
    for i in range(3):
        for s in seats_from(leader, 3):
            actions.append(f"play {held[s][i]}")
        leader = 2
    actions.append(f"play {trump_card}")
    expect = {0: srt(c for t in won0 for c in t), 1: srt(c for t in won1 for c in t)}
    expect[2] = srt(c for c in PACK if c not in expect[0] + expect[1])
    return {"deck": deck, "actions": actions, "hands": expect, "h": held,
            "trump_card": trump_card, "stock_leader_15": leader15}


def stock_pairs_game(name: str, n: int, hands_, tail, options=None, min_players: int = 0):
    """A game of a two-card-trick variant (``name``: myllymatti, mattis_norsk) with ``n``
    players, dealer n-1 (so seat 0 leads, MYL-2/NOR-2, against seat 1, NOR-3), dealt
    exactly ``hands_`` (3 cards per seat), whose stock is k filler pairs followed by
    ``tail`` (its last card is the trump card, C-6). The 2k `stock` actions are played:
    in each pair seat 0's card (first) is strictly higher than seat 1's, so seat 0 wins
    every trick (MYL-3, NOR-3) and leads again against seat 1; hands never shrink (C-5),
    so nobody draws (MYL-5). The other seats never play.

    ``min_players``: assert that ``n`` is at least this (Norwegian Mattis passes 3: with
    2 players NOR-1 removes cards before the deal). Default: no check.
    Returns (game, filler cards: the pairs' cards, highest rank first)."""
    assert n >= min_players and all(len(h) == 3 for h in hands_)
    fixed = [c for h in hands_ for c in h] + list(tail)
    rest = sorted((c for c in PACK if c not in fixed), key=rank, reverse=True)
    k = len(rest) // 2
    assert len(rest) == 2 * k and k >= 4
    # rest[i] and rest[k+i]: k >= 4 places apart in rank order, 4 cards per rank,
    # so rest[i] is strictly higher
    stock = [c for i in range(k) for c in (rest[i], rest[k + i])]
    game = deal_game(name, n, n - 1, hands_, stock=stock + list(tail)[:-1], last=tail[-1],
                     options=options)
    play(game, *["stock"] * (2 * k))
    return game, rest


# ---------------------------------------------------------------------------------------
# runs (C-7)

def runs_of(cards, min_run: int) -> list[str]:
    """Every run (C-7: min_run or more cards of one suit in consecutive rank), written
    ascending as in an action string; worked out independently of the engine."""
    out = []
    for s in SUITS:
        have = sorted(rank(c) for c in cards if suit(c) == s)
        for i, lo in enumerate(have):
            j = i
            while j + 1 < len(have) and have[j + 1] == have[j] + 1:
                j += 1
                if j - i + 1 >= min_run:
                    out.append(" ".join(RANKS[r] + s for r in range(lo, have[j] + 1)))
    return out


def beats(p: list[str], top: list[str], trump: str) -> bool:
    """C-7: same suit and lowest card above the top play's highest, or trump on non-trump."""
    if suit(p[0]) == suit(top[0]):
        return min(rank(c) for c in p) > max(rank(c) for c in top)
    return suit(p[0]) == trump and suit(top[0]) != trump


def beating_plays(hand, top, trump, min_run=2) -> list[str]:
    """Every `play` action from ``hand`` (single cards and runs of ``min_run`` or more)
    that beats the play ``top`` with ``trump`` as the trump suit (C-7), sorted."""
    cand = [[c] for c in hand] + [r.split() for r in runs_of(hand, min_run)]
    return sorted("play " + " ".join(p) for p in cand if beats(p, top, trump))
