"""A hand-written Norwegian Mattis engine: the reference that rulekit's speed is
measured against.

What a competent programmer would write by hand for this one game, with no generic
machinery: cards are small integers, hands are lists, the phases are plain methods.
It plays the rules of docs/rules/mattis-norsk.md (with MAT-7's empty-hand draw and
docs/rules/common.md) with the defaults of the bundled ``rulesets/mattis_norsk.yaml``
(``sequences`` is not supported: it is off by default). tests/test_reference_engines.py
plays it beside rulekit, action for action, and checks the legal actions and the
returns agree.

    state = MattisNorsk(players=4, seed=1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    state.returns()                     # e.g. [1.0, 1.0, -1.0, 1.0]: seat 2 lost

    python benchmarks/reference/mattis_norsk.py --games 100   # random playouts, timed

A card is ``suit * 13 + rank`` (rank 0 = 2 .. 12 = ace; suits C D H S): rulekit's pack
order, so a seed shuffles the same deck and draws the same dealer as
``rulekit.load("mattis_norsk").new_game(players=n, seed=seed)``. An action is a card
(play it), :data:`STOCK` or :data:`TAKE`; :func:`action_text` and :func:`parse_action`
turn them into the action strings of INTERFACES.md (``play 7H``, ``stock``, ``take``).
"""
from __future__ import annotations

