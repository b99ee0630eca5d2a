"""Plateau's Python in bundles: the one the start waits for, each game's own,
and the sources apart (for tracebacks)."""

from __future__ import annotations

import ast
import hashlib
import io
import json
import zipfile
from pathlib import Path

from .common import ROOT, SVGWRITE_WHEEL, ZIP_DATE, fail, short_hash
from .compress import gzip_best
from .precompile import pyscript_sources


def bundle_version(bundle_path: str) -> str:
    """The version of Plateau's bundle named ``static/build/plateau-<version>.bundle``."""
    return bundle_path.rsplit("/plateau-", 1)[1].removesuffix(".bundle")


def bundle(out: Path, pyc: dict[str, bytes], tag: str, index: dict, label: str = "") -> tuple[str, dict]:
    """Zip the engine, the web layer and svgwrite into
    ``static/build/plateau-<hash>.bundle``, and each game of ``index`` with its
    boards into ``static/build/game-<gid>-<hash>.bundle`` (``games_apart``);
    returns the hash and, per game, its bundle's path and the games it needs. Plateau's
    modules ship as their bytecode in ``__pycache__`` (what is loaded; ``tag``: the
    runtime's, precompile.Compiled), their
    sources apart (``sources_apart``). The file is a zip whose entries are
    stored, the whole gzip-compressed: the page inflates it in one pass
    (native ``DecompressionStream``) and takes each file as it lies, where
    inflating the entries one by one cost ~90 ms of every start."""
    target = out / "static" / "build"
    target.mkdir(parents=True, exist_ok=True)
    version, entries = bundle_entries(pyc, tag, index, label)
    entries, sources = sources_apart(entries, pyc, tag)
    entries, per_game = games_apart(entries, list(index))
    written = [(target / f"plateau-{version}.bundle", entries),
               (target / f"plateau-src-{version}.bundle", sources)]
    games = {}
    for gid, files in per_game.items():
        data = bundle_bytes(files)
        name = f"game-{gid}-{short_hash(data)}.bundle"
        (target / name).write_bytes(data)
        games[gid] = {"bundle": f"static/build/{name}", "needs": game_needs(gid, list(index))}
    for path, files in written:
        if files:
            path.write_bytes(bundle_bytes(files))
    return version, games


def bundle_entries(pyc: dict[str, bytes], tag: str, index: dict, label: str) -> tuple[str, list]:
    """Every file of Plateau's Python for the page, in order (Plateau's
    package and boards, svgwrite's wheel, PyScript's package, the bytecode,
    the build's label, the games index), and the version they make: the
    hash of them all and of the runtime's tag."""
    entries = [(name, p.read_bytes()) for p, name in bundle_files()]
    entries += wheel_entries()
    entries += [(name, text.encode()) for name, text in sorted(pyscript_sources().items())]
    entries += sorted(pyc.items())
    if label:
        entries.append(("plateau/build.txt", label.encode()))
    if index:
        entries.append(("plateau/games/index.json", json.dumps(index, ensure_ascii=False).encode()))
    h = hashlib.sha256(b"pyc:" + tag.encode() if pyc else b"")
    for name, data in entries:
        h.update(name.encode() + b"\0" + data)
    return h.hexdigest()[:12], entries


