"""The shape of Small World's rules as a value.

A :class:`Content` is one race, special power, place, relic or monster: its
numbers (banner or badge tokens, tokens in the box), its names and effect
texts, the functions it runs at the engine's named moments (``hooks``, see
:mod:`content` for the list) and the qualities the engine reads as plain
yes/no (``flags``, see :data:`FLAGS`).

A :class:`Ruleset` is everything one game plays with: its content records
plus the region-level rules that belong to no single record (extra defence,
protected regions, actions by move head, decisions that wait…). It is
immutable: a game's state holds its ruleset, clones share it, and a ruleset
is only ever extended into a new one (:meth:`Ruleset.plus`). Small World
builds its standard ruleset in :mod:`content`; a tournament extends that one
for its own tables, so importing it changes no other game.

This module imports nothing from the game: every content module depends on
it, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Callable, Mapping

#: The qualities a record may carry in ``flags`` (read by the engine with
#: ``SmallWorldState.able``; a race's always count, a power's while active):
FLAGS = {
    "roll_first": "may roll the reinforcement die before choosing a conquest (and then has no final die roll)",
    "stout_decline": "may go In Decline at the end of a normal turn, after scoring",
    "names_peace": "names an opponent it did not attack at the end of its turn (peace until its next turn)",
    "sails": "may conquer and hold the seas and the lake",
    "decline_apart": "its In Decline race is not counted in the one-decline limit",
    "keeps_tokens": "every token stays on the map when the race goes In Decline",
    "conquers_in_decline": "In Decline, still conquers at the start of its player's turn",
    "keeps_badge": "the badge keeps working when the race goes In Decline",
    "once": "a score bonus paid once only (not reported as idle after that)",
}

_EMPTY: Mapping = MappingProxyType({})


def _frozen(d) -> Mapping:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, eq=False)
class Content:
    """One race, power, place, relic or monster."""

    name: str
    kind: str  # "race", "power", "place", "relic" or "monster"
    tokens: int = 0  # a banner's or badge's tokens; a monster's defence
    box: int = 0  # a race: tokens in the box
    extra: int = 0  # tokens for conquering only, taken back after each redeployment (Amazons)
    hooks: Mapping[str, Callable] = field(default_factory=dict)
    flags: frozenset = frozenset()
    names: Mapping[str, str] = field(default_factory=dict)  # lang -> name
    texts: Mapping[str, str] = field(default_factory=dict)  # lang -> effect text

    def __post_init__(self):
        object.__setattr__(self, "hooks", _frozen(self.hooks))
        object.__setattr__(self, "names", _frozen(self.names))
        object.__setattr__(self, "texts", _frozen(self.texts))
        object.__setattr__(self, "flags", frozenset(self.flags))
        unknown = self.flags - set(FLAGS)
        if unknown:
            raise ValueError(f"{self.name}: unknown flags {sorted(unknown)}")


# the region-level tables: name -> what one entry is
TABLES = {
    "defence": "f(st, r, rid) -> extra defence of region r against race rid",
    "cost": "f(st, rid, r) -> change of the cost of r for everyone (not a power: also against power-proof regions)",
    "protect": "f(st, rid, r) -> True: race rid may not touch region r",
    "immune": "f(st, p, r) -> True: region r is immune against player p",
    "powerproof": "f(st, p, r) -> True: player p may not use powers, places or relics on region r",
    "clear": "f(st, r): region r is emptied (abandon, River, a race leaving)",
    "clear_on_conquest": "f(st, r): region r changes hands",
    "no_score": "f(st, rid, r) -> True: region r earns no coin for race rid",
    "moves": "f(st, rid) -> [Move]: conquest moves of the board itself",
    "region_marks": "f(st, r, lang) -> [(kind, label)]: markers drawn on a region",
    "lend": "f(st, rid) -> a power a place lends to race rid, or None",
}
# the tables by key: name -> {key: value}
MAPS = {
    "actions": "move head -> f(st, arg): a move of the conquest or redeploy step",
    "pending": "kind -> (moves(st, d), apply(st, d, text)): a decision that waits (a records.Decision on the step stack, steps.py)",
    "describe": "move head -> f(st, arg, lang) -> fields: the words of a move that need the position",
}


@dataclass(frozen=True, eq=False)
class Ruleset:
    """The rules one game plays with (immutable; see the module's text)."""

    content: Mapping[str, Content] = field(default_factory=dict)
    defence: tuple = ()
    cost: tuple = ()
    protect: tuple = ()
    immune: tuple = ()
    powerproof: tuple = ()
    clear: tuple = ()
    clear_on_conquest: tuple = ()
    no_score: tuple = ()
    moves: tuple = ()
    region_marks: tuple = ()
    lend: tuple = ()
    actions: Mapping[str, Callable] = field(default_factory=dict)
    pending: Mapping[str, tuple] = field(default_factory=dict)
    describe: Mapping[str, Callable] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "content", _frozen(self.content))
        for name in TABLES:
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for name in MAPS:
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        c = self.content
        # read on every hook call: the hooks by key, and the derived sets
        object.__setattr__(self, "hooks", MappingProxyType({k: v.hooks for k, v in c.items() if v.hooks}))
        object.__setattr__(self, "flags", MappingProxyType({k: v.flags for k, v in c.items() if v.flags}))
        # by moment: the records that act then (key -> function), and whether a place or relic is among them
        moments = {}
        for k, v in c.items():
            for moment, f in v.hooks.items():
                moments.setdefault(moment, {})[k] = f
        object.__setattr__(self, "moments", MappingProxyType({
            m: (MappingProxyType(t), any(c[k].kind in ("place", "relic") for k in t)) for m, t in moments.items()}))
        object.__setattr__(self, "keep_badge", frozenset(k for k, v in c.items() if "keeps_badge" in v.flags))
        object.__setattr__(self, "keep_tokens", frozenset(k for k, v in c.items() if "keeps_tokens" in v.flags))
        object.__setattr__(self, "relics", frozenset(k for k, v in c.items() if v.kind == "relic"))

    def plus(self, *parts: "Ruleset") -> "Ruleset":
        """A new ruleset: this one with the records and tables of ``parts``
        added (region-level functions run after this ruleset's own). A record
        or a key that is already there is an error: nothing is replaced."""
        content = dict(self.content)
        kw = {}
        for p in parts:
            for k, v in p.content.items():
                if k in content:
                    raise ValueError(f"{k} is already in the ruleset")
                content[k] = v
        for f in fields(self):
            if f.name == "content":
                continue
            mine = getattr(self, f.name)
            if f.name in TABLES:
                kw[f.name] = mine + tuple(x for p in parts for x in getattr(p, f.name))
            else:
                merged = dict(mine)
                for p in parts:
                    for k, v in getattr(p, f.name).items():
                        if k in merged:
                            raise ValueError(f"{f.name}: {k} is already in the ruleset")
                        merged[k] = v
                kw[f.name] = merged
        return replace(self, content=content, **kw)

    def but(self, *records: Content) -> "Ruleset":
        """A new ruleset where ``records`` take the place of the records of
        the same names (a variant of a race or an item, for a test or a house
        rule)."""
        content = dict(self.content)
        for c in records:
            if c.name not in content:
                raise ValueError(f"{c.name} is not in the ruleset")
            content[c.name] = c
        return replace(self, content=content)

    # -- reading ----------------------------------------------------------
    def of_kind(self, kind: str) -> tuple:
        """The names of the records of one kind, sorted."""
        return tuple(sorted(k for k, v in self.content.items() if v.kind == kind))

    def name(self, key: str, lang: str) -> str:
        c = self.content.get(key)
        if c is None:
            return key
        return c.names.get(lang) or c.names.get("en") or key

    def text(self, key: str, lang: str) -> str:
        c = self.content.get(key)
        if c is None:
            return ""
        return c.texts.get(lang, c.texts.get("en", ""))


def records(kind: str, values: Mapping, names: Mapping, texts: Mapping, hooks: Mapping,
            flags: Mapping = _EMPTY, extra: Mapping = _EMPTY) -> dict:
    """Records of one kind from per-name tables (``values``: a race's
    ``(banner, box)``, a power's badge tokens, or None for a place or relic;
    ``names``/``texts``: lang -> name -> words)."""
    out = {}
    for k, v in values.items():
        tokens, box = (v if isinstance(v, tuple) else (v or 0, 0))
        out[k] = Content(k, kind, tokens, box, extra.get(k, 0), hooks.get(k, {}), flags.get(k, ()),
                         {lang: n[k] for lang, n in names.items() if k in n},
                         {lang: t[k] for lang, t in texts.items() if k in t})
    return out
