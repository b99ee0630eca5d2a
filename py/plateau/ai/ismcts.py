"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

Every iteration draws a new determinization of the root view (hidden parts
sampled, a fresh generator for future chance), walks the tree, expands one
node, plays a short rollout and scores it with the game's ``evaluate``.

* The tree is built **by move path**: each click of ``Move.path`` is one tree
  level, so Armadora's ~500 moves per decision become two choices of ~22.
* Another player's move is labelled by what the root player sees of it
  (``public_path``), so the tree does not branch on secrets; the concrete
  move behind a label is drawn at random in the determinization.
* Labels absent in a determinization are skipped and UCB uses how often a
  label was available (the "subset-armed bandit" of ISMCTS).
* Each node maximises the reward of the player deciding there (max-n), so
  the same code serves 2 to 6 players. The final move follows the most
  visited labels from the root.
* A game may give the root's choices a prior (hook ``root_prior``, its
  weight ``PRIOR_WEIGHT``): a progressive bias ``weight × prior / (visits +
  1)`` added to UCB at the root, which fades as visits come in.
* A level may set its own search (``plateau.ai.api.Level.search``): the
  rollout length ``HORIZON`` (or ``horizon_for(root, HORIZON)``, a length
  per decision), the UCB constant ``UCB_C``, the prior's
  weight, other hook functions, and ``TREES`` — several independent trees
  sharing the budget whose root statistics are added up for the final
  choice (root-parallel ensemble: less variance between near-equal moves).
