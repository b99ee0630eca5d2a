"""Computer player hooks for Le Cheval de Troie (imported by plateau.ai only).

What a player may not know, and how :func:`determinize` samples it:

* the order of the hero-card pile: the 20 cards minus the discard and the
  card just drawn, shuffled;
* the bag: per colour, 10 heroes minus those in the districts, the available
  ones and — with the glass horse — those in the horse; with the closed horse
  the two heroes inside are drawn from that remainder too (black pawns that
  are out and not available are in the horse);
* the treasures of the districts the player has not seen: the treasure
  cards not seen, shuffled over those districts.

With the closed horse the colours pushed in are announced but not written
down: a player at the table keeps them in mind. The view names those the
player heard since the end of their previous turn (``earlier``,
``prev_log``, ``log``), and :func:`recall` takes them as known; older ones
come from the computer's own earlier views (``memory``, the last
:data:`MEMORY` positions): from the heroes available before and after each
insertion it works out which colour went in — exactly, or a short list when
Odysseus refilled the available heroes in between. :func:`determinize`
fills the horse with the last two colours pushed. Without either, the
horse's two heroes are drawn from the remaining heroes like the bag.
"""

from __future__ import annotations

from collections import Counter

from plateau.core.rng import Rng

from .rules import BLACK, BONUS, TREASURES, TroyState, district_winner, insert_move
from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)

BUDGET = 1600  # ISMCTS iterations ≈ 1 s in the vendored Pyodide (bench/bench_ai.py --calibrate)
HORIZON = 24
MEMORY = 12  # earlier views kept in mind: as good as 24 over 40 random games (the last two insertions are among them)
# the hard level: normal's budget, with rollouts in which the hero falling
# out of the horse goes where it gains its mover the most
# (:func:`rollout_move_guided`; a decision takes about 1.8 s in Pyodide
# under node, against normal's 1 s). Against normal, each seed from both
# seats: 63 % of 80 games (Wilson [52, 73]); with twice the budget 53 % of
# 60, and the common hard level (3× the budget, random rollouts) 50 % of 28
# (bench/HISTORY.md, "Le Cheval de Troie's hard level").
LEVELS = {"hard": (1.0, 0.0, {"rollout_move": "rollout_move_guided"})}


def _pushed(before: dict, after: dict):
    """The colours that may have gone into the horse between two views one
    insertion apart: those whose removal from the heroes available before
    leaves heroes that are still available after (Odysseus may have refilled
    them in between, which can leave two or three possibilities)."""
    have = Counter(before["available"])
    now = Counter(after["available"])
    out = []
    for c in sorted(have):
        left = have.copy()
        left[c] -= 1
        if all(now[x] >= k for x, k in left.items()):
            out.append(c)
    return out


def _announced(view: dict) -> list:
    """The colours pushed into the horse that ``view`` still names, in the
    order they went in: the announcements the player has in mind (the turns
    since the end of their previous turn, the previous one and the current
    one); ``None`` for a colour the log does not name."""
    out = []
    for entries in list(view.get("earlier", ())) + [view["prev_log"], view["log"]]:
        for e in entries:
            if e[0] == "load":
                out += [None if c == "?" else c for c in e[1]]
            elif e[0] == "insert":
                out.append(None if e[1] == "?" else e[1])
    return out


