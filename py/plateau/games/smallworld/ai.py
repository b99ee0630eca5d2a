"""Computer player hooks for Small World (imported by plateau.ai only).

Hidden from a player (rules notes §1.5, §1.3, §2): the other players' coins
(unless the table plays with open coins), the order of the banner and badge
stacks (and which badges lie in the discard), the order of the pile of
places and relics, and every future die or shuffle. :func:`determinize`
rebuilds a full position from the view and samples those:

* the banners not in the column nor on the board, shuffled, as many as the
  view counts; the badges likewise, the badges of In Decline races going to
  the discard first (that is where the rules put them), the rest at random;
* the pile from the places and relics not on the board;
* an opponent's coins around what the player can work out at the table: the
  player's own coins, moved by the difference of what each holds now and
  by a random spread (±25 %);
* a fresh generator (from the computer's own one) for the dice.

A turn is many decisions; the search (information-set MCTS, by move path)
looks at the ones that decide games — the combo, each conquest or the die,
going into decline, the end of the conquests, the diplomat's and the stout's
choice — and :func:`search_moves` reduces each redeployment step (a token
here, all of them there, one token moved, heroes, camps, a fortress) to the
one move of a fixed plan (:func:`redeploy_move`): tokens go where the
region is most exposed. Rollouts use a cheap policy (:func:`rollout_move`)
and are cut after ``HORIZON`` decisions, then scored by :func:`evaluate`
(coins, the income of the regions held over the turns left, the tokens
still able to conquer). At the root the search leans towards the moves the
evaluation likes one decision ahead (:func:`root_prior`, a progressive
bias that fades with the visits): with a few hundred iterations spread over
a dozen decisions a turn, this keeps the rarely visited choices sensible.

The hard level searches 3 times as long, with rollouts that go into decline
when a race has little left to conquer with (:func:`rollout_move_plan`),
and weighs the combo and the decline differently (:func:`paired_searcher`):
each option is played out to the game's end, all of them on the same
sampled futures, and the best mean final margin wins.
"""

from __future__ import annotations

import math

from plateau.core.game import Move
from plateau.ai.search_common import terminal_reward
from plateau.core.rng import Rng

from . import conquest, steps, supply, turn_end
from . import content as C
from .records import Phase
from .rules import EMPTY, LT, SmallWorldState
from .fromview import from_view as determinize  # noqa: F401 (the computer's hook: plateau.ai)
from .fromview import _unit

BUDGET = 200  # ISMCTS iterations ≈ 1 s in the vendored Pyodide (bench/bench_ai.py calibrate)
HORIZON = 24
# the hard level (normal's search at 3x the budget, with rollouts that go into
# decline as a player does, rollout_move_plan) weighs the combo and the
# decline by paired playouts to the game's end (paired_searcher). Settings
# tried before and not kept — more iterations alone, rollouts of 48
# decisions, 3 trees, quieter rollouts, values_hard, the plan search below —
# did not win more often against normal (bench/HISTORY.md, "Small World's hard
# level"); bench_ai.py --hard repeats them.
LEVELS = {"hard": (3.0, 0.0, {"searcher_for": "paired_searcher", "rollout_move": "rollout_move_plan"})}
# the search's progressive bias at its root (plateau.ai.ismcts): the
# evaluation one decision ahead (root_prior) weighs PRIOR_WEIGHT / (visits + 1)
PRIOR_WEIGHT = 1.0


# ---------------------------------------------------------------------------
# evaluation
def _turns_left(s: SmallWorldState, p: int) -> int:
    """Scorings still to come for ``p`` (this turn's included when it has
    not scored yet)."""
    left = s.turns - s.turn
    if p > s.cur or (p == s.cur and s.phase in (Phase.PICK, Phase.CONQUER, Phase.REDEPLOY, Phase.DIPLOMAT)):
        left += 1
    return left


