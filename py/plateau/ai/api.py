"""The entry point: a :class:`Thinker` built from a player's view.

>>> from plateau.games.troy import GAME
>>> s = GAME.start(["Ann", "Bob"], seed=4)
>>> p = s.to_play
>>> t = Thinker(GAME, s.view(p), p, level="easy", seed=1, budget=20)
>>> while not t.step(iterations=5):
...     pass
>>> s.play(t.best()).text in [m.text for m in GAME.start(["Ann", "Bob"], seed=4).legal_moves()]
True
"""

from __future__ import annotations

import importlib
import json
import time
from dataclasses import dataclass, field

from plateau.core.rng import Rng


class AIError(ValueError):
    """The computer cannot decide: bad level or budget, a view that does not
    rebuild into a legal position, or nothing to play."""


@dataclass(frozen=True)
class Level:
    name: str
    scale: float  # share of the game's calibrated budget
    noise: float  # chance of a move drawn at random among the top visited / legal ones
    #: the search's own settings at this level, as (name, value) pairs: a
    #: hook attribute it overrides (``HORIZON``, ``PRIOR_WEIGHT``, ``UCB_C``,
    #: ``TREES``) or a hook function replaced by another one of the same
    #: module (``("evaluate", "evaluate_hard")``); see :class:`Tuned`
    search: tuple = field(default=())


#: thinking time the page allows per level (ms), on top of the budget
TIME_LIMITS = {"easy": 400, "normal": 1000, "hard": 3000}

LEVELS = {
    "easy": Level("easy", 0.08, 0.3),
    "normal": Level("normal", 1.0, 0.0),
    "hard": Level("hard", 3.0, 0.0),
}


def level_for(hooks, name: str) -> Level:
    """Level ``name`` for a game: the common one, unless the game's hooks
    set their own (``LEVELS = {"easy": (scale, noise)}``) — a game whose
    moves are close in value needs more noise for "easy" to play worse —
    possibly with search settings of that level (``LEVELS = {"hard":
    (scale, noise, {"HORIZON": 36, "TREES": 3})}``): more iterations alone
    may only refine choices that are near-equal for the evaluation."""
    own = getattr(hooks, "LEVELS", None) or {}
    if name in own:
        scale, noise, *rest = own[name]
        search = tuple(sorted(dict(rest[0]).items())) if rest and rest[0] else ()
        return Level(name, float(scale), float(noise), search)
    return LEVELS[name]


#: the hook functions a level may add to a game's hooks by name
FUNCTION_HOOKS = frozenset({"rollout_move", "evaluate", "root_prior", "horizon_for", "budget_for",
                            "searcher_for"})


class Tuned:
    """A game's hooks as the search sees them at one level: the level's
    settings override the module's attributes (a number such as
    ``HORIZON``), and a setting naming a function (``"evaluate":
    "evaluate_hard"``) swaps in that function of the same module. Without
    settings the search gets the module itself."""

    def __init__(self, hooks, settings) -> None:
        self._hooks = hooks
        for k, v in settings:
            # a string names a function of the module: it replaces the hook
            # ``k``, or adds it (a rollout policy for this level alone)
            if isinstance(v, str) and (callable(getattr(hooks, k, None)) or k in FUNCTION_HOOKS):
                f = getattr(hooks, v, None)
                if not callable(f):
                    raise AIError(f"level setting {k}={v!r}: the hooks have no function {v!r}")
                v = f
            setattr(self, k, v)

    def __getattr__(self, k):
        return getattr(self._hooks, k)


def search_hooks(hooks, level: Level):
    """The hooks the search uses at ``level`` (the module when the level has
    no settings of its own)."""
    return Tuned(hooks, level.search) if level.search else hooks


def hooks_for(game):
    """The per-game hooks module ``plateau.games.<id>.ai`` (``None`` when
    the game has none)."""
    gid = game if isinstance(game, str) else game.id
    try:
        return importlib.import_module(f"plateau.games.{gid}.ai")
    except ModuleNotFoundError as e:
        if e.name and f"plateau.games.{gid}.ai".startswith(e.name):
            return None
        raise