def recall(memory: list, view: dict, player: int) -> dict:
    """``view`` with what the player keeps in mind of the closed horse:
    ``horse_memory`` — for the oldest and the newest hero inside, the
    colours it may be (``None``: not known).

    Every colour pushed in is announced to the table: those the view still
    names (the announcements since the end of the player's previous turn)
    are known exactly. Older ones are remembered from ``memory``, the
    player's own earlier views, oldest first: each insertion between two
    consecutive views pushed one of the available heroes, which shows in
    the heroes available afterwards. A gap in the views loses track of the
    horse beyond what the log names.

    >>> from plateau.games.troy import GAME
    >>> s = GAME.start(["Ann", "Bob", "Cid", "Dee"], seed=1)
    >>> _ = s.play("a2"); p = s.to_play; before = s.view(p)
    >>> before["available"], before["horse"], before["prev_log"][0]
    (['b', 'g', 'y'], ['?', '?'], ['load', ('y', 'b')])
    >>> _ = s.play("d1b"); recall([before], s.view(p), p)["horse_memory"]
    [['b'], ['b']]
    >>> v = s.view(p); v["prev_log"] = v["log"] = []; recall([before], v, p)["horse_memory"]
    [None, ['b']]
    """
    if "?" not in view["horse"]:
        return view
    seq = list(memory) + [view]
    pushes: list = []
    for a, b in zip(seq, seq[1:]):
        if int(b["ply"]) != int(a["ply"]) + 1:
            pushes = []  # a gap: what went in meanwhile is not known
        elif a["phase"] == "insert":
            pushes.append(_pushed(a, b) or None)
    # the announcements still in mind are the latest pushes: they replace
    # what the earlier views only narrowed down
    said = _announced(view)
    if len(said) > len(pushes):
        pushes = [None] * (len(said) - len(pushes)) + pushes
    for i, c in enumerate(said):
        if c is not None:
            pushes[len(pushes) - len(said) + i] = [c]
    slots = [None, None] + pushes
    out = dict(view)
    out["horse_memory"] = slots[-2:]
    return out


def evaluate(state: TroyState) -> list:
    """Districts held as they stand, treasures included (their sampled
    values): 0.7 for the leader(s), plus 0.3 × the share of the points."""
    pts = state.colour_points(with_treasure=True)
    n = len(state.players)
    out = [0] * n
    for c, v in pts.items():
        out[state.owner[c]] += v
    best = max(out)
    top = [p for p in range(n) if out[p] == best]
    tot = sum(out) or 1
    return [(0.7 / len(top) if p in top else 0.0) + 0.3 * out[p] / tot for p in range(n)]


def _gain(state: TroyState, d: int, colour: str, player: int) -> float:
    """What one more ``colour`` hero in district ``d`` is worth to
    ``player``: the district's value won minus that won by the others (the
    mean of the others), counting the treasure as the determinization has it."""
    owner = state.owner
    tie = state.options.get("tie", "rank")
    counts = state.dist[d]
    n = len(state.players)
    before = district_winner(counts, state.order, tie)
    value = state.count(d) + BONUS[d] + TREASURES[state.dcard[d]]
    counts[colour] += 1  # the search's own copy: tried in place, then put back
    after = district_winner(counts, state.order, tie)
    counts[colour] -= 1

    def worth(w, v):
        if w is None:
            return 0.0
        return v if owner[w] == player else -v / (n - 1)

    return worth(after, value + 1) - worth(before, value)


def rollout_move_guided(state: TroyState, rng: Rng):
    """The rollout policy of the hard level: a player who looks one hero
    ahead. The hero falling out of the horse goes to the district where it
    gains its mover the most (a random open district one time in five;
    equal gains settled by a coin toss as they come); the hero pushed in,
    the announcement and the trident's choices are random, except that the
    treasures stay where they are 3 times in 4 after a trident (a random
    swap is mostly a bad one)."""
    ph = state.phase
    if ph == "insert":
        opens = state.open_districts()
        fallen = state.horse[0]
        if fallen == BLACK or rng.below(5) == 0:
            d = opens[rng.below(len(opens))]
        else:
            p = state.to_play
            best, d = None, opens[0]
            for x in opens:
                v = _gain(state, x, fallen, p)
                if best is None or v > best or (v == best and rng.below(2)):
                    best, d = v, x
        cols = sorted(set(state.avail))
        c = cols[rng.below(len(cols))]
        return insert_move(d, c)
    moves = state.legal_moves()
    if ph == "swap" and rng.below(4):
        return moves[0]  # keep
    return moves[rng.below(len(moves))]