def values(s: SmallWorldState) -> list:
    """Each player's expected coins at the end: coins now, plus the income
    of the regions held over the turns left (dimmed: regions are lost), plus
    the active race's tokens still able to conquer."""
    n = s.n
    inc = [0.0] * n
    tokens = [0.0] * n
    for r in range(s.R):
        o = s.owner[r]
        if o >= 0:
            rec = s.recs[o]
            p = rec.p
            inc[p] += 1.0
            if not rec.dec:
                tokens[p] += s.tok[r] - 1
    for rid, rec in s.recs.items():
        if not rec.dec:
            tokens[rec.p] += rec.hand + rec.parked
    out = []
    for p in range(n):
        tl = _turns_left(s, p)
        active = s.active[p]
        bonus = 0.0
        if active is not None:
            try:
                bonus = sum(k for why, k, _ in turn_end.score_lines(s, p, False) if why not in ("regions", "declined"))
            except Exception:  # a bonus that needs the turn's moment: left out
                bonus = 0.0
        horizon = min(tl, 3)
        out.append(s.coins[p] + s.vp[p] + (inc[p] + 0.7 * bonus) * horizon * 0.8
                   + 0.45 * tokens[p] * min(tl, 2))
    return out


def values_hard(s: SmallWorldState) -> list:
    """:func:`values`, plus the race to come for a player without an active
    race (one who has just gone into decline, or who picks next): the best
    combo of the column that player can pay for, its tokens counted as an
    active race's are (its coins, less what it costs). :func:`values`
    counts nothing there, so a search that looks one turn ahead finds going
    into decline worse than it is (games lost 35 to 110 by a first race kept
    for all ten turns)."""
    out = values(s)
    if s.win is not None:
        return out
    for p in range(s.n):
        if s.active[p] is not None:
            continue
        tl = _turns_left(s, p)  # the turns the new race will play
        if tl <= 0:
            continue
        best = None
        for i, (race, power, coins) in enumerate(s.column):
            if i > s.coins[p]:
                break
            v = 0.45 * (C.RACES[race][0] + C.POWERS[power]) * min(tl, 2) + coins - i
            if best is None or v > best:
                best = v
        if best is not None:
            out[p] += best
    return out


SCALE = 8.0  # coins of lead that make a reward of 0.73


def evaluate(s: SmallWorldState) -> list:
    """Rewards in [0, 1]: a logistic of each player's lead over the best of
    the others (``SCALE`` coins make the difference of 0.73 to 0.27)."""
    return _rewards(values(s))


def evaluate_hard(s: SmallWorldState) -> list:
    """:func:`evaluate` on :func:`values_hard` (a level's setting
    ``{"evaluate": "evaluate_hard", "root_prior": "root_prior_hard"}``;
    tried for the hard level, not used: bench/HISTORY.md)."""
    return _rewards(values_hard(s))


def _rewards(v: list) -> list:
    n = len(v)
    out = []
    for p in range(n):
        other = max(v[q] for q in range(n) if q != p)
        x = (v[p] - other) / SCALE
        out.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x)))))
    return out


# ---------------------------------------------------------------------------
# the plan for the small steps: redeployment, defence
def _threat(s: SmallWorldState, rid: int, r: int) -> float:
    """How exposed region ``r`` of race ``rid`` is: its borders with land
    the race does not hold (enemy races count more), less for a mountain,
    nothing when nobody may take it."""
    if conquest.immune(s, r):
        return 0.0
    t = 0.0
    for x in s.nbrs[r]:
        o = s.owner[x]
        if o == rid or s.water[x] or s.chasm[x]:
            continue
        if o >= 0 and not s.recs[o].dec and s.recs[o].p != s.recs[rid].p:
            t += 2.0
        elif o == LT or o >= 0:
            t += 0.7
        else:
            t += 1.0
    if s.entry[r]:
        t += 0.5  # a board edge: newcomers arrive there
    return t / (1.0 + s.mountain[r] + s.fort[r] + s.lair[r] + s.camp[r])


def _plan_target(s: SmallWorldState, rid: int, regions) -> int:
    """The region that needs a token most: the highest threat per token."""
    best, key = regions[0], None
    for r in regions:
        k = (_threat(s, rid, r) / (s.tok[r] + 1), -r)
        if key is None or k > key:
            best, key = r, k
    return best


