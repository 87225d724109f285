"""The web table in a real browser (the distribution's chromium and chromedriver,
headless). In the default run: a one-hand Hearts match (option `target` 1) from seat
0's link, in a desktop's and a phone's window: the rules panel opened by a click and
read against the rule book's player's text, the pass in four clicks (three cards of the
hand, then the button), whose turn it is, the last events and the score panel read
against the game, the hand played by clicks on cards to the end and the result in
words; a short Durak deal (a 12-card pack) by clicks, each beaten attack drawn with the
card that beat it (the zone's `pairs_with`); the lobby's option widgets; the parts toy's
card then seat, amount and set by clicks. With RULEKIT_SOAK=1, whole games: four pages
play a whole Mattis game through clicks (one page reloaded on the way: it comes back to
its seat; a seat's page never holds another seat's hidden card; the finished game
offers its record and another game), a Hearts match to 100 and a 36-card Durak deal,
each at both sizes. The default run keeps within the browser tests' CPU budget (45 s
with Chromium; about 10 s by `/usr/bin/time`, 18 s with the renderers Chromium leaves
to init counted). Screenshots are written to tests/artifacts/ (git-ignored).
`bash scripts/test` installs chromium and chromium-driver when they are missing.

Every wait here has a bound, and so has every game a test plays through the pages: a
page played by a fixed rule (always the first button) can loop forever in a game such
as Mattis (see test_four_pages_play_a_whole_mattis_game_by_clicks), and the test then
fails at its bound instead of hanging."""
import os
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("selenium")

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    pytest.skip(f"no browser: {CHROMIUM} and {DRIVER} are needed (apt-get install chromium "
                "chromium-driver; `bash scripts/test` does it)", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from budget import SOAK  # noqa: E402
from web_helpers import LeakCheck, LiveServer, WORD  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

WAIT_TURN = """
const [want, done] = [arguments[0], arguments[arguments.length - 1]];
const t0 = Date.now();
(function look() {
  const b = document.body;
  if (b.dataset.version === want && b.dataset.turn === "1") return done(document.querySelector("button.action"));
  if (Date.now() - t0 > 8000) return done(null);
  setTimeout(look, 5);
})();
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1100,900",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(options=opts, service=Service(DRIVER))
    driver.set_script_timeout(15)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def live():
    check = LeakCheck()
    server = LiveServer(on_send=check)
    server.check = check
    yield server
    server.stop()


@pytest.fixture
def seeded(monkeypatch):
    """Tables made while it is used deal with seed ``seeded.seed`` (settable), so a game
    played by a fixed rule is the same game every run."""
    import rulekit.web.tables as tables

    class Seed:
        seed = 0
    monkeypatch.setattr(tables.secrets, "randbelow", lambda n: Seed.seed % n)
    return Seed


def wait_until(fn, timeout=10.0, step=0.005):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")


def make_table_in_lobby(driver, url, ruleset, seats):
    """Make a table through the lobby page; return its seat links and spectator link."""
    driver.get(url + "/")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, f"#ruleset option[value='{ruleset}']"))
    Select(driver.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    players = driver.find_element(By.ID, "players")
    players.send_keys("\ue009a")           # Ctrl-A: type over the number
    players.send_keys(str(len(seats)))
    driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", players)
    assert len(driver.find_elements(By.CSS_SELECTOR, "select[data-seat]")) == len(seats)
    for s, kind in enumerate(seats):
        Select(driver.find_element(By.CSS_SELECTOR, f"select[data-seat='{s}']")
               ).select_by_value(kind)
    driver.find_element(By.ID, "create").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.seatlink"))
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a.seatlink")]
    return links, driver.find_element(By.ID, "watch").get_attribute("href")


def page_cards(driver) -> set:
    """The card names a page holds: its drawn cards and any in its text (not its rules
    panel: the rule book's examples, such as "TH", are no cards of the game)."""
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)")
    page = driver.execute_script(
        "const b = document.body.cloneNode(true); const r = b.querySelector('#rules');"
        " if (r) r.remove(); return [b.textContent, b.innerHTML]")
    return set(drawn) | set(WORD.findall(page[0])) | set(WORD.findall(page[1]))


MATTIS_SEED = 4           # a deal the first-button rule plays to its end in 130 clicks
MAX_CLICKS = 400          # ... and a bound, past which the test fails instead of hanging


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="a whole game in a browser: RULEKIT_SOAK=1")
def test_four_pages_play_a_whole_mattis_game_by_clicks(browser, live, seeded):
    """Each page clicks its first button until the game ends, at most MAX_CLICKS times.

    This test once hung (issue 18, commit c77bc36, the multi-card selection with the
    buttons sorted in hand order): four pages that always click their first button
    are four players who always play by one fixed rule, and with the buttons in hand
    order that rule is "take the trick, then lead your lowest card", which in 15 of 40
    Mattis deals (seed 4 among them) makes the seats pass the same cards back and forth
    until the game's 10,000-action limit: hours of clicks in a browser. The table's
    seed is now fixed and the clicks bounded, so such a loop fails at MAX_CLICKS."""
    d = browser
    seeded.seed = MATTIS_SEED
    links, watch = make_table_in_lobby(d, live.url, "mattis", ["person"] * 4)
    assert len(links) == 4 and len({link.split("#")[1] for link in links}) == 4
    d.get(links[0])
    tabs = [d.current_window_handle]
    for link in links[1:]:
        d.switch_to.new_window("tab")
        d.get(link)
        tabs.append(d.current_window_handle)
    table = live.hall.tables[links[0].split("/t/")[1].split("#")[0]]
    game = table.game
    pack = set(game.rules.cards.order)
    clicks = 0
    checked_private = False
    while not game.finished:
        assert clicks < MAX_CLICKS, (
            f"the game did not end in {MAX_CLICKS} clicks of the first button (a fixed "
            f"rule of play can loop): last moves {table.moves[-8:]}")
        version = len(table.moves)
        seat = game.actors[0]
        d.switch_to.window(tabs[seat])
        for _ in range(5):              # a message may redraw the page between the
            button = d.execute_async_script(WAIT_TURN, f"1.{version}")  # find and the
            assert button is not None, f"seat {seat}'s page shows no action at move {version}"
            try:                        # click: then the button is found again
                button.click()
                break
            except StaleElementReferenceException:
                continue
        clicks += 1
        wait_until(lambda: len(table.moves) > version)
        if clicks == 25:                    # a reload: the page comes back to its seat
            d.refresh()
            d.switch_to.window(tabs[seat])
        if clicks == 40 and not checked_private:   # seat 0's page: no other seat's card
            d.switch_to.window(tabs[0])
            d.execute_async_script(WAIT_TURN.replace(' && b.dataset.turn === "1"', ""),
                                   f"1.{len(table.moves)}")
            shown = page_cards(d) & pack
            hidden = {c for s in range(1, 4) for zone, decl in game.rules.zones.items()
                      if decl.per == "seat" and decl.see != "all"
                      for c in game.z[zone][s]} - set(game.public)
            assert shown and not shown & hidden
            from rulekit.play.table import hand_order          # the hand, sorted
            mine = d.execute_script("return [...document.querySelectorAll("
                                    "'#mine .cards')][0].querySelectorAll('[data-card]')"
                                    ".length ? [...document.querySelectorAll('#mine .cards')"
                                    "[0].querySelectorAll('[data-card]')].map(e => "
                                    "e.dataset.card) : []")
            assert mine == sorted(mine, key=lambda c: hand_order(game.rules, c))
            assert set(mine) <= set(game.z[next(k for k, z in game.rules.zones.items()
                                                if z.per == "seat" and z.see == "owner")][0])
            ARTIFACTS.mkdir(exist_ok=True)
            d.save_screenshot(str(ARTIFACTS / "web-mattis-seat0.png"))
            checked_private = True
    assert game.result.status == "finished" and clicks == len(table.moves)
    assert checked_private
    # every page shows the result, the record and "play again"
    for s, tab in enumerate(tabs):
        d.switch_to.window(tab)
        WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
            "return document.body.dataset.finished") == "1")
        assert "Result:" in d.find_element(By.ID, "result").text
    ARTIFACTS.mkdir(exist_ok=True)
    d.save_screenshot(str(ARTIFACTS / "web-mattis-end.png"))
    href = d.find_element(By.ID, "download").get_attribute("href")
    import httpx
    record = httpx.get(href).json()
    assert record["actions"] == game.record_actions() and record["result"]["status"] == "finished"
    d.switch_to.new_window("tab")                   # a spectator sees no hand, no button
    d.get(watch)
    WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
        "return document.body.dataset.finished") == "1")
    assert d.find_elements(By.CSS_SELECTOR, "button.action") == []
    assert "watching" in d.find_element(By.ID, "who").text
    d.close()
    d.switch_to.window(tabs[3])
    d.find_element(By.ID, "again").click()
    WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
        "return document.body.dataset.version").startswith("2."))
    assert table.number == 2
    assert live.check.leaks == [] and live.check.messages > clicks
    assert live.server.errors == []


