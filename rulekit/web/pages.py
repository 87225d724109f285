"""The HTML the server writes into its pages: the lobby's games (each with its title,
players, summary, a link to its rule book and its options as form widgets with their
docs) and a game's rule book (the player's text, rulekit.source.rulebook.render_html).

Everything a ruleset's author wrote (titles, summaries, option docs and values, rule
books) is escaped here; the pages' own files (rulekit/web/static) hold a marker
(``<!--games-->``, ``<!--rules-->``...) where it goes.
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import quote

from ..lang.wording import words_of

STATIC = Path(__file__).parent / "static"


def esc(value) -> str:
    """``value`` as text safe in HTML, quotes included."""
    return html.escape(str(value), quote=True)


def fill(page: str, **parts: str) -> str:
    """The static ``page`` (a file name in rulekit/web/static) with each marker
    ``<!--NAME-->`` replaced by ``parts[NAME]`` (HTML already escaped by its maker)."""
    text = (STATIC / page).read_text(encoding="utf-8")
    for name, value in parts.items():
        text = text.replace(f"<!--{name}-->", value)
    return text


def rule_book_html(rules) -> str:
    """The player's text of ``rules``' rule book as HTML (headings from ``<h2>``), or a
    paragraph saying there is none or why it cannot be read."""
    from ..source.rulebook import load_rule_book, render_html
    if not rules.rule_book:
        return f"<p>{esc(rules.title)} has no rule book.</p>"
    where = Path(rules.path) if rules.path and Path(rules.path).is_file() else None
    try:
        return render_html(load_rule_book(rules.rule_book, where), shift=1)
    except (OSError, ValueError) as exc:
        return f"<p>The rule book cannot be read: {esc(exc)}</p>"


def players_text(players) -> str:
    """``(min, max, default)`` in words: "3 to 5 players (4 by default)"."""
    lo, hi, dflt = players
    if lo == hi:
        return f"{lo} players"
    return f"{lo} to {hi} players ({dflt} by default)"


def widget_html(name: str, widget: dict) -> str:
    """The form input of the option ``name`` from the ``widget`` its type declares
    (rulekit.lang.options: ``input`` checkbox, number, select or text; ``value`` the
    default, kept in ``data-default`` as JSON so a page sends only what was changed)."""
    kind = widget.get("input")
    value = widget.get("value")
    common = f'data-option="{esc(name)}" data-default="{esc(json.dumps(value))}"'
    if kind == "checkbox":
        return f'<input type="checkbox" {common}' + (" checked" if value is True else "") + ">"
    if kind == "select":
        labels = widget.get("labels") or []
        opts = "".join(f'<option value="{esc(v)}"' + (" selected" if v == value else "")
                       + f">{esc(labels[i] if i < len(labels) else v)}</option>"
                       for i, v in enumerate(widget.get("values") or []))
        return f"<select {common}>{opts}</select>"
    attrs = "".join(f' {k}="{esc(widget[k])}"' for k in ("min", "max")
                    if widget.get(k) is not None)
    typ = "number" if kind == "number" else "text"
    return f'<input type="{typ}"{attrs} value="{esc("" if value is None else value)}" {common}>'


def game_html(name: str, rules, chosen: bool) -> str:
    """One game of the lobby: its title and name, players, summary, a link to its rule
    book, a button that chooses it and its options (each a labelled widget with its
    doc, in a panel open when the game is ``chosen``)."""
    lo, hi, dflt = rules.players
    options = []
    for d in rules.option_decls.values():
        doc = f' <span class="doc">{esc(d.doc)}</span>' if d.doc else ""
        options.append(f'<label class="option">{esc(words_of(d))} '
                       f'{widget_html(d.name, d.widget(rules.cards))}{doc}</label>')
    opts = (f'<details class="options"{" open" if chosen else ""}><summary>Options '
            f'({len(options)})</summary>{"".join(options)}</details>'
            if options else '<p class="options sub">No options.</p>')
    summary = f'<p class="summary">{esc(rules.summary)}</p>' if rules.summary else ""
    return (f'<section class="game{" chosen" if chosen else ""}" data-ruleset="{esc(name)}" '
            f'data-players="{lo} {hi} {dflt}">'
            f'<h3>{esc(rules.title)} <span class="sub">({esc(name)}), '
            f'{esc(players_text(rules.players))}</span></h3>{summary}'
            f'<p class="links"><a href="/rules/{quote(name, safe="")}" target="_blank" '
            f'rel="noopener">How to play</a> '
            f'<button type="button" class="pick" data-pick="{esc(name)}">Play this</button></p>'
            f"{opts}</section>")


def lobby_html(games, chosen: str | None, kinds=("person",), bot: str = "person") -> str:
    """The lobby page: ``games`` a list of ``(name, rules)`` (the rulesets offered, in
    order), ``chosen`` the one preselected (None: none, the list says "choose a
    game"); a seat may be each of ``kinds``, ``bot`` by default after the first."""
    choices = [f'<option value=""{"" if chosen else " selected"}>choose a game</option>']
    choices += [f'<option value="{esc(n)}"' + (" selected" if n == chosen else "")
                + f">{esc(r.title)} ({esc(n)})</option>" for n, r in games]
    return fill("index.html", choices="".join(choices), kinds=esc(" ".join(kinds)),
                bot=esc(bot),
                games="\n".join(game_html(n, r, n == chosen) for n, r in games))


class Pages:
    """The pages of a server's ``hall`` written from its rulesets, each written once:
    the lobby (its seats offer ``kinds``, a bot of kind ``bot`` by default), each
    game's rule book as HTML, each game's rules page."""

    def __init__(self, hall, kinds=("person",), bot: str = "person"):
        self.hall = hall
        self.kinds, self.bot = list(kinds), bot
        self._lobby = None
        self._books: dict = {}

    def games(self) -> list:
        """``(name, rules)`` of every ruleset offered that loads (default options)."""
        from .tables import TableError
        out = []
        for name in self.hall.offered():
            try:
                out.append((name, self.hall.load(self.hall.resolve(name), {})))
            except TableError:
                continue
        return out

    def lobby(self) -> str:
        """The lobby page (:func:`lobby_html`), the hall's ``chosen`` game preselected
        (none when the server was named none)."""
        if self._lobby is None:
            self._lobby = lobby_html(self.games(), self.hall.chosen, self.kinds, self.bot)
        return self._lobby

    def book(self, rules) -> str:
        """The rule book of ``rules`` as HTML (:func:`rule_book_html`)."""
        key = (rules.path or rules.name, tuple(rules.rule_book))
        if key not in self._books:
            if len(self._books) >= 64:
                self._books.clear()
            self._books[key] = rule_book_html(rules)
        return self._books[key]

    def table(self, tid) -> str:
        """The page of the table ``tid`` with its game's rule book in its rules panel;
        raises TableError for an unknown table."""
        return fill("table.html", rules=self.book(self.hall.get(tid).rules))

    def rules(self, name) -> str:
        """The rules page of the game offered as ``name``; raises TableError for any
        other name."""
        rules = self.hall.load(self.hall.resolve(name), {})
        return fill("rules.html", title=esc(rules.title), name=esc(name),
                    summary=esc(rules.summary or ""),
                    players=esc(players_text(rules.players)), rules=self.book(rules))
