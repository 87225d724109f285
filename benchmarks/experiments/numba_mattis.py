"""Mattis compiled with numba: the ceiling of a compiled engine of ONE game (issue 34).

An experiment, not part of rulekit: what a compiled engine of one game reaches, before
anyone designs a compiled backend for generic rulesets. It follows the hand-written
reference benchmarks/reference/mattis.py rule for rule (docs/rules/mattis.md on top of
docs/rules/common.md, the options of rulesets/mattis.yaml without ``sequences``), with
the same legal actions in the same order (the hand's cards in hand order, then
``STOCK`` or ``TAKE``), in ``@njit`` functions over one numpy int array per game state.

numba is not a dependency of rulekit: install it into the venv first,

    .venv/bin/pip install numba

    python benchmarks/experiments/numba_mattis.py --check           # 50 games against the reference
    python benchmarks/experiments/numba_mattis.py --games 20000     # playouts inside numba, timed
    python benchmarks/experiments/numba_mattis.py --compile-times   # JIT compile, cache=True or not
    python benchmarks/experiments/numba_mattis.py --compare         # reference, rulekit, numba
    python benchmarks/experiments/numba_mattis.py --instructions 2000   # per action (valgrind)

``--check`` plays 50 seeded games of the reference (``rng.choice(state.legal_actions())``
with ``random.Random(seed)``), records the index chosen at each decision and replays
those indices in the numba engine from the reference's very deal (its deck order and
dealer passed in), asserting at each decision the same seat to act and the same legal
actions in the same order, and the same returns at the end.

``--games N`` plays N random games entirely inside numba (its own generator: deck,
dealer and choices), after a warm-up, and gives actions per second and microseconds
per action. ``--compile-times`` measures the JIT compile (each in a fresh process: the
first call minus a later call of the same work) without numba's cache, with
``cache=True`` and an empty cache (compile and write), and with ``cache=True`` and the
cache written (load). ``--compare`` times the three engines side by side in one process,
in alternating order over ``--rounds`` rounds (median): the Python reference's random
playouts, rulekit's (``rules.new_game(...)`` then ``game.play_randomly(rng)``), numba's
playouts, and numba's engine driven action by action from Python (``random.Random``
choosing an index, as a Python search or OpenSpiel's loop would).

The state is one int64 array (:func:`new_state`): scalars first, then the hands, won
piles, stock, trick, the seats of the trick's plays, the seats yet to play in phase 1
and the seats out. A card is ``suit * 13 + rank`` as in the reference; ``STOCK`` (52)
and ``TAKE`` (53) are the other actions. The numba cache (``cache=True`` when
``NUMBA_MATTIS_CACHE=1``) is written where ``NUMBA_CACHE_DIR`` says.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent.parent

try:
    import numpy as np
    from numba import njit
except ImportError:                                   # pragma: no cover - said, not raised
    if __name__ == "__main__":
        raise SystemExit("numba is not installed: this experiment needs it (it is not a "
                         "dependency of rulekit). Install it into the venv with\n"
                         "    .venv/bin/pip install numba\nthen run this script again.")
    raise

CACHE = os.environ.get("NUMBA_MATTIS_CACHE") == "1"
jit = njit(cache=CACHE)

# ---- the layout of a state --------------------------------------------------------------
STOCK = 52                                            # play the top card of the stock
TAKE = 53                                             # phase 2: take instead of beating
HAND_SIZE = 3                                         # C-3, C-4
MAX_ACTIONS = 10000                                   # C-8
MAX_SEATS = 8
IN_PROGRESS, FINISHED, ABORTED, BROKEN = 0, 1, 2, 3   # BROKEN: no legal action (a bug)
ANY_TURN, LEAD_ONLY, NEVER = 0, 1, 2                  # option stock_play

# scalars
N, PHASE, STATUS, ACTIONS, TO_ACT, TURN, LEADER, LAST_WINNER, TRUMP, LOSER = range(10)
PLAYS, SIZE, SEATS_IN, PI, PENDING_LEN, ROUND_NO, ROUND_START = range(10, 17)
STOCK_LEN, TRICK_LEN, OUT_LEN = range(17, 20)
WINNER_FIRST, STOCK_PLAY, VOLUNTARY_TAKE, COUNT_PLAYS, MAX_ACT = range(20, 25)
# regions
HAND_LEN = 32                                         # [MAX_SEATS]
WON_LEN = HAND_LEN + MAX_SEATS                        # [MAX_SEATS]
HANDS = WON_LEN + MAX_SEATS                           # [MAX_SEATS * 52], seat s at s * 52
WON = HANDS + MAX_SEATS * 52                          # [MAX_SEATS * 52]
STOCK_AT = WON + MAX_SEATS * 52                       # [52], the top card last
TRICK = STOCK_AT + 52                                 # [52], in play order
TRICK_SEATS = TRICK + 52                              # [52], who played each (phase 1)
PENDING = TRICK_SEATS + 52                            # [MAX_SEATS], seats to play
OUT = PENDING + MAX_SEATS                             # [MAX_SEATS], 1 once out
OUT_ORDER = OUT + MAX_SEATS                           # [MAX_SEATS]
SIZE_OF_STATE = OUT_ORDER + MAX_SEATS


# ---- small moves ------------------------------------------------------------------------
@jit
def _hand_remove(st, s, c):
    """Take card ``c`` out of seat ``s``'s hand, keeping the others' order."""
    base = HANDS + s * 52
    k = st[HAND_LEN + s]
    i = 0
    while st[base + i] != c:
        i += 1
    for j in range(i, k - 1):
        st[base + j] = st[base + j + 1]
    st[HAND_LEN + s] = k - 1


@jit
def _hand_add(st, s, c):
    """Put card ``c`` last in seat ``s``'s hand."""
    k = st[HAND_LEN + s]
    st[HANDS + s * 52 + k] = c
    st[HAND_LEN + s] = k + 1