def test_the_lobby_draws_each_option_from_the_widget_its_type_declares(browser, tmp_path):
    """Options of every type, the toy `suit` among them (tests/toy_extensions.py): each
    drawn from its widget, with its default; what is changed is sent, read by its type."""
    from test_toy_extensions import TOY, register, unregister
    text = TOY.replace("options:\n", "options:\n"
                       "  fast: {type: bool, default: true}\n"
                       "  rounds: {type: int, min: 1, max: 5, default: 2}\n"
                       "  pace: {type: choice, values: [slow, quick], default: slow}\n"
                       "  skip: {type: list, values: [1, 2, 3], default: [1, 2]}\n")
    path = tmp_path / "toy.yaml"
    path.write_text(text, encoding="utf-8")
    register()
    server = LiveServer(named=[str(path)])
    try:
        d = browser
        d.get(server.url + "/?ruleset=toy.yaml")
        WebDriverWait(d, 10).until(lambda dr: dr.find_elements(
            By.CSS_SELECTOR, ".game.chosen [data-option='trump']"))
        box = {e.get_attribute("data-option"): e
               for e in d.find_elements(By.CSS_SELECTOR, ".game.chosen [data-option]")}
        assert list(box) == ["fast", "rounds", "pace", "skip", "trump"]
        trump = Select(box["trump"])
        assert [o.get_attribute("value") for o in trump.options] == ["C", "D", "H", "S"]
        assert [o.text for o in trump.options] == ["♣", "♦", "♥", "♠"]
        assert trump.first_selected_option.get_attribute("value") == "H"
        assert box["fast"].get_attribute("type") == "checkbox" and box["fast"].is_selected()
        rounds = box["rounds"]
        assert [rounds.get_attribute(k) for k in ("type", "min", "max", "value")] == \
            ["number", "1", "5", "2"]
        assert Select(box["pace"]).first_selected_option.text == "slow"
        assert box["skip"].get_attribute("type") == "text"
        assert box["skip"].get_attribute("value") == "1 2"
        trump.select_by_value("S")
        box["fast"].click()
        rounds.send_keys("\ue009a")            # Ctrl-A: type over the number
        rounds.send_keys("3")
        for s in range(2):
            Select(d.find_element(By.CSS_SELECTOR, f"select[data-seat='{s}']")
                   ).select_by_value("random")
        d.find_element(By.ID, "create").click()
        WebDriverWait(d, 10).until(lambda dr: server.hall.tables)
        table = next(iter(server.hall.tables.values()))
        assert table.options == {"trump": "S", "fast": False, "rounds": "3"}   # as sent
        assert table.rules.options == {"trump": "S", "fast": False, "rounds": 3,
                                       "pace": "slow", "skip": [1, 2]}
    finally:
        server.stop()
        unregister()


