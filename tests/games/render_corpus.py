"""A corpus of drawn positions for every game, and the normal form that
compares two drawings by what the player sees.

Each case is a game with its options, a seed and a few plies reached by
random legal moves (a fixed ``random.Random``); each position is drawn for
every viewer (everything, the public, each seat), with and without the next
targets (and with one click made when a move has several), wide and compact,
in both languages, plus the game's other views and its rules diagrams.

:func:`normal_form` resolves the style sheet (``static/app.css``) and any
``<style>`` inside the drawing onto each element, as a browser's cascade
does (a presentation attribute loses to any rule; rules by specificity,
then order; ``:hover``/``:focus`` rules kept apart, per state), computes
inherited properties onto the elements that paint, and drops the class
names listed in :data:`STYLE_CLASSES` (names that only carry styling). A
drawing whose attributes moved to the style sheet then has the same normal
form as before.

    python3 tests/games/render_corpus.py --write   # the golden hashes (from the drawings as they are)
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from plateau.core.game import PUBLIC, RenderContext  # noqa: E402
from plateau.core.registry import get_game  # noqa: E402

GOLDEN = Path(__file__).with_name("data") / "render_golden.json"
CSS = ROOT / "static" / "app.css"
SVG = "{http://www.w3.org/2000/svg}"

#: class names that carry only styling (added when an attribute moved to the
#: style sheet); the page and the tests never look for them, and no element
#: that is a target carries one (the page tells targets apart by their classes)
STYLE_CLASSES: set[str] = {
    # Small World
    "sw-sea", "sw-cell", "sw-lt", "sw-beast", "sw-ring", "sw-ini", "sw-dark", "sw-badge", "sw-n", "sw-small",
    "sw-ab", "sw-light", "sw-tile", "sw-disc", "sw-shield", "sw-helm", "sw-plume", "sw-die", "sw-panel",
    "sw-head", "sw-power", "sw-card-face", "sw-race", "sw-coin", "sw-coin-n", "sw-box", "sw-active", "sw-name",
    "sw-coins", "sw-line", "sw-gone", "sw-event",
    # the tournament's overview
    "ak-bg", "ak-title", "ak-table-title", "ak-note", "ak-vacant", "ak-who", "ak-info", "ak-log-title",
    # Le Cheval de Troie (and its board's own class)
    "troy", "tr-plain", "tr-paper", "tr-rule", "tr-moat", "tr-wall", "tr-ring", "tr-tower", "tr-tower-top",
    "tr-plaza", "tr-deco", "tr-last", "tr-num-disc", "tr-bonus-disc", "tr-value-box", "tr-cap-box", "tr-full",
    "tr-face", "tr-back", "tr-back-in", "tr-card", "tr-none", "tr-current", "tr-bag", "tr-bag-tie", "tr-spot",
    "tr-black-ring", "tr-box", "tr-num", "tr-bonus", "tr-value", "tr-dark", "tr-cap", "tr-treasure", "tr-secret",
    "tr-horse-n", "tr-horse-q", "tr-title", "tr-colour", "tr-now", "tr-over", "tr-head", "tr-label", "tr-count",
    "tr-bag-n", "tr-announce", "tr-on", "tr-hero-n", "tr-trident", "tr-log", "tr-sub", "tr-points",
    # Armadora
    "am-frame", "am-paper", "am-banner", "am-title", "am-wood", "am-coords", "am-left", "am-white", "am-face",
    "am-box", "am-passed", "am-current", "am-star", "am-power", "am-badge-disc",
    # Thorval
    "th-last", "th-ring", "th-fight", "th-fight-head", "th-label", "th-orks", "th-tusks", "th-orks-n", "th-army",
    "th-army-n", "th-paper", "th-rule", "th-rule-thin", "th-title", "th-sub", "th-row", "th-out", "th-current",
    "th-dot", "th-name", "th-info", "th-head", "th-ev", "th-latest", "th-step", "th-swatch", "th-legend",
    # Thud
    "td-frame", "td-light", "td-dark", "td-grid", "td-coords", "td-last", "td-cross", "td-hurl", "td-sel", "td-dot",
    "td-ring", "td-t", "td-round", "td-side", "td-who", "td-count", "td-end", "td-score", "td-offer", "td-pole",
    "td-flag", "td-offer-t", "td-band", "td-band-t",
}

# (game, options, players, seed, plies)
CASES = [
    ("thud", {}, 2, 1, (0, 5, 30)),
    ("thud", {"captures": "forced"}, 2, 2, (12, 70)),
    ("armadora", {}, 2, 3, (0, 4, 25)),
    ("armadora", {"rules": "advanced"}, 4, 4, (1, 9, 40, 200)),
    ("troy", {}, 2, 5, (0, 3, 20)),
    ("troy", {"opening": "play", "horse": "glass"}, 4, 6, (2, 15, 60, 400)),
    ("thorval", {}, 3, 7, (0, 6, 30)),
    ("thorval", {"attack_mode": "free", "turn_limit": 2}, 2, 8, (4, 40, 120)),
    ("smallworld", {"_rev": 1}, 2, 9, (0, 3, 12, 40)),
    ("smallworld", {"board": "underground", "content": "underground", "monsters": "random"}, 3, 10,
     (0, 6, 25, 80)),
    ("smallworld", {"board": "random", "content": "mixed", "monsters": "hand", "open_coins": True}, 4, 11,
     (2, 20, 60)),
    ("smallworld", {"content": "mixed", "_rev": 1}, 5, 12, (15, 120, 400)),  # (these two drawn before the seas at
    # the edge were border regions, rules revision 2: the random moves now go elsewhere)
    ("arkhanis", {"_rev": 1}, 5, 13, (0, 4, 30, 90)),  # drawn under the one-seat-at-a-time clock
    ("arkhanis", {"boards": "underground", "free": 2, "_rev": 1}, 8, 14, (10, 60)),
]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]


GAME_IDS = ("thud", "armadora", "troy", "thorval", "smallworld", "arkhanis")


def positions(games=GAME_IDS):
    """``(key, game, state, plies played)`` for every case and ply of
    ``games`` (a game may end before the last ply: the final position is
    kept once)."""
    for gid, opts, n, seed, plies in CASES:
        if gid not in games:
            continue
        g = get_game(gid)
        st = g.start(NAMES[:n], g.full_options(opts), seed)
        rnd = random.Random(seed)
        done = 0
        for ply in plies:
            while done < ply and not st.is_over():
                st.apply(rnd.choice(st.legal_moves()))
                done += 1
            yield f"{gid}/{seed}/{done}", g, st.clone(), rnd
            if st.is_over():
                break


def contexts(g, st, rnd):
    """The drawing contexts of one position: each viewer, targets or none,
    one click made, wide and compact, both languages."""
    over = st.is_over()
    moves = [] if over else st.legal_moves()
    first = frozenset(m.path[0] for m in moves)
    multi = [m for m in moves if len(m.path) > 1]
    click = rnd.choice(multi).path[:1] if multi else None
    seat = st.to_play
    viewers = [None, PUBLIC] + list(range(len(st.players)))
    for i, v in enumerate(viewers):
        lang = "fr" if i % 2 else "en"
        yield f"v{v}-{lang}", RenderContext(viewer=v, lang=lang)
        if v == seat or (v is None and seat is None):
            yield f"v{v}-{lang}-targets", RenderContext(viewer=v, lang=lang, targets=first)
            yield f"v{v}-{lang}-compact", RenderContext(viewer=v, lang=lang, targets=first, compact=True,
                                                         coords=False)
            if click:
                nxt = set()
                for m in moves:
                    if m.matches(click):
                        nxt |= m.next_targets(click)
                yield f"v{v}-{lang}-click", RenderContext(viewer=v, lang=lang, clicks=click,
                                                          targets=frozenset(nxt), live=False)


def drawings(games=GAME_IDS):
    """``(key, svg)`` for the corpus of ``games`` (all by default)."""
    for key, g, st, rnd in positions(games):
        for ck, ctx in contexts(g, st, rnd):
            yield f"{key}/{ck}", g.render(st, ctx)
            for vid, _label in g.views(st, ctx.lang)[1:]:
                yield f"{key}/{ck}/{vid}", g.render_view(st, vid, ctx)
    for gid in games:
        g = get_game(gid)
        for lang in ("fr", "en"):
            for name in sorted(set(re.findall(r"^!diagram (\S+)", g.rules(lang), re.M))):
                yield f"{gid}/diagram/{name}/{lang}", g.rules_diagram(name, lang)


# --- the cascade ------------------------------------------------------------------------------

INHERITED = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
             "stroke-linecap", "stroke-linejoin", "font-family", "font-size", "font-weight", "font-style",
             "text-anchor", "dominant-baseline", "paint-order", "pointer-events", "cursor", "visibility",
             "letter-spacing", "color"}
PRESENTATION = INHERITED | {"opacity", "display", "filter", "outline", "outline-offset", "stop-color",
                            "stop-opacity", "clip-path", "mask", "transform-origin"}
PAINTS = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "use", "image"}
_SIMPLE = re.compile(r"^(?P<tag>[a-zA-Z*][\w-]*)?(?P<rest>(?:[.#][\w-]+|\[[^\]]+\]|::?[\w-]+(?:\([^)]*\))?)*)$")


def _parse_css(text: str, media: str = "") -> list:
    """``(selector parts, specificity, order, state, {property: value})`` for
    every rule of ``text`` (rules under ``@media`` carry the condition in
    their state)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules, i = [], 0
    while i < len(text):
        j = text.find("{", i)
        if j < 0:
            break
        head = text[i:j].strip()
        depth, k = 1, j + 1
        while depth and k < len(text):
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        body = text[j + 1:k - 1]
        i = k
        if head.startswith("@media"):
            rules += _parse_css(body, head)
            continue
        if head.startswith("@"):
            continue
        props = {}
        for decl in body.split(";"):
            if ":" in decl:
                name, value = decl.split(":", 1)
                props[name.strip()] = _value(value)
        for sel in head.split(","):
            parsed = _selector(sel.strip())
            if parsed is not None:
                parts, spec, state = parsed
                rules.append((parts, spec, len(rules), (media + state) or "", props))
    return rules


