"""What a long session costs in memory: a Small World game played in the page
by clicks, with undos and steps through the history, and the page's memory
read before and after (the JavaScript heap after a full garbage collection,
the WebAssembly memory Pyodide runs in, the DOM's nodes and event listeners).
Shared by tests/browser/test_memory_browser.py and ``bench/browser.py leak``."""

from __future__ import annotations

import random

from harness import board_ply, mirror, start_game

# Every WebAssembly memory the page makes (Pyodide's heap is one): its size is
# the most the interpreter ever took, since a wasm memory never shrinks.
WASM_MEMORY_INIT = """
(() => {
  const mems = (window.__wasmMems = []);
  const keep = (r) => {
    try {
      const inst = r && (r.instance || r);
      for (const v of Object.values((inst && inst.exports) || {})) if (v instanceof WebAssembly.Memory) mems.push(v);
    } catch (e) { /* not an instance */ }
    return r;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const f = WebAssembly[name];
    if (f) WebAssembly[name] = function (...a) { return f.apply(this, a).then(keep); };
  }
  const M = WebAssembly.Memory;
  WebAssembly.Memory = function (d) { const m = new M(d); mems.push(m); return m; };
  WebAssembly.Memory.prototype = M.prototype;
})();
"""

WASM_BYTES = "() => Math.max(0, ...(window.__wasmMems || []).map((m) => m.buffer.byteLength))"

# A click as the app receives it from a mouse (dispatched in the page: a
# thousand moves by Playwright's own pointer would take most of an hour).
CLICK = """(sel) => {
  const n = document.querySelector(sel);
  if (!n) return false;
  n.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  return true;
}"""

RARE = {"offer", "pass", "resign"}

# Brings the move list's entry for ``ply`` into the page: a long list
# (web/movelist.py, 400 entries or more) holds only the entries in view, so it
# is scrolled there first, as a person scrolls before clicking; its entries
# follow at the next frames. Returns whether the entry is there.
SHOW_ENTRY = """async (ply) => {
  const ol = document.querySelector('#moves');
  const sel = `li[data-ply="${ply}"]`;
  if (!ol) return false;
  if (!ol.querySelector(sel) && ol.classList.contains('virtual')) {
    const row = ol.scrollHeight / (+ol.getAttribute('data-total') + 1);
    ol.scrollTop = Math.max(0, ply * row + row / 2 - ol.clientHeight / 2);
    for (let i = 0; i < 5 && !ol.querySelector(sel); i++)
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  }
  return !!ol.querySelector(sel);
}"""


def css_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def reading(page, cdp) -> dict:
    """The page's memory now, after a full garbage collection (bytes; counts)."""
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    return {"js": heap["usedSize"], "wasm": page.evaluate(WASM_BYTES), "nodes": dom["nodes"],
            "listeners": dom["jsEventListeners"]}


def click(page, sel: str) -> None:
    if not page.evaluate(CLICK, sel):
        raise AssertionError(f"nothing to click at {sel}")


def show_ply(page, ply: int) -> None:
    """Click the move list's entry of ``ply`` (scrolled into the list first)."""
    if not page.evaluate(SHOW_ENTRY, ply):
        raise AssertionError(f"the move list has no entry {ply}")
    click(page, f'#moves li[data-ply="{ply}"]')


def reveal(page) -> None:
    if page.locator("#pass-screen").count():
        click(page, '[data-action="reveal"]')


def new_game(page, seed: int, first: bool = False):
    """A new three-player Small World game from the home screen (after the
    result of the game just over); its mirror."""
    if not first:
        page.wait_for_selector("dialog[open]", timeout=5_000)  # the result, shown a moment after the last move
        page.evaluate("document.querySelector('dialog[open]').close()")
    page.click("a.brand")
    start_game(page, "smallworld", ["Ann", "Bob", "Cy"], seed=seed)
    reveal(page)
    return mirror(page)


def play(page, actions: int, seed: int = 1, s=None):
    """``actions`` things a player does (a move played by clicking its path,
    an undo and its redo, an earlier move looked at in the history then the
    last one again), a new game when one ends. Returns the game's mirror."""
    rnd = random.Random(seed)
    if s is None:
        s = new_game(page, seed, first=True)
    done = 0
    while done < actions:
        if s.state.is_over():
            s = new_game(page, seed + done)
        reveal(page)
        kind = rnd.random()
        if kind < 0.1 and s.ply > 0:  # undo, then redo
            click(page, '[data-action="undo"]')
            reveal(page)
            click(page, '[data-action="redo"]')
            reveal(page)
        elif kind < 0.2 and s.ply > 2:  # an earlier position, then back to the last
            show_ply(page, rnd.randrange(s.ply))
            reveal(page)
            click(page, '[data-action="last"]')
            reveal(page)
        else:
            legal = s.legal()
            common = [m for m in legal if m.text not in RARE]
            move = rnd.choice(common or legal)
            before = board_ply(page)
            if s.game.confirm_text(move.text, "fr"):
                page.once("dialog", lambda d: d.accept())
            for t in move.path:
                if board_ply(page) != before:
                    break
                on_board = f"#board .target[data-target={css_str(t)}]"
                click(page, on_board if page.locator(on_board).count() else f"#tray [data-target={css_str(t)}]")
            if board_ply(page) == before:
                click(page, '#tray [data-action="as-is"]')
            s.play(move)
            reveal(page)
            if board_ply(page) != s.ply:
                raise AssertionError(f"the page is at ply {board_ply(page)}, its mirror at {s.ply}")
        done += 1
    return s
