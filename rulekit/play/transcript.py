"""A game as readable text, built from the engine's events.

:class:`Transcript` prints the deal (what each seat was dealt), each action with its
seat (and the cards it turned face up, again too, or picked up that its text does not
name), the cards the automatic steps put face up (``to ZONE: CARDS``), the ruleset's
announcements and phase changes; :func:`describe_state` prints a state dump for people
(``replay``).
"""
from __future__ import annotations

from ..lang.wording import players_text
from ..errors import printable
from ..outcome import describe
from .names import introduce, named_text, who


def seen_cards(view: dict) -> set:
    """The cards a view (``game.view(seat)``) shows: every card that is not null."""
    out, stack = set(), list(view["zones"].values())
    while stack:                    # (lists of cards, of piles, of seats' rows of piles)
        x = stack.pop()
        if isinstance(x, list):
            stack.extend(x)
        elif x is not None:
            out.add(x)
    return out


def face_up_to_all(game) -> set:
    """The cards every seat sees now where they lie (what a spectator's view shows)."""
    return seen_cards(game.spectator_view())


def face_up_cards(game) -> list:
    """The cards now lying in zones every seat sees (not concealed), in zone order."""
    out = []
    for name, decl in game.rules.zones.items():
        if decl.per != "game" or decl.see not in ("all", "top"):
            continue
        for pile in (game.z[name] if decl.row else [game.z[name]]):
            if decl.see == "top":
                pile = pile[:1] if decl.top == "first" else pile[-1:]
            out += [c for c in pile if game.marks.get(c) != "down"]
    return out


