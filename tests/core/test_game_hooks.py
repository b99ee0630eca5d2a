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