def _game(game):
    if isinstance(game, str):
        from plateau.core.registry import get_game

        g = get_game(game)
        if g is None:
            raise AIError(f"unknown game {game!r}")
        return g
    return game


def plain(view) -> dict:
    """A private deep copy of ``view`` as JSON data: the computer keeps no
    reference to anything the caller holds (a state, a generator)."""
    if not isinstance(view, dict):
        raise AIError("a computer player needs a view (a dict from state.view(player))")
    try:
        return json.loads(json.dumps(view))
    except (TypeError, ValueError) as e:
        raise AIError(f"the view is not plain data: {e}") from None


class Thinker:
    """An anytime search for the move of ``player`` seen through ``view``.

    ``budget`` counts search units (MCTS iterations, alpha-beta nodes), so a
    decision depends only on (view, player, level, seed, budget, memory) —
    never on the clock; ``step(max_ms=…)`` only decides when to give control
    back. ``memory``: the player's own views of the positions before this one,
    oldest first (as many as :func:`memory_size` says), for a game whose hooks
    ``recall`` what a player keeps in mind; other games ignore it.
    """

    def __init__(self, game, view, player: int, level: str = "normal", seed: int = 0,
                 budget: int | None = None, time_limit_ms: float | None = None,
                 memory: list | None = None) -> None:
        self.game = _game(game)
        if level not in LEVELS:
            raise AIError(f"unknown level {level!r} (easy, normal, hard)")
        if not isinstance(player, int) or isinstance(player, bool) or player < 0:
            raise AIError(f"no player to decide for ({player!r}): the game may be over")
        self.player = player
        self.view = plain(view)
        self.hooks = hooks_for(self.game)
        if self.hooks is None or not hasattr(self.hooks, "determinize"):
            raise AIError(f"{self.game.id}: no computer player (the game has no determinize hook)")
        if memory and hasattr(self.hooks, "recall"):
            # what this player saw before (its own earlier views, oldest
            # first): a game's hook folds what a player at the table keeps in
            # mind into the view (Troy: the colours pushed into the closed horse)
            if not isinstance(memory, list) or not all(isinstance(v, dict) for v in memory):
                raise AIError("a computer player's memory is a list of its earlier views")
            try:
                self.view = self.hooks.recall([plain(v) for v in memory], self.view, player)
            except (KeyError, IndexError, ValueError, TypeError) as e:
                raise AIError(f"these earlier views do not lead to this one: {type(e).__name__}: {e}") from None
        self.level = level_for(self.hooks, level)
        self.shooks = search_hooks(self.hooks, self.level)  # the search's view of the hooks
        if budget is None:
            budget = max(1, round(getattr(self.hooks, "BUDGET", 200) * self.level.scale))
        if not isinstance(budget, int) or budget <= 0:
            raise AIError(f"the search budget must be a positive number of iterations, not {budget!r}")
        self.budget = budget
        # the page also caps the thinking time (a slow phone): the move then
        # depends on the clock, which tests and the bench avoid
        self.time_limit = None if time_limit_ms is None else time_limit_ms / 1000.0
        self.elapsed = 0.0
        self.rng = Rng(int(seed) * 0x9E3779B1 + 0x5EED + self.player)
        root = self.determinize()
        if root.is_over() or root.to_play != self.player:
            raise AIError(f"it is not player {self.player}'s turn in this view")
        moves = root.legal_moves()
        if not moves:
            raise AIError("no legal move in this position")
        self.moves = [m.text for m in moves]
        # the moves worth weighing (a game's hook may reduce a step to the
        # move of a fixed plan); the search chooses among these
        prune = getattr(self.hooks, "search_moves", None)
        self.cands = [m.text for m in prune(root, moves)] if prune is not None else list(self.moves)
        if not self.cands or any(m not in self.moves for m in self.cands):
            raise AIError(f"{self.game.id}: the search_moves hook returned moves that are not legal")
        bf = getattr(self.shooks, "budget_for", None)
        if bf is not None and len(self.cands) > 1:
            # a decision whose iterations cost more (longer rollouts) gets
            # fewer of them: a game's hook, at the level's settings
            budget = int(bf(root, budget))
            if budget <= 0:
                raise AIError(f"{self.game.id}: the budget_for hook gave no iterations")
            self.budget = budget
        self.spent = 0
        self._forced = self.cands[0] if len(self.cands) == 1 else None
        self.searcher = None
        if self._forced is None:
            own = getattr(self.shooks, "searcher_for", None)
            if own is not None:
                # a level may search some decisions its own way (Small
                # World's hard level: paired playouts at the combo and the
                # decline); None: the common search
                self.searcher = own(self, root)
            if self.searcher is None:
                self.searcher = self._common_searcher(root)

    def _common_searcher(self, root):
        kind = getattr(self.hooks, "SEARCHER", None)
        if kind == "alphabeta":
            return self.hooks.make_searcher(self, root)
        if hasattr(self.hooks, "evaluate"):
            from .ismcts import ISMCTS, Ensemble

            trees = int(getattr(self.shooks, "TREES", 1))
            return Ensemble(self, root, trees) if trees > 1 else ISMCTS(self, root)
        from .flat import FlatMC

        return FlatMC(self, root)

    def determinize(self):
        """A full state consistent with the view, with a fresh generator
        drawn from the computer's own one."""
        try:
            s = self.hooks.determinize(self.view, self.player, Rng(self.rng.next64()))
        except AIError:
            raise
        except (KeyError, IndexError, ValueError, TypeError) as e:
            raise AIError(f"this view cannot be completed into a position: {type(e).__name__}: {e}") from None
        return s

    @property
    def done(self) -> bool:
        return (self._forced is not None or self.spent >= self.budget
                or (self.time_limit is not None and self.elapsed >= self.time_limit and self.spent > 0))

    def step(self, max_ms: float | None = None, iterations: int | None = None) -> bool:
        """Search for at most ``max_ms`` milliseconds and/or ``iterations``
        units; True once the budget is spent (then :meth:`best` is final)."""
        if self.done:
            return True
        left = self.budget - self.spent
        if iterations is not None:
            left = min(left, iterations)
        t0 = time.perf_counter()
        if max_ms is None and self.time_limit is None:
            while left > 0:
                k = self.searcher.run(left)  # 0: set-up work done in pieces (Thud's move ordering)
                self.spent += k
                left -= k
                if k == 0 and self.searcher.finished():
                    break
        else:
            end = t0 + (max_ms / 1000.0 if max_ms is not None else 1e9)
            if self.time_limit is not None:
                end = min(end, t0 + max(0.0, self.time_limit - self.elapsed))
            while left > 0:
                k = self.searcher.run(min(left, self.searcher.chunk))
                self.spent += k
                left -= k
                if (k == 0 and self.searcher.finished()) or time.perf_counter() >= end:
                    break
        self.elapsed += time.perf_counter() - t0
        if self.searcher.finished():
            self.spent = self.budget
        return self.done

    def best(self) -> str:
        """The move text chosen so far (legal in the viewed position)."""
        if self._forced is not None:
            return self._forced
        text = self.searcher.best()
        if self.level.noise and self.rng.below(1000) < self.level.noise * 1000:
            text = self.searcher.noisy(self.rng)
        if text not in self.moves:  # never hand back an illegal move
            raise AIError(f"internal error: the search chose {text!r}, not a legal move")
        return text


def memory_size(game) -> int:
    """How many of a player's earlier views the computer player of ``game``
    keeps in mind (the hook ``MEMORY``; 0: it decides from the view alone)."""
    hooks = hooks_for(_game(game))
    return int(getattr(hooks, "MEMORY", 0)) if hooks is not None and hasattr(hooks, "recall") else 0


def choose(game, view, player: int, level: str = "normal", seed: int = 0,
           budget: int | None = None, time_limit_ms: float | None = None,
           memory: list | None = None) -> str:
    """The move text the computer plays for ``player`` seeing ``view`` (and,
    with ``memory``, having seen those earlier views)."""
    t = Thinker(game, view, player, level=level, seed=seed, budget=budget, time_limit_ms=time_limit_ms,
                memory=memory)
    while not t.step():
        pass
    return t.best()
