"""Helpers to drive the app in Chromium like a player would."""

from __future__ import annotations

import json
import os
import random
from urllib.parse import urljoin, urlparse

from plateau.core.record import Record, decode, encode
from plateau.web.session import Session

READY = "html[data-ready]"
GAME_KEY = "plateau:v1:game:"


#: a page of the site's origin that is not the app (the server's "not found"): the storage is
#: emptied there, before the app starts, so that the app starts once, not twice
BLANK = "/plateau-test-blank"


def open_app(page, url: str, path: str = "", *, clear: bool = False):
    """Open the app and wait until Python has made it interactive (``clear``:
    on an empty localStorage). Returns the URLs requested from other origins
    (there must be none)."""
    origin = urlparse(url).netloc
    foreign: list[str] = []
    page.on("request", lambda r: foreign.append(r.url)
            if urlparse(r.url).scheme in ("http", "https", "ws", "wss") and urlparse(r.url).netloc != origin
            else None)
    if clear:
        page.goto(urljoin(url, BLANK))
        page.evaluate("localStorage.clear()")
        assert page.evaluate("localStorage.length") == 0
    page.goto(url + path)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    return foreign


def new_visitor(browser, service_workers: str = "block"):
    """A new visitor's context and page, nothing opened yet, the page's
    errors collected: ``(context, page, page errors)``."""
    ctx = browser.new_context(service_workers=service_workers)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def open_app_refusing(browser, url: str, pattern: str):
    """A new visitor's app (no service worker) whose background fetch of the
    files ``pattern`` matches was asked for and refused; the route is let go
    again. What else the background fetches then bring is not waited for.
    Returns ``(context, page, page errors)``."""
    ctx, page, errors = new_visitor(browser)
    refused: list[str] = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    page.route(pattern, refuse)
    open_app(page, url)
    for _ in range(200):  # the background fetch asked, and was refused
        if refused:
            break
        page.wait_for_timeout(50)
    page.unroute(pattern)
    assert refused
    return ctx, page, errors


def saved_games(page) -> dict:
    raw = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    return {k[len(GAME_KEY):]: json.loads(v) for k, v in raw.items() if k.startswith(GAME_KEY)}


def current_record(page):
    """The record of the game on screen, read from its autosave."""
    games = saved_games(page)
    settings = json.loads(page.evaluate("localStorage.getItem('plateau:v1:settings')") or "{}")
    return decode(games[settings["current"]]["record"])


def start_game(page, game: str, names: list[str] | None = None, options: dict | None = None, seed: int | None = None):
    page.click(f'[data-game="{game}"] [data-action="new"]')
    page.wait_for_selector("#new-game")
    if names:
        if page.locator("#player-count").count():
            page.select_option("#player-count", str(len(names)))
        for i, n in enumerate(names):
            page.fill(f'input[name="player{i}"]', n)
    for k, v in (options or {}).items():
        page.select_option(f'[data-option="{k}"]', str(v))
    if seed is not None:
        page.click("details.seed summary")
        page.fill('input[name="seed"]', str(seed))
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")


def pointer_click(page, selector: str, touch: bool = False) -> None:
    """A click (or a tap) with the real pointer in the middle of the first
    element ``selector`` finds, scrolled into view first if it is not."""
    loc = page.locator(selector).first
    loc.scroll_into_view_if_needed()
    box = loc.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def open_link(page, url: str, session: Session, touch: bool = False) -> None:
    """Open ``session``'s position from its link, past its pass screen with the
    real pointer (a tap when ``touch``), until its board is drawn."""
    open_app(page, url, "#g=" + encode(session.snapshot()))
    page.wait_for_selector("#board")
    if page.locator("#pass-screen").count():
        pointer_click(page, '[data-action="reveal"]', touch)
    page.wait_for_selector("#board svg")


def board_ply(page) -> int:
    return int(page.get_attribute("#board", "data-ply") or -1)


def reveal_if_needed(page) -> None:
    if page.locator("#pass-screen").count():
        page.click('[data-action="reveal"]')


def click_target(page, target: str) -> None:
    sel = f'#board .target[data-target="{target}"]'
    if page.locator(sel).count():
        page.locator(sel).first.dispatch_event("click")
    else:
        page.click(f'#tray [data-target="{target}"]')


