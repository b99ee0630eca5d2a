"""Benchmark of the Small World board drawings (``games/smallworld/mapdraw``):
time to load the shapes, to build each map's terrain layer and thumbnail
(first call, before the caches fill), and the size of what is sent to the
page.

Run: PYTHONPATH=py python3 bench/bench_smallworld_maps.py [--pyodide]

``--pyodide`` also times the first ``terrain_layer`` call of each map in the
vendored Pyodide under node (node_modules/pyodide, as scripts/build.py uses it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from plateau.core.boards import load_board
from plateau.games.smallworld import mapdraw


def cold(fn, *args, repeat=5):
    """Best time of ``fn(*args)`` in ms with every cache emptied first."""
    best = float("inf")
    for _ in range(repeat):
        load_board.cache_clear()
        mapdraw.geometry.cache_clear()
        mapdraw.terrain_layer.cache_clear()
        mapdraw.thumbnail.cache_clear()
        t = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t)
    return best * 1e3


ROOT = Path(__file__).resolve().parent.parent
NODE_JS = r"""
const { loadPyodide } = await import(process.env.PYO_MJS);
const py = await loadPyodide({ indexURL: process.env.PYO_DIR });
for (const d of ["py", "boards"]) {
  py.FS.mkdirTree("/" + d);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: process.env.ROOT + "/" + d }, "/" + d);
}
process.stdout.write(py.runPython(`
import json, os, sys, time
sys.path.insert(0, "/py")
sys.dont_write_bytecode = True
os.environ["PLATEAU_BOARDS"] = "/boards"
from plateau.games.smallworld import mapdraw
res = {"python": sys.version.split()[0]}
for mid in mapdraw.MAP_IDS:
    t = time.perf_counter()
    mapdraw.terrain_layer(mid, "fr")
    res[mid] = (time.perf_counter() - t) * 1e3
json.dumps(res)
`) + "\n");
"""


def pyodide_times():
    pyo = ROOT / "node_modules" / "pyodide"
    env = {**os.environ, "PYO_MJS": (pyo / "pyodide.mjs").as_uri(), "PYO_DIR": str(pyo) + "/", "ROOT": str(ROOT)}
    run = subprocess.run(["node", "--input-type=module", "-e", NODE_JS], env=env, capture_output=True,
                         text=True, timeout=300)
    if run.returncode != 0:
        raise SystemExit(f"pyodide run failed: {run.stderr.strip()[-400:]}")
    res = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"\nPyodide (Python {res.pop('python')}), first terrain_layer call (the first one also loads the JSON):")
    for mid, ms in res.items():
        print(f"  {mid:<16}{ms:>8.1f} ms")


def main():
    print(f"{'map':<16}{'regions':>8}{'points':>8}{'geometry ms':>13}{'layer ms':>10}"
          f"{'layer KB':>10}{'thumb ms':>10}{'thumb KB':>10}")
    for mid in mapdraw.MAP_IDS:
        g = mapdraw.geometry(mid)
        pts = sum(len(g.polygon(r)) for r in g.ids)
        t_geo = cold(mapdraw.geometry, mid)
        t_layer = cold(lambda m: mapdraw.terrain_layer(m, "fr"), mid)
        t_thumb = cold(mapdraw.thumbnail, mid)
        layer = mapdraw.terrain_layer(mid, "fr")
        thumb = mapdraw.thumbnail(mid)
        print(f"{mid:<16}{len(g.ids):>8}{pts:>8}{t_geo:>13.1f}{t_layer:>10.1f}"
              f"{len(layer.encode()) / 1024:>10.1f}{t_thumb:>10.1f}{len(thumb.encode()) / 1024:>10.1f}")
    t = time.perf_counter()
    for _ in range(1000):
        mapdraw.terrain_layer("base-5p", "fr")
    print(f"cached terrain_layer: {(time.perf_counter() - t) * 1e3:.2f} µs per call")


if __name__ == "__main__":
    main()
    if "--pyodide" in sys.argv[1:]:
        pyodide_times()
