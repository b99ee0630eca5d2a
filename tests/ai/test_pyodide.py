"""The same view, seed and budget give the same move in the vendored
Pyodide under node as natively (the page runs the computer in Pyodide)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from plateau.ai import choose

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import pyodide_node  # noqa: E402

CODE = r"""
import json, sys
sys.path.insert(0, "/repo/tests/ai")
from ai_positions import sample
from plateau.ai import choose
out = []
for gid, budget in CASES:
    for s, p in sample(gid, 3, seed=31):
        out.append(choose(gid, s.view(p), p, seed=4, budget=budget))
from plateau.ai import hooks_for
plan = hooks_for("smallworld").plan_decision
for s, p in [sp for sp in sample("smallworld", 60, seed=31) if plan(sp[0])][:3]:
    out.append(choose("smallworld", s.view(p), p, level="hard", seed=4, budget=30))
print("RESULT " + json.dumps(out))
"""
CASES = [("thud", 400), ("armadora", 6), ("troy", 20), ("thorval", 10), ("smallworld", 8)]


@pytest.mark.skipif(not pyodide_node.available(), reason="node or node_modules/pyodide missing")
def test_same_move_natively_and_in_pyodide():
    from ai_positions import sample

    native = []
    for gid, budget in CASES:
        for s, p in sample(gid, 3, seed=31):
            native.append(choose(gid, s.view(p), p, seed=4, budget=budget))
    # Small World's hard level at a combo or a decline: paired playouts to the game's end
    from plateau.ai import hooks_for

    plan = hooks_for("smallworld").plan_decision
    hard = [sp for sp in sample("smallworld", 60, seed=31) if plan(sp[0])][:3]
    assert len(hard) == 3
    for s, p in hard:
        native.append(choose("smallworld", s.view(p), p, level="hard", seed=4, budget=30))
    out = pyodide_node.run_pyodide(f"CASES = {CASES!r}\n" + CODE, timeout=600)
    line = [x for x in out.splitlines() if x.startswith("RESULT ")][-1]
    assert json.loads(line[7:]) == native
