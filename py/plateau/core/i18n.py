"""Message catalogues: every sentence shown to a player comes from one.

A catalogue is ``{"fr": {key: text}, "en": {key: text}}``; texts use
``str.format`` fields. French is the default language.

>>> cat = {"fr": {"hi": "Bonjour {name}"}, "en": {"hi": "Hello {name}"}}
>>> tr(cat, "en", "hi", name="Ada")
'Hello Ada'
>>> tr(cat, "de", "hi", name="Ada")
'Bonjour Ada'

Two format specs keep sentences grammatical whatever the fields hold:

* ``{n:@soldat|soldats}`` — the singular or the plural form for the number
  ``n`` (French: 0 and 1 take the singular; English: only 1 does);
* ``{name:de}`` — the word ``de`` (or ``le``, ``la``, ``que``, ``ne``, ``je``,
  ``ce``, ``si`` before ``il``) then the field, elided before a vowel or a
  mute h: ``d'Alice``, ``de Bruno``.

>>> cat = {"fr": {"t": "le trésor {p:de} ({n} {n:@soldat|soldats})"},
...        "en": {"t": "{p}'s treasure ({n} {n:@soldier|soldiers})"}}
>>> tr(cat, "fr", "t", p="Alice", n=2)
"le trésor d'Alice (2 soldats)"
>>> tr(cat, "fr", "t", p="Bruno", n=0)
'le trésor de Bruno (0 soldat)'
>>> tr(cat, "en", "t", p="Ann", n=0)
"Ann's treasure (0 soldiers)"
"""

from __future__ import annotations

import re

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"

_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæ")
#: words whose h is aspirated: no elision before them ("le héros", "de Hugues")
H_ASPIRE = frozenset({
    "hache", "haie", "haine", "halte", "hameau", "hanche", "hangar", "hardi", "harpe", "hasard",
    "haut", "haute", "hauteur", "héros", "hibou", "hollandais", "honte", "huit", "hurler", "hutte",
    "hugues", "hubert",
})
#: the words that elide (``si`` only before ``il``/``ils``)
ELIDING = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "ne": "n'", "je": "j'", "ce": "c'",
           "me": "m'", "te": "t'", "se": "s'", "si": "s'"}


def starts_with_vowel_sound(word: str) -> bool:
    """True when French elides before ``word``: a vowel or a mute h.

    >>> [starts_with_vowel_sound(w) for w in ("Alice", "Hélène", "héros", "Bruno", "Yves", "")]
    [True, True, False, False, True, False]
    """
    w = word.strip().lower()
    if not w:
        return False
    if w[0] in _VOWELS:
        return True
    if w[0] == "h":
        first = w.split()[0].strip(".,;:!?")
        return len(w) > 1 and w[1] in _VOWELS and first not in H_ASPIRE
    return False


def elide(little: str, word: str) -> str:
    """``little`` (de, le, la, que…) followed by ``word``, elided when French
    asks for it.

    >>> elide("de", "Armadora"), elide("de", "Thud"), elide("que", "Ann"), elide("le", "héros")
    ("d'Armadora", 'de Thud', "qu'Ann", 'le héros')
    >>> elide("si", "il"), elide("si", "elle"), elide("De", "Ève")
    ("s'il", 'si elle', "D'Ève")
    >>> elide("de", "les Orks"), elide("de", "le héros"), elide("de", "Léa")
    ('des Orks', 'du héros', 'de Léa')
    """
    low = little.lower()
    art = word.split(" ", 1)
    if len(art) == 2:
        # contracted articles: de les → des, de le → du, à les → aux, à le → au
        merged = {("de", "les"): "des", ("de", "le"): "du", ("à", "les"): "aux", ("à", "le"): "au"}
        m = merged.get((low, art[0].lower()))
        if m is not None:
            if little[:1].isupper():
                m = m.capitalize()
            return f"{m} {art[1]}"
    short = ELIDING.get(low)
    if short is None:
        return f"{little} {word}"
    if low == "si":
        ok = word.split()[:1] in (["il"], ["ils"])
    else:
        ok = starts_with_vowel_sound(word)
    if not ok:
        return f"{little} {word}"
    if little[:1].isupper():
        short = short[0].upper() + short[1:]
    return short + word


def plural(n, one: str, many: str, lang: str = DEFAULT_LANG) -> str:
    """The form of a noun for ``n``: French uses the singular for 0 and 1
    (and any number below 2), English only for exactly 1.

    >>> plural(0, "soldat", "soldats"), plural(1, "soldat", "soldats"), plural(2, "soldat", "soldats")
    ('soldat', 'soldat', 'soldats')
    >>> plural(0, "dwarf", "dwarfs", "en"), plural(1, "dwarf", "dwarfs", "en")
    ('dwarfs', 'dwarf')
    """
    if lang == "fr":
        return one if abs(n) < 2 else many
    return one if n == 1 else many


def count(n, one: str, many: str, lang: str = DEFAULT_LANG) -> str:
    """``n`` followed by the right form: ``count(2, "soldat", "soldats")``
    gives ``'2 soldats'``.

    >>> count(1, "trésor", "trésors"), count(3, "unit", "units", "en")
    ('1 trésor', '3 units')
    """
    return f"{n} {plural(n, one, many, lang)}"


def fmt(text: str, lang: str = DEFAULT_LANG, **fields) -> str:
    """``text.format(**fields)`` that also understands the plural and
    elision specs described above.

    >>> fmt("Nouvelle partie {g:de}", g="Armadora")
    "Nouvelle partie d'Armadora"
    >>> fmt("{n} {n:@unit|units}", "en", n=1)
    '1 unit'
    """
    plan = _PLANS.get(text)
    if plan is None:
        if len(_PLANS) > 4096:  # catalogue texts are few; keep the cache small anyway
            _PLANS.clear()
        plan = _PLANS[text] = _plan(text)
    template, specials = plan
    if specials:  # plural or elision fields become extra plain fields
        fields = dict(fields)
        for slot, name, spec in specials:
            v = fields[name]
            if spec[0] == "@":
                one, many = spec[1:].split("|", 1)
                fields[slot] = plural(v, one, many, lang)
            else:
                fields[slot] = elide(spec, str(v))
    return template.format(**fields)


#: a field with a plural (``@one|many``) or elision (``de``, ``le``…) spec
_SPEC_RE = re.compile(r"\{([^{}:]+):(@[^{}|]*\|[^{}]*|[A-Za-zÀ-ÿ]{1,3})\}")
_PLANS: dict = {}


def _plan(text: str) -> tuple:
    """``text`` with each special field replaced by a plain slot
    (``{_s0}``…), and the slots' ``(slot, field, spec)``; cached per text."""
    specials = []

    def slot(m):
        spec = m.group(2)
        if spec[0] != "@" and spec.lower() not in ELIDING:
            return m.group(0)
        name = f"_s{len(specials)}"
        specials.append((name, m.group(1), spec))
        return "{" + name + "}"

    return _SPEC_RE.sub(slot, text), tuple(specials)


def tr(catalogue: dict, lang: str, key: str, **fields) -> str:
    table = catalogue.get(lang)
    text = table.get(key) if table else None
    if text is None:
        text = catalogue[DEFAULT_LANG].get(key, key)
        lang = DEFAULT_LANG
    return fmt(text, lang, **fields) if fields else text


def pick(texts: dict, lang: str) -> str:
    """Pick one language out of ``{"fr": ..., "en": ...}``."""
    return texts.get(lang) or texts.get(DEFAULT_LANG) or next(iter(texts.values()))