@jit
def _draw(st, s):
    """Seat ``s`` draws the top card of the stock; the last one names trumps (C-6)."""
    k = st[STOCK_LEN] - 1
    c = st[STOCK_AT + k]
    st[STOCK_LEN] = k
    _hand_add(st, s, c)
    if k == 0:
        st[TRUMP] = c // 13


@jit
def _start_trick(st):
    """MAT-2: everyone plays, from the leader clockwise."""
    n, leader = st[N], st[LEADER]
    for i in range(n):
        st[PENDING + i] = (leader + i) % n
    st[PENDING_LEN] = n
    st[PI] = 0
    st[ROUND_NO] = 0
    st[ROUND_START] = st[TRICK_LEN]


@jit
def _refill(st, first):
    """C-4: each seat from ``first`` clockwise draws all it needs."""
    n = st[N]
    for i in range(n):
        s = (first + i) % n
        need = min(HAND_SIZE - st[HAND_LEN + s], st[STOCK_LEN])
        for _ in range(need):
            _draw(st, s)


@jit
def _resolve(st):
    """MAT-3 to MAT-5: the highest rank wins the trick; tied seats play again."""
    start, end = st[ROUND_START], st[TRICK_LEN]
    best = -1
    for i in range(start, end):
        r = st[TRICK + i] % 13
        if r > best:
            best = r
    tied = 0
    for i in range(start, end):
        if st[TRICK + i] % 13 == best:
            st[PENDING + tied] = st[TRICK_SEATS + i]   # (phase 1's pending is spent)
            tied += 1
    if tied > 1:                                       # MAT-4
        st[PENDING_LEN] = tied
        st[PI] = 0
        st[ROUND_NO] += 1
        st[ROUND_START] = end
        return
    w = st[PENDING]                                    # MAT-5
    base, k = WON + w * 52, st[WON_LEN + w]
    for i in range(end):
        st[base + k + i] = st[TRICK + i]
    st[WON_LEN + w] = k + end
    st[TRICK_LEN] = 0
    _refill(st, w if st[WINNER_FIRST] else st[LEADER])
    st[LAST_WINNER] = w
    st[LEADER] = w
    _start_trick(st)


@jit
def _left_of(st, s):
    """C-2: the next seat clockwise that is not out."""
    n = st[N]
    s = (s + 1) % n
    while st[OUT + s]:
        s = (s + 1) % n
    return s


@jit
def _new_trick(st):
    """C-7: a new phase-2 trick, led by the turn's seat or the next holding cards."""
    st[PLAYS] = 0
    st[SIZE] = st[SEATS_IN]
    turn = st[TURN]
    for _ in range(st[N]):
        if st[HAND_LEN + turn] > 0:
            st[TURN] = turn
            st[TO_ACT] = turn
            return
        turn = _left_of(st, turn)
    st[STATUS] = ABORTED                               # nobody left holding a card


