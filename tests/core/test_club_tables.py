"""Club mode for the Arkhanis tournament: each table on its own device
(issue 29 §4: "each table's device joins as "table B" and plays its seats
at the same time as the other tables; a participant who declines chooses a
free seat on their table's device ..., and their next turn happens on the
new table's device").

The host's referee gives a table device the participants seated at its
table now; it accepts a move from that device only for one of them who is
among the movers; a table device receives only the views of the
participants it holds now ("never another participant's coins or bids,
never future draws")."""

from __future__ import annotations

import json
import random

import pytest

from plateau.core.game import PUBLIC, SEATS_OPTION, view_secrets
from plateau.core.record import Record
from plateau.core.registry import get_game
from plateau.web.club import Guest, Referee, table_holds
from plateau.web.controller import COMPUTER, MoveRefused, PlayController, seats_option
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store

NAMES = ["Bilbo", "Merry", "Frodo", "Xavier", "Sam", "Pippin"]
# table A: seats 10-12, table B: seats 17-20 (19 free), as in the rules notes' §3.5 examples
TABLES = "classic/base:10-12; classic/underground:17-20"


def tournament(seed=4, computers=None, events="none"):
    """The organiser's device: a 6-participant tournament hosted with two
    table devices, "ta" (table A) and "tb" (table B), and a projector."""
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    g = get_game("arkhanis")
    opts = {"tables": TABLES, "events": events}
    options = g.full_options(opts)
    if computers:
        options[SEATS_OPTION] = seats_option({c: "easy" for c in computers})
    rec = Record("arkhanis", options, seed, list(NAMES), [])
    ref = Referee(ctl, {"ta": [], "tb": [], "tv": []}, {}, {"ta": 0, "tb": 1})
    ctl.open(Session(rec, "en"), save_id="g1", save_name="Club")
    ref.refresh()
    ctl.autosave()
    return ctl, ref


def joined_room(seed, build=False):
    """:func:`tournament` with both table devices joined: the host's controller, its referee, the room."""
    ctl, ref = tournament(seed=seed)
    room = Room(ref, build=build)
    room.join("ta")
    room.join("tb")
    return ctl, ref, room


class Room:
    """Every device's inbox: what the host sent each one, in order."""

    def __init__(self, ref, build=False):
        self.ref = ref
        self.build = build  # the guests draw what they receive (else: the bytes only are kept)
        self.guests = {}
        self.inbox = {did: [] for did in ref.devices}

    def seated(self, did):
        """Who the device may see for, worked out here from the tournament's seating (not the referee's)."""
        ctl, dev = self.ref.ctl, self.ref.devices[did]
        if dev.table is None:
            return list(dev.seats)
        st, computers = live(ctl), ctl.computer_seats()
        return [st.occupant[s] for s in st.table_seats[dev.table]
                if st.occupant[s] is not None and st.occupant[s] not in computers]

    def deliver(self, pairs):
        for did, text in pairs:
            self.inbox[did].append((self.seated(did), text))
            if self.build:
                self.guests[did].receive(text)

    def last(self, did):
        return next(json.loads(t) for _, t in reversed(self.inbox[did]) if json.loads(t)["t"] == "state")

    def join(self, did):
        self.guests[did] = Guest()
        self.deliver(self.ref.receive(did, self.guests[did].hello("en")))

    def send(self, did, seat, text, ply=None):
        """``did`` asks for ``text`` for ``seat``; the answer, and the news for every device when played."""
        s = self.ref.ctl.session
        before = s.total
        raw = json.dumps({"v": 1, "t": "move", "seat": seat, "move": text,
                          "ply": s.total if ply is None else ply, "id": random.getrandbits(30)})
        answer = self.ref.receive(did, raw)
        self.deliver(answer)
        if s.total != before:
            self.deliver(self.ref.broadcast())
        return json.loads(answer[0][1])


def live(ctl):
    s = ctl.session
    return s.state_at(s.total)


