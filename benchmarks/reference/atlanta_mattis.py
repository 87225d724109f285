"""A hand-written Atlanta Mattis engine: the reference that rulekit's speed is measured
against.

What a competent programmer would write by hand for this one game, with no generic
machinery: cards are small integers, hands are lists, the phases are plain methods.
It plays the rules of docs/rules/atlanta-mattis.md on top of docs/rules/mattis.md and
common.md with the defaults of the bundled ``rulesets/atlanta_mattis.yaml`` (the
clockwise slough window; the ``shared`` one is not supported).
tests/test_reference_engines.py plays it beside rulekit, action for action, and checks
the legal actions and the returns agree.

    state = AtlantaMattis(players=3, seed=1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    state.returns()                     # e.g. [1.0, -1.0, 1.0]: seat 1 lost

    python benchmarks/reference/atlanta_mattis.py --games 100   # random playouts, timed

A card is ``suit * 13 + rank`` (rank 0 = 2 .. 12 = ace; suits C D H S): rulekit's pack
order, so a seed shuffles the same deck, draws the same dealer and shuffles the same
dreck as ``rulekit.load("atlanta_mattis").new_game(players=3, seed=seed)``. An action
is, in phase 1, a card (play it), :data:`STOCK`, ``SLOUGH + card`` or :data:`PASS`;
in phase 2 a tuple of cards (a single card or an ascending run) or :data:`TAKE`;
:func:`action_text` and :func:`parse_action` turn them into the action strings of
INTERFACES.md (``play 7H``, ``play 5H 6H``, ``stock``, ``slough 4C``, ``pass``,
``take``).
"""
from __future__ import annotations

