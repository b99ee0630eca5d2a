"""What a real click or tap on a board plays: positions with many highlighted
targets, points sampled in the page over each target's shape and around its
border, and the pointer driven there (``page.mouse`` or ``page.touchscreen``).
Shared by tests/browser/test_pointer_browser.py and ``bench/browser.py pointer``.

The board says what each real click meant in its ``data-hit`` attribute (the
target's name, empty for none); with ``data-dry`` on the board it plays
nothing, so that hundreds of points are measured in seconds."""

from __future__ import annotations

from plateau.core.record import Record, encode
from plateau.web.session import Session

DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}
RADIUS = {"desktop": 12.0, "phone": 16.0}  # play.py's HIT_RADIUS and HIT_RADIUS_TOUCH


def _until(session: Session, done) -> Session:
    for _ in range(40):
        if done(session):
            return session
        session.play(session.legal()[0])
    raise AssertionError(f"{session.record.game}: the position wanted never came")


def smallworld(players: int, board: str = "classic", seed: int = 7) -> Session:
    """Small World's first conquest: the first combo picked, its regions highlighted."""
    names = ["Aline", "Bruno", "Chloé", "Denis", "Emma"][:players]
    s = Session(Record("smallworld", {"board": board}, seed, names, []))
    return _until(s, lambda s: s.state.phase == "conquer")


def armadora(seed: int = 3) -> Session:
    """Armadora's first placement: empty squares and free palisade slots both highlighted."""
    s = Session(Record("armadora", {}, seed, ["Ann", "Bob"], []))
    return _until(s, lambda s: any("-" in t for t in s.next_targets()) and
                  any("-" not in t for t in s.next_targets()))


def thorval(seed: int = 5) -> Session:
    s = Session(Record("thorval", {}, seed, ["Ann", "Bob", "Cy"], []))
    return _until(s, lambda s: len(s.next_targets()) >= 4)


def thud(seed: int = 1) -> Session:
    """Thud's first move: the dwarfs' pieces highlighted."""
    return Session(Record("thud", {}, seed, ["Ann", "Bob"], []))


POSITIONS = {
    "smallworld-2p": lambda: smallworld(2),
    "smallworld-3p": lambda: smallworld(3),
    "smallworld-4p": lambda: smallworld(4),
    "smallworld-5p": lambda: smallworld(5),
    "smallworld-underground": lambda: smallworld(2, "underground"),
    "armadora": armadora,
    "thorval": thorval,
    "thud": thud,
}


def show(page, session: Session) -> None:
    """Open ``session``'s position as a shared link (in the page already open:
    a new fragment), its board shown and in dry mode."""
    page.evaluate("h => { const b = document.querySelector('#board'); if (b) b.setAttribute('data-stale', '');"
                  " location.hash = h; }", "#g=" + encode(session.record))
    page.wait_for_function(f"() => {{ const b = document.querySelector('#board:not([data-stale])');"
                           f" return (b && +b.dataset.ply === {session.ply}) || document.querySelector('#pass-screen'); }}")
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg .target[data-target]")
    page.evaluate("() => { const b = document.querySelector('#board'); b.setAttribute('data-dry', '');"
                  " b.setAttribute('data-hit', '?'); }")


def targets(page) -> list[str]:
    """The highlighted targets drawn on the board."""
    return page.eval_on_selector_all("#board svg .target[data-target]",
                                     "els => els.map(e => e.getAttribute('data-target'))")