def test_a_table_device_holds_whoever_is_seated_at_its_table_now():
    ctl, ref = tournament()
    st = live(ctl)
    at_a = [st.occupant[s] for s in (10, 11, 12) if st.occupant[s] is not None]
    at_b = [st.occupant[s] for s in (17, 18, 19, 20) if st.occupant[s] is not None]
    assert ref.holds(ref.devices["ta"]) == table_holds(st, 0) == at_a
    assert ref.holds(ref.devices["tb"]) == at_b and sorted(at_a + at_b) == list(range(6))
    assert ref.holds(ref.devices["tv"]) == []
    assert ctl.away == frozenset(range(6))


def test_computer_participants_are_played_on_the_host_not_on_their_tables_device():
    ctl, ref = tournament(computers=[1, 4])
    st = live(ctl)
    assert ref.holds(ref.devices["ta"]) == [p for p in table_holds(st, 0) if p not in (1, 4)]
    assert ref.holds(ref.devices["tb"]) == [p for p in table_holds(st, 1) if p not in (1, 4)]
    assert 1 not in ctl.away and 4 not in ctl.away and {1, 4} <= ctl.session.computers


def test_a_table_device_moving_for_another_tables_participant_is_refused_and_nothing_changes():
    ctl, ref = tournament()
    room = Room(ref)
    for d in ("ta", "tb", "tv"):
        room.join(d)
    st = live(ctl)
    p = st.movers()[0]
    other = "tb" if p in ref.holds(ref.devices["ta"]) else "ta"
    mine = "ta" if other == "tb" else "tb"
    total, saved = ctl.session.total, list(ctl.store.get("g1").record.moves)
    text = st.legal_moves_for(p)[0].text
    answer = room.send(other, p, text)
    assert answer["t"] == "error" and answer["code"] == "seat" and f"table {1 + (mine == 'tb')}" in answer["text"]
    assert ctl.session.total == total and list(ctl.store.get("g1").record.moves) == saved
    assert any("refused (seat)" in line for line in ref.log)
    # a spectator device holds nobody
    assert room.send("tv", p, text)["code"] == "seat"
    # a participant held by the device but not among the movers is refused too
    idle = next(q for q in ref.holds(ref.devices[mine]) if q not in st.movers())
    assert room.send(mine, idle, text)["code"] == "seat"
    assert ctl.session.total == total
    # the right device plays it
    assert room.send(mine, p, text)["t"] == "ack" and ctl.session.total == total + 1


def drive(ctl, ref, room, rnd, steps, on_move=None, decline=False):
    """Random legal moves, each sent by the device holding a mover (in a
    random order of the movers: whichever table's seat may move)."""
    for _ in range(steps):
        st = live(ctl)
        if st.is_over():
            return
        movers = list(st.movers())
        rnd.shuffle(movers)
        p = movers[0]
        dev = ref.holder_of(p)
        moves = [m.text for m in st.legal_moves_for(p)]
        text = "decline" if decline and "decline" in moves else rnd.choice(moves)
        if dev is None:  # a computer participant: the host plays it
            ctl.submit(text, source=COMPUTER)
            room.deliver(ref.broadcast())
        else:
            assert room.send(dev.id, p, text)["t"] == "ack"
        if on_move:
            on_move(st, p, dev, text)


def drive_until(ctl, ref, room, rnd, steps, done, declining=True):
    """:func:`drive` one move at a time (``declining``: from turn 2) until ``done(state)``: that
    state, or None after ``steps`` moves."""
    for _ in range(steps):
        st = live(ctl)
        if done(st):
            return st
        drive(ctl, ref, room, rnd, 1, decline=declining and st.turn >= 2)
    return None


def test_both_table_devices_move_in_turn_with_the_clock_whichever_tables_seat_is_the_mover():
    """Seat order across tables (rules notes §3.3): each table's device moves when its seat is the mover."""
    ctl, ref, room = joined_room(11)
    seen = set()

    def check(st, p, dev, text):
        seen.add(dev.id)
        assert dev.table == st.seat_table[st.seat_of[p]]

    drive(ctl, ref, room, random.Random(6), 120, check)
    assert seen == {"ta", "tb"}
    # each device was last sent the position for the participants it holds now
    for did in ("ta", "tb"):
        last = room.last(did)
        assert last["seats"] == ref.holds(ref.devices[did]) and last["ply"] == ctl.session.total


