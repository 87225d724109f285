"""Our own adversary (issue 32, "nothing gets in, nothing is lost"): hypothesis-driven
fuzzing of everything a stranger can hand rulekit.

Four targets, each checked against the same promises:

``rulesets``
    the bundled rulesets (``rulekit.bundled()``), mutated: a key deleted, a value
    replaced by an odd one (numbers where text is expected, text with odd characters,
    null, lists, maps), a value copied to a sibling key, two expression texts swapped,
    odd characters inserted into the YAML text, a line deleted or duplicated (a
    duplicate key). Loaded by the API (``rulekit.check``) and validated by the command
    line; a ruleset that still loads is played for a few random actions.
``records``
    a good record of the tiny ruleset (tests/bad_inputs/tiny.yaml, as
    tests/test_bad_inputs.py builds it), mutated at the JSON level (keys dropped, values
    replaced, actions dropped, duplicated, swapped, edited) or at the text level, then
    replayed with ``rulekit replay``.
``web``
    websocket messages to a table of the web server (in-process, Starlette's
    TestClient): text that is not JSON, JSON that is not an object, objects of every
    type with odd fields, binary frames, and legal moves in between so the game moves.
``prompt``
    lines typed at a ``--human`` seat of the tiny game (as the ``typed`` rows of
    tests/test_bad_inputs.py), run in-process through ``rulekit.cli.main``.

The promises: one clear error (the API raises a ``RulekitError`` subclass with a
message, never another exception class; the command line exits 0, 1 or 2 with at most
one line on stderr, never 70 and never a traceback; the server answers an ``error``
message and records no failure in ``server.errors``); nothing lost (no file written or
changed in the work folder that was not asked for, and the bundled rulesets untouched);
no hang (every call under a wall-clock guard; hypothesis's deadline is off, the machine
is slow); no hidden card in any view (a played game's ``view(seat)`` names, beyond what
a spectator sees, only cards of that seat's own zones; the web pages name only cards
their seat has known, tests/web_helpers.LeakCheck; the prompt names the other seat's
cards only once they are played).

The default run is derandomized with a fixed number of examples (reproducible in CI,
a few seconds of CPU); ``RULEKIT_SOAK=1`` runs many more, randomized (tests/budget.py).
"""
from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import itertools
import json
import os
import random
import re
import signal
import sys
import warnings
from pathlib import Path

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import rulekit  # noqa: E402
from budget import SOAK, games  # noqa: E402
from rulekit.cli import main  # noqa: E402
from test_bad_inputs import PACK, TINY, TYPED  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = sorted(rulekit.bundled().items())
CARD = re.compile(r"[A-Za-z0-9_#]+")
GUARD = 30.0                    # seconds of wall clock before a call counts as a hang


def fuzzed(quick: int, soak: int):
    """Hypothesis settings: ``quick`` derandomized examples by default, ``soak``
    random ones under RULEKIT_SOAK=1; no example database, no deadline (slow machine:
    the hang guard is ``guarded``)."""
    return settings(max_examples=games(quick, soak), derandomize=not SOAK, database=None,
                    deadline=None, print_blob=False,
                    suppress_health_check=list(HealthCheck))


class Hang(BaseException):
    """A call ran longer than GUARD seconds."""