# In the page, for one highlighted target (scrolled into view first): an n × n grid over its box
# kept where the browser's own hit-test finds that target ("inside", the points a player aims
# at), points walked to its border from each row and column of the grid (the last inside point,
# "edge"), and a point 1 or 3 px beyond the border there ("outside"), each with what lies under it.
# Points are whole pixels, as a mouse event's clientX/clientY are.
SAMPLE_JS = r"""([name, n]) => {
  const board = document.querySelector('#board');
  const el = [...board.querySelectorAll('svg .target[data-target]')].find((e) => e.getAttribute('data-target') === name);
  el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  const W = innerWidth, H = innerHeight;
  const kind = (t) => [...t.classList].filter((c) => c !== 'target' && c !== 'selected').sort().join(' ');
  const at = (x, y) => {
    if (x < 1 || y < 1 || x > W - 1 || y > H - 1) return undefined;
    const e = document.elementFromPoint(x, y);
    if (!e || !e.closest || !board.contains(e) || !e.closest('svg')) return undefined;  // not on the board's drawing
    const t = e.closest('[data-target]');
    return t && board.contains(t) ? t : null;
  };
  const info = (x, y) => {
    const t = at(x, y);
    return {x, y, under: t ? t.getAttribute('data-target') : null, kind: t ? kind(t) : null,
            target: !!(t && t.classList.contains('target'))};
  };
  const r = el.getBoundingClientRect();
  const inside = [], edge = [], outside = [];
  const rows = [];
  for (let j = 0; j < n; j++) {
    const row = [];
    for (let i = 0; i < n; i++) {
      const x = Math.round(r.left + (i + 0.5) * r.width / n), y = Math.round(r.top + (j + 0.5) * r.height / n);
      if (at(x, y) === el) { inside.push(info(x, y)); row.push([x, y]); }
    }
    rows.push(row);
  }
  const cols = new Map();
  for (const row of rows) for (const p of row) {
    const c = cols.get(p[0]) || []; c.push(p); cols.set(p[0], c);
  }
  const walk = (p, dx, dy) => {  // from an inside point to the border, 1 px at a time
    let x = p[0], y = p[1];
    for (let k = 0; k < 4000 && at(x + dx, y + dy) === el; k++) { x += dx; y += dy; }
    edge.push(info(x, y));
    const d = 1 + outside.length % 2 * 2;  // 1 or 3 px beyond, in turn
    if (at(x + dx * d, y + dy * d) !== undefined) outside.push({...info(x + dx * d, y + dy * d), beyond: d});
  };
  for (const row of rows) if (row.length) { walk(row[0], -1, 0); walk(row[row.length - 1], 1, 0); }
  for (const col of cols.values()) { walk(col[0], 0, -1); walk(col[col.length - 1], 0, 1); }
  const kinds = Object.fromEntries([...board.querySelectorAll('svg .target[data-target]')]
    .map((t) => [t.getAttribute('data-target'), kind(t)]));
  return {inside, edge, outside, kind: kind(el), kinds};
}"""

# main's rule before the pointer won (bounding boxes grown to 24 px, the smallest box first, else
# the element under the pointer): what it made of a point, for bench/browser.py's "before".
OLD_RULE_JS = r"""([x, y]) => {
  const board = document.querySelector('#board');
  let best = null, area = null;
  for (const t of board.querySelectorAll('.target[data-target]')) {
    const r = t.getBoundingClientRect();
    const gx = Math.max(0, (24 - r.width) / 2), gy = Math.max(0, (24 - r.height) / 2);
    if (r.left - gx <= x && x <= r.right + gx && r.top - gy <= y && y <= r.bottom + gy) {
      const a = r.width * r.height;
      if (area === null || a < area) { best = t; area = a; }
    }
  }
  if (best === null) {
    const e = document.elementFromPoint(x, y);
    best = e && e.closest ? e.closest('[data-target]') : null;
  }
  return best ? best.getAttribute('data-target') : '';
}"""

READ_HIT = """() => { const b = document.querySelector('#board'); const h = b.getAttribute('data-hit');
  b.setAttribute('data-hit', '?'); return h; }"""


def sample(page, name: str, n: int = 6) -> dict:
    return page.evaluate(SAMPLE_JS, [name, n])


def hit(page, x: float, y: float, touch: bool) -> str:
    """Click (or tap) at (x, y); the target the board says the click meant ("" for none).
    The board's ``data-hit`` is "?" before (READ_HIT leaves it so)."""
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    got = page.evaluate(READ_HIT)
    if got == "?":  # a tap's click may come a moment after the touch ends
        try:
            page.wait_for_function("() => document.querySelector('#board').getAttribute('data-hit') !== '?'",
                                   timeout=3_000)
        except Exception:  # noqa: BLE001 - the board never heard of the click: said so by the caller
            return "?"
        got = page.evaluate(READ_HIT)
    return got


def wrong(point: dict, got: str, kinds: dict, near: str | None = None) -> str | None:
    """Why ``got`` is a wrong reading of a click at ``point`` (None when right).

    On a highlighted target: that target. Inside a shape nobody may play now: nothing, or a
    target of another kind beside it (a palisade slot on a square's border), never a
    neighbouring shape of its own kind. On no shape: nothing or a highlighted target; 1 px
    beyond ``near``'s border on no shape: a highlighted target (the miss is forgiven)."""
    under = point["under"]
    if got == "?":
        return "the click never reached the board's handler"
    if got != "" and got not in kinds:
        return f"played {got!r}, not a highlighted target"
    if point["target"]:
        return None if got == under else f"on {under!r}, played {got!r}"
    if under is not None:
        if got != "" and kinds[got] == point["kind"]:
            return f"inside {under!r} (not a target), played its neighbour {got!r}"
        return None
    if near is not None and got == "":
        return f"1 px beside {near!r} on no shape, played nothing"
    return None
