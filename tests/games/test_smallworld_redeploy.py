"""Small World's redeployment ends (rules revision 1) and games played before
still replay (revision 0).

Rules notes §1.5 "Redeploy: move active tokens freely between own regions,
≥1 per region." Moving tokens back and forth is free in the rulebook; on
screen it let a turn go on forever. From revision 1 (rules help, "Redeploy"):
"a region that gave tokens in this redeployment receives none again, and a
region that received tokens (put from your hand or moved there) gives none;
encampments and heroes likewise"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plateau.core.game import REVISION_OPTION, IllegalMove
from plateau.core.record import Record, RecordError, decode, encode
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME

from sw_factory import begin, fresh, give, region, texts

DATA = json.loads((Path(__file__).parent / "smallworld_rev0_records.json").read_text(encoding="utf-8"))


def redeploying(rev=1, power="hill", regions=None, hand=0, **opts):
    """Player 0 redeploys, his readied tokens back where they were, ``hand`` in hand."""
    regions = regions or {1: 4, 2: 1, 5: 1}
    s = fresh(**{REVISION_OPTION: rev}, **opts)
    rid = give(s, 0, "ratmen", power, regions)
    begin(s, 0)
    s.play("end")
    assert s.phase == "redeploy"
    for r, k in regions.items():
        region(s, r, rid, k)
    s.recs[rid].hand = hand
    return s


def longest_redeploy(s, limit=400):
    """Play redeployment moves other than ``done`` (the first one offered)
    until none is left; the number played, or ``limit`` if it never stops."""
    for k in range(limit):
        moves = [t for t in texts(s) if t != "done"]
        if s.phase != "redeploy" or not moves:
            return k
        s.play(moves[0])
    return limit


def test_a_token_moved_does_not_come_back():
    """Rules help "a region that gave tokens in this redeployment receives none again"."""
    s = redeploying()
    assert "mv:1-2" in texts(s) and "mv:2-1" not in texts(s)
    s.play("mv:1-2")
    assert s.tok[1:3] == [3, 2]
    assert "mv:2-1" not in texts(s) and "mv:2-5" not in texts(s)  # 2 received: it gives none
    assert "mv:5-1" not in texts(s)  # 1 gave: it receives none
    assert "mv:1-5" in texts(s)  # 1 may still give
    with pytest.raises(IllegalMove):
        s.play("mv:2-1")


@pytest.mark.parametrize("power,regions,hand", [
    ("hill", {1: 4, 2: 1, 5: 1}, 0),
    ("hill", {1: 3, 2: 3, 5: 3, 6: 1}, 3),
    ("bivouacking", {1: 3, 2: 2, 5: 1}, 0),
    ("heroic", {1: 3, 2: 2, 5: 1}, 0),
])
def test_every_redeployment_ends(power, regions, hand):
    """Rules help "A redeployment always ends": without pressing "End turn",
    the moves run out (each token, camp and hero moves at most once)."""
    s = redeploying(power=power, regions=regions, hand=hand)
    n = longest_redeploy(s)
    tokens = sum(regions.values()) + hand
    assert n <= 2 * tokens + 20
    assert "done" in texts(s)


def test_revision_0_keeps_the_old_moves():
    """A game of revision 0 keeps moving tokens back and forth (old records replay)."""
    s = redeploying(rev=0)
    s.play("mv:1-2")
    assert "mv:2-1" in texts(s) and not any(t.startswith("back:") for t in texts(s))
    assert longest_redeploy(s, 200) == 200  # the old moves never run out


def test_take_all_back_then_put_elsewhere():
    """Rules help: "Take all back" then a region takes all its tokens but one
    back into your hand, to put them elsewhere."""
    s = redeploying()
    assert "back:1" in texts(s) and "back:2" not in texts(s)  # 2 has a single token
    s.play("back:1")
    assert s.tok[1] == 1 and s.recs[s.acting].hand == 3
    assert set(texts(s)) == {"put:2", "put:5", "all:2", "all:5"}  # region 1 gave: not back there
    s.play("put:5")
    s.play("all:2")
    assert s.tok[1:3] == [1, 3] and s.tok[5] == 2
    assert "mv:2-1" not in texts(s) and "back:1" not in texts(s)  # 1 gave: it gets nothing back
    s.play("mv:2-5")
    assert "back:5" not in texts(s) and "mv:5-2" not in texts(s)  # 5 received a moved token
    s.play("done")
    assert s.cur == 1


def test_take_all_back_needs_somewhere_to_put_them():
    s = redeploying(regions={1: 4})
    assert texts(s) == ["done"]


def test_camps_and_heroes_do_not_come_back():
    """Rules help "encampments and heroes likewise (a region that lost one gets none back, one that got one keeps it)"."""
    s = redeploying(power="bivouacking", regions={1: 3, 2: 2})
    s.play("camp:1")
    assert "uncamp:1" not in texts(s)
    s = redeploying(power="heroic", regions={1: 3, 2: 2})
    s.play("hero:1")
    s.play("hero:2")
    assert "unhero:1" not in texts(s) and "done" in texts(s)


def test_heroes_taken_off_can_always_be_put_down_again():
    """Heroic: both heroes must be down before the turn ends (rules help); a
    hero taken off a region goes back there when no other region is free."""
    s = fresh(**{REVISION_OPTION: 1})
    give(s, 0, "ratmen", "heroic", {1: 2, 2: 2})
    s.hero[1] = s.hero[2] = True
    begin(s, 0)
    s.play("end")
    s.play("all:1")
    s.play("unhero:1")
    assert "done" not in texts(s) and texts(s).count("hero:1") == 1
    s.play("hero:1")
    assert "done" in texts(s) and "unhero:1" not in texts(s)


def test_tomb_last_redeployment_ends():
    """§2.2 Tomb "redeploys once more": under revision 1 that redeployment ends too."""
    s = fresh(2, board="underground", **{REVISION_OPTION: 1})
    give(s, 0, "ratmen", "tomb", {24: 3, 25: 2})
    begin(s, 0)
    s.play("decline")
    s.play("tmv:24-25")
    assert "tmv:25-24" not in texts(s)
    s2 = fresh(2, board="underground", **{REVISION_OPTION: 0})
    give(s2, 0, "ratmen", "tomb", {24: 3, 25: 2})
    begin(s2, 0)
    s2.play("decline")
    s2.play("tmv:24-25")
    assert "tmv:25-24" in texts(s2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_players_finish_their_games(seed):
    """A player choosing at random, who ends a redeployment only when nothing
    else is left, is never caught in it: a 3-player game ends."""
    s = GAME.start(["a", "b", "c"], {}, seed)
    rng = Rng(seed)
    for _ in range(5000):
        if s.is_over():
            break
        moves = s.legal_moves()
        if s.phase == "redeploy" and not s.pending:
            moves = [m for m in moves if m.text != "done"] or moves
        s.apply(moves[rng.below(len(moves))])
    assert s.is_over()


def test_status_line_says_what_the_next_click_does():
    from plateau.games.smallworld.catalogue import click_hint

    s = redeploying(hand=2)
    assert "puts a token there (+1)" in s.status("en")
    s.play("all:2")
    assert "moves a token there" in s.status("en") and "Take all back" in s.status("en")
    assert click_hint(s, ["r1"], "en").startswith("Region 1 chosen: click the region")
    assert "Take all back" in click_hint(s, ["back"], "en")
    s.play("mv:1-2")  # no target disappears unsaid
    assert "region 1 gave tokens: none go back there" in s.status("en")
    assert "region 2 received a moved token: it gives none" in s.status("en")


# ------------------------------------------------------- old records (rev 0)
@pytest.mark.parametrize("game", ["smallworld", "arkhanis"])
def test_record_from_revision_0_replays_to_the_same_end(game):
    """A game saved before the finite redeployment (no rules revision in its
    options: revision 0), which moved tokens back and forth, opens and
    replays to the very end it had."""
    d = DATA[game]
    rec = Record.from_json(json.loads(json.dumps(d["record"])))
    assert rec.options[REVISION_OPTION] == 0
    moves = rec.moves
    back = [i for i in range(1, len(moves)) if moves[i].startswith("mv:") and moves[i - 1].startswith("mv:")
            and moves[i][3:].split("-") == moves[i - 1][3:].split("-")[::-1]]
    assert back, "the record moves a token back where it came from"
    st = decode(encode(rec)).replay()
    tables = getattr(st, "tables", None) or [st]
    assert [[list(t.owner), list(t.tok)] for t in tables] == d["board"]
    assert list(st.coins) == d["coins"] and st.turn == d["turn"]
    # under today's rules the same moves are refused where a token goes back
    new = dict(d["record"], o={**d["record"]["o"], REVISION_OPTION: GAME.revision})
    with pytest.raises(RecordError) as e:
        Record.from_json(new).replay()
    assert e.value.code == "illegal" and e.value.ply in back