def guarded(fn, seconds: float = GUARD):
    """``fn()`` under a wall-clock alarm: a hang fails the test, not the run."""
    def on_alarm(signum, frame):
        raise Hang()
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    except Hang:
        pytest.fail(f"still running after {seconds} s: a hang")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def snapshot(folder: Path) -> dict:
    """Every file under ``folder`` and its content's hash."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def run_cli(argv, cwd: Path, stdin: str = ""):
    """``rulekit ARGV`` in-process in ``cwd`` with ``stdin``: (code, stdout, stderr)."""
    out, err, here, old_in = io.StringIO(), io.StringIO(), os.getcwd(), sys.stdin
    os.chdir(cwd)
    sys.stdin = io.StringIO(stdin)

    def call():
        try:
            return main([str(a) for a in argv])
        except SystemExit as exc:              # argparse's usage errors
            return exc.code
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = guarded(call)
    finally:
        os.chdir(here)
        sys.stdin = old_in
    return code, out.getvalue(), err.getvalue()


def error_lines(err: str) -> list:
    """stderr's lines without argparse's usage text."""
    lines, in_usage = [], False
    for line in err.splitlines():
        if line.startswith("usage:"):
            in_usage = True
        elif in_usage and line.startswith(" "):
            pass
        elif line.strip():
            in_usage = False
            lines.append(line)
    return lines


def assert_clear(code, out, err, codes=(0, 1, 2), one_line=True):
    """The command line's promise: a README exit code, no traceback, one error line."""
    shown = f"exit {code}\n--- stdout\n{out[-1500:]}\n--- stderr\n{err[-1500:]}"
    assert "Traceback" not in out + err, shown
    assert code in codes, shown
    if code != 0 and one_line:
        assert len(error_lines(err)) <= 1, shown


def cards_in(value) -> set:
    """The card texts inside a view (zones and variables)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def own_cards(game, seat) -> set:
    """The cards in ``seat``'s own parts of the zones per seat."""
    rules, zones = game.rules, game.dump()["zones"]
    mine = set()
    for name, decl in rules.zones.items():
        if decl.per == "seat" and name in zones:
            mine |= cards_in(zones[name][seat])
    return mine


def hidden_leaks(game) -> dict:
    """For each seat, the cards its view names that a spectator's view does not, and
    that are neither in its own zones nor public: should be none."""
    pack = set(game.rules.cards.order)
    spectator = cards_in(game.spectator_view()) & pack
    leaks = {}
    for seat in range(game.n):
        view = game.view(seat)
        extra = (cards_in(view["zones"]) | cards_in(view["vars"])) & pack
        bad = extra - spectator - own_cards(game, seat) - set(game.public)
        if bad:
            leaks[seat] = sorted(bad)
    return leaks


# ---- 1. rulesets --------------------------------------------------------------------

ODD_TEXT = ["", " ", "\x00", "\u202e", "\ufeff", "é", "♥", "'", '"', "{{", "[", "}",
            "x" * 300, "hand[", "1/0", "not", "->", "deck", "seat", "true", "null", "-1",
            "\n", "\t", "#", "&a", "*a", "!!python/object:os.system", "%", "ＱＳ"]
ODD_SCALAR = st.one_of(
    st.sampled_from(ODD_TEXT),
    st.integers(-10 ** 15, 10 ** 15), st.sampled_from([0, 1, -1, 2 ** 63, 10 ** 30]),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.text(max_size=12))
ODD_VALUE = st.one_of(ODD_SCALAR, st.lists(ODD_SCALAR, max_size=3),
                      st.dictionaries(st.sampled_from(["x", "per", "see", "do", "if", "type"]),
                                      ODD_SCALAR, max_size=2))


def paths(tree, here=()):
    """Every path (tuple of keys and indices) to a value inside ``tree``."""
    out = []
    items = tree.items() if isinstance(tree, dict) else \
        enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        out.append(here + (k,))
        out.extend(paths(v, here + (k,)))
    return out


def at(tree, path):
    for k in path:
        tree = tree[k]
    return tree


def mutate_tree(data, tree):
    """One structural mutation of a loaded YAML tree, drawn from ``data``."""
    every = paths(tree)
    op = data.draw(st.sampled_from(["delete", "replace", "copy", "swap"]), label="op")
    if op == "swap":
        texts = [p for p in every if isinstance(at(tree, p), str)]
        if len(texts) >= 2:
            a, b = data.draw(st.lists(st.sampled_from(texts), min_size=2, max_size=2,
                                      unique=True), label="swap")
            va, vb = at(tree, a), at(tree, b)
            at(tree, a[:-1])[a[-1]] = vb
            at(tree, b[:-1])[b[-1]] = va
            return tree
        op = "replace"
    path = data.draw(st.sampled_from(every), label="path")
    parent, key = at(tree, path[:-1]), path[-1]
    if op == "delete":
        del parent[key]
    elif op == "replace":
        parent[key] = data.draw(ODD_VALUE, label="value")
    elif op == "copy":
        if isinstance(parent, dict):
            others = [k for k in parent if k != key] or [key]
            parent[data.draw(st.sampled_from(others), label="to")] = copy.deepcopy(parent[key])
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    return tree


