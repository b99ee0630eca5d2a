"""Text contrast at least 4.5:1 everywhere, board text included (issue 42;
WCAG 2.2, success criterion 1.4.3, level AA).

Boards: every text of the drawings of the render corpus (``render_corpus.py``:
random plies of each game, every viewer, with and without targets, wide and
compact, both languages, other views) and of the rules diagrams, against the
colour it is painted on, found in the drawing itself (``contrast.py``: the
style sheet resolved, the shapes under the text in painting order, translucent
ones blended). The contrast ratio is WCAG 2.2's, from relative luminance
(``plateau.core.marks.contrast``). A text's colour is checked at three points
along it (a fifth, the middle, four fifths of its estimated width), so a label
that runs off its plate onto a darker ground is caught.

Page: the theme's text colours (``:root`` in ``static/app.css``) against the
backgrounds they are used on, and every rule of the style sheet that sets both
a text colour and a background."""

from __future__ import annotations

import re

import pytest

import contrast as K
import render_corpus as R

MINIMUM = 4.5


def _failures(drawings):
    seen, out = set(), []
    for key, svg in drawings:
        if not svg or not svg.lstrip().startswith("<svg"):
            continue
        for item, bgs in K.texts(svg):
            if item["alpha"] < 0.02:
                continue
            ratio = K.worst(item, bgs)
            if ratio < MINIMUM:
                what = (item["cls"], K.hexof(item["fill"]), tuple(K.hexof(b) for b in bgs))
                if what not in seen:
                    seen.add(what)
                    out.append(f"{key}: {item['text'][:30]!r} {what[1]} on {'/'.join(what[2])} = {ratio:.2f}")
    return out


def _drawings(game):
    """The corpus of ``game``, each position drawn for everyone and for the player to move (with targets,
    one click made, compact), and its other views; and its rules diagrams."""
    for key, svg in R.drawings((game,)):
        if "/diagram/" in key or re.search(r"/v(None|0|1|2|3)-(en|fr)", key):
            yield key, svg


@pytest.mark.parametrize("game", R.GAME_IDS)
def test_every_board_text_reads_on_what_it_sits_on(game):
    bad = _failures(_drawings(game))
    assert not bad, f"{len(bad)} texts below {MINIMUM}:1, e.g.\n" + "\n".join(bad[:12])


def test_the_measure_finds_a_text_on_a_fill_and_on_a_halo():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
           '<rect width="200" height="100" fill="#000"/>'
           '<g transform="translate(10 10)"><rect x="0" y="0" width="100" height="40" fill="#ffd90a"/>'
           '<text x="5" y="30" font-size="20" fill="#ffffff">Aa</text></g>'
           '<text x="120" y="60" font-size="20" fill="#222" stroke="#fff" stroke-width="3" paint-order="stroke">B</text>'
           '<rect x="0" y="70" width="200" height="30" fill="#fff" fill-opacity=".5"/>'
           '<text x="20" y="95" font-size="12" fill="#000">C</text></svg>')
    (a, abg), (b, bbg), (c, cbg) = K.texts(svg, css="")
    assert K.hexof(abg[1]) == "#ffd90a" and K.worst(a, abg) < 2  # white on yellow: found, and failing
    assert K.hexof(bbg[0]) == "#ffffff" and K.worst(b, bbg) > 14  # a halo is the text's ground
    assert K.hexof(cbg[1]) == "#808080"  # half white over black


def test_wcag_contrast_ratios():
    assert K.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert K.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert K.contrast("#ffffff", "#ffffff") == pytest.approx(1.0)


# --- the page ------------------------------------------------------------------------------------

CSS = R.CSS.read_text(encoding="utf-8")


def _vars():
    root = re.search(r":root\s*\{([^}]*)\}", CSS).group(1)
    return dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", root))


def _resolve(value, variables):
    value = value.strip()
    m = re.fullmatch(r"var\((--[\w-]+)\)", value)
    if m:
        return variables[m.group(1)].strip()
    return value


# the theme's text colours on the grounds they are written on (button.primary: white on the accent)
THEME_PAIRS = [("--fg", "--bg"), ("--fg", "--card"), ("--muted", "--bg"), ("--muted", "--card"),
               ("--accent", "--bg"), ("--accent", "--card"), ("--accent-2", "--bg"), ("--accent-2", "--card"),
               ("--danger", "--bg"), ("--danger", "--card"), ("#fff", "--accent")]


@pytest.mark.parametrize("fg, bg", THEME_PAIRS)
def test_the_theme_text_colours_read_on_their_grounds(fg, bg):
    v = _vars()
    a, b = v.get(fg, fg).strip(), v.get(bg, bg).strip()
    assert K.contrast(a, b) >= MINIMUM, f"{fg} {a} on {bg} {b}: {K.contrast(a, b):.2f}"


def _solid(value):
    """A plain colour (``#rgb``, ``#rrggbb``), else None (a gradient, a translucent colour…)."""
    m = re.fullmatch(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}", value.strip())
    return m.group(0) if m else None


def test_every_rule_with_a_colour_and_a_background_reads():
    variables = _vars()
    bad = []
    body = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    for head, decls in re.findall(r"([^{}]+)\{([^{}]*)\}", body):
        props = dict((k.strip(), v.strip()) for k, v in re.findall(r"([\w-]+)\s*:\s*([^;]+)", decls))
        colour = props.get("color")
        ground = props.get("background-color") or props.get("background")
        if not colour or not ground:
            continue
        fg, bg = _solid(_resolve(colour, variables)), _solid(_resolve(ground, variables))
        if fg and bg and K.contrast(fg, bg) < MINIMUM:
            bad.append(f"{head.strip()}: {fg} on {bg} = {K.contrast(fg, bg):.2f}")
    assert not bad, "\n".join(bad)


def test_the_page_checks_its_rules():
    # the test above reads the rules it means to: several set both a colour and a background
    body = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    both = [h for h, d in re.findall(r"([^{}]+)\{([^{}]*)\}", body) if re.search(r"(^|;|\s)color\s*:", d)
            and "background" in d]
    assert len(both) >= 3


def test_every_text_colour_reads_on_the_page():
    # a rule that sets a text colour and no background writes on the page's grounds (--bg, --card), or on
    # a background another rule gives the same element (header.top: the accent, checked with the first)
    variables = _vars()
    bad = []
    body = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    for head, decls in re.findall(r"([^{}]+)\{([^{}]*)\}", body):
        props = dict((k.strip(), v.strip()) for k, v in re.findall(r"([\w-]+)\s*:\s*([^;]+)", decls))
        fg = _solid(_resolve(props.get("color", ""), variables)) if props.get("color") else None
        if not fg or "background" in decls or any(h.strip() in ON_ACCENT for h in head.split(",")):
            continue
        for ground in ("--bg", "--card"):
            if K.contrast(fg, variables[ground].strip()) < MINIMUM:
                bad.append(f"{head.strip()}: {fg} on {ground} = {K.contrast(fg, variables[ground].strip()):.2f}")
    assert not bad, "\n".join(bad)


#: rules whose text sits on the accent colour (the header's bar), checked as "#fff" on "--accent"
ON_ACCENT = {"header.top .brand", "header.top .menu", "header.top nav a", "header.top a"}
