"""The step stack of a Small World table: where its turn stands.

A position's ``stack`` is a list of typed steps, the bottom first:

* ``stack[0]`` is always the part of the turn in play, a
  :class:`records.Phase` (``pick``, ``conquer``, ``redeploy``…; a view's
  ``phase``). Moving on to another part replaces it (``st.phase = …``);
* above it, :class:`records.Resume` s: the rest of a piece of the turn
  that decisions interrupted (the ``picked`` effects from the i-th on, what
  follows a redeployment, the defence, a decline's score), the one
  interrupted last on top;
* on top, :class:`records.Decision` s: decisions a player must take
  before play goes on (a Queen to place, a relic to move, the Knight's
  tiles to keep).

The top step says what may be played and who plays it: a decision's
moves are the ruleset's ``pending[kind]``; a phase's are ``rules.PHASES``.
A decision taken is popped; a :class:`Resume` it uncovers is popped and
runs at once (``SmallWorldState.apply``, ``rules.RESUME``), so the turn
goes on where it was interrupted; the resumed piece may raise decisions
and wait again. A :class:`Resume` is never on top while a player is asked.

Decisions raised together are taken in the order they arose (at a
turn's end, the tournament's relics before the ``end`` effects, the
active race's Froggy's Ring before the Altar of Souls of the race In
Decline): a new decision goes *under* the decisions already waiting,
above any other step. A piece of the turn that raised decisions leaves
its rest (a :class:`Resume`) under them (:func:`wait`).

A view writes the stack as before it was one: ``phase`` (the bottom) and
``pending``, the decisions in the order they are taken, the last one
carrying ``then`` (the :class:`Resume` under it) for whoever takes it.
:func:`load` builds the stack back from them.
"""

from __future__ import annotations

from .records import Decision, Phase, Resume, Step


def new_stack() -> list:
    """The stack of a table before its first turn."""
    return [Phase.NONE]


def _base(stack) -> int:
    """Where the block of decisions on top of ``stack`` begins."""
    i = len(stack)
    while stack[i - 1].__class__ is Decision:
        i -= 1
    return i


def push(st, kind: str, p: int, data: dict) -> Decision:
    """Player ``p`` must take a decision of ``kind`` before play goes on:
    it goes under the decisions already waiting (they arose first). An
    unknown kind is an error here, not a table left waiting."""
    if kind not in st.ruleset.pending:
        raise ValueError(f"Small World: no decision {kind!r} in this table's rules")
    d = Decision(data, kind=kind, p=p)
    st.stack.insert(_base(st.stack), d)
    return d


def wait(st, step: Step, arg: int | None = None) -> bool:
    """The piece of the turn under way raised decisions (True): it goes on
    at ``step`` (with ``arg``) once they are taken, a :class:`Resume` under
    them. False when nothing waits: the piece goes on now."""
    stack = st.stack
    if stack[-1].__class__ is not Decision:
        return False
    stack.insert(_base(stack), Resume(step if step.__class__ is Step else Step(step), arg))
    return True


def deciding(st) -> Decision | None:
    """The decision to take now (the top step), or None."""
    top = st.stack[-1]
    return top if top.__class__ is Decision else None


def decisions(st) -> tuple:
    """The decisions waiting, the one to take now first."""
    stack = st.stack
    return tuple(stack[i] for i in range(len(stack) - 1, _base(stack) - 1, -1))


def taken(st, d: Decision) -> None:
    """Decision ``d`` is taken: it leaves the stack (from the top, where it
    was; the decisions it raised went under it)."""
    stack = st.stack
    if stack[-1] is d:
        stack.pop()
    else:
        raise ValueError(f"Small World: the decision {d['kind']!r} taken is not the one on top")


def shown(st) -> list:
    """The decisions waiting as a view carries them (``pending``): plain
    dicts in the order they are taken, the last one with ``then`` when the
    turn resumes a step after it."""
    stack = st.stack
    i = _base(stack)
    out = [dict(stack[j]) for j in range(len(stack) - 1, i - 1, -1)]
    if out and stack[i - 1].__class__ is Resume:
        out[-1]["then"] = stack[i - 1].text
    return out


def load(st, phase: str, pending: list) -> None:
    """The stack from a view's ``phase`` and ``pending`` (an unknown phase or
    step is a ValueError). A decision's ``then`` is shown only to the one
    who takes it; without it the turn resumes nothing after the
    decisions, as the viewer knows it."""
    stack = [Phase(phase)]
    ds = [dict(d) for d in pending]
    for d in ds:
        if "kind" not in d or "p" not in d:
            raise ValueError(f"a pending decision without its kind or player: {d!r}")
        if d["kind"] not in st.ruleset.pending:
            raise ValueError(f"unknown pending decision {d['kind']!r}")
    if ds and "then" in ds[-1]:
        stack.append(Resume.parse(ds[-1].pop("then")))
    for d in reversed(ds):
        d.pop("then", None)
        stack.append(Decision(d))
    st.stack = stack