@jit
def _finish_collect(st):
    """MAT-7, MAT-8: the trick goes back, each takes up its won pile; phase 2."""
    for i in range(st[TRICK_LEN]):
        _hand_add(st, st[TRICK_SEATS + i], st[TRICK + i])
    st[TRICK_LEN] = 0
    for s in range(st[N]):
        for i in range(st[WON_LEN + s]):
            _hand_add(st, s, st[WON + s * 52 + i])
        st[WON_LEN + s] = 0
    st[PHASE] = 2
    st[TURN] = st[LAST_WINNER] if st[LAST_WINNER] >= 0 else st[LEADER]
    _new_trick(st)


@jit
def _collect(st):
    """Run phase 1 up to the next decision (or into phase 2)."""
    while True:
        if st[PI] == st[PENDING_LEN]:
            _resolve(st)
            continue
        s = st[PENDING + st[PI]]
        if st[HAND_LEN + s] > 0:
            st[TO_ACT] = s
            return
        if st[STOCK_LEN] == 0:                         # MAT-7 phase 1 ends
            _finish_collect(st)
            return
        _draw(st, s)                                   # MAT-7 empty hand: draw, then play


@jit
def _go_out(st, s):
    """C-7 going out; C-9 the last seat in is the Mattis."""
    st[OUT + s] = 1
    st[OUT_ORDER + st[OUT_LEN]] = s
    st[OUT_LEN] += 1
    st[SEATS_IN] -= 1
    if st[SEATS_IN] == 1:
        for t in range(st[N]):
            if st[OUT + t] == 0:
                st[LOSER] = t
                break
        st[STATUS] = FINISHED
        st[TO_ACT] = -1


@jit
def _shed(st, s, a):
    """A phase-2 action of seat ``s``: take the bottom card, or play ``a``."""
    if a == TAKE:                                      # MAT-11 the bottom card
        _hand_add(st, s, st[TRICK])
        k = st[TRICK_LEN] - 1
        for i in range(k):
            st[TRICK + i] = st[TRICK + i + 1]
        st[TRICK_LEN] = k
        t = _left_of(st, s)
        st[TURN] = t
        st[TO_ACT] = t
        if k == 0:                                     # C-7 trick end by emptying
            _new_trick(st)
        return
    _hand_remove(st, s, a)
    st[TRICK + st[TRICK_LEN]] = a
    st[TRICK_LEN] += 1
    st[PLAYS] += 1
    count = st[PLAYS] if st[COUNT_PLAYS] else st[TRICK_LEN]
    if count >= st[SIZE]:                              # C-7 trick end by count: to out
        st[TRICK_LEN] = 0
        if st[HAND_LEN + s] == 0:
            _go_out(st, s)
            if st[STATUS] != IN_PROGRESS:
                return
        st[TURN] = s if st[OUT + s] == 0 else _left_of(st, s)
        _new_trick(st)
        return
    if st[HAND_LEN + s] == 0:
        _go_out(st, s)
        if st[STATUS] != IN_PROGRESS:
            return
    t = _left_of(st, s)
    st[TURN] = t
    st[TO_ACT] = t


# ---- the API ----------------------------------------------------------------------------
@jit
def deal(st, n, deck, dealer, winner_first, stock_play, voluntary_take, count_plays,
         max_actions):
    """Set ``st`` (SIZE_OF_STATE ints) to a new game: ``deck`` (52 cards, top first)
    dealt one at a time clockwise from the dealer's left (C-3), the rest the stock."""
    st[:] = 0
    st[N] = n
    st[WINNER_FIRST] = winner_first
    st[STOCK_PLAY] = stock_play
    st[VOLUNTARY_TAKE] = voluntary_take
    st[COUNT_PLAYS] = count_plays
    st[MAX_ACT] = max_actions
    st[PHASE] = 1
    st[STATUS] = IN_PROGRESS
    st[LAST_WINNER] = -1
    st[TRUMP] = -1
    st[LOSER] = -1
    st[TO_ACT] = -1
    st[TURN] = -1
    st[SEATS_IN] = n
    first = (dealer + 1) % n
    for i in range(HAND_SIZE * n):
        _hand_add(st, (first + i) % n, deck[i])
    k = 52 - HAND_SIZE * n
    for j in range(k):                                 # the top card last
        st[STOCK_AT + j] = deck[51 - j]
    st[STOCK_LEN] = k
    st[LEADER] = first                                 # MAT-2
    _start_trick(st)
    _collect(st)


