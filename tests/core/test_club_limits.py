"""Club mode against a device that misbehaves, and at any size of game
(issue 39, item 5): a position too long for one data channel message goes
in ``part`` frames; a code replaced by "New code" pairs nothing; a device's
messages are limited (a token bucket, a warning, then dropped), a heavy one
refused unread, a short ``hello`` never answered twice in a row with the
whole position; JSON nested too deep refused like any bad message."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau.core.record import Record
from plateau.core.rng import Rng
from plateau.games.arkhanis import GAME
from plateau.web import club
from plateau.web.club import Guest, Parts, Referee, Refused
from plateau.web.controller import PlayController
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store

from test_club import OFFER, host, joined
from tournaments import random_tournament

#: the most Chromium's data channel carries in one message (``a=max-message-size:262144``): a longer
#: one is not sent at all
CHROMIUM_LIMIT = 262144


class Clock:
    """The referee's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def long_tournament(n=24, seed=3, plies=600, clock=None):
    """The organiser's device hosting a tournament at move ``plies``, each
    table on its own device (``t0``, ``t1``...), none joined yet."""
    rec = random_tournament(n, seed, plies)
    players, moves = list(rec.players), rec.moves
    assert len(moves) == plies
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    rec = Record("arkhanis", GAME.full_options({}), seed, players, moves)
    count = GAME.start(players, {}, seed).table_count()
    tables = {f"t{i}": i for i in range(count)}
    ref = Referee(ctl, {d: [] for d in tables}, {}, tables, **({"clock": clock} if clock else {}))
    ctl.open(Session(rec, "en"), save_id="g1", save_name="Club")
    ref.refresh()
    ctl.autosave()
    return ctl, ref


class Channel:
    """A data channel as Chromium's: a message over its limit is not sent
    (``send`` throws); the frames that fit reach the guest in order."""

    def __init__(self, guest: Guest) -> None:
        self.guest = guest
        self.biggest = 0  # the heaviest frame carried, in bytes

    def carry(self, text: str) -> None:
        for frame in club.frames(text):
            size = len(frame.encode())
            if size > CHROMIUM_LIMIT:
                continue  # RTCDataChannel.send: "OperationError", nothing sent
            self.biggest = max(self.biggest, size)
            self.guest.receive(frame)


def deliver(channels: dict, pairs) -> None:
    for did, text in pairs:
        if did in channels:
            channels[did].carry(text)


# -- 1. a long tournament reaches a device that pairs late -----------------------------
def test_a_table_device_that_pairs_late_gets_a_long_tournaments_position_in_frames_that_fit():
    """Issue 39 §5: "after hello the host sends the whole position, 336,247 characters at ply 600
    of a 24-participant tournament, over the data channel's 262,144-byte limit, so the device gets
    only welcome"."""
    ctl, ref = long_tournament()
    s = ctl.session
    live = s.state_at(s.total)
    channels = {}
    heaviest = 0
    for did, dev in ref.devices.items():
        g = Guest()
        channels[did] = Channel(g)
        answer = ref.receive(did, g.hello("en"))
        heaviest = max(heaviest, max(len(text.encode()) for _, text in answer))
        deliver(channels, answer)
        assert g.session is not None, f"{did} got no position"
        assert g.session.total == s.total == 600
        assert g.seats == ref.holds(dev)
        direct = Guest()  # the same messages handed whole, as if no channel limited them
        for _, text in answer:
            direct.receive(text)
        assert g.lines == direct.lines and len(next(iter(g.lines.values()))) == 600
        for p in g.seats:  # the views it was sent are the host's, whole
            assert g.session.positions.states[p].view(p) == direct.session.positions.states[p].view(p)
        assert json.loads(answer[-1][1])["views"] == {str(p): json.loads(json.dumps(live.view(p))) for p in g.seats}
        assert channels[did].biggest <= club.MAX_FRAME
    assert heaviest > CHROMIUM_LIMIT  # the position did not fit in one message


