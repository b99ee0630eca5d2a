"""What the page tells the table, natively (issue 26 items 2, 9, 11, 13): the
language chosen at start-up, options that apply, the quiet undo and what
"bring back" offers, move-list lines that name who played, Armadora's frame
on a phone."""

from __future__ import annotations

import random
import re

from plateau.core.game import PUBLIC
from plateau.core.record import Record
from plateau.core.registry import available, get_game
from plateau.web.session import Session
from plateau.web.startup import choose_lang, parse_query


def test_the_language_is_the_visitors_then_the_links_then_the_browsers():
    """Issue 26 §11: "The first visit follows the browser's language (fr for fr-*, else en); a link or
    embed opens in the language it was made in […], unless the visitor chose a language before"."""
    assert choose_lang(None, {}, "fr-CA") == "fr" and choose_lang(None, {}, "fr") == "fr"
    assert choose_lang(None, {}, "en-US") == "en" and choose_lang(None, {}, "de") == "en"
    assert choose_lang(None, {}, "") == "en" and choose_lang(None, {}, "francais") == "en"
    assert choose_lang(None, parse_query("?embed&lang=fr"), "en-GB") == "fr"
    assert choose_lang("en", parse_query("?lang=fr"), "fr-FR") == "en"
    assert choose_lang(None, parse_query("?lang=xx"), "fr-BE") == "fr"  # an unknown one is ignored


def test_small_world_options_say_when_they_apply():
    """Issue 26 §11: "Small World's 5-player map disputes with 2 players, Lizardmen/Spiderines options
    without Underground races" are hidden: the options declare when they apply."""
    opts = {o.id: o for o in get_game("smallworld").options}
    base = {"board": "classic", "content": "base"}
    for k in ("map5_border_13_19", "map5_lt_19", "map5_terrain_28"):
        assert opts[k].applies(5, base) and not opts[k].applies(2, base)
        assert not opts[k].applies(5, {**base, "board": "underground"})
    for k in ("ug_lizardmen", "ug_spiderines"):
        assert not opts[k].applies(3, base)
        assert opts[k].applies(3, {**base, "content": "mixed"}) and opts[k].applies(3, {**base, "content": "underground"})
    assert not opts["monsters"].applies(3, {**base, "board": "random"})
    assert all(o.applies(n, {}) for g in map(get_game, available()) for o in g.options if not o.when
               for n in (2, 5))


def test_taking_back_ones_own_move_is_ones_own_and_bring_back_lasts_while_it_makes_sense():
    """Issue 26 §2: the replaced moves were the replacing player's own: no banner; "bring back" is
    offered while only that player has played since, and says how many moves and the first."""
    rnd = random.Random(1)
    s = Session(Record("thud", {}, 2, ["Ann", "Bob"], []))
    first = rnd.choice(s.legal())
    s.play(first)
    s.goto(0)
    s.play(next(m for m in s.legal() if m.text != first.text))
    assert s.replaced_own and s.restore_offer() == (1, 0)
    assert s.replaced_line(None, "en").startswith("Ann: ")
    s.play(rnd.choice(s.legal()))  # Bob answers: bringing Ann's move back would drop his
    assert s.restore_offer() is None
    s.goto(1)
    s.play(next(m for m in s.legal() if m.text != s.record.moves[1]))  # Bob takes his own back
    assert s.replaced_own
    s.goto(0)
    s.play(next(m for m in s.legal() if m.text != s.record.moves[0]))  # Ann plays over Bob's move: news
    assert not s.replaced_own and s.restore_offer() == (2, 0)


def test_move_lines_name_the_player_and_hide_what_the_list_hides():
    """Issue 26 §9: "Each move-list line names the player (and the table in an Arkhanis tournament);
    computer lines read naturally […]. Hidden information stays out of the list"."""
    rnd = random.Random(4)
    for gid in available():
        g = get_game(gid)
        names = ["Ann", "Bob", "Cy", "Dee"][:max(2, g.min_players)]
        s = Session(Record(gid, {}, 3, names, []))
        for i in range(6):
            if s.state.is_over():
                break
            who = names[s.state.to_play]
            s.play(rnd.choice(s.legal()))
            line = s.move_line(i, PUBLIC, "en")
            if gid == "arkhanis":
                assert re.match(rf"(Table \d+ · )?{who} ", line), line
            else:
                assert line.startswith((f"{who}: ", f"{who} ")), line
    # a Small World line is a sentence, its combo race first as on the cards and the status line
    s = Session(Record("smallworld", {}, 9, ["Ann", "Bob"], []))
    race, power, _ = s.state.column[0]
    s.play("pick:0")
    from plateau.games.smallworld import content as C

    assert s.move_line(0, None, "en") == f"Ann takes {C.name(race, 'en')} {C.name(power, 'en')} (combo 1)"
    assert f"{C.name(race, 'en')} {C.name(power, 'en')}" in s.state.status("en")


def test_an_arkhanis_bid_is_named_not_told():
    """Issue 26 §9 ("Chloé bids.") and hidden information: a bid's amount only for its bidder."""
    rnd = random.Random(2)
    s = Session(Record("arkhanis", {"schedule": "royal_treasure" + ",none" * 9}, 5,
                       ["Ann", "Bob", "Chloé", "Dee"], []))
    while s.state.stage != "auction":
        s.play(rnd.choice(s.legal()))
    bidder = s.state.to_play
    s.play(next(m for m in s.legal() if m.text.startswith("bid:")))
    i = s.total - 1
    amount = s.record.moves[i].rpartition(":")[2]  # bid:N, or bid:SEAT:N from revision 4
    public = s.move_line(i, PUBLIC, "en")
    assert re.fullmatch(rf"Table \d+ · {s.record.players[bidder]} bids", public), public
    assert s.move_line(i, bidder, "en").endswith(f"bids {amount}")


def test_armadora_on_a_phone_closes_its_frame():
    """Issue 26 §13 "Armadora's board frame on the phone": the drawing's height is the frame's."""
    s = Session(Record("armadora", {}, 1, ["Ann", "Bob"], []))
    for compact in (False, True):
        svg = s.render("fr", True, True, None, compact)
        h = float(re.search(r'viewBox="0,0,[\d.]+,([\d.]+)"', svg).group(1))
        frame = float(re.search(r'<rect[^>]*height="([\d.]+)"', svg).group(1))
        assert frame == h
