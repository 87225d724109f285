"""Words without internals (docs/language.md, "Words of a declared name"): a name a
ruleset declares (a zone, variable, definition, procedure, option, phase, step or
action; a choice's own names) reaches a player as its words, never as written, unless
it reads the same (`hand`, `trump`). For every bundled ruleset, seeded random games are
played a few actions and what a player reads is collected: the lobby's options, the
table's view (the terminal's lines, the web page's labels and help line), why each of
a sample of illegal actions is not legal, the terminal's help on the actions now, the
hint's heuristic, the announcements; and `simulate`'s report. A declared name with a
`_` (or a choice's name, `c`, `q`) found there as a word fails the test.

Action names are commands: they stay as typed where a text says what to type (in
quotes, or in the list of actions now), and read as their words elsewhere."""
import json
import random
import re
from pathlib import Path

import pytest

import rulekit
from budget import games
from rulekit.analysis.words import Words
from rulekit.lang.wording import derived_words, words_of
from rulekit.play.coach import _heuristic_text
from rulekit.play.reasons import why_not
from rulekit.play.table import CardStyle, render_view
from rulekit.play.terminal import _action_help
from rulekit.web.page import page_state
from rulekit.web.pages import game_html

RULESETS = sorted(p.stem for p in (Path(__file__).parent.parent / "rulesets").glob("*.yaml"))
ACTIONS = games(16, 400)            # actions played per game
GAMES = games(1, 6)                 # seeded games per ruleset
ILLEGAL = games(3, 12)              # illegal actions asked about per decision
_MARKUP = re.compile(r"\[/?[a-z ]+\]")


@pytest.fixture(scope="module", params=RULESETS)
def rules(request):
    return rulekit.load(request.param)


def declared(rules) -> dict:
    """Every name ``rules`` declares -> how it reads (a definition or procedure with a
    words template: None, it reads only as its template)."""
    out: dict = {}
    for group in (rules.zones, rules.vars, rules.option_decls):
        out.update({n: words_of(d) for n, d in group.items()})
    for phase in rules.phases.values():
        out[phase.name] = words_of(phase)
        out.update({n: words_of(s) for n, s in phase.steps.items()})
        out.update({n: words_of(a) for n, a in phase.actions.items()})
    for group in (rules.definitions, rules.procedures):
        out.update({n: None if d.words else d.doc if d.doc.startswith("the ") and not getattr(
            d, "params", ()) else derived_words(n) for n, d in group.items()})
    return out


def _choice_names(rules) -> set:
    """The names an action's choice binds (``c`` of ``choose: c in hand[actor]``, the
    parts of a choice in parts)."""
    out = set()
    for phase in rules.phases.values():
        for a in phase.actions.values():
            if a.var:
                out.add(a.var)
            if a.parts is not None:
                out.update(p.name for p in a.parts.parts)
    return out


_PATTERNS: dict = {}


def _patterns(rules):
    """(declared names said otherwise, choice names) as two regexes, made once per
    ruleset: a name matches as a whole word (not inside a longer name, not after a
    dot: `option.min_run` in a formal text is a key, not words)."""
    key = id(rules)
    if key not in _PATTERNS:
        actions = {n for p in rules.phases.values() for n in p.actions}
        named = sorted((n for n, w in declared(rules).items() if w != n and "_" in n),
                       key=len, reverse=True)
        bound = sorted(_choice_names(rules) - actions - {"a"}, key=len, reverse=True)
        _PATTERNS[key] = (
            re.compile(rf"(?<![\w.])({'|'.join(map(re.escape, named))})(?!\w)") if named
            else None,
            re.compile(rf"(?<![\w'#])({'|'.join(map(re.escape, bound))})(?![\w'])") if bound
            else None, rules)
    return _PATTERNS[key][:2]


def leaks(rules, text: str, choice: bool = False) -> list:
    """The declared names ``text`` says as written though they read otherwise (action
    names in quotes or in a list of the actions now are commands); with ``choice``
    (why a choice is not legal) the names the choice binds too (`c`, `q`; not `a`, a
    word), which should read as their values."""
    named, bound = _patterns(rules)
    text = re.sub(r"'[^']*'", "''", text)
    text = re.sub(r"actions now: [^)]*", "", text)
    out = sorted(set(named.findall(text))) if named is not None else []
    if choice and bound is not None:
        out += sorted(set(bound.findall(text)))
    return out


