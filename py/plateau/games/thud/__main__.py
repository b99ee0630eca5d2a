"""Command line tools for Thud.

``python -m plateau.games.thud perft --depth N [--captures any|all|forced]``
prints the number of legal move sequences of length N from the start
position (board moves only, not offers) on its last line, after one line
per depth with its count and time. ``divide`` prints the count below each
first move; ``check FILE.thud`` validates a ``.thud`` file.
"""

from __future__ import annotations

import argparse
import sys
import time

from . import board as B


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m plateau.games.thud", description="Thud tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft", help="count move sequences from the start position")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--captures", choices=B.CONVENTIONS, default="any")
    p.add_argument("--position", help="a .thud first line (default: the start position)")
    p = sub.add_parser("divide", help="perft below each first move")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--captures", choices=B.CONVENTIONS, default="any")
    p = sub.add_parser("check", help="validate a .thud file")
    p.add_argument("file")
    p.add_argument("--captures", choices=B.CONVENTIONS, default="any")
    args = ap.parse_args(argv)

    if args.cmd in ("perft", "divide"):
        if args.depth < 0:
            ap.error("--depth must be 0 or more")
        b = list(B.START_BOARD)
        if getattr(args, "position", None):
            try:
                b = B.parse_board_line(args.position)
            except ValueError as e:
                ap.error(str(e))
        if args.cmd == "divide":
            total = 0
            for mv in B.gen_moves(b, B.DWARF, args.captures):
                B.make(b, mv, B.DWARF)
                n = B.perft(b, B.TROLL, args.depth - 1, args.captures)
                B.unmake(b, mv, B.DWARF)
                print(f"{B.move_text(B.DWARF, mv)} {n}")
                total += n
            print(total)
            return 0
        n = 1
        for depth in range(1, args.depth + 1):
            t = time.perf_counter()
            n = B.perft(b, B.DWARF, depth, args.captures)
            dt = time.perf_counter() - t
            print(f"perft({depth}) captures={args.captures}: {n} ({dt:.3f} s)")
        print(n)
        return 0

    from plateau.core.record import RecordError

    from .thudfile import import_thud

    try:
        with open(args.file, "rb") as f:
            rec = import_thud(f.read(), options={"captures": args.captures})
    except (OSError, RecordError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 1
    print(f"{args.file}: {len(rec.moves)} plies, all legal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
