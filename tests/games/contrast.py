"""What colour each text of a drawing sits on, read from the drawing itself.

The drawing's style sheet (``static/app.css``) is resolved onto its elements
as ``render_corpus.normal_form`` does; then every painted shape (rectangle,
circle, ellipse, polygon, path) is kept in painting order with its outline in
the drawing's coordinates (transforms applied; curves and arcs flattened), its
fill colour and opacity. A text's background at a point is found as a browser
paints it: the topmost shape under the point, blended over what lies under it
when it is translucent, down to the page's background. A text drawn with a
halo (a stroke painted first, ``paint-order: stroke``, at least 2 units wide)
sits on its halo.

    backgrounds = texts(svg)   # [(text, font size, its colour, [backgrounds at three points])]
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import render_corpus as R

from plateau.core.marks import contrast  # noqa: F401 (the tests read it here)

PAGE = (0xF6, 0xF1, 0xE6)  # the page's background (--bg), under every drawing
SHAPES = {"rect", "circle", "ellipse", "polygon", "polyline", "path"}
SKIP = {"defs", "title", "desc", "clipPath", "mask", "symbol", "pattern", "linearGradient", "radialGradient",
        "marker", "style", "metadata"}
NAMED = {"white": (255, 255, 255), "black": (0, 0, 0), "transparent": None, "none": None, "red": (255, 0, 0),
         "gray": (128, 128, 128), "grey": (128, 128, 128)}


# --- colours -------------------------------------------------------------------------------------

def parse_colour(v, paints=None):
    """``(r, g, b, alpha)`` of a CSS colour, or None (no paint)."""
    if v is None:
        return (0, 0, 0, 1.0)  # SVG's initial fill
    v = v.strip().lower()
    if v.startswith("url("):
        ref = re.match(r"url\(\s*['\"]?#([^'\")]+)", v)
        return (paints or {}).get(ref.group(1)) if ref else None
    if v in NAMED:
        c = NAMED[v]
        return None if c is None else (*c, 1.0)
    if v.startswith("#"):
        h = v[1:]
        if len(h) in (3, 4):
            h = "".join(c * 2 for c in h)
        a = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), a)
    m = re.match(r"rgba?\(([^)]*)\)", v)
    if m:
        parts = [p.strip() for p in m.group(1).replace("/", ",").split(",")]
        r, g, b = (float(p) for p in parts[:3])
        a = float(parts[3]) if len(parts) > 3 else 1.0
        return (r, g, b, a)
    if v in ("currentcolor", "inherit"):
        return (0, 0, 0, 1.0)
    raise ValueError(f"colour {v!r}")


def hexof(rgb) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(c))) for c in rgb[:3])


def blend(top, alpha, under):
    return tuple(t * alpha + u * (1 - alpha) for t, u in zip(top[:3], under[:3]))


# --- geometry ------------------------------------------------------------------------------------

def _mul(a, b):
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


ID = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def parse_transform(v):
    m = ID
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", v or ""):
        n = [float(x) for x in re.findall(r"[-+]?(?:\d*\.\d+|\d+)(?:e[-+]?\d+)?", args)]
        if name == "translate":
            t = (1, 0, 0, 1, n[0], n[1] if len(n) > 1 else 0)
        elif name == "scale":
            t = (n[0], 0, 0, n[1] if len(n) > 1 else n[0], 0, 0)
        elif name == "rotate":
            a = math.radians(n[0])
            t = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
            if len(n) == 3:
                t = _mul(_mul((1, 0, 0, 1, n[1], n[2]), t), (1, 0, 0, 1, -n[1], -n[2]))
        elif name == "skewX":
            t = (1, 0, math.tan(math.radians(n[0])), 1, 0, 0)
        elif name == "skewY":
            t = (1, math.tan(math.radians(n[0])), 0, 1, 0, 0)
        elif name == "matrix":
            t = tuple(n)
        else:
            raise ValueError(name)
        m = _mul(m, t)
    return m


def apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


_NUM = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2, n=12):
    """Points along an SVG elliptical arc (SVG 1.1, F.6.5)."""
    if rx == 0 or ry == 0:
        return [(x2, y2)]
    rx, ry = abs(rx), abs(ry)
    c, s = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = c * dx + s * dy, -s * dx + c * dy
    lam = xp ** 2 / rx ** 2 + yp ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * yp ** 2 - ry ** 2 * xp ** 2
    den = rx ** 2 * yp ** 2 + ry ** 2 * xp ** 2
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx, cy = c * cxp - s * cyp + (x1 + x2) / 2, s * cxp + c * cyp + (y1 + y2) / 2

    def ang(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = ang(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = ang((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    out = []
    for i in range(1, n + 1):
        t = t1 + dt * i / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((c * ex - s * ey + cx, s * ex + c * ey + cy))
    return out


def path_polys(d):
    """The subpaths of path data ``d`` as lists of points (curves flattened)."""
    toks = re.findall(r"[MmLlHhVvCcSsQqTtAaZz]|" + _NUM.pattern, d or "")
    polys, cur = [], []
    x = y = sx = sy = 0.0
    cmd, i = None, 0
    last_ctrl = None
    while i < len(toks):
        if re.match(r"[A-Za-z]", toks[i]):
            cmd = toks[i]
            i += 1
            if cmd in "Zz":
                if cur:
                    polys.append(cur)
                cur, x, y = [], sx, sy
                continue
        if cmd is None:
            break

        def take(k):
            nonlocal i
            vals = [float(t) for t in toks[i:i + k]]
            i += k
            return vals

        rel = cmd.islower()
        C = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if C == "M":
            px, py = take(2)
            x, y = ox + px, oy + py
            if cur:
                polys.append(cur)
            cur = [(x, y)]
            sx, sy = x, y
            cmd = "l" if rel else "L"
            last_ctrl = None
        elif C == "L":
            px, py = take(2)
            x, y = ox + px, oy + py
            cur.append((x, y))
            last_ctrl = None
        elif C == "H":
            (px,) = take(1)
            x = (x if rel else 0) + px
            cur.append((x, y))
            last_ctrl = None
        elif C == "V":
            (py,) = take(1)
            y = (y if rel else 0) + py
            cur.append((x, y))
            last_ctrl = None
        elif C in "CS":
            if C == "C":
                x1, y1, x2, y2, ex, ey = take(6)
                x1, y1 = ox + x1, oy + y1
            else:
                x2, y2, ex, ey = take(4)
                x1, y1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            x2, y2, ex, ey = ox + x2, oy + y2, ox + ex, oy + ey
            for k in range(1, 9):
                t = k / 8
                cur.append(((1 - t) ** 3 * x + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t ** 2 * x2 + t ** 3 * ex,
                            (1 - t) ** 3 * y + 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t ** 2 * y2 + t ** 3 * ey))
            last_ctrl = (x2, y2)
            x, y = ex, ey
        elif C in "QT":
            if C == "Q":
                x1, y1, ex, ey = take(4)
                x1, y1 = ox + x1, oy + y1
            else:
                ex, ey = take(2)
                x1, y1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            ex, ey = ox + ex, oy + ey
            for k in range(1, 9):
                t = k / 8
                cur.append(((1 - t) ** 2 * x + 2 * (1 - t) * t * x1 + t ** 2 * ex,
                            (1 - t) ** 2 * y + 2 * (1 - t) * t * y1 + t ** 2 * ey))
            last_ctrl = (x1, y1)
            x, y = ex, ey
        elif C == "A":
            rx, ry, phi, large, sweep, ex, ey = take(7)
            ex, ey = ox + ex, oy + ey
            cur += _arc(x, y, rx, ry, phi, int(large), int(sweep), ex, ey)
            x, y = ex, ey
            last_ctrl = None
        else:
            raise ValueError(cmd)
    if cur:
        polys.append(cur)
    return polys


def _winding(polys, px, py, evenodd):
    wn, crossings = 0, 0
    for poly in polys:
        n = len(poly)
        for k in range(n):
            (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
            if y1 <= py < y2 or y2 <= py < y1:
                xc = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
                if xc > px:
                    crossings += 1
                    wn += 1 if y2 > y1 else -1
    return crossings % 2 == 1 if evenodd else wn != 0


def _num(v, default=0.0):
    if v is None:
        return default
    m = _NUM.match(v.strip())
    return float(m.group(0)) if m else default


class Shape:
    def __init__(self, polys, fill, alpha, evenodd, where):
        self.polys, self.fill, self.alpha, self.evenodd, self.where = polys, fill, alpha, evenodd, where
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        self.box = (min(xs), min(ys), max(xs), max(ys)) if xs else (0, 0, -1, -1)

    def contains(self, x, y):
        b = self.box
        if not (b[0] <= x <= b[2] and b[1] <= y <= b[3]):
            return False
        return _winding(self.polys, x, y, self.evenodd)


def _outline(tag, el, m):
    """The outline of a shape element in drawing coordinates."""
    g = el.get
    if tag == "rect":
        x, y, w, h = _num(g("x")), _num(g("y")), _num(g("width")), _num(g("height"))
        pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        polys = [pts]
    elif tag in ("circle", "ellipse"):
        cx, cy = _num(g("cx")), _num(g("cy"))
        rx = _num(g("r")) if tag == "circle" else _num(g("rx"))
        ry = _num(g("r")) if tag == "circle" else _num(g("ry"))
        polys = [[(cx + rx * math.cos(k * math.pi / 16), cy + ry * math.sin(k * math.pi / 16)) for k in range(32)]]
    elif tag in ("polygon", "polyline"):
        n = [float(v) for v in _NUM.findall(g("points") or "")]
        polys = [list(zip(n[0::2], n[1::2]))]
    else:
        polys = path_polys(g("d"))
    return [[apply(m, x, y) for x, y in p] for p in polys if len(p) >= 3]


# --- the drawing ---------------------------------------------------------------------------------

def _paints(root):
    """Gradients as the average of their stops, patterns as their first filled shape's colour."""
    out = {}
    for el in root.iter():
        tag = el.tag.replace(R.SVG, "")
        if tag in ("linearGradient", "radialGradient"):
            stops = []
            for s in el:
                style = dict(p.split(":", 1) for p in (s.get("style") or "").split(";") if ":" in p)
                c = parse_colour(s.get("stop-color") or style.get("stop-color", "#000"))
                stops.append(c[:3])
            if stops:
                out[el.get("id")] = (*[sum(c[k] for c in stops) / len(stops) for k in range(3)], 1.0)
        elif tag == "pattern":
            for s in el.iter():
                f = s.get("fill")
                if s is not el and f and f != "none" and (s.get("fill-opacity") or "1") != "0":
                    out[el.get("id")] = parse_colour(f)
                    break
    return out