def test_every_message_of_a_long_tournament_goes_in_frames_that_fit():
    """Issue 39 §5: per-move messages already reach 81 % of the limit: every message is framed, and
    put together again it is the message the host wrote."""
    ctl, ref = long_tournament(plies=500)
    rnd = Rng(9)
    for did in ref.devices:
        ref.receive(did, Guest().hello("en"))
    parts = {did: Parts(club.MAX_HOST_MESSAGE) for did in ref.devices}
    heaviest = 0

    def carry(pairs):
        nonlocal heaviest
        for did, text in pairs:
            heaviest = max(heaviest, len(text))
            frames = club.frames(text)
            assert all(len(f.encode()) <= club.MAX_FRAME for f in frames)
            whole = [text] if frames == [text] else [parts[did].add(json.loads(f)) for f in frames]
            assert whole[-1] == text and set(whole[:-1]) <= {None}

    for _ in range(12):
        s = ctl.session
        live = s.state_at(s.total)
        p = live.movers()[0]
        dev = ref.holder_of(p)
        text = rnd.choice(live.legal_moves_for(p)).text
        answer = ref.receive(dev.id, club.message("move", seat=p, move=text, ply=s.total, id=s.total))
        assert json.loads(answer[0][1])["t"] == "ack"
        carry(answer)
        carry(ref.broadcast())
    assert heaviest > club.MAX_FRAME  # some went in frames


# -- the frames ------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=40), st.integers(1, 9000))
def test_a_message_in_frames_is_put_together_again_whole_each_frame_fitting(chunk, times):
    text = club.message("state", note=chunk * times)
    frames = club.frames(text)
    assert all(len(f.encode()) <= club.MAX_FRAME for f in frames)
    if len(text.encode()) <= club.MAX_FRAME:
        assert frames == [text]
        return
    parts = Parts(club.MAX_HOST_MESSAGE)
    got = [parts.add(json.loads(f)) for f in frames]
    assert got[:-1] == [None] * (len(frames) - 1) and got[-1] == text


def framed(size=200_000):
    return [json.loads(f) for f in club.frames(club.message("state", note="x" * size))]


@pytest.mark.parametrize("spoil", [
    lambda fs: [fs[0], fs[2]],  # one missing
    lambda fs: [fs[0], dict(fs[1], n=fs[1]["n"] + 1)],  # its count changed
    lambda fs: [fs[0], dict(fs[1], id=fs[1]["id"] + 1)],  # another message's before the end
    lambda fs: [fs[0], fs[0] | {"i": 1, "d": "x" * (club.PIECE + 1)}],  # a piece too long
    lambda fs: [dict(fs[0], i=-1)],
    lambda fs: [dict(fs[0], i=fs[0]["n"])],
    lambda fs: [dict(fs[0], n="7")],
    lambda fs: [dict(fs[0], d=None)],
    lambda fs: [dict(fs[0], n=10 ** 9)],  # more pieces than the whole may weigh
])
def test_frames_that_do_not_follow_each_other_are_refused_and_nothing_half_made_is_kept(spoil):
    parts = Parts(club.MAX_HOST_MESSAGE)
    with pytest.raises(Refused) as err:
        for f in spoil(framed()):
            assert parts.add(f) is None
    assert err.value.code in ("part", "size")
    good = framed()  # the next message whole comes through
    assert [parts.add(f) for f in good][-1] is not None


def test_a_message_heavier_in_total_than_the_limit_is_refused_at_the_frame_that_passes_it():
    parts = Parts(100_000)
    frames = framed(300_000)
    with pytest.raises(Refused) as err:
        for f in frames:
            parts.add(f)
    assert err.value.code == "size"


def test_a_guest_refuses_damaged_frames_cleanly_and_takes_the_next_position():
    ctl, ref = host("thud", {"d1": [1]})
    g = joined(ref)
    with pytest.raises(Refused):
        g.receive(club.message("part", id=1, i=1, n=3, d="{"))
    ctl.submit(ctl.session.legal()[0].text)
    for _, text in ref.broadcast():
        g.receive(text)
    assert g.session.total == 1


def test_the_host_takes_no_frames_from_a_guest():
    """A guest's message is short (at most MAX_MESSAGE bytes): the host reads no pieces."""
    ctl, ref = host("thud", {"d1": [1]})
    joined(ref)
    out = ref.receive("d1", club.message("part", id=1, i=0, n=2, d='{"v":1,'))
    assert json.loads(out[0][1])["code"] == "type"


# -- 2. a code replaced by "New code" ---------------------------------------------------
def test_a_code_replaced_by_a_new_code_pairs_nothing_and_the_device_connected_stays_connected():
    """Issue 39 §5: "an intruder's answer to the first code joins as device A, receives Bob's hidden
    hand and plays for Bob, and the real device A is then cut off while still showing connected"."""
    ctl, ref = host("thud", {"d1": [1]})
    first = ref.new_nonce("d1")
    second = ref.new_nonce("d1")  # "New code"
    with pytest.raises(Refused) as err:
        ref.accept_answer(first)
    assert err.value.code == "used"
    assert ref.accept_answer(second) == "d1"
    joined(ref)
    assert ref.devices["d1"].connected
    with pytest.raises(Refused):
        ref.accept_answer(first)
    assert ref.devices["d1"].connected


