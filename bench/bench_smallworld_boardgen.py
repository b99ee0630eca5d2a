"""Small World board generator speed (plateau.games.smallworld.boardgen), natively and, with
``--pyodide``, in the vendored Pyodide under Node — where it also checks that Pyodide builds the
very same boards as CPython (a hash of each board's JSON).

Times are CPU time of the process (time.process_time), so a busy machine does not inflate them.

Run: PYTHONPATH=py python3 bench/bench_smallworld_boardgen.py [--seeds N] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = r"""
import hashlib, json, time
from plateau.games.smallworld import boardgen as G

def run(seeds):
    out = {"hash": {}, "time": {}}
    for p in (2, 3, 4, 5):
        t = time.process_time()
        b = G.underground_board(p)
        out["time"][f"underground {p}p"] = [time.process_time() - t]
        out["hash"][f"u{p}"] = hashlib.sha256(json.dumps(b, sort_keys=True).encode()).hexdigest()
        times = []
        for s in range(seeds):
            t = time.process_time()
            b = G.random_board(p, s)
            times.append(time.process_time() - t)
            out["hash"][f"r{p}-{s}"] = hashlib.sha256(json.dumps(b, sort_keys=True).encode()).hexdigest()
        out["time"][f"random {p}p"] = times
    return out
"""

NODE = r"""
import { loadPyodide } from "%(root)s/node_modules/pyodide/pyodide.mjs";
import fs from "fs";
const py = await loadPyodide({ indexURL: "%(root)s/node_modules/pyodide/" });
const base = "%(root)s/py/";
const files = ["plateau/__init__.py", "plateau/games/__init__.py", "plateau/games/smallworld/boardgen.py"];
for (const f of fs.readdirSync(base + "plateau/core")) if (f.endsWith(".py")) files.push("plateau/core/" + f);
for (const f of files) {
  py.FS.mkdirTree("/home/pyodide/" + f.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/home/pyodide/" + f, fs.readFileSync(base + f, "utf8"));
}
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
py.runPython(fs.readFileSync("%(code)s", "utf8"));
console.log(py.runPython("import json, sys; json.dumps(dict(run(%(seeds)d), python=sys.version.split()[0]))"));
"""


def table(title, res):
    print(title)
    print(f"  {'board':<16}{'boards':>7}{'median ms':>11}{'max ms':>9}")
    for k, v in res["time"].items():
        print(f"  {k:<16}{len(v):>7}{statistics.median(v) * 1000:>11.1f}{max(v) * 1000:>9.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20, help="random boards per player count")
    ap.add_argument("--pyodide", action="store_true", help="also run in Pyodide under Node and compare")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "py"))
    ns: dict = {}
    exec(CODE, ns)
    native = ns["run"](args.seeds)
    table(f"CPython {sys.version.split()[0]}", native)
    if args.pyodide:
        with tempfile.TemporaryDirectory() as tmp:
            code = Path(tmp) / "code.py"
            code.write_text(CODE)
            mjs = Path(tmp) / "run.mjs"
            mjs.write_text(NODE % {"root": ROOT, "code": code, "seeds": args.seeds})
            out = subprocess.run(["node", str(mjs)], capture_output=True, text=True, check=True).stdout
        pyo = json.loads(out.strip().splitlines()[-1])
        table(f"Pyodide (Python {pyo['python']}, Node)", pyo)
        same = sum(pyo["hash"][k] == h for k, h in native["hash"].items())
        print(f"same boards in Pyodide and CPython: {same}/{len(native['hash'])}")
        if same != len(native["hash"]):
            sys.exit(1)


if __name__ == "__main__":
    main()