def new_state(players: int = 4, deck=None, dealer: int = 0,
              draw_order: str = "winner_first", stock_play: str = "any_turn",
              voluntary_take: bool = True, trick_count: str = "plays_made",
              max_actions: int = MAX_ACTIONS):
    """A new game's state array: ``deck`` (cards, top first; default the unshuffled
    pack) and ``dealer``, and the options of rulesets/mattis.yaml (``sequences``
    excepted) as the reference takes them."""
    if not 3 <= players <= MAX_SEATS:
        raise ValueError(f"Mattis takes 3 to {MAX_SEATS} players, not {players}")
    st = np.zeros(SIZE_OF_STATE, dtype=np.int64)
    deck = np.arange(52, dtype=np.int64) if deck is None else np.asarray(deck, np.int64)
    deal(st, players, deck, dealer, int(draw_order == "winner_first"),
         {"any_turn": ANY_TURN, "lead_only": LEAD_ONLY, "never": NEVER}[stock_play],
         int(bool(voluntary_take)), int(trick_count == "plays_made"), max_actions)
    return st


@jit
def legal_actions(st, out):
    """Write the legal actions of the seat to act into ``out`` (54 ints), in the
    reference's order; return how many there are."""
    if st[STATUS] != IN_PROGRESS:
        return 0
    s = st[TO_ACT]
    base, k = HANDS + s * 52, st[HAND_LEN + s]
    if st[PHASE] == 1:
        for i in range(k):                             # MAT-2 any card
            out[i] = st[base + i]
        sp = st[STOCK_PLAY]
        if st[STOCK_LEN] > 1 and (sp == ANY_TURN or (      # C-5
                sp == LEAD_ONLY and st[ROUND_NO] == 0 and s == st[LEADER])):
            out[k] = STOCK
            return k + 1
        return k
    m = st[TRICK_LEN]
    if m == 0:                                         # C-7 lead anything
        for i in range(k):
            out[i] = st[base + i]
        return k
    top = st[TRICK + m - 1]
    suit, trump = top // 13, st[TRUMP]
    j = 0
    for i in range(k):
        c = st[base + i]
        cs = c // 13
        if (c > top and cs == suit) or (suit != trump and cs == trump):
            out[j] = c
            j += 1
    if st[VOLUNTARY_TAKE] or j == 0:                   # MAT-11
        out[j] = TAKE
        j += 1
    return j


@jit
def apply_action(st, a):
    """Take action ``a`` (a card, STOCK or TAKE) for the seat to act, then play on to
    the next decision."""
    s = st[TO_ACT]
    if st[PHASE] == 1:
        if a == STOCK:                                 # C-5 straight to the trick
            st[STOCK_LEN] -= 1
            c = st[STOCK_AT + st[STOCK_LEN]]
        else:
            _hand_remove(st, s, a)
            c = a
        st[TRICK + st[TRICK_LEN]] = c
        st[TRICK_SEATS + st[TRICK_LEN]] = s
        st[TRICK_LEN] += 1
        st[PI] += 1
        _collect(st)
    else:
        _shed(st, s, a)
    st[ACTIONS] += 1
    if st[ACTIONS] >= st[MAX_ACT] and st[STATUS] == IN_PROGRESS:
        st[STATUS] = ABORTED                           # C-8


@jit
def apply_by_index(st, out, i):
    """Take the ``i``-th legal action (``out``: a 54-int scratch array); return the
    number of legal actions there were (0: none, nothing taken)."""
    k = legal_actions(st, out)
    if 0 <= i < k:
        apply_action(st, out[i])
    return k


@jit
def returns(st, out):
    """Write each seat's return into ``out``: +1, -1 for the loser (C-9); zeros if the
    game has no loser."""
    n = st[N]
    for s in range(n):
        out[s] = 0.0 if st[LOSER] < 0 else (-1.0 if s == st[LOSER] else 1.0)


@jit
def playouts(games, n, seed):
    """Play ``games`` uniform-random games of ``n`` players with the default options,
    deck, dealer and choices from numba's generator seeded with ``seed``; return the
    number of actions taken (-1 if a game reached a decision without legal actions)."""
    np.random.seed(seed)
    st = np.zeros(SIZE_OF_STATE, dtype=np.int64)
    deck = np.arange(52, dtype=np.int64)
    acts = np.zeros(54, dtype=np.int64)
    total = 0
    for _ in range(games):
        for i in range(52):
            deck[i] = i
        np.random.shuffle(deck)
        deal(st, n, deck, np.random.randint(0, n), 1, ANY_TURN, 1, 1, MAX_ACTIONS)
        while st[STATUS] == IN_PROGRESS:
            k = legal_actions(st, acts)
            if k == 0:
                return -1
            apply_action(st, acts[np.random.randint(0, k)])
        total += st[ACTIONS]
    return total