def _illegal(game, seat, legal, rng) -> list:
    """Texts of actions ``seat`` may not take now: a legal one with a card or a number
    changed, or an action of the step with a card of the seat's."""
    said = {str(a) for a in legal}
    rules = game.rules
    held = [c for z, d in rules.zones.items() if d.per == "seat"
            for pile in ([game.z[z][seat]] if not d.row else []) for c in pile]
    cards = held + [c for c in rules.pack if c not in held][:4]
    out = set()
    for a in rng.sample(sorted(said), min(len(said), 6)):
        words = a.split()
        for i, w in enumerate(words):
            if w.isdigit():
                for k in range(8):
                    out.add(" ".join(words[:i] + [str(k)] + words[i + 1:]))
            elif w in rules.pack or w.upper() in rules.cards.order:
                for c in rng.sample(cards, min(len(cards), 4)):
                    out.add(" ".join(words[:i] + [c] + words[i + 1:]))
    names = [a.name for a in game.step.actions] if game.step is not None else []
    for n in names:
        out.add(n)
        for c in rng.sample(held, min(len(held), 2)):
            out.add(f"{n} {c}")
    out = sorted(out - said)
    return rng.sample(out, min(len(out), ILLEGAL))


def _strings(data, skip=("zone", "name", "text", "action", "shape", "cards")) -> list:
    """The strings of the web page's data a person reads (not the keys it uses to find
    things: a zone's, an action's name and text, cards)."""
    if isinstance(data, dict):
        return [s for k, v in data.items() if k not in skip for s in _strings(v, skip)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v, skip)]
    return [data] if isinstance(data, str) else []


