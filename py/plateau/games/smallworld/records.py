"""The typed records of a Small World position.

A :class:`Race` is one race in play for one player: its banner and badge,
whether it is In Decline, and its tokens off the map. Every field any rule
uses is declared here (Underground's and the tournament's too), so that a
record is copied field by field (:meth:`Race.copy`) and a misspelt field is
an error, not a new key.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from operator import attrgetter
from typing import Any, Callable

from plateau.core.rng import Rng

#: ``owner[r]`` of a region nobody holds, and of a Lost Tribe region
EMPTY = -1
LT = -2


@dataclass(slots=True)
class Race:
    id: int
    p: int  #: the player it belongs to
    race: str
    power: str | None
    dec: bool = False  #: In Decline
    hand: int = 0  #: tokens in hand
    parked: int = 0  #: tokens taken off until its next turn (Amazons' 4, rules notes §1.8)
    holes: int = 0  #: Holes-in-the-Ground the Halflings have used
    spirit: bool = False  #: its decline does not make the older one leave (Spirit)
    extra: int = 0  #: tokens in hand or on the map that are not race tokens (Silver Hammers)
    lost: int = 0  #: tokens lost for good, back in the box (the Snow Thing)
    scored: bool = False  #: has scored at least once (bonuses paid "once")
    seat: int | None = None  #: in a tournament, the seat it went In Decline from (§3.4)
    age: int | None = None  #: in a tournament, when it went In Decline (the oldest scores first)

    def copy(self) -> Race:  # replaced below by one generated from the fields
        return Race(*_ALL(self))

    def public(self) -> dict:
        """What every player sees of it (a view's ``recs``)."""
        out = {"p": self.p, "race": self.race, "power": self.power, "dec": self.dec, "hand": self.hand,
               "parked": self.parked, "holes": self.holes, "spirit": self.spirit, "extra": self.extra}
        if self.lost:
            out["lost"] = self.lost
        return out


@dataclass(slots=True)
class Turn:
    """The turn in play (a position's ``tp``): what it conquered and used so
    far. A misspelt key is an error. The first ten are there from the
    turn's start; the others (``None`` until a rule sets them) appear in
    the view's ``turn_state`` only once set, as when the turn was a dict."""

    conq: list[list[int | bool]] = field(default_factory=list)  #: [region, taken from a player], in order
    conq_rid: dict[int, int] = field(default_factory=dict)  #: region -> the race that conquered it
    attacked: list[int] = field(default_factory=list)  #: players attacked this turn
    dragon: bool = False  #: the Dragon was used
    fort: bool = False  #: a Fortress was put down
    sorc: list[int] = field(default_factory=list)  #: players the Sorcerers took a token from
    roll: int | None = None  #: a die rolled in advance (Berserk)
    fresh: bool = True  #: no conquest yet (a race may still go In Decline)
    ghoul: bool = False  #: an In Decline race conquers before the active one
    die: list[int | bool] | None = None  #: the final conquest's die: [region, face, success]
    readied: dict[int, int] | None = None  #: region -> tokens left there when taken in hand
    rd: dict[str, list[int]] | None = None  #: the redeployment's moves (revision 1): "from", "to", "camp_to"
    relics: list[str] | None = None  #: relics and items used this turn
    sc: dict[str, int] | None = None  #: where the Scepter (or the Bag copying it) went
    vamp: list[int] | None = None  #: regions the Vampires took a token from
    balrog: bool | None = None  #: the Balrog was moved
    skull: int | None = None  #: a tournament's Skull: the region to attempt first
    skull_turn: bool | None = None
    skull_done: bool | None = None

    def as_dict(self) -> dict:
        """The turn as a view carries it (``turn_state``): a copy."""
        out = {}
        for k in _TURN_ALWAYS:
            out[k] = deep_copy(getattr(self, k))
        for k in _TURN_SOMETIMES:
            v = getattr(self, k)
            if v is not None:
                out[k] = deep_copy(v)
        return out

    # Read and written by key too (``tp["attacked"]``, ``tp.get("skull")``),
    # as the tournament's clock does: a key the turn does not declare is a
    # KeyError, never a new key.
    def __getitem__(self, key: str):
        if key not in _TURN_KEYS:
            raise KeyError(key)
        return getattr(self, key)

    def __setitem__(self, key: str, value) -> None:
        if key not in _TURN_KEYS:
            raise KeyError(key)
        setattr(self, key, value)

    def get(self, key: str, default=None):
        """The key's value, ``default`` while a rule has not set it."""
        v = self[key]
        return default if v is None else v

    @classmethod
    def from_dict(cls, d: dict) -> Turn:
        """A turn from a view's ``turn_state`` (an unknown key is an error)."""
        return cls(**deep_copy(d))


_TURN_ALWAYS = ("conq", "conq_rid", "attacked", "dragon", "fort", "sorc", "roll", "fresh", "ghoul", "die")
_TURN_SOMETIMES = ("readied", "rd", "relics", "sc", "vamp", "balrog", "skull", "skull_turn", "skull_done")
_TURN_KEYS = frozenset(_TURN_ALWAYS + _TURN_SOMETIMES)
assert _TURN_ALWAYS + _TURN_SOMETIMES == tuple(f.name for f in fields(Turn))


class Phase(StrEnum):
    """The part of a turn the table is in when no decision waits (a state's
    ``phase``): its member decides the moves (``rules.PHASES``). A member,
    not a string, so a misspelt phase is an error where it is written; it
    equals its value, which is what a view shows (``"conquer"``)."""

    NONE = ""  #: before the first turn starts
    PICK = "pick"
    CONQUER = "conquer"
    REDEPLOY = "redeploy"
    DIPLOMAT = "diplomat"
    STOUT = "stout"
    DEFEND = "defend"
    OVER = "over"
    IDLE = "idle"  #: a tournament's table between two of its turns


class Step(str, Enum):
    """Where a turn goes on once the decisions it waits for are taken (a
    :class:`Resume` on the step stack; ``rules.RESUME`` says what each does).
    A member, not a string, so a misspelt step is an error where it is
    written; its value is what a view shows (``"defend"``, ``"picked:2"``
    with :meth:`at`)."""

    PICKED = "picked"  #: the ``picked`` effects go on, from the i-th
    AFTER_REDEPLOY = "after_redeploy"
    DEFEND = "defend"
    DECLINE_SCORE = "decline_score"

    def at(self, arg) -> str:
        """The step with its argument (``picked:2``)."""
        return f"{self.value}:{arg}"


@dataclass(frozen=True, slots=True)
class Resume:
    """A step of the turn's stack: the rest of a piece of the turn that
    decisions interrupted (the ``picked`` effects from the ``arg``-th on,
    the redeployment's end, the defence, a decline's score). It runs when
    the decisions above it are taken. Immutable: clones share it."""

    step: Step
    arg: int | None = None

    @property
    def text(self) -> str:
        """How a view writes it (a decision's ``then``: ``"defend"``, ``"picked:2"``)."""
        return self.step.value if self.arg is None else self.step.at(self.arg)

    @classmethod
    def parse(cls, text: str) -> Resume:
        """The step a view's ``then`` names; an unknown one is a ValueError."""
        if isinstance(text, Step):
            return cls(text)
        step, sep, arg = text.partition(":")
        return cls(Step(step), int(arg) if sep else None)


class Decision(dict):
    """A step of the turn's stack: a decision player ``self["p"]`` must take
    (``self["kind"]``, a kind of the ruleset's ``pending``) with its details
    (the Knight's draw, the regions a relic may go to…). Its moves and
    their effect are the ruleset's; it is read and written by key, as a
    view carries it."""

    __slots__ = ()

    def copy(self) -> Decision:
        return Decision(_copy_dict(self))


class _Unset:
    """A key of :class:`Effects` no rule has set (nor deleted since)."""

    __slots__ = ()

    def __repr__(self):
        return "UNSET"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


UNSET = _Unset()


@dataclass(slots=True)
class Effects:
    """What the Underground's and the tournament's effects remember between
    turns (a position's ``x``), public like the markers on the table. It is
    read and written by key as a mapping (``st.x["ghost"]``,
    ``st.x.get("bag")``, ``del st.x["ancient"]``), but only the keys declared
    here exist: a misspelt one is a KeyError, never a new key. A key no rule
    has set is absent from the view's ``x``, as when it was a dict (a key set
    to ``None`` is there: the Bag once lost)."""

    ghost: int | _Unset = UNSET  #: the Crypt's ghost: region, -1 once gone (ug_items)
    balrog: int | _Unset = UNSET  #: the Balrog's region (ug_items)
    stonehedge: list | _Unset = UNSET  #: [power, region] once Stonehedge is found
    bag: dict | None | _Unset = UNSET  #: the Magic race's Bag: {"rid", "r", "copy"}, None once lost
    ancient: list[int] | _Unset = UNSET  #: [rid, region] of the Cultists' Great Ancient (ug_races)
    ancient_moved: list[int] | _Unset = UNSET  #: [turn, player] of its last move
    volcano: int | _Unset = UNSET  #: the chasm holding the Volcano (Flames)
    hammers: list[int] | _Unset = UNSET  #: [rid, n]: the Iron Dwarves' Silver Hammers in reserve
    queen: dict[str, int] | _Unset = UNSET  #: {str(rid): region}: the Queen (ug_powers)
    armor: dict[str, int] | _Unset = UNSET  #: {str(region): shields} (ug_powers)
    vengeance: dict[str, list[int]] | _Unset = UNSET  #: {str(p): [q, …]}: Vengeful markers held
    mirror_used: int | _Unset = UNSET  #: the turn the tournament's Mirror was last used
    temple_used: int | _Unset = UNSET  #: the turn the tournament's Temple was last used

    def _key(self, key: str) -> str:
        if key not in _EFFECT_KEYS:
            raise KeyError(f"Small World: no effect memory named {key!r}")
        return key

    def __getitem__(self, key: str):
        v = getattr(self, self._key(key))
        if v is UNSET:
            raise KeyError(key)
        return v

    def __setitem__(self, key: str, value) -> None:
        setattr(self, self._key(key), value)

    def __delitem__(self, key: str) -> None:
        self[key]  # noqa: B018 (a KeyError if not set)
        setattr(self, key, UNSET)

    def __contains__(self, key: str) -> bool:
        return getattr(self, self._key(key)) is not UNSET

    def get(self, key: str, default=None):
        if key not in _EFFECT_KEYS:  # (inline: asked per region while listing targets)
            self._key(key)
        v = getattr(self, key)
        return default if v is UNSET else v

    def setdefault(self, key: str, default):
        v = getattr(self, self._key(key))
        if v is UNSET:
            setattr(self, key, default)
            return default
        return v

    def update(self, other=(), **kw) -> None:
        for k, v in dict(other, **kw).items():
            self[k] = v

    def as_dict(self) -> dict:
        """The memory as a view carries it (``x``): the keys set, copied."""
        out = {}
        for k in _EFFECT_ORDER:
            v = getattr(self, k)
            if v is not UNSET:
                out[k] = deep_copy(v)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> Effects:
        """The memory from a view's ``x`` (an unknown key is an error)."""
        e = cls()
        e.update(deep_copy(d))
        return e


_EFFECT_ORDER = tuple(f.name for f in fields(Effects))
_EFFECT_KEYS = frozenset(_EFFECT_ORDER)


_ALL = attrgetter(*(f.name for f in fields(Race)))  # every field, in order (read in C)


# -- copying a position ------------------------------------------------------

#: values that never change once in a position (a tuple is written whole: a
#: log entry, a region's neighbours or symbols)
VALUES = frozenset((int, str, bool, float, type(None), tuple, frozenset, Phase, Step, Resume))


def deep_copy(x):
    """A copy of ``x`` that shares nothing mutable with it (lists, dicts,
    sets, records with a ``copy`` and generators are copied; numbers,
    strings, tuples, frozensets and the game's fixed objects are shared).
    It looks at every value it meets: the slow path, for fields whose type
    says only "a dict" or "a list"."""
    f = _COPY.get(type(x))
    return x if f is None else f(x)


def _copy_list(x):
    if set(map(type, x)) <= VALUES:  # a board array, the log: copied in C
        return list(x)
    return [v if v.__class__ in VALUES else deep_copy(v) for v in x]


def _copy_dict(x):
    return {k: v if v.__class__ in VALUES else deep_copy(v) for k, v in x.items()}


_COPY: dict[type, Callable] = {
    list: _copy_list,
    dict: _copy_dict,
    set: set,
    Race: Race.copy,
    Rng: Rng.copy,
    Decision: Decision.copy,
}


def copies_with(cls: type, how: Callable) -> None:
    """Objects of ``cls`` are copied by ``how`` (a record's own ``copy``)."""
    _COPY[cls] = how


def _copier(t, shared: tuple) -> Callable | None:
    """How a field declared of type ``t`` is copied so that the copy shares
    nothing mutable: ``None`` when its value is shared as it is (a value, or
    one of the ``shared`` kinds that never change during a game)."""
    if t in VALUES or t is type(None) or (isinstance(t, type) and issubclass(t, shared)):
        return None
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin in (typing.Union, types.UnionType):
        parts = [_copier(a, shared) for a in args]
        if all(f is None for f in parts):
            return None
        rest = [f for f, a in zip(parts, args) if a is not type(None)]
        if len(rest) == 1 and rest[0] is not None:  # X | None
            f = rest[0]
            return lambda x: None if x is None else f(x)
        return deep_copy
    if typing.is_typeddict(t):
        return _typeddict_copier(t, shared)
    if origin is tuple:
        if all(_copier(a, shared) is None for a in args if a is not Ellipsis):
            return None
        return deep_copy
    if origin is list:
        inner = _copier(args[0], shared)
        if inner is None:
            return list.copy
        if inner is list.copy:
            return lambda x: [v.copy() for v in x]
        if inner is deep_copy:
            return _copy_list
        return lambda x: [inner(v) for v in x]
    if origin is dict:
        inner = _copier(args[1], shared)
        if inner is None:
            return dict.copy
        if inner is list.copy:
            return lambda x: {k: v.copy() for k, v in x.items()}
        if inner is deep_copy:
            return _copy_dict
        return lambda x: {k: inner(v) for k, v in x.items()}
    if origin is set or t is set:
        return set.copy
    if t in _COPY and t not in (list, dict):
        return _COPY[t]
    if t is list:  # contents not declared: looked at value by value
        return _copy_list
    if t is dict:
        return _copy_dict
    if t is Any:
        return deep_copy
    raise TypeError(f"no way to copy a field of type {t!r}: declare it with its contents")


def _field_expr(k: str, f: Callable | None, env: dict, src: str, item: bool = False) -> str:
    """The expression copying field ``k`` of ``src`` (an attribute, or with
    ``item`` a key) in generated code."""
    if not k.isidentifier():
        raise ValueError(f"not a field name: {k!r}")
    get = f"{src}[{k!r}]" if item else f"{src}.{k}"
    if f is None:
        return get
    if f in (list.copy, dict.copy, set.copy):
        return f"{get}.copy()"
    env[f"copy_{k}"] = f
    return f"copy_{k}({get})"


def _typeddict_copier(t, shared: tuple) -> Callable:
    """Copies a mapping declared as a TypedDict: each key present as its
    type says (generated code), a key it does not declare by :func:`deep_copy`."""
    hints = typing.get_type_hints(t)
    env: dict[str, Any] = {"declared": frozenset(hints), "slow": _copy_dict}
    lines = ["def copy(x):", "    if not x.keys() <= declared:", "        return slow(x)", "    d = x.copy()"]
    for k, kt in hints.items():
        f = _copier(kt, shared)
        if f is not None:
            lines.append(f"    if {k!r} in d: d[{k!r}] = {_field_expr(k, f, env, 'd', item=True)}")
    lines.append("    return d")
    exec("\n".join(lines), env)
    return env["copy"]


def record_copier(cls: type, shared: tuple = ()) -> Callable:
    """A ``copy`` method for a slotted dataclass, generated from its fields:
    each is set on a new object as its declared type says (faster than
    calling the class with every field)."""
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = ["def copy(self):", "    o = new(cls)"]
    for f in fields(cls):
        lines.append(f"    o.{f.name} = {_field_expr(f.name, _copier(hints[f.name], shared), env, 'self')}")
    lines.append("    return o")
    exec("\n".join(lines), env)
    fn = env["copy"]
    fn.__doc__ = f"A copy of this {cls.__name__} that shares nothing mutable with it."
    return fn


class Copier:
    """Copies an object field by field as its class declares them (its
    annotations): a field of values is shared, a list of values copied in C,
    a race record by :meth:`Race.copy`… Built once per class from the
    declarations, so a field added to the class (declared with its type) is
    copied without any list of names to keep; an attribute the class does
    not declare is still copied, by :func:`deep_copy`.

    The copy is one generated function with a line per field that needs
    one (a position is cloned thousands of times in a computer player's
    search); an object missing a declared field takes a slower loop."""

    def __init__(self, cls: type, shared: tuple = ()):
        hints = typing.get_type_hints(cls)
        own = cls.__dict__.get("__annotations__", {})
        self.declared = frozenset(hints)
        plan = []
        for k, t in hints.items():
            if typing.get_origin(t) is typing.ClassVar:
                continue
            try:
                f = _copier(t, shared)
            except TypeError:
                if k in own:
                    raise
                f = deep_copy  # declared by a base class in terms this copier does not know
            if f is not None:
                plan.append((k, f))
        self.plan = tuple(plan)
        env: dict[str, Any] = {"new": object.__new__, "cls": cls}
        lines = ["def fast(obj):", "    d = obj.__dict__.copy()"]
        for k, f in self.plan:
            guard = ""
            if hasattr(cls, k):  # a class default: set on the object only at times
                guard = f"if {k!r} in d: "
            expr = _field_expr(k, f, env, "d", item=True)
            lines.append(f"    {guard}d[{k!r}] = {expr}")
        lines += ["    return d"]
        exec("\n".join(lines), env)
        self._fast = env["fast"]

    def __call__(self, obj):
        try:
            d = self._fast(obj)
        except KeyError:  # a declared field not set on this object
            d = obj.__dict__.copy()
            for k, f in self.plan:
                if k in d:
                    d[k] = f(d[k])
        if not d.keys() <= self.declared:
            for k in d.keys() - self.declared:
                d[k] = deep_copy(d[k])
        new = object.__new__(type(obj))
        new.__dict__ = d
        return new


Race.copy = record_copier(Race)
_COPY[Race] = Race.copy
Turn.copy = record_copier(Turn)
_COPY[Turn] = Turn.copy
Effects.copy = record_copier(Effects, (_Unset,))
_COPY[Effects] = Effects.copy
