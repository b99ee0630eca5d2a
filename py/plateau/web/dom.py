"""Small DOM helpers. Text always goes in through ``textContent``: nothing a
user typed or imported is ever parsed as HTML."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

try:  # JS null arrives as a distinct object in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

document = js.document

_proxies: list = []  # keep event handlers alive


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


def listen(node, event: str, fn) -> None:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    node.addEventListener(event, proxy)


def clear(node) -> None:
    node.replaceChildren()


def nn(x):
    """JS ``null``/``undefined`` as Python ``None``."""
    return None if x is None or x is jsnull else x


def by_id(i: str):
    return nn(document.getElementById(i))


def q(selector: str, root=None):
    return nn((root or document).querySelector(selector))


_read_attrs = None


def attr_values(root, selector: str, name: str) -> list:
    """The values of attribute ``name`` on the nodes under ``root`` that match
    ``selector``, read in one call into the page (a call per node costs tens
    of microseconds, and a board has hundreds of targets)."""
    global _read_attrs
    if _read_attrs is None:
        _read_attrs = js.Function.new(
            "root", "sel", "name",
            "return Array.from(root.querySelectorAll(sel), (n) => n.getAttribute(name) || '').join('\\u0000');")
    text = str(_read_attrs(root, selector, name))
    return text.split("\0") if text else []


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
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)
