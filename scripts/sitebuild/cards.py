"""The home page's game cards: the games index and each game's opening board
from the engine (scripts/prerender.py), the boards made pictures."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from .common import ROOT, SVGWRITE_WHEEL, TOOLS, fail, short_hash
from .home import esc


def prerender() -> dict:
    """The games index, a picture of each game's opening board and the home
    screen's sentences, from the engine (scripts/prerender.py, in a
    separate interpreter). Empty if a game does not load here: the page
    then shows only the loading line and the app asks the games themselves."""
    path = os.pathsep.join([str(ROOT / "py"), str(ROOT / "static" / "vendor" / SVGWRITE_WHEEL)])
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "prerender.py")],
                         env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True)
    if run.returncode != 0:
        print(f"build: no games index ({run.stderr.strip()[-300:]})", file=sys.stderr)
        return {}
    return json.loads(run.stdout)


# A card's picture: the board's drawing (scripts/prerender.py made it fit a
# card) turned into a PNG at build time. Drawn in the page as SVG, the six
# boards held the page's thread while it was parsed (style, layout and paint
# of ~1,700 elements and 240 kB of paths: the runtime took the thread ~150 ms
# later, bench/HISTORY.md); a PNG is decoded off that thread and painted as
# one layer. The frame is 9rem (144 CSS px) high: drawn 2x for
# phones and high-density screens.
CARD_PX = 288


SVG_NS = "http://www.w3.org/2000/svg"


def card_png(svg: str) -> tuple[bytes, int, int]:
    """``svg`` (a board's drawing, sized 100 %) as a PNG ``CARD_PX`` high,
    with its width and height in pixels."""
    import xml.etree.ElementTree as ET

    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    try:
        import resvg_py
    except ImportError:
        fail("resvg-py is missing: run scripts/setup.sh (or python3 -m pip install --target .tools"
             " -r requirements-build.txt); the build draws the home page's card pictures with it")
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ET.fromstring(svg)
    box = [float(x) for x in root.get("viewBox", "").replace(",", " ").split()]
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        fail("a card picture has no usable viewBox")
    h = CARD_PX
    w = max(1, round(box[2] * h / box[3]))
    root.set("width", str(w))
    root.set("height", str(h))
    png = bytes(resvg_py.svg_to_bytes(svg_string=ET.tostring(root, encoding="unicode"), width=w, height=h,
                                      skip_system_fonts=True))
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        fail("resvg-py did not give a PNG")
    return card_palette(png), w, h


# A card's drawing holds few colours (flat regions, thin lines): written with a
# palette of 128 it is a quarter of the full-colour PNG (220 kB -> 55 kB for the
# six cards, measured), and the eye sees no difference at a card's size.
CARD_COLOURS = 128


def card_palette(png: bytes) -> bytes:
    """``png`` written again with a palette of :data:`CARD_COLOURS`."""
    try:
        from PIL import Image
    except ImportError:
        fail("Pillow is missing: run scripts/setup.sh (or python3 -m pip install --target .tools"
             " -r requirements-build.txt); the build writes the card pictures with a palette")
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    out = io.BytesIO()
    image.quantize(colors=CARD_COLOURS, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def card_pictures(out: Path, pics: dict) -> dict[str, str]:
    """Each game's card picture written as ``static/build/card-<game>-<hash>.png``;
    returns the ``<img>`` of each (decorative: the card names the game)."""
    build = out / "static" / "build"
    build.mkdir(parents=True, exist_ok=True)
    tags = {}
    for gid, svg in pics.items():
        png, w, h = card_png(svg)
        name = f"card-{gid}-{short_hash(png)}.png"
        (build / name).write_bytes(png)
        tags[gid] = f'<img src="static/build/{esc(name)}" alt="" width="{w}" height="{h}" draggable="false">'
    return tags
