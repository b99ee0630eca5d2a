"""Plateau in the browser: start-up, click-to-board and engine timings in Chromium.

    python3 bench/browser.py startup  [--runs 5] [--sw] [--resume] [--share] [--baseline DIR] [--throttle 4]
                                      [--tab-at-once]
    python3 bench/browser.py click    [--games thud,armadora,...,arkhanis] [--clicks 120] [--throttle 4]
    python3 bench/browser.py armadora [--samples 24]
    python3 bench/browser.py legible
    python3 bench/browser.py size     [--runs 1]
    python3 bench/browser.py arkhanis [--runs 3] [--players 24]
    python3 bench/browser.py pace [--turns 2] [--watch-cap 60] [--level easy] [--paces fast,watch]
    python3 bench/browser.py pointer  [--grid 6] [--games smallworld-3p,armadora,...]
    python3 bench/browser.py leak     [--actions 1000] [--every 250]

Common options: ``--site DIR`` serves an already built site (default: a
fresh build of the working tree into a temporary folder), ``--chromium
PATH`` (default ``$PLATEAU_CHROMIUM`` or /usr/bin/chromium), ``--headed``.

Each command serves the site on 127.0.0.1 (a free port) with
scripts/serve.py, drives Chromium through Playwright and prints a table.
Every time is read inside the page with ``performance.now()``, never with a
clock around Playwright's calls. bench/HISTORY.md says what each number means.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LOAD_TIMEOUT_MS = 120_000


# -- numbers -------------------------------------------------------------------
def quantile(xs, q: float) -> float:
    """Linear interpolation between the closest ranks (q in 0..1)."""
    xs = sorted(xs)
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def med(xs) -> float:
    return statistics.median(xs) if xs else float("nan")


def p95(xs) -> float:
    return quantile(xs, 0.95)


def table(title: str, head: list[str], rows: list[list], note: str = "") -> None:
    cells = [[c if isinstance(c, str) else f"{c:,.1f}" if isinstance(c, float) else str(c) for c in r]
             for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(head)]
    line = "  ".join("-" * w for w in widths)
    print()
    print(title)
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths))))
    print(line)
    for r in cells:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    if note:
        print(note)
    sys.stdout.flush()


# -- site, server, browser -------------------------------------------------------
@contextmanager
def site_dir(arg: str | None):
    if arg:
        d = Path(arg).resolve()
        if not (d / "index.html").is_file():
            sys.exit(f"bench: {d} has no index.html (build it with scripts/build.py --bench)")
        yield d
        return
    tmp = Path(tempfile.mkdtemp(prefix="plateau-bench-"))
    try:
        out = tmp / "site"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out), "--bench"], check=True,
                       stdout=subprocess.DEVNULL)
        yield out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def served(site: Path):
    from serve import make_server

    srv = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


@contextmanager
def playwright_driver():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("bench: Playwright is missing: python3 -m pip install -r requirements-test.txt")
    with sync_playwright() as pw:
        yield pw


def chromium_path(args) -> str:
    exe = args.chromium or os.environ.get("PLATEAU_CHROMIUM", "/usr/bin/chromium")
    if not Path(exe).exists():
        sys.exit(f"bench: Chromium not found at {exe} (apt-get install chromium)")
    return exe


@contextmanager
def chromium(pw, args):
    """One browser; its contexts are incognito-like (an in-memory HTTP cache)."""
    browser = pw.chromium.launch(executable_path=chromium_path(args), args=CHROMIUM_ARGS, headless=not args.headed)
    try:
        yield browser
    finally:
        browser.close()


@contextmanager
def profile(pw, args, service_workers: str):
    """A browser with a new, empty profile on disk: its HTTP cache (and the
    compiled-code caches that hang on it) persist between the page loads
    made in it, as in a user's browser."""
    tmp = tempfile.mkdtemp(prefix="plateau-profile-")
    ctx = pw.chromium.launch_persistent_context(
        tmp, executable_path=chromium_path(args), args=CHROMIUM_ARGS, headless=not args.headed,
        service_workers=service_workers, viewport={"width": 1200, "height": 900})
    try:
        for page in ctx.pages:  # the blank start page
            page.close()
        yield ctx
    finally:
        ctx.close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def session(args):
    with site_dir(args.site) as site, served(site) as base, playwright_driver() as pw:
        yield site, base, pw


# -- start-up ------------------------------------------------------------------------
# Installed before any script of the page runs: the moment data-ready appears,
# the moment PyScript's interpreter is ready, both from navigation start.
STARTUP_INIT = """
(() => {
  const t = (window.__bench = {});
  const seen = () => {
    const h = document.documentElement;
    if (t.ready === undefined && h && h.hasAttribute('data-ready')) t.ready = performance.now();
    if (t.error === undefined && h && h.hasAttribute('data-error')) t.error = performance.now();
  };
  new MutationObserver(seen).observe(document, {attributes: true, subtree: true,
                                                attributeFilter: ['data-ready', 'data-error']});
  addEventListener('py:ready', () => { if (t.interp === undefined) t.interp = performance.now(); }, true);
  // the home page drawn by the build (its card pictures inside it, or as images):
  // painted once it is parsed, its images decoded, and a frame is out
  addEventListener('DOMContentLoaded', () => {
    const imgs = [...document.querySelectorAll('#app .prerendered img')];
    if (!document.querySelector('#app .prerendered') || document.documentElement.classList.contains('opens-game')) return;
    Promise.all(imgs.map(i => i.decode().catch(() => null))).then(() =>
      requestAnimationFrame(() => setTimeout(() => { if (t.home === undefined && !t.ready) t.home = performance.now(); }, 0)));
  });
})();
"""

READ_STARTUP = """() => {
  const t = window.__bench;
  let kb = 0, n = 0;
  for (const e of performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))) {
    kb += (e.transferSize || 0) / 1024; n += 1;
  }
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {ready: t.ready, interp: t.interp, error: t.error, kb, requests: n, paint: fcp ? fcp.startTime : null,
          home: t.home, python: document.documentElement.getAttribute('data-python'),
          marks: Object.fromEntries(performance.getEntriesByType('mark')
            .filter(m => m.name.startsWith('plateau:')).map(m => [m.name.slice(8), m.startTime]))};
}"""

PAGES = {"app": "/index.html", "bare": "/bench/bare.html"}
MARKS = ("bundle-fetched", "snapshot-read", "no-snapshot", "boot", "snapshot-unpacked", "runtime-js", "runtime-ready",
         "python-started", "bundle-installed", "main",
         "imported", "drawn")


# A visit that another follows ends as a visitor's would: the app, started
# without its interpreter snapshot, fetches it once ready (for the next
# visit); the page stays open until that is done (at most 20 s), untimed.
SETTLED = ("() => { const h = document.documentElement;"
           " return (h.getAttribute('data-python') !== 'fresh' || h.hasAttribute('data-snapshot'))"
           " && h.getAttribute('data-games') !== 'later'; }")