def scan(svg: str, css: str | None = None):
    """The drawing's shapes and texts in painting order: ``("shape", Shape)``
    and ``("text", dict)`` items."""
    root = ET.fromstring(svg)
    sheet = css if css is not None else R.CSS.read_text(encoding="utf-8")
    inline = []
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == R.SVG + "style":
                inline.append(child.text or "")
                parent.remove(child)
    rules = R._index(R._rules(sheet) + R._parse_css("\n".join(inline)))
    paints = _paints(root)
    items = []

    def visit(el, chain, inherited, m, opacity, where):
        tag = el.tag.replace(R.SVG, "")
        if tag in SKIP:
            return
        own = R._own_style(el, rules, chain)[""]
        style = dict(inherited)
        style.update({k: v.lstrip("!") for k, v in own.items() if k in R.INHERITED})
        if own.get("display", "").lstrip("!") == "none" or style.get("visibility") == "hidden":
            return
        m = _mul(m, parse_transform(el.get("transform")))
        if tag == "svg" and chain[1][1] is not None and el.get("viewBox"):  # a drawing inside the drawing
            vx, vy, vw, vh = (float(v) for v in re.split(r"[\s,]+", el.get("viewBox").strip()))
            w, h = _num(el.get("width"), vw), _num(el.get("height"), vh)
            m = _mul(m, (w / vw, 0, 0, h / vh, _num(el.get("x")) - vx * w / vw, _num(el.get("y")) - vy * h / vh))
            clip = [apply(m, vx, vy), apply(m, vx + vw, vy + vh)]
            where = where + [("clip", clip)]
        opacity *= _num(own.get("opacity", "1").lstrip("!"), 1.0)
        if opacity <= 0:
            return
        if tag in SHAPES:
            fill = parse_colour(style.get("fill"), paints)
            if fill is not None:
                alpha = fill[3] * _num(style.get("fill-opacity"), 1.0) * opacity
                if alpha > 0.02:
                    polys = _clipped(_outline(tag, el, m), where)
                    if polys:
                        items.append(("shape", Shape(polys, fill, alpha, style.get("fill-rule") == "evenodd", where)))
        elif tag == "text":
            text = "".join(el.itertext()).strip()
            if text:
                items.append(("text", _text_item(el, style, m, opacity, text, where, paints)))
            return
        for child in el:
            name = tag + ("." + el.get("class", "").split()[0] if el.get("class") else "")
            visit(child, [(child, el)] + chain, style, m, opacity, where + [name])

    page = ET.Element("div", {"class": "board"})
    page.append(root)
    visit(root, [(root, page), (page, None)], {}, ID, 1.0, [])
    return items


