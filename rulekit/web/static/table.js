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
// A choice in parts being made (docs/web.md, "A choice in parts"): its action's name,
// the parts made (texts), a set part's cards so far (or null), what may come next (as
// the server last said) and whether a question is on its way. Hand clicks that come
// while one is go to `later` and are taken when the answer comes.
let draft = null;
let draftAt = "";           // the game.version the draft belongs to
let later = [];

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

// a zone shown with its partner (its `pairs_with`): card i of the one with card i of
// the other, "9♣/10♣"; a card without a partner alone
function pairs(list) {
  const box = el("span", "cards pairs");
  if (!list.length) box.append(el("span", "none", "-"));
  for (const p of list) {
    const pair = el("span", "pair");
    p.forEach((c, i) => { if (i) pair.append(el("span", "over", "/")); pair.append(card(c)); });
    box.append(pair);
  }
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

// how a seat is said: the name its player gave (or a bot's), else "seat N"
function seatName(s, n) {
  const seat = s && s.seats[n];
  return seat && seat.name ? seat.name : `seat ${n}`;
}

function seatList(s, ns) {
  return ns.length === 1 ? seatName(s, ns[0]) : ns.slice(0, -1).map((n) => seatName(s, n)).join(", ") + " and " + seatName(s, ns[ns.length - 1]);
}

function drawStatus(s) {
  const box = $("status");
  box.replaceChildren();
  const you = s.you;
  box.append(`Game ${s.game} | phase ${s.phase_words ?? s.phase ?? "-"} | dealer ${seatName(s, s.dealer)} | `);
  if (s.finished) box.append(el("span", "", "the game is over"));
  else if (s.actions.length || s.parts.length) box.append(el("span", "turn", s.actors.length > 1 ? "you may act" : "your turn"));
  else box.append(el("span", "", (s.actors.length > 1 ? seatList(s, s.actors) + " may act" : seatName(s, s.to_act) + " to act")));
  if (s.chosen.length) box.append(` | chosen: ${seatList(s, s.chosen)}`);
  for (const v of s.vars) { box.append(` | ${v.label}: `); box.append(value(v)); }
}

function drawSeats(s) {
  const box = $("seats");
  box.replaceChildren();
  for (const seat of s.seats) {
    const d = el("div", "seat" + (s.actors.includes(seat.seat) ? " acting" : "") + (seat.seat === s.you ? " you" : ""));
    d.dataset.seat = seat.seat;
    const mine = seat.seat === s.you;   // "Ann (seat 0, you)", not "Ann (seat 0) (you)"
    d.append(el("div", "name", seat.name && seat.who === "person" ? `${seat.name} (seat ${seat.seat}${mine ? ", you" : ""})`
      : (seat.name || `seat ${seat.seat}`) + (mine ? " (you)" : "")));
    d.append(el("div", "away", seat.who === "person" ? (seat.here ? "at the table" : "not connected") : "bot: " + seat.who));
    if (seat.out) d.append(el("div", "zone", "out"));
    for (const z of seat.zones) {
      const line = el("div", "zone", `${z.words ?? z.zone}${z.with ? " / " + (z.with_words ?? z.with) : ""}: ${z.count} card${z.count === 1 ? "" : "s"} `);
      if (z.pairs) line.append(pairs(z.pairs));
      else if (z.cards.length) line.append(cards(z.cards));
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
    line.append(el("span", "label", `${p.words ?? p.zone}${p.with ? " / " + (p.with_words ?? p.with) : ""} (${p.count})`));
    if (p.pairs) line.append(pairs(p.pairs));
    else if (p.groups) {
      for (const g of p.groups) {
        const grp = el("span", "group");
        if (g.seat !== null) grp.append(el("span", "by", seatName(s, g.seat)));
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

// ---- choices in parts ----------------------------------------------------------------
function offer(name) { return state && state.parts.find((p) => p.action === name); }

function fresh(p) {
  return {name: p.action, made: [], set: p.parts[0].form === "set" ? [] : null,
          next: p.next, waiting: false};
}

// the draft for this state: kept over a redraw of the same move, else begun again
function keepDraft(s) {
  const now = `${s.game}.${s.version}`;
  if (now !== draftAt || !draft || !offer(draft.name)) {
    draft = s.parts.length ? fresh(s.parts[0]) : null;
    draftAt = now;
    later = [];
  }
}

function choose(name) {           // make this action's choice, from its beginning
  const p = offer(name);
  if (!p) return;
  draft = fresh(p);
  later = [];
  drawMine(state); drawActions(state);
}

function ask(d) {                 // what may come next after what is made so far
  d.waiting = true;
  d.next = null;
  send({type: "parts", action: d.name, made: d.made, set: d.set, version: state.version});
  drawMine(state); drawActions(state);
}

function answered(msg) {
  const d = draft;
  if (!d || !d.waiting || msg.version !== state.version || msg.action !== d.name
      || JSON.stringify(msg.made) !== JSON.stringify(d.made)
      || JSON.stringify(msg.set) !== JSON.stringify(d.set)) return;   // an older question
  d.waiting = false;
  if (msg.error) {                // refused: the choice begins again
    choose(d.name);
    $("error").textContent = msg.error;
    return;
  }
  d.next = msg.next;
  const p = offer(d.name);
  const n = d.next;
  // a full set closes by itself when a part follows it
  if (n.form === "set" && n.done && d.set && d.set.length && d.set.length === n.high && !n.last) {
    closePart(d, d.set.join(" "));
    return;
  }
  drawMine(state); drawActions(state);
  const queued = later;
  later = [];
  for (const c of queued) pick(c);
}

function closePart(d, text) {    // a part is made: on to the next one
  const p = offer(d.name);
  d.made = [...d.made, text];
  d.set = d.made.length < p.parts.length && p.parts[d.made.length].form === "set" ? [] : null;
  ask(d);
}

function undo() {                 // the last card of a set, or the last part, back
  const d = draft;
  if (!d || d.waiting) return;
  const p = offer(d.name);
  if (d.set && d.set.length) d.set = d.set.slice(0, -1);
  else if (d.made.length) {
    const i = d.made.length - 1;
    const last = d.made[i];
    d.made = d.made.slice(0, i);
    d.set = p.parts[i].form === "set" ? last.split(" ").slice(0, -1) : null;
  } else return;
  ask(d);
}

// the cards of the draft's parts made so far, by part
function madeCards(d) {
  const p = offer(d.name);
  const out = new Set();
  d.made.forEach((t, i) => {
    if (p.parts[i].form === "set" || p.parts[i].kind === "card" || p.parts[i].kind === "play")
      for (const c of t.split(" ")) out.add(c);
  });
  return out;
}

// a hand card clicked while a choice in parts is made: added to (or taken from) its set,
// or chosen as its card part; a card of a part made before takes that part back
function pick(c) {
  const d = draft;
  if (!d) return;
  if (d.waiting) { later.push(c); return; }
  const p = offer(d.name);
  const n = d.next;
  if (d.set && d.set.includes(c)) { d.set = d.set.filter((x) => x !== c); ask(d); return; }
  const i = d.made.findIndex((t, k) => (p.parts[k].form === "set" || p.parts[k].kind === "card"
                                        || p.parts[k].kind === "play") && t.split(" ").includes(c));
  if (i >= 0) {
    const part = p.parts[i];
    const was = d.made[i];
    d.made = d.made.slice(0, i);
    d.set = part.form === "set" ? was.split(" ").filter((x) => x !== c) : null;
    ask(d);
    return;
  }
  if (!n || !n.items.includes(c)) return;
  if (d.set) { d.set = [...d.set, c]; ask(d); }
  else closePart(d, c);
}

// what a hand click on each card does now: "pick" (the choice in parts) or an action
function handClicks(s) {
  const out = {};
  for (const a of s.actions) if (a.cards.length === 1) (out[a.cards[0]] ||= []).push(a.text);
  for (const c of Object.keys(out)) out[c] = out[c].length === 1 ? out[c][0] : null;
  const d = draft;
  if (d) {
    const n = d.next;
    const part = n && n.form ? offer(d.name).parts[n.index] : null;
    if (n && part && (part.form === "set" || part.kind === "card"))
      for (const c of n.items) out[c] = "pick";
    for (const c of d.set || []) out[c] = "pick";
    for (const c of madeCards(d)) out[c] = "pick";
  }
  return out;
}

// the action's text so far: its name, then each part made (its word first)
function written(d, extra) {
  const p = offer(d.name);
  const words = [d.name];
  const texts = extra === undefined ? d.made : [...d.made, extra];
  texts.forEach((t, i) => { if (p.parts[i].word) words.push(p.parts[i].word); if (t) words.push(t); });
  return words.join(" ");
}

function itemLabel(part, t) {
  return part.kind === "seat" ? seatName(state, +t) + (state && +t === state.you ? " (you)" : "") : t;
}

function drawChoice(box, p) {
  const d = draft && draft.name === p.action ? draft : null;
  const row = el("div", "row choice" + (d ? " active" : ""));
  row.dataset.choice = p.action;
  row.append(el("span", "name", p.action + ":"));
  const go = el("button", "action parts");
  go.type = "button";
  go.dataset.name = p.action;
  if (!d) {                       // another choice is being made: this one on a click
    const b = el("button", "start");
    b.type = "button";
    b.dataset.start = p.action;
    b.textContent = p.shape;
    b.addEventListener("click", () => choose(p.action));
    row.append(b);
    box.append(row);
    return;
  }
  const n = d.next;
  const part = n && n.form ? p.parts[n.index] : null;
  const whole = n && n.text && !d.waiting ? n.text : null;   // the action, when complete
  const shown = el("span", "made");
  if (!whole) shown.append(text(written(d, d.set && d.set.length ? d.set.join(" ") : undefined)));
  let amountCheck = null;
  const help = el("span", "help");
  if (d.waiting) help.textContent = "...";
  else if (!n) help.textContent = "";
  else if (!part) help.textContent = n.done ? "" : "no legal way to finish this choice: undo";
  else if (part.form === "amount") {
    const input = el("input", "amount");
    input.type = "number";
    input.min = n.low; input.max = n.high; input.step = 1;
    input.value = d.amount ?? n.low;
    input.dataset.name = p.action;
    input.setAttribute("aria-label", `${part.name}: ${n.low} to ${n.high}`);
    help.append(`${part.name} (${n.low} to ${n.high}): `, input);
    const next = el("button", "next", "next");
    next.type = "button";
    const check = () => {         // a whole number in range: the button may send it
      const v = input.value.trim();
      d.amount = v;
      const ok = /^-?\d+$/.test(v) && BigInt(v) >= BigInt(n.low) && BigInt(v) <= BigInt(n.high);
      const full = ok ? written(d, String(BigInt(v))) : "";
      if (n.last) {
        go.disabled = !ok;
        go.dataset.action = full;
        go.replaceChildren(ok ? text(full) : p.shape);
      } else next.disabled = !ok;
    };
    input.addEventListener("input", check);
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter" && !go.disabled) go.click(); });
    next.addEventListener("click", () => closePart(d, String(BigInt(input.value.trim()))));
    if (!n.last) help.append(" ", next);
    amountCheck = check;
  } else if (part.form === "set") {
    const k = d.set ? d.set.length : 0;
    const many = n.low === n.high ? `${n.low}` : `${n.low} to ${n.high}`;
    help.textContent = (n.items.length || k ? `select ${many} cards (${k} selected)`
      : "no card can be added") + (n.done || n.items.length ? "" : ": undo");
    // cards that are not in the hand (a table's, say): buttons that select them
    const inHand = new Set(state.mine.flatMap((z) => z.cards));
    const sofar = d.set || [];
    for (const c of [...sofar, ...n.items]) {
      if (inHand.has(c)) continue;
      const b = el("button", "item" + (sofar.includes(c) ? " chosen" : ""));
      b.type = "button";
      b.dataset.item = c;
      b.title = sofar.includes(c) ? "selected: click to take it back" : "select";
      b.append(card(c));
      b.addEventListener("click", () => pick(c));
      help.append(" ", b);
    }
    if (n.done && !n.last && k < n.high) {
      const b = el("button", "next", "next");
      b.type = "button";
      b.addEventListener("click", () => closePart(d, d.set.join(" ")));
      help.append(" ", b);
    }
  } else {                        // an item part: its items as buttons, or hand cards
    const inHand = new Set(state.mine.flatMap((z) => z.cards));
    const hand = part.kind === "card" && n.items.every((c) => inHand.has(c));
    if (!n.items.length) help.textContent = "no legal way to finish this choice: undo";
    else if (hand) help.textContent = `choose a card in your hand`;
    else for (const t of n.items) {
      const b = el("button", "item");
      b.type = "button";
      b.dataset.item = t;
      b.append(text(itemLabel(part, t)));
      b.addEventListener("click", () => closePart(d, t));
      help.append(b);
    }
  }
  go.disabled = !whole;
  go.dataset.action = whole || "";
  go.append(whole ? text(whole) : p.shape);
  go.addEventListener("click", () => { if (go.dataset.action) act(go.dataset.action); });
  row.append(shown, help, go);
  if (d.made.length || (d.set && d.set.length)) {
    const b = el("button", "undo", "undo");
    b.type = "button";
    b.disabled = d.waiting;
    b.addEventListener("click", undo);
    row.append(b);
  }
  box.append(row);
  if (amountCheck) amountCheck();
}

function drawMine(s) {
  const box = $("mine");
  const active = document.activeElement;        // a card focused by the keyboard keeps it
  const focused = active && box.contains(active) ? active.dataset.card : null;
  box.replaceChildren();
  box.hidden = s.you === null;
  // a card click plays it when exactly one action plays that card alone; while a choice
  // in parts may take it, it goes to that choice
  const clicks = handClicks(s);
  const chosen = draft ? new Set([...(draft.set || []), ...madeCards(draft)]) : new Set();
  for (const z of s.mine) {
    const line = el("div", "");
    line.append(el("span", "zone-label", `your ${z.words ?? z.zone}${z.with ? " / " + (z.with_words ?? z.with) : ""}:`));
    const row = z.pairs ? pairs(z.pairs) : cards(z.cards);
    for (const c of row.querySelectorAll(".card[data-card]")) {
      const id = c.dataset.card;
      const what = clicks[id];
      if (chosen.has(id)) c.classList.add("picked");
      if (what) {                 // a card that does something: a button for the keyboard too
        c.tabIndex = 0;
        c.setAttribute("role", "button");
        if (what === "pick") c.setAttribute("aria-pressed", chosen.has(id) ? "true" : "false");
        c.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); c.click(); }
        });
      }
      if (what === "pick") {
        c.classList.add("playable");
        c.title = chosen.has(id) ? "selected: click to take it back" : "select";
        c.addEventListener("click", () => pick(id));
      } else if (what) {
        c.classList.add("playable");
        c.title = what;
        c.addEventListener("click", () => act(what));
      }
    }
    line.append(row);
    box.append(line);
  }
  if (focused) { const again = box.querySelector(`[data-card="${CSS.escape(focused)}"][tabindex]`); if (again) again.focus(); }
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
  for (const p of s.parts) drawChoice(box, p);
}

function drawScores(s) {           // the score panel: one row per seat, a column per score
  const panel = $("scores");
  panel.replaceChildren();
  panel.hidden = !s.scores;
  if (!s.scores) return;
  const box = el("table");
  panel.append(box);
  const head = el("tr");
  head.append(el("th", null, "seat"));
  for (const c of s.scores.columns) head.append(el("th", null, c));
  box.append(head);
  for (const r of s.scores.rows) {
    const tr = el("tr", r.you ? "you" : null);
    tr.dataset.seat = r.seat;
    tr.append(el("th", null, r.you ? `you (${r.name || "seat " + r.seat})` : (r.name || `seat ${r.seat}`)));
    for (const v of r.values) tr.append(el("td", null, String(v)));
    box.append(tr);
  }
}

function drawEnd(s) {
  $("end").hidden = !s.finished;
  if (!s.finished) return;
  $("words").textContent = s.result_words ? s.result_words[0].toUpperCase() + s.result_words.slice(1) + "." : "";
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
  const me = s.you === null ? null : s.seats[s.you];
  $("who").textContent = s.you === null ? "watching (only what is public)" : `you are ${me.name ? me.name + " (seat " + s.you + ")" : "seat " + s.you}`;
  $("naming").hidden = s.you === null;
  if (me && document.activeElement !== $("myname") && !$("myname").value) $("myname").value = me.name || remembered();
  const mine = s.actions.length || s.parts.length;
  document.title = `${s.title}: ` + (s.you === null ? "watching" : seatName(s, s.you)) + (mine ? " (your turn)" : "");
  keepDraft(s);
  $("help").textContent = s.help || "";
  drawStatus(s); drawScores(s); drawSeats(s); drawPiles(s); drawMine(s); drawActions(s); drawEnd(s); drawEvents(s);
  document.body.dataset.version = `${s.game}.${s.version}`;
  document.body.dataset.turn = mine ? "1" : "0";
  document.body.dataset.finished = s.finished ? "1" : "0";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "connected"; send({type: "hello", token: token || null}); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "pack") faces = msg.faces;
    else if (msg.type === "state") {
      // never back to an older drawing of this game (the server sends states in order)
      if (!state || msg.game !== state.game || msg.version >= state.version) draw(msg);
    }
    else if (msg.type === "parts") answered(msg);
    else if (msg.type === "error") { $("error").textContent = msg.message; if (msg.fatal) fatal = true; }
  };
  ws.onclose = () => {
    $("conn").textContent = fatal ? "not connected" : "reconnecting...";
    if (!fatal) setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
  };
}

$("again").addEventListener("click", () => send({type: "again"}));
// a person names themselves at their seat: the server checks the name (length, no
// control characters or direction marks) and every page then shows it
// (the name last given in this browser is offered again, never sent without a click)
function remembered() { try { return localStorage.getItem("rulekit-name") || ""; } catch (e) { return ""; } }
$("naming").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("myname").value.trim();
  try { localStorage.setItem("rulekit-name", name); } catch (e) { /* private mode */ }
  send({type: "name", name});
});
connect();
