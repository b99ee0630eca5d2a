"""Playing whole games between computer players and baselines (shared by
the tests and ``bench/bench_ai.py``).

A *player* is a function ``(game, view, player, seed) -> move text``; each
is given only its own view. Baselines: :func:`random_player` (a uniform
legal move) and :func:`greedy_player` (one determinization, every legal
move tried, the best ``evaluate`` kept).
"""

from __future__ import annotations

import math

from plateau.core.rng import Rng

from .api import AIError, Thinker, choose, hooks_for, memory_size, plain
from .search_common import reward_of


def ai_player(level: str = "normal", budget: int | None = None):
    def play(game, view, player, seed, memory=None):
        return choose(game, view, player, level=level, seed=seed, budget=budget, memory=memory)

    play.memory = True  # play_game hands it its earlier views
    play.__name__ = f"ai-{level}" + (f"-{budget}" if budget else "")
    return play


def random_player(game, view, player, seed):
    t = Thinker(game, view, player, level="normal", seed=seed, budget=1)
    return t.moves[Rng(seed).below(len(t.moves))]


def greedy_player(game, view, player, seed, memory=None):
    """Greedy one ply on one determinization (ties: the first listed); it
    keeps in mind what the computer player does (``memory``)."""
    hooks = hooks_for(game)
    rng = Rng(seed)
    view = plain(view)
    if memory and hasattr(hooks, "recall"):
        view = hooks.recall([plain(v) for v in memory], view, player)
    root = hooks.determinize(view, player, Rng(rng.next64()))
    best, key = None, None
    thud = game.id == "thud"
    if thud and root.phase == "reply":
        return "accept"
    moves = root.legal_moves()
    prune = getattr(hooks, "search_moves", None)
    if prune is not None:  # the same decisions the search weighs (Small World's planned steps)
        moves = prune(root, moves)
    for m in moves:
        if thud and m.text[:1] not in "dT":
            continue  # greedy Thud never offers to end a round
        s = root.clone()
        s.apply(m)
        if thud:
            v = hooks.static(s.board) * (1 if root.side == 1 else -1)
        else:
            v = reward_of(hooks, s, player)[player]
        if key is None or v > key:
            best, key = m.text, v
    return best


greedy_player.memory = True


def play_game(game, players: list, seats: list, seed: int, options: dict | None = None,
              max_plies: int = 100000, round_cap: int | None = None, check=None, opening: int = 0):
    """Play one game; ``players[i]`` plays seat ``i``. ``round_cap`` (Thud):
    a round reaching that many board moves ends as if agreed. ``opening``
    (Thud): each round starts with that many board moves drawn at random
    from ``seed`` — the same ones in both rounds — so that matches between
    two deterministic searchers are not all the same game. Returns the
    final state. ``check(state, text)`` is called before each move. A
    player with the attribute ``memory`` is also given its own views of the
    last positions (as many as the game's computer player keeps in mind:
    :func:`plateau.ai.api.memory_size`), oldest first."""
    s = game.start(seats, options or {}, seed=seed)
    rng = Rng(seed ^ 0xA11CE)
    plies = 0
    book = None
    keep = memory_size(game)
    recent: list = []
    while not s.is_over() and plies < max_plies:
        if keep:
            recent = (recent + [s.clone()])[-(keep + 1):]  # the last one is the current position
        p = s.to_play
        if game.id == "thud" and s.phase == "play" and opening and s.round_plies == 0:
            book = Rng(seed ^ 0x0BE11)  # the same draws at the start of every round
        if book is not None and game.id == "thud" and s.phase == "play" and s.round_plies < opening:
            moves = [m.text for m in s.legal_moves() if m.text[:1] in "dT"]
            s.play(moves[book.below(len(moves))])
            continue
        if round_cap is not None and game.id == "thud" and s.phase == "play" and s.round_plies >= round_cap:
            s.play("offer")
            s.play("accept")
            continue
        extra = {}
        if keep and getattr(players[p], "memory", False):
            extra["memory"] = [st.view(p) for st in recent[:-1]]
        text = players[p](game, s.view(p), p, rng.next64() & 0xFFFFFFFF, **extra)
        if check is not None:
            check(s, text)
        s.play(text)  # raises IllegalMove if a player returned an illegal move
        plies += 1
    return s


def wilson(k: float, n: int, z: float = 1.96) -> tuple:
    """Wilson 95 % interval of a proportion ``k/n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


__all__ = ["AIError", "ai_player", "random_player", "greedy_player", "play_game", "wilson"]