"""

from __future__ import annotations

import math

from .search_common import END, path_fn, playout, reward_of


class Node:
    __slots__ = ("n", "w", "avail", "kids")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.kids: dict = {}


def _groups(cands, paths, k):
    """Candidates grouped by their label at click level ``k`` (in order)."""
    out: dict = {}
    for m, p in zip(cands, paths):
        lab = p[k] if len(p) > k else END
        g = out.get(lab)
        if g is None:
            out[lab] = g = ([], [])
        g[0].append(m)
        g[1].append(p)
    return out


class ISMCTS:
    chunk = 1
    C = 0.7

    def __init__(self, thinker, root_state) -> None:
        self.t = thinker
        self.hooks = getattr(thinker, "shooks", thinker.hooks)  # the level's settings
        self.C = float(getattr(self.hooks, "UCB_C", self.C))
        self.player = thinker.player
        self.root = Node()
        self.path = path_fn(self.hooks, thinker.game, self.player)
        self.horizon = getattr(self.hooks, "HORIZON", 1000)
        hz = getattr(self.hooks, "horizon_for", None)
        if hz is not None and root_state is not None:
            # a game may look further at some decisions (Small World's hard
            # level plays the combo and the decline out to the game's end)
            self.horizon = int(hz(root_state, self.horizon))
        self.first = root_state  # the determinization made for checking, used by iteration 1
        self._pc = {m.text: m.path for m in root_state.legal_moves()} if root_state is not None else {}
        self.prune = getattr(self.hooks, "search_moves", None)
        # progressive bias at the root: a game's ``root_prior(state, moves,
        # player)`` gives each candidate a value in [0, 1] (one look ahead);
        # it weighs ``PRIOR_WEIGHT / (visits + 1)`` in the choice
        self.bias = {}
        self.pw = float(getattr(self.hooks, "PRIOR_WEIGHT", 0.0))
        rp = getattr(self.hooks, "root_prior", None)
        if rp is not None and self.pw > 0 and root_state is not None:
            moves = root_state.legal_moves()
            if self.prune is not None:
                moves = self.prune(root_state, moves)
            if len(moves) > 1:
                vals = rp(root_state, moves, self.player)
                for m in moves:
                    lab = self.path(m, self.player)[0] if m.path else END
                    v = vals.get(m.text)
                    if v is not None and v > self.bias.get(lab, -1.0):
                        self.bias[lab] = v

    def finished(self) -> bool:
        return False

    def run(self, n: int) -> int:
        for _ in range(n):
            self.iterate()
        return n

    # ------------------------------------------------------------------
    def iterate(self) -> None:
        t = self.t
        if self.first is not None:
            s, self.first = self.first, None
        else:
            s = t.determinize()
        rng = s.rng  # fresh, from the computer's own generator
        node = self.root
        visited = []  # (node, mover)
        expanded = False
        C = self.C
        path = self.path
        while not expanded and not s.is_over():
            mover = s.to_play
            cands = s.legal_moves()
            if self.prune is not None:
                cands = self.prune(s, cands)
            paths = [path(m, mover) for m in cands]
            k = 0
            while len(cands) > 1:
                groups = _groups(cands, paths, k)
                kids = node.kids
                fresh = [lab for lab in groups if lab not in kids]
                for lab in groups:
                    ch = kids.get(lab)
                    if ch is not None:
                        ch.avail += 1
                if fresh:
                    lab = fresh[rng.below(len(fresh))]
                    ch = kids[lab] = Node()
                    ch.avail = 1
                    expanded = True
                else:
                    best = -1.0
                    lab = None
                    bias = self.bias if (node is self.root and k == 0) else None
                    for lb in groups:
                        ch = kids[lb]
                        v = ch.w / ch.n + C * math.sqrt(math.log(ch.avail) / ch.n)
                        if bias:
                            v += self.pw * bias.get(lb, 0.0) / (ch.n + 1)
                        if v > best:
                            best, lab = v, lb
                    ch = kids[lab]
                node = ch
                visited.append((node, mover))
                cands, paths = groups[lab]
                k += 1
                if expanded:
                    break
            move = cands[rng.below(len(cands))] if len(cands) > 1 else cands[0]
            s.apply(move)
        if not s.is_over():
            playout(self.hooks, s, rng, self.horizon)
        reward = reward_of(self.hooks, s, self.player)
        self.root.n += 1
        for nd, mover in visited:
            nd.n += 1
            nd.w += reward[mover]

    # ------------------------------------------------------------------
    def best(self) -> str:
        return _follow(self.t.cands, self._root_path, [self.root])

    def _root_path(self, text):
        return self._pc[text]

    def noisy(self, rng) -> str:
        return self.t.cands[rng.below(len(self.t.cands))]

    def root_stats(self) -> dict:
        """Visits of the first click labels (for tests and the bench)."""
        return {lab: (ch.n, round(ch.w, 6)) for lab, ch in self.root.kids.items()}


def _follow(cands, root_path, roots) -> str:
    """The candidate reached by following, from the roots, the labels with
    the most visits (then the most reward) added up over the trees."""
    paths = [tuple(root_path(m)) for m in cands]
    nodes = list(roots)
    k = 0
    while len(cands) > 1:
        groups = _groups(cands, paths, k)
        pick = None
        key = None
        for lab in groups:
            kids = [nd.kids.get(lab) for nd in nodes]
            kids = [ch for ch in kids if ch is not None]
            kk = (sum(ch.n for ch in kids), sum(ch.w for ch in kids)) if kids else (-1, 0.0)
            if key is None or kk > key:
                key, pick = kk, lab
        nodes = [ch for ch in (nd.kids.get(pick) for nd in nodes) if ch is not None]
        cands, paths = groups[pick]
        k += 1
    return cands[0]


class Ensemble:
    """``k`` independent ISMCTS trees (root parallelisation, run in turn
    here): iteration ``i`` goes to tree ``i mod k``; the final choice adds
    up their root statistics. Each tree draws its own determinizations from
    the computer's generator, so the whole stays deterministic per seed."""

    chunk = 1

    def __init__(self, thinker, root_state, k: int) -> None:
        self.t = thinker
        self.trees = [ISMCTS(thinker, root_state)]
        for _ in range(k - 1):
            tr = ISMCTS(thinker, None)  # no first determinization to reuse
            tr.bias, tr._pc = self.trees[0].bias, self.trees[0]._pc
            self.trees.append(tr)
        self.i = 0

    def finished(self) -> bool:
        return False

    def run(self, n: int) -> int:
        for _ in range(n):
            self.trees[self.i % len(self.trees)].iterate()
            self.i += 1
        return n

    def best(self) -> str:
        return _follow(self.t.cands, self._root_path, [tr.root for tr in self.trees])

    def _root_path(self, text):
        return self.trees[0]._root_path(text)

    def noisy(self, rng) -> str:
        return self.trees[0].noisy(rng)

    def root_stats(self) -> dict:
        out: dict = {}
        for tr in self.trees:
            for lab, (n, w) in tr.root_stats().items():
                a = out.get(lab, (0, 0.0))
                out[lab] = (a[0] + n, round(a[1] + w, 6))
        return out
