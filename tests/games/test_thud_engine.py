"""Thud engine: perft checked against an independent slow generator,
random positions and random games with invariants, record round-trips,
the command line and the renderer."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau.core.game import Move, RenderContext
from plateau.core.record import Record, decode, encode
from plateau.core.rng import Rng
from plateau.games.thud import GAME
from plateau.games.thud import board as B

ROOT = Path(__file__).resolve().parents[2]
P = ["Ann", "Bob"]

# ---------------------------------------------------------------------------
# an independent, deliberately plain move generator (coordinates and a dict)
# ---------------------------------------------------------------------------
FILES = "ABCDEFGHJKLMNOP"
STONE = (7, 7)
DIRS8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def onb(r, c):
    if not (0 <= r < 15 and 0 <= c < 15):
        return False
    # the four cut corners: triangles of 15 squares
    return min(r, 14 - r) + min(c, 14 - c) >= 5


def nm(rc):
    return f"{FILES[rc[1]]}{rc[0] + 1}"


def slow_moves(pieces: dict, side: str, conv: str) -> set:
    def free(rc):
        return onb(*rc) and rc != STONE and rc not in pieces

    def adjacent_dwarfs(rc, mover):
        return sorted(
            ((rc[0] + dr, rc[1] + dc) for dr, dc in DIRS8
             if pieces.get((rc[0] + dr, rc[1] + dc)) == "d"),
        )

    def with_caps(head, caps, shove):
        out = set()
        if conv == "any":
            for mask in range(1 if shove else 0, 1 << len(caps)):
                chosen = [caps[j] for j in range(len(caps)) if mask >> j & 1]
                out.add(head + "".join("x" + nm(c) for c in sorted(chosen, key=lambda q: q[0] * 15 + q[1])))
        elif conv == "all":
            if not shove:
                out.add(head)
            if caps:
                out.add(head + "".join("x" + nm(c) for c in sorted(caps, key=lambda q: q[0] * 15 + q[1])))
        else:
            if caps or not shove:
                out.add(head + "".join("x" + nm(c) for c in sorted(caps, key=lambda q: q[0] * 15 + q[1])))
        return out

    out = set()
    for (r, c), p in pieces.items():
        if p != side:
            continue
        for dr, dc in DIRS8:
            behind = 0
            while pieces.get((r - behind * dr, c - behind * dc)) == side:
                behind += 1  # the line, the mover included
            if side == "d":
                k = 1
                while free((r + k * dr, c + k * dc)):
                    out.add(f"d{nm((r, c))}-{nm((r + k * dr, c + k * dc))}")
                    k += 1
                for dist in range(1, behind + 1):
                    target = (r + dist * dr, c + dist * dc)
                    between_free = all(free((r + j * dr, c + j * dc)) for j in range(1, dist))
                    if between_free and pieces.get(target) == "T":
                        out.add(f"d{nm((r, c))}-{nm(target)}x{nm(target)}")
            else:
                step = (r + dr, c + dc)
                if free(step):
                    out |= with_caps(f"T{nm((r, c))}-{nm(step)}", adjacent_dwarfs(step, (r, c)), False)
                for dist in range(2, behind + 1):
                    if not all(free((r + j * dr, c + j * dc)) for j in range(1, dist + 1)):
                        break
                    land = (r + dist * dr, c + dist * dc)
                    caps = adjacent_dwarfs(land, (r, c))
                    if caps:
                        out |= with_caps(f"T{nm((r, c))}-{nm(land)}", caps, True)
    return out


def pieces_of(board) -> dict:
    return {divmod(i, 15): B.CHARS[board[i]] for i in B.PLAYABLE if board[i] in (B.DWARF, B.TROLL)}


def fast_texts(board, side, conv):
    return {B.move_text(side, mv) for mv in B.gen_moves(board, side, conv)}


CONVS = ["any", "all", "forced"]
PERFT = {  # captures -> [perft(1), perft(2)]; checked below against the slow generator
    "any": [656, 22624],
    "all": [656, 22624],
    "forced": [656, 21736],
}


def test_slow_generator_sees_the_same_board():
    assert sum(onb(r, c) for r in range(15) for c in range(15)) == 165
    assert all(onb(r, c) == B.on_board(r, c) for r in range(15) for c in range(15))


@pytest.mark.parametrize("conv", CONVS)
def test_perft_depth_1_and_2_match_the_slow_generator(conv):
    b = list(B.START_BOARD)
    first = slow_moves(pieces_of(b), "d", conv)
    assert first == fast_texts(b, B.DWARF, conv)
    assert len(first) == PERFT[conv][0] == B.perft(b, B.DWARF, 1, conv)
    total = 0
    for mv in B.gen_moves(b, B.DWARF, conv):
        B.make(b, mv, B.DWARF)
        slow = slow_moves(pieces_of(b), "T", conv)
        assert slow == fast_texts(b, B.TROLL, conv)
        total += len(slow)
        B.unmake(b, mv, B.DWARF)
    assert b == list(B.START_BOARD)
    assert total == PERFT[conv][1] == B.perft(b, B.DWARF, 2, conv)


def test_perft_depth_3_regression():
    # depth 3 is too slow for the slow generator; this pins the fast one
    assert B.perft(list(B.START_BOARD), B.DWARF, 3, "forced") == 13584144


def test_perft_command_line_prints_the_count_last():
    out = subprocess.run(
        [sys.executable, "-m", "plateau.games.thud", "perft", "--depth", "2", "--captures", "forced"],
        capture_output=True, text=True, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
    ).stdout.strip().splitlines()
    assert out[-1] == "21736"
    assert out[0].startswith("perft(1)")


@st.composite
def positions(draw):
    squares = [i for i in B.PLAYABLE if i != B.STONE_SQ]
    nd = draw(st.integers(0, 32))
    nt = draw(st.integers(0, 8))
    chosen = draw(st.lists(st.sampled_from(squares), min_size=nd + nt, max_size=nd + nt, unique=True))
    # crowd the pieces sometimes, to make lines, hurls and shoves likely
    b = B.empty_board()
    for i, sq in enumerate(chosen):
        b[sq] = B.DWARF if i < nd else B.TROLL
    return b


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(CONVS))
def test_random_positions_agree_with_the_slow_generator(b, conv):
    pieces = pieces_of(b)
    for side, ch in ((B.DWARF, "d"), (B.TROLL, "T")):
        fast = B.gen_moves(b, side, conv)
        texts = [B.move_text(side, mv) for mv in fast]
        assert len(texts) == len(set(texts))
        assert set(texts) == slow_moves(pieces, ch, conv)
        assert B.count_moves(b, side, conv) == len(fast)
        before = list(b)
        for mv in fast:
            B.make(b, mv, side)
            B.unmake(b, mv, side)
        assert b == before


@st.composite
def dense_positions(draw):
    """Pieces packed in a small window, so that lines of dwarfs and trolls
    (hurls and shoves) are frequent."""
    r0 = draw(st.integers(3, 8))
    c0 = draw(st.integers(3, 8))
    b = B.empty_board()
    for r in range(r0, r0 + 5):
        for c in range(c0, c0 + 5):
            if B.on_board(r, c) and r * 15 + c != B.STONE_SQ:
                b[r * 15 + c] = draw(st.sampled_from([B.EMPTY, B.EMPTY, B.DWARF, B.TROLL]))
    return b


@settings(max_examples=150, deadline=None)
@given(dense_positions(), st.sampled_from(CONVS))
def test_dense_positions_agree_with_the_slow_generator(b, conv):
    pieces = pieces_of(b)
    for side, ch in ((B.DWARF, "d"), (B.TROLL, "T")):
        assert fast_texts(b, side, conv) == slow_moves(pieces, ch, conv)
        assert B.count_moves(b, side, conv) == len(B.gen_moves(b, side, conv))


# ---------------------------------------------------------------------------
# random games
# ---------------------------------------------------------------------------

def random_game(seed: int, conv: str, max_plies: int = 90):
    """Plays a random game (captures favoured, offers now and then);
    returns the record and the states after every ply."""
    rng = Rng(seed)
    s = GAME.start(P, {"captures": conv}, seed)
    rec = Record("thud", dict(s.options), seed, list(P), [])
    states = [s.clone()]
    for _ in range(max_plies):
        if s.is_over():
            break
        moves = s.legal_moves()
        texts = [m.text for m in moves]
        if "accept" in texts:
            pick = "accept" if rng.below(3) == 0 else "refuse"
        else:
            caps = [t for t in texts if "x" in t]
            if caps and rng.below(2) == 0:
                pick = rng.choice(caps)
            elif "offer" in texts and rng.below(25) == 0:
                pick = "offer"
            else:
                pick = rng.choice([t for t in texts if t != "offer"] or texts)
        s.play(pick)
        rec.moves.append(pick)
        states.append(s.clone())
    return rec, states


def check_invariants(prev, s):
    v = s.view(None)
    json.dumps(v)
    assert v == s.view(0) == s.view(1)  # nothing hidden in Thud
    assert s.board[B.STONE_SQ] == B.STONE
    nd, nt = s.material()
    assert nd <= 32 and nt <= 8
    assert all(s.board[i] == B.OFF for i in range(225) if not B.IS_PLAYABLE[i])
    if s.round == prev.round and not s.is_over() and prev.round == s.round:
        pd, pt = prev.material()
        assert nd <= pd and nt <= pt  # pieces only ever leave the board in a round
        assert (pd - nd) + (pt - nt) <= 8  # a troll takes at most 8 dwarfs, a hurl 1 troll
    assert s.totals == [sum(r["points"][p] for r in s.results) for p in (0, 1)]
    assert s.scores() == s.totals
    for r in s.results:
        dp, tp = r["dwarfs"], 4 * r["trolls"]
        assert r["points"][r["dwarf_player"]] == (dp if dp != tp else 0)
        assert r["points"][1 - r["dwarf_player"]] == (tp if dp != tp else 0)
    if s.is_over():
        assert s.to_play is None and s.legal_moves() == []
        assert len(s.results) == s.n_rounds
        t0, t1 = s.totals
        assert s.winners() == ([] if t0 == t1 else [0 if t0 > t1 else 1])
    else:
        assert s.to_play in (0, 1)
        assert s.to_play == (s.commander(s.deciding_side()))
        texts = [m.text for m in s.legal_moves()]
        assert len(texts) == len(set(texts)) and texts
        if s.phase == "play":
            assert s.commander(B.DWARF) == (s.round - 1) % 2
        assert s.status("fr") and s.status("en")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(CONVS))
def test_random_games_keep_the_invariants_and_replay_from_records(seed, conv):
    rec, states = random_game(seed, conv)
    for prev, s in zip(states, states[1:]):
        check_invariants(prev, s)
    # the record round-trips through its encoding and replays every ply
    back = decode(encode(rec))
    assert back == rec
    replayed = back.states()
    assert [x.view(None) for x in replayed] == [x.view(None) for x in states]
    for k in range(len(rec.moves) + 1):
        part = Record("thud", rec.options, rec.seed, rec.players, rec.moves, ply=k)
        back = decode(encode(part))
        assert back == part
        assert back.replay(back.ply).view(None) == states[k].view(None)


def test_a_long_random_match_reaches_the_end():
    # offers are accepted here so that both rounds finish
    rng = Rng(5)
    s = GAME.start(P, {}, 5)
    prev = s.clone()
    plies = 0
    while not s.is_over():
        texts = [m.text for m in s.legal_moves()]
        if "accept" in texts:
            pick = "accept"
        elif "offer" in texts and plies > 60 + 40 * s.round:
            pick = "offer"
        else:
            caps = [t for t in texts if "x" in t]
            pick = rng.choice(caps) if caps else rng.choice([t for t in texts if t != "offer"])
        s.play(pick)
        check_invariants(prev, s)
        prev = s.clone()
        plies += 1
    assert len(s.results) == 2 and s.results[1]["round"] == 2
    assert len(s.result_lines("fr")) == 4


def test_clone_is_independent():
    s = GAME.start(P)
    c = s.clone()
    s.play("dF1-F3")
    assert c.view(None) != s.view(None)
    assert c.view(None) == GAME.start(P).view(None)
    c.play("dG1-G3")
    assert s.board[B.square("G1")] == B.DWARF


# ---------------------------------------------------------------------------
# render
# ---------------------------------------------------------------------------

def parse_svg(svg: str):
    root = ET.fromstring(svg)
    return root, [e for e in root.iter() if "data-target" in e.attrib]


def test_render_names_every_square_once_with_labels_in_the_language():
    s = GAME.start(P)
    for lang, dwarf, troll, empty in (("fr", "Nain en F1", "Troll en G7", "Case vide H1"),
                                      ("en", "Dwarf on F1", "Troll on G7", "Empty square H1")):
        root, targets = parse_svg(GAME.render(s, RenderContext(lang=lang)))
        names = [e.attrib["data-target"] for e in targets]
        assert len(names) == len(set(names)) == 165
        assert set(names) == {B.NAMES[i] for i in B.PLAYABLE}
        labels = {e.attrib["data-target"]: e.attrib["aria-label"] for e in targets}
        assert labels["F1"] == dwarf and labels["G7"] == troll and labels["H1"] == empty
        assert root.attrib["viewBox"].startswith("0,0") or root.attrib["viewBox"].startswith("0 0")


def test_render_marks_targets_selection_last_move_and_offer():
    s = GAME.start(P)
    s.play("dF1-F3")
    s.play("offer")
    last = Move("dF1-F3", ("F1", "F3"))
    ctx = RenderContext(clicks=("G7",), targets=frozenset({"F6", "G6"}), last=last, lang="en")
    svg = GAME.render(s, ctx)
    _, targets = parse_svg(svg)
    by = {e.attrib["data-target"]: e for e in targets}
    assert "target" in by["F6"].attrib["class"] and by["F6"].attrib["tabindex"] == "0"
    assert "selected" in by["G7"].attrib["class"]
    assert "target" not in by["H1"].attrib.get("class", "")
    assert "End of round" in svg and "offered" in svg
    assert svg.count('fill="#f2c230"') == 2  # the last move's two squares
    plain = GAME.render(s, RenderContext(coords=False))
    assert ">ABCDEFGHJKLMNOP<" in svg and ">ABCDEFGHJKLMNOP<" not in plain


def test_render_marks_captured_squares_of_the_last_move():
    s = GAME.start(P, {"start": "dE4,dG4,TF6,TN8,RH8"})
    s.play("dE4-E3")
    s.play("TF6-F5xG4")
    svg = GAME.render(s, RenderContext(last=Move("TF6-F5xG4", ("F6", "F5", "G4"))))
    assert 'stroke="#c0392b"' in svg
    assert "Pierre de Thud en H8" in svg


def test_render_escapes_player_names():
    s = GAME.start(["<b>Ann</b>", "Bob & co"])
    svg = GAME.render(s, RenderContext())
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    ET.fromstring(svg)
