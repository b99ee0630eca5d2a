"""Positions sampled from random games, for the computer-player tests."""

from __future__ import annotations

from plateau.core.registry import get_game
from plateau.core.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee"]

# (game, player counts, option sets) — the hidden-information games with the
# options that change what a player may see
CONFIGS = {
    "armadora": ([2, 3, 4], [{}, {"rules": "advanced"}, {"review": "no"}, {"rules": "advanced", "review": "no"}]),
    "troy": ([2, 3, 4], [{}, {"horse": "glass"}, {"trident": "none"}]),
    "thorval": ([2, 3, 4], [{}, {"blank_treasure": True}, {"turn_limit": 5}]),
    "thud": ([2], [{}]),
    "smallworld": ([2, 3, 4, 5], [{}, {"open_coins": True}, {"board": "underground", "content": "mixed"},
                                  {"monsters": "random", "flying_entry": "border"}]),
}
# plies of a random game to sample from (a Small World game is long: a turn
# is a dozen decisions)
MAX_PLY = {"smallworld": 450}


def sample(gid: str, count: int, seed: int = 1, max_ply: int | None = None):
    """``count`` (state, player to move) pairs, the player having a choice
    or not, from random games over the configurations above."""
    if max_ply is None:
        max_ply = MAX_PLY.get(gid, 150)
    g = get_game(gid)
    counts, optsets = CONFIGS[gid]
    r = Rng(seed)
    out = []
    k = 0
    while len(out) < count:
        k += 1
        n = counts[k % len(counts)]
        opts = optsets[(k // len(counts)) % len(optsets)]
        s = g.start(NAMES[:n], opts, seed=seed * 7919 + k)
        for _ in range(r.below(max_ply)):
            if s.is_over():
                break
            ms = s.legal_moves()
            s.play(ms[r.below(len(ms))])
        if not s.is_over():
            out.append((s, s.to_play))
    return out


def jnorm(x):
    """Views compared as the JSON they travel as (tuples become lists)."""
    import json

    return json.loads(json.dumps(x))
