#!/usr/bin/env python3
"""Regenerate boards/smallworld-underground.json: Plateau's own Small World Underground boards for
3, 4 and 5 players, made by plateau.games.smallworld.boardgen from fixed seeds.

    python3 scripts/smallworld_underground.py          # rewrite the file
    python3 scripts/smallworld_underground.py --check  # exit 1 if the file is not up to date

Not run by CI; tests/games/test_smallworld_boardgen.py checks that the file equals what the
generator produces.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from plateau.games.smallworld import boardgen  # noqa: E402

OUT = ROOT / "boards" / "smallworld-underground.json"


def build() -> dict:
    maps, shapes = {}, {}
    for players in (3, 4, 5):
        board = boardgen.underground_board(players)
        key = f"underground-{players}p"
        maps[key] = board["graph"]
        maps[key]["seed"] = boardgen.UNDERGROUND_SEEDS[players]
        shapes[key] = board["shapes"]
    return {
        "format": "plateau-smallworld-underground/1",
        "about": (
            "Plateau's own Small World Underground boards for 3, 4 and 5 players. No published data "
            "exists for the printed 3-5 player Underground boards; these follow the structure of the "
            "2-player board (underground-2p in smallworld-graphs.json) scaled like the base maps. "
            "Made by plateau.games.smallworld.boardgen.underground_board from the seed recorded per "
            "map; regenerate with scripts/smallworld_underground.py. 'maps' uses the schema of "
            "smallworld-graphs.json, 'shapes' the schema of smallworld-shapes.json."
        ),
        "maps": maps,
        "shapes": shapes,
    }


def _j(v) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def dump(data: dict) -> str:
    """JSON with one line per region (graph and shapes), so that a change reads as a small diff."""
    out = ["{", f' "format": {_j(data["format"])},', f' "about": {_j(data["about"])},', ' "maps": {']
    keys = list(data["maps"])
    for k, key in enumerate(keys):
        m = data["maps"][key]
        out.append(f"  {_j(key)}: {{")
        for name, v in m.items():
            if name in ("regions", "borders"):
                continue
            out.append(f"   {_j(name)}: {_j(v)},")
        out.append('   "regions": [')
        regs = m["regions"]
        out += [f"    {_j(r)}" + ("," if i < len(regs) - 1 else "") for i, r in enumerate(regs)]
        out.append("   ],")
        out.append(f'   "borders": {_j(m["borders"])}')
        out.append("  }" + ("," if k < len(keys) - 1 else ""))
    out.append(" },")
    out.append(' "shapes": {')
    for k, key in enumerate(keys):
        sh = data["shapes"][key]
        out.append(f"  {_j(key)}: {{")
        out.append(f'   "width": {sh["width"]}, "height": {sh["height"]},')
        out.append('   "regions": {')
        ids = list(sh["regions"])
        out += [f"    {_j(r)}: {_j(sh['regions'][r])}" + ("," if i < len(ids) - 1 else "") for i, r in enumerate(ids)]
        out.append("   }")
        out.append("  }" + ("," if k < len(keys) - 1 else ""))
    out.append(" }")
    out.append("}")
    text = "\n".join(out) + "\n"
    assert json.loads(text) == data
    return text


def main(argv: list[str]) -> int:
    text = dump(build())
    if "--check" in argv:
        ok = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if ok else f"{OUT} differs from the generator")
        return 0 if ok else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