def machine_busy() -> tuple[int, int] | None:
    """The machine's CPU time so far (busy, total jiffies), from /proc/stat; None elsewhere."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            cpu = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = cpu[3] + (cpu[4] if len(cpu) > 4 else 0)
    return sum(cpu) - idle, sum(cpu)


def tab_at_rest(page, most_s: float = 5.0) -> None:
    """Waits until the machine is at rest after a new tab opened (at most ``most_s``).

    Headless Chromium builds the window of each new tab as it opens, omnibox
    popup included: a renderer of its own loads that popup's web page for
    ~0.6-0.9 s of CPU (chrome://omnibox-popup.top-chrome in a trace). A page
    navigated at once starts beside it on the same two cores; a visitor's
    browser, open already, has no such work when a link is opened. So the tab
    is opened, the machine left to settle (under 15 % busy over 100 ms, after
    at least 0.3 s), and only then is the page loaded (``--tab-at-once``: the
    old way, navigated as the tab opens)."""
    start = time.perf_counter()
    page.wait_for_timeout(300)
    before = machine_busy()
    while before is not None and time.perf_counter() - start < most_s:
        page.wait_for_timeout(100)
        now = machine_busy()
        busy, total = now[0] - before[0], now[1] - before[1]
        before = now
        if total > 0 and busy / total < 0.15:
            return
    if before is None:
        page.wait_for_timeout(1200)


def load_once(ctx, url: str, errors: list, wait_sw: bool = False, settle: bool = False,
              throttle: float = 1.0, at_once: bool = True) -> dict:
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    if not at_once:
        tab_at_rest(page)
    if throttle > 1:  # a slower CPU, as DevTools emulates it (the page's thread), set before it loads
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__bench && (window.__bench.ready !== undefined"
                               " || window.__bench.error !== undefined)", timeout=LOAD_TIMEOUT_MS, polling=50)
        r = page.evaluate(READ_STARTUP)
        if r.get("error") is not None:
            raise RuntimeError(f"{url}: the app reported a start-up error ({errors[-3:]})")
        if wait_sw:  # the service worker active and in control before the next load
            page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller",
                                   timeout=30_000)
        if settle:
            page.wait_for_function(SETTLED, timeout=20_000)
        return r
    finally:
        page.close()


def bench_game():
    """The session of the benchmarks' Thud game: 30 plies, fixed moves."""
    from plateau.core.record import Record
    from plateau.core.registry import get_game
    from plateau.web.session import Session

    g = get_game("thud")
    sess = Session(Record("thud", g.full_options({}), 5, ["Astrid", "Bruno"], []))
    rnd = random.Random(3)
    while sess.total < 30:
        sess.play(rnd.choice([m for m in sess.legal() if m.text not in RARE]))
    return sess


def share_fragment() -> str:
    """The share link's fragment of the benchmarks' Thud game (as the share
    dialog makes it)."""
    from plateau.core.record import encode

    return "#g=" + encode(bench_game().snapshot())


def resume_seed() -> str:
    """An init script that puts a Thud game of 30 plies in localStorage as
    the game in progress (the app then resumes it at start), once."""
    from plateau.web.store import MemoryStore, Store

    sess = bench_game()
    mem = MemoryStore()
    store = Store(mem)
    store.save("bench", "Thud — bench", sess.snapshot())
    store.set_setting("current", "bench")
    store.set_setting("screen", "play")
    items = {mem.key(i): mem.getItem(mem.key(i)) for i in range(mem.length)}
    return ("(() => { if (!location.pathname.endsWith('/index.html') || localStorage.getItem('plateau:v1:settings'))"
            " return; const items = " + json.dumps(items) + ";"
            " for (const k in items) localStorage.setItem(k, items[k]); })();")


def startup_loads(pw, args, sw, resume, seed_js, url, errors) -> list:
    """The loads of one variant in a new profile: cold, warm (and a third
    with the service worker); an exception names the load that failed."""
    with profile(pw, args, sw) as ctx:
        ctx.add_init_script(STARTUP_INIT)
        if resume:
            ctx.add_init_script(seed_js)
        got = []
        loads = 3 if sw == "allow" else 2
        for i in range(loads):
            try:
                got.append(load_once(ctx, url, errors, wait_sw=sw == "allow", settle=i < loads - 1,
                                     throttle=args.throttle, at_once=args.tab_at_once))
            except Exception as e:
                raise RuntimeError(f"load {i + 1}: {e}") from e
        return got


def cmd_startup(args) -> None:
    # (label, page, service workers, seed a game in progress?, baseline site?)
    variants = [("app", "app", "block", False, False), ("bare", "bare", "block", False, False)]
    if args.resume:
        variants.append(("app, resuming a game", "app", "block", True, False))
    if args.share:
        variants.append(("app, opening a share link", "share", "block", False, False))
    if args.sw:
        variants.append(("app, service worker on", "app", "allow", False, False))
    if args.baseline:
        variants.append(("app [baseline site]", "app", "block", False, True))
        if args.resume:
            variants.append(("app, resuming [baseline]", "app", "block", True, True))
        if args.share:
            variants.append(("app, opening a share link [baseline]", "share", "block", False, True))
        if args.sw:
            variants.append(("app, service worker on [baseline]", "app", "allow", False, True))
    res: dict[str, dict[str, list]] = {v[0]: {} for v in variants}
    errors: list[str] = []
    crashes: list[str] = []
    seed_js = resume_seed() if args.resume else ""
    pages = dict(PAGES, share=PAGES["app"] + share_fragment()) if args.share else PAGES
    t_all = time.perf_counter()
    with session(args) as (site, base, pw), \
            site_dir(args.baseline or str(site)) as other, served(other) as base2:
        with profile(pw, args, "block") as ctx:  # warm-up, not counted: the OS caches of Chromium's files
            ctx.add_init_script(STARTUP_INIT)
            load_once(ctx, base + PAGES["bare"], errors)
        for run in range(args.runs):
            k = run % len(variants)
            for name, kind, sw, resume, baseline in variants[k:] + variants[:k]:  # interleaved, rotated
                for attempt in range(3):  # a renderer that crashed: the variant again, in a new profile
                    try:
                        got = startup_loads(pw, args, sw, resume, seed_js, (base2 if baseline else base) + pages[kind],
                                            errors)
                        break
                    except Exception as e:
                        what = f"{name}, run {run + 1}: {e}"
                        if "crashed" not in str(e) or attempt == 2:
                            raise RuntimeError(what) from e
                        crashes.append(what.splitlines()[0])
                        print(f"  renderer crashed ({what.splitlines()[0]}): that variant again", file=sys.stderr)
                for label, r in zip(("cold", "warm", "warm3"), got):
                    d = res[name].setdefault(label, {"ready": [], "interp": [], "kb": [], "paint": [], "home": [],
                                                     "marks": [], "python": []})
                    d["marks"].append(r.get("marks") or {})
                    d["python"].append(r.get("python") or "-")
                    d["ready"].append(r["ready"])
                    d["paint"].append(r["paint"] if r["paint"] is not None else float("nan"))
                    d["home"].append(r["home"] if r.get("home") is not None else float("nan"))
                    d["interp"].append(r["interp"] if r["interp"] is not None else float("nan"))
                    d["kb"].append(r["kb"])
            print(f"  run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)

    rows = []
    for name, *_ in variants:
        for label in ("cold", "warm", "warm3"):
            d = res[name].get(label)
            if not d:
                continue
            py = [a - b for a, b in zip(d["ready"], d["interp"])]
            rows.append([f"{name}, {label if label != 'warm3' else 'warm (3rd load)'}", med(d["ready"]),
                         p95(d["ready"]), med(d["interp"]), med(py), med(d["paint"]), med(d["home"]), med(d["kb"])])
    slow = f", CPU throttled {args.throttle:g}×" if args.throttle > 1 else ""
    table(f"Start-up until <html data-ready> (ms from navigation start; {args.runs} runs each, interleaved{slow})",
          ["page, load", "median", "p95", "py:ready", "ready - py:ready", "1st paint", "home painted", "KB over net"],
          rows,
          "py:ready = PyScript's interpreter ready (for the app, the Plateau bundle written into it);\n"
          "ready - py:ready = the page's own Python until data-ready (medians); 1st paint = first contentful paint;\n"
          "home painted = the home page drawn by the build on screen, pictures included (nan: not shown). "
          "KB over net: 0 for what the HTTP cache served\n(with the service worker on, what it serves is not "
          "counted).")
    mark_rows = []
    for name, *_ in variants:
        for label in ("cold", "warm", "warm3"):
            d = res[name].get(label)
            if not d or not any(d["marks"]):
                continue
            row = [f"{name}, {label if label != 'warm3' else 'warm (3rd load)'}",
                   "/".join(f"{k}:{d['python'].count(k)}" for k in sorted(set(d["python"])))]
            for m in MARKS:
                row.append(med([x[m] for x in d["marks"] if m in x]))
            row.append(med(d["ready"]))
            mark_rows.append(row)
    if mark_rows:
        table("Where the app's start goes: medians of its performance marks (ms from navigation start)",
              ["page, load", "python"] + list(MARKS) + ["ready"], mark_rows,
              "snapshot-read / no-snapshot = the cache asked; snapshot-unpacked = its memory rebuilt;\n"
              "boot = the home page is painted and Python may start (restored or started);\n"
              "python-started = interpreter restored or started; bundle-fetched = Plateau's Python read (in a worker), "
              "-installed = in place;\nmain = PyScript runs main.py (its own package set up); imported = Plateau's modules "
              "imported; drawn = the first screen drawn.")
    bare = res["bare"]
    ratio_rows = []
    for name, *_ in variants:
        if name == "bare":
            continue
        for label in ("warm", "cold"):
            a, b = res[name][label]["ready"], bare[label]["ready"]
            ratio_rows.append([f"{name}, {label}", f"{med(a) / med(b):.2f}",
                               f"{med([x / y for x, y in zip(a, b)]):.2f}", f"{med(a) - med(b):+,.0f}"])
    table("Ratio to the bare PyScript page (targets: app warm <= 0.35, a share link warm <= 0.4;"
          " CPU throttled 4x, app warm <= 0.4)",
          ["page, load", "ratio of medians", "median of per-run ratios", "difference (ms)"], ratio_rows)
    if crashes:
        print(f"renderer crashes, each variant loaded again in a new profile: {len(crashes)}")
        for c in crashes:
            print("  " + c)
    print(f"(wall time {time.perf_counter() - t_all:.0f} s)")


# -- click to board ----------------------------------------------------------------------
CLICK_JS = """async (sel) => {
  const node = document.querySelector(sel);
  if (!node) return null;
  const v0 = document.getElementById('board').getAttribute('data-version');
  const t0 = performance.now();
  node.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const t1 = performance.now();
  const [t2, t3] = await new Promise(res => requestAnimationFrame(() => {
    const f = performance.now();
    const ch = new MessageChannel();  // runs after the frame's style, layout and paint
    ch.port1.onmessage = () => res([f, performance.now()]);
    ch.port2.postMessage(0);
  }));
  const b = document.getElementById('board');
  return {handler: t1 - t0, frame: t2 - t0, painted: t3 - t0,
          redrawn: !!b.querySelector('#pass-screen') || b.getAttribute('data-version') !== v0};
}"""

GAME_SETUP = {  # players and options of the scripted games (the defaults otherwise)
    "thud": (["Astrid", "Bruno"], {}),
    "armadora": (["Ann", "Bob"], {}),
    "troy": (["Ann", "Bob"], {}),
    "thorval": (["Ann", "Bob"], {}),
    "smallworld": (["Ann", "Bob", "Cy"], {}),
    "arkhanis": (None, {}),  # the form's defaults: six participants on two tables
}
RARE = {"offer", "pass", "resign"}  # moves that end a game early (and ask first): picked only when alone


def css_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# What a click's Python time goes to: the board path's functions wrapped with a clock (inclusive
# times; the stock profiler is not in the page's trimmed standard library).
PROFILED = {
    "plateau.web.play": ["PlayView.on_board_click", "PlayView.on_target", "PlayView.target_at", "PlayView.draw_board",
                         "PlayView.after_move", "PlayView.refresh", "PlayView.draw_moves", "PlayView.draw_side",
                         "PlayView.draw_tray", "PlayView.draw_status", "PlayView.draw_panel", "PlayView.draw_views",
                         "PlayView.fit_zoom", "PlayView.draw_glossary", "PlayView.turn_gain_text", "morph"],
    "plateau.web.session": ["Session.render", "Session.legal", "Session._built", "Session.select", "Session.play",
                            "Session.move_line", "Session.snapshot", "Session.context", "Session.state_at",
                            "Session.panel"],
    "plateau.web.movelist": ["MoveList.draw", "MoveList.fill", "MoveList.text"],
    "plateau.web.controller": ["PlayController.click", "PlayController.submit", "PlayController.autosave",
                               "PlayController.notify"],
    "plateau.web.store": ["Store.save"],
    "plateau.core.svgkit": ["markup"],
}
PROFILE_ON = """
import importlib, json, time
_bench_prof = {}
def _bench_wrap(name, fn):
    def timed(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            acc = _bench_prof.setdefault(name, [0, 0.0])
            acc[0] += 1
            acc[1] += time.perf_counter() - t
    timed.__wrapped__ = fn
    return timed
for _mod, _names in json.loads(_BENCH_PROFILED).items():
    _m = importlib.import_module(_mod)
    for _n in _names:
        _owner = _m
        *_path, _attr = _n.split(".")
        for _p in _path:
            _owner = getattr(_owner, _p)
        if hasattr(getattr(_owner, _attr, None), "__wrapped__") or not hasattr(_owner, _attr):
            continue
        setattr(_owner, _attr, _bench_wrap(_mod.rsplit(".", 1)[-1] + "." + _n, getattr(_owner, _attr)))
import gc
def _bench_gc(phase, info, _t=[0.0]):
    # the garbage collector's passes, by generation, and the slowest one, while the clocks run
    if phase == "start":
        _t[0] = time.perf_counter()
        return
    d = time.perf_counter() - _t[0]
    acc = _bench_prof.setdefault(f"gc: generation {info['generation']} passes", [0, 0.0])
    acc[0] += 1
    acc[1] += d
    top = _bench_prof.setdefault("gc: the slowest pass (once)", [1, 0.0])
    top[1] = max(top[1], d)
if _bench_gc not in gc.callbacks and not any(getattr(c, "__name__", "") == "_bench_gc" for c in gc.callbacks):
    gc.callbacks.append(_bench_gc)
"""
PROFILE_OFF = "json.dumps(_bench_prof)"
PROFILE_RESET = "_bench_prof.clear()"
# the browser's main-thread work between a click and its next frame, from a trace (--profile)
TRACED = "devtools.timeline,disabled-by-default-devtools.timeline"
MAIN_WORK = {"EventDispatch": "the click's handler (Python and the DOM calls it makes)",
             "ParseHTML": "markup parsed (morph's template)", "UpdateLayoutTree": "style recalculated",
             "Layout": "layout", "PrePaint": "pre-paint", "Paint": "paint", "Layerize": "layerize",
             "Commit": "commit", "MinorGC": "JavaScript GC (minor)", "MajorGC": "JavaScript GC (major)",
             "FireAnimationFrame": "animation-frame callbacks", "TimerFire": "timers"}


def thread_ms(cdp) -> float:
    """The page's main-thread CPU time so far (ms)."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}.get("ThreadTime", 0) * 1000


def traced_click(page, cdp, ply: int):
    """One history click (NAV_JS) under a trace: its numbers and the main thread's work between
    the click and the next frame, by kind (ms)."""
    events, done = [], []
    on_data = lambda p: events.extend(p["value"])  # noqa: E731
    on_done = lambda p: done.append(1)  # noqa: E731
    cdp.on("Tracing.dataCollected", on_data)
    cdp.on("Tracing.tracingComplete", on_done)
    cdp.send("Tracing.start", {"categories": TRACED, "transferMode": "ReportEvents"})
    got = page.evaluate(NAV_JS, ply)
    cdp.send("Tracing.end")
    for _ in range(200):
        if done:
            break
        page.wait_for_timeout(25)
    cdp.remove_listener("Tracing.dataCollected", on_data)
    cdp.remove_listener("Tracing.tracingComplete", on_done)
    main = {e["tid"] for e in events if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    marks = {e["args"]["data"]["message"]: e["ts"] for e in events if e.get("name") == "TimeStamp"}
    t0, t1 = marks.get("bench:click"), marks.get("bench:frame")
    work: dict = {}
    if t0 is not None and t1 is not None:
        for e in events:
            if e.get("ph") == "X" and e.get("tid") in main and e.get("name") in MAIN_WORK and t0 <= e["ts"] <= t1:
                work[e["name"]] = work.get(e["name"], 0.0) + e.get("dur", 0) / 1000
    return got, work


def profile_start(page) -> None:
    page.wait_for_function("!!window.__benchPy", timeout=10_000)
    page.evaluate("([prof, src]) => { window.__benchPy.globals.set('_BENCH_PROFILED', prof); "
                  "window.__benchPy.runPython(src); }", [json.dumps(PROFILED), PROFILE_ON])


def profile_collect(page, prof: dict) -> None:
    """Adds what the page's clocks counted since profile_start to ``prof``
    (function -> [calls, inclusive s])."""
    for name, (calls, secs) in json.loads(page.evaluate("(src) => window.__benchPy.runPython(src)",
                                                        PROFILE_OFF)).items():
        acc = prof.setdefault(name, [0, 0.0])
        acc[0] += calls
        acc[1] += secs


def click_game(page, base: str, gid: str, want: int, seed: int, prof: dict | None = None) -> tuple[dict, int, int]:
    from harness import board_ply, mirror, reveal_if_needed, start_game

    times = {"handler": [], "frame": [], "painted": []}
    games = moves = 0
    rnd = random.Random(seed)
    while len(times["handler"]) < want:
        if prof is not None and games:
            profile_collect(page, prof)
        page.goto(base + "/index.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
        if page.locator('[data-action="first"]').count():  # resumed a game: back to the home screen
            page.click("a.brand")
        names, options = GAME_SETUP[gid]
        start_game(page, gid, names, options, seed=seed + games)
        games += 1
        reveal_if_needed(page)
        s = mirror(page)
        if prof is not None:  # Python's profiler over the clicks (the page's pace is not the bench's then)
            profile_start(page)
        while not s.state.is_over() and len(times["handler"]) < want:
            legal = s.legal()
            common = [m for m in legal if m.text not in RARE]
            if not common:  # only moves that ask to confirm first (not a board click): next game
                break
            move = rnd.choice(common)
            before = board_ply(page)
            reveal_if_needed(page)
            sels = []
            for t in move.path:
                on_board = f"#board .target[data-target={css_str(t)}]"
                sels.append(on_board if page.locator(on_board).count() else f"#tray [data-target={css_str(t)}]")
                r = page.evaluate(CLICK_JS, sels[-1])
                if r is None:
                    raise RuntimeError(f"{gid}: target {t!r} of {move.text!r} is not on the page")
                if not r["redrawn"]:
                    raise RuntimeError(f"{gid}: the click on {t!r} did not redraw the board")
                for k in times:
                    times[k].append(r[k])
                if board_ply(page) != before:
                    break
            if board_ply(page) == before:
                r = page.evaluate(CLICK_JS, '#tray [data-action="as-is"]')
                if r is None:
                    raise RuntimeError(f"{gid}: {move.text!r} is not complete after its path")
                for k in times:
                    times[k].append(r[k])
            s.play(move)
            moves += 1
            reveal_if_needed(page)
            if board_ply(page) != s.ply:
                raise RuntimeError(f"{gid}: the page is at ply {board_ply(page)}, the mirror at {s.ply}")
    if prof is not None:
        profile_collect(page, prof)
    return times, games, moves


def cmd_click(args) -> None:
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    rows = []
    t_all = time.perf_counter()
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
        if args.profile:
            ctx.add_init_script(PYODIDE_HOOK)
        page = ctx.new_page()
        if args.throttle > 1:  # a slower CPU, as DevTools emulates it (the page keeps it across loads)
            ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        for gid in games:
            if gid not in GAME_SETUP:
                sys.exit(f"bench: unknown game {gid!r}")
            t = time.perf_counter()
            prof = {} if args.profile else None
            times, n_games, n_moves = click_game(page, base, gid, args.clicks, args.seed, prof)
            if prof:
                n = len(times["handler"])
                table(f"{gid}: Python's time per click, by function (inclusive, clocks in the page, {n} clicks)",
                      ["function", "calls/click", "ms/click"],
                      [[k, f"{c / n:.2f}", f"{secs * 1000 / n:.2f}"]
                       for k, (c, secs) in sorted(prof.items(), key=lambda kv: -kv[1][1])])
            h, f, p = times["handler"], times["frame"], times["painted"]
            rows.append([gid, len(h), n_moves, med(h), p95(h), max(h), med(f), p95(f), med(p), p95(p),
                         "yes" if (med(p) <= 100 if args.throttle > 1 else med(p) <= 16 and p95(p) <= 33) else "NO"])
            print(f"  {gid}: {len(h)} clicks in {time.perf_counter() - t:.0f} s", file=sys.stderr, flush=True)
        ctx.close()
    slow = f", CPU throttled {args.throttle:g}×" if args.throttle > 1 else ""
    table(f"Click to board in Chromium (ms, from the click's dispatch inside the page{slow})",
          ["game", "clicks", "moves", "handler med", "p95", "max", "frame med", "p95", "painted med", "p95",
           "target"], rows,
          "handler = click dispatched until the app's Python handler returns (the new SVG is in #board);\n"
          "frame = until the next animation frame starts; painted = until that frame's style/layout/paint is done;\n"
          "target: painted median <= 16 ms and p95 <= 33 ms (throttled: median <= 100 ms).")
    print(f"(wall time {time.perf_counter() - t_all:.0f} s)")


# -- Armadora engine, natively and in Pyodide ------------------------------------------------------
# The same code runs in both: it returns per-sample times in ms (each sample
# averages `inner` calls, so the browser's coarse clock does not matter).
ARMADORA_SRC = r'''
import json, time
from plateau.core.game import RenderContext
from plateau.core.rng import Rng
from plateau.games.armadora import GAME
from plateau.games.armadora import rules as R

NAMES = ["Ann", "Bob"]


def positions(count, seed=1):
    """Mid-game positions of random advanced 2-player games, with a free line."""
    out = []
    k = 0
    while len(out) < count:
        s = GAME.start(NAMES, {"rules": "advanced"}, seed + k)
        rng = Rng(k)
        ply = 0
        while not s.is_over():
            ms = s.legal_moves()
            others = [m for m in ms if m.text != "pass"]
            m = rng.choice(others) if others and rng.below(40) else rng.choice(ms)
            if ply % 9 == 4 and R.legal_lines(s.pal):
                out.append(s.clone())
            s.play(m)
            ply += 1
        k += 1
    return out[:count]


def sample(fn, items, inner):
    out = []
    for x in items:
        t = time.perf_counter()
        for _ in range(inner):
            fn(x)
        out.append((time.perf_counter() - t) * 1000 / inner)
    return out


def run(count):
    start = GAME.start(NAMES, {"rules": "advanced"}, 1)
    pos = positions(count)
    ctx = {id(s): RenderContext(viewer=s.to_play, targets=frozenset(m.path[0] for m in s.legal_moves()))
           for s in pos + [start]}
    pal_moves = {id(s): next(m for m in s.legal_moves() if m.text.startswith("P:")) for s in pos}

    def legal_cold(s):
        R._PAL_CACHE.clear()
        s._legal = None
        s.legal_moves()

    def legal_warm(s):
        s._legal = None
        s.legal_moves()

    def territories(s):
        lines = R.legal_lines(s.pal)
        line = (lines & -lines).bit_length() - 1
        R.territories(s.pal | (1 << line))

    def play_palisade(s):
        t = s.clone()
        t.play(pal_moves[id(s)])
        t.territory_map()

    def render(s):
        GAME.render(s, ctx[id(s)])

    for s in pos[:3]:  # warm-up
        legal_cold(s), territories(s), render(s)
    out = {
        "legal moves, start position": sample(legal_cold, [start] * count, 3),
        "legal moves, mid-game": sample(legal_cold, pos, 2),
        "legal moves, mid-game (cached palisades)": sample(legal_warm, pos, 2),
        "territories after a palisade": sample(territories, pos, 20),
        "play a palisade + territory map": sample(play_palisade, pos, 5),
        "render (SVG), start position": sample(render, [start] * count, 2),
        "render (SVG), mid-game": sample(render, pos, 2),
    }
    out["_moves_at_start"] = [len(start.legal_moves())]
    return json.dumps(out)
'''

# Gives the page's Pyodide to the benchmark: the boot module's interpreter
# (``started``; module scripts share one instance of it, so this is the page's).
PYODIDE_HOOK = """
window.addEventListener('DOMContentLoaded', () => {
  const boot = document.querySelector('script[src*="pyodide-boot"]');
  if (boot) import(boot.src).then((m) => m.started).then((py) => { window.__benchPy = py; });
});
"""


RUN_IN_PAGE = """([src, count]) => {
  const py = window.__benchPy;
  const ns = py.globals.get('dict')();
  py.runPython(src, {globals: ns});
  const out = ns.get('run')(count);
  ns.destroy();
  return out;
}"""


def cmd_armadora(args) -> None:
    t_all = time.perf_counter()
    ns: dict = {"__name__": "armadora_bench"}
    exec(compile(ARMADORA_SRC, "armadora_bench", "exec"), ns)
    native = json.loads(ns["run"](args.samples))
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        ctx = browser.new_context(service_workers="block")
        ctx.add_init_script(PYODIDE_HOOK)
        page = ctx.new_page()
        page.goto(base + "/index.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function("!!window.__benchPy", timeout=10_000)
        info = page.evaluate("() => window.__benchPy.runPython('import sys; sys.version.split()[0]')")
        in_page = json.loads(page.evaluate(RUN_IN_PAGE, [ARMADORA_SRC, args.samples]))
        ctx.close()
    rows = []
    for name, xs in native.items():
        if name.startswith("_"):
            continue
        ys = in_page[name]
        rows.append([name, len(xs), med(xs), p95(xs), med(ys), p95(ys), f"{med(ys) / med(xs):.1f}x"])
    fmt = [[r[0], r[1]] + [f"{v:.3f}" for v in r[2:6]] + [r[6]] for r in rows]
    table(f"Armadora engine: CPython {sys.version.split()[0]} vs Pyodide (Python {info}) in Chromium (ms)",
          ["operation", "samples", "native med", "p95", "browser med", "p95", "browser/native"], fmt,
          f"{native['_moves_at_start'][0]} legal moves at the start of an advanced 2-player game; "
          "mid-game = positions of random advanced games.")
    print(f"(wall time {time.perf_counter() - t_all:.0f} s)")


# -- first click after a resume ---------------------------------------------------------------------
def cmd_firstclick(args) -> None:
    """The first click on the board right after data-ready, the app having
    resumed a Thud game of 30 plies (warm load of a fresh profile): the
    click's handler time, as the click benchmark measures it, then the
    second click's."""
    seed_js = resume_seed()
    first, second = [], []
    with session(args) as (site, base, pw):
        for run in range(args.runs):
            with profile(pw, args, "block") as ctx:
                ctx.add_init_script(seed_js)
                for load in range(2):  # cold, then warm: the warm one is timed
                    page = ctx.new_page()
                    page.goto(base + "/index.html")
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
                    if load == 0:
                        page.wait_for_function(SETTLED, timeout=20_000)
                    if load == 1:
                        r1 = page.evaluate(CLICK_JS, "#board .target")
                        r2 = page.evaluate(CLICK_JS, "#board .target")
                        if not r1 or not r1["redrawn"]:
                            raise RuntimeError("the first click did not redraw the board")
                        first.append(r1["handler"])
                        second.append(r2["handler"] if r2 else float("nan"))
                    page.close()
            print(f"  run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
    table("First clicks on the board after data-ready, resuming a game (ms, handler)",
          ["click", "runs", "median", "p95", "max"],
          [["1st", len(first), med(first), p95(first), max(first)],
           ["2nd", len(second), med(second), p95(second), max(second)]], "target: 1st click <= 50 ms")


# -- a finished tournament opened from a link ----------------------------------------------------

# The first frame out after the app marks itself ready (its drawing laid out and painted).
PAINTED_INIT = """
(() => {
  const h = () => document.documentElement;
  const seen = () => {
    if (window.__painted === undefined && h() && h().hasAttribute('data-ready')) {
      window.__painted = null;
      requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
    }
  };
  new MutationObserver(seen).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
})();
"""

READ_OPENED = """() => {
  const marks = Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('plateau:')).map(m => [m.name.slice(8), m.startTime]));
  const wasm = Math.max(0, ...(window.__wasmMems || []).map(m => m.buffer.byteLength));
  const heap = performance.memory ? performance.memory.usedJSHeapSize : 0;
  const ol = document.querySelector('#moves');
  // a long list holds only the entries in view: its length is the list's data-total
  const entries = ol && ol.hasAttribute('data-total') ? +ol.getAttribute('data-total') + 1 : document.querySelectorAll('#moves li').length;
  return {marks, ready: window.__bench.ready, painted: window.__painted, wasm, heap, entries,
          board: !!document.querySelector('#board svg')};
}"""

# Clicks an entry of the move list, as a person does, and times it until the
# next frame is out (the handler, the redraw and the browser's layout).
# A long list scrolled to the entry of ``ply`` (untimed, and before the click's clocks start):
# whether the entry is in the page.
SCROLL_JS = """async (ply) => {
  const ol = document.querySelector('#moves');
  let li = ol.querySelector(`li[data-ply="${ply}"]`);
  if (!li && ol.classList.contains('virtual')) {
    const row = ol.scrollHeight / (+ol.getAttribute('data-total') + 1);
    ol.scrollTop = ply * row - ol.clientHeight / 2;
    for (let i = 0; i < 3 && !li; i++) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      li = ol.querySelector(`li[data-ply="${ply}"]`);
    }
  }
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));  // the list's own work done
  return !!li;
}"""
NAV_JS = """async (ply) => {
  const ol = document.querySelector('#moves');
  const li = ol.querySelector(`li[data-ply="${ply}"]`);
  if (!li) return null;
  console.timeStamp('bench:click');  // (marks for a trace of the click: --profile)
  const t0 = performance.now();
  li.click();
  const handler = performance.now() - t0;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  console.timeStamp('bench:frame');
  const cur = document.querySelector('#moves li.current');
  return {handler, frame: performance.now() - t0, ok: !!cur && cur.getAttribute('data-ply') === String(ply)};
}"""


# The opening's Python steps done again in the page, each timed (--profile): the record decoded,
# the tournament's start (its random boards' graphs made: forgotten first, as in a page that
# opens), every move checked (Session), the first board's markup and the move list's last lines.
OPEN_STEPS = r"""
import json, time
from plateau.core.record import decode
from plateau.web.session import Session
from plateau.games.smallworld import mapdraw


def run(link, lang):
    mapdraw._GRAPHS.clear()
    for cached in (mapdraw.geometry, mapdraw.terrain_layer, mapdraw.thumbnail):
        cached.cache_clear()
    out = {}
    t = time.perf_counter()
    rec = decode(link)
    out["decode"], t = time.perf_counter() - t, time.perf_counter()
    rec.start()
    out["start (random boards' graphs)"], t = time.perf_counter() - t, time.perf_counter()
    s = Session(rec, lang)
    out["Session (every move checked)"], t = time.perf_counter() - t, time.perf_counter()
    s.game.views(s.state, lang)
    s.render(lang, True, True, s.viewer(None), False, "")
    out["first board's markup"], t = time.perf_counter() - t, time.perf_counter()
    s.panel(lang, s.viewer(None))
    out["side panel"], t = time.perf_counter() - t, time.perf_counter()
    for i in range(max(0, s.total - 40), s.total):
        s.move_line(i, None, lang)
    out["40 move list lines"] = time.perf_counter() - t
    return json.dumps({k: v * 1000 for k, v in out.items()})
"""


def open_steps(page, link: str) -> dict:
    return json.loads(page.evaluate("""([src, link]) => {
      const py = window.__benchPy;
      const ns = py.globals.get('dict')();
      py.runPython(src, {globals: ns});
      const out = ns.get('run')(link, 'fr');
      ns.destroy();
      return out;
    }""", [OPEN_STEPS, link]))


def cmd_arkhanis(args) -> None:
    """A finished tournament of ``--players`` participants opened from its
    share link (warm load of a profile that has visited the home page):
    the time the app spends opening it (from its modules imported to the
    page drawn, decoding and checking every move included), the time to
    data-ready, the interpreter's memory and the JavaScript heap, then
    entries of the move list clicked (the history shown)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import memory  # tests/browser/memory.py: the page's WebAssembly memory, read as the leak bench does
    from bench_arkhanis import REPLAYS, finished_record
    from plateau.core.record import encode

    links = [(f"{policy} players, seed {seed}", encode(finished_record(args.players, policy, seed)))
             for policy, seed in REPLAYS]
    rows, navrows = [], []
    with session(args) as (site, base, pw):
        for name, link in [("home page (no link)", "")] + links:
            opened, shown, decoded, checked, ready, wasm, heap, navs, frames, cpu = [], [], [], [], [], [], [], [], [], []
            idle, wasm_after, click_cpu = [], [], []
            prof: dict = {}
            steps: dict = {}
            slowest = None  # (ply, handler, frame, Python clocks, main-thread work) of the slowest click
            plies = 0
            for run in range(args.runs):
                with profile(pw, args, "block") as ctx:
                    ctx.add_init_script(STARTUP_INIT)
                    ctx.add_init_script(memory.WASM_MEMORY_INIT)
                    ctx.add_init_script(PAINTED_INIT)
                    if args.profile:
                        ctx.add_init_script(PYODIDE_HOOK)
                    errors: list = []
                    for load in range(2):  # cold (fills the caches), then warm: the warm one is measured
                        page = ctx.new_page()
                        page.on("pageerror", lambda e: errors.append(str(e)))
                        cdp = ctx.new_cdp_session(page)
                        cdp.send("Performance.enable")
                        page.goto(base + "/index.html" + ("#g=" + link if link and load else ""))
                        page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
                        if load == 0:
                            page.wait_for_function(SETTLED, timeout=20_000)
                            page.close()
                            continue
                        page.wait_for_function("typeof window.__painted === 'number'", timeout=LOAD_TIMEOUT_MS)
                        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
                        cpu.append(metrics.get("ThreadTime", 0) * 1000)
                        r = page.evaluate(READ_OPENED)
                        if link and not r["board"]:
                            raise RuntimeError(f"{name}: no board drawn ({errors[-3:]})")
                        opened.append(r["marks"]["drawn"] - r["marks"]["imported"])
                        shown.append(r["painted"] - r["marks"]["imported"])
                        if "link-checked" in r["marks"]:
                            checked.append(r["marks"]["link-checked"] - r["marks"]["imported"])
                            if "link-decoded" in r["marks"]:  # (a site built before this mark has none)
                                decoded.append(r["marks"]["link-decoded"] - r["marks"]["imported"])
                        ready.append(r["ready"])
                        wasm.append(r["wasm"] / 1e6)
                        heap.append(r["heap"] / 1e6)
                        if link:
                            plies = r["entries"] - 1
                            rnd = random.Random(run)
                            # a person looks at the board a moment before stepping through the
                            # history: the page's idle work (boards drawn ahead, the move list's
                            # words, positions kept closer together) is let finish first
                            t_idle = time.perf_counter()
                            try:
                                page.wait_for_selector("html[data-idle-done]", state="attached", timeout=30_000)
                            except Exception:
                                pass  # a site built before the mark: clicked at once
                            idle.append((time.perf_counter() - t_idle) * 1000)
                            if args.profile:
                                profile_start(page)
                            for ply in [rnd.randrange(plies + 1) for _ in range(args.navs)]:
                                if not page.evaluate(SCROLL_JS, ply):
                                    raise RuntimeError(f"{name}: the move list entry {ply} is not in the page")
                                if args.profile:  # each click's own Python clocks and trace: the slowest kept
                                    page.evaluate("(src) => window.__benchPy.runPython(src)", PROFILE_RESET)
                                    got, work = traced_click(page, cdp, ply)
                                    mine: dict = {}
                                    profile_collect(page, mine)
                                    for k, (c, secs) in mine.items():
                                        acc = prof.setdefault(k, [0, 0.0])
                                        acc[0] += c
                                        acc[1] += secs
                                    if got and (slowest is None or got["frame"] > slowest[2]):
                                        slowest = (ply, got["handler"], got["frame"], mine, work)
                                else:
                                    before = thread_ms(cdp)
                                    got = page.evaluate(NAV_JS, ply)
                                    click_cpu.append(thread_ms(cdp) - before)
                                if not got or not got["ok"]:
                                    raise RuntimeError(f"{name}: the move list entry {ply} did not show")
                                navs.append(got["handler"])
                                frames.append(got["frame"])
                            wasm_after.append(page.evaluate(READ_OPENED)["wasm"] / 1e6)
                            if args.profile:
                                for k, v in open_steps(page, link).items():
                                    steps.setdefault(k, []).append(v)
                        page.close()
                    if errors:
                        raise RuntimeError(f"{name}: page errors {errors[-3:]}")
                print(f"  {name}: run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
            if not link:
                home_cpu = med(cpu)
            rows.append([name, str(plies), med(opened), max(opened), med(shown), max(shown),
                         f"{med(cpu) - home_cpu:,.0f}" if link else "-",
                         med(decoded) if decoded else "-",
                         med(checked) if checked else "-", med(ready),
                         max(wasm), max(heap)])
            if navs:
                navrows.append([name, len(navs), med(idle), med(navs), p95(navs), max(navs), med(frames), max(frames),
                                med(click_cpu) if click_cpu else "-", max(click_cpu) if click_cpu else "-",
                                max(wasm_after)])
            if steps:
                table(f"{name}: the opening's Python steps done again in the page (ms, {args.runs} runs)",
                      ["step", "median", "max"], [[k, med(v), max(v)] for k, v in steps.items()])
            if prof:
                n = len(navs)
                table(f"{name}: Python's time per history click, by function (inclusive, clocks in the page,"
                      f" {n} clicks)", ["function", "calls/click", "ms/click"],
                      [[k, f"{c / n:.2f}", f"{secs * 1000 / n:.2f}"]
                       for k, (c, secs) in sorted(prof.items(), key=lambda kv: -kv[1][1])])
            if slowest is not None:
                ply, handler, frame, mine, work = slowest
                table(f"{name}: the slowest click (ply {ply}: handler {handler:.1f} ms, to the next frame"
                      f" {frame:.1f} ms, traced)", ["where", "ms"],
                      [[f"main thread: {MAIN_WORK[k]}", v] for k, v in sorted(work.items(), key=lambda kv: -kv[1])]
                      + [[f"Python: {k}", secs * 1000]
                         for k, (c, secs) in sorted(mine.items(), key=lambda kv: -kv[1][1]) if secs * 1000 >= 0.5],
                      "main thread: the trace's events between the click and the frame (nested: the handler holds"
                      " the markup parsed and any layout it forces); Python: inclusive clocks of that click")
    table(f"Arkhanis, {args.players} participants: a finished tournament opened from its link (warm load, ms; MB)",
          ["page", "plies", "open med", "open max", "shown med", "shown max", "CPU added", "decoded med", "checked med",
           "ready med",
           "wasm MB", "JS heap MB"],
          rows, "open: the app from its modules imported to the page drawn (decode, every move checked, first draw);"
          " shown: to the first frame out after it (the drawing laid out and painted);"
          " CPU added: the page's main-thread CPU time until then, less the home page's (the link's own work,"
          " steadier than wall time on a busy machine);"
          " decoded: to the record decoded (the game's modules imported on the way);"
          " checked: to the record decoded and every move checked (the rest is drawing);"
          " target <= 1000 ms and the memory it adds under 100 MB")
    table("Positions of its history shown by clicking the move list (ms)",
          ["page", "clicks", "idle work", "handler med", "p95", "max", "to next frame med", "max", "CPU med", "CPU max",
           "wasm MB after"],
          navrows, "idle work: from the board shown to the page's idle work done (boards drawn ahead, the move"
          " list's words, positions kept every 16 plies), waited for before the clicks; CPU: the page's main-thread CPU"
          " time from the click to its next frame (steadier than wall time on a busy machine; not with --profile);"
          " target: <= 100 ms")


# -- the computers' pace in a tournament -----------------------------------------------------------
PACE_COMPUTERS = (1, 2, 4, 5)  # the computer participants' seats
HUMANS_TURN = ("() => { const s = document.querySelector('#status');"
               " return !!s && !/ordinateur|computer/.test(s.textContent); }")


def cmd_pace(args) -> None:
    """A tournament of 6 participants, 4 of them computers (``--level``, easy by default), set up on
    the tournament's screen: the people's moves are scripted (the browser
    tests' policy), and the time the page spends while computers decide is
    read in the page (from the people's move to the next person's turn
    showing), per tournament turn, at the fast pace and (at most
    ``--watch-cap`` seconds of it) at the watch pace."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from harness import click_path, mirror, open_app, reveal_if_needed
    from test_computer_pace_browser import human_move

    rows = []
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        for pace in args.paces.split(","):
            ctx = browser.new_context(service_workers="block", viewport={"width": 1440, "height": 900})
            page = ctx.new_page()
            open_app(page, base, clear=True)
            page.click('[data-game="arkhanis"] [data-action="new"]')
            page.wait_for_selector("form.ak-setup")
            for seat in PACE_COMPUTERS:
                page.select_option(f'select.seat-kind[data-seat="{seat}"]', args.level)
            page.click('#new-game button[type="submit"]')
            page.wait_for_selector("#computer-pace")
            page.click(f'[data-action="pace-{pace}"]')
            spent: dict = {}
            moves: dict = {}
            cap = args.watch_cap if pace == "watch" else 1e9
            while True:
                s = mirror(page)
                st = s.state
                if st.is_over() or st.turn > args.turns or sum(spent.values()) > cap:
                    break
                if st.to_play in PACE_COMPUTERS:
                    t0 = page.evaluate("performance.now()")
                    page.wait_for_function(HUMANS_TURN, timeout=30 * 60_000, polling=50)
                    t1 = page.evaluate("performance.now()")
                    after = mirror(page)
                    spent[st.turn] = spent.get(st.turn, 0.0) + (t1 - t0) / 1000
                    moves[st.turn] = moves.get(st.turn, 0) + after.total - s.total
                    continue
                reveal_if_needed(page)
                page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {s.total}",
                                       timeout=60_000)
                click_path(page, human_move(s))
                page.wait_for_function(f"+document.querySelector('#board').dataset.ply > {s.total}"
                                       f" || /ordinateur|computer/.test(document.querySelector('#status').textContent)",
                                       timeout=60_000)
            for turn in sorted(spent):
                rows.append([pace, str(turn), str(moves[turn]), spent[turn], spent[turn] / max(1, moves[turn]) * 1000])
            print(f"  {pace} done", file=sys.stderr, flush=True)
            ctx.close()
    table(f"Arkhanis, 6 participants, 4 computers ({args.level}): time on the computers' slots per turn",
          ["pace", "turn", "computer moves", "seconds", "ms a move"], rows,
          "target: <= 15 s a turn at the fast pace (watch: measured for at most --watch-cap seconds)")


# -- first-visit download ------------------------------------------------------------------------
def size_group(name: str) -> str:
    return ("runtime: " + name.rsplit("/", 1)[-1] if "/vendor/pyodide-" in name
            else "PyScript core (chunks)" if "/vendor/pyscript-" in name
            else "Plateau bundle" if "/build/plateau-" in name
            else "games' bundles" if "/build/game-" in name
            else "standard library, later part" if "/build/stdlib-later-" in name
            else "home page" if name == "index.html"
            else "card pictures (PNG)" if "/build/card-" in name
            else "css, scripts, config")


def size_table(title: str, site: Path, names: list[str], note: str = "") -> tuple[float, float]:
    """Files of ``site`` grouped as size_group says, raw and gzip (level 6:
    what hosts commonly use); returns the totals in MB."""
    import gzip

    groups: dict[str, list[int]] = {}
    for name in names:
        data = (site / name).read_bytes()
        g = groups.setdefault(size_group(name), [0, 0, 0])
        g[0] += 1
        g[1] += len(data)
        g[2] += len(gzip.compress(data, 6))
    rows = [[k, n, raw / 1e6, gz / 1e6] for k, (n, raw, gz) in sorted(groups.items(), key=lambda kv: -kv[1][1])]
    total = ["total", sum(r[1] for r in rows), sum(r[2] for r in rows), sum(r[3] for r in rows)]
    rows.append(total)
    for r in rows:
        r[2], r[3] = f"{r[2]:.2f}", f"{r[3]:.2f}"
    table(title, ["files", "count", "raw", "gzip"], rows, note)
    return total[2], total[3]


# Installed before the page's scripts: the wall-clock moment data-ready appears.
SIZE_INIT = """
(() => {
  new MutationObserver((l, obs) => {
    if (document.documentElement.hasAttribute('data-ready')) {
      window.__readyEpoch = performance.timeOrigin + performance.now();
      obs.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
})();
"""


def cmd_size(args) -> None:
    """What a first visit downloads. First every file the service worker's
    list names and sw.js (all a visit ends up with); then, from a first
    visit in Chromium (a new profile, service worker blocked), the files
    fetched from the site that were asked for before ``data-ready`` (what
    the app waits for, or competes with) and those asked for after it until
    the snapshot for the next visit is stored. Sizes are those of the files
    served, raw and gzip-compressed (level 6)."""
    from urllib.parse import urlparse

    with session(args) as (site, base, pw):
        sw = (site / "sw.js").read_text(encoding="utf-8")
        shell = json.loads(re.search(r"const SHELL = (\{.*?\});", sw, re.S).group(1))
        size_table("Every file of the build a visitor ends up with (MB)", site,
                   [u.split("?")[0] for u in shell] + ["sw.js"],
                   "gzip: served compressed by the host (zip files gain little).")
        before: dict[str, list[float]] = {}
        after: dict[str, list[float]] = {}
        with chromium(pw, args) as browser:
            for _ in range(max(1, args.runs)):
                ctx = browser.new_context(service_workers="block")
                ctx.add_init_script(SIZE_INIT)
                done: list = []
                ctx.on("requestfinished", lambda r: done.append(r))
                page = ctx.new_page()
                page.goto(base + "/index.html")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
                try:
                    page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=60_000)
                    page.wait_for_function("document.documentElement.getAttribute('data-games') !== 'later'",
                                           timeout=60_000)
                except Exception:
                    print("  (the snapshot or the games were not stored within 60 s)", file=sys.stderr)
                ready = page.evaluate("window.__readyEpoch")
                names_before, names_after = [], []
                for r in done:
                    resp = r.response()
                    path = urlparse(r.url).path.lstrip("/")
                    if not resp or resp.status != 200 or not path or not (site / path).is_file():
                        continue
                    (names_before if r.timing["startTime"] <= ready else names_after).append(path)
                ctx.close()
                for target, names in ((before, names_before), (after, names_after)):
                    for n in set(names):
                        target.setdefault(n, []).append(1)
        runs = max(1, args.runs)
        always_before = sorted(n for n, seen in before.items() if len(seen) == runs)
        size_table("A first visit in Chromium: fetched before the app is ready (MB)", site, always_before,
                   f"asked for before data-ready in each of {runs} load(s); target <= 6 MB gzip")
        others = sorted(set(before) - set(always_before))
        if others:
            print("  asked for before data-ready in some loads only:", ", ".join(others))
        size_table("... and after it: fetched in the background for the next visit (MB)", site,
                   sorted(n for n in after if n not in before))


# -- computer turns: long tasks and response time ------------------------------------------------
# Installed once the game is on screen: every long main-thread task (Long
# Tasks API) and, from a requestAnimationFrame loop, the frame at which the
# board's ply changes (the move is drawn); the app's own User Timing measures
# ("ai:…") say what the computer was doing.
AI_OBSERVE = """() => {
  window.__long = [];
  window.__plies = [];
  new PerformanceObserver(l => { for (const e of l.getEntries())
      window.__long.push({start: e.startTime, dur: e.duration}); }).observe({type: 'longtask'});
  let last = null;
  const tick = () => {
    const b = document.querySelector('#board');
    const ply = b ? +b.dataset.ply : null;
    if (ply !== last) { window.__plies.push({t: performance.now(), ply}); last = ply; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""
AI_GAMES = {  # players (seat 1 is the computer at "normal") and options
    "thud": (["Ann", "Bob"], {}),
    "armadora": (["Ann", "Bob"], {}),
    "troy": (["Ann", "Bob"], {}),
    "thorval": (["Ann", "Bob"], {}),
    "smallworld": (["Ann", "Bob"], {}),
}


def ai_game(page, base: str, gid: str, want: int, seed: int, level: str) -> dict:
    """Ann (human, random legal moves clicked) against the computer until it
    has played ``want`` moves; returns the long tasks during its turns, the
    delay from the human's move drawn to the computer's drawn, and the app's
    measures."""
    from harness import click_path, mirror

    page.goto(base + "/index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=LOAD_TIMEOUT_MS)
    if page.locator('[data-action="first"]').count():
        page.click("a.brand")
    names, options = AI_GAMES[gid]
    page.click(f'[data-game="{gid}"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    if page.locator("#player-count").count():
        page.select_option("#player-count", str(len(names)))
    for i, n in enumerate(names):
        page.fill(f'input[name="player{i}"]', n)
    for k, v in options.items():
        page.select_option(f'[data-option="{k}"]', str(v))
    page.select_option('select.seat-kind[data-seat="1"]', level)
    page.click("details.seed summary")
    page.fill('input[name="seed"]', str(seed))
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    page.evaluate("performance.clearMeasures()")
    page.evaluate(AI_OBSERVE)
    rnd = random.Random(seed)
    windows = []  # (previous move drawn, computer's move drawn, the previous was the human's)
    done = 0
    human = False
    while done < want:
        s = mirror(page)
        if s.state.is_over():
            break
        if s.state.to_play == 0:
            legal = [m for m in s.legal() if m.text not in RARE]
            move = rnd.choice(legal or s.legal())
            before = click_path(page, move, bool(s.game.confirm_text(move.text, "fr")))
            page.wait_for_function(f"+document.querySelector('#board')?.dataset.ply > {before}", timeout=30_000)
            human = True
            continue
        ply = s.ply  # the position the computer answers (it may have answered since the page was read)
        page.wait_for_function(f"+document.querySelector('#board')?.dataset.ply > {ply}", timeout=60_000)
        page.wait_for_timeout(120)  # the frames after the move, for the long-task window
        plies = page.evaluate("window.__plies")
        t0 = next((p["t"] for p in plies if p["ply"] == ply), None)
        t1 = next((p["t"] for p in plies if p["ply"] > ply), None)
        if t0 is not None and t1 is not None:  # (a move drawn before the observer was set: not timed)
            windows.append((t0, t1, human))
        human = False
        done += 1
    long = page.evaluate("window.__long")
    measures = page.evaluate("performance.getEntriesByType('measure').filter(m => m.name.startsWith('ai:'))"
                             ".map(m => ({name: m.name, start: m.startTime, dur: m.duration}))")
    inside = [t for t in long if any(a - 1 <= t["start"] <= b + 100 for a, b, _ in windows)]
    culprits: dict = {}
    for t in inside:  # what the computer measured overlapping this long task
        names_ = sorted({m["name"] for m in measures if m["start"] < t["start"] + t["dur"]
                         and m["start"] + m["dur"] > t["start"] and m["dur"] > 30})
        key = "+".join(names_) or "(no ai: measure: board redraw, GC, other)"
        culprits.setdefault(key, []).append(round(t["dur"]))
    return {"after_human": [b - a for a, b, h in windows if h], "between": [b - a for a, b, h in windows if not h],
            "long": [t["dur"] for t in inside], "culprits": culprits, "moves": done,
            "measures": measures}


def cmd_ai(args) -> None:
    from plateau.ai.api import TIME_LIMITS

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    rows = []
    detail = {}
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
        page = ctx.new_page()
        for gid in games:
            t = time.perf_counter()
            r = ai_game(page, base, gid, args.moves, args.seed, args.level)
            budget = TIME_LIMITS[args.level]
            ah, lt = r["after_human"], r["long"]
            slices = [m["dur"] for m in r["measures"] if m["name"] == "ai:slice"]
            rows.append([gid, r["moves"], len(ah), med(ah) if ah else float("nan"), max(ah) if ah else float("nan"),
                         med(r["between"]) if r["between"] else float("nan"), len(lt), max(lt) if lt else 0.0,
                         p95(slices) if slices else float("nan"),
                         "yes" if (not lt or max(lt) <= 50) and (not ah or max(ah) <= budget + 300) else "NO"])
            detail[gid] = r["culprits"]
            print(f"  {gid}: {r['moves']} computer moves in {time.perf_counter() - t:.0f} s", file=sys.stderr,
                  flush=True)
        ctx.close()
    table(f"Computer turns in Chromium (level {args.level}; ms)",
          ["game", "computer moves", "after a human move", "drawn after: med", "max", "between its moves: med",
           "long tasks", "longest", "slice p95", "target met"], rows,
          f"drawn after = from the frame showing the human's move to the frame showing the computer's answer\n"
          f"(target: budget + 300 = {TIME_LIMITS[args.level] + 300} ms); long tasks = main-thread tasks over 50 ms\n"
          "during the computer's turns (Long Tasks API; target: none).")
    for gid, c in detail.items():
        for k, v in c.items():
            print(f"  {gid}: long tasks {v} during {k}")


# -- legibility on a phone ---------------------------------------------------------------------
def cmd_legible(args) -> None:
    """The smallest text on each game's board at 375 px (a phone, touch): as
    the board opens, and zoomed out to the screen's width (what a board
    fitted to the page shows); the zoom the board opened at."""
    from legible import PHONE, POSITIONS, open_position, smallest

    rows = []
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        ctx = browser.new_context(**PHONE)
        page = ctx.new_page()
        for gid in POSITIONS:
            open_position(page, base, gid)
            opened, text = smallest(page)
            zoom = page.evaluate("getComputedStyle(document.querySelector('#board')).getPropertyValue('--zoom')")
            out = page.locator('#zoom [data-action="zoom-out"]')
            while out.count() and not out.is_disabled():
                out.tap()
            fitted, _ = smallest(page)
            rows.append([gid, round(fitted, 1), round(opened, 1), (zoom or "1").strip(), text])
        ctx.close()
    table("Smallest board text at 375 px (CSS px)", ["game", "board at the screen's width", "as opened",
                                                     "zoom opened at", "smallest text"], rows,
          "every <text> of the board's drawing: font size times the drawing's scale on the screen")
# -- what a real click plays ------------------------------------------------------------------------
def cmd_pointer(args) -> None:
    """For each position of tests/browser/pointer.py (Small World's first conquest on each map,
    Armadora, Thorval, Thud), desktop 1440×900 (mouse) and a 375×667 touch phone (taps): an
    n × n grid over each highlighted target's box, kept where the browser's hit-test finds the
    target (equal areas: the share of points is the share of area). "before" reads each point
    with main's rule before the pointer won (bounding boxes, smallest first), in the page at
    the same points; "after" clicks or taps there and reads what the board says it meant."""
    import pointer as P
    from harness import open_app

    games = [g.strip() for g in args.games.split(",") if g.strip()] if args.games else list(P.POSITIONS)
    rows = []
    t_all = time.perf_counter()
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        for device, opts in (("desktop", P.DESKTOP), ("phone", P.PHONE)):
            ctx = browser.new_context(service_workers="block", **opts)
            page = ctx.new_page()
            open_app(page, base + "/index.html", clear=True)
            for gid in games:
                if gid not in P.POSITIONS:
                    sys.exit(f"bench: unknown position {gid!r} (one of {', '.join(P.POSITIONS)})")
                t = time.perf_counter()
                P.show(page, P.POSITIONS[gid]())
                names = P.targets(page)
                points = before = after = 0
                worst = ("", 0.0)
                for name in names:
                    inside = P.sample(page, name, args.grid)["inside"]
                    old = page.evaluate(f"pts => pts.map({P.OLD_RULE_JS})", [[p["x"], p["y"]] for p in inside])
                    new = [P.hit(page, p["x"], p["y"], device == "phone") for p in inside]
                    b = sum(o != name for o in old)
                    points, before, after = points + len(inside), before + b, after + sum(n != name for n in new)
                    if inside and b / len(inside) > worst[1]:
                        worst = (name, b / len(inside))
                rows.append([gid, device, len(names), points, 100 * before / max(points, 1),
                             f"{worst[0]} {100 * worst[1]:.0f} %" if worst[0] else "-", 100 * after / max(points, 1)])
                print(f"  {gid} {device}: {points} points in {time.perf_counter() - t:.0f} s", file=sys.stderr,
                      flush=True)
            ctx.close()
    table("Share of highlighted area that plays another target (%, points of an n × n grid kept inside each target)",
          ["position", "device", "targets", "points", "before %", "worst target before", "after %"], rows,
          "before = main's rule before the pointer won (bounding boxes grown to 24 px, the smallest first), "
          "read in the page;\nafter = the board's own reading of a real click (desktop) or tap (phone) there.")
    print(f"(grid {args.grid}; wall time {time.perf_counter() - t_all:.0f} s)")


# -- command line ---------------------------------------------------------------------------------
# -- memory over a long session ------------------------------------------------------------------------
def cmd_leak(args) -> None:
    """A Small World session of ``--actions`` things a player does (moves
    clicked, undos and redos, steps through the history; new games as games
    end), the page's memory read after a full garbage collection every
    ``--every`` actions (tests/browser/memory.py)."""
    import memory as M
    from harness import open_app

    rows = []
    t_all = time.perf_counter()
    with session(args) as (site, base, pw), chromium(pw, args) as browser:
        ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
        ctx.add_init_script(M.WASM_MEMORY_INIT)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        open_app(page, base, clear=True)
        s = M.play(page, 20, seed=args.seed)  # warm: every screen and code path of a turn seen once
        first = M.reading(page, cdp)
        done = 0
        rows.append([0, first["js"] / 2**20, first["wasm"] / 2**20, 0.0, 0.0, first["nodes"], first["listeners"]])
        while done < args.actions:
            n = min(args.every, args.actions - done)
            s = M.play(page, n, seed=args.seed + done + 1, s=s)
            done += n
            r = M.reading(page, cdp)
            rows.append([done, r["js"] / 2**20, r["wasm"] / 2**20, (r["js"] - first["js"]) / 2**20,
                         (r["wasm"] - first["wasm"]) / 2**20, r["nodes"], r["listeners"]])
            print(f"  {done} actions", file=sys.stderr, flush=True)
        ctx.close()
    table("Memory over a long Small World session (MB after a full GC; growth since the first row)",
          ["actions", "JS heap", "wasm", "JS growth", "wasm growth", "DOM nodes", "listeners"], rows,
          "actions = moves clicked, undo+redo pairs, history steps (an entry, then the last move);\n"
          "target: JS + wasm growth <= 20 MB over 1,000 actions.")
    print(f"(wall time {time.perf_counter() - t_all:.0f} s)")


def main(argv=None) -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--site", help="serve this built site instead of building the working tree")
    common.add_argument("--chromium", help="Chromium executable (default $PLATEAU_CHROMIUM or /usr/bin/chromium)")
    common.add_argument("--headed", action="store_true", help="show the browser window")
    ap = argparse.ArgumentParser(description="Plateau browser benchmarks (Chromium + Playwright).")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("startup", parents=[common], help="time until data-ready, app vs bare PyScript, cold and warm")
    s.add_argument("--runs", type=int, default=5)
    s.add_argument("--sw", action="store_true", help="also the app with its service worker allowed")
    s.add_argument("--resume", action="store_true", help="also the app resuming a game in progress")
    s.add_argument("--share", action="store_true", help="also the app opening a share link of that game")
    s.add_argument("--baseline", metavar="DIR", help="also the app of another built site (before/after)")
    s.add_argument("--throttle", type=float, default=1.0,
                   help="slow every page's CPU this many times (DevTools' Emulation.setCPUThrottlingRate)")
    s.add_argument("--tab-at-once", action="store_true",
                   help="load each page as its tab opens, beside the new window's own start (the old way)")
    s.set_defaults(fn=cmd_startup)
    c = sub.add_parser("click", parents=[common], help="click-to-board over scripted games")
    c.add_argument("--games", default="thud,armadora,troy,thorval,smallworld,arkhanis")
    c.add_argument("--clicks", type=int, default=120, help="clicks per game")
    c.add_argument("--throttle", type=float, default=1.0,
                   help="slow the page's CPU this many times (DevTools' Emulation.setCPUThrottlingRate)")
    c.add_argument("--seed", type=int, default=11)
    c.add_argument("--profile", action="store_true",
                   help="also time the board path's Python functions in the page (the clicks' own times then include the clocks)")
    c.set_defaults(fn=cmd_click)
    a = sub.add_parser("armadora", parents=[common], help="Armadora's engine natively and in Pyodide")
    a.add_argument("--samples", type=int, default=24, help="positions per operation")
    a.set_defaults(fn=cmd_armadora)
    f = sub.add_parser("firstclick", parents=[common], help="first click on the board after resuming a game")
    f.add_argument("--runs", type=int, default=5)
    f.set_defaults(fn=cmd_firstclick)
    i = sub.add_parser("ai", parents=[common], help="long tasks and response time during the computer's turns")
    i.add_argument("--games", default="thud,armadora,troy,thorval,smallworld")
    i.add_argument("--moves", type=int, default=8, help="computer moves per game")
    i.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    i.add_argument("--seed", type=int, default=5)
    i.set_defaults(fn=cmd_ai)
    lg = sub.add_parser("legible", parents=[common], help="smallest board text at 375 px, per game")
    lg.set_defaults(fn=cmd_legible)
    k = sub.add_parser("arkhanis", parents=[common], help="a finished tournament opened from its share link")
    k.add_argument("--runs", type=int, default=3)
    k.add_argument("--players", type=int, default=24)
    k.add_argument("--navs", type=int, default=10, help="move list entries clicked per run")
    k.add_argument("--profile", action="store_true",
                   help="also time the history clicks' Python functions in the page, and the opening's steps done"
                        " again in the page one by one (the clicks' own times then include the clocks)")
    k.set_defaults(fn=cmd_arkhanis)
    pc = sub.add_parser("pace", parents=[common], help="a tournament's computer slots at the fast and watch paces")
    pc.add_argument("--turns", type=int, default=2)
    pc.add_argument("--watch-cap", type=float, default=60.0, help="seconds of the watch pace measured")
    pc.add_argument("--level", default="easy", choices=["easy", "normal", "hard"], help="the computers' level")
    pc.add_argument("--paces", default="fast,watch", help="the paces measured, in order")
    pc.set_defaults(fn=cmd_pace)
    o = sub.add_parser("pointer", parents=[common], help="share of highlighted area a click plays as another target")
    o.add_argument("--games", default="", help="positions of tests/browser/pointer.py (default: all)")
    o.add_argument("--grid", type=int, default=6, help="n × n points over each target's box")
    o.set_defaults(fn=cmd_pointer)
    lk = sub.add_parser("leak", parents=[common], help="memory over a long Small World session")
    lk.add_argument("--actions", type=int, default=1000)
    lk.add_argument("--every", type=int, default=250, help="actions between two readings")
    lk.add_argument("--seed", type=int, default=3)
    lk.set_defaults(fn=cmd_leak)
    z = sub.add_parser("size", parents=[common], help="what a first visit downloads, raw and gzip")
    z.add_argument("--runs", type=int, default=1, help="first visits loaded in Chromium")
    z.set_defaults(fn=cmd_size)
    args = ap.parse_args(argv)
    args.fn(args)


if __name__ == "__main__":
    main()