import random

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CARD_TEXT = [r + s for s in SUITS for r in RANKS]     # rulekit's pack order
RANK = [c % 13 for c in range(52)]
SUIT = [c // 13 for c in range(52)]
STOCK = 52                                            # sjansing: the top stock card
TAKE = 53                                             # phase 2: take (cannot beat)
HAND_SIZE = 3                                         # C-3, NOR-5
MAX_ACTIONS = 10000                                   # C-8


def action_text(a: int) -> str:
    """The action string of ``a`` (``play 7H``, ``stock``, ``take``)."""
    if a == STOCK:
        return "stock"
    if a == TAKE:
        return "take"
    return "play " + CARD_TEXT[a]


def parse_action(text: str) -> int:
    """The action of an action string (``play 7H``, ``stock``, ``take``)."""
    if text == "stock":
        return STOCK
    if text == "take":
        return TAKE
    return CARD_TEXT.index(text.split()[1])


class MattisNorsk:
    """A game of Norwegian Mattis in progress: ``players`` (2 to 6), ``seed`` (shuffles
    the deck, then draws the dealer), or ``deck`` (cards, top first) and ``dealer``; the
    options of rulesets/mattis_norsk.yaml (``sequences`` excepted) as keywords."""

    def __init__(self, players: int = 4, seed: int = 0, deck=None, dealer=None,
                 two_player_removed: int = 10, draw_order: str = "winner_first",
                 stock_play: str = "any_turn", voluntary_take: bool = False,
                 trick_count: str = "plays_made", max_actions: int = MAX_ACTIONS):
        rng = random.Random(seed)
        if deck is None:
            deck = list(range(52))
            rng.shuffle(deck)
        drawn = rng.randrange(players)
        dealer = drawn if dealer is None else dealer
        n = self.n = players
        self.winner_first = draw_order == "winner_first"
        self.stock_play = stock_play
        self.voluntary_take = voluntary_take
        self.count_plays = trick_count == "plays_made"
        self.max_actions = max_actions
        if n == 2:                                    # NOR-1 cards out unseen
            deck = deck[two_player_removed:]
        first = (dealer + 1) % n
        self.hands = hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):                # C-3 one at a time, clockwise
            hands[(first + i) % n].append(deck[i])
        self.stock = deck[HAND_SIZE * n:][::-1]       # the top card last: pop() draws it
        self.won = [[] for _ in range(n)]
        self.trick = []                               # cards in play order
        self.trick_seats = []                         # who played each (phase 1)
        self.trump = None
        self.trump_card = None                        # NOR-7 set aside: (seat, card)
        self.phase = 1
        self.leader = first                           # NOR-2
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
        self.pending, self.pi, self.round_no, self.round_start = [], 0, 0, 0
        self._collect(True)

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
        """The legal actions of the seat to act (cards, STOCK, TAKE)."""
        if self.status != "in_progress":
            return []
        hand = self.hands[self.to_act]
        if self.phase == 1:
            acts = hand[:]                            # NOR-3 any card
            if len(self.stock) > 1 and (self.stock_play == "any_turn" or (  # NOR-6, C-5
                    self.stock_play == "lead_only" and self.round_no == 0
                    and self.to_act == self.leader)):
                acts.append(STOCK)
            return acts
        trick = self.trick
        if not trick:
            return hand[:]                            # C-7 lead anything
        top = trick[-1]
        suit, trump = SUIT[top], self.trump
        if suit == trump:                             # only a higher trump beats a trump
            acts = [c for c in hand if c > top and SUIT[c] == suit]
        else:
            acts = [c for c in hand if (c > top and SUIT[c] == suit) or SUIT[c] == trump]
        if self.voluntary_take or not acts:           # NOR-10
            acts.append(TAKE)
        return acts

    def apply(self, a: int) -> None:
        """Take action ``a`` for the seat to act, then play on to the next decision."""
        s = self.to_act
        if self.phase == 1:
            if a == STOCK:
                c = self.stock.pop()                  # NOR-6 straight to the trick
            else:
                self.hands[s].remove(a)
                c = a
            self.trick.append(c)
            self.trick_seats.append(s)
            self.pi += 1
            self._collect(False)
        else:
            self._shed(s, a)
        self.actions += 1
        if self.actions >= self.max_actions and self.status == "in_progress":
            self.status = "aborted"                   # C-8

    # ---- phase 1: collecting -----------------------------------------------------------
    def _left_with_cards(self, s: int) -> int:
        n, hands = self.n, self.hands                 # NOR-3 skip empty hands
        for i in range(1, n):
            t = (s + i) % n
            if hands[t]:
                return t
        return None

    def _start_trick(self) -> bool:
        """Before each lead: False when phase 1 ends (NOR-8), else the trick starts."""
        hands = self.hands
        holding = 0
        for h in hands:
            if h:
                holding += 1
        if holding <= 1:                              # NOR-8
            return False
        leader = self.leader
        if not hands[leader]:                         # NOR-3 pass the lead
            leader = self.leader = self._left_with_cards(leader)
        self.pending = [leader, self._left_with_cards(leader)]
        self.pi = 0
        self.round_no = 0
        self.round_start = len(self.trick)            # an unresolved krig stays there
        return True

    def _draw(self, s: int) -> None:
        c = self.stock.pop()
        if self.stock:
            self.hands[s].append(c)
        else:                                         # NOR-7 set aside, face down
            self.trump_card = (s, c)

    def _collect(self, new_trick: bool) -> None:
        """Run phase 1 up to the next decision (or into phase 2)."""
        hands, stock = self.hands, self.stock
        if new_trick and not self._start_trick():
            self._finish_collect()
            return
        while True:
            if self.pi == len(self.pending):
                if not self._resolve():
                    self._finish_collect()
                    return
                continue
            s = self.pending[self.pi]
            if hands[s]:
                self.to_act = s
                return
            if not stock:                             # NOR-4 (c) krig unresolved
                if not self._start_trick():
                    self._finish_collect()
                    return
                continue
            self._draw(s)                             # MAT-7 empty hand: draw, then play

    def _resolve(self) -> bool:
        """Resolve a round: False when phase 1 ends after it."""
        trick, seats, start = self.trick, self.trick_seats, self.round_start
        a, b = trick[start], trick[start + 1]         # two cards, leader's first
        if RANK[a] == RANK[b]:                        # NOR-4 krig: both add one more
            self.pending = [seats[start], seats[start + 1]]
            self.pi = 0
            self.round_no += 1
            self.round_start = len(trick)
            return True
        w = seats[start] if RANK[a] > RANK[b] else seats[start + 1]
        self.won[w] += trick                          # NOR-3, NOR-4 (b) all of it
        trick.clear()
        seats.clear()
        self._refill(w if self.winner_first else self.leader)   # NOR-5
        self.last_winner = self.leader = w
        return self._start_trick()

    def _refill(self, first: int) -> None:
        n, hands, stock = self.n, self.hands, self.stock   # C-4 each draws all it needs
        for i in range(n):
            s = (first + i) % n
            for _ in range(min(HAND_SIZE - len(hands[s]), len(stock))):
                self._draw(s)

    def _finish_collect(self) -> None:
        hands = self.hands
        for c, s in zip(self.trick, self.trick_seats):    # NOR-4 (d) back to their seats
            hands[s].append(c)
        self.trick.clear()
        self.trick_seats.clear()
        for s in range(self.n):                       # NOR-9 won pile + kept cards
            hands[s] += self.won[s]
            self.won[s] = []
        self.phase = 2
        if self.trump_card is not None:               # NOR-9 the trump card's holder
            s, c = self.trump_card
            hands[s].append(c)
            self.trump = SUIT[c]
            self.turn = s
        else:                                         # MAT-9
            self.turn = self.last_winner if self.last_winner is not None else self.leader
        self._new_trick()

    # ---- phase 2: shedding -------------------------------------------------------------
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

    def _shed(self, s: int, a: int) -> None:
        # NOR-14: going out is only ever checked right after a play of that seat, so
        # "has made a phase-2 play" always holds there and needs no flag.
        trick = self.trick
        if a == TAKE:                                 # NOR-11 the first card
            self.hands[s].append(trick.pop(0))
            self.turn = self.to_act = self._left_of(s)
            if not trick:                             # C-7 trick end by emptying
                self._new_trick()
            return
        hand = self.hands[s]
        hand.remove(a)
        trick.append(a)
        self.plays += 1
        if (self.plays if self.count_plays else len(trick)) >= self.size:
            trick.clear()                             # NOR-13 trick end by count: to out
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
        if self.seats_in == 1:                        # NOR-14 the last one is the Mattis
            self.loser = self.out.index(False)
            self.status = "finished"
            self.to_act = None


def playouts(games: int, players: int = 4, seed: int = 0, **options) -> int:
    """Play ``games`` uniform-random games (game k: deal and choices from seed + k);
    return the number of actions taken."""
    actions = 0
    for k in range(seed, seed + games):
        state = MattisNorsk(players, k, **options)
        rng = random.Random(k)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        actions += state.actions
    return actions


if __name__ == "__main__":
    import argparse
    import time
    p = argparse.ArgumentParser(description="random playouts of the hand-written "
                                            "Norwegian Mattis")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    t = time.process_time()
    n = playouts(args.games, args.players, args.seed)
    t = time.process_time() - t
    print(f"{n} actions in {t:.3f} s CPU: {1e6 * t / n:.2f} us per action")
