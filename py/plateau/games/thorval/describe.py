"""Thorval's moves in words ("Attaque totale de IV/6 sur IV/4").

A move's text is the record's notation (see :mod:`.rules`); the sentence is
built from it and from the position before the move, which names the
players concerned (whose treasure is hidden or moved, whose unit the ring
takes). Treasures are face down for everyone alike, so no sentence names a
treasure's kind.
"""

from __future__ import annotations

from . import board as B
from .catalogue import t

TEXTS = {
    "fr": {
        "mv.soldier": "Un soldat en {case}",
        "mv.hide": "Cache un trésor {owner:de} en {case}",
        "mv.ten": "10 soldats en {case}",
        "mv.ten_sp": "10 soldats en {case}, dont {sp}",
        "mv.ten_two": "10 soldats en {case}, dont {sp} ; {sp2} en {case2}",
        "mv.place": "Pose {n} {n:@soldat|soldats} en {case}",
        "mv.place_sp": "{sp} en {case} (pour 2 soldats)",
        "mv.arrive": "{n} {n:@soldat arrive|soldats arrivent} en {case}",
        "mv.arrive_sp": "{sp} et {n} {n:@soldat|soldats} arrivent en {case}",
        "mv.arrive_sp0": "{sp} arrive en {case} (pour 2 soldats)",
        "mv.no_aid": "Pas d'aide du médiateur",
        "mv.aid": "Aide du médiateur : {aid}",
        "mv.tmove": "Déplace un trésor {owner:de} de {src} à {tgt}",
        "mv.attack": "{mode} de {src} sur {tgt}{via}",
        "mv.pass": "Pas d'attaque",
        "mv.none": "Pas d'attaque supplémentaire",
        "mv.bring": "Amène {n} {n:@soldat|soldats} de {src}",
        "mv.bring_sp": "Amène {sp} en {case}",
        "mv.fight": "Combat",
        "mv.go": "Continue le combat",
        "mv.stop": "Interrompt l'attaque",
        "mv.lose": "Perd {n} {n:@soldat|soldats}",
        "mv.lose_sp": "Perd {sp}",
        "mv.lose_sp_n": "Perd {sp} et {n} {n:@soldat|soldats}",
        "mv.occupy": "Occupe avec {n} {n:@unité|unités}",
        "mv.occupy_sp": "Occupe avec {sp}",
        "mv.occupy_sp_n": "Occupe avec {sp} et {n} {n:@soldat|soldats}",
        "mv.ring": "Anneau : prend un soldat {victim:de} en {case}",
        "mv.ring_sp": "Anneau : prend {sp} {victim:de} en {case}",
        "Mode.total": "Attaque totale",
        "Mode.partial": "Attaque partielle",
        "Mode.free": "Attaque",
        "Sp.hero": "Le héros",
        "Sp.mage": "Le petit magicien",
    },
    "en": {
        "mv.soldier": "A soldier on {case}",
        "mv.hide": "Hides one of {owner}'s treasures on {case}",
        "mv.ten": "10 soldiers on {case}",
        "mv.ten_sp": "10 soldiers on {case}, {sp} among them",
        "mv.ten_two": "10 soldiers on {case}, {sp} among them; {sp2} on {case2}",
        "mv.place": "Places {n} {n:@soldier|soldiers} on {case}",
        "mv.place_sp": "{sp} on {case} (for 2 soldiers)",
        "mv.arrive": "{n} {n:@soldier arrives|soldiers arrive} on {case}",
        "mv.arrive_sp": "{sp} and {n} {n:@soldier|soldiers} arrive on {case}",
        "mv.arrive_sp0": "{sp} arrives on {case} (for 2 soldiers)",
        "mv.no_aid": "No aid from the mediator",
        "mv.aid": "Mediator's aid: {aid}",
        "mv.tmove": "Moves one of {owner}'s treasures from {src} to {tgt}",
        "mv.attack": "{mode} from {src} on {tgt}{via}",
        "mv.pass": "No attack",
        "mv.none": "No extra attack",
        "mv.bring": "Brings {n} {n:@soldier|soldiers} from {src}",
        "mv.bring_sp": "Brings {sp} to {case}",
        "mv.fight": "Fight",
        "mv.go": "Fights on",
        "mv.stop": "Breaks off the attack",
        "mv.lose": "Loses {n} {n:@soldier|soldiers}",
        "mv.lose_sp": "Loses {sp}",
        "mv.lose_sp_n": "Loses {sp} and {n} {n:@soldier|soldiers}",
        "mv.occupy": "Occupies with {n} {n:@unit|units}",
        "mv.occupy_sp": "Occupies with {sp}",
        "mv.occupy_sp_n": "Occupies with {sp} and {n} {n:@soldier|soldiers}",
        "mv.ring": "Ring: takes a soldier of {victim} on {case}",
        "mv.ring_sp": "Ring: takes {victim}'s {spn} on {case}",
        "Mode.total": "Total attack",
        "Mode.partial": "Partial attack",
        "Mode.free": "Attack",
        "Sp.hero": "The hero",
        "Sp.mage": "The small magician",
    },
}

SP = {"H": "hero", "M": "mage", "hero": "hero", "mage": "mage"}


