"""Serve the built site on http://127.0.0.1:8000/ (stdlib only).

    python3 scripts/serve.py [--dir site] [--port 8000] [--host 127.0.0.1]

Any static web server works for the published site; this one sets the
content types the runtime needs (.mjs, .wasm) and cache headers: the
vendored runtime is cached for a year (its path changes with its version),
everything else is revalidated on each load.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.startswith("/static/vendor/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args) -> None:  # quiet unless asked
        if self.server.verbose:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    verbose = False


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False) -> Server:
    handler = functools.partial(Handler, directory=str(directory))
    srv = Server((host, port), handler)
    srv.verbose = verbose
    return srv


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(ROOT / "site"))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    d = Path(args.dir)
    if not (d / "index.html").is_file():
        sys.exit(f"serve: {d} has no index.html — build the site first (scripts/serve.sh does)")
    srv = make_server(d, args.host, args.port, args.verbose)
    print(f"Plateau: http://{args.host}:{args.port}/  (serving {d}; Ctrl-C stops)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