def click_path(page, move, confirm: bool = False) -> int:
    """Click ``move``'s path (and "play as it is" when the path is a prefix of
    other moves); returns the board's ply before the move."""
    before = board_ply(page)
    reveal_if_needed(page)
    if confirm:  # the game asks before this move (e.g. Armadora's pass): say yes
        page.once("dialog", lambda d: d.accept())
    for t in move.path:
        if board_ply(page) != before:
            break
        click_target(page, t)
    if board_ply(page) == before:
        page.click('[data-action="as-is"]')
    return before


def play_move(page, session: Session, move) -> None:
    """Play ``move`` (legal in ``session``) by clicking its path, then mirror it."""
    before = click_path(page, move, bool(session.game.confirm_text(move.text, "fr")))
    page.wait_for_function(f"document.querySelector('#board') && "
                           f"(+document.querySelector('#board').dataset.ply === {before + 1} || "
                           f"document.querySelector('#pass-screen'))")
    session.play(move)
    reveal_if_needed(page)
    assert board_ply(page) == session.ply, (board_ply(page), session.ply, move.text)


def mirror(page) -> Session:
    return Session(current_record(page))


# -- helpers for games with hidden information (additive) ------------------------
def wait_ready(page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=90_000)


def reload_app(page) -> None:
    """Reload the page and wait until the app is interactive again."""
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#board")


def pass_screen_for(page) -> str | None:
    """The text of the "pass the device" screen, or None when the board shows."""
    if page.locator("#pass-screen").count():
        return page.inner_text("#pass-screen")
    return None


def share_link(page) -> str:
    """Open the share dialog, read the link and close the dialog."""
    page.click('[data-action="share"]')
    link = page.input_value("#share-url")
    page.click('#dialog [data-action="close"]')
    return link


def open_shared(browser, link: str):
    """Open ``link`` in a fresh browser context (no storage, no service
    worker). Returns ``(context, page)``; the caller closes the context."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
    other = ctx.new_page()
    open_app(other, link)
    other.wait_for_selector("#board")
    return ctx, other


def svg_labels(page) -> list[str]:
    """Every aria-label inside the board's SVG."""
    return page.eval_on_selector_all("#board svg [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")


def move_list(page) -> list[str]:
    """The texts of the move list, without the "start" entry."""
    return page.eval_on_selector_all("#moves li[data-ply]:not([data-ply='0'])", "els => els.map(e => e.textContent)")


def result_lines(page) -> list[str]:
    return page.eval_on_selector_all("#result p", "els => els.map(e => e.textContent)")


def play_move_seen(page, session: Session, move) -> str | None:
    """Like :func:`play_move`, but returns the text of the "pass the device"
    screen shown right after the move (None when the board stayed visible),
    checking that the screen hides the board, then reveals the board."""
    before = click_path(page, move, bool(session.game.confirm_text(move.text, "fr")))
    page.wait_for_function(f"document.querySelector('#board') && "
                           f"+document.querySelector('#board').dataset.ply === {before + 1}")
    session.play(move)
    shown = pass_screen_for(page)
    if shown is not None:
        assert page.locator("#board svg").count() == 0, "the pass screen must hide the board"
        assert page.locator("#tray [data-target]").count() == 0, "the pass screen must hide the choices"
    reveal_if_needed(page)
    assert board_ply(page) == session.ply, (board_ply(page), session.ply, move.text)
    return shown


def reveal(page) -> str:
    """Click through the pass screen (which must be there); returns its text."""
    text = pass_screen_for(page)
    assert text is not None, "a pass screen was expected"
    page.click('[data-action="reveal"]')
    page.wait_for_selector("#board svg")
    return text


def fork(session: Session) -> Session:
    """An independent copy of ``session`` (same record, same ply)."""
    r = session.record
    s = Session(decode(encode(r)))
    s.goto(session.ply)
    return s


# Every node under #board: its depth, tag and sorted attributes, or its text.
DOM_JS = r"""() => {
  const out = [];
  const walk = (n, d) => {
    const pad = ' '.repeat(d);
    if (n.nodeType === 1) {
      const at = [...n.attributes].map((a) => a.name + '=' + JSON.stringify(a.value)).sort();
      out.push(pad + '<' + n.nodeName + (at.length ? ' ' + at.join(' ') : '') + '>');
      for (const c of n.childNodes) walk(c, d + 1);
    } else {
      out.push(pad + n.nodeName + ' ' + JSON.stringify(n.nodeValue));
    }
  };
  for (const c of document.getElementById('board').childNodes) walk(c, 0);
  return out;
}"""