def mutate_text(data, text: str) -> str:
    """One text-level mutation of a YAML file: odd characters inserted, a line deleted
    or duplicated (which may duplicate a key)."""
    lines = text.splitlines(keepends=True)
    op = data.draw(st.sampled_from(["insert", "delete-line", "duplicate-line"]), label="op")
    i = data.draw(st.integers(0, len(lines) - 1), label="line")
    if op == "insert":
        odd = data.draw(st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=5)), label="odd")
        col = data.draw(st.integers(0, len(lines[i])), label="col")
        lines[i] = lines[i][:col] + odd + lines[i][col:]
    elif op == "delete-line":
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return "".join(lines)


_SOURCES = {}


def source(name_path):
    name, path = name_path
    if name not in _SOURCES:
        text = Path(path).read_text(encoding="utf-8")
        _SOURCES[name] = (text, yaml.safe_load(text))
    return _SOURCES[name]


def mutated_ruleset(data) -> str:
    text, tree = source(data.draw(st.sampled_from(BUNDLED), label="ruleset"))
    if data.draw(st.booleans(), label="in the tree"):
        tree = mutate_tree(data, copy.deepcopy(tree))
        return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
    return mutate_text(data, text)


def play_a_little(rules, seed: int, actions: int = 25):
    """A few random actions of a loaded (mutated) ruleset: only RulekitError may come
    out, and no view may show a hidden card."""
    try:
        game = rules.new_game(seed=seed)
    except rulekit.RulekitError as exc:
        assert str(exc).strip()
        return
    rng = random.Random(seed)
    for _ in range(actions):
        assert hidden_leaks(game) == {}, game.actions
        if game.finished:
            return
        try:
            legal = game.legal_actions()
            if not legal:
                return
            game.apply(rng.choice(legal))
        except rulekit.RulekitError as exc:
            assert str(exc).strip()
            return


_COUNTER = itertools.count()


def check_ruleset_text(folder: Path, text: str, seed: int, cli: bool):
    """``text`` as a ruleset file: the API's and the command line's promises."""
    path = folder / f"r{next(_COUNTER)}.yaml"
    path.write_text(text, encoding="utf-8")
    before = snapshot(folder)
    try:
        rules, diags = guarded(lambda: rulekit.check(str(path)))
    except rulekit.RulekitError as exc:
        assert str(exc).strip(), "an error without a message"
        rules = None
    if rules is None:
        with pytest.raises(rulekit.RulekitError) as info:
            guarded(lambda: rulekit.load(str(path)))
        assert str(info.value).strip()
    else:
        play_a_little(rules, seed)
    if cli:
        code, out, err = run_cli(["validate", path], folder)
        assert_clear(code, out, err, one_line=False)       # validate lists every finding
        assert code == (0 if rules is not None else 1), (code, err[-1500:])
    assert snapshot(folder) == before, "a file was written or changed"


BUNDLED_BEFORE = snapshot(ROOT / "rulesets")


@fuzzed(quick=30, soak=2000)
@given(data=st.data(), seed=st.integers(0, 2 ** 31 - 1), cli=st.booleans())
def _fuzz_ruleset(folder, data, seed, cli):
    check_ruleset_text(folder, mutated_ruleset(data), seed, cli)


def test_mutated_rulesets_get_a_clear_error_or_play(tmp_path):
    _fuzz_ruleset(tmp_path)
    assert snapshot(ROOT / "rulesets") == BUNDLED_BEFORE


