"""The boards' render models are built from what their viewer may see: a
hidden value never reaches the model the drawing is made from (README,
"Hidden information": between turns the app "shows only what that player
may see")."""

from __future__ import annotations

import random

from plateau.core.game import PUBLIC, RenderContext
from plateau.core.registry import get_game


def _play(gid, opts, n, seed, until):
    g = get_game(gid)
    st = g.start(["Ann", "Bob", "Cleo", "Dan", "Eve"][:n], g.full_options(opts), seed)
    rnd = random.Random(seed)
    while not until(st):
        st.apply(rnd.choice(st.legal_moves()))
    return g, st


def test_armadora_model_holds_a_hidden_warriors_value_only_for_who_may_know_it():
    from plateau.games.armadora.render_model import build

    g, st = _play("armadora", {"review": "no"}, 2, 3,
                  lambda s: any(s.owner[q] == 1 and not s.faceup[q] for q in range(len(s.owner))))
    for viewer in (0, 1, PUBLIC, None):
        board = build(st, RenderContext(viewer=viewer, lang="en"))
        for w in board.warriors:
            assert w.value == st.visible_value(w.s, viewer)
            assert ("value" in w.label) == (w.value is not None)
    hidden = [w for w in build(st, RenderContext(viewer=0)).warriors if st.owner[w.s] == 1 and not w.faceup]
    assert hidden and all(w.value is None for w in hidden)
    assert all(w.value is not None for w in build(st, RenderContext(viewer=None)).warriors)


def test_troy_model_shows_a_treasure_only_to_who_knows_it_and_the_closed_horse_empty():
    from plateau.games.troy.render import _log_room
    from plateau.games.troy.render_model import build

    g, st = _play("troy", {}, 3, 5, lambda s: any(s.knows(p, d) for p in range(3) for d in range(7))
                  and not all(s.knows(p, d) for p in range(3) for d in range(7)))
    for viewer in (0, 1, 2, PUBLIC):
        board = build(st, RenderContext(viewer=viewer), _log_room)
        for dist in board.districts:
            assert (dist.known is not None) == st.knows(viewer, dist.d)
        assert board.glass == st.horse_visible(viewer)
        if not board.glass:
            assert board.horse == ()
    assert all(d.known is not None for d in build(st, RenderContext(viewer=None), _log_room).districts)


def test_thorval_model_keeps_the_treasures_face_down_for_a_player():
    from plateau.games.thorval.render import _event_lines
    from plateau.games.thorval.render_model import build

    g, st = _play("thorval", {}, 3, 7, lambda s: any(case >= 0 and not found for _o, _k, case, found in s.tre))

    def model(viewer):
        return build(st, RenderContext(viewer=viewer), lambda s, lang: _event_lines(s, lang, 12))

    assert model(0).treasures and all(kind is None for _c, _o, kind in model(0).treasures)
    assert all(kind is None for _c, _o, kind in model(PUBLIC).treasures)
    assert all(kind is not None for _c, _o, kind in model(None).treasures)


def test_smallworld_model_hides_the_others_coins():
    # rules-notes/smallworld.md §1.5: "Coin totals are hidden."
    from plateau.games.smallworld.render_model import build

    g, st = _play("smallworld", {}, 3, 9, lambda s: s.turn >= 2)
    board = build(st, RenderContext(viewer=0, lang="en"))
    shown = {b.p: b.coins for b in board.players}
    assert str(st.coins[0]) in shown[0]
    for p in (1, 2):
        assert not any(ch.isdigit() for ch in shown[p])
    assert not any(f"{st.coins[1]} coin" in e for e in board.events if "Bob" in e)
    spectator = build(st, RenderContext(viewer=PUBLIC, lang="en"))
    assert not any(any(ch.isdigit() for ch in b.coins) for b in spectator.players)
    everything = build(st, RenderContext(viewer=None, lang="en"))
    assert all(str(st.coins[b.p]) in b.coins for b in everything.players)


def test_smallworld_model_asks_the_rules_for_costs_only_in_the_conquest_phase():
    from plateau.games.smallworld import render_model as M

    g, st = _play("smallworld", {}, 2, 9, lambda s: s.phase == "conquer" and s.acting is not None
                  and s.tp.roll is None)
    board = M.build(st, RenderContext(viewer=st.to_play, lang="en"))
    attack = M.attackable(st)
    assert attack and board.costs is not None
    hand = st.recs[st.acting].hand
    assert [r for r, _c, _die in board.costs] == [r for r, c, _n in attack if c <= hand + 3 and hand]
    for reg in board.regions:
        costs = {r: c for r, c, _n in attack}
        assert ("costs" in reg.hit.label or "cost" in reg.hit.label) == (reg.r in costs) or reg.r not in costs
    g, st = _play("smallworld", {}, 2, 9, lambda s: s.phase != "conquer")
    assert M.attackable(st) == [] and M.build(st, RenderContext(lang="en")).costs is None