@functools.lru_cache(maxsize=4)
def _rules(sheet: str) -> list:
    return _parse_css(sheet)


def _value(v: str) -> str:
    v = v.strip().lower()
    important = v.endswith("!important")
    v = re.sub(r"\s*!important$", "", v)
    v = re.sub(r"(?<=\d)px\b", "", v)
    v = re.sub(r"\s+", " ", v)
    return ("!" if important else "") + v


def _selector(sel: str):
    """Compound selectors with descendant/child combinators; pseudo-classes
    that depend on the pointer or focus become a state; anything else that
    cannot be matched statically makes the rule ignored (it cannot touch a
    board element: the board's own rules use none)."""
    tokens = re.split(r"\s*(>)\s*|\s+", sel)
    parts, comb = [], " "
    spec = [0, 0, 0]
    state = ""
    for tok in tokens:
        if not tok:
            continue
        if tok == ">":
            comb = ">"
            continue
        m = _SIMPLE.match(tok)
        if not m:
            return None
        tag = m.group("tag")
        classes, ids, attrs, first_of_type = [], [], [], False
        for piece in re.findall(r"[.#][\w-]+|\[[^\]]+\]|::?[\w-]+(?:\([^)]*\))?", m.group("rest")):
            if piece[0] == ".":
                classes.append(piece[1:])
                spec[1] += 1
            elif piece[0] == "#":
                ids.append(piece[1:])
                spec[0] += 1
            elif piece[0] == "[":
                attrs.append(piece[1:-1])
                spec[1] += 1
            elif piece in (":hover", ":focus", ":focus-visible", ":active"):
                state += piece
                spec[1] += 1
            elif piece == ":first-of-type":
                first_of_type = True
                spec[1] += 1
            else:
                return None
        if tag and tag != "*":
            spec[2] += 1
        parts.append((comb, tag if tag != "*" else None, classes, ids, attrs, first_of_type))
        comb = " "
    return parts, tuple(spec), state