def test_a_declining_participant_chooses_a_seat_on_their_tables_device_then_plays_on_the_new_tables():
    ctl, ref, room = joined_room(4)
    rnd = random.Random(5)
    st = drive_until(ctl, ref, room, rnd, 2000, lambda st: st.stage == "move")
    assert st is not None, "nobody declined"
    mover = st.movers()[0]
    st = live(ctl)
    old = st.seat_table[st.seat_of[mover]]
    home, away = ("ta", "tb") if old == 0 else ("tb", "ta")
    # the free seat is chosen on the device of the table they declined at
    free = [s for s in st.free_seats() if st.seat_table[s] != old]
    assert free, "no free seat at the other table"
    text = f"seat:{free[0]}"
    assert room.send(away, mover, text)["code"] == "seat"
    assert room.send(home, mover, text)["t"] == "ack"
    st = live(ctl)
    assert mover in ref.holds(ref.devices[away]) and mover not in ref.holds(ref.devices[home])
    assert mover in room.last(away)["seats"] and mover not in room.last(home)["seats"]
    # their next turn: accepted only from the new table's device
    for _ in range(3000):
        st = live(ctl)
        if mover in st.movers():
            break
        drive(ctl, ref, room, rnd, 1)
    assert mover in st.movers() and ref.holder_of(mover).id == away
    text = st.legal_moves_for(mover)[0].text
    total = ctl.session.total
    assert room.send(home, mover, text)["code"] == "seat" and ctl.session.total == total
    assert room.send(away, mover, text)["t"] == "ack" and ctl.session.total == total + 1


def test_a_reloaded_table_device_joins_again_and_catches_up():
    ctl, ref, room = joined_room(7)
    rnd = random.Random(1)
    drive(ctl, ref, room, rnd, 30)
    ref.dropped("tb")
    assert not ref.devices["tb"].connected
    # table B's device is away: table A plays on; B's moves wait for it
    for _ in range(200):
        st = live(ctl)
        p = st.movers()[0]
        if ref.holder_of(p).id != "ta":
            break
        drive(ctl, ref, room, rnd, 1)
    room.join("tb")  # a reload: a new guest, the same device
    st = live(ctl)
    last = room.last("tb")
    assert last["ply"] == ctl.session.total and last["seats"] == ref.holds(ref.devices["tb"])
    assert last["start"] == 0 and all(len(v) == ctl.session.total for v in last["lines"].values())
    for p in last["seats"]:
        assert last["views"][str(p)] == json.loads(json.dumps(st.view(p)))
    drive(ctl, ref, room, rnd, 10)
    assert room.last("tb")["ply"] == ctl.session.total


def leaves(v, path=()):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        for k, x in enumerate(v):
            yield from leaves(x, path + (k,))
    else:
        yield path, v


def check_inboxes(ctl, room, states):
    """Every message a device received holds the views of the participants
    it held then, exactly, and nothing more: no other participant's coins or
    bids, no schedule, draws or reserve to come."""
    count = 0
    for did, box in room.inbox.items():
        for held, text in box:
            msg = json.loads(text)
            if msg["t"] != "state":
                continue
            count += 1
            st = states[msg["ply"]]
            keys = [str(p) for p in held] or ["public"]
            assert sorted(msg["views"]) == sorted(keys), did
            assert msg["seats"] == held
            for key, got in msg["views"].items():
                who = PUBLIC if key == "public" else int(key)
                assert got == json.loads(json.dumps(st.view(who)))
                for k in ("schedule", "rng", "reserve", "discarded"):
                    assert k not in got
                if not st.is_over():
                    for q in range(len(NAMES)):
                        if q not in held:
                            assert got["coins"][q] is None, (did, q)
                            if q not in st.view(PUBLIC).get("revealed", []):  # revealed at its table's last bid
                                assert got["bids"].get(str(q)) is None, (did, q)
            # who may move now (the table device plays for those it holds) is public: the one the
            # tournament asks, and each playing table's player as the public view shows that table
            if not st.is_over():
                public = st.view(PUBLIC)
                known = {st.to_play} | {t["to_play"] for ti, t in enumerate(public["tables"])
                                        if public.get("tslot") and ti in st.busy_tables()}
                if public["stage"] == "auction" and "revealed" in public:  # revision 4: every bidder at once
                    known |= {p for ti in public["auction_tables"] for p in st.seated_at(ti)
                              if str(p) not in public["bids"]}
                assert msg["movers"] == st.movers() and set(msg["movers"]) <= known, did
            else:
                assert msg["movers"] == []
            # nothing that only another participant may see, anywhere in the message
            if not st.is_over():
                mine = set()
                for p in held:
                    mine |= view_secrets(st, p)
                for q in range(len(NAMES)):
                    if q in held:
                        continue
                    for path, value in view_secrets(st, q) - mine:
                        for key, got in msg["views"].items():
                            here = got
                            for step in path:
                                try:
                                    here = here[step]
                                except (KeyError, IndexError, TypeError):
                                    here = None
                                    break
                            assert here != value, (did, q, path)
    return count