# ---- choices in parts --------------------------------------------------------------------
HEARTS_SEED = 11
TOY = str(Path(__file__).resolve().parent / "toys" / "parts.yaml")

WAIT_CHOICE = """
const [want, name, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const t0 = Date.now();
(function look() {
  const b = document.body;
  const go = document.querySelector(`button.action.parts[data-name='${name}']`);
  if (b.dataset.version === want && b.dataset.turn === "1" && go) return done(go);
  if (Date.now() - t0 > 8000) return done(null);
  setTimeout(look, 5);
})();
"""

WAIT_ENABLED = """
const [name, done] = [arguments[0], arguments[arguments.length - 1]];
const t0 = Date.now();
(function look() {
  const go = document.querySelector(`button.action.parts[data-name='${name}']`);
  if (go && !go.disabled && go.dataset.action) return done(go.dataset.action);
  if (Date.now() - t0 > 8000) return done(null);
  setTimeout(look, 5);
})();
"""


def click(d, css, tries=5):
    """Click the element ``css`` names, found again when a redraw replaced it between
    the finding and the click (such a click never reached the page: not counted)."""
    for _ in range(tries):
        try:
            d.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


def turn_of(d, table, name):
    """Wait for seat 0's page to show move ``len(table.moves)`` with choice ``name``."""
    wait_until(lambda: 0 in table.game.actors)
    go = d.execute_async_script(WAIT_CHOICE, f"1.{len(table.moves)}", name)
    assert go is not None, f"the page offers no {name} at move {len(table.moves)}"
    return go


