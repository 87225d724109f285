"""What one seat's page shows, as JSON data built only from that seat's view.

:func:`page_state` turns ``game.view(seat)`` (``spectator_view()`` for a spectator)
into the data the browser draws: the seat's own cards sorted by suit and rank, every
seat's zones as counts and face-up cards, the piles in the middle with the cards of a
zone that remembers its plays grouped by play and seat (a zone with ``pairs_with`` as
pairs with its partner's cards), the phase's ``display:`` lines
(marked on the play they name), the seat's own legal actions (the listed ones, and each
choice in parts by its parts: rulekit.web.choosing), whose turn it is and a line of
help saying what to do (:func:`help_line`), the seat's event lines, the score panel
(the variables marked ``score: true``, from the view: rulekit.play.scores) and the
result, in words for the seat too.
Nothing else of the game is read but the tags of the plays (who played which group:
public) and the seat's own legal actions, so a seat's message can hold no card its
view hides (tests/test_web.py checks every message). :func:`card_faces` gives the
pack's faces (rank, suit symbol, colour) once.
"""
from __future__ import annotations

from ..errors import RulekitError, RulesetFailure
from ..lang.wording import phase_words, words_of
from ..lang.zones import pair_up
from ..play.pairs import partners
from ..play.table import HIDDEN, LONG_PILE, hand_order, table_values
from ..play.names import who, who_list
from ..play.scores import result_words, score_panel
from ..play.transcript import result_line, seen_cards
from .choosing import offers

KEEP_LINES = 40         # event lines a page gets (the latest)


def card_faces(rules) -> dict:
    """``{card: [rank, suit, red]}`` for every card of the pack: the rank text, the suit
    as its symbol (or letter, when the ruleset's suits have no symbols; ``""`` for an
    extra card such as a joker) and whether it is printed red. A copy keeps its mark
    in the rank (``Q#2``)."""
    cards = rules.cards
    plain = not set(cards.suits) <= set(cards.symbols)
    red = set(cards.red)
    out = {}
    for c in rules.pack:
        suit = cards.suit_of.get(c)
        face = cards.face_of[c]
        if suit is None:
            out[c] = [str(c), "", False]
            continue
        rank = face[:len(face) - len(suit)] + c[len(face):]
        out[c] = [rank, suit if plain else cards.symbols[suit], suit in red]
    return out


def suit_faces(rules) -> dict:
    """``{suit: [symbol, red]}`` (the letter when the ruleset's suits have no symbols)."""
    cards = rules.cards
    plain = not set(cards.suits) <= set(cards.symbols)
    return {s: [s if plain else cards.symbols[s], s in set(cards.red)] for s in cards.suits}


def _cards(cs) -> list:
    return [c if isinstance(c, str) else None for c in cs]


def _value(value, typ, suits: dict, names=None) -> dict:
    """A ``display:`` or shown variable's value: ``{"text": ...}`` (a suit as its symbol,
    with ``"red"``) or ``{"cards": [...]}``. ``suits``: suit -> [symbol, red]."""
    if typ == "suit" and value in suits:
        return {"text": suits[value][0], "red": suits[value][1]}
    if value is HIDDEN:
        return {"cards": [None]}
    if value is None or value == []:
        return {"text": "-"}
    if isinstance(value, list):
        if typ in ("cards", "play", "card"):
            return {"cards": _cards(value)}
        return {"text": ", ".join(str(v) for v in value)}
    if typ == "card":
        return {"cards": [value]}
    if typ == "seat":                   # by its player's name when it has one
        return {"text": who(names, value)}
    if isinstance(value, bool):
        return {"text": "yes" if value else "no"}
    return {"text": str(value)}


def _display(game, viewer, view) -> list:
    """``[(label, value, type)]``: the phase's display lines for ``viewer``; for a
    spectator (None) only those equal for every seat, with the spectator's view hiding
    cards. A ruleset failure shows none."""
    try:
        if viewer is not None:
            return table_values(game, viewer, view)
        per_seat = [table_values(game, s, view) for s in range(game.n)]
    except RulekitError:
        return []
    first = per_seat[0] if per_seat else []
    return [line for i, line in enumerate(first)
            if all(len(p) > i and p[i][1] == line[1] for p in per_seat)]