def run_tournament(seed, steps, events="drawn"):
    ctl, ref = tournament(seed=seed, computers=[2], events=events)
    room = Room(ref, build=False)
    for d in ("ta", "tb", "tv"):
        room.join(d)
    states = {ctl.session.total: live(ctl).clone()}
    rnd = random.Random(seed)

    def keep(st, p, dev, text):
        states[ctl.session.total] = live(ctl).clone()

    drive(ctl, ref, room, rnd, steps, keep)
    return ctl, room, states


def test_a_table_device_receives_only_what_its_participants_may_see():
    ctl, room, states = run_tournament(3, 100)
    assert check_inboxes(ctl, room, states) > 200


@pytest.mark.slow
def test_a_whole_random_tournament_sends_each_table_device_only_what_it_may_see():
    ctl, room, states = run_tournament(8, 100000)
    assert live(ctl).is_over()
    assert check_inboxes(ctl, room, states) > 1000


def inner(text):
    """A table's move as that table writes it (without the tournament's ``@t<table>``)."""
    return text.split(" ", 1)[1] if text.startswith("@t") else text


def two_tables_moving(ctl, ref, room, rnd, steps=400):
    """Play on until two tables each wait for their own participant, both on devices."""
    st = drive_until(ctl, ref, room, rnd, steps, lambda st: st.stage == "play" and len(st.movers()) >= 2,
                     declining=False)
    assert st is not None, "the tables never played at the same time"
    return st


def test_a_table_device_plays_for_its_own_mover_while_another_tables_player_is_asked_first():
    """Rules notes §3.3 as revision 2 plays it ("Chaque table joue le tour en cours en même temps"): the
    device of the table whose player is not ``to_play`` shows that player's board and moves, takes his
    clicks and sends them for him; the host plays them at his table, written ``@t<table>``."""
    ctl, ref, room = joined_room(11, build=True)
    st = two_tables_moving(ctl, ref, room, random.Random(3))
    first, other = st.movers()[0], st.movers()[1]
    assert first == st.to_play
    ti = st.seat_table[st.seat_of[other]]
    assert ti != st.current
    did = ref.holder_of(other).id
    guest = room.guests[did]
    assert first not in guest.seats and guest.session.state.to_play == other
    sent = []
    gctl = PlayController(Store(MemoryStore()), lambda: "en")
    gctl.join_host(lambda text, seat: sent.append((text, seat)))
    gctl.open_remote(guest.session)
    if gctl.must_pass():
        gctl.reveal()
    assert gctl.holder == other and guest.session.decider() == other and gctl.interactive()
    # his own table on the board, his own moves to click
    assert guest.session.state.current == ti
    assert sorted(m.text for m in guest.session.legal()) == sorted(inner(m.text) for m in st.legal_moves_for(other))
    move = next(m for m in guest.session.legal() if m.path)
    played = None
    for target in move.path:
        played = gctl.click(target)
    assert played is None and len(sent) == 1 and sent[0][1] == other and gctl.waiting
    text = sent[0][0]
    assert text in [inner(m.text) for m in st.legal_moves_for(other)]
    total = ctl.session.total
    assert room.send(did, other, text)["t"] == "ack"
    assert ctl.session.total == total + 1 and ctl.session.record.moves[-1] == f"@t{ti} {text}"
    # the one asked first has not moved and still may
    assert first in live(ctl).movers()


