"""Cost of the untrusted-input guards (JSON depth bound before parsing),
natively: a normal record, a long game's record, and the 100 000-deep link
of issue 8 that used to kill the interpreter.

    PYTHONPATH=py python3 bench/bench_input_guard.py
"""

from __future__ import annotations

import base64
import json
import time
import zlib

from plateau.core.record import Record, check_depth, decode, encode


def best(fn, n=20):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out) * 1000


def main() -> None:
    short = encode(Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], ["dF1-F2"]))
    long_rec = Record("thud", {"captures": "any"}, 7, ["Ann", "Bob"], ["dF1-F2", "TG7-F6"] * 1000)
    long_link = encode(long_rec)
    body = json.dumps(long_rec.to_json())
    deep = "[" * 100_000 + "]" * 100_000
    deep_link = "P1" + base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")

    def refuse():
        try:
            decode(deep_link)
        except ValueError:
            pass

    rows = [
        ("check_depth, 2000-move record body", f"{len(body)} chars", best(lambda: check_depth(body))),
        ("json.loads, same body (for scale)", f"{len(body)} chars", best(lambda: json.loads(body))),
        ("decode, 1-move link", f"{len(short)} chars", best(lambda: decode(short))),
        ("decode, 2000-move link", f"{len(long_link)} chars", best(lambda: decode(long_link))),
        ("decode refuses the 100 000-deep link", f"{len(deep_link)} chars", best(refuse, 5)),
    ]
    print(f"{'case':42} {'input':>14} {'best ms':>9}")
    for name, size, ms in rows:
        print(f"{name:42} {size:>14} {ms:9.3f}")


if __name__ == "__main__":
    main()