def picked(d) -> list:
    return d.execute_script("return [...document.querySelectorAll('#mine .card.picked')]"
                            ".map(e => e.dataset.card)")


HEARTS_BOOK = Path(__file__).resolve().parent.parent / "docs" / "rules" / "hearts.md"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def book_phrases(path: Path) -> list:
    """The first words of each rule of a rule book's player's text (before its notes
    for authors), with the Markdown marks taken out: ``{rule id: words}``."""
    text = path.read_text(encoding="utf-8").split("## Notes for authors")[0]
    out = {}
    for m in re.finditer(r"^- \*\*([A-Z]+-\d+)\*\* (.+)$", text, re.MULTILINE):
        out[m.group(1)] = " ".join(m.group(2).replace("`", "").split()[:5])
    return out


def squeeze(s: str) -> str:
    return " ".join(s.split())


def new_table(server, ruleset, seats, options=None):
    """A table made over HTTP; it and seat 0's link."""
    import httpx
    body = httpx.post(f"{server.url}/api/tables", json={
        "ruleset": ruleset, "seats": seats, "options": options or {}}).json()
    return server.hall.tables[body["id"]], f"{server.url}/t/{body['id']}#" \
        + server.hall.tables[body["id"]].tokens[0]


def score_rows(d) -> dict:
    """The score panel as the page shows it: its column heads and, per row, its seat's
    cell and its numbers."""
    return d.execute_script(
        "const p = document.getElementById('scores'); if (p.hidden) return null;"
        " const rows = [...p.querySelectorAll('tr')];"
        " return {heads: [...rows[0].querySelectorAll('th')].map(e => e.textContent),"
        " rows: rows.slice(1).map(r => [r.querySelector('th').textContent,"
        " ...[...r.querySelectorAll('td')].map(e => +e.textContent)])}")


def open_rules(d, words: dict) -> str:
    """Open the rules panel by a click; its text, checked against the rule book's."""
    click(d, "#rules > summary")
    wait_until(lambda: d.execute_script("return document.getElementById('rules').open"))
    rules = d.find_element(By.ID, "rules")
    shown = squeeze(rules.text)
    assert rules.find_element(By.CSS_SELECTOR, "li.rule").is_displayed()
    missing = {k: w for k, w in words.items() if k not in shown or w not in shown}
    assert words and not missing, missing
    assert "Notes for authors" not in shown             # the player's text only
    return shown


def events_and_turn(d, table, seat=0) -> None:
    """The page says whose turn it is and shows the seat's last events, as the table
    keeps them."""
    status = d.find_element(By.ID, "status").text
    assert ("your turn" in status or "you may act" in status), status
    assert "(your turn)" in d.title
    shown = d.execute_script(      # a card drawn as a card read as its name again
        "return [...document.querySelectorAll('#events li')].map(e => {"
        " const c = e.cloneNode(true); c.querySelectorAll('[data-card]').forEach("
        " k => k.replaceWith(k.dataset.card)); return c.textContent; })")
    kept = table.lines[seat].lines
    assert shown and [squeeze(t) for t in shown[-3:]] == [squeeze(t) for t in kept[-3:]]


# hearts.yaml's scores (`score: true`) and their docs, the panel's column heads
HEARTS_SCORES = {"taken_now": "points taken this hand", "points": "match totals"}


