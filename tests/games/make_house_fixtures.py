"""Writes ``house_fixtures.json``: fixed-seed random games of Small World and
of the Arkhanis tournament (their moves and where they end), and the moves
the computer chooses at the "normal" level from a few of their positions.

The file is kept: ``test_smallworld_house.py`` replays it against today's
engine, so that a change to the engine's insides that changes a move, an
outcome or a computer's choice shows. Run again only on purpose (a rules
change with a new revision): ``PYTHONPATH=py:tests/games python3 tests/games/make_house_fixtures.py``;
with ``--views``, ``house_views.json`` (every view along those games, hashed).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from plateau.ai.api import Thinker
from plateau.core.game import REVISION_OPTION
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME as ARK
from plateau.games.smallworld import GAME as SW

OUT = Path(__file__).parent / "house_fixtures.json"

R1 = {REVISION_OPTION: 1}  # recorded under Small World's rules revision 1 (before issue 41's changes)
SW_GAMES = [
    (3, {**R1}, 11), (5, {**R1}, 12), (4, {"monsters": "random", "content": "mixed", **R1}, 13),
    (4, {"board": "underground", "content": "underground", **R1}, 14),
    (3, {"board": "random", "content": "mixed", **R1}, 15),
    (2, {"monsters": "hand", "content": "mixed", **R1}, 16), (3, {"content": "mixed", REVISION_OPTION: 0}, 17),
    (4, {"board": "underground", "content": "underground", REVISION_OPTION: 0}, 18),
]
ARK_GAMES = [(5, {REVISION_OPTION: 1}, 21), (7, {REVISION_OPTION: 1}, 22), (6, {REVISION_OPTION: 0}, 23)]  # one seat at a time
AI_AT = (3, 17, 40, 75, 120)  # plies after which the computer is asked


def pick(s, r):
    moves = s.legal_moves()
    # a little less "end" than a uniform choice, so that turns conquer something
    m = moves[r.below(len(moves))]
    if m.text in ("end", "done") and len(moves) > 1 and r.below(3):
        m = moves[r.below(len(moves))]
    return m.text


# what the full view came to carry after the fixtures were recorded (the view grows; the game's end
# may not change): a tournament's "declined_at", where each declined race was left and when, which a
# position built from a view needs (club mode)
ADDED_TO_THE_VIEW = ("declined_at",)
# options the view's "options" came to carry after the fixtures were recorded (rules revision 2's
# ``sea_entry``; a game recorded before plays its older reading, ``land``)
ADDED_OPTIONS = ("sea_entry",)


def as_recorded(v):
    """The view ``v`` without what the view came to carry after the fixtures were recorded."""
    for key in ADDED_TO_THE_VIEW:
        v.pop(key, None)
    for key in ADDED_OPTIONS:
        if isinstance(v.get("options"), dict):
            v["options"].pop(key, None)
    return v


def digest(s):
    """Where a game ended: its full view (rng included) hashed, winners and coins."""
    v = as_recorded(s.view(None))
    return {"sha": hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest(),
            "winners": s.winners(), "scores": s.scores(), "coins": list(s.coins)}


VIEWS = Path(__file__).parent / "house_views.json"


def views_digest(game, g):
    """Every view along a recorded game, hashed: the full view and the
    view of the player to play, after each move (the formats a page, a
    computer player and a device across the room receive)."""
    h = hashlib.sha256()
    s = game.start([f"P{i}" for i in range(g["players"])], g["options"], g["seed"])
    for t in [None] + g["moves"]:
        if t is not None:
            s.play(t)
        for who in (None, s.to_play):
            v = as_recorded(s.view(who))
            h.update(json.dumps(v, sort_keys=True, default=str).encode())
    return h.hexdigest()


def write_views():
    """``house_views.json``: :func:`views_digest` of every recorded game."""
    data = json.loads(OUT.read_text(encoding="utf-8"))
    games = [(SW, g) for g in data["smallworld"]] + [(ARK, g) for g in data["arkhanis"]]
    VIEWS.write_text(json.dumps({"_about": "Hash of every view along each game of house_fixtures.json, "
                                           "written before the turn state became typed.",
                                 "views": [views_digest(game, g) for game, g in games]}, indent=0) + "\n",
                     encoding="utf-8")


def play(game, n, opts, seed, limit):
    s = game.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed * 7 + 1)
    moves, asks = [], []
    while not s.is_over() and len(moves) < limit:
        if len(moves) in AI_AT and len(asks) < 3:
            p = s.to_play
            t = Thinker(game, s.view(p), p, level="normal", seed=len(moves))
            while not t.step(iterations=50):
                pass
            asks.append({"ply": len(moves), "player": p, "move": t.best()})
        t = pick(s, r)
        moves.append(t)
        s.play(t)
    return {"players": n, "options": opts, "seed": seed, "moves": moves, "end": digest(s), "ai": asks}


def main():
    data = {"_about": "Fixed-seed random games (moves, final view hash, coins) and the normal computer's "
                      "choices at a few plies; written by make_house_fixtures.py before the engine's "
                      "state became typed, replayed by test_smallworld_house.py.",
            "smallworld": [play(SW, n, o, sd, 100000) for n, o, sd in SW_GAMES],
            "arkhanis": [play(ARK, n, o, sd, 700) for n, o, sd in ARK_GAMES]}
    OUT.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    import sys

    write_views() if "--views" in sys.argv else main()