def test_the_ruleset_fuzz_can_see_a_leak(tmp_path, monkeypatch):
    """The view check is not vacuous: a view that showed every hand is caught."""
    rules = rulekit.load("mattis")
    game = rules.new_game(seed=1)
    assert hidden_leaks(game) == {}
    real = type(game).view
    monkeypatch.setattr(type(game), "view",
                        lambda self, seat: {**real(self, seat), "zones": self.dump()["zones"]})
    assert hidden_leaks(game)


# ---- 2. records ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_record(tmp_path_factory):
    """The tiny ruleset's folder and a finished record of it (seed 1), as dict."""
    folder = tmp_path_factory.mktemp("good")
    (folder / "tiny.yaml").write_text(TINY, encoding="utf-8")
    code, _, err = run_cli(["play", "tiny.yaml", "--seed", "1", "--quiet", "--record",
                            "rec.json"], folder)
    assert code == 0, err
    record = json.loads((folder / "rec.json").read_text())
    assert record["result"]["status"] == "finished" and len(record["actions"]) >= 3
    return record


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
                              st.floats(allow_nan=False), st.sampled_from(ODD_TEXT),
                              st.text(max_size=10)),
                    lambda kids: st.lists(kids, max_size=3)
                    | st.dictionaries(st.text(max_size=6), kids, max_size=3), max_leaves=8)
ACTION_TEXT = st.one_of(st.sampled_from(["play 2C", "play", "play ZZ", "play 2C 2C", "",
                                         "play AS", "pass", "play 10♥"]), st.text(max_size=12))


def mutate_record(data, record: dict):
    """One mutation of a record (a dict) or its text."""
    op = data.draw(st.sampled_from(["drop", "replace", "deep", "actions", "text"]), label="op")
    if op == "drop":
        record.pop(data.draw(st.sampled_from(sorted(record)), label="key"))
    elif op == "replace":
        record[data.draw(st.sampled_from(sorted(record)), label="key")] = data.draw(JSON)
    elif op == "deep":
        every = [p for p in paths(record)]
        path = data.draw(st.sampled_from(every), label="path")
        at(record, path[:-1])[path[-1]] = data.draw(st.one_of(JSON, ACTION_TEXT), label="value")
    elif op == "actions":
        acts = record["actions"]
        i = data.draw(st.integers(0, len(acts) - 1), label="i")
        how = data.draw(st.sampled_from(["drop", "dup", "swap", "edit", "cut"]), label="how")
        if how == "drop":
            del acts[i]
        elif how == "dup":
            acts.insert(i, copy.deepcopy(acts[i]))
        elif how == "swap":
            j = data.draw(st.integers(0, len(acts) - 1), label="j")
            acts[i], acts[j] = acts[j], acts[i]
        elif how == "cut":
            del acts[i:]
        else:
            acts[i] = data.draw(st.one_of(ACTION_TEXT, JSON), label="action")
    text = json.dumps(record, ensure_ascii=False)
    if op == "text":
        i = data.draw(st.integers(0, len(text)), label="at")
        cut = data.draw(st.integers(0, 5), label="cut")
        text = text[:i] + data.draw(st.sampled_from(ODD_TEXT + ["{", "]", ",", "\\"]),
                                    label="odd") + text[i + cut:]
    return text


@fuzzed(quick=40, soak=3000)
@given(data=st.data(),
       extra=st.sampled_from([(), ("--transcript",), ("--json",), ("--upto", "2")]))
def _fuzz_record(folder, good, data, extra):
    text = mutate_record(data, copy.deepcopy(good))
    rec = folder / "rec.json"
    rec.write_text(text, encoding="utf-8")
    before = snapshot(folder)
    code, out, err = run_cli(["replay", "rec.json", *extra], folder)
    assert_clear(code, out, err)
    assert snapshot(folder) == before, "a file was written or changed"


def test_mutated_records_get_a_clear_error_or_replay(tmp_path, tiny_record):
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    _fuzz_record(tmp_path, tiny_record)