def check_scores(d, game, columns=HEARTS_SCORES, total="points") -> list:
    """The score panel's numbers, per seat, equal the game's (a seat's row says you);
    ``columns``: each score variable, and its column's head. Returns the column
    ``total``'s numbers."""
    panel = score_rows(d)
    assert panel is not None and panel["heads"][1:] == list(columns.values()), panel
    values = [row[1:] for row in panel["rows"]]
    assert values == [[game.v[c][s] for c in columns] for s in range(game.n)], panel
    assert panel["rows"][0][0].startswith("you")
    return [v[list(columns).index(total)] for v in values]


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_HRT_11_a_hearts_hand_by_clicks_to_the_end_of_a_low_target(browser, live, seeded,
                                                                      size):
    """A one-hand match (HRT-11: the match ends when a total reaches `target`, here 1;
    HRT-9 gives 26 points each hand, so the first hand ends it) from seat 0's link, in a
    desktop's and a phone's window: the rules panel opened by a click shows the rule
    book's player's text; the pass (HRT-3) is three cards of the hand, then the button:
    four clicks; the page says whose turn it is, shows the last events and a score
    panel that agrees with the game; the hand is played by clicking cards (a click plays
    the one card it may) until the game ends and the page says who won. The page fits
    the window's width."""
    d = browser
    seeded.seed = HEARTS_SEED
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.set_window_size(*SIZES[size])
    tag = "{}x{}".format(*SIZES[size])
    try:
        table, link = new_table(live, "hearts", ["person", "random", "random", "random"],
                                {"target": 1})
        game = table.game
        d.get(link)
        version = len(table.moves)
        go = turn_of(d, table, "give")
        assert not go.is_enabled()
        assert d.find_elements(By.CSS_SELECTOR, "button.action:not(.parts)") == []
        events_and_turn(d, table)
        assert check_scores(d, game) == [0, 0, 0, 0]
        ARTIFACTS.mkdir(exist_ok=True)
        open_rules(d, book_phrases(HEARTS_BOOK))
        d.save_screenshot(str(ARTIFACTS / f"web-hearts-rules-{tag}.png"))
        click(d, "#rules > summary")                     # closed again
        hand = d.execute_script("return [...document.querySelectorAll('#mine .card')]"
                                ".map(e => e.dataset.card)")
        assert len(hand) == 13
        chosen = [hand[0], hand[6], hand[12]]
        clicks = 0
        for c in chosen:
            click(d, f"#mine [data-card='{c}']")
            clicks += 1
        text = d.execute_async_script(WAIT_ENABLED, "give")
        assert text is not None and sorted(text.split()[1:]) == sorted(chosen)
        assert sorted(picked(d)) == sorted(chosen)
        d.save_screenshot(str(ARTIFACTS / f"web-hearts-pass-{tag}.png"))
        click(d, "button.action.parts[data-name='give']")
        clicks += 1
        wait_until(lambda: len(table.moves) > version)
        assert clicks == 4 and table.moves[version] == f"0: {text}"
        assert game.history[version] == text
        width = d.execute_script("return [innerWidth, document.documentElement.scrollWidth]")
        assert width[0] <= SIZES[size][0] and width[1] <= width[0], width   # no sideways scroll
        plays = 0
        while plays < 13:               # the hand played out by clicks on cards
            wait_until(lambda: 0 in game.actors)
            at = len(table.moves)
            assert d.execute_async_script(WAIT_TURN, f"1.{at}") is not None
            if plays == 6:
                events_and_turn(d, table)
                check_scores(d, game)
            click(d, "#mine .card.playable")
            wait_until(lambda: len(table.moves) > at)
            assert table.moves[at].startswith("0: play ")
            plays += 1
        wait_until(lambda: game.finished)       # the bots' last cards: the match is over
        assert game.result.status == "finished"
        WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
            "return document.body.dataset.finished") == "1")
        points = check_scores(d, game)
        assert sum(points) in (26, 78) and max(points) >= 1     # HRT-9, HRT-10
        assert check_scores(d, game, total="taken_now") == points \
            or sum(points) == 78        # one hand: its points are the totals (no moon)
        words = d.find_element(By.ID, "words").text
        low = min(points)
        assert words.startswith("You won" if points[0] == low else "You lost"), words
        assert d.find_element(By.ID, "end").is_displayed()
        d.save_screenshot(str(ARTIFACTS / f"web-hearts-end-{tag}.png"))
        assert live.server.errors == [] and live.check.leaks == []
    finally:
        d.close()
        d.switch_to.window(first)
        d.set_window_size(1100, 900)


