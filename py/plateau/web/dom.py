"""Small DOM helpers. Text always goes in through ``textContent``: nothing a
user typed or imported is ever parsed as HTML."""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from .lazy_files import game_missing

try:  # JS null arrives as a distinct object in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

document = js.document



def el(tag: str, attrs: dict | None = None, *children, on: dict | None = None):
    node = document.createElement(tag)
    for k, v in (attrs or {}).items():
        if v is None or v is False:
            continue
        if k == "text":
            node.textContent = str(v)
        elif k == "cls":
            node.className = v
        elif v is True:
            node.setAttribute(k, "")
        else:
            node.setAttribute(k, str(v))
    for c in children:
        if c is None:
            continue
        if isinstance(c, str):
            node.appendChild(document.createTextNode(c))
        else:
            node.appendChild(c)
    for ev, fn in (on or {}).items():
        listen(node, ev, fn)
    return node


SVG_NS = "http://www.w3.org/2000/svg"


def svg_el(tag: str, attrs: dict | None = None, *children):
    """An SVG element (attributes as given, children appended)."""
    node = document.createElementNS(SVG_NS, tag)
    for k, v in (attrs or {}).items():
        node.setAttribute(k, str(v))
    for c in children:
        node.appendChild(c)
    return node


#: ``fetch(gid, again)``, set by the app: gets a game's files in the background and
#: calls ``again()`` once they are in place (see ``game_missing``)
_fetch_game = None


def when_game_missing(fetch) -> None:
    """What an action does when it needs a game whose files are not in place yet."""
    global _fetch_game
    _fetch_game = fetch


def tried_again(fn):
    """``fn``, which, when it needs a game whose files are not in place yet
    (nothing is fetched while Python waits: the page fetches them, through
    the offline cache, before Python needs them or in the background), has
    them fetched and runs once more when they are in place."""
    def run(*args, again: bool = False):
        try:
            return fn(*args)
        except Exception as err:
            gid = game_missing(err)
            if gid is None or _fetch_game is None or again:
                raise
            _fetch_game(gid, lambda: run(*args, again=True))
            return None
    return run


def listen(node, event: str, fn) -> None:
    """Call ``fn(event)`` on ``event`` at ``node``. The handler lives as long as
    the node does: nothing in Python keeps it, so once the node has left the
    page and is collected, Pyodide releases the function (a screen drawn
    again at every move leaves nothing behind). ``fn`` must not hold the node
    itself (a handler reads it from ``event.currentTarget``): a Python
    function holding a node that holds it is a cycle neither collector sees."""
    node.addEventListener(event, create_proxy(tried_again(fn)))


def clear(node) -> None:
    node.replaceChildren()


def nn(x):
    """JS ``null``/``undefined`` as Python ``None``."""
    return None if x is None or x is jsnull else x


def by_id(i: str):
    return nn(document.getElementById(i))


def q(selector: str, root=None):
    return nn((root or document).querySelector(selector))


def attr_values(root, selector: str, name: str) -> list:
    """The values of attribute ``name`` on the nodes under ``root`` that match
    ``selector``, read in one call into the page (a call per node costs tens
    of microseconds, and a board has hundreds of targets)."""
    text = str(js.plateauPage.readAttrs(root, selector, name))  # static/page/board.mjs
    return text.split("\0") if text else []


def morph(root, html: str) -> None:
    """Make ``root``'s children those of ``html`` (markup drawn by a game's
    renderer), changing only the nodes that differ from what is shown: the
    board is updated in place, its unchanged parts neither parsed nor compared
    (static/page/morph.mjs says how)."""
    js.plateauPage.morph(root, html)


def closest(node, selector: str):
    return nn(node.closest(selector)) if hasattr(node, "closest") else None


def button(text: str, fn=None, cls: str = "", **attrs):
    a = {"type": "button", "cls": cls, "text": text}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return el("button", a, on={"click": (lambda e: fn()) if fn else (lambda e: None)})


def download(filename: str, text: str, mime: str = "text/plain") -> None:
    blob = js.Blob.new(to_js([text]), to_js({"type": mime + ";charset=utf-8"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    a = el("a", {"href": url, "download": filename})
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)
