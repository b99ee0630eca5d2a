"""Benchmark of the Small World board drawings (``games/smallworld/mapdraw``):
time to load the shapes, to build each map's terrain layer and thumbnail
(first call, before the caches fill), and the size of what is sent to the
page.

Run: PYTHONPATH=py python3 bench/bench_smallworld_maps.py
"""

from __future__ import annotations

import time

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