import random

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CARD_TEXT = [r + s for s in SUITS for r in RANKS]     # rulekit's pack order
RANK = [c % 13 for c in range(52)]
SUIT = [c // 13 for c in range(52)]
STOCK = 52                                            # play the top card of the stock
TAKE = 53                                             # phase 2: take instead of beating
PASS = 54                                             # ATL-4 end a slough chance
SLOUGH = 64                                           # ATL-4 SLOUGH + card
HAND_SIZE = 3                                         # C-3, C-4
MAX_ACTIONS = 10000                                   # C-8


def action_text(a) -> str:
    """The action string of ``a`` (``play 7H``, ``play 5H 6H``, ``slough 4C``, ...)."""
    if a.__class__ is tuple:
        return "play " + " ".join(CARD_TEXT[c] for c in a)
    if a == STOCK:
        return "stock"
    if a == TAKE:
        return "take"
    if a == PASS:
        return "pass"
    if a >= SLOUGH:
        return "slough " + CARD_TEXT[a - SLOUGH]
    return "play " + CARD_TEXT[a]


def parse_action(text: str, phase: int = 1):
    """The action of an action string in ``phase`` (1 or 2)."""
    if text in ("stock", "take", "pass"):
        return {"stock": STOCK, "take": TAKE, "pass": PASS}[text]
    name, *cards = text.split()
    cards = [CARD_TEXT.index(c) for c in cards]
    if name == "slough":
        return SLOUGH + cards[0]
    return tuple(cards) if phase == 2 else cards[0]


class AtlantaMattis:
    """A game of Atlanta Mattis in progress: ``players`` (3), ``seed`` (shuffles the
    deck, then draws the dealer; the dreck is shuffled from it too), or ``deck`` (cards,
    top first) and ``dealer``; the options of rulesets/atlanta_mattis.yaml (the
    clockwise ``slough_window`` only; ``dreck_ranks`` as rank texts) as keywords."""

    def __init__(self, players: int = 3, seed: int = 0, deck=None, dealer=None,
                 draw_order: str = "winner_first", stock_play: str = "any_turn",
                 sequences: bool = True, min_run: int = 2, voluntary_take: bool = True,
                 trick_count: str = "plays_made", dreck_threshold: int = 6,
                 dreck_ranks=("2", "3", "4", "5"), dreck_trump_six: bool = True,
                 dreck_everyone_gives: bool = False, max_actions: int = MAX_ACTIONS):
        self.rng = rng = random.Random(seed)
        if deck is None:
            deck = list(range(52))
            rng.shuffle(deck)
        drawn = rng.randrange(players)
        self.dealer = dealer = drawn if dealer is None else dealer
        n = self.n = players
        self.winner_first = draw_order == "winner_first"
        self.stock_play = stock_play
        self.min_run = min_run if sequences else 0
        self.voluntary_take = voluntary_take
        self.count_plays = trick_count == "plays_made"
        self.dreck_threshold = dreck_threshold
        self.dreck_ranks = {RANKS.index("T" if r == "10" else str(r)) for r in dreck_ranks}
        self.dreck_trump_six = dreck_trump_six
        self.dreck_everyone_gives = dreck_everyone_gives
        self.max_actions = max_actions
        first = (dealer + 1) % n
        self.hands = hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):                # C-3 one at a time, clockwise
            hands[(first + i) % n].append(deck[i])
        self.stock = deck[HAND_SIZE * n:][::-1]       # the top card last: pop() draws it
        self.won = [[] for _ in range(n)]
        self.trick = []                               # phase 1: cards; phase 2: plays
        self.trick_seats = []                         # phase 1: who put each card there
        self.trick_played = []                        # phase 1: True a play, False a slough
        self.window = []                              # ATL-4 seats still to get a chance
        self.trump = None
        self.phase = 1
        self.leader = first                           # MAT-2
        self.last_winner = None
        self.out = [False] * n
        self.seats_in = n
        self.out_order = []
        self.loser = None
        self.status = "in_progress"
        self.actions = 0
        self.to_act = None
        self.turn = None
        self.plays = self.size = 0
        self._start_trick()
        self._collect()

    # ---- the API -----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once the game has ended (finished, or aborted after max_actions)."""
        return self.status != "in_progress"

    def current_player(self):
        """The seat to act, or None once the game has ended."""
        return None if self.status != "in_progress" else self.to_act

    def returns(self) -> list:
        """+1 for every seat but the loser, -1 for the loser (C-9); zeros if aborted."""
        if self.loser is None:
            return [0.0] * self.n
        out = [1.0] * self.n
        out[self.loser] = -1.0
        return out

    def legal_actions(self) -> list:
        """The legal actions of the seat to act."""
        if self.status != "in_progress":
            return []
        s = self.to_act
        hand = self.hands[s]
        if self.phase == 2:
            return self._shed_actions(hand)
        if self.window:                               # ATL-4 slough or pass
            losing = self._losing_ranks()
            acts = [SLOUGH + c for c in hand if RANK[c] in losing]
            acts.append(PASS)
            return acts
        best = self._round_best_rank()
        if best is not None:                          # ATL-2 the forced match
            acts = [c for c in hand if RANK[c] == best]
            if acts:
                return acts
        acts = hand[:]                                # MAT-2 any card
        if len(self.stock) > 1 and (self.stock_play == "any_turn" or (  # C-5
                self.stock_play == "lead_only" and self.round_no == 0
                and s == self.leader)):
            acts.append(STOCK)
        return acts

    def apply(self, a) -> None:
        """Take action ``a`` for the seat to act, then play on to the next decision."""
        s = self.to_act
        if self.phase == 2:
            self._shed(s, a)
        elif a == PASS:
            del self.window[0]
            self._collect()
        elif a >= SLOUGH:                             # ATL-4 the seat keeps its chance
            c = a - SLOUGH
            self.hands[s].remove(c)
            self.trick.append(c)
            self.trick_seats.append(s)
            self.trick_played.append(False)
            self._collect()
        else:
            if a == STOCK:
                c = self.stock.pop()                  # C-5 straight to the trick
            else:
                self.hands[s].remove(a)
                c = a
            self.trick.append(c)
            self.trick_seats.append(s)
            self.trick_played.append(True)
            self.pi += 1
            played = {t for t, p in zip(self.trick_seats, self.trick_played) if p}
            n = self.n                                # ATL-4 from the player's left
            self.window = [t for t in ((s + i) % n for i in range(1, n + 1)) if t in played]
            self._collect()
        self.actions += 1
        if self.actions >= self.max_actions and self.status == "in_progress":
            self.status = "aborted"                   # C-8

    # ---- phase 1: collecting -----------------------------------------------------------
    def _round_best_rank(self):
        """The best rank played (not sloughed) in this round, None before a play."""
        trick, played = self.trick, self.trick_played
        best = None
        for i in range(self.round_start, len(trick)):
            if played[i] and (best is None or RANK[trick[i]] > best):
                best = RANK[trick[i]]
        return best

    def _losing_ranks(self) -> set:
        ranks = {RANK[c] for c in self.trick}         # ATL-4 below the top rank
        ranks.discard(max(ranks))
        return ranks

    def _start_trick(self) -> None:
        n, leader = self.n, self.leader
        self.pending = [(leader + i) % n for i in range(n)]   # MAT-2 everyone plays
        self.pi = 0
        self.round_no = 0
        self.round_start = len(self.trick)

    def _draw(self, s: int) -> None:
        c = self.stock.pop()
        self.hands[s].append(c)
        if not self.stock:                            # C-6 reveal_in_hand: trumps
            self.trump = SUIT[c]

    def _collect(self) -> None:
        """Run phase 1 up to the next decision (or into phase 2)."""
        hands, stock, window = self.hands, self.stock, self.window
        while True:
            if window:                                # ATL-4 a seat with nothing to
                losing = self._losing_ranks()         # slough is skipped
                for c in hands[window[0]]:
                    if RANK[c] in losing:
                        self.to_act = window[0]
                        return
                del window[0]
                continue
            if self.pi == len(self.pending):
                self._resolve()
                continue
            s = self.pending[self.pi]
            if hands[s]:
                self.to_act = s
                return
            if not stock:                             # MAT-7 phase 1 ends
                self._finish_collect()
                return
            self._draw(s)                             # MAT-7 empty hand: draw, then play

    def _resolve(self) -> None:
        trick, seats, played = self.trick, self.trick_seats, self.trick_played
        start = self.round_start
        best = self._round_best_rank()                # MAT-3 rank alone, plays only
        tied = [seats[i] for i in range(start, len(trick))
                if played[i] and RANK[trick[i]] == best]
        if len(tied) > 1:                             # ATL-3, MAT-4 tied seats again
            self.pending = tied
            self.pi = 0
            self.round_no += 1
            self.round_start = len(trick)
            return
        w = tied[0]                                   # MAT-5, ATL-4 sloughs go too
        self.won[w] += trick
        trick.clear()
        seats.clear()
        played.clear()
        self._refill(w if self.winner_first else self.leader)
        self.last_winner = self.leader = w
        self._start_trick()

    def _refill(self, first: int) -> None:
        n, hands, stock = self.n, self.hands, self.stock   # C-4 each draws all it needs
        for i in range(n):
            s = (first + i) % n
            for _ in range(min(HAND_SIZE - len(hands[s]), len(stock))):
                self._draw(s)

    def _finish_collect(self) -> None:
        hands, n = self.hands, self.n
        for c, s in zip(self.trick, self.trick_seats):    # ATL-5 the trick goes back
            hands[s].append(c)
        self.trick.clear()
        self.trick_seats.clear()
        self.trick_played.clear()
        for s in range(n):                            # MAT-8 won pile + kept cards
            hands[s] += self.won[s]
            self.won[s] = []
        threshold = self.dreck_threshold              # ATL-6 the dreck
        receivers = [s for s in range(n) if len(hands[s]) < threshold]
        if receivers:
            dreck, ranks, trump = [], self.dreck_ranks, self.trump
            for s in range(n):
                hand = hands[s]
                if self.dreck_everyone_gives or len(hand) >= threshold:
                    keep = []
                    for c in hand:
                        if RANK[c] in ranks or (self.dreck_trump_six and RANK[c] == 4
                                                and SUIT[c] == trump):
                            dreck.append(c)
                        else:
                            keep.append(c)
                    hands[s] = keep
            self.rng.shuffle(dreck)
            order = [(self.dealer + i) % n for i in range(1, n + 1)]
            order = [s for s in order if s in receivers]
            i = 0
            while dreck:                              # one at a time, top (last) first
                hands[order[i % len(order)]].append(dreck.pop())
                i += 1
        self.phase = 2
        self.turn = self.last_winner if self.last_winner is not None else self.leader
        self._new_trick()

    # ---- phase 2: shedding -------------------------------------------------------------
    def _runs(self, hand: list) -> list:
        """ATL-7 every run of min_run or more cards of one suit, ascending (suits in
        the order they first appear in the hand, then by first card, then length)."""
        n = self.min_run
        by_suit = {}
        for c in hand:
            by_suit.setdefault(SUIT[c], []).append(c)
        out = []
        for cards in by_suit.values():
            if len(cards) < n:
                continue
            cards.sort()
            stretch = [cards[0]]
            for c in cards[1:] + [None]:
                if c is not None and c == stretch[-1] + 1:
                    stretch.append(c)
                    continue
                k = len(stretch)
                for i in range(k - n + 1):
                    for j in range(i + n, k + 1):
                        out.append(tuple(stretch[i:j]))
                stretch = [c]
        return out

    def _shed_actions(self, hand: list) -> list:
        plays = [(c,) for c in hand]
        if self.min_run:
            plays += self._runs(hand)
        trick = self.trick
        if not trick:
            return plays                              # C-7 lead anything
        top = trick[-1]
        suit, high, trump = SUIT[top[0]], top[-1], self.trump
        if suit == trump:                             # only a higher trump beats a trump
            acts = [p for p in plays if p[0] > high and SUIT[p[0]] == suit]
        else:
            acts = [p for p in plays
                    if (p[0] > high and SUIT[p[0]] == suit) or SUIT[p[0]] == trump]
        if self.voluntary_take or not acts:           # MAT-11
            acts.append(TAKE)
        return acts

    def _left_of(self, s: int) -> int:
        n, out = self.n, self.out                     # C-2 skipping seats out
        s = (s + 1) % n
        while out[s]:
            s = (s + 1) % n
        return s

    def _new_trick(self) -> None:
        self.plays = 0
        self.size = self.seats_in
        hands, turn = self.hands, self.turn
        for _ in range(self.n):                       # C-7 no cards: pass the lead
            if hands[turn]:
                self.turn = self.to_act = turn
                return
            turn = self._left_of(turn)
        self.status = "aborted"                       # nobody left holding a card

    def _shed(self, s: int, a) -> None:
        trick = self.trick
        hand = self.hands[s]
        if a == TAKE:                                 # ATL-8 the lowest unbroken run
            taken = list(trick[0])
            k = 1
            while k < len(trick) and trick[k][0] == taken[-1] + 1 \
                    and SUIT[trick[k][0]] == SUIT[taken[-1]]:
                taken += trick[k]                     # (a play continues whole or not)
                k += 1
            del trick[:k]
            hand += taken
            self.turn = self.to_act = self._left_of(s)
            if not trick:                             # C-7 trick end by emptying
                self._new_trick()
            return
        for c in a:
            hand.remove(c)
        trick.append(a)
        self.plays += 1
        if (self.plays if self.count_plays else len(trick)) >= self.size:
            trick.clear()                             # C-7 trick end by count: to out
            if not hand:
                self._go_out(s)
                if self.status != "in_progress":
                    return
            self.turn = s if not self.out[s] else self._left_of(s)
            self._new_trick()
            return
        if not hand:
            self._go_out(s)
            if self.status != "in_progress":
                return
        self.turn = self.to_act = self._left_of(s)

    def _go_out(self, s: int) -> None:
        self.out[s] = True                            # C-7 going out
        self.out_order.append(s)
        self.seats_in -= 1
        if self.seats_in == 1:                        # C-9 the last one is the Mattis
            self.loser = self.out.index(False)
            self.status = "finished"
            self.to_act = None


def playouts(games: int, players: int = 3, seed: int = 0, **options) -> int:
    """Play ``games`` uniform-random games (game k: deal and choices from seed + k);
    return the number of actions taken."""
    actions = 0
    for k in range(seed, seed + games):
        state = AtlantaMattis(players, k, **options)
        rng = random.Random(k)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        actions += state.actions
    return actions


if __name__ == "__main__":
    import argparse
    import time
    p = argparse.ArgumentParser(description="random playouts of the hand-written "
                                            "Atlanta Mattis")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    t = time.process_time()
    n = playouts(args.games, args.players, args.seed)
    t = time.process_time() - t
    print(f"{n} actions in {t:.3f} s CPU: {1e6 * t / n:.2f} us per action")
