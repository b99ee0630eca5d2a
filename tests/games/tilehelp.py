"""Helpers for the tournament's tiles tests: a seeded player who goes for the
Golden Knight and the Snow Thing whenever he can, and a fingerprint of where
a game ends (to compare a replay under an old rules revision with the end
recorded before the rules changed)."""

from __future__ import annotations

import hashlib
import json

from plateau.core.rng import Rng


def monster_move(board, moves):
    """The move that attacks the Golden Knight or the Snow Thing, if offered."""
    for r in range(board.R):
        if board.special[r] == "golden_knight" and f"c:{r}" in moves:
            return f"c:{r}"
        if board.special[r] == "snow_thing" and f"snow:{r}" in moves:
            return f"snow:{r}"
    return None


def board_of(s):
    """The Small World board being played (a tournament's current table), or None."""
    if hasattr(s, "tables"):
        return s.tables[s.current] if s.stage == "play" and s.current is not None else None
    return s


def biased_move(s, rng):
    """A random legal move, except that the Knight and the Snow Thing are
    attacked when they can be (with as many tokens as a commit may take
    half of the time, one token the other half)."""
    ms = [m.text for m in s.legal_moves()]
    board = board_of(s)
    pick = monster_move(board, ms) if board is not None else None
    commits = [m for m in ms if m.startswith("commit:")]
    if pick is None and commits:
        pick = commits[-1] if rng.below(2) else commits[0]
    if pick is None:
        for pref in ("done", "end", "nopeace", "pass"):
            if pref in ms and rng.below(3) == 0:
                pick = pref
    return pick or ms[rng.below(len(ms))]


def play(game, players, opts, seed, limit=20000, each=None, policy=None):
    """Play a game to its end with :func:`biased_move` (or ``policy``);
    ``each(s, move)`` is called after every ply. Returns the state and the moves."""
    s = game.start(players, opts, seed)
    rng = Rng(seed + 7)
    moves = []
    policy = policy or biased_move
    while not s.is_over() and len(moves) < limit:
        m = policy(s, rng)
        s.play(m)
        moves.append(m)
        if each is not None:
            each(s, m)
    return s, moves


def _board_print(t):
    return [list(t.owner), list(t.tok), list(t.place), list(t.relic), list(t.monster), list(t.special),
            list(t.pile)]


def fingerprint(s, moves):
    """Where a game ended: its moves, coins, winners and every board."""
    boards = [_board_print(t) for t in s.tables] if hasattr(s, "tables") else [_board_print(s)]
    data = {"moves": moves, "coins": list(s.coins), "winners": s.winners(), "boards": boards}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


# ------------------------------------------------------------- steering to the tiles' corner cases
#: relics whose use moves them to the region they conquered
MOVING_RELICS = ("sword", "doormat", "socks", "orb")


def _tiled(board, r):
    return bool(board.place[r] or board.relic[r])


def _near_tiles(board, r):
    """Regions next to ``r`` that hold no token nor Monster but a place or a relic."""
    from plateau.games.smallworld.rules import EMPTY

    return [n for n in board.nbrs[r] if board.owner[n] == EMPTY and not board.monster[n] and _tiled(board, n)]


def steered_move(s, rng):
    """A random legal move steered to where tiles could leave the game
    (issue 41): relics used on the Golden Knight's region; regions holding a
    tile abandoned next to the Snow Thing; attacks on the Snow Thing that fail
    on purpose (one token) while such a region lies next to it, then push it
    there when that is offered, and attacks with every token once it stands
    on a tile; the tile chosen of the kind already lying there."""
    ms = [m.text for m in s.legal_moves()]
    board = board_of(s)
    if board is None:
        return biased_move(s, rng)
    knight = board.special.index("golden_knight") if "golden_knight" in board.special else -1
    snow = board.special.index("snow_thing") if "snow_thing" in board.special else -1
    heads = {}
    for m in ms:
        h, _, a = m.partition(":")
        heads.setdefault(h, []).append(m)
    if knight >= 0:
        for h in MOVING_RELICS:
            if f"{h}:{knight}" in ms:
                return f"{h}:{knight}"
    if "snowto" in heads:
        tiled = [m for m in heads["snowto"] if _tiled(board, int(m.split(":")[1]))]
        pool = tiled or heads["snowto"]
        return pool[rng.below(len(pool))]
    if "keep" in heads and board.pending and board.pending[0]["kind"] == "snowpick":
        r = board.pending[0]["r"]
        from plateau.games.smallworld.ug_items import _is_relic

        lying = {_is_relic(board, x) for x in (board.place[r], board.relic[r]) if x}
        same = [m for m in heads["keep"] if _is_relic(board, m.split(":")[1]) in lying]
        pool = same or heads["keep"]
        return pool[rng.below(len(pool))]
    if "commit" in heads:
        r = board.pending[0]["r"] if board.pending else snow
        if _tiled(board, r):
            return heads["commit"][-1]
        if _near_tiles(board, r):
            return heads["commit"][0]
        return heads["commit"][-1] if rng.below(2) else heads["commit"][0]
    if snow >= 0 and f"snow:{snow}" in ms and (_tiled(board, snow) or _near_tiles(board, snow) or rng.below(4) == 0):
        return f"snow:{snow}"
    if snow >= 0 and "abandon" in heads:
        near = set(board.nbrs[snow])
        for m in heads["abandon"]:
            r = int(m.split(":")[1])
            if r in near and _tiled(board, r):
                return m
    if snow >= 0 and "c" in heads:  # regions next to the Snow Thing, and Monsters (their tiles)
        near = set(board.nbrs[snow])
        good = [m for m in heads["c"] if int(m.split(":")[1]) in near or board.monster[int(m.split(":")[1])]]
        if knight >= 0 and f"c:{knight}" in good and rng.below(4):
            good.remove(f"c:{knight}")  # leave the Knight to a relic, most of the time
        if good and rng.below(3):
            return good[rng.below(len(good))]
    if f"c:{knight}" in ms and len(ms) > 1 and rng.below(4):
        ms.remove(f"c:{knight}")
    for pref in ("done", "end", "nopeace", "pass"):
        if pref in ms and rng.below(3) == 0:
            return pref
    return ms[rng.below(len(ms))]
