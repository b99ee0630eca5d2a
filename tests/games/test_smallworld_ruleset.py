"""Small World's rules as a value (issue 28, item 1): a game plays with the
ruleset its state holds, built from the content it uses; the Arkhanis
tournament adds its items and events to its own tables' ruleset only, so
that "importing a module never changes another game"."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from plateau.games.smallworld import GAME
from plateau.games.smallworld import content as C
from plateau.games.smallworld.ruleset import Content, Ruleset

ROOT = Path(__file__).resolve().parents[2]

# Plays a few plain Small World games with a fixed random policy and prints,
# per game, the moves, a hash of the full position every 20 plies, the shared
# record's link text and the rules the game ran through. With an argument,
# the tournament is imported first.
_PLAY = r"""
import hashlib, json, sys
if len(sys.argv) > 1:
    import plateau.games.arkhanis  # noqa: F401  (the tournament, its items and events)
    import plateau.games.arkhanis.ai  # noqa: F401
from plateau.core.record import Record, encode
from plateau.core.rng import Rng
from plateau.games.smallworld import GAME

def h(v):
    return hashlib.sha256(json.dumps(v, sort_keys=True, default=str).encode()).hexdigest()

out = []
for n, opts, seed in [(2, {}, 1), (3, {"monsters": "random", "content": "mixed"}, 2),
                      (3, {"board": "underground", "content": "underground"}, 3),
                      (4, {"monsters": "random", "content": "mixed", "_rev": 0}, 4)]:
    names = [f"P{i}" for i in range(n)]
    opts = GAME.full_options(opts)
    s = GAME.start(names, opts, seed)
    r = Rng(seed)
    moves, states = [], []
    while not s.is_over() and len(moves) < 3000:
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
        m = r.choice(ends) if ends and r.below(3) == 0 else r.choice(ms)
        s.play(m.text)
        moves.append(m.text)
        if len(moves) % 20 == 0:
            states.append(h(s.view(None)))
    rules = s.ruleset
    tables = {k: len(getattr(rules, k)) for k in ("defence", "cost", "protect", "immune", "no_score", "moves",
                                                  "actions", "pending")}
    out.append({"moves": moves, "states": states, "end": h(s.view(None)), "winners": s.winners(),
                "link": h(encode(Record("smallworld", opts, seed, names, moves))),
                "content": sorted(rules.content), "hooks": sorted(rules.hooks), "tables": tables})
print(json.dumps(out))
"""


def _play(tournament_first: bool) -> list:
    args = [sys.executable, "-c", _PLAY] + (["tournament"] if tournament_first else [])
    done = subprocess.run(args, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=600, check=True)
    return json.loads(done.stdout)


def test_a_plain_game_is_the_same_whether_or_not_the_tournament_was_imported():
    """Issue 28, item 1: "Importing a module never changes another game" — the same moves, positions,
    shared links and rules, in a fresh interpreter that imported the tournament first and in one that did not."""
    plain, after = _play(False), _play(True)
    assert len(plain) == 4 and all(g["winners"] for g in plain)
    for a, b in zip(plain, after):
        assert a == b
    assert not {"mill", "temple", "pendant", "tavern"} & set(plain[0]["content"])
    assert plain[0]["tables"]["cost"] == 0 and plain[0]["tables"]["no_score"] == 0


def test_the_tournament_tables_play_with_their_own_ruleset():
    """The tournament's items (rules notes §3.10) and events (§3.2) join its tables' ruleset, never
    Small World's standard one."""
    from plateau.games.arkhanis import GAME as ARK
    from plateau.games.arkhanis import items as I
    from plateau.games.arkhanis.tournament import TABLE_RULES

    t = ARK.start([f"P{i}" for i in range(6)], {}, 1)
    table = t.tables[0]
    assert table.ruleset is TABLE_RULES
    assert set(I.ITEMS) <= set(TABLE_RULES.content) and not set(I.ITEMS) & set(C.STANDARD.content)
    assert "pendant" in TABLE_RULES.relics and "pendant" not in C.STANDARD.relics
    assert len(TABLE_RULES.cost) == len(C.STANDARD.cost) + 1
    assert len(TABLE_RULES.protect) == len(C.STANDARD.protect) + 1
    assert "mirror" in TABLE_RULES.actions and "mirror" not in C.STANDARD.actions
    assert GAME.start(["a", "b"], {}, 1).ruleset is C.BASE_ONLY
    assert GAME.start(["a", "b"], {"content": "mixed"}, 1).ruleset is C.STANDARD
    # the table's items have their names where the board and the log show them
    assert table.ruleset.name("mill", "en") == "Mill of the Galinette" and C.name("mill", "en") == "mill"
    from plateau.games.smallworld.catalogue import event_text

    said = event_text(["Ann", "Bob"], "found", {"p": 0, "r": 3, "item": "pendant"}, "en", rules=table.ruleset)
    assert "Moonstone Pendant" in said and "pendant" not in said


