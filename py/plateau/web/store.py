"""Saved games and settings in a key-value store (the browser's localStorage).

Pure Python over any object with ``getItem/setItem/removeItem/key/length``
(localStorage has them; tests use :class:`MemoryStore`). Nothing here ever
deletes or rewrites an entry it cannot read: an unreadable entry is reported
and left alone. A full store raises :class:`StoreFull` and the previous
content of the entry stays as it was.
"""

from __future__ import annotations

import json
import secrets
import time

from plateau.core.record import Record, RecordError, decode, encode, loads

PREFIX = "plateau:v1:"
GAME = PREFIX + "game:"
SETTINGS = PREFIX + "settings"
MAX_TIME = 8.64e12  # seconds: the last instant a JavaScript Date can show


class StoreFull(Exception):
    pass


class StoreUnavailable(Exception):
    pass


class StoreConflict(Exception):
    """Another tab saved this game since this tab last read or wrote it,
    and what it saved is not a beginning of what this tab would write:
    writing would lose its moves. ``stored`` is that other version."""

    def __init__(self, stored: "SavedGame | None") -> None:
        super().__init__("the saved game changed elsewhere")
        self.stored = stored


class MemoryStore:
    """A dict behaving like localStorage, with an optional size quota."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int):
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, k: str):
        return self.data.get(k)

    def setItem(self, k: str, v: str) -> None:
        if self.quota is not None:
            size = sum(len(a) + len(b) for a, b in self.data.items() if a != k) + len(k) + len(v)
            if size > self.quota:
                raise StoreFull("quota exceeded")
        self.data[k] = str(v)

    def removeItem(self, k: str) -> None:
        self.data.pop(k, None)


class SavedGame:
    __slots__ = ("id", "name", "record", "updated", "over", "rev")

    def __init__(self, id: str, name: str, record: Record, updated: float, over: bool = False,
                 rev: int = 0) -> None:
        self.id, self.name, self.record, self.updated, self.over = id, name, record, updated, over
        self.rev = rev

    @property
    def date_ms(self) -> float | None:
        """When it was saved, in milliseconds for a JavaScript Date; ``None``
        when unknown (missing, zero, negative or beyond what a Date holds)."""
        return self.updated * 1000 if 0 < self.updated <= MAX_TIME else None


def extends(new: Record, old: Record) -> bool:
    """Whether ``new`` keeps all of ``old``: same game, options, seed and
    players, and ``old``'s moves are the first moves of ``new``."""
    return (new.game, new.options, new.seed, new.players) == (old.game, old.options, old.seed, old.players) \
        and new.moves[:len(old.moves)] == old.moves


def is_quota_error(exc: BaseException) -> bool:
    text = f"{type(exc).__name__} {exc}".lower()
    return isinstance(exc, StoreFull) or "quota" in text or "exceeded" in text


class Store:
    def __init__(self, backend) -> None:
        self.backend = backend

    # -- raw access -----------------------------------------------------
    def _keys(self) -> list[str]:
        out = []
        n = int(self.backend.length)
        for i in range(n):
            k = self.backend.key(i)
            if k is not None:
                out.append(str(k))
        return out

    def _set(self, key: str, value: str) -> None:
        try:
            self.backend.setItem(key, value)
        except Exception as e:  # localStorage raises a DOMException
            if is_quota_error(e):
                raise StoreFull(str(e)) from None
            raise StoreUnavailable(str(e)) from None

    # -- settings -------------------------------------------------------
    def settings(self) -> dict:
        raw = self.backend.getItem(SETTINGS)
        if raw is None:
            return {}
        try:
            d = loads(str(raw))
            return d if isinstance(d, dict) else {}
        except ValueError:
            return {}

    def set_setting(self, key: str, value) -> None:
        d = self.settings()
        d[key] = value
        try:
            self._set(SETTINGS, json.dumps(d))
        except (StoreFull, StoreUnavailable):
            pass  # settings are a convenience; a full store must not break the app

    # -- games ----------------------------------------------------------
    @staticmethod
    def new_id() -> str:
        return f"{int(time.time() * 1000):x}-{secrets.token_hex(3)}"

    def games(self) -> tuple[list[SavedGame], list[str]]:
        """All readable saved games (newest first) and the keys of the
        unreadable ones."""
        good, bad = [], []
        for key in self._keys():
            if not key.startswith(GAME):
                continue
            try:
                good.append(self._parse(key, self.backend.getItem(key)))
            except (ValueError, KeyError, TypeError, RecordError):
                bad.append(key)
        good.sort(key=lambda g: g.updated, reverse=True)
        return good, bad

    @staticmethod
    def _parse(key: str, raw) -> SavedGame:
        if raw is None:
            raise ValueError("missing")
        d = loads(str(raw))
        if not isinstance(d, dict):
            raise ValueError("not an object")
        record = decode(d["record"])
        name = d.get("name")
        if not isinstance(name, str):
            raise ValueError("name")
        updated = d.get("updated", 0)
        if not isinstance(updated, (int, float)) or isinstance(updated, bool):
            raise ValueError("updated")
        if not 0 < updated <= MAX_TIME:  # also NaN and infinity: a date nobody can show
            updated = 0.0
        rev = d.get("rev", 0)
        if not isinstance(rev, int) or isinstance(rev, bool):
            rev = 0
        return SavedGame(key[len(GAME):], name, record, float(updated), bool(d.get("over", False)), rev)

    def get(self, gid: str) -> SavedGame | None:
        raw = self.backend.getItem(GAME + gid)
        if raw is None:
            return None
        return self._parse(GAME + gid, raw)

    def save(self, gid: str, name: str, record: Record, over: bool = False, rev: int | None = None) -> int:
        """Write the game; returns its new revision number.

        ``rev`` is the revision this tab last read or wrote (``None``: write
        unconditionally, for a new entry). When the stored revision differs,
        another tab saved in between: the write goes ahead only if it keeps
        everything stored (the stored moves are a beginning of ``record``'s,
        same game and start); otherwise :class:`StoreConflict` and nothing
        is written."""
        new_rev = 1
        if rev is not None:
            try:
                stored = self.get(gid)
            except (ValueError, KeyError, TypeError, RecordError):
                stored = None  # unreadable: left alone by games(), overwritten by its own tab
            if stored is not None:
                if stored.rev != rev:
                    if not extends(record, stored.record):
                        raise StoreConflict(stored)
                    name = stored.name  # renamed elsewhere: keep that name
                new_rev = max(stored.rev, rev) + 1
        payload = json.dumps({
            "name": name, "record": encode(record), "updated": time.time(), "over": over,
            "game": record.game, "plies": len(record.moves), "rev": new_rev,
        })
        self._set(GAME + gid, payload)
        return new_rev

    def rename(self, gid: str, name: str) -> None:
        g = self.get(gid)
        if g is None:
            return
        raw = loads(str(self.backend.getItem(GAME + gid)))
        raw["name"] = name
        raw["rev"] = g.rev + 1
        self._set(GAME + gid, json.dumps(raw))

    def delete(self, gid: str) -> None:
        self.backend.removeItem(GAME + gid)
