"""The code of steps, as the hot-path module writes it (:mod:`.hotpath`): for each
step, entering it (its ``do``), following it (its first transition whose condition
holds, the target entered) and, at a decision with one actor, applying an action: the
action's effects and the step's transitions written in place, then the next decision
reached, with none of the engine's generic calls in between (the same changes, in the
same order, as :meth:`rulekit.runtime.applying.Applying._apply` and
:meth:`rulekit.runtime.engine.GameState._advance`)."""
from __future__ import annotations

_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ .,-")


def _word(text) -> str:
    """``text`` for a comment of generated code: letters, digits and ``_ .,-`` only."""
    return "".join(ch if ch in _WORD else "?" for ch in str(text)[:80])


def _body(block, pad: str = "") -> list:
    """The source lines of a compiled effect list (its function's body, one level
    deep), indented by ``pad`` more; [] for an empty one."""
    if not block.source:
        return []
    return [pad + ln for ln in block.source.split("\n")[1:] if ln != "    pass"]


def _enter_source(c, n: int, step) -> str:
    return "\n".join([f"def _enter_{n}(G):",
                      f"    # enter step {_word(step.key)}: run its do",
                      f"    G.step = _S{n}", f"    G.phase = {c.text(step.phase)}",
                      "    L = G._L = {}"] + _body(step.do) + [f"    return _S{n}"])


def _enter_inline(c, n: int, step, returns: bool = True) -> list:
    """Lines that enter ``step`` (number ``n``) and (``returns``) return it: its enter
    function's body written in place when its ``do`` is short, else a call of it."""
    body = _body(step.do)
    if len(body) > 3:
        return [f"return _enter_{n}(G)" if returns else f"_enter_{n}(G)"]
    return [f"G.step = _S{n}", f"G.phase = {c.text(step.phase)}", "L = G._L = {}"] \
        + [ln[4:] for ln in body] + ([f"return _S{n}"] if returns else [])


def _follow_source(c, n: int, step, ids, steps) -> str:
    return "\n".join([f"def _follow_{n}(G, L):", f"    # step {_word(step.key)}: take the "
                      "first transition whose condition holds, enter its target"]
                     + _follow_lines(c, step, ids, steps))


def _follow_lines(c, step, ids, steps, tail=None) -> list:
    """The body of ``step``'s follow function (indented one level): its transitions in
    order, each entering its target and returning it; with ``tail``, what ``tail(t)``
    gives (lines) follows the entering of step number ``t`` instead of the return."""
    lines = []
    for tr in step.transitions:
        if tr.target_key is None:
            continue
        t = ids[tr.target_key]
        target = _enter_inline(c, t, steps[tr.target_key]) if tail is None else \
            _enter_inline(c, t, steps[tr.target_key], False) + tail(t)
        if tr.cond_code == "True":
            return lines + _body(tr.do) + ["    " + ln for ln in target]
        lines += [f"    if {tr.cond_code}:"] + _body(tr.do, "    ") + ["        " + ln for ln in target]
    return lines + [f"    raise _Fault({c.text('a bad value (no transition of step ' + step.key + ' applies)')})"]


def _act_source(c, n: int, step, ids, steps) -> str:
    """The function applying an action at decision step ``step`` (number ``n``, one
    actor): what :meth:`rulekit.runtime.applying.Applying._apply` does (count it,
    record it, its ``action`` event unless the game keeps no event log), the action's
    effects and the step's transitions written in place, then the next decision
    reached: when the target decides (one actor), its actor and listing computed here,
    else the engine's ``_advance``. The same changes, in the same order, as ``_apply``
    then ``_advance`` (tests/test_fused_steps.py)."""
    lines = [f"def _act_{n}(G, act):",
             f"    # step {_word(step.key)}: apply one of its actions, take its first transition "
             "whose condition holds, advance to the next decision",
             "    _a_name, _a_cards, _a_seat, _a_choice, _a_defn, _a_text = act",
             "    G.actions = _a_count = G.actions + 1",
             "    G.last_action = _a_name",
             "    if _a_text is None:",
             "        _a_text = ' '.join((_a_name,) + _a_cards) if _a_cards else _a_name",
             "    if G._history_shared:",
             "        G.history = G.history[:]",
             "        G._history_shared = False",
             "    G.history.append(_a_text)",
             "    G._legal = []",
             "    G._index = None",
             "    _a_events = G.log       # (None: a game that keeps no event log)",
             "    try:"]
    for k, a in enumerate(step.actions):
        lines.append(f"        {'el' if k else ''}if _a_defn is _D{n}_{k}:")
        c.ns[f"_D{n}_{k}"] = a
        if a.var is not None:
            bind = "{" + c.text(a.var) + ": _a_choice[:] if _a_choice.__class__ is list " \
                   "else _a_choice}"
        else:
            bind = "{}" if a.parts is None else "_bind_parts(_a_defn, _a_choice)"
        lines.append(f"            L = {bind}")
        lines.append("            if _a_events is not None:")
        if a.private is None:
            lines += ["                _a_event = ['action', _a_seat, _a_text, None, _a_count, "
                      "G.phase]"]
        else:
            lines += ["                _a_event = {'kind': 'action', 'seat': _a_seat, 'action': "
                      "_a_text, 'until': None, 'actions': _a_count, 'phase': G.phase}"]
        lines += ["                _a_at = len(_a_events)",
                  "                _a_events.append(_a_event)"]
        if a.private is not None:       # (no log: only the parts of its text that may fail)
            lines += ["                _a_event['public'] = _a_defn.private(G, L)",
                      "            else:", "                _a_defn.private(G, L)"]
        lines += _body(a.do, "        ")
        lines.append("            if _a_events is not None:")
        if a.private is None:
            lines += ["                _a_event[3] = _a_done = len(_a_events)",
                      "                if _raw(_a_events, _a_at) is not _a_event:",
                      "                    _a_events[_a_at]['until'] = _a_done"]
        else:
            lines.append("                _a_event['until'] = len(_a_events)")
    lines += ["        else:" if step.actions else "        if True:",
              "            raise RuntimeError('rulekit: an action of another step')"]
    lines.append("        L = G._L")

    def tail(t: int) -> list:
        target = steps_by_id[t]
        if not (target.decides and target.actors is None):
            return ["G._advance()", "return"]
        return [f"_a_actor = _S{t}.actor(G, G._L)",
                "if _a_actor.__class__ is int and 0 <= _a_actor < G.n:",
                "    G.actor = _a_actor",
                f"    G._legal = _a_legal = _legal_{t}(G)",
                "    G._index = None",
                "    if not _a_legal:      # (no legal action: the engine says so)",
                "        G._advance()",
                "else:                     # (not a seat: the engine says so)",
                "    G._advance()",
                "return"]
    steps_by_id = {ids[k]: s for k, s in steps.items()}
    lines += ["    " + ln for ln in _follow_lines(c, step, ids, steps, tail)]
    lines += ["    finally:", "        if _a_count >= G.max_actions:",
              "            G._stop_at_max()"]
    return "\n".join(lines)