def test_a_ruleset_is_immutable_and_shared_by_clones():
    s = GAME.start(["a", "b"], {"content": "mixed"}, 2)
    assert s.clone().ruleset is s.ruleset
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.ruleset.cost = ()
    with pytest.raises(TypeError):
        s.ruleset.content["ratmen"] = None
    with pytest.raises(TypeError):
        s.ruleset.hooks["orcs"]["score"] = None
    with pytest.raises(TypeError):
        s.ruleset.moments["score"][0]["orcs"] = None
    assert s.ruleset.moments["score"][0]["orcs"] is s.ruleset.hooks["orcs"]["score"]
    assert isinstance(s.ruleset.defence, tuple)


def test_extending_a_ruleset_makes_a_new_one_and_replaces_nothing():
    extra = Ruleset(content={"well": Content("well", "place", hooks={"end": lambda st, rid: None})},
                    cost=(lambda st, rid, r: 0,))
    more = C.STANDARD.plus(extra)
    assert "well" in more.content and "well" not in C.STANDARD.content
    assert len(more.cost) == len(C.STANDARD.cost) + 1 and "well" in more.hooks
    with pytest.raises(ValueError):
        more.plus(extra)  # the Well is there already
    with pytest.raises(ValueError):
        C.STANDARD.plus(Ruleset(actions={"vamp": lambda st, arg: None}))  # the Vampire's move head
    with pytest.raises(ValueError):
        C.STANDARD.but(Content("well", "place"))  # nothing of that name to stand in for


def test_one_record_per_race_power_place_relic_and_monster():
    """§1 and §2: 14 + 15 races, 20 + 21 powers, 9 places, 6 relics; the two figures of the Underground
    boards with rules of their own (Golden Knight, Snow Thing) are monster records."""
    kinds = {k: C.STANDARD.of_kind(k) for k in ("race", "power", "place", "relic", "monster")}
    assert [len(kinds[k]) for k in kinds] == [29, 41, 9, 6, 2]
    amazons = C.STANDARD.content["amazons"]
    assert (amazons.tokens, amazons.box, amazons.extra) == (6, 15, 4)
    assert C.STANDARD.content["golden_knight"].tokens == 2 and C.STANDARD.content["snow_thing"].tokens == 1
    for key, c in C.STANDARD.content.items():
        if c.kind in ("race", "power", "place", "relic"):
            assert c.names.get("fr") and c.names.get("en"), key


# -------------------------------------------------- item 2: no rule by name in the engine
def _names_in_rules_py() -> dict:
    """String constants of rules.py that are the name of a record, with their lines."""
    import ast

    from plateau.games.smallworld import rules

    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in C.STANDARD.content:
            out.setdefault(node.value, []).append(node.lineno)
    return out


def test_the_engine_reads_no_race_power_or_item_by_name():
    """Issue 28, item 2: every race and power goes through the same hooks. What is left in rules.py are
    words that are not records' names there: the steps ``diplomat`` and ``stout`` (the turn waits for a
    choice), the race record's field ``spirit`` (seen in the views and in saved positions) and ``hill`` as
    a terrain (the 5-player map's region 28), not the power."""
    found = _names_in_rules_py()
    assert set(found) <= {"diplomat", "stout", "spirit", "hill"}, found
    for name in ("amazons", "heroic", "elves", "halflings", "ghouls", "sorcerers", "berserk", "flying",
                 "seafaring", "dragon_master", "fortified", "bivouacking", "underworld", "wealthy"):
        assert name not in found