def test_a_card_then_a_seat_an_amount_and_a_set_by_clicks(browser):
    """The parts toy: put (a card in the hand, then a seat's button, then the action),
    bet (a number field with its range; an odd bet is refused in words, an even one
    taken) and lay (cards of one rank selected in the hand; a second click takes one
    back)."""
    server = LiveServer(named=[TOY])
    d = browser
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    try:
        table, link = new_table(server, "parts.yaml", ["person", "random"])
        d.get(link)
        game = table.game
        hand = list(game.z["hand"][0])
        # put: a card, then the seat
        at = len(table.moves)
        turn_of(d, table, "lay")
        click(d, "button.start[data-start='put']")
        card = sorted(hand)[0]
        click(d, f"#mine [data-card='{card}']")
        wait_until(lambda: d.find_elements(By.CSS_SELECTOR, "button.item[data-item='1']"))
        assert picked(d) == [card]
        ARTIFACTS.mkdir(exist_ok=True)
        d.save_screenshot(str(ARTIFACTS / "web-parts-put.png"))
        click(d, "button.item[data-item='1']")
        assert d.execute_async_script(WAIT_ENABLED, "put") == f"put {card} on 1"
        click(d, "button.action.parts[data-name='put']")
        wait_until(lambda: len(table.moves) > at)
        assert table.moves[at] == f"0: put {card} on 1" and card in game.z["pile"][1]
        # bet: a number field with its range
        wait_until(lambda: 0 in game.actors)            # the bot's move comes first
        at = len(table.moves)
        turn_of(d, table, "lay")
        click(d, "button.start[data-start='bet']")
        field = wait_until(lambda: d.find_elements(By.CSS_SELECTOR, "input.amount"))[0]
        assert [field.get_attribute(k) for k in ("min", "max")] == ["1", str(game.v["chips"][0])]
        for typed in ("7", "8"):
            field = d.find_element(By.CSS_SELECTOR, "input.amount")
            field.send_keys("\ue009a")                  # Ctrl-A: type over the number
            field.send_keys(typed)
            assert d.execute_async_script(WAIT_ENABLED, "bet") == f"bet {typed}"
            d.save_screenshot(str(ARTIFACTS / f"web-parts-bet-{typed}.png"))
            click(d, "button.action.parts[data-name='bet']")
            if typed == "7":                            # odd, and not all the chips
                wait_until(lambda: "not legal" in d.find_element(By.ID, "error").text)
                assert len(table.moves) == at
        wait_until(lambda: len(table.moves) > at)
        assert table.moves[at] == "0: bet 8" and game.v["pot"] >= 8
        # lay: cards of one rank; a second click takes one back
        wait_until(lambda: 0 in game.actors)
        at = len(table.moves)
        turn_of(d, table, "lay")
        rank = game.rules.cards.rank_of
        mine = list(game.z["hand"][0])
        pair = next([a, b] for a in mine for b in mine if a < b and rank[a] == rank[b])
        for c in pair:
            click(d, f"#mine [data-card='{c}']")
        assert sorted(d.execute_async_script(WAIT_ENABLED, "lay").split()[1:]) == sorted(pair)
        click(d, f"#mine [data-card='{pair[1]}']")      # taken back
        assert d.execute_async_script(WAIT_ENABLED, "lay") == f"lay {pair[0]}"
        assert picked(d) == [pair[0]]
        click(d, "button.action.parts[data-name='lay']")
        wait_until(lambda: len(table.moves) > at)
        assert table.moves[at] == f"0: lay {pair[0]}"
        assert server.server.errors == []
    finally:
        d.close()
        d.switch_to.window(first)
        server.stop()


# ---- a short Durak deal ------------------------------------------------------------------
# Durak's rules with a 12-card pack (queens, kings and aces): six cards each for two
# players and no stock (DUR-2: the dealer's last card then fixes trumps), a deal of a
# dozen or two moves
DURAK_SHORT = ("rulekit: 1\nextends: durak\nname: durak_short\n"
               "players: {min: 2, max: 2, default: 2}\n"
               "cards:\n  ranks: Q K A\n  aliases: null\n")
DURAK_SEED = 3
DURAK_MAX_TURNS = 60        # seat 0's turns: past it the test fails instead of hanging

READ_TABLE = """
const pile = (z) => document.querySelector(`#piles .pile[data-zone='${z}']`);
const names = (e) => e ? [...e.querySelectorAll('[data-card]')].map(k => k.dataset.card) : null;
const beaten = pile(arguments[0]);
return {version: document.body.dataset.version,
        label: beaten ? beaten.querySelector('.label').textContent : null,
        pairs: beaten ? [...beaten.querySelectorAll('.pair')].map(names) : [],
        open: names(pile(arguments[1]))};
"""