def redeploy_move(s: SmallWorldState, moves: list) -> Move:
    """One step of the fixed redeployment plan, among ``moves`` (legal)."""
    by = {m.text: m for m in moves}
    rid = s.acting
    held = [r for r in range(s.R) if s.owner[r] == rid]
    if not held:
        return by.get("done") or moves[0]
    heads: dict = {}
    for m in moves:
        heads.setdefault(m.text.partition(":")[0], []).append(m)
    if "put" in heads:
        # one token at a time to the neediest region: the plan spreads them
        cands = [int(m.text[4:]) for m in heads["put"]]
        r = _plan_target(s, rid, cands)
        return by[f"put:{r}"]
    if "hero" in heads:
        cands = sorted((int(m.text[5:]) for m in heads["hero"]), key=lambda r: (-_threat(s, rid, r) * (1 + s.tok[r]), r))
        return by[f"hero:{cands[0]}"]
    if "fort" in heads:
        cands = sorted((int(m.text[5:]) for m in heads["fort"]), key=lambda r: (-_threat(s, rid, r), r))
        return by[f"fort:{cands[0]}"]
    if "camp" in heads and supply.supply_left(s, "camp") > 0:
        cands = sorted((int(m.text[5:]) for m in heads["camp"]), key=lambda r: (-_threat(s, rid, r) / (1 + s.camp[r]), r))
        if _threat(s, rid, cands[0]) > 0:
            return by[f"camp:{cands[0]}"]
    if "mv" in heads:
        # one token from the quietest region with spare tokens to the most
        # exposed one, when that evens things out
        spare = [r for r in held if s.tok[r] > 1]
        if spare:
            src = min(spare, key=lambda r: (_threat(s, rid, r) / s.tok[r], r))
            dst = _plan_target(s, rid, [r for r in held if r != src])
            if _threat(s, rid, dst) / (s.tok[dst] + 1) > _threat(s, rid, src) / max(1, s.tok[src] - 1) + 0.25:
                m = by.get(f"mv:{src}-{dst}")
                if m is not None:
                    return m
    if "done" in by:
        return by["done"]
    others = [m for m in moves if m.text.partition(":")[0] not in ("uncamp", "unhero", "mv")]
    return (others or moves)[0]


def search_moves(s: SmallWorldState, moves: list) -> list:
    """The moves the search weighs: redeployment and defence steps are
    reduced to the plan's move; the rest is kept (an abandon only when it
    could matter: nothing else but ending the turn)."""
    if steps.deciding(s) is not None:
        return moves
    ph = s.phase
    if ph in ("redeploy", "defend"):
        return [redeploy_move(s, moves)]
    if ph == "conquer":
        keep = [m for m in moves if not m.text.startswith("abandon:")]
        if len(keep) > 1 or not keep:
            return keep or moves
        return moves
    return moves


# ---------------------------------------------------------------------------
# rollouts
def _combo_value(s: SmallWorldState, i: int) -> float:
    race, power, coins = s.column[i]
    return C.RACES[race][0] + C.POWERS[power] + 0.6 * coins - 1.2 * i


def rollout_move(s: SmallWorldState, rng: Rng) -> Move:
    """The rollout policy: a good-looking combo, a cheap conquest (from an
    enemy when possible), decline when few tokens are left, the plan's
    redeployment; random noise on the choices."""
    return _rollout(s, rng, 1.0)


def rollout_move_sharp(s: SmallWorldState, rng: Rng) -> Move:
    """The same policy with a third of the noise on its choices (a level's
    setting ``{"rollout_move": "rollout_move_sharp"}``; tried for the hard
    level, not used: bench/HISTORY.md)."""
    return _rollout(s, rng, 1.0 / 3.0)


#: the plan rollouts go into decline at the start of a turn when the tokens
#: ready to conquer with, give or take half a token at random, are at most
#: this many, two turns or more before the end (1.5 on the turn before the last)
DECLINE_HAND = 3.0


def rollout_move_plan(s: SmallWorldState, rng: Rng) -> Move:
    """The rollout policy of the hard level: :func:`rollout_move`, going
    into decline as a player does, when the race has few tokens left to
    conquer with: 2 or fewer (3 one time in two) two turns or more before
    the end, 1 or none on the turn before the last, never on the last turn
    (``DECLINE_HAND``). :func:`rollout_move` keeps a race until it has
    about as many tokens as regions: its rollouts hardly ever decline."""
    return _rollout(s, rng, 1.0, plan=True)


def rollout_first(s: SmallWorldState, rng: Rng, moves: list) -> Move:
    """The rollout policy's choice among ``moves`` (some of the legal ones:
    the paired playouts' option "not going into decline")."""
    return _rollout(s, rng, 1.0, moves)


