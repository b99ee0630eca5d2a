"""Club mode natively (issue 29): the pairing codes, the host's referee
(every guest message checked: "a guest that sends a move for a seat it does
not hold, a move that is not legal, or a malformed message gets it refused
and logged, nothing else changes"), what each device is sent ("a device
receives only what the players seated at it may see") and a guest's
position built from its view."""

from __future__ import annotations

import json
import random

import pytest

from plateau.core.game import PUBLIC, RenderContext, view_secrets
from plateau.core.record import Record
from plateau.core.registry import available, get_game
from plateau.web import club
from plateau.web.club import Guest, Referee, Refused, build_state
from plateau.web.controller import MoveRefused, PlayController, has_computer
from plateau.web.session import Session
from plateau.web.store import MemoryStore, Store

# an offer as Chromium writes it for one data channel and no STUN/TURN server
OFFER = "\r\n".join([
    "v=0", "o=- 786047508354126465 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:665162826 1 udp 2113937151 b72fe216-9f35-458e-95da-f6095491d3ac.local 56375 typ host "
    "generation 0 network-cost 999",
    "a=candidate:3972224426 1 udp 2113942271 192.168.1.20 56695 typ host generation 0 network-cost 999",
    "a=ice-ufrag:TCRk", "a=ice-pwd:xlRkc7bTmsenV45IheMyybgJ", "a=ice-options:trickle",
    "a=fingerprint:sha-256 C9:A7:A7:FF:DA:E9:E5:A3:57:6B:1D:B0:9F:C4:93:33:97:EF:5A:B7:8D:D5:5E:81:CB:16:D0:1C:"
    "6C:E9:10:A7",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])


#: the site's games (every one has a computer player, whose determinize a guest uses)
CLUB_GAMES = [gid for gid in available() if has_computer(gid)]
assert {"thud", "armadora", "troy", "thorval", "smallworld", "arkhanis"} <= set(CLUB_GAMES)


def host(gid="thud", plan=None, options=None, moves=(), seed=5):
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    g = get_game(gid)
    rec = Record(gid, g.full_options(options or {}), seed, [f"P{i}" for i in range(g.min_players)], list(moves))
    plan = plan if plan is not None else {"d1": [1]}
    ref = Referee(ctl, plan)
    ctl.seat_devices(ref.seat_devices())
    ctl.open(Session(rec, "en"), save_id="g1", save_name="Club")
    ctl.autosave()
    return ctl, ref


def joined(ref, did="d1", lang="en"):
    g = Guest()
    for _, text in ref.receive(did, g.hello(lang)):
        g.receive(text)
    return g


# -- pairing codes --------------------------------------------------------------------
def test_a_pairing_code_is_short_and_gives_back_what_connects():
    """Issue 29 §1: the whole description in the code, short enough for a phone to scan its QR."""
    code = club.offer_code("n0nce", "g1", "d1", OFFER)
    assert len(code) < 300 and club.re.match(r"^[A-Za-z0-9_-]+$", code)
    back = club.read_code(code, "o")
    assert (back["nonce"], back["game"], back["device"]) == ("n0nce", "g1", "d1")
    assert club.pack_sdp(back["sdp"]) == club.pack_sdp(OFFER)
    assert "a=fingerprint:sha-256 C9:A7:A7:FF" in back["sdp"] and "56375 typ host" in back["sdp"]
    link = "https://example.org/plateau/#join=" + code
    assert club.read_code(link, "o")["nonce"] == "n0nce"  # the link pasted whole


def test_a_hosts_code_says_which_game_and_whom_the_device_plays():
    """Issue 39 §4: "a guest sees which game and which seat the code is for before it connects"."""
    code = club.offer_code("n0nce", "g1", "d1", OFFER, game="armadora", names=["Alice", "Benoît"])
    assert len(code) < 340  # still one QR code a phone reads at arm's length
    assert club.read_code(code, "o")["to"] == {"gid": "armadora", "names": ["Alice", "Benoît"], "table": None}
    table = club.read_code(club.offer_code("n", "g1", "t2", OFFER, game="arkhanis", table=1), "o")
    assert table["to"] == {"gid": "arkhanis", "names": [], "table": 1}
    assert club.read_code(club.offer_code("n", "g1", "d1", OFFER), "o")["to"] == {}  # an older host's code