def _matches_simple(el, part, parent) -> bool:
    _comb, tag, classes, ids, attrs, first_of_type = part
    if tag and el.tag.replace(SVG, "") != tag:
        return False
    have = set((el.get("class") or "").split())
    if any(c not in have for c in classes) or any(el.get("id") != i for i in ids):
        return False
    for a in attrs:
        if "=" in a:
            name, val = a.split("=", 1)
            if el.get(name.strip()) != val.strip().strip("\"'"):
                return False
        elif el.get(a.strip()) is None:
            return False
    if first_of_type:
        if parent is None:
            return False
        same = [c for c in parent if c.tag == el.tag]
        if same[0] is not el:
            return False
    return True


def _matches(chain, parts) -> bool:
    """``chain``: the element and its ancestors, innermost first (with each
    one's parent)."""

    def walk(ci, pi):
        if pi < 0:
            return True
        el, parent = chain[ci]
        if not _matches_simple(el, parts[pi], parent):
            return False
        comb = parts[pi][0]
        if pi == 0:
            return True
        if comb == ">":
            return ci + 1 < len(chain) and walk(ci + 1, pi - 1)
        return any(walk(cj, pi - 1) for cj in range(ci + 1, len(chain)))

    return walk(0, len(parts) - 1)


def _index(rules) -> dict:
    """The rules by what their last compound selector needs (a class, an id,
    a tag, or nothing: key ``""``), each list in cascade order."""
    out: dict = {}
    for rule in sorted(rules, key=lambda r: (r[1], r[2])):
        _comb, tag, classes, ids, _attrs, _first = rule[0][-1]
        key = "." + classes[0] if classes else "#" + ids[0] if ids else tag or ""
        out.setdefault(key, []).append(rule)
    return out


