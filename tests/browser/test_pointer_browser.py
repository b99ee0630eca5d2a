"""The pointer wins (issue 26, item 1): a real click (``page.mouse``, desktop
1440×900) or tap (``page.touchscreen``, a 375×667 touch phone) on a
highlighted target's own shape plays that target, wherever on the shape it
lands; a point on no target is forgiven only to a target near its shape, and
never across a border into a neighbouring region of the board.

Positions: Small World's first conquest on each printed map (2 to 5 players)
and on the Underground board, Armadora's squares beside its palisade slots,
Thorval's hexes, Thud's pieces (tests/browser/pointer.py). For every
highlighted target the page finds points over its whole shape (a grid kept
where the browser's hit-test finds the target), on its border and just
beyond it; the pointer goes to each and the board says what the click meant
(``data-hit``, in dry mode: nothing is played). A few clicks then really
play, to show the reading is the move."""

from __future__ import annotations

import pytest

import pointer as P
from harness import current_record, open_app

GAMES = list(P.POSITIONS)
# by touch, the 3- and 4-player maps in the long run only (their shapes are drawn as the 2- and
# 5-player maps' are, and a tap costs several times a click); the mouse still goes over every map
SLOW_CASES = {f"test_every_point_of_a_highlighted_target_plays_it[phone-chromium-smallworld-{n}p]" for n in (3, 4)}


@pytest.fixture(scope="module", params=["desktop", "phone"])
def device(request, browser, base_url):
    """One page per device for the whole file: each position opens in it as a new link."""
    ctx = browser.new_context(service_workers="block", **(P.DESKTOP if request.param == "desktop" else P.PHONE))
    page = ctx.new_page()
    open_app(page, base_url, clear=True)
    yield request.param, page
    ctx.close()


def spread(names: list[str], most: int | None) -> list[str]:
    """``most`` of ``names`` spread evenly over the list (all of them when ``most`` is None or more)."""
    if most is None or len(names) <= most:
        return names
    return [names[i * len(names) // most] for i in range(most)]


def misreadings(page, touch: bool, n: int, outside: bool = True, most: int | None = None) -> tuple[int, list[str]]:
    """The highlighted targets on the board (``most`` of them, spread over the
    board, or all), sampled and clicked: (points clicked, what went wrong)."""
    clicked, bad = 0, []
    for name in spread(P.targets(page), most):
        pts = P.sample(page, name, n)
        assert pts["inside"], f"{name}: no point of its shape is in view"
        groups = [(p, None) for p in pts["inside"] + pts["edge"]]
        if outside:
            groups += [(p, name if p["beyond"] == 1 else None) for p in pts["outside"]]
        for p, near in groups:
            got = P.hit(page, p["x"], p["y"], touch)
            clicked += 1
            why = P.wrong(p, got, pts["kinds"], near)
            if why:
                bad.append(f"{name} at ({p['x']:.1f}, {p['y']:.1f}): {why}")
    return clicked, bad


@pytest.mark.parametrize("game", GAMES)
def test_every_point_of_a_highlighted_target_plays_it(device, game):
    """Over each highlighted target's area (a 3 × 3 grid of its box, kept
    inside its shape), along its border and 1 or 3 px beyond it: 0 points
    misread. Up to 16 targets spread over the board (Armadora's squares and
    slots are many more; the slow test below takes every one)."""
    kind, page = device
    session = P.POSITIONS[game]()
    P.show(page, session)
    clicked, bad = misreadings(page, kind == "phone", 3, most=16)
    assert clicked > 10 * min(16, len(P.targets(page)))
    assert not bad, f"{len(bad)} of {clicked} points misread:\n" + "\n".join(bad[:20])


def test_a_click_near_a_region_border_plays_the_region_clicked(device):
    """Not dry: a click 1 or 3 px inside a Small World region, beside another
    highlighted region, conquers the region under the pointer."""
    kind, page = device
    session = P.smallworld(3)
    P.show(page, session)
    page.evaluate("() => document.querySelector('#board').removeAttribute('data-dry')")
    # a point right inside a region's border whose other side is another highlighted region
    for name in P.targets(page):
        pts = P.sample(page, name, 6)
        beside = [o for o in pts["outside"] if o["target"] and o["under"] != name]
        if beside:
            break
    else:
        raise AssertionError("no highlighted region borders another")
    p = beside[0]
    name = p["under"]
    if kind == "phone":
        page.touchscreen.tap(p["x"], p["y"])
    else:
        page.mouse.click(p["x"], p["y"])
    page.wait_for_function(f"+document.querySelector('#board').dataset.ply === {session.ply + 1}")
    (move,) = [m.text for m in session.legal() if m.path == (name,)]
    assert current_record(page).moves[-1] == move


def test_inside_a_non_target_square_beside_a_palisade_slot(device):
    """Armadora: a click inside a square nobody may take (a gold mine) right
    beside a free palisade slot on its border takes the slot; a click on a
    square that is a target takes the square, however close to a slot."""
    kind, page = device
    session = P.armadora()
    P.show(page, session)
    touch = kind == "phone"
    seen_slot = seen_square = 0
    for name in [t for t in P.targets(page) if "-" in t]:
        pts = P.sample(page, name, 3)
        for o in pts["outside"]:
            if o["under"] is None or o["beyond"] != 1:  # 1 px beyond the slot's border, on a square
                continue
            got = P.hit(page, o["x"], o["y"], touch)
            if o["target"]:
                assert got == o["under"], (name, o, got)
                seen_square += 1
            else:
                assert got == name, (name, o, got)
                seen_slot += 1
    assert seen_slot and seen_square


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_point_exhaustively(device, game):
    """As above with a 12 × 12 grid per target."""
    kind, page = device
    P.show(page, P.POSITIONS[game]())
    clicked, bad = misreadings(page, kind == "phone", 12)
    assert not bad, f"{len(bad)} of {clicked} points misread:\n" + "\n".join(bad[:20])
