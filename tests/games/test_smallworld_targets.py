"""The regions a race may attempt and what each costs, listed for all the
regions at once (``conquest.target_list``, ``conquest.costs``: issue 30,
item 5), are those of each region asked alone: rules notes §1.4 (a
conquest's cost: 2, 1 for a River, +1 per mountain, marker, token and
Monster token), §2 (immunities, places and relics, water) and the
Underground powers' reach and cost changes."""

from __future__ import annotations

import pytest

from plateau.core.rng import Rng
from plateau.games.smallworld import GAME, conquest, ug_powers
from plateau.games.smallworld.records import EMPTY

SETUPS = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (3, {"monsters": "random", "content": "mixed"}),
    (4, {"board": "underground", "content": "underground"}),
    (3, {"board": "random", "content": "mixed"}),
    (4, {"board": "underground", "content": "underground", "powers": "forced"}),
]


def start(n, options, seed):
    opts = dict(options)
    forced = opts.pop("powers", None) == "forced"
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed)
    if forced:
        # every badge one of the Underground powers (their reach, entry, water and
        # cost hooks); the Gnomes (power-proof regions) and races that change
        # costs first in the column
        deck = Rng(seed).shuffled(sorted(ug_powers.HOOKS) * 2)
        s.badges = deck[len(s.column):]
        first = ["gnomes", "ogres", "mummies", "flames", "cultists", "spiderines"]
        races = first + [c[0] for c in s.column if c[0] not in first] + [b for b in s.banners if b not in first]
        s.banners = races[len(s.column):]
        for i, c in enumerate(s.column):
            c[0], c[1] = races[i], deck[i]
    return s


def cost_alone(st, rid, r):
    """§1.4 for one region: what it opposes, then the attacker's changes (none
    against a power-proof region) and the region's, never below 1."""
    c = (1 if st.river[r] else 2) + st.mountain[r] + st.lair[r] + st.fort[r] + st.camp[r] + st.monster[r]
    if st.owner[r] != EMPTY:
        c += st.tok[r]
    c += sum(f(st, r, rid) for f in st.ruleset.defence)
    ks = [h(st, rid, r) for h in st.hook(rid, "cost")]
    red, up = sum(ks), sum(k for k in ks if k > 0)
    if red < up and conquest.proof(st, rid, r):
        red = up
    red += sum(h(st, rid, r) for h in st.ruleset.cost)
    return max(1, c + red) if red else c


def targets_alone(st, rid):
    return [r for r in range(st.R)
            if not conquest.protected_from(st, rid, r) and conquest.reachable(st, rid, r)]


@pytest.mark.parametrize("n, options", SETUPS)
def test_every_board_s_neighbours_go_both_ways(n, options):
    """A race's targets are looked for among the neighbours of its regions:
    a region beside one of them has one of them beside it."""
    for seed in range(3):
        s = start(n, options, seed)
        for r in range(s.R):
            for m in s.nbrs[r]:
                assert r in s.nbrs[m], (s.map_id, r, m)


def check_targets(s):
    """Every race on the map or in hand of table ``s``: its targets and
    their costs; how many targets were checked."""
    checked = 0
    for rid, rec in s.recs.items():
        if rec.dec or (not rec.hand and not s.regions_of(rid)):
            continue
        want = targets_alone(s, rid)
        assert conquest.target_list(s, rid) == want, (s.turn, rid)
        assert conquest.asking(s, conquest.target_list, s, rid) == want
        prices = [cost_alone(s, rid, t) for t in want]
        assert conquest.costs(s, rid, want) == prices, (s.turn, rid)
        assert [s.cost(rid, t) for t in want] == prices
        checked += len(want)
    return checked