def _rollout(s: SmallWorldState, rng: Rng, noise: float, moves=None, plan: bool = False) -> Move:
    if moves is None:
        moves = s.legal_moves()
    if len(moves) == 1 or steps.deciding(s) is not None:
        return moves[rng.below(len(moves))]
    ph = s.phase
    if ph == "pick":
        picks = [m for m in moves if m.text.startswith("pick:")] or moves  # (a tournament adds other moves)
        best, key = picks[0], None
        for m in picks:
            if not m.text.startswith("pick:"):
                continue
            k = _combo_value(s, int(m.text[5:])) + _unit(rng) * 2.5 * noise
            if key is None or k > key:
                best, key = m, k
        return best
    if ph in ("redeploy", "defend"):
        return redeploy_move(s, moves)
    if ph == "conquer":
        rid = s.acting
        rec = s.recs[rid]
        conq = [m for m in moves if m.text[:2] in ("c:", "dr", "so")]
        if any(m.text == "decline" for m in moves):
            if plan:
                left = s.turns - s.turn
                most = DECLINE_HAND if left >= 2 else (1.5 if left == 1 else -1.0)
                if rec.hand + (_unit(rng) - 0.5) * noise <= most:
                    return next(m for m in moves if m.text == "decline")
            else:
                on = sum(1 for r in range(s.R) if s.owner[r] == rid)
                if rec.hand + on <= max(3, on // 2 + 2) and s.turn < s.turns:
                    return next(m for m in moves if m.text == "decline")
        if conq:
            # a cheap conquest, taken from an enemy when possible
            best, key = conq[0], None
            for m in conq:
                head, _, arg = m.text.partition(":")
                r = int(arg)
                o = s.owner[r]
                val = (1.5 if o >= 0 and not s.recs[o].dec else (0.8 if o != EMPTY else 0.5))
                c = 1 if head != "c" else s.cost(rid, r)
                k = val - 0.35 * c + _unit(rng) * noise
                if key is None or k > key:
                    best, key = m, k
            return best
        roll = next((m for m in moves if m.text == "roll"), None)
        if roll is not None:
            return roll
        dice = [m for m in moves if m.text.startswith("die:")]
        if dice:
            return dice[rng.below(len(dice))]
        return next((m for m in moves if m.text == "end"), moves[-1])
    if ph == "stout":
        rid = s.active[s.cur]
        low = rid is None or s.recs[rid].hand + sum(s.tok[r] for r in range(s.R) if s.owner[r] == rid) < 6
        return next(m for m in moves if m.text == ("decline" if low else "pass"))
    return moves[rng.below(len(moves))]


# ---------------------------------------------------------------------------
# the hard level's plan search: the combo and the decline played out to the end
#: rollout length at a plan decision (to the game's end)
PLAN_HORIZON = 1000
#: a plan decision may take this many times an ordinary decision's time
PLAN_TIME = 2.0
#: decisions a player's turn takes in a rollout (4.5 on average, 2 players), to
#: scale the iterations of a plan decision to its rollouts' length
TURN_DECISIONS = 5


def plan_decision(s: SmallWorldState) -> bool:
    """Whether ``s`` asks for a decision that shapes the rest of the game:
    which combo to pick, or whether to go into decline (rules notes §1.3,
    §1.5; the Stout's decline after its turn too). One turn ahead the
    evaluation cannot weigh them: a race to come counts for nothing in it."""
    if steps.deciding(s) is not None or s.win is not None:
        return False
    if s.phase in (Phase.PICK, Phase.STOUT):
        return True
    return s.phase == Phase.CONQUER and any(m.text == "decline" for m in s.legal_moves())


def horizon_for(s: SmallWorldState, horizon: int) -> int:
    """The rollout length at the root ``s`` (the common levels: ``HORIZON``)."""
    return horizon


def budget_for(s: SmallWorldState, budget: int) -> int:
    """The iterations at the root ``s`` (the common levels: the budget)."""
    return budget


def plan_horizon(s: SmallWorldState, horizon: int) -> int:
    """A level's setting ``{"horizon_for": "plan_horizon"}``: rollouts to
    the game's end at a plan decision."""
    return PLAN_HORIZON if plan_decision(s) else horizon


def terminal(s: SmallWorldState) -> list:
    """A finished game's reward (the common levels): 1 shared by the
    winners."""
    return terminal_reward(s)


def terminal_margin(s: SmallWorldState) -> list:
    """A level's setting ``{"terminal": "terminal_margin"}``: a finished
    game scored by the final coins' margin (the logistic of
    :func:`evaluate`) rather than won or lost: with the few rollouts of a
    plan decision, a margin tells more than who won."""
    return evaluate(s)


def plan_budget(s: SmallWorldState, budget: int) -> int:
    """A level's setting ``{"budget_for": "plan_budget"}``: at a plan
    decision, as many iterations as ``PLAN_TIME`` times the decision's
    usual time allows with rollouts to the end (each plays about
    ``TURN_DECISIONS`` decisions a turn for each player)."""
    if not plan_decision(s):
        return budget
    left = max(1, s.turns - s.turn + 1) * s.n * TURN_DECISIONS
    return max(12, round(budget * PLAN_TIME * HORIZON / max(HORIZON, left)))


# ---------------------------------------------------------------------------
# the hard level: paired playouts at the combo and the decline
#: the share of a decline decision's budget spent comparing "decline" with
#: "conquer"; the rest chooses the conquest (the common search)
DECLINE_SHARE = 2 / 3


def final_reward(s: SmallWorldState, player: int) -> float:
    """A finished game's reward for ``player``: the logistic of the final
    coins' margin over the best of the others (as :func:`evaluate`)."""
    return _rewards([float(c) for c in s.coins])[player]


def paired_searcher(thinker, root: SmallWorldState):
    """A level's setting ``{"searcher_for": "paired_searcher"}``: at a plan
    decision (:func:`plan_decision`: the combo, going into decline, the
    Stout's decline), the options played out to the game's end on shared
    futures (:class:`plateau.ai.paired.Paired`); None elsewhere (the common
    search). Going into decline is weighed against conquering as the
    rollouts would; when conquering wins, the common search chooses the
    conquest with the rest of the budget."""
    if not plan_decision(root):
        return None
    from plateau.ai.paired import Paired

    cands = thinker.cands
    share = 1.0
    if root.phase == Phase.CONQUER:
        go = [c for c in cands if c != "decline"]
        if not go or "decline" not in cands:
            return None
        groups = [("decline", ["decline"]), ("conquer", go)]
        share = DECLINE_SHARE
    else:
        groups = [(c, [c]) for c in cands]
    return Paired(thinker, root, groups, final_reward, share=share, step_cost=STEP_COST)


#: moves of playouts counted as one search unit: the hard budget (600) pays
#: for 9,600 moves, about a hundred playouts from the middle of a game. A plan
#: decision then takes 1.1 s (median) in Pyodide under node, less than half an
#: ordinary hard decision; the level was measured with this value
#: (bench/HISTORY.md, "Small World's hard level: paired playouts")
STEP_COST = 16


# ---------------------------------------------------------------------------
# the prior at the root of the search
class _Face(Rng):
    """A generator whose draws are all index ``i`` of their range: a die
    face to weigh, in a throwaway copy of a determinization (the search
    never draws a die to judge a die conquest)."""

    def __init__(self, i: int) -> None:
        super().__init__(i)
        self.i = i

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.i % n


_FACES = ((0, 0.5), (3, 1 / 6), (4, 1 / 6), (5, 1 / 6))  # DIE_FACES (0, 0, 0, 1, 2, 3)


def _after(s: SmallWorldState, m: Move, player: int, ev=None) -> float:
    """``player``'s evaluation once ``m`` is played in a copy of ``s``."""
    t = s.clone()
    t.apply(m)
    if t.is_over():
        w = t.winners()
        return (1.0 / len(w) if player in w else 0.0) if w else 0.5
    return (ev or evaluate)(t)[player]


def root_prior_hard(s: SmallWorldState, moves: list, player: int) -> dict:
    """:func:`root_prior` with the hard level's evaluation."""
    return root_prior(s, moves, player, evaluate_hard)


def root_prior(s: SmallWorldState, moves: list, player: int, ev=None) -> dict:
    """Each move's evaluation one decision ahead (the greedy player's
    look), scaled to [0, 1] over ``moves``: the search's bias at its root.
    A die conquest is weighed over the die's faces (rules notes §1.4: 0, 0,
    0, 1, 2, 3), not drawn; the position ``s`` itself is not changed."""
    out = {}
    for m in moves:
        if m.text.startswith("die:"):
            v = 0.0
            for i, w in _FACES:
                t = s.clone()
                t.rng = _Face(i)
                t.apply(m)
                v += w * (ev or evaluate)(t)[player]
            out[m.text] = v
        else:
            out[m.text] = _after(s, m, player, ev)
    if out:
        lo = min(out.values())
        hi = max(out.values())
        if hi > lo:
            out = {k: (v - lo) / (hi - lo) for k, v in out.items()}
    return out
