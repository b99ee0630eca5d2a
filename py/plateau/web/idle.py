"""Work the page does while the browser is idle (``requestIdleCallback``), a
step at a time: a game's drawing prepared ahead (``Game.prepare``) and its
other boards drawn and put aside (``Game.other_boards``, ``PlayView.lay``),
so that the first look at another part of it (a tournament's other boards,
through the history) does not make the player wait. A click always comes first: a
step runs only when the browser has nothing else to do, and lasts a few
milliseconds."""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

LEFT_MS = 4  # another step only while the idle period has this much left

_current: list = [None]  # the job running: a new one replaces it


def when_idle(steps) -> None:
    """Run the iterator ``steps`` while the browser is idle, one ``next`` at
    a time, until it ends or another call replaces it."""
    _current[0] = steps
    js.document.documentElement.removeAttribute("data-idle-done")
    _later(steps)


def _later(steps) -> None:
    ask = getattr(js.window, "requestIdleCallback", None)
    step = create_once_callable(lambda deadline=None: _run(steps, deadline))
    if ask is not None:
        ask(step, to_js({"timeout": 5000}, dict_converter=js.Object.fromEntries))
    else:  # a browser without idle callbacks: soon, between events
        js.setTimeout(step, 50)


def _run(steps, deadline) -> None:
    if _current[0] is not steps:
        return
    while True:
        try:
            next(steps)
        except StopIteration:
            _current[0] = None
            js.document.documentElement.setAttribute("data-idle-done", "")  # (tests and benches wait for it)
            return
        except Exception as e:  # preparing is an optimisation: drawing later still works
            print(f"plateau: preparing the drawing stopped: {type(e).__name__}: {e}")
            _current[0] = None
            return
        left = deadline.timeRemaining() if deadline is not None else 0
        if deadline is None or deadline.didTimeout or left < LEFT_MS:
            break
    _later(steps)
