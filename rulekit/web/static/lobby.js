// The lobby: pick a game, its options and who sits where; get one link per seat. The
// server writes every game into the page (its summary, players, rule book link and
// options as inputs, each with its default in data-default); this script shows the
// chosen one, draws the seats and sends the table.
"use strict";
let kinds = ["person"];
let bot = "person";
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

function games() { return [...document.querySelectorAll("#games .game")]; }
function current() { return games().find((g) => g.dataset.ruleset === $("ruleset").value) || null; }

function drawGame() {
  const g = current();
  for (const x of games()) {
    x.classList.toggle("chosen", x === g);
    const opts = x.querySelector("details.options");
    if (opts) opts.open = x === g;
  }
  $("games").classList.toggle("picked", !!g);
  $("allgames").hidden = !g;
  $("create").disabled = !g;
  if (g) {
    const [lo, hi, dflt] = g.dataset.players.split(" ").map(Number);
    const players = $("players");
    players.min = lo; players.max = hi;
    if (+players.value < lo || +players.value > hi || !players.dataset.touched) players.value = dflt;
  }
  drawSeats();
}

function drawSeats() {
  const box = $("seatkinds");
  const n = current() ? +$("players").value : 0;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const sel = el("select", {"data-seat": s});
    for (const k of kinds) sel.append(el("option", {value: k, text: k === "person" ? "a person (gets a link)" : "bot: " + k}));
    sel.value = old[s] || (s === 0 ? "person" : bot);
    box.append(el("label", {}, `seat ${s} `, sel));
  }
}

async function make(ev) {
  ev.preventDefault();
  $("error").textContent = "";
  const g = current();
  if (!g) { $("error").textContent = "choose a game first"; return; }
  const options = {};
  for (const i of g.querySelectorAll("[data-option]")) {
    const dflt = JSON.parse(i.dataset.default);
    const value = i.type === "checkbox" ? i.checked : i.value;
    const same = i.type === "checkbox" ? value === dflt : String(value) === String(dflt ?? "");
    if (!same) options[i.dataset.option] = value;       // only what was changed
  }
  const seats = [...$("seatkinds").querySelectorAll("select")].map((s) => s.value);
  const res = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({ruleset: g.dataset.ruleset, options, seats})});
  const body = await res.json();
  if (!res.ok) { $("error").textContent = body.error; return; }
  const list = $("seatlinks");
  list.replaceChildren();
  for (const s of body.seats) {
    const li = el("li", {"data-seat": s.seat});
    if (s.link) {
      const url = location.origin + s.link;
      li.append(`seat ${s.seat}: `, el("a", {href: url, target: "_blank", class: "seatlink", text: url}));
    } else li.append(`seat ${s.seat}: bot (${s.who})`);
    list.append(li);
  }
  const watch = $("watch");
  watch.href = location.origin + body.watch; watch.textContent = watch.href;
  $("links").hidden = false;
}

function start() {
  const sel = $("ruleset");
  const all = el("button", {type: "button", id: "allgames", text: "show every game"});
  all.addEventListener("click", () => { $("games").classList.remove("picked"); all.hidden = true; });
  $("games").before(all);
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (wanted && games().some((g) => g.dataset.ruleset === wanted)) sel.value = wanted;
  sel.addEventListener("change", drawGame);
  for (const b of document.querySelectorAll("button.pick"))
    b.addEventListener("click", () => { sel.value = b.dataset.pick; drawGame(); sel.focus(); });
  $("players").addEventListener("change", () => { $("players").dataset.touched = "1"; drawSeats(); });
  $("make").addEventListener("submit", make);
  kinds = $("seatkinds").dataset.kinds.split(" ");   // a person, or a bot of each kind
  bot = $("seatkinds").dataset.bot;
  drawGame();
}
start();