class Transcript:
    """Prints a game as it goes from its events (see the module docstring).

    ``viewer``: the seat of a person at the table (the deal then shows only what that
    seat may see, and cards are styled for reading), ``"public"`` for several people at
    one screen (only what every seat sees), or None for an all-seeing one;
    ``console``/``style``: a rich console and a :class:`~rulekit.play.terminal.CardStyle`;
    ``names``: the players' names, one per seat (None where unnamed; a list the caller
    may change as people name themselves), said instead of seat numbers.
    """

    def __init__(self, game, quiet=False, viewer=None, console=None, style=None,
                 names=None):
        self.game = game
        self.names = names
        self.quiet = quiet
        self.viewer = viewer
        self.console = console
        self.style = style
        self.seen_events = 0
        self.phase = game.phase
        self.recent: list[str] = []     # the last lines said (a screen handed over shows them)
        self.dealing = not any(ev["kind"] == "action" for ev in game.events)  # (deal not news)
        self.known = self._seen()       # the cards the viewer saw at the last flush
        self.on_view: set = set()       # the cards face up to all at the last flush

    def _seen(self) -> set:
        """The cards a seat viewer sees now (empty for other viewers)."""
        if not isinstance(self.viewer, int):
            return set()
        return seen_cards(self.game.view(self.viewer))

    def rewound(self):
        """The game was taken back (rulekit.play.session.rewind): say so, and carry on
        from its events as they now are."""
        g = self.game
        self.seen_events = len(g.events)
        self.phase = g.phase
        self.recent.clear()
        self.known = self._seen()
        self.on_view = face_up_to_all(g)
        self.say(f"  -- taken back: the game is as it was after {g.actions} "
                 f"action{'s' if g.actions != 1 else ''} --")

    def who(self, seat) -> str:
        """How the transcript says ``seat``: its name, or ``seat S``."""
        return who(self.names, seat)

    def say(self, text: str):
        """Print one line (styled when there is a console), unless quiet."""
        if self.quiet:
            return
        self.recent = self.recent[-7:] + [text]
        if self.console is not None:
            self.console.print(self.style.text(text))
        else:
            print(printable(text, 2000))

    def header(self, seed, options: dict | None = None, human=None):
        """The first line: title, players, dealer, seed, changed options, who you are;
        with names, a second line naming every seat once (``players: Ann (seat 0),
        ...``)."""
        g = self.game
        self.say(f"{g.rules.title}: {players_text(g.n)}, dealer {self.who(g.dealer)}, "
                 f"seed {seed}"
                 + (", options " + ", ".join(f"{k}={v}" for k, v in options.items())
                    if options else "")
                 + (f"; you are {introduce(self.names, human)}" if isinstance(human, int)
                    else f"; seats {', '.join(map(str, human))} play at this screen "
                    "(hot-seat)" if human else ""))
        if self.names and any(self.names):
            self.say("  players: " + ", ".join(introduce(self.names, s) for s in range(g.n)))

    def deal(self, since: int = 0):
        """'seat S is dealt ...' for the per-seat zones the setup (or, from event
        ``since`` on, a new hand) dealt cards into: the cards each move of the deal put
        there (those the automatic steps took away again included), as far as the
        viewer may see them (see :meth:`_saw_dealt`)."""
        g = self.game
        zones = g.rules.zones
        dealt: dict = {}                # zone -> seat -> the cards dealt there, in order
        for ev in g.events[since:]:
            if ev["kind"] == "action":
                break
            zone, s = ev["to"] if ev["kind"] == "moved" else (None, None)
            if zone is not None and zones[zone].per == "seat" and not zones[zone].row:
                got = dealt.setdefault(zone, {}).setdefault(s, [])
                got += [c for c in ev["cards"] if c not in got]
        shown = g.dump() if self.viewer is None else g.spectator_view() \
            if self.viewer == "public" else g.view(self.viewer)
        seen = seen_cards(shown)
        for i, (zone, by_seat) in enumerate(dealt.items()):
            into = "" if i == 0 else f" (into {zone})"
            for s in sorted(by_seat):
                if self.viewer is not None and s != self.viewer:
                    continue
                cards, now = by_seat[s], g.z[zone][s]
                if set(cards) == set(now):      # all still there: in the zone's order
                    cards = list(now)
                cards = [c for c in cards if self._saw_dealt(c, seen)]
                if cards:
                    self.say(f"  {self.who(s)} is dealt {' '.join(cards)}{into}")

    def _saw_dealt(self, card, seen) -> bool:
        """Whether the viewer may be told ``card`` was dealt: an all-seeing transcript,
        or the viewer's view shows it now (``seen``), or it has been face up to every
        seat in this hand. (A card dealt to a seat and taken away before its first
        decision is not one it has been shown: views are what a seat sees.)"""
        return self.viewer is None or card in seen or card in self.game.public

    def flush(self):
        """Print the announcements (and phase changes) not printed yet."""
        g = self.game
        start = self.seen_events
        zones = g.rules.zones
        own_until = start               # an action's own effects: said with the action
        events = g.events[start:]
        ended = max((i for i, ev in enumerate(events, start) if ev["kind"] == "new_hand"),
                    default=-1)         # the moves before it: of a hand that has ended
        for i, ev in enumerate(events, start):
            if ev["kind"] == "new_hand":        # and its deal, as for the first hand
                self.say(f"  == hand {ev['number']}, dealer {self.who(ev['dealer'])} ==")
                self.deal(i + 1)
                self.dealing = True
                self.on_view = set()            # (a new hand: its cards are news again)
            elif ev["kind"] == "action":
                self.dealing = False
                own_until = ev["until"] if ev["until"] is not None else len(g.events)
            elif ev["kind"] == "moved" and i < own_until \
                    and zones[ev["to"][0]].see in ("all", "top"):
                self.on_view.update(ev["cards"])        # (the action named them)
            elif ev["kind"] == "moved" and zones[ev["to"][0]].see in ("all", "top"):
                decl = zones[ev["to"][0]]       # (a hand ended: its public cards are
                up = [c for c in ev["cards"]    # gone; a zone all see showed them)
                      if (c in g.public or i < ended and decl.see == "all")
                      and c not in self.on_view]
                if up:                          # an automatic step put them face up
                    self.on_view.update(up)
                    self.say(f"    to {_place(decl, ev['to'][1], self.names)}: "
                             f"{' '.join(up)}")
            elif ev["kind"] == "moved" and isinstance(self.viewer, int) \
                    and ev["to"][1] == self.viewer and not self.dealing \
                    and zones[ev["to"][0]].see == "owner" and not zones[ev["to"][0]].row:
                got = [c for c in ev["cards"] if c not in self.known]  # not seen before
                if got:
                    self.say(f"    you get {' '.join(got)}")
            elif "text" in ev:
                self._phase(ev.get("phase"))
                self.say(f"    * {named_text(self.names, ev['text'])}")
        self.seen_events = len(g.events)
        self.known = self._seen()
        self.on_view = set() if self.quiet else face_up_to_all(g)   # (quiet: not said)
        self._phase(g.phase)

    def _phase(self, phase):
        if phase is not None and phase != self.phase:
            self.phase = phase
            self.say(f"  -- phase {phase} --")

    def actions(self, mark: int, before_public=None, on_table=None) -> None:
        """Print the actions taken from event ``mark`` on (see :meth:`action`), and the
        seats that made a simultaneous choice still hidden."""
        events = self.game.events
        for i in range(mark, len(events)):
            ev = events[i]
            if ev["kind"] == "action":
                self.action(ev["seat"], ev["action"], before_public, on_table, i)
            elif ev["kind"] == "chosen":
                self.say(f"  {self.who(ev['seat'])} has chosen (hidden until every seat has)")

    def action(self, seat, action, before_public=None, on_table=None, mark=None):
        """Print an action just applied; ``mark`` is ``len(game.events)`` before it
        (default: the last action's events).
        With ``before_public`` (:func:`face_up_to_all` before it), also the cards the
        action itself turned face up that its text does not name (the card a stock play
        turns up, say; a card turned up again, each time); with ``on_table`` (see
        :func:`face_up_cards` before it), the ones it took into the seat's own zone."""
        g = self.game
        extra = ""
        own = _own_events(g.events, mark)
        if self.viewer is not None and self.viewer != seat:
            said = _public_text(g.events, mark)
            if said is not None:                # a private action: its summary only
                self.say(f"  {self.who(seat)}: {said}")
                return
        if before_public is not None:
            zones = g.rules.zones
            surfaced = []
            for ev in own:
                if ev["kind"] == "moved" and zones[ev["to"][0]].see == "all" \
                        or ev["kind"] == "revealed":
                    surfaced += ev["cards"]
            named = str(action).split()[1:]
            shown = [c for c in surfaced if c not in named
                     and c not in before_public and c in g.public]
            if shown:
                extra += f" (face up: {' '.join(shown)})"
        if on_table:
            zones = g.rules.zones
            moved = {}              # where each card went first (a card reshuffled into a
            for ev in own:          # hidden pile and then drawn was not picked up)
                if ev["kind"] == "moved":
                    for c in ev["cards"]:
                        moved.setdefault(c, ev["to"])
            picked = [c for c in on_table if c in moved and moved[c][1] == seat
                      and zones[moved[c][0]].see == "owner" and not zones[moved[c][0]].row]
            if picked:
                extra += f" (picks up {' '.join(picked)})"
        self.say(f"  {self.who(seat)}: {action}{extra}")