def _groups(game, zone: str, content: list, marks: list, marked: set) -> list:
    """The plays of a zone that remembers them: ``[{"seat", "cards", "mark"}]``, one per
    run of cards of one play number and seat (the tags), marked with the label of a
    display line whose cards are that play's."""
    tags = game.tags
    groups: list = []
    for real, shown in zip(game.z[zone], content):
        tag = tags.get(real)
        key = tuple(tag[:2]) if tag else None
        if groups and key is not None and groups[-1][0] == key:
            groups[-1][1].append(shown)
        else:
            groups.append([key, [shown]])
    out = []
    for key, cards in groups:
        mark = None
        seen = sorted(c for c in cards if c is not None)
        for label, value, typ in marks:
            values = value if isinstance(value, list) else [value]
            if label not in marked and typ in ("cards", "play", "card", "list") and value \
                    and value is not HIDDEN and None not in values and sorted(values) == seen:
                mark = label
                marked.add(label)
                break
        out.append({"seat": None if key is None else key[0], "cards": _cards(cards),
                    "mark": mark})
    return out


_seen = seen_cards          # the cards a view shows


def _unseen_hidden(value, seen: set, pack):
    """A variable's value with the cards the viewer has not seen as None (HIDDEN alone)."""
    if isinstance(value, list):
        return [None if isinstance(c, str) and c in pack and c not in seen else c
                for c in value]
    if isinstance(value, str) and value in pack and value not in seen:
        return HIDDEN
    return value


def _pile_words(decl, slot) -> str:
    """Pile ``slot`` of zone ``decl`` as a player reads it: the zone's words, then the
    pile's seat and place as its text says them (``tableau 3``)."""
    return " ".join([words_of(decl)] + decl.pile_words(slot).split()[1:])


