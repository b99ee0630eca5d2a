"""The build's stages in order (``python3 scripts/build.py``)."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import sitebuild

from .bench import bench_pages
from .boot import boot_module
from .bundles import bundle, bundle_files
from .cards import card_pictures, prerender
from .club_libraries import vendor_club
from .common import ROOT, fail
from .home import home_html
from .pages import pages
from .precompile import precompile
from .runtime import vendor
from .service_worker import service_worker
from .snapshot import memory_snapshot
from .stdlib import stdlib_later


def main() -> None:
    ap = argparse.ArgumentParser(description=sitebuild.__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "site"))
    ap.add_argument("--label", default="", help="a name for this build (a date, a release), in version.json"
                    " and the bundle (plateau/build.txt)")
    ap.add_argument("--bench", action="store_true",
                    help="also bench/bare.html, the baseline page of bench/browser.py (not for publishing)")
    args = ap.parse_args()
    out = Path(args.out).resolve()
    if out == ROOT:
        fail("--out must not be the source tree")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    compiled = precompile(bundle_files())
    paths = vendor(out, compiled.stdlib)
    paths.update(stdlib_later(out, compiled.later))
    vendor_club(out)
    pre = prerender()
    index = pre.get("games", {})
    version, games = bundle(out, compiled.pyc, compiled.tag, index, args.label)
    bundle_path = f"static/build/plateau-{version}.bundle"
    snap = memory_snapshot(out, paths["pyodide"], bundle_path, version)
    paths.update(boot_module(out, paths, bundle_path, snap, games))
    pictures = card_pictures(out, pre.get("pictures", {}))
    shell = pages(out, version, paths, home_html(pre, pictures), args.label)
    cache = service_worker(out, shell)
    if args.bench:
        bench_pages(out)
    print(f"build: site ready in {out} (bundle {version}, cache {cache})")
