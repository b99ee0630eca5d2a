"""A tiny game for testing the core and the web session without any real
game: Nim with one heap; each player takes 1–3 stones (path: "take", "n"),
and a die roll (from the state's RNG) decides the heap size."""

from plateau.core.game import Game, Move, Option, State
from plateau.core.registry import GAMES

GAMES.setdefault("toy", "toygame")


class ToyState(State):
    def __init__(self, game, players, options, seed):
        from plateau.core.rng import Rng

        self.game = game
        self.players = list(players)
        self.options = options
        self.rng = Rng(seed)
        self.heap = 10 + self.rng.die(6)
        self.turn = 0
        self.secret = self.rng.die(100)

    @property
    def to_play(self):
        return None if self.heap == 0 else self.turn

    def legal_moves(self):
        if self.heap == 0:
            return []
        mx = min(self.options["max"], self.heap)
        return [Move(f"take{n}", ("take", f"n{n}")) for n in range(1, mx + 1)]

    def apply(self, move):
        self.heap -= int(move.text[4:])
        self.turn = 1 - self.turn

    def is_over(self):
        return self.heap == 0

    def scores(self):
        return [0, 0] if not self.is_over() else [1 if self.turn == 1 else 0, 1 if self.turn == 0 else 0]

    def winners(self):
        return [1 - self.turn] if self.is_over() else []

    def view(self, player):
        return {"heap": self.heap, "turn": self.turn, "secret": self.secret if player is None else None}

    def hidden_info(self):
        return False

    def clone(self):
        c = ToyState.__new__(ToyState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.players = list(self.players)
        return c


class Toy(Game):
    id = "toy"
    title = {"fr": "Jouet", "en": "Toy"}
    options = (Option("max", {"fr": "Maximum", "en": "Maximum"}, {2: {"fr": "2", "en": "2"}, 3: {"fr": "3", "en": "3"}}, 3),)

    def new_state(self, players, options, seed):
        return ToyState(self, players, options, seed)

    def render(self, state, ctx):
        return f"<svg data-heap='{state.heap}'></svg>"

    def rules(self, lang):
        return "# Toy"


GAME = Toy()