@pytest.mark.parametrize("said", [{"gi": "<b>x</b>", "w": []}, {"gi": "thud", "w": "Alice"},
                                  {"gi": "thud", "w": ["A" * 61]}, {"gi": "thud", "w": ["a"] * 25},
                                  {"gi": "thud", "w": [], "t": -1}, {"gi": "thud", "w": [], "t": True},
                                  {"gi": "thud", "w": [3]}])
def test_what_a_code_says_it_is_for_is_ignored_when_malformed(said):
    """A code is read before anything is connected: what it says beyond the connection is only shown, and
    only in the form Plateau writes it; anything else is not shown (the code still connects)."""
    obj = {"k": "o", "v": club.VERSION, "n": "n0nce", "g": "g1", "d": "d1", "s": club.pack_sdp(OFFER), **said}
    back = club.read_code(club.encode_code(obj), "o")
    assert back["to"] == {} and back["device"] == "d1"


@pytest.mark.parametrize("text", ["", "hello", "!!!", club.encode_code({"k": "x"}), club.encode_code([1, 2]),
                                  club.encode_code({"k": "o", "v": 1, "n": "a", "s": [1, 2]}), "A" * 5000])
def test_a_wrong_code_is_refused_with_a_message(text):
    with pytest.raises(Refused) as err:
        club.read_code(text, "o")
    assert err.value.code == "code" and err.value.text


def test_the_other_devices_code_is_named_as_such():
    with pytest.raises(Refused, match="other device"):
        club.read_code(club.answer_code("n", OFFER), "o")


def test_a_pairing_code_works_once():
    """Issue 29 §1: "A pairing code works once"."""
    ctl, ref = host()
    nonce = ref.new_nonce("d1")
    assert ref.accept_answer(nonce) == "d1"
    with pytest.raises(Refused) as err:
        ref.accept_answer(nonce)
    assert err.value.code == "used"
    with pytest.raises(Refused):
        ref.accept_answer("made-up")


# -- the referee ----------------------------------------------------------------------
def test_a_guest_move_is_checked_played_acknowledged_and_sent_to_every_device():
    """Issue 29 §2: the host checks every move with the engine and sends the result to every device."""
    ctl, ref = host("thud", {"d1": [1]}, moves=[])
    g = joined(ref)
    assert g.seats == [1] and g.session.total == 0 and g.session.decider() == 0
    assert ctl.people() == [0]  # the host holds seat 0 only: the device never passes to seat 1
    d0 = ctl.session.legal()[0].text
    ctl.submit(d0)  # the host's own player moves
    g.receive(ref.broadcast()[0][1])
    assert g.session.total == 1 and g.session.decider() == 1
    assert g.lines["1"] == [ctl.session.move_line(0, 1, "en")]
    text = g.session.legal()[3].text
    out = ref.receive("d1", g.move(text, 1))
    assert ctl.session.record.moves == [d0, text]
    mid = json.loads(out[0][1])["id"]
    assert json.loads(out[0][1]) == {"v": 1, "t": "ack", "id": mid, "ply": 2}
    assert ref.log[-1] == f"d1: {ctl.session.move_line(1, PUBLIC, 'en')}"
    # the same message again (sent twice after a reconnection): acknowledged, played once
    again = club.message("move", seat=1, move=text, ply=1, id=mid)
    assert json.loads(ref.receive("d1", again)[0][1])["t"] == "ack"
    assert ctl.session.record.moves == [d0, text]


def test_a_rematch_keeps_every_device_paired_with_its_seats_following_its_players():
    """Issue 39 §3: "Rematch, a new game with the same players [...] keep every device paired, with seats
    following the people, and pass screens wherever two players share a device"."""
    names = ["Ann", "Ben", "Cy", "Dee"]
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    g = get_game("armadora")
    ref = Referee(ctl, {"d1": [1], "d2": [2, 3]})
    ctl.seat_devices(ref.seat_devices())
    ctl.open(Session(Record("armadora", g.full_options({}), 5, names, []), "en"), save_id="g1", save_name="Club")
    ben, pair = joined(ref, "d1"), joined(ref, "d2")
    assert ctl.people() == [0]
    # the rematch: the same people, seats rotated by one (the second player takes the first seat)
    after = names[1:] + names[:1]
    moved = club.people_moved(names, after)
    assert moved == {0: 3, 1: 0, 2: 1, 3: 2}
    ctl.open(Session(Record("armadora", g.full_options({}), 6, after, []), "en"), save_id="g2", save_name="Club")
    nxt = ref.next_game(ctl, moved)
    assert nxt.devices["d1"].seats == [0] and nxt.devices["d2"].seats == [1, 2]
    assert all(d.connected for d in nxt.devices.values())  # nobody pairs again
    nxt.refresh(settle=True)
    assert ctl.people() == [3]  # Ann, at the host, now plays seat 3: the host never passes to another seat
    for did, text in nxt.welcome_all():
        {"d1": ben, "d2": pair}[did].receive(text)
    assert ben.game == "g2" and ben.seats == [0] and ben.session.record.players[0] == "Ben"
    assert pair.seats == [1, 2] and pair.session.total == 0
    # the guest's lines and views are the new game's: Ben holds only his own hidden warriors
    assert set(json.loads(nxt.state_for(nxt.devices["d1"]))["views"]) == {"0"}
    # and Ben, who starts, plays from his device
    text = ben.session.legal()[0].text
    out = nxt.receive("d1", ben.move(text, 0))
    assert json.loads(out[0][1])["t"] == "ack" and ctl.session.record.moves == [text]


