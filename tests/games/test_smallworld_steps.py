"""Small World's step stack (``plateau.games.smallworld.steps``): the turn's
phase at the bottom, the decisions waiting on top, and under them what the
turn goes on with once they are taken (issue 28, item 3: one way to
interrupt a turn). The top step says who plays and what; a decision taken
is popped and the turn resumes where it was interrupted."""

from __future__ import annotations

import pytest

from plateau.core.rng import Rng
from plateau.games.smallworld import GAME, steps
from plateau.games.smallworld.records import Decision, Phase, Resume, Step

from sw_factory import begin, decision, fresh, give, no_decisions, phase, put, texts
from test_smallworld_props import policy


def ug(n=2):
    s = fresh(n, board="underground")
    s.pile = []
    return s


def to_end_of_turn(s):
    """Ann ends her conquests and puts her tokens in hand back in her first region."""
    s.play("end")
    held = s.regions_of(s.acting)
    hand = s.recs[s.acting].hand
    if hand:
        s.play(f"all:{held[0]}" if hand > 1 else f"put:{held[0]}")
    s.play("done")


def kinds(s):
    return [d["kind"] for d in s.pending]


def test_a_fresh_table_has_its_phase_alone_on_the_stack():
    s = GAME.start(["Ann", "Bob"], {}, 0)
    assert s.stack == [Phase.PICK] and s.phase is Phase.PICK and s.pending == ()
    # a table dealt "by hand": the Monsters decision on top of turn 1's first phase
    s = GAME.start(["Ann", "Bob"], {"monsters": "hand"}, 0)
    assert s.stack[0] is Phase.PICK and isinstance(s.stack[1], Decision) and len(s.stack) == 2
    assert s.to_play == 0 and kinds(s) == ["monsters"] and s.view(None)["phase"] == "pick"


def test_decisions_raised_together_are_taken_in_order_then_the_turn_goes_on():
    """Froggy's Ring ("at end of turn place it in a held region", §2.3) and
    the Altar of Souls (an ``end`` effect of the In Decline race) both
    wait at the end of Ann's turn: the Ring, raised first, is on top and
    decides who plays and what; the Altar comes next; then the defence
    resumes and Bob's turn starts."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 2, 25: 1})
    put(s, 14, "froggys_ring")
    give(s, 0, "orcs", "hill", {1: 1, 4: 1}, dec=True)
    put(s, 4, "altar")
    give(s, 1, "ogres", "merchant", {15: 1})
    begin(s, 0)
    to_end_of_turn(s)
    assert kinds(s) == ["ring", "altar"]
    assert s.stack[0] is Phase.REDEPLOY and s.stack[1] == Resume(Step.DEFEND)
    assert s.stack[-1]["kind"] == "ring" and s.stack[-2]["kind"] == "altar"
    assert s.to_play == 0 and set(texts(s)) == {"ring:14", "ring:25", "noring"}
    # the view writes the stack as before: the phase, the decisions in order, the last one resuming a step
    v = s.view(0)
    assert v["phase"] == "redeploy" and [d["kind"] for d in v["pending"]] == ["ring", "altar"]
    assert "then" not in v["pending"][0] and v["pending"][1]["then"] == "defend"
    s.play("ring:25")
    assert kinds(s) == ["altar"] and s.stack[-2] == Resume(Step.DEFEND) and s.cur == 0
    assert all(m.text.startswith(("altar", "noaltar")) for m in s.legal_moves())
    s.play("noaltar")
    # the Resume ran at once: the defence (nobody's tokens to put back) and the next turn
    assert s.pending == () and not any(isinstance(x, Resume) for x in s.stack)
    assert s.cur == 1 and s.to_play == 1 and len(s.stack) == 1


def test_an_interrupted_pick_resumes_where_it_was_twice():
    """Shadow Mimes "when picked, may swap their badge" (§2.1): the pick's
    effects stop for that decision and go on from the next effect once it
    is taken. The badge taken is the Magic power, whose own pick effect
    asks which relic its Bag copies: a second interruption of the same
    pick, resumed after the third effect's place, then the conquests."""
    s = GAME.start(["a", "b"], {"board": "underground", "content": "underground"}, 2)
    s.column[3][0] = "shadow_mimes"
    s.column[1][1] = "magic"
    s.relic[0] = "scepter"  # a relic in play for the Bag to copy
    s.found = 1
    s.play("pick:3")
    assert s.stack == [Phase.CONQUER, Resume(Step.PICKED, 1), {"kind": "mimic", "p": 0}]
    assert s.view(0)["pending"] == [{"kind": "mimic", "p": 0, "then": "picked:1"}]
    s.play("mimic:2")  # the Magic power, then the effects from the second on: Magic's own
    rid = s.active[0]
    assert s.recs[rid].power == "magic"
    assert s.stack == [Phase.CONQUER, Resume(Step.PICKED, 2), {"rid": rid, "kind": "bag", "p": 0}]
    assert texts(s) == ["bag:scepter"]
    s.play("bag:scepter")
    assert s.stack == [Phase.CONQUER] and s.x["bag"]["copy"] == "scepter"
    assert "end" in texts(s) and s.to_play == 0


