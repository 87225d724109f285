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

function drawOptions() {
  const r = current();
  const [lo, hi, dflt] = r.players;
  const players = $("players");
  players.min = lo; players.max = hi;
  if (+players.value < lo || +players.value > hi || !players.dataset.touched) players.value = dflt;
  const box = $("options");
  box.replaceChildren();
  for (const o of r.options) {
    let input;
    if (o.type === "bool") {
      input = el("input", {type: "checkbox", "data-option": o.name});
      input.checked = !!o.default;
    } else if (o.type === "choice") {
      input = el("select", {"data-option": o.name});
      for (const v of o.values) input.append(el("option", {value: v, text: v}));
      input.value = o.default;
    } else {
      input = el("input", {type: o.type === "int" ? "number" : "text", "data-option": o.name});
      input.value = Array.isArray(o.default) ? o.default.join(" ") : (o.default ?? "");
    }
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
    const r = current().options.find((o) => o.name === i.dataset.option);
    const value = i.type === "checkbox" ? i.checked : i.value;
    if (String(value) !== String(Array.isArray(r.default) ? r.default.join(" ") : r.default)) options[r.name] = value;
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