def player_texts(rules, seed: int) -> list:
    """(where, text) of what players read in a seeded random game of ``rules``."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    style = CardStyle(rules, ascii=True)
    seats = [{"who": "person", "here": True} for _ in range(game.n)]
    out = []
    out += [("lobby", re.sub(r"<[^>]*>", " ", game_html(rules.name, rules, True)))]
    out += [("hint", _heuristic_text(game) or "")]
    out += [("hint", Words(rules, names={"seat": "you"}).text(p.heuristic_text))
            for p in rules.phases.values() if p.heuristic_text is not None]
    for _ in range(ACTIONS):
        if game.finished:
            break
        seat = game.to_act
        legal = game.candidate_actions(rng, seat)   # (never too many to list)
        out += [("view", _MARKUP.sub("", line)) for line in render_view(game, seat, style)]
        out += [("help", line) for line in _action_help(game, legal)]
        page = page_state(game, seat, [], seats, 0)
        out += [("web", s) for s in _strings(page)]
        for text in _illegal(game, seat, legal, rng):
            out.append((f"why not '{text}'", why_not(game, seat, text, legal)))
        game.apply(rng.choice(legal))
    out += [("announced", ev["text"]) for ev in game.events if ev["kind"] == "announced"]
    return out


def test_words_of_a_name_default_to_the_name_with_spaces():
    assert derived_words("on_table") == "on table" and derived_words("hand") == "hand"
    rules = rulekit.load("hearts")
    assert words_of(rules.zones["hand"]) == "hand"


# parts of a name that read as no English when the name is said with spaces: a name
# holding one gives its own words (`round_no`: "the round number")
_SHORTHAND = {"no", "num", "nb", "dir", "idx", "cnt", "pos", "prev", "cur", "tmp", "min",
              "max", "pts", "val", "str", "len"}


def test_every_declared_name_has_words(rules):
    # a name without `words:` reads as itself, each `_` a space: that must be English
    # (no shorthand); a definition with parameters and a `_` in its name has a words
    # template (else it reads "taken points(you)")
    bad = []
    for name, words in declared(rules).items():
        if words is not None and _SHORTHAND & set(words.split()):
            bad.append(f"{name}: '{words}'")
    for name, d in rules.definitions.items():
        if d.params and "_" in name and not d.words:
            bad.append(f"{name}({', '.join(d.params)}): no words")
    assert not bad, bad


def test_shorthand_is_found():
    rules = rulekit.load("hearts")
    assert words_of(rules.vars["trick_no"]) == "the number of tricks played"
    assert _SHORTHAND & set(derived_words("trick_no").split())


def test_a_leak_is_found():
    rules = rulekit.load("hearts")
    assert leaks(rules, "minus taken_points(you)") == ["taken_points"]
    assert leaks(rules, "the taken points of you") == []


def test_no_declared_name_reaches_a_player_as_written(rules):
    found = {}
    for seed in range(GAMES):
        for where, text in player_texts(rules, seed):
            for name in leaks(rules, text, where.startswith("why not")):
                found.setdefault(name, (where, text))
    assert not found, json.dumps(found, indent=1)


def test_KLD_5_a_move_onto_its_own_pile_names_the_pile_not_the_choice():
    # KLD-5: a card moves onto another pile of the tableau; why moving the top card of
    # tableau 3 onto tableau 3 is not legal says the pile as the player typed it, never
    # the names the action's parts bind (`c`, `q`: "the pile c lies in is not q")
    rules = rulekit.load("klondike")
    game = rules.new_game(seed=0)
    top = game.z["tableau"][3][-1]
    why = why_not(game, 0, f"move {top} to tableau 3", game.legal_actions(0))
    assert why == f"the pile {top} lies in is tableau 3", why
    assert leaks(rules, why, choice=True) == []
    assert leaks(rules, "the pile c lies in is not q", choice=True) == ["c", "q"]


@pytest.mark.parametrize("name", RULESETS if games(0, 1) else ["atlanta_mattis"])
def test_simulate_names_actions_and_steps_by_their_words(name):
    # the report counts each action and decision step by its words (`play turn
    # (shed)`, not `shed.play_turn`) and each announcement with its holes as dots
    rules = rulekit.load(name)
    text = rulekit.simulate(name, games=1, jobs=1, max_actions=400).text()
    assert leaks(rules, text) == [], text
    assert "{" not in text.split("announcements:")[-1]
    if name == "atlanta_mattis":
        assert "play turn (shed)" in text and "slough turn (collect)" in text


def test_C_9_compare_says_not_lost_where_nobody_wins():
    # C-9: a finished Mattis game reports its loser; nobody wins. The rows of a seat
    # that did not lose say "not lost", never "wins"
    text = rulekit.compare(["mattis", "mattis:voluntary_take=false"], games=1, players=3,
                           jobs=1).text()
    assert "seat 0 not lost" in text and "wins" not in text, text


TOY = Path(__file__).parent / "toys" / "coin.yaml"


def test_words_given_to_every_kind_of_name_are_said(tmp_path):
    # a toy gives words to a zone, a variable, an option, a phase, a step and an
    # action: each reads as its words, and the engine's texts say them
    text = TOY.read_text().replace(
        "  hand: {per: seat, see: owner}",
        "  hand: {per: seat, see: owner, words: coin hand}\nvars:\n"
        "  look_no: {type: int, init: 0, show: true, words: the looks so far}").replace(
        '  rigged: {type: bool, default: false, doc: "seat 0 always loses"}',
        '  rigged: {type: bool, default: false, doc: "seat 0 always loses", words: loaded '
        'coin}').replace("  main:\n    start: look", "  main:\n    words: the toss\n"
                         "    start: look").replace(
        "      look:\n        choose: nothing",
        "      look:\n        words: a look\n        choose: nothing").replace(
        "      look:\n        actor: 0", "      look:\n        words: the look\n        actor: 0")
    path = tmp_path / "coin.yaml"
    path.write_text(text)
    rules = rulekit.load(str(path))
    phase = rules.phases["main"]
    assert [words_of(d) for d in (rules.zones["hand"], rules.vars["look_no"],
                                  rules.option_decls["rigged"], phase, phase.steps["look"],
                                  phase.actions["look"])] == [
        "coin hand", "the looks so far", "loaded coin", "the toss", "the look", "a look"]
    game = rules.new_game(seed=1)
    lines = [_MARKUP.sub("", line) for line in render_view(game, 0, CardStyle(rules))]
    assert lines[0].startswith("seat 0 | phase the toss | the looks so far: 0"), lines
    assert any(line.startswith("  your coin hand: ") for line in lines), lines
    assert Words(rules).text("option.rigged and look_no == 0") == \
        "the option loaded coin is on and the looks so far is 0"
    assert rulekit.simulate(str(path), games=1, jobs=1).words["steps"] == {
        "main.look": "the look"}


def test_empty_words_are_refused(tmp_path):
    path = tmp_path / "coin.yaml"
    path.write_text(TOY.read_text().replace("  hand: {per: seat, see: owner}",
                                            '  hand: {per: seat, see: owner, words: " "}'))
    with pytest.raises(rulekit.RulesetError) as info:
        rulekit.load(str(path))
    assert "zones.hand.words: words that say nothing" in str(info.value), str(info.value)