OPTIONS = {"draw_order": ("winner_first", "leader_first"),
           "stock_play": ("any_turn", "lead_only", "never"),
           "voluntary_take": ("true", "false"),
           "trick_count": ("plays_made", "plays_on_table")}


def compile_all() -> None:
    """Compile every entry point (one small game through the API and one playout)."""
    st = new_state(4, list(range(52)), 0)
    acts = np.zeros(54, dtype=np.int64)
    while legal_actions(st, acts):
        apply_by_index(st, acts, 0)
    returns(st, np.zeros(4))
    playouts(1, 4, 0)


# ---- the check against the reference ----------------------------------------------------
def reference_deal(seed: int, players: int) -> tuple:
    """The reference's deck (top first) and dealer of ``seed``, drawn as it draws them."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    return deck, rng.randrange(players)


def check(games: int = 50, players: int = 4, options: dict | None = None) -> int:
    """Play ``games`` seeded reference games (with ``options``, the reference's
    keywords) and replay each one's chosen indices in the numba engine from the same
    deal; raise AssertionError at the first difference. Return the number of decisions
    compared."""
    options = options or {}
    sys.path.insert(0, str(TREE / "benchmarks" / "reference"))
    from mattis import Mattis
    acts = np.zeros(54, dtype=np.int64)
    got = np.zeros(players)
    decisions = 0
    for seed in range(games):
        ref = Mattis(players, seed, **options)
        deck, dealer = reference_deal(seed, players)
        assert Mattis(players, 0, deck=deck, dealer=dealer).hands == ref.hands, seed
        st = new_state(players, deck, dealer, **options)
        for s in range(players):
            hand = st[HANDS + s * 52: HANDS + s * 52 + st[HAND_LEN + s]].tolist()
            assert hand == ref.hands[s], f"game {seed}: seat {s} dealt {hand}, " \
                                         f"the reference {ref.hands[s]}"
        rng = random.Random(seed)
        while not ref.is_terminal():
            legal = ref.legal_actions()
            k = legal_actions(st, acts)
            where = f"game {seed}, decision {ref.actions}"
            assert k == len(legal), f"{where}: {k} legal actions, the reference {len(legal)}"
            assert acts[:k].tolist() == legal, f"{where}: {acts[:k].tolist()} != {legal}"
            assert st[TO_ACT] == ref.current_player(), where
            a = rng.choice(legal)
            i = legal.index(a)
            ref.apply(a)
            apply_by_index(st, acts, i)
            decisions += 1
        assert st[STATUS] != IN_PROGRESS, f"game {seed}: numba's game goes on"
        assert legal_actions(st, acts) == 0
        returns(st, got)
        assert got.tolist() == ref.returns(), f"game {seed}: returns {got.tolist()} " \
                                              f"!= {ref.returns()}"
        assert int(st[ACTIONS]) == ref.actions, seed
    return decisions


# ---- timing -----------------------------------------------------------------------------
def time_numba(games: int, seed: int = 0) -> tuple:
    """(actions, CPU seconds) of ``games`` playouts inside numba."""
    t = time.process_time()
    actions = playouts(games, 4, seed)
    return actions, time.process_time() - t


def time_reference(games: int) -> tuple:
    """(actions, CPU seconds) of the reference's random playouts of games 0..games-1."""
    sys.path.insert(0, str(TREE / "benchmarks" / "reference"))
    import mattis
    t = time.process_time()
    actions = mattis.playouts(games, 4, 0)
    return actions, time.process_time() - t


def rulekit_rules():
    """rulekit's Mattis, compiled once (default options)."""
    sys.path.insert(0, str(TREE))
    import rulekit
    return rulekit.load("mattis")


def time_rulekit(rules, games: int) -> tuple:
    """(actions, CPU seconds) of rulekit's random playouts of games 0..games-1
    (``rules.new_game`` then ``game.play_randomly``)."""
    actions = 0
    t = time.process_time()
    for seed in range(games):
        game = rules.new_game(players=4, seed=seed)
        actions += game.play_randomly(random.Random(seed))
    return actions, time.process_time() - t


