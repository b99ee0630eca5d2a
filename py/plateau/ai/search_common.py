"""Pieces shared by the searchers: rewards, move paths, playouts."""

from __future__ import annotations

END = ""  # tree label "play the move whose path is complete" (others extend it)


def terminal_reward(state) -> list:
    """1 shared by the winners, 0 for the others (a draw: 1/n each)."""
    n = len(state.players)
    w = state.winners()
    if not w:
        return [1.0 / n] * n
    return [1.0 / len(w) if p in w else 0.0 for p in range(n)]


def score_reward(state) -> list:
    """Rank by the scores shown (for a cut-short generic playout)."""
    sc = state.scores()
    n = len(sc)
    try:
        best = max(sc)
    except (TypeError, ValueError):
        return [1.0 / n] * n
    top = [p for p in range(n) if sc[p] == best]
    return [1.0 / len(top) if p in top else 0.0 for p in range(n)]


def reward_of(hooks, state, player) -> list:
    if state.is_over():
        ev = getattr(hooks, "terminal", None)
        return ev(state) if ev else terminal_reward(state)
    ev = getattr(hooks, "evaluate", None)
    return ev(state) if ev else score_reward(state)


def path_fn(hooks, game, root_player: int):
    """``path(move, mover)``: the labels of a move in the search tree. The
    root player's own moves use their UI path; another player's move is
    labelled only by what the root player may see of it (the hook
    ``public_path``, else the game's ``public_move_text``)."""
    custom = getattr(hooks, "public_path", None)

    def path(move, mover):
        if mover == root_player:
            return move.path
        if custom is not None:
            return custom(move)
        pub = game.public_move_text(move.text, False)
        if pub != move.text:
            return (pub,)
        return move.path

    return path


def playout(hooks, state, rng, plies: int) -> None:
    """Play at most ``plies`` moves with the hook ``rollout_move`` (uniform
    random by default)."""
    pick = getattr(hooks, "rollout_move", None)
    while plies > 0 and not state.is_over():
        if pick is not None:
            m = pick(state, rng)
        else:
            moves = state.legal_moves()
            m = moves[rng.below(len(moves))]
        state.apply(m)
        plies -= 1
