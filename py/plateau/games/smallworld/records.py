"""The typed records of a Small World position.

A :class:`Race` is one race in play for one player: its banner and badge,
whether it is In Decline, and its tokens off the map. Every field any rule
uses is declared here (Underground's and the tournament's too), so that a
record is copied field by field (:meth:`Race.copy`) and a misspelt field is
an error, not a new key.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter

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

    def copy(self) -> Race:
        return Race(*_ALL(self))

    def public(self) -> dict:
        """What every player sees of it (a view's ``recs``)."""
        out = {"p": self.p, "race": self.race, "power": self.power, "dec": self.dec, "hand": self.hand,
               "parked": self.parked, "holes": self.holes, "spirit": self.spirit, "extra": self.extra}
        if self.lost:
            out["lost"] = self.lost
        return out


_ALL = attrgetter(*(f.name for f in fields(Race)))  # every field, in order (read in C)