def _pile(decl, content: list) -> dict:
    shown = [c for c in content if c is not None]
    pile = {"count": len(content), "cards": [], "hidden": len(content) - len(shown)}
    if len(shown) == len(content) > LONG_PILE:      # the top ones; the rest counted
        pile["cards"] = _cards(content[-(LONG_PILE // 2):])
        pile["more"] = len(content) - LONG_PILE // 2
    else:
        pile["cards"] = _cards(shown)
    return pile




def _pairs(decl, first: list, second: list, viewer, mine: list, per_seat: list,
           piles: list, partner=None) -> None:
    """Zone ``decl`` paired with its ``pairs_with`` zone (``first``, ``second``: their
    contents in the view; ``partner``: its declaration) added to the page: ``"pairs"``,
    card i of the one with card i of the other (``"with"`` names the other,
    ``"with_words"`` says it), on a pile of the middle, the viewer's own or another
    seat's."""
    said = words_of(partner) if partner is not None else decl.pairs_with

    def entry(a, b):
        return {"zone": decl.name, "words": words_of(decl), "with": decl.pairs_with,
                "with_words": said, "count": len(a) + len(b),
                "pairs": [_cards(p) for p in pair_up(a, b)],
                "cards": _cards([c for c in a + b if c is not None])}
    if decl.per != "seat":
        if first or second or decl.show_empty:
            piles.append(entry(first, second))
        return
    for s, (a, b) in enumerate(zip(first, second)):
        if s == viewer:
            mine.append(entry(a, b))
        elif a or b:
            per_seat[s]["zones"].append(entry(a, b))


def _parts_way(offer: dict, hand: set) -> str:
    """How a choice in parts (an offer of rulekit.web.choosing.offers) is made, in
    words: its first part (cards of the hand to select, an amount) or its shape."""
    first, nxt = offer["parts"][0], offer.get("next") or {}
    low, high = nxt.get("low"), nxt.get("high")
    many = f"{low}" if low == high else f"{low} to {high}"
    items = nxt.get("items") or []
    if first["form"] == "set" and first["kind"] == "card" and items and set(items) <= hand \
            and low is not None:
        way = f"select {many} card{'' if high == 1 else 's'} of your hand"
    elif first["form"] == "amount" and low is not None:
        way = f"choose an amount from {low} to {high}"
    else:
        way = f"make it part by part: '{offer['shape']}'"
    if len(offer["parts"]) > 1 and not way.startswith("make"):
        way += " and its other parts"
    return way + ", then press its button"


def help_line(game, viewer, view, actions: list, parts: list, hand: set,
              names=None) -> str:
    """One line that tells the page's person what to do now: whose turn it is and, on
    theirs, each action they may take and how (a highlighted card of their hand, a
    button, a choice made part by part). ``actions``: the listed actions as the page
    gets them; ``parts``: the choices in parts; ``hand``: the cards the viewer holds;
    ``names``: the players' names (one per seat, None where unnamed)."""
    def _seat_list(seats):
        return who_list(names, seats)
    if game.finished:
        return "The game is over" + ("" if viewer is None else
                                     ": download its record, or play again") + "."
    actors = view.get("actors") or ([] if view["to_act"] is None else [view["to_act"]])
    chosen = [s for s, _ in view.get("chosen") or []]
    if viewer is None:
        return "You are watching" + (f": {_seat_list(actors)} to act." if actors else ".")
    if not actions and not parts:
        waiting = [s for s in actors if s != viewer and s not in chosen]
        if viewer in chosen:
            return f"You have chosen; waiting for {_seat_list(waiting)}." if waiting \
                else "You have chosen."
        return (f"Wait: {_seat_list(waiting)} to act." if waiting else
                "Wait for your turn.")
    how: dict = {}                      # action name -> how it is taken, in order
    for a in actions:
        by_card = len(a["cards"]) == 1 and a["cards"][0] in hand
        ways = how.setdefault(a["name"], set())
        ways.add("click a highlighted card of your hand or its button" if by_card
                 else "its button")
    for p in parts:
        how.setdefault(p["action"], set()).add(_parts_way(p, hand))
    said = []
    decls = {a.name: a for p in game.rules.phases.values() for a in p.actions.values()}
    for name, ways in how.items():
        way = sorted(ways)[0] if len(ways) == 1 else \
            "click a highlighted card of your hand or a button"
        said.append(f"{words_of(decls[name]) if name in decls else name} ({way})")
    start = "Your turn" if len(actors) <= 1 else "You may act"
    if len(said) == 1:
        return f"{start}: {said[0]}."
    return f"{start}: choose one of {'; '.join(said)}."


def page_state(game, viewer, lines: list, seats: list, version: int) -> dict:
    """The data of one page: ``viewer`` a seat (its view, its listed legal actions and
    its choices in parts, :func:`rulekit.web.choosing.offers`) or None (a spectator:
    what every seat sees, no actions). ``lines``: the viewer's event lines;
    ``seats``: per seat ``{"who": kind, "here": connected}`` and optionally ``"name"``
    (the player's name, or None: said instead of the seat number); ``version``: the moves
    made so far at the table (a page sends it back with an action). Raises ValueError
    for a bad seat."""
    rules = game.rules
    names = [seats[s].get("name") for s in range(game.n)]
    names = names if any(names) else None
    view = game.view(viewer) if viewer is not None else game.spectator_view()
    marks = _display(game, viewer, view)
    marked: set = set()
    mine, piles = [], []
    per_seat = [{"seat": s, "zones": [], "out": s in view["out_order"], **seats[s]}
                for s in range(game.n)]
    paired = partners(rules)
    for name, decl in rules.zones.items():
        content = view["zones"].get(name)
        if content is None or name in paired:
            continue
        if decl.pairs_with:
            _pairs(decl, content, view["zones"].get(decl.pairs_with) or [], viewer,
                   mine, per_seat, piles, rules.zones.get(decl.pairs_with))
        elif decl.row:                      # each pile of a row, in its order
            for slot, cs in enumerate(decl.flat(content)):
                s = decl.owner(slot)
                one = {"zone": decl.label(slot), "words": _pile_words(decl, slot),
                       **_pile(decl, cs)}
                if s is None:
                    if cs or decl.show_empty:
                        piles.append(one)
                elif s == viewer:
                    mine.append({"zone": decl.label(slot), "words": _pile_words(decl, slot),
                                 "cards": _cards(cs)})
                elif cs:
                    per_seat[s]["zones"].append({"zone": decl.label(slot),
                                                 "words": _pile_words(decl, slot),
                                                 "count": len(cs),
                                                 "cards": _cards([c for c in cs
                                                                  if c is not None])})
        elif decl.per == "seat":
            for s, cs in enumerate(content):
                if s == viewer:
                    own = list(cs)
                    if own and None not in own:
                        own.sort(key=lambda c: hand_order(rules, c))
                    if own or decl.see == "owner":
                        mine.append({"zone": name, "words": words_of(decl),
                                     "cards": _cards(own)})
                elif cs:
                    shown = [c for c in cs if c is not None]
                    per_seat[s]["zones"].append({"zone": name, "words": words_of(decl),
                                                 "count": len(cs),
                                                 "cards": _cards(shown)})
        elif decl.tagged and content:
            piles.append({"zone": name, "words": words_of(decl), "count": len(content),
                          "groups": _groups(game, name, content, marks, marked)})
        elif content or decl.show_empty:
            piles.append({"zone": name, "words": words_of(decl), **_pile(decl, content)})
    suits = suit_faces(rules)
    shown_vars = []
    seen = _seen(view) | game.public
    for name, d in rules.vars.items():
        if not d.show:
            continue
        values = view["vars"].get(name)         # a per-seat one: each seat's, yours first
        for s, v in ([(None, values)] if d.per == "game" else
                     sorted(enumerate(values or []), key=lambda sv: sv[0] != viewer)):
            value = _unseen_hidden(v, seen, rules.cards.order)
            said = words_of(d)
            label = said if s is None else f"{said}, {'you' if s == viewer else who(names, s)}"
            shown_vars.append({"label": label, **(_value(value, d.type, suits, names)
                                                  if value is not None
                                                  else {"text": "not known yet"})})
    display = [{"label": label, **_value(value, typ, suits, names)}
               for label, value, typ in marks
               if label not in marked and value not in (None, [])]
    actions, parts = [], []
    if viewer is not None and not game.finished:
        for act in game.listed_actions(viewer):     # never a choice in parts: those
            actions.append({"text": str(act), "name": act.name, "cards": list(act.cards)})
        try:                                        # are offered by their parts
            parts = offers(game, viewer)
        except RulesetFailure:          # said when the seat acts; the listed ones stay
            parts = []
    finished = game.finished
    hand = {c for z in mine for c in z["cards"] if c is not None}
    help_text = help_line(game, viewer, view, actions, parts, hand, names)
    out = {"type": "state", "you": viewer, "title": rules.title, "players": game.n,
           "version": version, "status": view["status"], "phase": view["phase"],
           "phase_words": phase_words(rules, view["phase"]),
           "to_act": view["to_act"], "actors": view.get("actors") or
           ([] if view["to_act"] is None else [view["to_act"]]),
           "chosen": [s for s, _ in view.get("chosen") or []],
           "dealer": view["dealer"], "seats": per_seat, "mine": mine, "piles": piles,
           "vars": shown_vars, "display": display, "actions": actions, "parts": parts,
           "events": lines[-KEEP_LINES:], "finished": finished,
           "result": result_line(game, names) if finished else None,
           "result_words": result_words(game.result, viewer, names, game.rules.score_unit)
           if finished else None,
           "scores": score_panel(rules, view, viewer, names), "help": help_text}
    return out
