"""Message catalogues: every sentence shown to a player comes from one.

A catalogue is ``{"fr": {key: text}, "en": {key: text}}``; texts use
``str.format`` fields. French is the default language.

>>> cat = {"fr": {"hi": "Bonjour {name}"}, "en": {"hi": "Hello {name}"}}
>>> tr(cat, "en", "hi", name="Ada")
'Hello Ada'
>>> tr(cat, "de", "hi", name="Ada")
'Bonjour Ada'
"""

from __future__ import annotations

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"


def tr(catalogue: dict, lang: str, key: str, **fields) -> str:
    table = catalogue.get(lang) or catalogue[DEFAULT_LANG]
    text = table.get(key)
    if text is None:
        text = catalogue[DEFAULT_LANG].get(key, key)
    return text.format(**fields) if fields else text


def pick(texts: dict, lang: str) -> str:
    """Pick one language out of ``{"fr": ..., "en": ...}``."""
    return texts.get(lang) or texts.get(DEFAULT_LANG) or next(iter(texts.values()))