def test_a_record_with_two_unknown_options_gets_one_line(tmp_path, tiny_record):
    """Found by test_mutated_records_get_a_clear_error_or_replay under RULEKIT_SOAK=1."""
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    record = {**tiny_record, "options": {"": None, "0": None}}
    (tmp_path / "rec.json").write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run_cli(["replay", "rec.json"], tmp_path)
    assert code == 1 and "unknown option" in err
    assert "unknown option ''" in err and "unknown option '0'" in err
    assert_clear(code, out, err)


@pytest.mark.parametrize("change", [{"options": {"\n": None}},
                                    {"options": {"hand_cards": "\n"}},
                                    {"actions": ["\n"]}],
                         ids=["option-name", "option-value", "action"])
def test_a_record_with_a_newline_in_its_text_gets_one_line(tmp_path, tiny_record, change):
    """Found by test_mutated_records_get_a_clear_error_or_replay under RULEKIT_SOAK=1:
    the newline is shown as \\n, as an escape character is shown as \\x1b."""
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    (tmp_path / "rec.json").write_text(json.dumps({**tiny_record, **change}), encoding="utf-8")
    code, out, err = run_cli(["replay", "rec.json"], tmp_path)
    assert code == 1 and ("not legal" in err or "the record's ruleset: error:" in err)
    assert "\\n" in err
    assert_clear(code, out, err)


# ---- 3. web messages ----------------------------------------------------------------

WEB_TYPES = ["hello", "act", "parts", "again", "name", "ping", "pong", "state", "", "ACT",
             "act ", "x" * 100]
# a person's name at a seat (issue 33): good ones and strangers' text the server refuses
# (never a card's text: the leak check would take it for a card shown)
WEB_NAMES = ["Ann", "<b>Bob</b> & co", "Zoë 名前", "", " Ann", "a" * 25, "Ann\u202e",
             "\u2066x", "\x1b[2J", "A\nB", "A\u200bB", 7, None, ["Ann"]]


def web_message(data, state):
    """A websocket frame: bytes, text, or a JSON text (often a message of a real type,
    sometimes a legal move of the seat)."""
    kind = data.draw(st.sampled_from(["bytes", "text", "json", "message", "move"]),
                     label="kind")
    if kind == "bytes":
        return data.draw(st.binary(max_size=40), label="bytes")
    if kind == "text":
        return data.draw(st.one_of(st.text(max_size=60), st.sampled_from(ODD_TEXT),
                                   st.just("[" * 3000 + "]" * 3000)), label="text")
    if kind == "json":
        return json.dumps(data.draw(JSON, label="json"))
    # draws never depend on the game's state (hypothesis replays choices): an index
    # picks among the legal moves of the moment
    pick = data.draw(st.integers(0, 10 ** 6), label="pick")
    actions = [a["text"] for a in state.get("actions") or []] or ["x"]
    if kind == "move":
        return json.dumps({"type": "act", "version": state.get("version", 0),
                           "action": actions[pick % len(actions)]})
    msg = {"type": data.draw(st.one_of(st.sampled_from(WEB_TYPES), st.text(max_size=8)),
                             label="type")}
    for key in data.draw(st.lists(st.sampled_from(["version", "action", "token", "game",
                                                   "made", "set", "name", "extra"]),
                                  max_size=4, unique=True), label="keys"):
        near = {"version": st.sampled_from([state.get("version", 0), -1, 10 ** 20, "0"]),
                "action": st.one_of(ACTION_TEXT, st.just(actions[pick % len(actions)])),
                "game": st.sampled_from([state.get("game", 1), 0, -1, None, "1", 1.5])}
        msg[key] = data.draw(st.sampled_from(WEB_NAMES) if key == "name" else
                             st.one_of(JSON, near.get(key, JSON)), label=key)
    return json.dumps(msg)