def test_a_code_shown_before_its_device_paired_otherwise_pairs_nothing_once_it_is_connected():
    ctl, ref = host("thud", {"d1": [1]})
    shown = ref.new_nonce("d1")
    joined(ref)  # the device came back through another pairing
    with pytest.raises(Refused):
        ref.accept_answer(shown)
    assert ref.devices["d1"].connected


# -- 3. a limit on a device's messages -------------------------------------------------
def test_a_device_sending_junk_is_read_only_within_its_allowance_warned_then_dropped(monkeypatch):
    """Issue 39 §5: "1,000 junk messages delay an honest guest's move by 4.2-7.1 s": the host reads
    a burst of them, then warns the device, then drops it; the honest guest's move goes in at once."""
    clock = Clock()
    ctl, ref = host("thud", {"d1": [1], "d2": []})
    ref.clock = clock
    honest = joined(ref, "d1")
    spy = joined(ref, "d2")
    assert spy.session is not None
    reads = []
    real = club.parse
    monkeypatch.setattr(club, "parse", lambda raw, *a, **k: reads.append(raw) or real(raw, *a, **k))
    answers = []
    for k in range(1000):
        answers += ref.receive("d2", '{"junk": %d}' % k)
    assert len(reads) <= club.BURST
    codes = [json.loads(t)["code"] for _, t in answers]
    assert codes.count("rate") == 1 and codes.index("rate") == len(reads)
    assert ref.take_cut() == ["d2"] and not ref.devices["d2"].connected and ref.take_cut() == []
    assert any("d2: dropped" in line for line in ref.log)
    # the honest device's move, right after: read and played
    ctl.submit(ctl.session.legal()[0].text)
    for _, text in ref.broadcast():
        if _ == "d1":
            honest.receive(text)
    out = ref.receive("d1", honest.move(honest.session.legal()[0].text, 1))
    assert json.loads(out[0][1])["t"] == "ack" and ctl.session.total == 2
    # the dropped device is read no more until it pairs again
    reads.clear()
    assert ref.receive("d2", spy.hello("en")) == [] and reads == []
    ref.accept_answer(ref.new_nonce("d2"))
    assert [json.loads(t)["t"] for _, t in ref.receive("d2", spy.hello("en"))] == ["welcome", "state"]


def test_a_device_at_a_players_pace_is_never_limited():
    clock = Clock()
    ctl, ref = host("thud", {"d1": [1]})
    ref.clock = clock
    g = joined(ref)
    for k in range(60):  # a move every 0.3 s (faster than anyone plays), a hello again every 3 s
        clock.now += 0.3
        ctl.submit(ctl.session.legal()[0].text)
        for _, text in ref.broadcast():
            g.receive(text)
        if k % 10 == 0:
            ref.receive("d1", g.hello("en"))
        out = ref.receive("d1", g.move(g.session.legal()[0].text, 1))
        assert json.loads(out[0][1])["t"] == "ack", out
        for _, text in out:
            g.receive(text)
    assert not any("rate" in line for line in ref.log)


def test_a_heavy_message_is_refused_before_it_is_read(monkeypatch):
    ctl, ref = host("thud", {"d1": [1]})
    joined(ref)
    loads = []
    real = club.json.loads
    monkeypatch.setattr(club.json, "loads", lambda raw, *a, **k: loads.append(len(raw)) or real(raw, *a, **k))
    out = ref.receive("d1", json.dumps({"v": 1, "t": "move", "pad": "x" * 300_000}))
    assert json.loads(out[0][1])["code"] == "size"
    assert not [n for n in loads if n > club.MAX_MESSAGE]


def test_a_short_hello_gets_the_whole_position_once_a_while_and_after_each_pairing():
    """Issue 39 §5: "a 40-byte hello makes the host send up to 365 KB"."""
    clock = Clock()
    ctl, ref = long_tournament(plies=300, clock=clock)
    g = Guest()
    hello = g.hello("en")
    first = ref.receive("t0", hello)
    whole = sum(len(t) for _, t in first)
    assert [json.loads(t)["t"] for _, t in first] == ["welcome", "state"] and whole > 50_000
    sent = 0
    for _ in range(19):
        clock.now += 0.1
        sent += sum(len(t) for _, t in ref.receive("t0", hello))
    assert sent < 19 * 400  # a welcome each, no position
    clock.now += club.HELLO_EVERY
    assert [json.loads(t)["t"] for _, t in ref.receive("t0", hello)] == ["welcome", "state"]
    # paired again (a reload): its hello gets the position at once
    ref.dropped("t0")
    ref.accept_answer(ref.new_nonce("t0"))
    assert [json.loads(t)["t"] for _, t in ref.receive("t0", hello)] == ["welcome", "state"]