def test_a_table_device_says_who_plays_there_now():
    ctl, ref, room = joined_room(11, build=True)
    st = two_tables_moving(ctl, ref, room, random.Random(3))
    for did in ("ta", "tb"):
        s = room.guests[did].session
        here = [p for p in st.movers() if p in ref.holds(ref.devices[did])]
        assert s.positions.mover == (here[0] if here else None) and s.decider() == s.positions.mover


def test_a_move_at_a_table_that_is_not_asked_first_is_named_after_the_participant_who_made_it():
    """The move list, the history and the devices' log name who made an ``@t<table>`` move (the player his
    own table waited for), not the participant the tournament asks first."""
    ctl, ref, room = joined_room(11, build=True)
    st = two_tables_moving(ctl, ref, room, random.Random(3))
    first, other = st.movers()[0], st.movers()[1]
    ti = st.seat_table[st.seat_of[other]]
    text = inner(st.legal_moves_for(other)[0].text)
    assert room.send(ref.holder_of(other).id, other, text)["t"] == "ack"
    s = ctl.session
    i = s.total - 1
    assert s.record.moves[i] == f"@t{ti} {text}"
    g = get_game("arkhanis")
    author = f"Table {ti + 1} · {NAMES[other]}"
    assert g.move_author(s.state_at(i), NAMES, "en", s.record.moves[i]) == author
    assert g.move_author(s.state_at(i), NAMES, "fr", s.record.moves[i]).endswith(NAMES[other])
    for viewer in (None, PUBLIC, other, first):
        assert s.move_line(i, viewer, "en").startswith(author), viewer
    # a record read again (the history of a saved game) names him too
    again = Session(ctl.store.get("g1").record, "en")
    assert again.move_line(i, None, "en").startswith(author) and NAMES[first] not in again.move_line(i, None, "en")
    # what the devices were sent, and the host's log of the devices
    assert room.last("ta")["lines"] and any(author in line for v in room.last("tb")["lines"].values() for line in v)
    assert ref.log[-1].startswith(f"table {ti + 1}: {author}")
    # the one asked first, when he moves, is named as before
    text = st.legal_moves_for(first)[0].text
    assert room.send(ref.holder_of(first).id, first, text)["t"] == "ack"
    assert s.move_line(s.total - 1, None, "en").startswith(f"Table {st.current + 1} · {NAMES[first]}")


# three tables (seats 1-3, 4-6, 7-9): at turn 1's start each table waits for its first participant
TABLES3 = "classic/base:1-3; classic/underground:4-6; classic/base:7-9"


def three_tables(club=True):
    """Table 1's participants play on their table's device; tables 2 and 3 are computers', on the host."""
    g = get_game("arkhanis")
    options = g.full_options({"tables": TABLES3, "events": "none"})
    st = Session(Record("arkhanis", options, 5, list(NAMES), []), "en").state
    computers = sorted(table_holds(st, 1) + table_holds(st, 2))
    options[SEATS_OPTION] = seats_option({c: "easy" for c in computers})
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    ref = Referee(ctl, {"ta": []}, {}, {"ta": 0}) if club else None
    ctl.open(Session(Record("arkhanis", options, 5, list(NAMES), []), "en"), save_id="g3", save_name="Club")
    if ref is not None:
        ref.refresh()
    return ctl, ref, st, computers