def time_driven(games: int) -> tuple:
    """(actions, CPU seconds) of games 0..games-1 in the numba engine driven from
    Python: the reference's deal, ``random.Random(seed)`` choosing an index a decision
    (``legal_actions`` then ``apply_by_index``: two calls into numba an action)."""
    acts = np.zeros(54, dtype=np.int64)
    actions = 0
    t = time.process_time()
    for seed in range(games):
        deck, dealer = reference_deal(seed, 4)
        st = new_state(4, deck, dealer)
        rng = random.Random(seed)
        below = rng._randbelow
        while True:
            k = legal_actions(st, acts)
            if not k:
                break
            apply_by_index(st, acts, below(k))
        actions += int(st[ACTIONS])
    return actions, time.process_time() - t


def compare(py_games: int, numba_games: int, rounds: int) -> None:
    """Print CPU microseconds per action of the four sides, the median of ``rounds``
    rounds run in alternating order, and each against the reference."""
    rules = rulekit_rules()
    compile_all()
    time_rulekit(rules, 2)                                  # warm-ups
    time_reference(2)
    time_driven(2)
    sides = {"reference (Python)": lambda: time_reference(py_games),
             "rulekit": lambda: time_rulekit(rules, py_games),
             "numba, driven from Python": lambda: time_driven(py_games),
             "numba playouts": lambda: time_numba(numba_games, 1)}
    us = {side: [] for side in sides}
    counts = {}
    for r in range(rounds):
        order = list(sides) if r % 2 == 0 else list(sides)[::-1]
        for side in order:
            actions, seconds = sides[side]()
            counts[side] = actions
            us[side].append(1e6 * seconds / actions)
    ref = statistics.median(us["reference (Python)"])
    print(f"{'engine (Mattis, 4 players)':28} {'us/action':>10} {'actions/s':>12} "
          f"{'x reference':>12}  actions a round")
    for side in sides:
        m = statistics.median(us[side])
        print(f"{side:28} {m:10.3f} {1e6 / m:12,.0f} {ref / m:12.2f}  {counts[side]:,}")
    if len({counts['reference (Python)'], counts['rulekit'],
            counts['numba, driven from Python']}) != 1:
        print("note: the Python-seeded sides played different games")


COMPILE_SNIPPET = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
t = time.perf_counter()
import numba_mattis as m
imported = time.perf_counter() - t
t = time.perf_counter(); m.compile_all(); first = time.perf_counter() - t
t = time.perf_counter(); m.compile_all(); later = time.perf_counter() - t
print("RESULT", imported, first, later)
"""


def compile_times() -> None:
    """Print the JIT compile time (first call minus a later call of the same work,
    fresh processes, wall clock) without the cache, with an empty and a written cache."""
    with tempfile.TemporaryDirectory() as cache:
        rows = [("cache=False", "0"), ("cache=True, empty cache", "1"),
                ("cache=True, cache written", "1")]
        print(f"{'numba JIT':28} {'import s':>9} {'first call s':>13} {'later s':>9} "
              f"{'compile s':>10}")
        for label, flag in rows:
            env = {**os.environ, "NUMBA_MATTIS_CACHE": flag, "NUMBA_CACHE_DIR": cache}
            out = subprocess.run([sys.executable, "-c", COMPILE_SNIPPET, str(HERE)],
                                 env=env, capture_output=True, text=True)
            if out.returncode:
                raise SystemExit(f"{label}: {out.stderr.strip().splitlines()[-1]}")
            imported, first, later = map(float, out.stdout.split()[1:4])
            print(f"{label:28} {imported:9.3f} {first:13.3f} {later:9.4f} "
                  f"{first - later:10.3f}")


INSTRUCTIONS_SNIPPET = r"""
import sys
sys.path.insert(0, sys.argv[1])
import numba_mattis as m
m.compile_all()
m.playouts(1, 4, 12345)
print("RESULT", m.playouts(int(sys.argv[2]), 4, 0) if int(sys.argv[2]) else 0)
"""


def instructions(games: int) -> None:
    """Print machine instructions per action of ``games`` playouts inside numba
    (valgrind's callgrind: a run of the games minus a run of none, both loading the
    compiled code from numba's cache, written by a first run under valgrind)."""
    import re
    import shutil
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_MATTIS_CACHE": "1", "NUMBA_CACHE_DIR": cache,
               "PYTHONHASHSEED": "0"}
        base = [sys.executable, "-c", INSTRUCTIONS_SNIPPET, str(HERE)]
        got = []
        for n in (0, 0, games):         # the first writes the cache (valgrind's CPU is
            #                             not the host's: numba keys its cache by CPU)
            out = subprocess.run(["valgrind", "--tool=callgrind",
                                  "--callgrind-out-file=/dev/null"] + base + [str(n)],
                                 env=env, capture_output=True, text=True)
            refs = re.search(r"Collected : ([\d,]+)", out.stderr)
            result = re.search(r"RESULT (\d+)", out.stdout)
            if out.returncode or not refs or not result:
                raise SystemExit(f"the callgrind run of {n} games failed: "
                                 f"{(out.stderr.strip().splitlines() or ['?'])[-1]}")
            got.append((int(refs.group(1).replace(",", "")), int(result.group(1))))
        _, (none, _), (work, actions) = got
        print(f"numba playouts: {games} games, {actions} actions, "
              f"{(work - none) / actions:,.0f} instructions per action (callgrind)")


