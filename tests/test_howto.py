"""How to play, everywhere (issue 33): a rule book's Markdown as plain text at the
terminal (`rulekit rules`: wrapped to a width, the notes only with --notes, paged only
on a terminal) and as escaped HTML on the web (the table's rules panel, /rules/NAME),
the lobby that lists every game with its summary and option widgets, and the table's
help line."""
import html
import io
import json
import re
import warnings
from pathlib import Path

import pytest

import rulekit
from cli_run import cli
from rulekit.source.markdown import inline_text, to_html, to_text

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
MARKERS = re.compile(r"\*\*|`|^#|^\|", re.MULTILINE)      # Markdown left unconverted

BOOK = """# Toy rules

A toy game: **bold** and `code` in the intro.

## Play

- **TOY-1** Every player plays one card a turn, clockwise, and a rule long enough to be
  wrapped twice at forty columns, at the very least, surely.
  - a nested point;
  - another.
- **TOY-2** Option `speed` (default `slow`) makes it faster.

| option | values | default |
|---|---|---|
| `speed` | `slow` / `fast` | `slow` |

## Notes for authors

Written for a test; cite TOY ids in tests.

- **TOY-1** A secret for authors only.
"""

HOSTILE = """# Evil <script>alert(1)</script>

Intro <img src=x onerror="alert(2)"> and &lt;b&gt; and [click](javascript:alert(3)).

## Play

- **EVL-1** A rule with <iframe src="https://evil.example"></iframe> and
  **<b onclick="alert(4)">bold</b>** and `<script>alert(5)</script>`.

| <th onmouseover=alert(6)> | two |
|---|---|
| <a href="javascript:alert(7)">x</a> | [ok](https://example.org/?a=1&b=2) |
"""


def _toy(tmp_path, book=BOOK, name="toy"):
    (tmp_path / f"{name}.md").write_text(book, encoding="utf-8")
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"rulekit: 1\nextends: mattis\nname: {name}\nrule_book: [{name}.md]\n",
                    encoding="utf-8")
    return path


# ---- the terminal --------------------------------------------------------------------
def test_a_rule_book_as_text_wraps_to_the_width_and_keeps_the_ids():
    text = to_text((RULES / "hearts.md").read_text(encoding="utf-8"), 40)
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= 40
    assert MARKERS.search(text) is None                     # no **, backticks, # or |
    assert lines[:2] == ["Hearts", "======"]
    assert any(line.startswith("- HRT-6 No points on the first") for line in lines)
    flat = " ".join(text.split())                           # HRT-6 whole, in words
    assert "HRT-6 No points on the first trick: a player who cannot follow suit" in flat
    assert "Option first_trick_points (default false) set to true lifts this rule." in flat
    wide = to_text((RULES / "hearts.md").read_text(encoding="utf-8"), 100)
    assert len(wide.split("\n")) < len(lines)               # the width is what wraps


def test_an_options_table_reads_as_columns_or_as_lines_when_narrow():
    wide = to_text(BOOK, 80).split("\n")
    head = next(i for i, line in enumerate(wide) if line.startswith("option"))
    assert re.fullmatch(r"option +values +default", wide[head])
    assert re.fullmatch(r"-+ +-+ +-+", wide[head + 1])
    assert re.fullmatch(r"speed +slow / fast +slow", wide[head + 2])
    narrow = to_text(BOOK, 20)
    assert "- option: speed" in narrow and "  default: slow" in narrow
    assert max(len(line) for line in narrow.split("\n")) <= 20


