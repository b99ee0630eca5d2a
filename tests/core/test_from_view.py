"""A declared view per game (issue 38, item 4): ``Game.from_view(view,
player, rng)`` turns what a player may see back into a position, in the
game's own package (its ``fromview`` module), not in the computer player's
``ai.py``; the computer (its ``determinize`` hook) and a club guest use the
same function. The position it builds shows the player exactly the view it
came from, and a guest building the host's position imports no computer
player."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from plateau.core.registry import GAMES, get_game
from plateau.core.rng import Rng

PY = Path(__file__).resolve().parents[2] / "py"
SITE_GAMES = [gid for gid, mod in GAMES.items() if mod.startswith("plateau.games.")]


@pytest.mark.parametrize("gid", SITE_GAMES)
def test_the_position_from_a_view_shows_that_view_again(gid):
    g = get_game(gid)
    state = g.start([f"P{i}" for i in range(g.min_players)], g.full_options({}), 3)
    rnd = random.Random(gid)
    for _ in range(30):
        if state.is_over():
            break
        for p in range(g.min_players):
            view = state.view(p)
            assert g.from_view(view, p, Rng(5)).view(p) == view
        state.play(rnd.choice(state.legal_moves()).text)


@pytest.mark.parametrize("gid", SITE_GAMES)
def test_the_computers_hook_is_the_games_from_view(gid):
    ai = __import__(f"plateau.games.{gid}.ai", fromlist=["determinize"])
    fromview = __import__(f"plateau.games.{gid}.fromview", fromlist=["from_view"])
    assert ai.determinize is fromview.from_view


def test_a_guest_draws_the_hosts_position_without_the_computer_player():
    code = """
import sys
from plateau.core.registry import get_game
from plateau.web.club import build_state
for gid in ("thud", "armadora", "troy", "thorval", "smallworld", "arkhanis"):
    g = get_game(gid)
    st = g.start([f"P{i}" for i in range(g.min_players)], g.full_options({}), 3)
    build_state(gid, st.view(1), 1)
ai = sorted(m for m in sys.modules if m == "plateau.ai" or m.startswith("plateau.ai.") or m.endswith(".ai"))
print(ai)
"""
    out = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(PY)}, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_a_game_without_a_view_module_says_so():
    from plateau.core.game import Game

    class NoView(Game):
        id = "noview"

    with pytest.raises(NotImplementedError, match="noview: no position from a view"):
        NoView().from_view({}, 0, Rng(1))
