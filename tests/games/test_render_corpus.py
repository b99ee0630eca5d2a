"""The boards look the same to the player after their renderers were split
into a render model and layers: every drawing of the corpus
(``render_corpus.py``: random plies of each game, every viewer, with and
without targets, wide and compact, other views and rules diagrams) has the
normal form recorded in ``data/render_golden.json``, made from the drawings
before the split. The normal form resolves the style sheet onto each
element, so a colour moved from an attribute to ``static/app.css`` compares
equal, and a colour that changed does not."""

from __future__ import annotations

import json
import re

import pytest

import render_corpus as R


@pytest.mark.parametrize("game", R.GAME_IDS)
def test_every_drawing_matches_the_golden_one(game):
    golden = {k: v for k, v in json.loads(R.GOLDEN.read_text(encoding="utf-8")).items() if k.startswith(game + "/")}
    css = R.CSS.read_text(encoding="utf-8")
    seen, wrong, styled_targets = set(), [], set()
    for key, svg in R.drawings((game,)):
        seen.add(key)
        if R.digest(svg, css) != golden.get(key):
            wrong.append(key)
        # the page tells a target from its neighbours by its classes (play.py's hit test): none is a style class
        for tag in re.findall(r"<[^>]*data-target=[^>]*>", svg):
            m = re.search(r'class="([^"]*)"', tag)
            styled_targets |= set(m.group(1).split()) & R.STYLE_CLASSES if m else set()
    assert not styled_targets, styled_targets
    assert seen == set(golden), "the corpus changed: " + ", ".join(sorted(seen ^ set(golden))[:10])
    assert not wrong, (f"{len(wrong)} drawings look different, e.g. {wrong[:8]} "
                       "(python3 tests/games/render_corpus.py --dump DIR writes their normal forms)")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" class="board x">{}</svg>'


def test_an_attribute_moved_to_the_style_sheet_compares_equal(monkeypatch):
    monkeypatch.setattr(R, "STYLE_CLASSES", {"big"})
    before = SVG.format('<g font-size="17"><text fill="#fff" class="a">1</text></g>')
    after = SVG.format('<g class="big"><text class="a">1</text></g>')
    css = ".x .big{font-size:17px}.x text.a{fill:#FFF}"
    assert R.normal_form(before, "") == R.normal_form(after, css)
    monkeypatch.setattr(R, "STYLE_CLASSES", set())  # a class the page may use is compared
    assert R.normal_form(before, "") != R.normal_form(after, css)


def test_a_changed_colour_or_a_lost_class_differs():
    before = SVG.format('<circle r="3" fill="#fff" class="sw-count"/>')
    assert R.normal_form(before, "") != R.normal_form(SVG.format('<circle r="3" fill="#ffe" class="sw-count"/>'), "")
    assert R.normal_form(before, "") != R.normal_form(SVG.format('<circle r="3" fill="#fff"/>'), "")
    # a rule of the sheet beats a presentation attribute, as in a browser
    assert R.normal_form(before, ".sw-count{fill:red}") != R.normal_form(before, "")


def test_a_rule_that_loses_to_a_more_specific_one_is_seen():
    # the old drawing: the target rule wins over the attribute; moving the
    # attribute to a rule more specific than the target's would paint it
    before = SVG.format('<rect class="hit target" fill="none"/>')
    css = ".x .target{fill:yellow}"
    wrong = SVG.format('<rect class="hit target"/>')
    assert R.normal_form(before, css) != R.normal_form(wrong, css + ".x .board-thing.hit{fill:none}"
                                                       ".x rect.hit.target{fill:none}")
    assert R.normal_form(before, css) == R.normal_form(wrong, ".x .hit{fill:none}" + css)


def test_hover_rules_are_kept_per_state():
    a = SVG.format('<rect class="t"/>')
    assert R.normal_form(a, ".t:hover{fill:red}") != R.normal_form(a, ".t:hover{fill:blue}")


def test_every_style_class_has_its_rule_in_the_boards_part_of_the_sheet():
    import prerender

    part = prerender.board_styles()
    rules = set(re.findall(r"\.([a-z][\w-]*)", part))
    assert not {c for c in R.STYLE_CLASSES if c not in rules and c != "troy"}  # "troy" scopes them
    # the page's own rules stay before it
    assert ".board > svg" not in part and ".smallworld .sw-hit" in part


def test_a_card_picture_carries_the_boards_styles_with_its_renamed_references():
    import prerender

    svg = prerender.picture("troy")
    style = re.search(r"<style>(.*?)</style>", svg, re.S).group(1)
    assert ".troy .tr-wall" in style and "url(#card-troy-tp-stone)" in style
    assert 'id="card-troy-tp-stone"' in svg