def _t(lang: str, key: str, **fields) -> str:
    from plateau.core.i18n import tr

    return tr(TEXTS, lang, key, **fields)


def describe(state, text: str, viewer=None, lang: str = "fr") -> str:
    """``text`` played from ``state`` (unchanged), in words.

    >>> from plateau.games.thorval import GAME
    >>> s = GAME.start(["Ann", "Bob"], {}, seed=1)
    >>> describe(s, s.legal_moves()[0].text, 0, "fr").startswith("Un soldat en ")
    True
    >>> describe(s, "IV/6>IV/4 total", None, "fr"), describe(s, "lose 4", None, "en")
    ('Attaque totale de IV/6 sur IV/4, par un pont', 'Loses 4 soldiers')
    """
    d = state.dec or {}
    players = state.players
    word = text.split(" ")
    sp = lambda k: t(lang, "sp." + SP[k])  # noqa: E731
    Sp = lambda k: _t(lang, "Sp." + SP[k])  # noqa: E731
    if text in B.INDEX:
        return _t(lang, "mv.soldier", case=text)
    head = word[0]
    if head == "hide":
        owner = d.get("owner")
        return _t(lang, "mv.hide", owner=players[owner] if owner is not None else "?", case=word[1])
    if head == "10":
        if len(word) == 2:
            return _t(lang, "mv.ten", case=word[1])
        if len(word) == 3:
            return _t(lang, "mv.ten_sp", case=word[1], sp=sp(word[2]))
        k2, case2 = word[3].split(":", 1)
        return _t(lang, "mv.ten_two", case=word[1], sp=sp(word[2]), sp2=sp(k2), case2=case2)
    if head[:1] == "+" and "<" in head:
        n, src = head[1:].split("<", 1)
        return _t(lang, "mv.bring", n=int(n), src=src)
    if head[:1] == "+" and len(word) == 2:
        k = head[1:]
        if k.isdigit():
            return _t(lang, "mv.place", n=int(k), case=word[1])
        return _t(lang, "mv.place_sp", sp=Sp(k), case=word[1])
    if head[:1] == "+":
        parts = head[1:].split("+")
        case = B.NAMES[d["case"]] if d.get("case", -1) >= 0 else "?"
        if parts[0].isdigit():
            return _t(lang, "mv.arrive", n=int(parts[0]), case=case)
        n = int(parts[1]) if len(parts) > 1 else 0
        if n:
            return _t(lang, "mv.arrive_sp", sp=Sp(parts[0]), n=n, case=case)
        return _t(lang, "mv.arrive_sp0", sp=Sp(parts[0]), case=case)
    if text == "no aid":
        return _t(lang, "mv.no_aid")
    if head == "aid":
        return _t(lang, "mv.aid", aid=t(lang, "aidname." + word[1]))
    if head == "treasure":
        src, tgt = word[1].split(">", 1)
        tre = state.treasure_at(B.INDEX[src]) if src in B.INDEX else None
        owner = players[tre[0]] if tre is not None else "?"
        return _t(lang, "mv.tmove", owner=owner, src=src, tgt=tgt)
    if text in ("pass", "none", "fight", "go", "stop"):
        return _t(lang, "mv." + text)
    if head in ("hero>", "mage>") or head.startswith(("hero>", "mage>")):
        k, case = head.split(">", 1)
        return _t(lang, "mv.bring_sp", sp=sp(k), case=case)
    if head == "lose":
        parts = word[1].split("+")
        if parts[0].isdigit():
            return _t(lang, "mv.lose", n=int(parts[0]))
        n = int(parts[1]) if len(parts) > 1 else 0
        if n:
            return _t(lang, "mv.lose_sp_n", sp=sp(parts[0]), n=n)
        return _t(lang, "mv.lose_sp", sp=sp(parts[0]))
    if head == "occupy":
        parts = word[1].split("+")
        if parts[0].isdigit():
            return _t(lang, "mv.occupy", n=int(parts[0]))
        n = int(parts[1]) if len(parts) > 1 else 0
        if n:
            return _t(lang, "mv.occupy_sp_n", sp=sp(parts[0]), n=n)
        return _t(lang, "mv.occupy_sp", sp=sp(parts[0]))
    if head == "ring":
        case = word[1]
        c = B.INDEX.get(case)
        victim = players[state.own[c]] if c is not None and state.own[c] >= 0 else "?"
        if len(word) > 2:
            key = SP[word[2]]
            spn = t(lang, "sp." + key)
            if lang == "en":
                spn = spn.removeprefix("the ")
            return _t(lang, "mv.ring_sp", sp=spn, spn=spn, victim=victim, case=case)
        return _t(lang, "mv.ring", victim=victim, case=case)
    for sym, via in ((">", None), ("~", "boat")):
        if sym in head:
            src, tgt = head.split(sym, 1)
            if src in B.INDEX and tgt in B.INDEX:
                mode = word[1] if len(word) > 1 else "free"
                if via is None:
                    link = B.link(B.INDEX[src], B.INDEX[tgt])
                    via = link if link in ("bridge", "tunnel") else "land"
                return _t(lang, "mv.attack", mode=_t(lang, "Mode." + mode), src=src, tgt=tgt,
                          via=t(lang, "via." + via))
    return text