@pytest.mark.parametrize("before, after", [(["A", "B"], ["A", "C"]), (["A", "A"], ["A", "A"]),
                                           (["A", "B"], ["A", "B", "C"])])
def test_a_new_game_of_other_people_does_not_carry_the_devices(before, after):
    assert club.people_moved(before, after) is None


@pytest.mark.parametrize("raw, code", [
    ("{not json", "json"),
    ("[1, 2]", "json"),
    (json.dumps({"t": "move", "seat": 1, "move": "x", "ply": 0, "id": 1}), "version"),
    (json.dumps({"v": 1, "t": "resign"}), "type"),
    (json.dumps({"v": 1, "t": "move", "seat": 1, "move": "x" * 5000, "ply": 0, "id": 1}), "size"),
    (json.dumps({"v": 1, "t": "move", "seat": "1", "move": "x", "ply": 0, "id": 1}), "field"),
    (json.dumps({"v": 1, "t": "move", "seat": 1, "move": "", "ply": 0, "id": 1}), "field"),
    (json.dumps({"v": 1, "t": "move", "seat": 0, "move": "MOVE", "ply": 0, "id": 1}), "seat"),
    (json.dumps({"v": 1, "t": "move", "seat": 1, "move": "MOVE", "ply": 0, "id": 1}), "seat"),
    (json.dumps({"v": 1, "t": "move", "seat": 1, "move": "MOVE", "ply": 7, "id": 1}), "stale"),
    (json.dumps({"v": 1, "t": "move", "seat": 1, "move": "zz99", "ply": 1, "id": 1}), "illegal"),
])
def test_a_forged_or_wrong_message_is_refused_logged_and_changes_nothing(raw, code):
    """Issue 29 §2: a move for a seat the device does not hold (seat 0 is the host's), a move when
    its seat is not to play, a stale ply, an illegal move, a malformed message: refused, logged."""
    ctl, ref = host("thud", {"d1": [1]})
    first = ctl.session.legal()[0].text
    if code != "seat" or '"seat": 1' not in raw:
        ctl.submit(first)  # seat 1 (the guest's) to move, at ply 1
    raw = raw.replace("MOVE", first)
    before = list(ctl.session.record.moves)
    saved = ctl.store.get("g1").record.moves
    out = ref.receive("d1", raw)
    assert len(out) == 1 and out[0][0] == "d1"
    msg = json.loads(out[0][1])
    assert msg["t"] == "error" and msg["code"] == code, msg
    assert ctl.session.record.moves == before and ctl.store.get("g1").record.moves == saved
    assert ref.log[-1].startswith(f"d1: refused ({code})")


def test_a_host_looking_at_an_earlier_move_refuses_a_guest_move_rather_than_replace_the_game():
    ctl, ref = host("thud", {"d1": [1]})
    ctl.submit(ctl.session.legal()[0].text)
    g = joined(ref)
    ctl.goto(0)
    msg = json.loads(ref.receive("d1", g.move(g.session.legal()[0].text, 1))[0][1])
    assert msg["code"] == "busy" and ctl.session.total == 1


def test_the_host_cannot_click_for_a_seat_on_another_device():
    ctl, ref = host("thud", {"d1": [1]})
    ctl.submit(ctl.session.legal()[0].text)
    assert not ctl.interactive() and not ctl.must_pass()
    with pytest.raises(MoveRefused):
        ctl.submit(ctl.session.legal()[0].text)