def main() -> None:
    """The command line: --check, --games, --compile-times, --compare."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true",
                   help="replay 50 seeded reference games in the numba engine")
    p.add_argument("--check-games", type=int, default=50, help="games of --check")
    p.add_argument("--players", type=int, default=4, help="players of --check")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="an option of --check, in both engines (rulesets/mattis.yaml's)")
    p.add_argument("--games", type=int, help="random playouts inside numba, timed")
    p.add_argument("--compile-times", action="store_true",
                   help="JIT compile time, with and without cache=True")
    p.add_argument("--compare", action="store_true",
                   help="reference, rulekit and numba side by side")
    p.add_argument("--py-games", type=int, default=200,
                   help="games a round of the Python-driven sides of --compare")
    p.add_argument("--numba-games", type=int, default=20000,
                   help="games a round of numba's playouts in --compare")
    p.add_argument("--rounds", type=int, default=5, help="rounds of --compare")
    p.add_argument("--instructions", type=int, metavar="GAMES",
                   help="instructions per action of GAMES numba playouts (valgrind)")
    args = p.parse_args()
    if not (args.check or args.games or args.compile_times or args.compare
            or args.instructions):
        p.error("give --check, --games N, --compile-times, --compare or --instructions N")
    for name in ("check_games", "games", "py_games", "numba_games", "rounds",
                 "instructions"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} takes a count of at least 1")
    options = {}
    for o in args.option:
        k, eq, v = o.partition("=")
        if not eq or k not in OPTIONS or v not in OPTIONS[k]:
            p.error(f"--option takes one of {', '.join(OPTIONS)} with its values "
                    f"({'; '.join(k + ': ' + ', '.join(vs) for k, vs in OPTIONS.items())}), "
                    f"not {o!r}")
        options[k] = v == "true" if k == "voluntary_take" else v
    if not 3 <= args.players <= MAX_SEATS:
        p.error(f"Mattis takes 3 to {MAX_SEATS} players, not {args.players}")
    if args.check:
        t = time.perf_counter()
        compile_all()
        print(f"compiled in {time.perf_counter() - t:.2f} s")
        decisions = check(args.check_games, args.players, options)
        print(f"check: {args.check_games} games at {args.players} players"
              f"{', ' + ' '.join(args.option) if args.option else ''}, {decisions} "
              "decisions: the same seat, legal actions (in order) and returns as "
              "benchmarks/reference/mattis.py")
    if args.games:
        t = time.perf_counter()
        compile_all()
        first = time.perf_counter() - t
        t = time.perf_counter()
        compile_all()
        later = time.perf_counter() - t
        print(f"JIT compile: {first - later:.2f} s (the first call of every entry point "
              f"minus a later one; cache={CACHE}; --compile-times: with and without)")
        playouts(10, 4, 12345)                             # warm-up
        actions, seconds = time_numba(args.games)
        print(f"numba playouts: {args.games} games, {actions} actions in {seconds:.3f} s "
              f"CPU: {actions / seconds:,.0f} actions/s, {1e6 * seconds / actions:.3f} us "
              "per action")
    if args.compile_times:
        compile_times()
    if args.compare:
        compare(args.py_games, args.numba_games, args.rounds)
    if args.instructions:
        instructions(args.instructions)


if __name__ == "__main__":
    main()
