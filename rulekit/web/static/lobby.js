// The lobby: pick a game, its options and who sits where; get one link per seat.
"use strict";
let catalog = null;
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

function current() {
  return catalog.rulesets.find((r) => r.name === $("ruleset").value);
}

// An option's input, from the widget its type declares (rulekit/lang/options.py):
// input checkbox, number (min, max), select (values, labels) or text; value: the default.
function widget(w) {
  if (w.input === "checkbox") {
    const input = el("input", {type: "checkbox"});
    input.checked = w.value === true;
    return input;
  }
  if (w.input === "select") {
    const input = el("select", {});
    (w.values || []).forEach((v, i) => input.append(el("option", {value: v, text: (w.labels || [])[i] ?? v})));
    input.value = w.value;
    return input;
  }
  const input = el("input", {type: w.input === "number" ? "number" : "text"});
  for (const k of ["min", "max"]) if (w[k] !== null && w[k] !== undefined) input[k] = w[k];
  input.value = w.value ?? "";
  return input;
}

function drawOptions() {
  const r = current();
  const [lo, hi, dflt] = r.players;
  const players = $("players");
  players.min = lo; players.max = hi;
  if (+players.value < lo || +players.value > hi || !players.dataset.touched) players.value = dflt;
  const box = $("options");
  box.replaceChildren();
  for (const o of r.options) {
    const input = widget(o.widget);
    input.dataset.option = o.name;
    box.append(el("label", {title: o.doc || ""}, o.name + " ", input,
                  el("span", {class: "sub", text: " " + (o.doc || "")})));
  }
  drawSeats();
}

function drawSeats() {
  const box = $("seatkinds");
  const n = +$("players").value;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const sel = el("select", {"data-seat": s});
    for (const k of catalog.kinds) sel.append(el("option", {value: k, text: k === "person" ? "a person (gets a link)" : "bot: " + k}));
    sel.value = old[s] || (s === 0 ? "person" : catalog.bot);
    box.append(el("label", {}, `seat ${s} `, sel));
  }
}

async function make(ev) {
  ev.preventDefault();
  $("error").textContent = "";
  const options = {};
  for (const i of $("options").querySelectorAll("[data-option]")) {
    const o = current().options.find((x) => x.name === i.dataset.option);
    const value = i.type === "checkbox" ? i.checked : i.value;
    if (value !== o.widget.value) options[o.name] = value;       // only what was changed
  }
  const seats = [...$("seatkinds").querySelectorAll("select")].map((s) => s.value);
  const res = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({ruleset: $("ruleset").value, options, seats})});
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

async function start() {
  catalog = await (await fetch("/api/rulesets")).json();
  const sel = $("ruleset");
  for (const r of catalog.rulesets) sel.append(el("option", {value: r.name, text: `${r.title} (${r.name})`}));
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (wanted && catalog.rulesets.some((r) => r.name === wanted)) sel.value = wanted;
  sel.addEventListener("change", drawOptions);
  $("players").addEventListener("change", () => { $("players").dataset.touched = "1"; drawSeats(); });
  $("make").addEventListener("submit", make);
  drawOptions();
}
start();