@pytest.mark.parametrize("n, options", SETUPS)
def test_targets_and_costs_listed_together_are_those_of_each_region_alone(n, options):
    """At every ply of random games, for every race on the map or in hand:
    the same targets, in the same order, at the same costs, as asked region
    by region (also while the hooks are held, as ``legal_moves`` asks)."""
    checked = 0
    for seed in range(2):
        s = start(n, options, seed)
        r = Rng(seed ^ 5)
        plies = 0
        while not s.is_over() and plies < 400:
            checked += check_targets(s)
            ms = s.legal_moves()
            ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
            s.play(r.choice(ends) if ends and r.below(3) == 0 else r.choice(ms))
            plies += 1
    assert checked > 200  # the games did reach conquests


def test_the_tournament_s_tables_too():
    """The tables of an Arkhanis tournament add the events' closed regions
    and cheaper conquests (region-level rules) and the tournament's items."""
    from plateau.games.arkhanis import GAME as TOURNAMENT

    s = TOURNAMENT.start([f"P{i}" for i in range(12)], {}, 3)
    r = Rng(4)
    checked = plies = 0
    while not s.is_over() and plies < 500:
        for t in s.tables:
            checked += check_targets(t)
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
        s.play(r.choice(ends) if ends and r.below(3) == 0 else r.choice(ms))
        plies += 1
    assert checked > 200


def test_power_proof_regions_in_the_lists():
    """§2.1 Gnomes, during other players' turns: no power reaches their
    regions — not even a sea held by Seafaring Gnomes, for a Seafaring
    attacker — and no power makes them cheaper (the Ogres' −1)."""
    from sw_factory import begin, fresh, give

    s = fresh(2, content="mixed")
    w = next(r for r in range(s.R) if s.water[r] and any(not s.water[n] for n in s.nbrs[r]))
    land = next(n for n in s.nbrs[w] if not s.water[n])
    nb = next(n for n in s.nbrs[land] if not s.water[n] and n != w and not s.chasm[n])
    give(s, 1, "gnomes", "seafaring", {w: 2, nb: 1})
    att = give(s, 0, "ogres", "seafaring", {land: 3}, hand=8)
    begin(s, 0)
    assert w not in conquest.target_list(s, att) and w not in targets_alone(s, att)
    assert nb in conquest.target_list(s, att)  # a plain neighbour: open to a plain conquest
    assert s.cost(att, nb) == conquest.defence(s, nb, att)  # at full price: the Ogres' −1 does not count
    assert check_targets(s) > 0
    s.cur = 1  # on the Gnomes' own turn the sea is open to a seafaring race, and the Ogres pay less
    assert w in conquest.target_list(s, att) and w in targets_alone(s, att)
    assert s.cost(att, nb) == conquest.defence(s, nb, att) - 1
    assert check_targets(s) > 0


def test_the_shared_moves_are_the_moves_they_name():
    """``region_moves``: each shared move is the one its text describes, and
    the tables grow to a larger board (rows of ``mv`` remade at the new width)."""
    from plateau.core.game import Move
    from plateau.games.smallworld import region_moves as RM

    RM.covering(3)
    small = RM.mv_row(2)
    n = RM.covering(len(RM.CONQUER) + 7)
    assert RM.mv_row(2) is not small and len(RM.mv_row(2)) == n
    last = n - 1
    assert RM.mv_row(last)[2] == Move(f"mv:{last}-2", (f"r{last}", "r2"))
    assert RM.CONQUER[last] == Move(f"c:{last}", (f"r{last}",)) and RM.DIE[1] == Move("die:1", ("r1",))
    assert RM.ABANDON[4] == Move("abandon:4", ("abandon", "r4")) and RM.BACK[4] == Move("back:4", ("back", "r4"))
    assert RM.PUT[5] == Move("put:5", ("r5",)) and RM.ALL[5] == Move("all:5", ("all", "r5"))
    assert [RM.END, RM.DONE, RM.DECLINE, RM.ROLL, RM.PASS, RM.NOPEACE] == [
        Move(t, (t,)) for t in ("end", "done", "decline", "roll", "pass", "nopeace")]