def test_websocket_messages_get_an_error_never_a_failure_or_a_leak():
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from rulekit.web.server import Server, make_app
    from rulekit.web.store import Store
    from rulekit.web.hall import Hall
    from test_web import hello, make_table
    from web_helpers import LeakCheck

    check = LeakCheck()
    server = Server(Hall(Store(":memory:")), bot_delay=0, on_send=check)
    c = TestClient(make_app(server))
    counts = {"error": 0, "moves": 0}
    with c:
        tid, tokens = make_table(c, "mattis", ["person", "random", "random"])
        with c.websocket_connect(f"/ws/{tid}") as ws:
            state = {"state": hello(ws, tokens[0])}

            def exchange(frame):
                (ws.send_bytes if isinstance(frame, bytes) else ws.send_text)(frame)
                ws.send_text(json.dumps({"type": "ping"}))
                while True:
                    m = json.loads(ws.receive_text())
                    assert m["type"] in ("state", "error", "pong", "pack", "parts"), m
                    if m["type"] == "parts":        # a question about a choice in parts
                        assert m["next"] is not None or m["error"].strip(), m
                        assert "Traceback" not in m.get("error", ""), m
                    if m["type"] == "error":
                        assert isinstance(m["message"], str) and m["message"].strip(), m
                        assert "Traceback" not in m["message"] and not m.get("fatal"), m
                        counts["error"] += 1
                    elif m["type"] == "state":
                        state["state"] = m
                    else:
                        return

            @fuzzed(quick=120, soak=5000)
            @given(data=st.data())
            def fuzz(data):
                frame = web_message(data, state["state"])
                counts["moves"] += '"type": "act"' in str(frame)
                guarded(lambda: exchange(frame))
                assert server.errors == []
            fuzz()
    assert server.errors == []
    assert check.leaks == [] and check.messages > 0
    assert counts["error"] > 0 and counts["moves"] > 0


# ---- 4. prompt input ----------------------------------------------------------------

PROMPT_WORDS = ["1", "2", "3", "0", "-1", "99999999999999999999", "help", "rules", "hint",
                "undo", "more", "play", "play 2C", "play 2c", "play ZZ", "2C", "QS", "",
                " ", "\x00", "\x1b[2J", "ＰＬＡＹ ２Ｃ", "²", ",", "play 2C 2C", "x" * 500]
PROMPT_LINE = st.one_of(st.sampled_from(PROMPT_WORDS), st.text(max_size=20),
                        st.builds(lambda a, b: f"{a} {b}", st.sampled_from(["play", "pass"]),
                                  st.sampled_from(PACK + ["", "10♥", "♥"])))


def tiny_hands():
    """The tiny game's hands as TYPED deals them (players 2, dealer 0, the pack order)."""
    rules = rulekit.load(str(ROOT / "tests" / "bad_inputs" / "tiny.yaml"))
    game = rules.new_game(players=2, dealer=0, deck=PACK)
    return game.dump()["zones"]["hand"]


@fuzzed(quick=40, soak=3000)
@given(lines=st.lists(PROMPT_LINE, max_size=6), quit_=st.booleans())
def _fuzz_prompt(folder, hands, lines, quit_):
    text = "\n".join(lines + (["quit"] if quit_ else [])) + "\n"
    argv = [a.replace("{tiny}", "tiny.yaml") for a in TYPED]
    before = snapshot(folder)
    code, out, err = run_cli(argv, folder, text)
    assert_clear(code, out, err, codes=(0, 1))
    assert snapshot(folder) == before, "a file was written or changed"
    # seat 0's cards show only once seat 0 has played them (seat 1 is the person),
    # or as the person's own words echoed back ("you do not hold 3C")
    typed = {w.upper() for w in CARD.findall(text)}
    for card in set(hands[0]) & set(CARD.findall(out)) - typed:
        assert f"seat 0: play {card}" in out, (card, out[-1500:])


def test_typed_lines_get_a_clear_answer(tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY, encoding="utf-8")
    _fuzz_prompt(tmp_path, tiny_hands())