def _clipped(polys, where):
    """``polys`` cut to the viewports they are drawn in (a nested ``<svg>`` clips what it holds): a polygon
    is kept whole when its box lies within the viewport, cut to the viewport's box otherwise."""
    for w in where:
        if isinstance(w, tuple) and w[0] == "clip":
            (x0, y0), (x1, y1) = w[1]
            out = []
            for p in polys:
                q = _cut(p, min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
                if len(q) >= 3:
                    out.append(q)
            polys = out
    return polys


def _cut(poly, xmin, ymin, xmax, ymax):
    """Sutherland–Hodgman: ``poly`` clipped to a box."""
    def clip(pts, inside, cross):
        out = []
        for k in range(len(pts)):
            a, b = pts[k - 1], pts[k]
            if inside(b):
                if not inside(a):
                    out.append(cross(a, b))
                out.append(b)
            elif inside(a):
                out.append(cross(a, b))
        return out

    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    pts = list(poly)
    for inside, cross in ((lambda p: p[0] >= xmin, at_x(xmin)), (lambda p: p[0] <= xmax, at_x(xmax)),
                          (lambda p: p[1] >= ymin, at_y(ymin)), (lambda p: p[1] <= ymax, at_y(ymax))):
        if not pts:
            break
        pts = clip(pts, inside, cross)
    return pts


def _text_item(el, style, m, opacity, text, where, paints):
    x, y = _num(el.get("x")), _num(el.get("y"))
    size = _num(style.get("font-size"), 16.0)
    fill = parse_colour(style.get("fill"), paints) or (0, 0, 0, 0.0)
    alpha = fill[3] * _num(style.get("fill-opacity"), 1.0) * opacity
    width = float(el.get("textLength")) if el.get("textLength") else 0.56 * size * len(text)
    anchor = style.get("text-anchor", "start")
    x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    base = style.get("dominant-baseline", "")
    mid = y if base in ("central", "middle") else y - 0.35 * size
    halo = None
    stroke = parse_colour(style.get("stroke"), paints) if style.get("stroke") else None
    if stroke is not None and "stroke" in style.get("paint-order", "") and _num(style.get("stroke-width"), 1) >= 2:
        halo = stroke[:3]
    pts = [apply(m, x0 + width * f, mid) for f in (0.2, 0.5, 0.8)]
    scale = math.hypot(m[0], m[1])
    return {"text": text, "size": size * scale, "fill": fill, "alpha": alpha, "points": pts, "halo": halo,
            "where": [w for w in where if isinstance(w, str)], "cls": el.get("class", "")}


def background(shapes, x, y):
    """The colour painted at ``(x, y)`` by ``shapes`` (in painting order) over the page."""
    for k in range(len(shapes) - 1, -1, -1):
        s = shapes[k]
        if s.contains(x, y):
            if s.alpha >= 0.999:
                return s.fill[:3]
            return blend(s.fill, s.alpha, background(shapes[:k], x, y))
    return PAGE


def texts(svg: str, css: str | None = None):
    """``[(text item, [background at each of its points])]`` for every text of the drawing."""
    out, shapes = [], []
    for kind, item in scan(svg, css):
        if kind == "shape":
            shapes.append(item)
            continue
        bgs = [item["halo"]] if item["halo"] is not None else [background(shapes, x, y) for x, y in item["points"]]
        out.append((item, bgs))
    return out


def worst(item, bgs):
    """The lowest contrast of a text against its backgrounds (its colour blended over each)."""
    return min(contrast(hexof(blend(item["fill"], item["alpha"], bg)), hexof(bg)) for bg in bgs)