def board_dom(page) -> list[str]:
    """The board as its nodes (attribute order aside: a board updated in
    place keeps the order its attributes first came in)."""
    return page.evaluate(DOM_JS)


def check_same_position(page, session: Session, board: list, saved: bool = True) -> None:
    """``page`` shows ``session``'s position (behind a pass screen for the
    player to move when they may see what others may not); once revealed,
    the board is ``board`` (its nodes, as :func:`board_dom` gives them)."""
    assert board_ply(page) == session.ply
    if saved:
        assert current_record(page).moves == session.record.moves
    if session.must_pass(None):  # the decider may see what nobody else may: the board waits for them
        who = session.record.players[session.state.to_play]
        assert who in reveal(page)
    else:
        assert pass_screen_for(page) is None
    assert board_dom(page) == board


def check_save_and_reload(page, session: Session) -> None:
    """The autosave holds the game; a reload and a resume from the home
    screen's list both bring back the same position."""
    games = saved_games(page)
    assert len(games) == 1
    (saved,) = games.values()
    assert decode(saved["record"]).moves == session.record.moves
    board = board_dom(page)
    reload_app(page)
    check_same_position(page, session, board)
    page.click(".brand")
    page.wait_for_selector("#saved li[data-save]")
    assert page.locator("#saved li[data-save]").count() == 1
    page.click('#saved [data-action="resume"]')
    page.wait_for_selector("#board")
    check_same_position(page, session, board)


def check_share(page, browser, session: Session, choose, check_view=None, screenshot: str | None = None) -> None:
    """Share the position: the dialog warns that the link holds the hidden
    information; the link, opened in a fresh context, shows the same position
    at the same ply (behind a pass screen) and can be played on there, which
    saves it as a new game. ``choose(session)`` picks the move played there;
    ``check_view(page, session)`` checks the revealed board."""
    page.click('[data-action="share"]')
    assert page.locator("#dialog .warn").count() == 1
    page.click('#dialog [data-action="close"]')
    link = share_link(page)
    assert "#g=P1" in link
    assert decode(link.split("#g=", 1)[1]).moves == session.record.moves
    board = board_dom(page)
    if screenshot:
        page.screenshot(path=screenshot)
    ctx, other = open_shared(browser, link)
    try:
        check_same_position(other, session, board, saved=False)
        if check_view is not None:
            check_view(other, session)
        assert saved_games(other) == {}
        there = fork(session)
        play_move_seen(other, there, choose(there))
        assert len(saved_games(other)) == 1
        assert current_record(other).moves == there.record.moves
    finally:
        ctx.close()


def shot_paths(*names: str) -> tuple:
    """Where to put screenshots of the board mid-game (when shared) and at the
    end: only when PLATEAU_SHOTS names a directory."""
    where = os.environ.get("PLATEAU_SHOTS")
    return tuple(os.path.join(where, n) if where else None for n in names)


def shot(page, name: str) -> None:
    """A full-page screenshot ``<name>.png`` in PLATEAU_SHOTS, when set."""
    where = os.environ.get("PLATEAU_SHOTS")
    if where:
        page.screenshot(path=os.path.join(where, f"{name}.png"), full_page=True)


def score_cells(page) -> list[list[str]]:
    """The score table's cells after each player's name, one row per player
    (the heading row left out)."""
    return page.eval_on_selector_all(
        "#scores tr:not(.head)", "rows => rows.map(r => [...r.querySelectorAll('td')].map(c => c.textContent))")


def table_cells(state, lang: str = "fr", viewer=None) -> list[list[str]]:
    """What :func:`score_cells` must read: the game's own score table."""
    return [row[1:] for row in state.score_table(lang, viewer)["rows"]]


def fill_storage(page) -> None:
    """From now on the page's storage refuses to save games, as a full
    localStorage does (QuotaExceededError); settings still save."""
    page.evaluate("""() => {
        const orig = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (k.startsWith('plateau:v1:game:')) throw new DOMException('full', 'QuotaExceededError');
            return orig.call(this, k, v);
        };
    }""")


def one_move_from_the_end(seed: int = 4) -> tuple[Session, object]:
    """A game of Le Cheval de Troie between Ann and Bob one move from its end
    (random legal moves, ``random.Random(seed)``), and that last move."""
    rnd = random.Random(seed)
    s = Session(Record("troy", {}, 3, ["Ann", "Bob"], []))
    while True:
        nxt = s.state.clone()
        m = rnd.choice(s.legal())
        nxt.play(m)
        if nxt.is_over():
            return s, m
        s.play(m)