def _place(decl, seat, names=None) -> str:
    """A zone as a transcript names it: its name (a per-game zone, a row), or
    ``seat S's ZONE`` (a per-seat zone; ``NAME's ZONE`` with names)."""
    return decl.name if seat is None or decl.row else f"{who(names, seat)}'s {decl.name}"


def _public_text(events, mark):
    """What the other seats see of the last action (at ``mark`` or later) when it is
    private, else None."""
    if mark is None:
        mark = next((i for i in range(len(events) - 1, -1, -1)
                     if events[i]["kind"] == "action"), len(events))
    for ev in events[mark:]:
        if ev["kind"] == "action":
            return ev.get("public")
    return None


def _own_events(events, mark) -> list:
    """The events of an action's own effects: after its ``action`` event (at ``mark`` or
    later; None: the last action), up to its ``until``."""
    if mark is None:
        mark = next((i for i in range(len(events) - 1, -1, -1)
                     if events[i]["kind"] == "action"), len(events))
    for i in range(mark, len(events)):
        if events[i]["kind"] == "action":
            until = events[i]["until"]
            return events[i + 1:until if until is not None else len(events)]
    return []


def result_line(game, names=None) -> str:
    """The result in one line: the outcome (for one loser, the order out) in words, an
    abort, or the state; ``names`` (one per seat, None where unnamed) said instead of
    seat numbers."""
    res = game.result
    if res.status == "finished":
        order = ", ".join(who(names, s) if names else str(s) for s in res.out_order) or "-"
        if (res.loser is not None and res.scores is None and len(res.ranking) == 2
                and res.out_order):
            return (f"Result: {who(names, res.loser)} loses; out in order: {order} "
                    f"({game.actions} actions)")
        tail = f"; out in order: {order}" if res.out_order else ""
        words = res.words() if not names or res.returns is None else describe(
            {"ranking": res.ranking, "draw": res.draw, "scores": res.scores,
             "teams": res.teams, "winners": res.winners, "losers": res.losers}, names)
        return f"Result: {words}{tail} ({game.actions} actions)"
    if res.status == "aborted":
        return f"Result: aborted: {res.message}"
    return (f"Result: in progress after {game.actions} actions; {who(names, game.to_act)} "
            "to act")


def describe_state(game) -> str:
    """The state dump as readable text (``replay`` without ``--json``)."""
    d = game.dump()
    lines = [f"{game.rules.title}: {players_text(d['players'])}, dealer seat {d['dealer']}, "
             f"{d['actions']} actions",
             f"status: {d['status']}   phase: {d['phase']}   to act: "
             f"{'-' if d['to_act'] is None else 'seat ' + str(d['to_act'])}"]
    if d.get("actors"):                     # several seats may act
        lines.append("may act now: seats " + ", ".join(map(str, d["actors"]))
                     + ("" if d.get("chosen") is None else "; chosen (hidden from the others "
                        "until all have): " + (", ".join(f"seat {s}: {a}" for s, a in
                                                         d["chosen"]) or "-")))
    if d["legal"]:
        lines.append("legal: " + ", ".join(d["legal"]))
    for name, content in d["zones"].items():
        decl = game.rules.zones.get(name)
        if decl is not None and decl.row:
            for slot, cards in enumerate(decl.flat(content)):
                shown = ["??" if c is None else c for c in cards]
                lines.append(f"{decl.label(slot)}: {' '.join(shown) if shown else '-'}")
            continue
        if content and isinstance(content[0], list) or (
                name in game.rules.zones and game.rules.zones[name].per == "seat"):
            for s, cards in enumerate(content):
                lines.append(f"{name}[{s}]: {' '.join(cards) if cards else '-'}")
        else:
            lines.append(f"{name}: {' '.join(content) if content else '-'}")
    vs = ", ".join(f"{k}={'-' if v is None else v}" for k, v in d["vars"].items())
    lines.append(f"vars: {vs}")
    lines.append(f"out order: {', '.join(map(str, d['out_order'])) or '-'}   loser: "
                 f"{'-' if d['loser'] is None else d['loser']}")
    if game.result.message:
        lines.append(f"note: {game.result.message}")
    return "\n".join(lines)
