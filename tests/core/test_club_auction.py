"""Club mode, an Arkhanis auction turn (revision 4, issue 40 item 1: "all bidders of all tables bid at the
same time, each on their device"; seed 001 §3: each table's auction is its own, bids hidden and revealed
together): both table devices are asked to bid at once, each for a participant seated there; a bid sent
from a position another table's bid has passed is still played; each device names the participants it
waits for who are not there, never "your" for them (item 5)."""

from __future__ import annotations

import json
import random

from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.club import Guest, Referee
from plateau.web.controller import PlayController
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store

NAMES = ["Bilbo", "Merry", "Frodo", "Xavier", "Sam", "Pippin"]
TABLES = "classic/base:10-12; classic/underground:17-20"


def room(seed=4):
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    g = get_game("arkhanis")
    options = g.full_options({"tables": TABLES, "schedule": "royal_treasure" + ",none" * 9})
    ctl.open(Session(Record("arkhanis", options, seed, list(NAMES), []), "en"), save_id="g1", save_name="Club")
    ref = Referee(ctl, {"ta": [], "tb": []}, {}, {"ta": 0, "tb": 1})
    ref.refresh()
    guests = {d: Guest() for d in ("ta", "tb")}
    for did, guest in guests.items():
        for to, text in ref.receive(did, guest.hello("en")):
            guests[to].receive(text)
    return ctl, ref, guests


def send(ref, guests, did, seat, text, ply):
    raw = json.dumps({"v": 1, "t": "move", "seat": seat, "move": text, "ply": ply, "id": random.getrandbits(30)})
    answer = ref.receive(did, raw)
    for to, msg in answer + ref.broadcast():
        guests[to].receive(msg)
    return json.loads(answer[0][1]) if answer else None


def test_both_table_devices_are_asked_to_bid_at_the_same_time():
    ctl, ref, guests = room()
    st = ctl.session.state_at(ctl.session.total)
    assert st.rev == 4 and st.stage == "auction" and sorted(st.movers()) == list(range(6))
    asked = {}
    for did, ti in (("ta", 0), ("tb", 1)):
        s = guests[did].session
        mover = s.positions.mover
        assert mover == st.seated_at(ti)[0]  # the first participant seated at this table: asked now
        assert s.decider() == mover and s.may_play(mover)
        texts = [m.text for m in s.legal()]
        assert texts == [f"bid:{st.seat_of[mover]}:{k}" for k in range(st.coins[mover] + 1)]
        assert f"{NAMES[mover]}: your (hidden) bid for table {ti + 1}" in s.state.status("en")
        asked[did] = (mover, texts)
    ply = ctl.session.total
    # table B's device bids first, then table A's, sent from the same position (the host has moved on)
    (mb, tb), (ma, ta) = asked["tb"], asked["ta"]
    assert send(ref, guests, "tb", mb, tb[2], ply)["t"] == "ack"
    assert send(ref, guests, "ta", ma, ta[1], ply)["t"] == "ack"
    assert ctl.session.record.moves == [tb[2], ta[1]]
    live = ctl.session.state_at(ctl.session.total)
    assert live.bids == {mb: 2, ma: 1} and ma not in live.movers() and mb not in live.movers()


def test_a_device_waiting_for_the_other_table_names_its_bidders():
    ctl, ref, guests = room()
    st = ctl.session.state_at(ctl.session.total)
    for p in st.seated_at(0):  # every participant of table A bids
        ply = ctl.session.total
        assert send(ref, guests, "ta", p, f"bid:{st.seat_of[p]}:0", ply)["t"] == "ack"
    s = guests["ta"].session
    assert s.positions.mover is None
    live = ctl.session.state_at(ctl.session.total)
    waiting = s.state.waiting_status("en")
    assert waiting == ", ".join(NAMES[p] for p in live.seated_at(1)) + " bid at table 2"
    assert "your" not in waiting
    # table A's auction is settled: its result is in table A's own log, which table A's device draws
    from plateau.games.smallworld.render_model import event_lines

    lines = event_lines(s.state.tables[0], s.positions.eyes, "en")
    assert any(x.startswith("This table's auction: ") and "bids revealed" in x for x in lines)


def test_a_participant_sees_their_turns_score_on_their_own_device():
    """Issue 40 item 5: "each player sees their turn's score on their own device" — the table device that
    holds them, not only the host."""
    ctl, ref, guests = room()
    st = ctl.session.state_at(ctl.session.total)
    for did, ti in (("ta", 0), ("tb", 1)):
        for p in st.seated_at(ti):
            send(ref, guests, did, p, f"bid:{st.seat_of[p]}:0", ctl.session.total)
    g = guests["ta"]
    p = g.session.positions.mover
    assert p is not None
    for _ in range(200):  # p plays a whole turn on table A's device: a combo, conquests, the end
        if g.session.positions.mover != p:
            break
        texts = [m.text for m in g.session.legal()]
        text = "pick:0" if "pick:0" in texts else next((x for x in texts if x.startswith("c:")), None)
        text = text or next((x for x in ("end", "done", "nopeace", "pass") if x in texts), texts[0])
        send(ref, guests, "ta", p, text, ctl.session.total)
    gains = g.turn_gains("en")
    assert len(gains) == 1 and gains[0].startswith(f"{NAMES[p]}, this turn earns you +"), gains
    assert " +0 " not in gains[0]  # he conquered: his regions score
    assert guests["tb"].turn_gains("en") == []  # the other table's device: not their score
    assert ctl.session.game.mover_of(ctl.session.state_at(0), ctl.session.record.moves[1]) == \
        ctl.session.state_at(1).occupant[int(ctl.session.record.moves[1].split(":")[1])]


def test_the_organisers_own_participant_bids_while_the_one_asked_first_plays_elsewhere():
    """The organiser's device plays a seat too: its participant is asked to bid at once, not after every
    bidder the tournament asks before him (those bid on other devices)."""
    g = get_game("arkhanis")
    options = g.full_options({"tables": TABLES, "schedule": "royal_treasure" + ",none" * 9})
    st = Session(Record("arkhanis", options, 4, list(NAMES), [])).state
    person = st.seated_at(1)[-1]  # the last bidder the tournament asks
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    ctl.open(Session(Record("arkhanis", options, 4, list(NAMES), []), "en"), save_id="g1", save_name="Club")
    s = ctl.session
    assert s.decider() == st.to_play != person  # on one device, the tournament's own order
    ctl.seat_devices({p: "a" for p in range(6) if p != person}, settle=True)  # the others on their devices
    assert s.state_at(0).to_play != person and s.decider() == person
    assert [m.text for m in s.legal()] == [f"bid:{st.seat_of[person]}:{k}" for k in range(6)]
    assert f"{NAMES[person]}: your (hidden) bid for table 2" in s.state.status("en")
    assert ctl.interactive()
    ctl.submit(f"bid:{st.seat_of[person]}:2")
    live = s.state_at(s.total)
    assert s.record.moves == [f"bid:{st.seat_of[person]}:2"] and live.bids == {person: 2}
    assert s.decider() == live.to_play != person  # the others bid on their devices
