"""A zone's `pairs_with` (docs/language.md, "zones"): card i of one zone shown with card
i of another as a pair, at the terminal and in the web page's data, on its own toy
(tests/toys/cover.yaml) and on Durak's beaten attacks and their covers; the checks at
validation (the other zone exists, has the same `per`, is no row, is in one pair)."""
from pathlib import Path

import pytest

import rulekit
from rulekit.play.table import CardStyle, render_view
from ruleset_positions import load_rules

TOY = Path(__file__).parent / "toys" / "cover.yaml"
SEATS = [{"who": "person", "here": True}, {"who": "person", "here": True}]


def _played():
    """The toy after: seat 0 attacks 2B, seat 1 covers it with 3B, seat 0 attacks 1R,
    seat 1 takes it, seat 0 shows 6R (and keeps the stock's top face down)."""
    game = load_rules(str(TOY)).new_game(seed=1)
    assert game.z["hand"] == [["2B", "1R", "6R"], ["6B", "3B", "1B"]]
    for move in ("attack 2B", "cover 2B 3B", "attack 1R", "take"):
        game.apply(move)
    top = game.z["stock"][-1]           # the stock's top (the zone's top is its last)
    game.apply("show 6R")
    return game, top


def test_a_zone_and_its_partner_show_as_pairs_at_the_terminal():
    game, top = _played()
    style = CardStyle(game.rules, ascii=True)
    theirs = render_view(game, 1, style)
    assert "  attacks / answers: 2B/3B" in theirs
    assert "  open: [dim]-[/dim]" in theirs            # the open attack stays on its own
    assert not any(line.lstrip().startswith("answers") for line in theirs)   # only paired
    assert "  shown / kept: seat 0: 6R/[dim]??[/dim]" in theirs   # kept: the owner's
    mine = render_view(game, 0, style)
    assert f"  your shown / kept: 6R/{top}" in mine
    assert not any(line.lstrip().startswith(("kept", "your kept")) for line in mine)


def test_the_web_page_gets_the_pairs_and_never_a_hidden_partner():
    from rulekit.web.page import page_state
    game, top = _played()
    theirs = page_state(game, 1, [], SEATS, 5)
    piles = {p["zone"]: p for p in theirs["piles"]}
    assert set(piles) == {"stock", "open", "attacks"}    # answers only in its pairs
    assert piles["attacks"]["with"] == "answers" and piles["attacks"]["pairs"] == [["2B", "3B"]]
    assert piles["open"]["cards"] == []
    zone = next(z for z in theirs["seats"][0]["zones"] if z["zone"] == "shown")
    assert zone["pairs"] == [["6R", None]] and top not in str(theirs)
    mine = page_state(game, 0, [], SEATS, 5)
    own = next(z for z in mine["mine"] if z["zone"] == "shown")
    assert own["pairs"] == [["6R", top]] and own["with"] == "kept"


def test_an_attack_without_its_partner_shows_alone():
    from rulekit.lang.zones import pair_up
    assert pair_up(["2B", "4R"], ["3B"]) == [["2B", "3B"], ["4R"]]
    assert pair_up([], ["3B"]) == [["3B"]] and pair_up([], []) == []


ATTACKS = "attacks: {per: game, see: all, pairs_with: answers}"
OPEN = "open:    {per: game, see: all, show_empty: true}"
BAD = [(ATTACKS, ATTACKS.replace("answers", "answer"), "no zone of this ruleset"),
       (ATTACKS, ATTACKS.replace("answers", "attacks"), "the zone itself"),
       (ATTACKS, ATTACKS.replace("answers", "hand"), "same per"),
       (ATTACKS, ATTACKS.replace("}", ", row: 2}"), "not a row"),
       (OPEN, OPEN.replace("}", ", pairs_with: attacks}"), "pairs with 'answers' itself")]


def test_two_zones_pairing_with_one_is_an_error_at_the_second(tmp_path):
    text = TOY.read_text(encoding="utf-8").replace(OPEN, OPEN.replace(
        "}", ", pairs_with: answers}"))
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    rules, diags = rulekit.check(str(bad))
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ATTACKS in ln)
    assert rules is None and [(d.pos.line, d.message) for d in diags] == [
        (line, "zones 'open' and 'attacks' both pair with 'answers'; a zone is shown in "
         "one pair")]


@pytest.mark.parametrize("old, new, words", BAD, ids=[w for _, _, w in BAD])
def test_a_bad_pairs_with_is_an_error_at_its_line(tmp_path, old, new, words):
    text = TOY.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(old, new), encoding="utf-8")
    rules, diags = rulekit.check(str(bad))
    errors = [d for d in diags if d.severity == "error"]
    line = next(i for i, ln in enumerate(bad.read_text().splitlines(), 1) if new in ln)
    assert rules is None and [d.pos.line for d in errors if words in d.message] == [line], \
        errors


def test_DUR_8_a_beaten_attack_shows_with_the_card_that_beat_it():
    """DUR-8: the defender beats an attacking card with a higher card of its suit (or
    a trump); the table shows the beaten attack and its cover as one pair, the attacks
    not yet beaten on their own."""
    # hearts are trumps (6H turned up); seat 0 holds the lowest trump, 7H, and attacks
    hands = {0: ["7H", "6C", "7C", "8C", "9C", "KS"], 1: ["6S", "7S", "8S", "6D", "7D", "KC"]}
    deck = [hands[s][r] for r in range(6) for s in (0, 1)] + ["6H"]
    game = load_rules("durak").new_game(players=2, dealer=1, deck=deck + [
        c for c in (r + s for s in "CDHS" for r in "6789TJQKA") if c not in deck])
    assert game.v["trump"] == "H" and game.v["attacker"] == 0
    game.apply("attack 6C")
    game.apply("1: beat 6C KC")         # a higher club
    game.apply("0: throw KS")           # a king is on the table now
    lines = render_view(game, 0, CardStyle(game.rules, ascii=True))
    assert "  beaten / covers: 6C/KC" in lines
    assert "  table: seat 0: KS" in lines           # not yet beaten: on its own
    assert not any(line.startswith("  covers") for line in lines)