def test_computer_participants_at_two_tables_move_while_a_persons_table_device_holds_the_one_asked_first():
    """Rules notes §3.3 under revision 2 ("Chaque table joue le tour en cours en même temps"): the host's
    computers play their tables' seats while the participant the tournament asks first, at a table device,
    has not moved; each thinks from its own view only."""
    from plateau.ai.api import Thinker
    from plateau.games.arkhanis.asked import as_asked

    ctl, ref, st0, computers = three_tables()
    person = st0.to_play
    assert st0.seat_table[st0.seat_of[person]] == 0 and ref.holder_of(person).id == "ta"
    assert ctl.computer_movers() == [p for p in st0.movers() if p != person] and len(ctl.computer_movers()) == 2
    played_by = []
    for n in range(200):
        st = live(ctl)
        movers = ctl.computer_movers()
        if not movers:
            break
        p = movers[n % len(movers)]
        view = ctl.thinking_view(p)
        assert view == as_asked(st.view(p), p)
        assert all(c is None for q, c in enumerate(view["coins"]) if q != p)  # nobody else's coins
        t = Thinker(get_game("arkhanis"), view, p, level="easy", seed=n, budget=4)
        while not t.step(iterations=4):
            pass
        ctl.submit(t.best(), COMPUTER, seat=p)
        played_by.append((p, st.seat_table[st.seat_of[p]]))
    st = live(ctl)
    # both computer tables played their first seat's whole turn; the person's table still waits for him
    assert {ti for _, ti in played_by} == {1, 2} and st.tslot[1] >= 1 and st.tslot[2] >= 1
    assert st.to_play == person and st.tslot[0] == 0 and ctl.computer_movers() == []
    assert all(m.startswith("@t1 ") or m.startswith("@t2 ") for m in ctl.session.record.moves)
    assert ctl.store.get("g3").record.moves == ctl.session.record.moves  # saved as any move


def test_on_one_device_the_computers_keep_the_tournaments_order():
    """Hot-seat: one screen, one player asked at a time (the one the one-device clock asks): a computer
    whose table waits does not move out of turn, and is refused if it tries."""
    ctl, _, st0, computers = three_tables(club=False)
    person = st0.to_play
    assert ctl.away == frozenset() and ctl.computer_movers() == []
    p = next(q for q in st0.movers() if q in computers)
    with pytest.raises(MoveRefused) as err:
        ctl.submit(inner(st0.legal_moves_for(p)[0].text), COMPUTER, seat=p)
    assert err.value.code == "seat" and ctl.session.total == 0
    ctl.submit(st0.legal_moves()[0].text, seat=person)  # the person moves: now a computer is asked, or he again
    assert ctl.computer_movers() in ([], [live(ctl).to_play])


def test_two_table_devices_that_send_at_once_both_move_and_a_device_never_moves_twice_on_one_position():
    """Two tables play at the same time, so their devices may send a move at the same move number: the
    second one to arrive still stands (only the other table's move came since, and its participant's moves
    are the same), where a move from a position a device's own move has since changed is refused."""
    ctl, ref, room = joined_room(11, build=True)
    st = two_tables_moving(ctl, ref, room, random.Random(3))
    first, other = st.movers()[:2]
    dx, dy = ref.holder_of(first).id, ref.holder_of(other).id
    gx, gy = room.guests[dx], room.guests[dy]
    p = ctl.session.total
    mx = gx.move(inner(st.legal_moves_for(first)[0].text), first)
    my = gy.move(inner(st.legal_moves_for(other)[0].text), other)
    assert json.loads(mx)["ply"] == json.loads(my)["ply"] == p
    room.deliver(ref.receive(dx, mx))
    room.deliver(ref.broadcast())
    assert ctl.session.total == p + 1
    # table Y's device has the position after X's move, its own move still unanswered: it waits for it
    assert gy.session.total == p + 1 and gy.pending is not None
    answer = ref.receive(dy, my)
    assert json.loads(answer[0][1])["t"] == "ack", answer
    room.deliver(answer)
    room.deliver(ref.broadcast())
    assert gy.pending is None and ctl.session.total == p + 2
    assert ctl.session.record.moves[p + 1].endswith(json.loads(my)["move"])
    # a move from before this device's own last move is stale: its participant's position changed
    again = json.dumps({"v": 1, "t": "move", "seat": other, "move": json.loads(my)["move"], "ply": p, "id": 7})
    out = json.loads(ref.receive(dy, again)[0][1])
    assert out["t"] == "error" and out["code"] == "stale" and ctl.session.total == p + 2