# -- what each device is sent ---------------------------------------------------------
def at(data, path):
    """The leaf of a view at ``path`` (None when the view has none there)."""
    for k in path:
        try:
            data = data[k]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def test_each_device_is_sent_its_seats_views_only_never_the_record_or_seed():
    """Issue 29 §3: "the bytes it receives contain no other player's secret" — Armadora's warriors."""
    ctl, ref = host("armadora", {"d1": [1], "tv": []}, {"rules": "basic"}, seed=987654321)
    rnd = random.Random(3)
    s = ctl.session
    while s.total < 6:
        s.play(rnd.choice(s.legal()).text)
    g1, tv = joined(ref, "d1"), joined(ref, "tv")
    sent = {d: t for d, t in ref.broadcast()}
    st = s.state_at(s.total)
    for did, seats, viewers in (("d1", [1], ["1"]), ("tv", [], ["public"])):
        msg = json.loads(sent[did])
        assert sorted(msg["views"]) == viewers and msg["seats"] == seats
        assert msg["views"][viewers[0]] == json.loads(json.dumps(st.view(seats[0] if seats else PUBLIC)))
        assert "seed" not in msg and "moves" not in msg and str(ctl.session.record.seed) not in sent[did]
    # seat 0's hidden warriors: in seat 0's view, and in no message to another device
    hidden0 = view_secrets(st, 0)
    assert hidden0
    for did in ("d1", "tv"):
        views = json.loads(sent[did])["views"]
        leaves = json.dumps(views)
        own = set(view_secrets(st, 1)) if did == "d1" else set()
        got = views[next(iter(views))]
        for path, value in hidden0 - own:
            assert at(got, path) != value, (did, path)
        assert leaves
    assert g1.session.state.to_play == st.to_play and tv.session.positions.seats == []


# -- a guest's position: built from its view, drawn as the real one ----------------------------
def positions(gid, count, seed):
    g = get_game(gid)
    rnd = random.Random(seed)
    st = g.start([f"P{i}" for i in range(g.min_players)], g.full_options({}), seed)
    out = []
    for ply in range(count * 4):
        if st.is_over():
            break
        if ply % 4 == 3:
            out.append(st.clone())
        st.play(rnd.choice(st.legal_moves()).text)
    return out


@pytest.mark.parametrize("gid", CLUB_GAMES)
def test_a_position_built_from_a_players_view_draws_and_plays_as_the_real_one(gid):
    """Issue 29 §3: a guest builds its position from the view it receives (through JSON, as sent)
    and draws it for its player: the drawing and that player's legal moves are the real ones."""
    g = get_game(gid)
    for st in positions(gid, 3 if gid != "arkhanis" else 2, 1):
        for p in range(len(st.players)):
            d = build_state(gid, json.loads(json.dumps(st.view(p))), p)
            ctx = RenderContext(viewer=p, lang="en")
            assert g.render(d, ctx) == g.render(st, ctx), (gid, p)
            assert d.to_play == st.to_play
            if st.to_play == p:
                assert sorted(m.text for m in d.legal_moves()) == sorted(m.text for m in st.legal_moves())


@pytest.mark.slow
@pytest.mark.parametrize("gid", CLUB_GAMES)
def test_many_positions_built_from_views_draw_as_the_real_ones(gid):
    g = get_game(gid)
    for seed in range(6):
        for st in positions(gid, 12, seed):
            for p in range(len(st.players)):
                d = build_state(gid, json.loads(json.dumps(st.view(p))), p)
                ctx = RenderContext(viewer=p, lang="en")
                assert g.render(d, ctx) == g.render(st, ctx), (gid, seed, p)
                if st.to_play == p:
                    assert sorted(m.text for m in d.legal_moves()) == sorted(m.text for m in st.legal_moves())


