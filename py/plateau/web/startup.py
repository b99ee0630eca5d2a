"""Start-up input that comes from outside the app: the query string.

Pure Python (tests run it natively). Nothing here raises on odd input: a
stray ``%`` (``?utm=50%off``, ``?embed=%``) is kept as it is instead of
stopping the app before it can say anything.
"""

from __future__ import annotations

from urllib.parse import unquote


def parse_query(search: str) -> dict:
    """``?a=1&b`` -> ``{"a": "1", "b": ""}``; malformed escapes are kept
    literally, invalid UTF-8 becomes U+FFFD."""
    out: dict = {}
    for part in str(search or "").lstrip("?").split("&"):
        if part:
            k, _, v = part.partition("=")
            out[_unquote(k)] = _unquote(v)
    return out


def _unquote(text: str) -> str:
    return unquote(text.replace("+", " "), errors="replace")


def choose_lang(stored, query: dict, browser: str, langs=("fr", "en")) -> str:
    """The page's language: the one the visitor chose (``stored``), else the
    one a link or embed was made in (``?lang=``), else the browser's: French
    for ``fr`` and ``fr-*``, English otherwise."""
    if stored in langs:
        return stored
    if query.get("lang") in langs:
        return query["lang"]
    return "fr" if str(browser or "").lower().split("-")[0] == "fr" else "en"