def durak_turn(d, table, at: int):
    """Seat 0's move at move ``at``, by clicks: a beat when it may (the table's card,
    then a card of the hand, then the button), else a card of the hand (an attack or a
    throw), else the first button (done, take). Returns the action's text as the page
    sent it, or None when the bot moved first (the page was redrawn under the clicks)."""
    from selenium.common.exceptions import NoSuchElementException

    def moved():
        return len(table.moves) != at
    try:
        if d.find_elements(By.CSS_SELECTOR, "button.action.parts[data-name='beat']"):
            if d.find_elements(By.CSS_SELECTOR, "button.item"):   # (unless chosen before
                click(d, "button.item")                 # the bot's move) the table's card
            wait_until(lambda: moved() or (
                d.find_elements(By.CSS_SELECTOR, "#mine .card.playable")
                and not d.find_elements(By.CSS_SELECTOR, "button.item")))
            if moved():
                return None
            click(d, "#mine .card.playable")            # a card of the hand beats it
            text = d.execute_async_script(WAIT_ENABLED, "beat")
            if moved():
                return None
            assert text and text.startswith("beat ")
            click(d, "button.action.parts[data-name='beat']")
            return text
        cards = d.find_elements(By.CSS_SELECTOR, "#mine .card.playable")
        if cards:
            text = cards[0].get_attribute("title")
            click(d, "#mine .card.playable")
            return text
        text = d.find_element(By.CSS_SELECTOR, "button.action").get_attribute("data-action")
        click(d, "button.action")
        return text
    except (NoSuchElementException, StaleElementReferenceException):
        if moved():                                     # redrawn: the bot's move
            return None
        raise


def durak_deal(d, server, ruleset: str, size=(1100, 900), max_turns=DURAK_MAX_TURNS,
               shot="web-durak-pairs") -> int:
    """Seat 0 of a new table of ``ruleset`` (a Durak, against a random bot) plays its
    deal by clicks (:func:`durak_turn`) in a window of ``size``. Whenever the page waits
    for seat 0, it must show each beaten attack with the card that beat it (the zone's
    `pairs_with`) and the unbeaten attacks on their own; from seat 0's second turn on,
    once, it must say whose turn it is and show the last events; the deal must end, and the page say
    how. Returns how many times the page showed pairs (a screenshot of the first)."""
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.set_window_size(*size)
    try:
        table, link = new_table(server, ruleset, ["person", "random"])
        game = table.game
        d.get(link)
        turns, pairs_seen, moves, told = 0, 0, [], False
        while not game.finished:
            assert turns < max_turns, f"no end in {turns} turns: {table.moves[-8:]}"
            wait_until(lambda: game.finished or 0 in game.actors)
            if game.finished:
                break
            at = len(table.moves)
            if d.execute_async_script(WAIT_TURN, f"1.{at}") is None:
                assert len(table.moves) != at, f"seat 0's page shows no action at move {at}"
                continue                                # a bot moved meanwhile
            seen = d.execute_script(READ_TABLE, "beaten", "table")
            beaten, covers, open_ = (list(game.z[z]) for z in ("beaten", "covers", "table"))
            if len(table.moves) == at and seen["version"] == f"1.{at}":   # (still)
                assert seen["pairs"] == [list(p) for p in zip(beaten, covers)], seen
                assert seen["open"] == open_, seen
                if beaten:
                    assert seen["label"].startswith("beaten / covers")
                    pairs_seen += 1
                    if pairs_seen == 1:
                        ARTIFACTS.mkdir(exist_ok=True)
                        d.save_screenshot(str(ARTIFACTS / f"{shot}-{size[0]}x{size[1]}.png"))
                if turns >= 1 and not told:
                    try:
                        events_and_turn(d, table)
                        told = True
                    except AssertionError:
                        if len(table.moves) == at:      # not a bot's move meanwhile
                            raise
            moves.append(durak_turn(d, table, at))
            turns += 1
            wait_until(lambda: len(table.moves) > at)     # this move, or the bot's
        assert told and any(m and m.startswith("beat ") for m in moves), moves
        WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
            "return document.body.dataset.finished") == "1")
        assert d.find_element(By.ID, "words").text.startswith("You ")
        assert game.result.status == "finished"
        width = d.execute_script("return [innerWidth, document.documentElement.scrollWidth]")
        assert width[1] <= width[0], width                # no sideways scroll
        return pairs_seen
    finally:
        d.close()
        d.switch_to.window(first)
        d.set_window_size(1100, 900)


