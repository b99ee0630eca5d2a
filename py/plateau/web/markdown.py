"""The small markdown of the rules pages, turned into DOM nodes (never HTML).

``parse`` is pure: headings ``#``..``###``, ``-`` list items, blank-line
separated paragraphs, ``**bold**`` spans.

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


def render_into(node, text: str) -> None:
    from .dom import el

    def fill(parent, parts):
        for kind, s in parts:
            parent.appendChild(el("strong", {"text": s}) if kind == "b" else el("span", {"text": s}))
        return parent

    for kind, content in parse(text):
        if kind == "ul":
            ul = el("ul")
            for item in content:
                ul.appendChild(fill(el("li"), item))
            node.appendChild(ul)
        else:
            node.appendChild(fill(el(kind), content))
