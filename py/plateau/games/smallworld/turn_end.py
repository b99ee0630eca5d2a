"""The end of a Small World turn (rules notes §1.5–§1.6): scoring, going
In Decline, the ``end`` effects, the defenders putting their tokens back,
and the end of the game. Functions of the position ``st``; the clock
(clock.py) says what comes after a turn.
"""

from __future__ import annotations

from . import steps, supply
from .records import Phase, Step

_NONE: dict = {}


def score(st, decline_turn):
    p = st.cur
    lines = score_lines(st, p, decline_turn)
    total = sum(k for _, k, _ in lines)
    st.pay(p, total)
    if not decline_turn and st.active[p] is not None:
        st.recs[st.active[p]].scored = True
    st.ev("score", p=p, total=total, lines=[list(x) for x in lines])


def score_and_finish(st):
    score(st, False)
    p = st.cur
    if st.active[p] is not None and st.able(st.active[p], "stout_decline"):
        st.phase = Phase.STOUT
        return
    finish(st)


def decline(st, stout=False):
    p = st.cur
    rid = st.active[p]
    st.clock.declining(st, p, rid)
    rec = st.recs[rid]
    keep_tokens = st.ruleset.keep_tokens  # every token stays on the map
    keep = rec.race in keep_tokens or rec.power in keep_tokens
    if keep and not stout:
        for r, k in (st.tp.readied or {}).items():
            if st.owner[r] == rid:
                st.tok[r] += k
                rec.hand -= k
    st.call(rid, "declined")
    rec.hand = 0
    rec.parked = 0
    if not keep:
        for r in st.regions_of(rid):
            st.tok[r] = 1
    # the older In Decline race leaves (unless it is Spirit's, or the new one is)
    if not rec.spirit:
        for old in list(st.declined[p]):
            if not st.recs[old].spirit:
                supply.vanish(st, old)
    for r in range(st.R):
        if st.owner[r] == rid:
            st.camp[r] = 0
            st.hole[r] = False
            st.hero[r] = False
            if st.dragon == r:
                st.dragon = -1
    if rec.power not in st.ruleset.keep_badge:
        st.discard.append(rec.power)
    rec.dec = True
    st.active[p] = None
    st.declined[p].append(rid)
    st.ev("decline", p=p, race=rec.race, power=rec.power)
    if not st.regions_of(rid):
        supply.vanish(st, rid)
    st.clock.declined(st, p, rid)


def finish(st):
    p = st.cur
    st.clock.turn_ending(st, p)
    for rid in ([st.active[p]] if st.active[p] is not None else []) + list(st.declined[p]):
        if rid in st.recs:
            st.call(rid, "end")
    if steps.wait(st, Step.DEFEND):  # (a relic or a ghost to place first)
        return
    to_defend(st)


def to_defend(st):
    st.phase = Phase.DEFEND
    next_defender(st)


def next_defender(st):
    while st.defq:
        rid = st.defq[0]
        rec = st.recs.get(rid)
        if rec is None or rec.hand == 0:
            st.defq.pop(0)
            continue
        if not st.regions_of(rid):
            st.defq.pop(0)
            if rec.dec:
                rec.hand = 0
                supply.check_gone(st, rid)
            # an active race with no region keeps its tokens in hand
            continue
        st.acting = rid
        st.phase = Phase.DEFEND
        return
    st.clock.turn_done(st)


def game_over(st):
    st.phase = Phase.OVER
    st.acting = None
    for p in range(st.n):  # the Golden Knight's and the Snow Thing's points (§3.11)
        if st.vp[p]:
            st.pay(p, st.vp[p])
            st.ev("vp", p=p, n=st.vp[p])
    best = max(st.coins)
    win = [p for p in range(st.n) if st.coins[p] == best]
    if len(win) > 1 and st.opts.get("tiebreak", "tokens") == "tokens":
        toks = {p: supply.race_tokens_on_board(st, p) for p in win}
        m = max(toks.values())
        win = [p for p in win if toks[p] == m]
    st.win = win
    st.ev("over", winners=list(win))


# the move "decline" (a record's other moves are the ruleset's ``actions``)
def go_decline(st, _arg=""):
    decline(st)
    if steps.wait(st, Step.DECLINE_SCORE):  # a decision taken on going In Decline (Tomb's last redeploy)
        return
    score(st, True)
    finish(st)


def peace_candidates(st, p):
    return st.clock.peace_candidates(st, p)


def score_lines(st, p, decline_turn):
    lines = []
    idle = []  # the active race's and power's bonuses that give nothing this turn (said so in the log)
    rid = st.active[p]
    if rid is not None and not decline_turn:
        rec = st.recs[rid]
        lines.append(("regions", len(scoring_regions(st, rid)), rec.race))
        for key in st.keys(rid):
            h = st.ruleset.hooks.get(key, _NONE).get("score")
            if h is None:
                continue
            got = [(why, k, rec.race) for why, k in h(st, rid, False)]
            lines.extend(got)
            if not any(k for _, k, _ in got) and key in (rec.race, rec.power) \
                    and not ("once" in st.ruleset.flags.get(key, ()) and rec.scored):
                idle.append((key, 0, rec.race))
    if decline_turn or st.clock.declined_score_each_turn(st):
        for did in list(st.declined[p]):
            lines.extend(declined_lines(st, did))
    return [ln for ln in lines if ln[1]] + idle


def declined_lines(st, rid):
    """What In Decline race ``rid`` earns (some lines may be 0)."""
    rec = st.recs[rid]
    lines = [("declined", len(scoring_regions(st, rid)), rec.race)]
    for h in st.hook(rid, "score"):
        for why, k in h(st, rid, True):
            lines.append((why, k, rec.race))
    return lines


def scoring_regions(st, rid):
    """The regions that earn their coin for race ``rid`` (§1.5); the
    region-level rule ``no_score`` can take some out."""
    regs = st.regions_of(rid)
    no_score = st.ruleset.no_score
    if no_score:
        regs = [r for r in regs if not any(f(st, rid, r) for f in no_score)]
    return regs