def _own_style(el, index, chain) -> dict:
    """The properties set on ``el`` itself: ``{state: {property: value}}``
    (state "" for the plain one)."""
    out: dict = {"": {}}
    for name in PRESENTATION:
        if el.get(name) is not None:
            out[""][name] = _value(el.get(name))
    keys = ["", el.tag.replace(SVG, "")] + ["." + c for c in (el.get("class") or "").split()]
    if el.get("id"):
        keys.append("#" + el.get("id"))
    found = [r for k in keys for r in index.get(k, ())]
    for parts, spec, order, state, props in sorted(found, key=lambda r: (r[1], r[2])):
        if _matches(chain, parts):
            tgt = out.setdefault(state, {})
            for k, v in props.items():
                if not tgt.get(k, "").startswith("!") or v.startswith("!"):
                    tgt[k] = v
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            if not out[""].get(k.strip(), "").startswith("!"):
                out[""][k.strip()] = _value(v)
    return out


# attributes that name a drawing for the page's own bookkeeping and draw nothing (``data-board``:
# which board a drawing is, so the page can keep it aside and lay the next position over it)
PAGE_ONLY = {"data-board"}


def normal_form(svg: str, css: str | None = None) -> str:
    """The drawing as a canonical text: per element, its tag, its attributes
    other than styling, its computed style (see the module's text), its
    text, then its children."""
    if not svg:
        return ""
    root = ET.fromstring(svg)
    sheet = css if css is not None else CSS.read_text(encoding="utf-8")
    inline = []
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == SVG + "style":
                inline.append(child.text or "")
                parent.remove(child)
    rules = _index(_rules(sheet) + _parse_css("\n".join(inline)))
    lines: list[str] = []

    def visit(el, chain, inherited, depth):
        own = _own_style(el, rules, chain)
        plain = dict(inherited)
        plain.update({k: v.lstrip("!") for k, v in own[""].items() if k in INHERITED})
        tag = el.tag.replace(SVG, "")
        style = {k: v.lstrip("!") for k, v in own[""].items() if k not in INHERITED}
        if tag in PAINTS:
            style.update(plain)
        states = {s: {k: v.lstrip("!") for k, v in p.items()} for s, p in own.items() if s and p}
        attrs = {}
        for k, v in el.attrib.items():
            if k in PRESENTATION or k == "style" or k in PAGE_ONLY:
                continue
            if k == "class":
                v = " ".join(sorted(c for c in v.split() if c not in STYLE_CLASSES))
                if not v:
                    continue
            attrs[k] = v
        text = (el.text or "").strip()
        lines.append("  " * depth + tag + " " + json.dumps(attrs, sort_keys=True, ensure_ascii=False)
                     + " " + json.dumps(style, sort_keys=True) + (" " + json.dumps(states, sort_keys=True)
                                                                  if states else "")
                     + (" " + json.dumps(text, ensure_ascii=False) if text else ""))
        for child in el:
            visit(child, [(child, el)] + chain, plain, depth + 1)
            tail = (child.tail or "").strip()
            if tail:
                lines.append("  " * (depth + 1) + "#text " + json.dumps(tail, ensure_ascii=False))

    page = ET.Element("div", {"class": "board"})  # the page's frame around the drawing
    page.append(root)
    visit(root, [(root, page), (page, None)], {}, 0)
    return "\n".join(lines)


def digest(svg: str, css: str | None = None) -> str:
    return hashlib.sha256(normal_form(svg, css).encode()).hexdigest()[:20]


def main(argv):
    css = CSS.read_text(encoding="utf-8")
    out = {key: digest(svg, css) for key, svg in drawings()}
    if "--write" in argv:
        GOLDEN.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    if "--dump" in argv:  # the normal forms, to compare by hand with a diff tool
        d = Path(argv[argv.index("--dump") + 1])
        d.mkdir(parents=True, exist_ok=True)
        for key, svg in drawings():
            (d / (key.replace("/", "_") + ".txt")).write_text(normal_form(svg, css), encoding="utf-8")
    print(len(out), "drawings")


if __name__ == "__main__":
    main(sys.argv[1:])
