"""The small markdown of the rules pages, turned into DOM nodes (never HTML).

``parse`` is pure: headings ``#``..``###``, ``-`` list items, blank-line
separated paragraphs, ``**bold**`` spans, and ``!diagram name`` lines (a
drawing the game makes, see ``Game.rules_diagram``).

>>> parse("# Title\\n\\nSome **bold** text\\n- one\\n- two")
[('h2', [('', 'Title')]), ('p', [('', 'Some '), ('b', 'bold'), ('', ' text')]), ('ul', [[('', 'one')], [('', 'two')]])]
"""

from __future__ import annotations

import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def spans(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            out.append(("", text[pos:m.start()]))
        out.append(("b", m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.append(("", text[pos:]))
    return out


def parse(text: str) -> list:
    blocks: list = []
    para: list[str] = []
    items: list = []

    def flush():
        nonlocal para, items
        if para:
            blocks.append(("p", spans(" ".join(para))))
            para = []
        if items:
            blocks.append(("ul", items))
            items = []

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("!diagram "):
            flush()
            blocks.append(("diagram", line.split(None, 1)[1].strip()))
        elif line.startswith("#"):
            flush()
            level = min(len(line) - len(line.lstrip("#")), 3)
            blocks.append((f"h{level + 1}", spans(line.lstrip("#").strip())))
        elif line.startswith(("- ", "* ")):
            if para:
                blocks.append(("p", spans(" ".join(para))))
                para = []
            items.append(spans(line[2:].strip()))
        elif items and raw.startswith(("  ", "\t")):
            items[-1] = items[-1] + [("", " ")] + spans(line)
        else:
            if items:
                blocks.append(("ul", items))
                items = []
            para.append(line)
    flush()
    return blocks


def render_into(node, text: str, contents: str = "", diagram=None) -> None:
    """Append the rules as DOM nodes to ``node``; with ``contents`` (the
    table of contents' title) a list of the sections comes first, each entry
    scrolling to its section; ``diagram(name)`` gives the SVG of a
    ``!diagram`` line (drawn by the engine: no user text)."""
    from .dom import el, listen

    def fill(parent, parts):
        for kind, s in parts:
            parent.appendChild(el("strong", {"text": s}) if kind == "b" else el("span", {"text": s}))
        return parent

    blocks = parse(text)
    sections = [(i, content) for i, (kind, content) in enumerate(blocks) if kind == "h2"]
    toc = None
    if contents and len(sections) > 2:
        toc = el("ol", {"cls": "toc-list"})
        node.appendChild(el("nav", {"cls": "toc", "aria-label": contents}, el("h2", {"text": contents}), toc))
    for i, (kind, content) in enumerate(blocks):
        if kind == "diagram":
            svg = diagram(content) if diagram is not None else ""
            if svg:
                fig = el("figure", {"cls": "diagram"})
                fig.innerHTML = svg
                node.appendChild(fig)
            continue
        if kind == "ul":
            ul = el("ul")
            for item in content:
                ul.appendChild(fill(el("li"), item))
            node.appendChild(ul)
            continue
        head = fill(el(kind), content)
        node.appendChild(head)
        if toc is not None and kind == "h2":
            head.setAttribute("id", f"rules-{i}")
            head.setAttribute("tabindex", "-1")
            link = fill(el("button", {"type": "button", "cls": "link"}), content)
            listen(link, "click", lambda e, h=head: (h.scrollIntoView(), h.focus()))
            toc.appendChild(el("li", {}, link))