# -- 4. JSON nested too deep ----------------------------------------------------------
@pytest.mark.parametrize("raw", [
    "[" * 2040 + "]" * 2040,
    "[" * 4000,
    '{"v": 1, "t": "move", "seat": ' + "[" * 2020 + "]" * 2020 + "}",
    '{"v": 1, "t": "move", "seat": 1, "move": "' + "[" * 3000 + '", "x": ' + "{\"a\":" * 150 + "1" + "}" * 150 + "}",
], ids=["array", "open", "in-a-field", "objects"])
def test_json_nested_2040_deep_is_refused_as_a_bad_message(raw):
    """Issue 39 §5: "JSON nested 2,040 deep escapes the refusal natively (a RecursionError)"."""
    ctl, ref = host("thud", {"d1": [1]})
    joined(ref)
    out = ref.receive("d1", raw)
    msg = json.loads(out[0][1])
    assert msg["t"] == "error" and msg["code"] == "json"
    assert any("refused (json)" in line for line in ref.log)


def test_a_bracket_in_a_string_is_not_nesting():
    assert club.depth('{"move": "' + "[" * 500 + '"}') == 1
    assert club.depth(json.dumps({"a": [[{"b": [1]}]]})) == 5
    assert club.depth("[" * 2040 + "]" * 2040) == club.MAX_DEPTH + 1


def test_a_guest_refuses_a_host_message_nested_too_deep_whole_or_in_frames():
    g = Guest()
    with pytest.raises(Refused) as err:
        g.receive('{"v": 1, "t": "state", "x": ' + "[" * 2040 + "]" * 2040 + "}")
    assert err.value.code == "json"
    deep = '{"v": 1, "t": "state", "pad": "' + "x" * 100_000 + '", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(Refused) as err:
        for f in club.frames(deep):
            g.receive(f)
    assert err.value.code == "json"


def test_the_positions_of_a_long_tournament_nest_far_less_deep_than_the_limit():
    ctl, ref = long_tournament(plies=200)
    text = ref.receive("t0", Guest().hello("en"))[1][1]
    assert club.depth(text) <= club.MAX_DEPTH // 4


# -- 5. a guest that paired again, then reloads ----------------------------------------
def test_a_guest_remembers_every_code_it_answered_so_a_reload_answers_none_of_them_again():
    """Issue 39 §5: "a guest that paired again by pasting, then reloads, answers its old used code
    and waits for ever"."""
    first = {"nonce": "n1", "game": "g1", "device": "a"}
    saved = club.guest_pairing({}, first)
    saved = club.guest_pairing(saved, dict(first, nonce="n2"))  # paired again, the code pasted
    assert saved["nonce"] == "n2"
    assert club.answered_before(saved, "n1") and club.answered_before(saved, "n2")  # the link opened first
    assert not club.answered_before(saved, "n3")
    for k in range(3, 40):
        saved = club.guest_pairing(saved, dict(first, nonce=f"n{k}"))
    assert len(saved["answered"]) == club.ANSWERED_KEPT and club.answered_before(saved, "n39")
    assert not club.answered_before({"nonce": 5, "answered": "n1"}, "n1")  # a damaged record answers nothing
    link = "https://example.org/plateau/#join=" + club.offer_code("n0nce", "g1", "d1", OFFER)
    assert club.read_code(club.code_text(" " + link + "\n"), "o")["nonce"] == "n0nce"


def test_a_pairing_held_by_a_live_tab_is_in_use_elsewhere_for_another_tab_only():
    saved = club.guest_pairing({}, {"nonce": "n1", "game": "g1", "device": "a"}, "tab1", 100_000)
    assert club.held_elsewhere(saved, "tab2", 100_000 + club.TAB_ALIVE_MS)
    assert not club.held_elsewhere(saved, "tab1", 100_000 + club.TAB_ALIVE_MS)  # the same tab, reloaded
    assert not club.held_elsewhere(saved, "tab2", 100_000 + 3 * club.TAB_ALIVE_MS)  # that tab is gone
    assert not club.held_elsewhere(dict(saved, seen=0), "tab2", 100_000)  # closed: it let go
    assert not club.held_elsewhere({"nonce": "n1"}, "tab2", 100_000)  # saved before tabs were named