def test_a_decision_during_a_decline_then_one_at_its_end():
    """Tomb "on decline keeps all tokens and redeploys once more" (§2.2)
    before the decline turn scores; the Altar of Souls then asks at the
    turn's end. The decline waits under the Tomb's redeployment, the
    defence under the Altar: each resumes where it was."""
    s = ug()
    rid = give(s, 0, "ratmen", "tomb", {24: 3, 25: 2})
    put(s, 25, "altar")
    give(s, 1, "ogres", "merchant", {15: 1})
    begin(s, 0)
    s.play("decline")
    assert s.stack[1:] == [Resume(Step.DECLINE_SCORE), {"rid": rid, "kind": "tomb", "p": 0}]
    coins = s.coins[0]
    s.play("tmv:24-25")
    assert kinds(s) == ["tomb"] and s.coins[0] == coins  # a tomb move keeps the decision on top
    s.play("tomb_done")
    # the decline scored (two regions), its turn ended: the Altar's question, the defence under it
    assert s.coins[0] == coins + 2 and s.recs[rid].dec
    assert s.stack[1:] == [Resume(Step.DEFEND), {"rid": rid, "kind": "altar", "p": 0}]
    s.play("noaltar")
    assert s.stack == [s.phase] and s.cur == 1


def test_a_clone_has_its_own_stack():
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 2, 25: 1})
    put(s, 14, "froggys_ring")
    begin(s, 0)
    to_end_of_turn(s)
    before = [dict(x) if isinstance(x, dict) else x for x in s.stack]
    c = s.clone()
    assert c.stack == s.stack and c.stack is not s.stack and c.stack[-1] is not s.stack[-1]
    c.stack[-1]["seen"] = True  # a decision's details belong to its position
    c.play("noring")
    assert c.pending == () and c.cur == 1
    assert s.stack == before and kinds(s) == ["ring"] and s.cur == 0
    s.play("ring:25")
    assert s.cur == 1 and s.relic[25] == "froggys_ring" and c.relic[14] == "froggys_ring"


def test_a_misspelt_step_is_an_error_where_it_is_written():
    """Steps are members and classes, not strings: a phase, a resumed step
    or a decision that does not exist stops at once, never leaves a turn
    waiting for ever."""
    s = GAME.start(["Ann", "Bob"], {"monsters": "hand"}, 0)
    with pytest.raises(ValueError):
        s.phase = "conqur"
    with pytest.raises(ValueError, match="no decision 'monstres'"):
        s.push("monstres", 0)
    with pytest.raises(ValueError):
        steps.wait(s, "redeploy_typo")
    with pytest.raises(ValueError):
        decision(s, "monsters", 0, then="defnd")
    v = s.view(None)
    v["pending"][-1]["then"] = "redeploy_typo"
    with pytest.raises(ValueError):
        steps.load(s.clone(), v["phase"], v["pending"])
    with pytest.raises(AttributeError):
        s.pending.clear()  # the decisions are read here; the stack is changed through its steps
    assert s.stack[0] is Phase.PICK and kinds(s) == ["monsters"]


def test_nothing_waits_nothing_resumes():
    """:func:`steps.wait` with no decision raised lets the piece of the turn go on now."""
    s = ug()
    give(s, 0, "ratmen", "alchemist", {14: 2})
    begin(s, 0)
    assert steps.wait(s, Step.DEFEND) is False and s.stack == [Phase.CONQUER]
    phase(s, "redeploy")
    decision(s, "ring", 0, rid=s.active[0], src="froggys_ring")
    assert steps.wait(s, Step.AFTER_REDEPLOY) is True
    assert s.stack == [Phase.REDEPLOY, Resume(Step.AFTER_REDEPLOY), s.stack[-1]]
    no_decisions(s)
    assert s.stack == [Phase.REDEPLOY]


@pytest.mark.parametrize("n,opts,seed", [
    (2, {"board": "underground", "content": "underground"}, 1),
    (3, {"monsters": "hand", "content": "mixed"}, 2),
    (4, {"board": "underground", "content": "underground"}, 5),
])
def test_the_stack_rebuilds_from_every_view_of_a_game(n, opts, seed):
    """A view writes the stack (``phase``, ``pending`` with ``then``) and
    :func:`steps.load` reads it back to the same steps, at every ply of a
    random game; the top step is who plays, and is never a step that
    resumes (it runs as soon as it is uncovered)."""
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    r = Rng(seed)
    nested = 0
    while not s.is_over():
        v = s.view(None)
        back = s.clone()
        steps.load(back, v["phase"], v["pending"])
        assert back.stack == s.stack
        assert [type(x) for x in back.stack] == [type(x) for x in s.stack]
        top = s.stack[-1]
        assert s.stack[0] is s.phase and not isinstance(top, Resume)
        if isinstance(top, Decision):
            assert s.to_play == top["p"]
            nested += any(isinstance(x, Resume) for x in s.stack)
        s.play(policy(s, r))
    assert nested > 0  # some decisions of these games interrupted a piece of the turn
