// A table's page: everything drawn from the server's "state" messages, which hold only
// what this seat (or a spectator) may see. The seat's token is after "#" in the link:
// it never reaches the server's logs, and a reload keeps it (and so the seat).
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const token = decodeURIComponent(location.hash.slice(1));
let faces = {};
let state = null;
let ws = null;
let retry = 0;
let fatal = false;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function card(id) {
  if (id === null) { const b = el("span", "card back", "??"); b.title = "hidden"; return b; }
  const f = faces[id];
  if (!f) return el("span", "card", id);
  const c = el("span", "card" + (f[2] ? " red" : ""), f[0] + f[1]);
  c.dataset.card = id;
  return c;
}

function cards(list) {
  const box = el("span", "cards");
  if (!list.length) box.append(el("span", "none", "-"));
  else if (list.length > 4 && list.every((c) => c === null)) {   // a face-down pile
    box.append(card(null));
    box.append(el("span", "count", ` ${list.length} cards face down`));
  } else for (const c of list) box.append(card(c));
  return box;
}

// free text with card names in it ("seat 2: play 7H"): the cards drawn as cards
function text(s) {
  const box = el("span");
  s.split(" ").forEach((word, i) => {
    if (i) box.append(" ");
    const core = word.replace(/[,.:;)]+$/, "");
    if (core in faces) { box.append(card(core)); box.append(word.slice(core.length)); }
    else box.append(word);
  });
  return box;
}

function value(v) {
  return v.cards ? cards(v.cards) : el("span", v.red ? "suit red" : "", v.text);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(action) {
  $("error").textContent = "";
  send({type: "act", action, version: state.version});
}

function drawStatus(s) {
  const box = $("status");
  box.replaceChildren();
  const you = s.you;
  box.append(`Game ${s.game} | phase ${s.phase ?? "-"} | dealer seat ${s.dealer} | `);
  if (s.finished) box.append(el("span", "", "the game is over"));
  else if (s.actions.length) box.append(el("span", "turn", s.actors.length > 1 ? "you may act" : "your turn"));
  else box.append(el("span", "", (s.actors.length > 1 ? "seats " + s.actors.join(", ") + " may act" : "seat " + s.to_act + " to act")));
  if (s.chosen.length) box.append(` | chosen: seat ${s.chosen.join(", seat ")}`);
  for (const v of s.vars) { box.append(` | ${v.label}: `); box.append(value(v)); }
}

function drawSeats(s) {
  const box = $("seats");
  box.replaceChildren();
  for (const seat of s.seats) {
    const d = el("div", "seat" + (s.actors.includes(seat.seat) ? " acting" : "") + (seat.seat === s.you ? " you" : ""));
    d.dataset.seat = seat.seat;
    d.append(el("div", "name", `seat ${seat.seat}` + (seat.seat === s.you ? " (you)" : "")));
    d.append(el("div", "away", seat.who === "person" ? (seat.here ? "at the table" : "not connected") : "bot: " + seat.who));
    if (seat.out) d.append(el("div", "zone", "out"));
    for (const z of seat.zones) {
      const line = el("div", "zone", `${z.zone}: ${z.count} card${z.count === 1 ? "" : "s"} `);
      if (z.cards.length) line.append(cards(z.cards));
      d.append(line);
    }
    box.append(d);
  }
}

function drawPiles(s) {
  const box = $("piles");
  box.replaceChildren();
  for (const p of s.piles) {
    const line = el("div", "pile");
    line.dataset.zone = p.zone;
    line.append(el("span", "label", `${p.zone} (${p.count})`));
    if (p.groups) {
      for (const g of p.groups) {
        const grp = el("span", "group");
        if (g.seat !== null) grp.append(el("span", "by", `seat ${g.seat}`));
        grp.append(cards(g.cards));
        if (g.mark) grp.append(el("span", "mark", "\u25c0 " + g.mark));
        line.append(grp);
      }
    } else {
      if (p.more) line.append(el("span", "count", `${p.more} under, then `));
      if (p.cards.length) line.append(cards(p.cards));
      if (p.hidden) {
        line.append(card(null));
        line.append(el("span", "count", ` ${p.hidden} face down`));
      }
    }
    box.append(line);
  }
  box.hidden = !s.piles.length;
  const disp = $("display");
  disp.replaceChildren();
  for (const d of s.display) {
    const line = el("div", "", `${d.label}: `);
    line.append(value(d));
    disp.append(line);
  }
}

function drawMine(s) {
  const box = $("mine");
  box.replaceChildren();
  box.hidden = s.you === null;
  // a card click plays it when exactly one action plays that card alone
  const single = {};
  for (const a of s.actions) if (a.cards.length === 1) (single[a.cards[0]] ||= []).push(a.text);
  for (const z of s.mine) {
    const line = el("div", "");
    line.append(el("span", "zone-label", `your ${z.zone}:`));
    const row = cards(z.cards);
    for (const c of row.querySelectorAll(".card[data-card]")) {
      const acts = single[c.dataset.card];
      if (acts && acts.length === 1) {
        c.classList.add("playable");
        c.title = acts[0];
        c.addEventListener("click", () => act(acts[0]));
      }
    }
    line.append(row);
    box.append(line);
  }
}

function drawActions(s) {
  const box = $("actions");
  box.replaceChildren();
  const rows = {};
  for (const a of s.actions) {
    if (!rows[a.name]) {
      rows[a.name] = el("div", "row");
      rows[a.name].append(el("span", "name", a.name + ":"));
      box.append(rows[a.name]);
    }
    const b = el("button", "action");
    b.type = "button";
    b.dataset.action = a.text;
    b.append(text(a.text));
    b.addEventListener("click", () => act(a.text));
    rows[a.name].append(b);
  }
}

function drawEnd(s) {
  $("end").hidden = !s.finished;
  if (!s.finished) return;
  $("result").textContent = s.result || "";
  $("download").href = `/api/tables/${tableId}/record`;
  $("again").hidden = s.you === null;
}

function drawEvents(s) {
  const box = $("events");
  box.replaceChildren();
  for (const line of s.events.slice(-20)) { const li = el("li"); li.append(text(line)); box.append(li); }
  box.scrollTop = box.scrollHeight;
}

function draw(s) {
  state = s;
  $("error").textContent = "";          // an error was about an older drawing
  $("title").textContent = s.title;
  $("who").textContent = s.you === null ? "watching (only what is public)" : `you are seat ${s.you}`;
  document.title = `${s.title}: ` + (s.you === null ? "watching" : `seat ${s.you}`) + (s.actions.length ? " (your turn)" : "");
  drawStatus(s); drawSeats(s); drawPiles(s); drawMine(s); drawActions(s); drawEnd(s); drawEvents(s);
  document.body.dataset.version = `${s.game}.${s.version}`;
  document.body.dataset.turn = s.actions.length ? "1" : "0";
  document.body.dataset.finished = s.finished ? "1" : "0";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "connected"; send({type: "hello", token: token || null}); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "pack") faces = msg.faces;
    else if (msg.type === "state") draw(msg);
    else if (msg.type === "error") { $("error").textContent = msg.message; if (msg.fatal) fatal = true; }
  };
  ws.onclose = () => {
    $("conn").textContent = fatal ? "not connected" : "reconnecting...";
    if (!fatal) setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
  };
}

$("again").addEventListener("click", () => send({type: "again"}));
connect();
