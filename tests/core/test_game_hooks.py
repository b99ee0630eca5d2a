"""The hooks of the game protocol keep today's behaviour by default:
descriptions are the public move text, the score table wraps ``scores()``,
and a game with hidden information passes the device whenever the decider
changes unless it says precisely what each player may know."""

from __future__ import annotations

import toygame

from plateau.core.game import PUBLIC, holder_after, must_pass_between, view_secrets


class Hidden(toygame.ToyState):
    """The toy game with a secret: its view hides ``secret`` from players."""

    def hidden_info(self):
        return True


def hidden_state():
    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    h = Hidden.__new__(Hidden)
    h.__dict__.update(s.__dict__)
    return h


def test_default_description_and_label_are_the_public_move_text():
    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    assert toygame.GAME.describe_move(s, "take2", 0, "fr") == "take2"
    assert toygame.GAME.move_label(s, "take2", PUBLIC, "en") == "take2"


def test_default_score_table_wraps_scores():
    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    t = s.score_table("en", None)
    assert t["columns"] == ["Player", "Score"] and t["rows"] == [["Ann", "0"], ["Bob", "0"]]
    assert s.score_table("fr")["columns"][0] == "Joueur"


def test_default_pass_rule_is_every_change_of_decider():
    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    assert not must_pass_between(s, 0, 1)  # nothing hidden
    assert holder_after(s, 1) == 1  # unchanged when nothing is hidden, as before
    h = hidden_state()
    assert must_pass_between(h, 0, 1) and must_pass_between(h, 1, 0) and must_pass_between(h, None, 0)
    assert not must_pass_between(h, 0, 0)
    assert holder_after(h, 1) is None and holder_after(h, 0) == 0


def test_view_secrets_are_what_a_spectator_view_lacks():
    h = hidden_state()
    assert view_secrets(h, 0) == frozenset()  # players see no more than spectators
    assert view_secrets(h, None) == frozenset({(("secret",), h.secret)})
    assert view_secrets(h, PUBLIC) == frozenset()


def test_the_play_screens_hooks_are_declared_and_say_nothing_by_default():
    """``home_regions``, ``glossary``, ``click_hint`` and ``turn_gain`` are
    methods of every game (issue 38, item 4): the page calls them, it never
    looks them up by name."""
    import ast
    from pathlib import Path

    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    g = toygame.GAME
    assert g.home_regions(s, "", [0]) == [] and g.glossary(s, "en") == ("", [])
    assert g.click_hint(s, ["a"], "en") == "" and g.turn_gain(s, s, 0, "en") == "" and not g.says_turn_gain
    from plateau.core.registry import get_game

    sw = get_game("smallworld")
    st = sw.start(["Ann", "Bob"], {}, seed=1)
    assert sw.says_turn_gain and sw.glossary(st, "en")[1]
    play = Path(__file__).resolve().parents[2] / "py" / "plateau" / "web" / "play.py"
    looked_up = [ast.unparse(n) for n in ast.walk(ast.parse(play.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Call) and ast.unparse(n.func) in ("getattr", "hasattr")
                 and "game" in ast.unparse(n.args[0])]
    assert looked_up == []


def test_a_position_is_described_by_default_as_the_status_line_and_the_panel():
    """``describe_position`` (issue 42, item 2) is declared on every game: by
    default the status line, then each section of the panel on one line."""
    s = toygame.GAME.start(["Ann", "Bob"], {"max": 3}, seed=1)
    g = toygame.GAME
    assert g.describe_position(s, 0, "en") == [line for line in [s.status("en")] if line]

    class Panelled(type(g)):
        def panel(self, state, viewer, lang):
            return [{"title": "Players", "lines": ["Ann 3", "  in hand: 2", ""]}, {"title": "Empty", "lines": []}]

    lines = Panelled().describe_position(s, PUBLIC, "fr")
    assert lines[-1] == "Players : Ann 3 · in hand: 2"
