"""``plateau.web.dom.morph``, the board's update in place (issue 30, item 1),
on its own in Chromium: whatever the markup before and after, the nodes
shown after a morph are the nodes the new markup parses to (tag, attributes,
text, in order), including when parts of the markup come again unchanged
(the page keeps those nodes without parsing them), move, repeat or nest
keyed elements. The games' boards are checked the same way with real clicks
in test_board_update_browser.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

MORPH_MJS = Path(__file__).resolve().parents[2] / "static" / "page" / "morph.mjs"


def morph_js() -> str:
    """static/page/morph.mjs, the module the boot module gives Python as plateauPage.morph."""
    return MORPH_MJS.read_text(encoding="utf-8")


# the module loaded as it is (an ES module, from a blob: address), its morph() under test
SETUP = """async (src) => {
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  window.__morph = (await import(url)).morph;
  const canon = (n) => {
    if (n.nodeType !== 1) return n.nodeName + ' ' + JSON.stringify(n.nodeValue);
    const at = [...n.attributes].map((a) => a.name + '=' + JSON.stringify(a.value)).sort().join(' ');
    return '<' + n.namespaceURI + ' ' + n.localName + ' ' + at + '>' + [...n.childNodes].map(canon).join('') + '</>';
  };
  window.__canon = (root) => [...root.childNodes].map(canon).join('');
  window.__check = (html) => {
    const root = document.getElementById('root');
    window.__morph(root, html);
    const fresh = document.createElement('div');
    fresh.innerHTML = html;
    return [window.__canon(root), window.__canon(fresh)];
  };
}"""

TAGS = ["g", "rect", "circle", "path", "text", "use"]


def random_tree(rnd: random.Random, depth: int, names: list) -> dict:
    tag = rnd.choice(TAGS if depth < 5 else ["rect", "circle", "path"])
    attrs = {}
    if rnd.random() < 0.3:
        attrs["data-target"] = rnd.choice(names)
    elif rnd.random() < 0.1:
        attrs["id"] = rnd.choice(names)
    if rnd.random() < 0.6:
        attrs["class"] = rnd.choice(["a", "b", "target", "sel", "a b"])
    if rnd.random() < 0.5:
        attrs["x"] = str(rnd.randint(0, 3))
    kids = []
    text = ""
    if tag == "text":
        text = rnd.choice(["", "1", "x < y & z", "é"])
    elif tag == "g" and depth < 6:
        kids = [random_tree(rnd, depth + 1, names) for _ in range(rnd.randint(0, 4))]
    return {"tag": tag, "attrs": attrs, "kids": kids, "text": text}


def esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def markup(t: dict) -> str:
    a = "".join(f' {k}="{esc(v)}"' for k, v in t["attrs"].items())
    if not t["kids"] and not t["text"]:
        return f"<{t['tag']}{a} />"
    return f"<{t['tag']}{a}>{esc(t['text'])}{''.join(markup(k) for k in t['kids'])}</{t['tag']}>"


def nodes_of(t: dict) -> list:
    out = [t]
    for k in t["kids"]:
        out += nodes_of(k)
    return out


def mutate(rnd: random.Random, t: dict, names: list, elsewhere: list) -> None:
    """One change somewhere in ``t`` (in place); ``elsewhere``: elements of the whole drawing."""
    nodes = nodes_of(t)
    n = rnd.choice(nodes)
    r = rnd.random()
    if r < 0.3:
        n["attrs"]["class"] = rnd.choice(["a", "b", "target", "sel"])
    elif r < 0.4:
        n["attrs"].pop("class", None)
    elif r < 0.5 and n["tag"] == "text":
        n["text"] = rnd.choice(["", "2", "a > b"])
    elif n["tag"] == "g" and r < 0.65 and n["kids"]:
        n["kids"].pop(rnd.randrange(len(n["kids"])))
    elif n["tag"] == "g" and r < 0.8:
        n["kids"].insert(rnd.randint(0, len(n["kids"])), random_tree(rnd, 3, names))
    elif n["tag"] == "g" and r < 0.9 and len(n["kids"]) > 1:
        rnd.shuffle(n["kids"])
    elif n["tag"] == "g" and n["kids"] and r < 0.95:  # the same markup twice
        n["kids"].append(dict(rnd.choice(n["kids"])))
    elif n["tag"] == "g":  # the markup of an element elsewhere, at another depth (a copy of a part of it)
        n["kids"].insert(rnd.randint(0, len(n["kids"])), json.loads(json.dumps(rnd.choice(elsewhere))))


def test_morph_gives_the_nodes_the_new_markup_parses_to(page):
    page.set_content('<div id="root"></div>')
    page.evaluate(SETUP, morph_js())
    rnd = random.Random(30)
    checked = 0
    for game in range(40):
        names = [f"t{i}" for i in range(6)]
        layers = [random_tree(rnd, 2, names) for _ in range(rnd.randint(2, 5))]
        for step in range(25):
            svg = {"tag": "svg", "attrs": {"class": "board" if step % 7 else "board x"}, "kids": layers, "text": ""}
            html = markup(svg) + ("<p>after</p>" if game % 3 == 0 else "")
            got, want = page.evaluate("(h) => window.__check(h)", html)
            assert got == want, f"game {game}, step {step}"
            checked += 1
            for _ in range(rnd.randint(0, 3)):
                mutate(rnd, rnd.choice(layers), names, [e for layer in layers for e in nodes_of(layer)][:200])
            if rnd.random() < 0.15:
                rnd.shuffle(layers)
    assert checked == 1000


def test_an_element_drawn_again_keeps_its_node(page):
    """An unchanged layer (a map's terrain) stays the node shown: hover, focus and
    the browser's style and layout of it stay."""
    page.set_content('<div id="root"></div>')
    page.evaluate(SETUP, morph_js())
    terrain = '<g id="terrain">' + "".join(f'<path d="M{i},0h1" />' for i in range(50)) + "</g>"
    before = f'<svg>{terrain}<g class="pieces"><rect class="target" data-target="a" /></g></svg>'
    after = f'<svg>{terrain}<g class="pieces"><rect data-target="a" /><circle /></g></svg>'
    page.evaluate("(h) => window.__check(h)", before)
    page.evaluate("() => { window.__t = document.querySelector('#terrain path:nth-child(7)'); }")
    got, want = page.evaluate("(h) => window.__check(h)", after)
    assert got == want
    assert page.evaluate("() => window.__t === document.querySelector('#terrain path:nth-child(7)')")
