"""What every game shares: the game protocol, randomness, records."""

from .game import Game, IllegalMove, Move, Option, RenderContext, RulesError, State
from .record import Record, RecordError, decode, encode, load
from .rng import Rng

__all__ = [
    "Game", "IllegalMove", "Move", "Option", "RenderContext", "RulesError", "State",
    "Record", "RecordError", "decode", "encode", "load", "Rng",
]