def test_a_guest_with_two_seats_passes_the_device_between_them_only():
    """Issue 29 §3: "Pass screens remain only between the players who share one device"."""
    ctl = PlayController(Store(MemoryStore()), lambda: "en")
    g = get_game("armadora")
    rec = Record("armadora", g.full_options({"rules": "basic"}), 2, ["A", "B", "C"], [])
    ref = Referee(ctl, {"d1": [1, 2]})
    ctl.seat_devices(ref.seat_devices())
    ctl.open(Session(rec, "en"), save_id="g1")
    guest_ctl = PlayController(Store(MemoryStore()), lambda: "en")
    sent = []
    guest_ctl.join_host(lambda text, seat: sent.append((text, seat)))
    gst = joined(ref)
    guest_ctl.open_remote(gst.session)
    assert sorted(json.loads(ref.state_for(ref.devices["d1"]))["views"]) == ["1", "2"]
    # seat 0 (the host's) to move: the guest shows no pass screen and may not play
    assert not guest_ctl.interactive()
    ctl.submit(ctl.session.legal()[0].text)
    gst.receive(ref.broadcast()[0][1])
    guest_ctl.open_remote(gst.session)
    assert gst.session.decider() == 1 and guest_ctl.holder is None and guest_ctl.must_pass()
    guest_ctl.reveal()
    assert guest_ctl.holder == 1 and guest_ctl.interactive()
    move = gst.session.legal()[0].text
    assert guest_ctl.submit(move) is None and sent == [(move, 1)] and guest_ctl.waiting
    assert ctl.session.total == 1  # nothing played on the guest: the host plays it
    out = ref.receive("d1", gst.move(move, 1))
    assert json.loads(out[0][1])["t"] == "ack" and ctl.session.total == 2
    gst.receive(ref.broadcast()[0][1])
    guest_ctl.open_remote(gst.session)
    assert gst.session.decider() == 2 and guest_ctl.must_pass() and not guest_ctl.waiting


def test_a_reloaded_guest_numbers_its_moves_anew():
    """Issue 29 §6: a move is never applied twice — nor taken for one sent before a reload."""
    assert Guest().next_id != Guest().next_id


def test_a_guest_not_connected_cannot_move_and_says_why():
    gst = Guest()
    with pytest.raises(Refused) as err:
        gst.move("x", 0)
    assert err.value.code == "busy" and "not connected" in err.value.text


def test_the_page_loads_the_qr_libraries_at_the_versions_the_build_vendors():
    """Issue 29 §1: QR codes drawn and read by libraries vendored in the site (pinned in package.json,
    copied by scripts/sitebuild/club_libraries.py to static/vendor/<package>-<version>/), never fetched elsewhere."""
    import re as _re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    deps = json.loads((root / "package.json").read_text())["dependencies"]
    page = (root / "py" / "plateau" / "web" / "club_page.py").read_text()
    build = (root / "scripts" / "sitebuild" / "club_libraries.py").read_text()
    for pkg, file in (("qrcode-generator", "qrcode.js"), ("jsqr", "jsQR.js")):
        assert _re.match(r"^\d+\.\d+\.\d+$", deps[pkg]), "pinned"
        assert f'"static/vendor/{pkg}-{deps[pkg]}/{file}"' in page
        assert f'"{pkg}"' in build.split("CLUB_VENDOR =", 1)[1].split("\n", 1)[0]
    glue = (root / "static" / "page" / "club.mjs").read_text()
    assert "RTCPeerConnection" in glue and "http" not in glue


def test_the_several_devices_help_page_says_the_same_in_both_languages_and_leaves_the_format_out():
    from pathlib import Path

    here = Path(__file__).resolve().parents[2] / "py" / "plateau" / "web" / "help"
    fr, en = ((here / f"devices.{lang}.md").read_text() for lang in ("fr", "en"))
    heads = [[line for line in text.splitlines() if line.startswith("#")] for text in (fr, en)]
    assert len(heads[0]) == len(heads[1]) >= 5
    assert "Rejoindre une partie" in fr and "Join a game" in en and "Nouveau code" in fr and "New code" in en
    # issue 39 §4: the message format is the developers' (py/plateau/README.md), not the players' help
    dev = (here.parents[1] / "README.md").read_text()
    for word in ("hello", "move", "welcome", "state", "ack", "error", '"v": 1', "part", "rate", "schema", "rev"):
        assert f"`{word}" in dev or word in dev, word
        assert f"`{word}`" not in fr and f"`{word}`" not in en, word


@pytest.mark.parametrize("gid", CLUB_GAMES)
def test_a_spectator_device_draws_the_public_view_as_the_real_one(gid):
    """Issue 29 §3: "the public view for a spectator device" — built from view(PUBLIC) alone."""
    g = get_game(gid)
    for st in positions(gid, 2, 1):
        d = build_state(gid, json.loads(json.dumps(st.view(PUBLIC))), PUBLIC)
        ctx = RenderContext(viewer=PUBLIC, lang="en")
        assert g.render(d, ctx) == g.render(st, ctx)