def test_rules_hides_the_notes_unless_asked_and_wraps_to_width(tmp_path):
    run = cli(["rules", "hearts", "--width", "40"], tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert max(len(line) for line in out.split("\n")) <= 40
    assert "- HRT-3 Before the play" in out and "  - left: always to the left." in out
    assert "not offered yet" not in out and "Notes for authors" not in out
    assert MARKERS.search(out) is None
    notes = cli(["rules", "hearts", "--notes", "--width", "40"], tmp_path).stdout
    assert max(len(line) for line in notes.split("\n")) <= 40
    assert notes.index("HRT-11") < notes.index("Notes for authors\n-----------------") \
        < notes.index("- HRT-6 Some bar only the hearts; not\n  offered yet.")
    assert MARKERS.search(notes) is None
    notes_toy = to_text(BOOK.split("## Notes")[0], 40)      # the toy's player's text
    assert "TOY-1 Every player plays" in notes_toy and "secret" not in notes_toy


def test_rules_never_pages_when_stdout_is_not_a_terminal(tmp_path, monkeypatch):
    marker = tmp_path / "paged"
    monkeypatch.setenv("PAGER", f"touch {marker}")
    monkeypatch.setenv("LINES", "5")
    run = cli(["rules", "hearts", "--width", "60"], tmp_path)   # stdout: not a tty
    assert run.returncode == 0 and not marker.exists()
    assert "HRT-11 Hands are dealt" in run.stdout and "-- lines" not in run.stdout


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_on_a_terminal_a_page_at_a_time(monkeypatch):
    from rulekit.cli import rulesets
    monkeypatch.setenv("LINES", "6")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("PAGER", raising=False)
    monkeypatch.setattr(rulesets.shutil if hasattr(rulesets, "shutil") else
                        __import__("shutil"), "which", lambda name: None)
    text = "\n".join(f"line {i}" for i in range(1, 13))
    out = _Tty()
    rulesets.page(text, out, io.StringIO("\nq\n"))     # Enter, then q
    shown = out.getvalue()
    assert "line 5\n-- lines 1-5 of 12" in shown and "line 10\n-- lines 6-10 of 12" in shown
    assert "line 11" not in shown                           # q stopped it
    out = _Tty()
    rulesets.page("short\ntext", out, io.StringIO(""))      # fits: no prompt
    assert out.getvalue() == "short\ntext\n"


# ---- the web -------------------------------------------------------------------------
pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from rulekit.web.hall import Hall  # noqa: E402
from rulekit.web.server import Server, make_app  # noqa: E402
from rulekit.web.store import Store  # noqa: E402


def _client(named=()):
    server = Server(Hall(Store(":memory:"), named), bot_delay=0)
    return TestClient(make_app(server)), server


def _table(c, ruleset, seats):
    body = c.post("/api/tables", json={"ruleset": ruleset, "seats": seats,
                                       "options": {}}).json()
    return body["id"], {s["seat"]: s["link"].split("#", 1)[1] for s in body["seats"]
                        if s["link"]}


def _panel(page: str) -> str:
    start = page.index('<details id="rules"')
    return page[start:page.index("</details>", start)]


def test_the_table_page_holds_the_rules_panel_of_hearts():
    c, _ = _client()
    with c:
        tid, _tokens = _table(c, "hearts", ["person", "random", "random", "random"])
        page = c.get(f"/t/{tid}")
        assert page.status_code == 200 and "frame-ancestors 'none'" in \
            page.headers["content-security-policy"]
        panel = _panel(page.text)
        # HRT-6, as a player reads it: its id bold, the option's name as code
        assert '<li class="rule" id="rule-HRT-6"><strong>HRT-6</strong> No points on the ' \
            "first trick" in panel
        assert "<code>first_trick_points</code>" in panel and "<h3>Passing</h3>" in panel
        assert "**" not in panel and "`" not in panel and "\n- " not in panel
        assert "## " not in panel and "|---" not in panel
        assert "Notes for authors" not in panel and "not offered yet" not in panel
        assert '<p id="help"' in page.text
        rules_page = c.get("/rules/hearts")
        assert rules_page.status_code == 200 and "HRT-11" in rules_page.text
        assert c.get("/rules/nosuch").status_code == 404


def test_a_hostile_rule_book_is_escaped_on_every_page(tmp_path):
    ruleset = _toy(tmp_path, HOSTILE, "evil")
    c, _ = _client([str(ruleset)])
    with c:
        tid, _tokens = _table(c, "evil.yaml", ["person", "random", "random"])
        for text in (_panel(c.get(f"/t/{tid}").text), c.get("/rules/evil.yaml").text):
            assert "<script" not in text and "<iframe" not in text and "<img" not in text
            assert "<b " not in text and "<th " not in text
            assert not re.search(r"<[^>]*\son\w+=", text)       # no event attribute
            assert 'href="javascript' not in text
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
            assert "&lt;img src=x onerror=&quot;alert(2)&quot;&gt;" in text
            assert "&amp;lt;b&amp;gt;" in text                  # an entity stays text
            assert "<code>&lt;script&gt;alert(5)&lt;/script&gt;</code>" in text
            assert '<a href="https://example.org/?a=1&amp;b=2" rel=' in text
    # the converter alone: every tag it writes is one of its own
    out = to_html(HOSTILE, 1)
    assert set(re.findall(r"</?([a-z0-9]+)", out)) <= {
        "h2", "h3", "p", "ul", "li", "strong", "code", "table", "thead", "tbody", "tr",
        "th", "td", "a"}


@pytest.fixture(scope="module")
def lobby():
    """A server named no game, its lobby page (every bundled ruleset loaded once)."""
    c, server = _client()
    with c:
        yield server, c.get("/").text


def test_the_lobby_lists_every_game_with_its_summary_players_and_option_widgets(lobby):
    server, page = lobby
    if True:                                    # noqa: the block as in a client
        assert "selected>choose a game</option>" in page     # none named: none chosen
        assert 'class="game chosen"' not in page
        for name in rulekit.bundled():
            rules = server.hall.load(name, {})
            start = page.index(f'<section class="game" data-ruleset="{name}"')
            game = page[start:page.index("</section>", start)]
            lo, hi, _ = rules.players
            assert html.escape(rules.summary) in game and f"{lo} to {hi} players" in game \
                or f"{lo} players" in game
            assert f'href="/rules/{name}"' in game
            assert f'<option value="{name}">' in page
            for d in rules.option_decls.values():
                assert f'data-option="{d.name}"' in game, (name, d.name)
                if d.doc:
                    assert html.escape(d.doc) in game
        hearts = page[page.index('data-ruleset="hearts"'):]
        hearts = hearts[:hearts.index("</section>")]
        assert '<input type="checkbox" data-option="break_hearts" data-default="true" ' \
            "checked>" in hearts
        assert re.search(r'<select data-option="passing" data-default="&quot;rotate&quot;">'
                         r'<option value="rotate" selected>', hearts)
        assert re.search(r'<input type="number" min="1" max="\d+" value="100" '
                         r'data-option="target"', hearts)


def test_the_lobby_preselects_the_game_the_server_was_named(lobby):
    c, server = _client(["hearts"])
    server.hall._rules = lobby[0].hall._rules       # the rulesets loaded once
    with c:
        page = c.get("/").text
        assert '<option value="hearts" selected>' in page
        assert '<section class="game chosen" data-ruleset="hearts"' in page
        assert 'value="" selected' not in page
        assert c.get("/api/rulesets").json()["chosen"] == "hearts"


def _state(ws, token):
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    assert json.loads(ws.receive_text())["type"] == "pack"
    return json.loads(ws.receive_text())


def test_the_help_line_says_whose_turn_and_how_to_act():
    c, server = _client()
    with c:
        tid, tokens = _table(c, "mattis", ["person", "person", "person"])
        game = server.hall.get(tid).game
        actor = game.to_act
        other = next(s for s in tokens if s != actor)
        with c.websocket_connect(f"/ws/{tid}") as ws:
            mine = _state(ws, tokens[actor])
        with c.websocket_connect(f"/ws/{tid}") as ws:
            theirs = _state(ws, tokens[other])
        with c.websocket_connect(f"/ws/{tid}") as ws:
            watching = _state(ws, None)
        assert mine["help"].startswith("Your turn: ")
        names = {a["name"] for a in mine["actions"]}
        assert all(f"{n} (" in mine["help"] for n in names)
        if any(len(a["cards"]) == 1 for a in mine["actions"]):
            assert "click a highlighted card of your hand" in mine["help"]
        assert theirs["help"] == f"Wait: seat {actor} to act."
        assert watching["help"] == f"You are watching: seat {actor} to act."


def test_inline_text_drops_the_markers():
    assert inline_text("**A-1** `x` and *y* [z](https://e.org) \\*") == \
        "A-1 x and y z (https://e.org) *"


def test_the_terminal_tables_rules_command_shows_the_book_as_text(monkeypatch):
    from rulekit.play.table import CardStyle, make_console
    from rulekit.play.terminal import Abandoned, HumanAgent
    monkeypatch.setenv("COLUMNS", "50")
    rules = rulekit.load("hearts")
    game = rules.new_game(players=4, seed=2)
    out = io.StringIO()
    console = make_console(out, color=False)
    console.width = 50
    person = HumanAgent(game.to_act, console, CardStyle(rules, ascii=True),
                        inp=io.StringIO("rules\n"))
    with pytest.raises(Abandoned):                  # the book, then the end of input
        person.choose(game)
    text = out.getvalue()
    book = text[text.index("Hearts\n======"):text.index("HRT-11")]
    assert max(len(line) for line in book.split("\n")) <= 50
    assert "- HRT-6 No points on the first trick" in book
    assert "**" not in book and "`" not in book and "Notes for authors" not in text


def test_every_bundled_book_reads_without_markdown_markers():
    books = sorted(p for p in RULES.glob("*.md") if p.name != "README.md")
    assert len(books) >= 12
    for path in books:
        source = path.read_text(encoding="utf-8")
        text = to_text(source, 72)
        assert MARKERS.search(text) is None, path.name
        assert max(len(line) for line in text.split("\n")) <= 72, path.name
        outside = re.sub(r"<code>.*?</code>", "", to_html(source), flags=re.DOTALL)
        assert not re.search(r"\*\*|`|\]\(", outside), path.name
    # a bold phrase and a code span may run over a line break
    assert to_text("**one\ntwo** and `a\nb`") == "one two and a b"


def test_HRT_3_the_help_line_asks_for_three_cards_of_the_hand_to_pass():
    from rulekit.web.page import page_state
    rules = rulekit.load("hearts")
    game = rules.new_game(players=4, seed=5)
    seat = (game.actors or [game.to_act])[0]
    state = page_state(game, seat, [], [{"who": "person", "here": True}] * 4, 0)
    assert state["parts"] and "select 3 cards of your hand, then press its button" in \
        state["help"]