def test_DUR_8_a_short_durak_deal_by_clicks_shows_each_beaten_card_with_its_cover(
        browser, seeded, tmp_path):
    """A Durak deal (a 12-card pack: a short deal) against a bot, from seat 0's link,
    every move of seat 0 by clicks (:func:`durak_deal`): each beaten attack is shown with
    the card that beat it (DUR-8), the deal ends."""
    path = tmp_path / "durak_short.yaml"
    path.write_text(DURAK_SHORT, encoding="utf-8")
    server = LiveServer(named=[str(path)], on_send=LeakCheck())
    seeded.seed = DURAK_SEED
    try:
        assert durak_deal(browser, server, "durak_short.yaml") >= 1
        assert server.server.errors == [] and server.server.on_send.leaks == []
    finally:
        server.stop()


# ---- whole games at both sizes (RULEKIT_SOAK=1) ------------------------------------------
def hearts_turn(d) -> None:
    """Seat 0's Hearts move by clicks: the pass (three cards of the hand, then the
    button), else the card it may play (a click on it)."""
    if d.find_elements(By.CSS_SELECTOR, "button.action.parts[data-name='give']"):
        hand = d.execute_script("return [...document.querySelectorAll('#mine .card')]"
                                ".map(e => e.dataset.card)")
        for c in hand[:3]:
            click(d, f"#mine [data-card='{c}']")
        assert d.execute_async_script(WAIT_ENABLED, "give") is not None
        click(d, "button.action.parts[data-name='give']")
    else:
        click(d, "#mine .card.playable")


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="a whole match in a browser: RULEKIT_SOAK=1")
@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_HRT_11_a_whole_hearts_match_by_clicks(browser, live, seeded, size):
    """HRT-11: hands until a total reaches the target (100), every move of seat 0 by
    clicks, in a desktop's and a phone's window; the score panel agrees with the game
    after every hand and at the end, and the page says the result."""
    d = browser
    seeded.seed = HEARTS_SEED
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.set_window_size(*SIZES[size])
    try:
        table, link = new_table(live, "hearts", ["person", "random", "random", "random"])
        game = table.game
        d.get(link)
        turns, hands = 0, 0
        while not game.finished:
            assert turns < 2000, f"no end in {turns} turns"
            wait_until(lambda: game.finished or 0 in game.actors, timeout=30)
            if game.finished:
                break
            at = len(table.moves)
            assert d.execute_async_script(WAIT_TURN, f"1.{at}") is not None
            if d.find_elements(By.CSS_SELECTOR, "button.action.parts[data-name='give']") \
                    or len(game.z["hand"][0]) == 13:        # a new hand: last one's totals
                check_scores(d, game)
                hands += 1
            hearts_turn(d)
            turns += 1
            wait_until(lambda: len(table.moves) > at)
        WebDriverWait(d, 10).until(lambda dr: dr.execute_script(
            "return document.body.dataset.finished") == "1")
        points = check_scores(d, game)
        assert max(points) >= 100 and hands >= 2
        assert d.find_element(By.ID, "words").text.startswith(
            "You won" if points[0] == min(points) else "You lost")
        ARTIFACTS.mkdir(exist_ok=True)
        d.save_screenshot(str(ARTIFACTS / "web-hearts-match-end-{}x{}.png".format(*SIZES[size])))
        assert live.server.errors == [] and live.check.leaks == []
    finally:
        d.close()
        d.switch_to.window(first)
        d.set_window_size(1100, 900)


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="a whole game in a browser: RULEKIT_SOAK=1")
@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_DUR_8_a_whole_durak_deal_by_clicks(browser, live, seeded, size):
    """The bundled Durak (36 cards, DUR-1), a whole deal by clicks in a desktop's and a
    phone's window (:func:`durak_deal`), beaten attacks shown with their covers."""
    seeded.seed = DURAK_SEED
    assert durak_deal(browser, live, "durak", SIZES[size], max_turns=400,
                      shot="web-durak-whole") >= 1
    assert live.server.errors == [] and live.check.leaks == []
