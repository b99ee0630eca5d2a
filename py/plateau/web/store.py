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

from plateau.core.record import Record, RecordError, decode, encode

PREFIX = "plateau:v1:"
GAME = PREFIX + "game:"
SETTINGS = PREFIX + "settings"


class StoreFull(Exception):
    pass


class StoreUnavailable(Exception):
    pass


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
    __slots__ = ("id", "name", "record", "updated", "over")

    def __init__(self, id: str, name: str, record: Record, updated: float, over: bool = False) -> None:
        self.id, self.name, self.record, self.updated, self.over = id, name, record, updated, over


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
            d = json.loads(str(raw))
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
        d = json.loads(str(raw))
        if not isinstance(d, dict):
            raise ValueError("not an object")
        record = decode(d["record"])
        name = d.get("name")
        if not isinstance(name, str):
            raise ValueError("name")
        updated = d.get("updated", 0)
        if not isinstance(updated, (int, float)):
            raise ValueError("updated")
        return SavedGame(key[len(GAME):], name, record, float(updated), bool(d.get("over", False)))

    def get(self, gid: str) -> SavedGame | None:
        raw = self.backend.getItem(GAME + gid)
        if raw is None:
            return None
        return self._parse(GAME + gid, raw)

    def save(self, gid: str, name: str, record: Record, over: bool = False) -> None:
        payload = json.dumps({
            "name": name, "record": encode(record), "updated": time.time(), "over": over,
            "game": record.game, "plies": len(record.moves),
        })
        self._set(GAME + gid, payload)

    def rename(self, gid: str, name: str) -> None:
        g = self.get(gid)
        if g is None:
            return
        raw = json.loads(str(self.backend.getItem(GAME + gid)))
        raw["name"] = name
        self._set(GAME + gid, json.dumps(raw))

    def delete(self, gid: str) -> None:
        self.backend.removeItem(GAME + gid)