def _with(s, *records, **tables):
    s.ruleset = s.ruleset.plus(Ruleset(content={c.name: c for c in records}, **tables))
    return s


def test_a_new_race_is_one_record():
    """A race that enters anywhere and loses nothing when attacked (Halflings' entry, Elves' losses, §1
    races) acts through hooks only: one record added to the ruleset, no engine change."""
    from sw_factory import begin, fresh, give, region, texts

    def entry(st, rid, r):
        return True

    def losses(st, rid, r, by):
        return 0

    s = _with(fresh(), Content("moles", "race", 5, 10, hooks={"entry": entry, "losses": losses},
                               names={"en": "Moles", "fr": "Taupes"}))
    s.column[0] = ["moles", "commando", 0]
    begin(s, 0)
    s.play("pick:0")
    inland = [r for r in range(s.R) if not s.entry[r] and not s.water[r] and not s.chasm[r]]
    assert inland and all(f"c:{r}" in texts(s) for r in inland)
    # attacked, the Moles take every token back (none lost)
    mole = s.active[0]
    a = inland[0]
    b = next(n for n in s.nbrs[a] if not s.water[n] and not s.chasm[n])
    region(s, a, mole, 3)
    give(s, 1, "ratmen", "commando", {b: 1}, hand=8)
    before = s.recs[mole].hand
    begin(s, 1)
    s.play(f"c:{a}")
    assert s.owner[a] == s.active[1] and s.recs[mole].hand == before + 3
    assert s.ruleset.name("moles", "fr") == "Taupes"


def test_a_new_power_with_a_known_quality_needs_no_engine_change():
    """A power flagged ``roll_first`` rolls before choosing, as Berserk does (§1 "Berserk: may roll the
    die before each conquest"): the roll is offered and the final die conquest is not."""
    from sw_factory import begin, fresh, texts

    s = _with(fresh(), Content("reckless", "power", 4, flags={"roll_first"}, names={"en": "Reckless"}))
    s.column[0] = ["ratmen", "reckless", 0]
    begin(s, 0)
    s.play("pick:0")
    ts = texts(s)
    assert "roll" in ts and not any(t.startswith("die:") for t in ts)
    s2 = fresh()
    s2.column[0] = ["ratmen", "commando", 0]
    begin(s2, 0)
    s2.play("pick:0")
    assert "roll" not in texts(s2)


@pytest.mark.parametrize("options, plain", [
    ({}, True),
    ({"content": "underground"}, False),
    ({"content": "mixed"}, False),
    ({"board": "underground"}, False),
    ({"board": "random"}, False),
    ({"monsters": "random"}, False),
    ({"monsters": "hand"}, False),
])
def test_a_game_without_underground_content_leaves_out_its_region_rules(options, plain):
    """A game that can meet no Underground race, power, place, relic or
    Monster plays without the Underground's region-level rules (asked of
    every region while moves are listed); any other keeps them all. Every
    record and move kind stays, so names and moves read the same."""
    st = GAME.start(["a", "b", "c"], options, 3)
    assert (st.ruleset is C.BASE_ONLY) == plain
    assert C.BASE_ONLY.content == C.STANDARD.content and C.BASE_ONLY.actions == C.STANDARD.actions
    assert C.STANDARD.protect and not C.BASE_ONLY.protect and not C.BASE_ONLY.immune


def test_base_games_play_the_same_with_or_without_the_underground_region_rules():
    """The same seeds and moves give the same positions with the standard
    ruleset as with the base-only one (its region rules answer "none" in a
    base game): the base-only ruleset changes speed, not play."""
    from plateau.core.rng import Rng

    for seed in range(6):
        a = GAME.start(["a", "b", "c", "d"][: 2 + seed % 3], {}, seed)
        b = GAME.start(["a", "b", "c", "d"][: 2 + seed % 3], {}, seed)
        b.ruleset = C.STANDARD
        r = Rng(seed)
        for _ in range(400):
            if a.is_over():
                break
            ma, mb = a.legal_moves(), b.legal_moves()
            assert [m.text for m in ma] == [m.text for m in mb]
            m = r.choice(ma)
            a.play(m.text)
            b.play(m.text)
            assert a.view(None) == b.view(None)
