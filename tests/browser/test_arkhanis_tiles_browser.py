"""The organiser's setup screen shows the tournament's places and relics as
it will deal them (seed 001 §7, issue 27 item 4): how many face-down tiles
each table's pile gets and how many stay in the reserve, never which tile is
where; it says when no random board can draw from the reserve, and lets the
organiser choose what becomes of the tiles the Golden Knight's winner does not
keep."""

from __future__ import annotations

from harness import current_record, mirror, open_app, shot

from plateau.games.arkhanis import items as I
from plateau.games.smallworld import content as C


def tiles_of(page):
    return page.eval_on_selector_all(".ak-table-row .ak-tiles", "els => els.map(e => e.textContent)")


def test_setup_shows_each_boards_tiles_and_the_reserve_and_hides_which(page, base_url):
    open_app(page, base_url, clear=True)
    page.click('[data-game="arkhanis"] [data-action="new"]')
    page.wait_for_selector("form.ak-setup")
    # 6 participants by default: a Small World table (6 Monster regions) and an Underground one (7)
    assert tiles_of(page) == ["Lieux et reliques : 6 tuiles face cachée sous ses Monstres",
                              "Lieux et reliques : 7 tuiles face cachée sous ses Monstres"]
    note = page.inner_text("#ak-tiles")
    assert "Réserve du tournoi : 9 tuiles" in note and "Aucune table n'a de plateau aléatoire" in note
    # issue 41 item 4: the defaults are no error — the note says what they mean, in the note's own colour
    assert "Le tournoi peut commencer ainsi" in note
    colours = page.evaluate("""() => {
        const out = document.querySelector('#ak-tiles .ak-tiles-out');
        const danger = document.createElement('span');
        danger.style.color = 'var(--danger)';
        document.body.appendChild(danger);
        const c = [getComputedStyle(out).color, getComputedStyle(out.parentNode).color, getComputedStyle(danger).color];
        danger.remove();
        return c;
    }""")
    assert colours[0] == colours[1] and colours[0] != colours[2], colours
    shot(page, "arkhanis_setup_tiles_two_tables")
    # the second table becomes a random board: its Knight and Snow Thing can draw from the reserve
    page.select_option('select[data-table="1"][data-field="board"]', "random")
    assert tiles_of(page)[1] == "Lieux et reliques : 6 tuiles face cachée sous ses Monstres"
    note = page.inner_text("#ak-tiles")
    assert "Réserve du tournoi : 10 tuiles" in note and "Aucune table n'a de plateau aléatoire" not in note
    text = page.inner_text("form.ak-setup")
    for item in list(C.ITEMS) + list(I.ITEMS):  # which tile is where is nobody's to see, the organiser's neither
        for lang in ("fr", "en"):
            assert C.name(item, lang) not in text, item
    assert page.input_value("#knight-discards") == "reserve"  # the Knight's other tiles: findable by default
    page.select_option("#knight-discards", "out")
    page.click('#new-game button[type="submit"]')
    page.wait_for_selector("#board")
    rec = current_record(page)
    assert rec.options["tables"] == "classic:1-5;random:6-10" and rec.options["knight_discards"] == "out"
    st = mirror(page).state
    assert [len(t.pile) for t in st.tables] == [6, 6] and len(st.reserve) == 10
