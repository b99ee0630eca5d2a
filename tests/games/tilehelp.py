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


def play(game, players, opts, seed, limit=20000, each=None):
    """Play a game to its end with :func:`biased_move`; ``each(s, move)`` is
    called after every ply. Returns the state and the moves."""
    s = game.start(players, opts, seed)
    rng = Rng(seed + 7)
    moves = []
    while not s.is_over() and len(moves) < limit:
        m = biased_move(s, rng)
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