def bundle_bytes(files: list[tuple[str, bytes]]) -> bytes:
    """A bundle file: a zip of ``files``, stored, the whole gzip-compressed."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name, ZIP_DATE), data)
    return gzip_best(buf.getvalue())


def game_of(name: str, games: list[str]) -> str | None:
    """The game whose own bundle holds the file ``name``: its package
    (``plateau/games/<gid>/...``) and its boards (``boards/<gid>.json``,
    ``boards/<gid>-*.json``); None for what every screen may need."""
    parts = name.split("/")
    if len(parts) > 3 and parts[0] == "plateau" and parts[1] == "games" and parts[2] in games:
        return parts[2]
    if len(parts) == 2 and parts[0] == "boards":
        stem = parts[1].rsplit(".", 1)[0]
        for gid in games:
            if stem == gid or stem.startswith(gid + "-"):
                return gid
    return None


def games_apart(entries: list[tuple[str, bytes]], games: list[str]) -> tuple[list, dict]:
    """The bundle the start waits for, and apart from it each game's own
    files (its package's bytecode, data and empty source files, its boards):
    the home screen imports no game (plateau/games/index.json says what it
    shows), so a game's files are fetched when that game is first needed, or
    in the background once the app is ready (static/pyodide-boot.mjs)."""
    main, per_game = [], {}
    for name, data in entries:
        gid = game_of(name, games)
        if gid is None:
            main.append((name, data))
        else:
            per_game.setdefault(gid, []).append((name, data))
    return main, per_game


def game_needs(gid: str, games: list[str]) -> list[str]:
    """The other games whose packages the game's modules import (Arkhanis
    plays Small World's rules), in the order of ``games``."""
    found = set()
    package = ROOT / "py" / "plateau" / "games" / gid
    for path in sorted(package.rglob("*.py")):
        # the package's modules are plateau.games.<gid>[.<sub>...].<module>: ``level`` dots up from one
        where = ["plateau", "games", *path.relative_to(package.parent).parent.parts]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # imports only, not words
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = where[:len(where) - node.level + 1] if node.level else []
                head = ".".join(base + ([node.module] if node.module else []))
                names = [head] + [f"{head}.{a.name}" for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["plateau", "games"] and len(parts) > 2:
                    found.add(parts[2])
    return [g for g in games if g != gid and g in found]


def sources_apart(entries: list[tuple[str, bytes]], pyc: dict[str, bytes], tag: str) -> tuple[list, list]:
    """The bundle's files, and apart from them the sources of the modules that
    have their bytecode in it (Plateau's and svgwrite's). Those sources only
    serve tracebacks (the bytecode is unchecked: Python loads it without
    reading the source), so the page fetches them once the app is ready
    (``static/build/plateau-src-<hash>.bundle``, the boot module): in their
    place the bundle holds an empty file, which is enough for Python to find
    the module and its bytecode (0.35 MB less before the app is ready).
    The bytecode of PyScript's package goes with them: the start does not
    import that package (CORE_PATCHES); its sources stay in the bundle whole,
    as its bytecode is checked against them."""
    if not pyc or not tag:
        return entries, []
    tag = tag.split(":")[0]
    main, later = [], []
    for name, data in entries:
        parent, _, stem = name.rpartition("/")
        if name.startswith("pyscript/"):
            # PyScript's own package: the start no longer imports it (CORE_PATCHES)
            (main if name.endswith(".py") else later).append((name, data))
        elif name.endswith(".py") and f"{parent}/__pycache__/{stem[:-3]}.{tag}.pyc" in pyc:
            main.append((name, b""))
            later.append((name, data))
        else:
            main.append((name, data))
    return main, later


def sources_path(out: Path, bundle_path: str) -> str:
    """The site path of the sources apart from ``bundle_path`` ("" if none)."""
    path = bundle_path.replace("/plateau-", "/plateau-src-")
    return path if (out / path).is_file() else ""


def bundle_files() -> list[tuple[Path, str]]:
    files = []
    for base, arc in ((ROOT / "py" / "plateau", "plateau"), (ROOT / "boards", "boards")):
        for p in sorted(base.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json", ".md", ".toml"):
                files.append((p, arc + "/" + p.relative_to(base).as_posix()))
    return files


def wheel_entries() -> list[tuple[str, bytes]]:
    """svgwrite as its wheel ships it (sources, licence, metadata), for the
    bundle: the page then fetches one archive for all its Python."""
    wheel = ROOT / "static" / "vendor" / SVGWRITE_WHEEL
    if not wheel.is_file():
        fail(f"{wheel.relative_to(ROOT)} is missing: run scripts/setup.sh")
    with zipfile.ZipFile(wheel) as w:
        return [(n, w.read(n)) for n in sorted(w.namelist()) if not n.endswith("/")]