def test_a_guests_move_is_acknowledged_before_the_position_after_it_reaches_it():
    """On the page the host sends the news while the move is played: the guest hears its ack first, then
    the position, which it draws once, ready for its next move."""
    ctl, ref, room = joined_room(11, build=True)
    sent = []
    ctl.subscribe(lambda change: sent.extend(ref.broadcast()) if change.kind == "move" else None)
    st = live(ctl)
    p = st.movers()[0]
    did = ref.holder_of(p).id
    raw = room.guests[did].move(st.legal_moves_for(p)[0].text, p)
    assert ref.receive(did, raw) == []  # answered in the news
    mine = [json.loads(text)["t"] for d, text in sent if d == did]
    assert mine[:2] == ["ack", "state"] and mine.count("ack") == 1
    room.deliver(sent)
    assert room.guests[did].pending is None and room.guests[did].acked == ctl.session.total


def test_a_table_device_holding_two_who_may_move_lets_the_one_holding_it_go_on():
    """A participant who declined chooses a free seat on his table's device while his table goes on
    (revision 2): that device holds two who may move. Whoever holds the device plays on; the other waits
    behind the pass screen ("Pass screens remain only between the players who share one device")."""
    ctl, ref, room = joined_room(4, build=True)

    def held_together(st):
        """Someone chooses a seat, and his device holds another who may move."""
        return st.stage == "move" and len(both_of(st)) >= 2

    def both_of(st):
        dev = ref.holder_of(st.movers()[0])
        return [p for p in st.movers() if p in ref.holds(dev)]

    st = drive_until(ctl, ref, room, random.Random(5), 3000, held_together)
    assert st is not None, "no device held two movers"
    chooser, player = both_of(st)[:2]
    dev = ref.holder_of(chooser)
    guest = room.guests[dev.id]
    gctl = PlayController(Store(MemoryStore()), lambda: "en")
    gctl.join_host(lambda text, seat: None)
    gctl.open_remote(guest.session)
    assert gctl.must_pass() and guest.session.decider() == chooser  # nobody holds it yet: the one asked first
    gctl.reveal()
    assert gctl.holder == chooser and gctl.interactive()
    assert sorted(m.text for m in guest.session.legal()) == sorted(m.text for m in st.legal_moves_for(chooser))
    # the table's player holds the device (his turn there): a new position keeps him playing
    gctl.held_by(player)
    gctl.open_remote(guest.session)
    assert guest.session.decider() == player and gctl.holder == player and gctl.interactive()
    assert sorted(m.text for m in guest.session.legal()) == sorted(inner(m.text) for m in st.legal_moves_for(player))
    assert guest.session.state.current == st.seat_table[st.seat_of[player]]


def test_a_table_device_where_nobody_may_move_looks_at_its_own_table():
    """Issue 29 §4: each table's device "plays its seats at the same time as the other tables" — and
    while nobody seated there may move, it shows its own table, not the one the tournament asks first."""
    from plateau.core.game import RenderContext

    ctl, ref, room = joined_room(11, build=True)
    rnd = random.Random(3)
    looked = set()
    for _ in range(160):
        st = live(ctl)
        if st.is_over():
            break
        for did in ("ta", "tb"):
            g = room.guests[did]
            table, s = ref.devices[did].table, g.session
            shown = g.board_view("", "en")
            if st.stage != "play" or st.current is None:
                assert shown == ""  # the overview is the board already
            elif g.session.positions.mover is not None:
                assert shown == ""  # the board its participant plays on (built as if asked first)
                assert g.board_view("table%d" % (table + 1), "en") == ""
            elif st.current != table:
                looked.add(did)
                assert shown == "table%d" % (table + 1)
                ctx = RenderContext(viewer=s.positions.eyes, lang="en")
                assert s.game.render_view(s.state, shown, ctx) == s.game.render(
                    live_as_table(s.state, table), ctx)
                assert g.board_view("overview", "en") == "overview"  # a view the player chose stays
        drive(ctl, ref, room, rnd, 1)
    assert looked == {"ta", "tb"}


def live_as_table(state, table):
    """``state`` with ``table`` the one played (its board is what the game draws then)."""
    other = state.clone()
    other.current = table
    return other
