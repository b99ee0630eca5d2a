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
        self.hooks = thinker.hooks
        self.player = thinker.player
        self.root = Node()
        self.path = path_fn(self.hooks, thinker.game, self.player)
        self.horizon = getattr(self.hooks, "HORIZON", 1000)
        self.first = root_state  # the determinization made for checking, used by iteration 1
        self._pc = {m.text: m.path for m in root_state.legal_moves()}
        self.prune = getattr(self.hooks, "search_moves", None)
        # progressive bias at the root: a game's ``root_prior(state, moves,
        # player)`` gives each candidate a value in [0, 1] (one look ahead);
        # it weighs ``PRIOR_WEIGHT / (visits + 1)`` in the choice
        self.bias = {}
        self.pw = float(getattr(self.hooks, "PRIOR_WEIGHT", 0.0))
        rp = getattr(self.hooks, "root_prior", None)
        if rp is not None and self.pw > 0:
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
        cands = self.t.cands
        paths = [tuple(self._root_path(m)) for m in cands]
        node = self.root
        k = 0
        while len(cands) > 1:
            groups = _groups(cands, paths, k)
            pick = None
            key = None
            for lab in groups:
                ch = node.kids.get(lab) if node is not None else None
                kk = (ch.n, ch.w) if ch is not None else (-1, 0.0)
                if key is None or kk > key:
                    key, pick = kk, lab
            node = node.kids.get(pick) if node is not None else None
            cands, paths = groups[pick]
            k += 1
        return cands[0]

    def _root_path(self, text):
        return self._pc[text]

    def noisy(self, rng) -> str:
        return self.t.cands[rng.below(len(self.t.cands))]

    def root_stats(self) -> dict:
        """Visits of the first click labels (for tests and the bench)."""
        return {lab: (ch.n, round(ch.w, 6)) for lab, ch in self.root.kids.items()}
