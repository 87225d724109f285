"""The README's picture (docs/images/web-table.png), made again: a Hearts table in the
distribution's Chromium (headless), seat 0 a person who names themselves and three
bots, the pass and a few tricks played by clicks, the rules panel open next to the
score panel, the trick and the hand; a screenshot at 1280x1000.

    .venv/bin/python scripts/readme_picture.py [OUT.png]

Needs the web and test extras (uvicorn, selenium) and /usr/bin/chromium with
/usr/bin/chromedriver (``bash scripts/test`` installs them). The server listens on
127.0.0.1 only, on a free port, and stops when the picture is taken. The deal is
fixed (SEED), so the picture is the same game every time."""
from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "web-table.png"
SEED = 11               # the table's deal
TRICKS = 3              # tricks seat 0 plays in the second hand before the picture
SIZE = (1280, 1400)


def serve():
    """A server for the bundled games in a thread; its hall, its uvicorn server, its URL."""
    import uvicorn

    from rulekit.web.hall import Hall
    from rulekit.web.server import MAX_FRAME, Server, make_app
    from rulekit.web.store import Store
    hall = Hall(Store(":memory:"), ())
    hall.restore()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    uv = uvicorn.Server(uvicorn.Config(make_app(Server(hall, bot_delay=0.0)), host="127.0.0.1",
                                       port=port, log_level="warning", ws_max_size=MAX_FRAME))
    threading.Thread(target=uv.run, daemon=True).start()
    deadline = time.time() + 10
    while not uv.started:
        if time.time() > deadline:
            raise SystemExit("readme_picture: the server did not start")
        time.sleep(0.02)
    return hall, uv, f"http://127.0.0.1:{port}"


def browser(profile: str):
    """Headless Chromium through chromedriver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--window-size={SIZE[0]},{SIZE[1]}", f"--user-data-dir={profile}"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(options=opts, service=Service("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {   # the page's own size
        "width": SIZE[0], "height": SIZE[1], "deviceScaleFactor": 1, "mobile": False})
    return driver


def until(fn, what: str, timeout: float = 10.0):
    """Wait for ``fn()`` to be true (its value), at most ``timeout`` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.01)
    raise SystemExit(f"readme_picture: timed out waiting for {what}")


def press(d, css: str, tries: int = 5) -> None:
    """Click the element ``css`` names, found again when a redraw replaced it."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    for _ in range(tries):
        try:
            d.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            continue
    raise SystemExit(f"readme_picture: {css} kept being redrawn")


def main(out: Path = OUT) -> None:
    """Play to the picture's moment and write the screenshot to ``out``."""
    import httpx
    from selenium.webdriver.common.by import By

    import rulekit.web.tables as tables
    tables.secrets.randbelow = lambda n: SEED % n       # a fixed deal
    hall, uv, url = serve()
    with tempfile.TemporaryDirectory() as profile:
        d = browser(profile)
        try:
            body = httpx.post(f"{url}/api/tables", json={
                "ruleset": "hearts", "seats": ["person", "greedy", "greedy", "greedy"],
                "options": {}}).json()
            table = hall.tables[body["id"]]
            d.get(f"{url}/t/{body['id']}#{table.tokens[0]}")
            until(lambda: d.find_elements(By.CSS_SELECTOR, "#mine .card"), "the hand")
            name = d.find_element(By.ID, "myname")          # a person names themselves
            name.clear()
            name.send_keys("Ada\n")
            until(lambda: table.names[0] == "Ada", "the name")
            game = table.game

            def turn():                 # seat 0's page, ready for its move
                until(lambda: 0 in game.actors, "seat 0's turn")
                at = len(table.moves)
                until(lambda: d.execute_script("return document.body.dataset.version")
                      == f"1.{at}" and d.execute_script(
                          "return document.body.dataset.turn") == "1", "the page")
                return at
            give = "button.action.parts[data-name='give']"

            def move():                 # the pass (three cards, then its button) or a card
                at = turn()
                if d.find_elements(By.CSS_SELECTOR, give):
                    cards = [e.get_attribute("data-card")
                             for e in d.find_elements(By.CSS_SELECTOR, "#mine .card")]
                    for c in (cards[0], cards[5], cards[10]):
                        press(d, f"#mine [data-card='{c}']")
                    until(lambda: d.execute_script(
                        "const b = document.querySelector(arguments[0]);"
                        " return b && !b.disabled", give), "the pass")
                    press(d, give)
                else:
                    press(d, "#mine .card.playable")
                until(lambda: len(table.moves) > at, "the move taken")
            while not any(game.v["points"]):                # the first hand, scored
                move()
            while len(game.z["hand"][0]) > 13 - TRICKS:     # the next hand's pass, tricks
                move()
            turn()
            press(d, "#rules > summary")
            until(lambda: d.execute_script("return document.getElementById('rules').open"),
                  "the rules panel")
            out.parent.mkdir(parents=True, exist_ok=True)
            d.save_screenshot(str(out))
            print(f"readme_picture: wrote {out}")
        finally:
            d.quit()
            uv.should_exit = True


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
