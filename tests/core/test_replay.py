"""Opening and walking a long record: the session keeps a position every
``CHECKPOINT_EVERY`` plies and rebuilds the others, and a conquest is checked
on its own region rather than by listing every legal move. Neither may change
what a record means: every position equals the one a plain replay gives, and a
record with an illegal move anywhere is still refused (issue 27, item 5:
"Records stay the single source of truth and are still validated move by
move (a tampered record is refused as today)")."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from plateau.core.game import IllegalMove, State
from plateau.core.record import Record, RecordError, decode, encode
from plateau.core.registry import get_game
from plateau.games.smallworld.redeploy import quick as quick_redeploy
from plateau.web import session as session_mod
from plateau.web.session import CHECKPOINT_EVERY, Session

K = CHECKPOINT_EVERY


def random_record(gid: str, n_players: int, seed: int, plies: int | None = None, options=None) -> Record:
    """A record of random legal moves (to the end, or ``plies`` of them)."""
    game = get_game(gid)
    names = [f"P{i}" for i in range(n_players)]
    opts = game.full_options(options or {})
    s = game.start(names, opts, seed)
    rnd = random.Random(seed)
    moves = []
    while not s.is_over() and (plies is None or len(moves) < plies):
        ms = s.legal_moves()
        ends = [m for m in ms if m.text in ("done", "end", "pass", "nopeace")]
        m = rnd.choice(ends) if ends and rnd.random() < 0.3 else rnd.choice(ms)
        s.play(m.text)
        moves.append(m.text)
    return Record(gid, opts, seed, names, moves)


def plain_views(record: Record) -> list[dict]:
    """``view(None)`` of every position, by playing the record once from the start."""
    s = record.start()
    out = [s.view(None)]
    for text in record.moves:
        s.play(text)
        out.append(s.view(None))
    return out


@pytest.fixture(scope="module")
def tournament():
    """A finished tournament of 6 participants (several hundred plies)."""
    return random_record("arkhanis", 6, 5)


@pytest.mark.parametrize("k", [K, 32])
def test_every_position_of_a_tournament_equals_a_plain_replay(tournament, k, monkeypatch):
    """At the spacing the page uses, and at a closer one that puts several
    checkpoints in this tournament."""
    monkeypatch.setattr(session_mod, "CHECKPOINT_EVERY", k)
    assert len(tournament.moves) > 4 * 32 and len(tournament.moves) > k
    sess = Session(decode(encode(tournament)))
    views = plain_views(tournament)
    for ply in range(sess.total + 1):  # forward, as the move list is drawn
        assert sess.state_at(ply).view(None) == views[ply], ply
    for ply in range(sess.total, -1, -1):  # backwards, one ply at a time (undo)
        sess.goto(ply)
        assert sess.state.view(None) == views[ply], ply


def test_positions_kept_ahead_bring_any_ply_within_near_every_moves(tournament, monkeypatch):
    """Once the idle page has kept the positions ahead, any position of the
    history is rebuilt by replaying fewer than NEAR_EVERY moves (counted),
    and it is the position a plain replay gives; a change of the moves
    stops the walk."""
    sess = Session(decode(encode(tournament)))
    steps = sess.positions_ahead()
    next(steps)
    sess.goto(sess.total - 1)
    sess.play(sess.legal()[0])  # the moves change: the walk ends there
    assert next(steps, "ended") == "ended"
    sess = Session(decode(encode(tournament)))
    for _ in sess.positions_ahead():
        pass
    assert set(sess.positions._near) == {p for p in range(session_mod.NEAR_EVERY, sess.total, session_mod.NEAR_EVERY)
                               if p % K}
    views = plain_views(tournament)
    state_cls = type(sess.state_at(0))
    applied = []
    real_apply = state_cls.apply
    monkeypatch.setattr(state_cls, "apply", lambda self, m: (applied.append(1), real_apply(self, m))[1])
    for ply in random.Random(3).sample(range(sess.total + 1), 60):
        applied.clear()
        assert sess.state_at(ply).view(None) == views[ply], ply
        assert len(applied) < session_mod.NEAR_EVERY, ply


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=8))
def test_history_navigation_in_any_order_shows_a_fresh_replay(tournament, jumps):
    sess = Session(Record.from_json(tournament.to_json()))
    for j in jumps:
        ply = j % (sess.total + 1)
        sess.goto(ply)
        shown = sess.state
        fresh = tournament.replay(ply)
        assert shown.view(None) == fresh.view(None)
        # what the page shows next to the board comes from the same position
        assert sess.legal() == ([] if shown.is_over() else fresh.legal_moves())


@settings(max_examples=20, deadline=None)
@given(gid=st.sampled_from(["thud", "armadora", "troy", "thorval", "smallworld"]),
       seed=st.integers(min_value=0, max_value=2**16),
       plies=st.integers(min_value=0, max_value=3 * K + 5))
def test_checkpoints_give_the_states_of_a_full_replay_in_every_game(gid, seed, plies):
    game = get_game(gid)
    n = game.min_players if hasattr(game, "min_players") else 2
    record = random_record(gid, max(2, n), seed, plies)
    sess = Session(Record.from_json(record.to_json()))
    views = plain_views(record)
    rnd = random.Random(seed)
    order = list(range(sess.total + 1))
    rnd.shuffle(order)
    for ply in order:
        assert sess.state_at(ply).view(None) == views[ply]
    labels = [sess.move_label(i, None, "en") for i in range(sess.total)]
    states = record.states()
    assert labels == [game.move_label(states[i], record.moves[i], None, "en") for i in range(sess.total)]


def test_a_session_keeps_a_position_every_k_plies_not_one_per_ply(tournament):
    """The memory a long game takes: the positions kept are the checkpoints,
    those between them every NEAR_EVERY plies, the last position and one
    rebuilt position, not one per ply."""
    cls = type(tournament.start())
    gc.collect()
    before = sum(type(o) is cls for o in gc.get_objects())
    sess = Session(Record.from_json(tournament.to_json()))
    for ply in range(0, sess.total, 7):
        sess.goto(ply)
        sess.state.to_play
        sess.move_label(ply, None, "fr")
    gc.collect()
    kept = sum(type(o) is cls for o in gc.get_objects()) - before
    assert kept <= sess.total // session_mod.NEAR_EVERY + 4, (kept, sess.total)


def tampered(record: Record, index: int, text: str) -> str:
    moves = list(record.moves)
    moves[index] = text
    return encode(Record(record.game, dict(record.options), record.seed, list(record.players), moves))


def conquest_plies(record: Record) -> list[int]:
    return [i for i, t in enumerate(record.moves) if t.startswith("c:")]


def test_a_tampered_conquest_deep_in_a_long_record_is_refused(tournament):
    """A conquest turned into one of a region the race cannot reach, of a
    region that does not exist, or written another way, late in the record:
    refused, with the move's number, as before."""
    late = [i for i in conquest_plies(tournament) if i > len(tournament.moves) * 3 // 4]
    assert late
    i = late[-1]
    before = tournament.replay(i)
    legal = {m.text for m in before.legal_moves()}
    table = before.tables[before.current]
    bad_region = next(f"c:{r}" for r in range(table.R) if f"c:{r}" not in legal and f"die:{r}" not in legal)
    r = tournament.moves[i][2:]
    for text in (bad_region, f"c:{table.R + 3}", f"c:0{r}", f"c: {r}", f"die:{r}", "c:", "c:-1"):
        assert text not in legal
        with pytest.raises(RecordError) as e:
            Session(decode(tampered(tournament, i, text)))
        assert e.value.code == "illegal" and e.value.ply == i and e.value.move == text


def test_a_tampered_move_deep_in_a_24_participant_tournament_is_refused():
    record = random_record("arkhanis", 24, 11)
    assert len(record.moves) > 1000
    i = len(record.moves) - 40
    link = tampered(record, i, "pick:99")
    with pytest.raises(RecordError) as e:
        Session(decode(link))
    assert e.value.code == "illegal" and e.value.ply == i
    # the record as played opens, and its end is the end of a plain replay
    sess = Session(decode(encode(record)))
    assert sess.state.view(None) == record.replay().view(None)


def quick_conquest_agrees(s: State) -> int:
    """Every conquest text (and ``end``, the redeployment's ``done`` and its moves of
    tokens) of the table being played, checked on its own,
    gives the move the full list gives, or is left to the full list; the
    other moves checked without the full list (``first_moves``) are the
    list's first ones;
    returns how many the quick check accepted."""
    if s.is_over():
        return 0
    table = s
    if hasattr(s, "tables"):
        on_table = s.stage not in ("auction", "move", "pendant") and s.current is not None
        table = s.tables[s.current if on_table else 0]
    listed = {}
    full = s.legal_moves()
    for m in full:
        listed.setdefault(m.text, m)
    accepted = 0
    first = table.first_moves() if table is s or on_table else None
    if first is not None:  # the shortcut of the conquests' and redeployment's other moves: a prefix of the list
        assert full[:len(first)] == first
        accepted += len(first)
    refused = []

    def check(texts, quick) -> int:
        """Each text the shortcut ``quick`` accepts is the listed move; the others go to ``refused``."""
        took = 0
        for text in texts:
            q = quick(text) if table is s or on_table else None
            if q is not None:
                took += 1
                assert listed.get(text) == q, text
            elif text not in listed:
                refused.append(text)
        return took

    conquest = []
    for r in range(-1, table.R + 2):
        conquest += [f"c:{r}", f"die:{r}", f"c:0{r}"] + (["end", "end:1", "done", "done:1"] if r == -1 else [])
    accepted += check(conquest, table._quick_conquest)
    # the redeployment's moves of tokens, checked on their own regions
    redeploy = [t for t in listed if t.startswith(("put:", "all:", "mv:", "back:"))]
    for r in range(-1, table.R + 2):
        redeploy += [f"put:{r}", f"all:{r}", f"back:{r}", f"mv:{r}-{r + 1}", f"mv:{r + 1}-{r}", f"mv:{r}-{r}",
                     f"put:0{r}", f"mv:{r}"]
    redeploy += ["put:", "mv:1-2-3", "back:", "mv:-1", "all:1 "]
    accepted += check(redeploy, lambda text: quick_redeploy(table, text))
    # as a record's move: the legal ones give the listed move, a few others are refused
    for text in [t for t in listed if t.startswith(("c:", "die:")) or t in ("end", "done")] \
            + [m.text for m in first or ()] + refused[:: max(1, len(refused) // 3)] \
            + [t for t in refused if t.startswith(("end", "done"))]:
        try:
            got = s.move_from_text(text)
        except IllegalMove:
            got = None
        assert got == listed.get(text), text
    return accepted


@pytest.mark.parametrize("gid, n, seed", [("arkhanis", 6, 3), ("smallworld", 3, 8), ("smallworld", 5, 9)])
def test_a_conquest_checked_on_its_own_is_the_move_the_full_list_gives(gid, n, seed):
    record = random_record(gid, n, seed, 300)
    s = record.start()
    accepted = 0
    for text in record.moves:
        accepted += quick_conquest_agrees(s)
        s.play(text)
    assert accepted > 0  # the quick check is used, not only its fallback


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_quick_conquests_agree_over_whole_underground_and_tournament_games(seed):
    sw = {"board": ("underground", "random")[seed % 2], "content": ("underground", "mixed")[seed % 2]}
    for gid, n, opts in (("smallworld", 2 + seed % 4, sw), ("arkhanis", 6 + seed, {})):
        record = random_record(gid, n, seed, None, opts)
        s = record.start()
        for text in record.moves:
            quick_conquest_agrees(s)
            s.play(text)


@pytest.mark.parametrize("k", [K, 32])
def test_playing_in_the_past_across_checkpoints_and_bringing_the_line_back(tournament, k, monkeypatch):
    monkeypatch.setattr(session_mod, "CHECKPOINT_EVERY", k)
    k = min(k, len(tournament.moves) // 4)  # (at the page's spacing this tournament is a checkpoint or two long)
    sess = Session(Record.from_json(tournament.to_json()))
    end = sess.state.view(None)
    back = 3 * k + 5
    sess.goto(back)
    other = next(m.text for m in sess.legal() if m.text != tournament.moves[back])
    sess.play(other)
    assert sess.total == back + 1 and sess.record.moves[-1] == other
    fresh = Record.from_json(sess.record.to_json())
    for ply in (0, k, back, back + 1):
        assert sess.state_at(ply).view(None) == fresh.replay(ply).view(None)
    assert sess.restore_replaced()
    assert sess.record.moves == tournament.moves and sess.state.view(None) == end
    for ply in (k - 1, 2 * k, back + 1, sess.total - 1):
        sess.goto(ply)
        assert sess.state.view(None) == tournament.replay(ply).view(None)


def test_checkpoint_spacing_does_not_change_positions(tournament, monkeypatch):
    views = plain_views(tournament)
    for k in (1, 5):
        monkeypatch.setattr(session_mod, "CHECKPOINT_EVERY", k)
        sess = Session(Record.from_json(tournament.to_json()))
        for ply in range(0, sess.total + 1, 3):
            assert sess.state_at(ply).view(None) == views[ply]


def test_move_words_written_while_opening_equal_those_written_later():
    """The move list's words written during the opening replay (everyone's
    eyes and a spectator's) are the words the list writes from each
    position, and a player's own words still come from his view."""
    from plateau.core.game import PUBLIC

    # an auction on the first turn: its bids are words a spectator does not read as the bidder does
    record = random_record("arkhanis", 6, 21, 150, {"schedule": "royal_treasure" + ",none" * 9})
    early = Session(Record.from_json(record.to_json()), "en")
    late = Session(Record.from_json(record.to_json()))
    states = record.states()
    game = get_game("arkhanis")
    for viewer in (None, PUBLIC, 2):
        want = [game.move_label(states[i], record.moves[i], viewer, "en") for i in range(len(record.moves))]
        assert [early.move_label(i, viewer, "en") for i in range(early.total)] == want
        assert [late.move_label(i, viewer, "en") for i in range(late.total)] == want
    assert any(early.move_label(i, PUBLIC, "en") != early.move_label(i, None, "en") for i in range(early.total))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_boards_graph_made_without_its_shapes_is_the_same_graph(players):
    """The rules take a random board's graph without its drawing's spots
    (opening a tournament sooner): the same graph as the whole board's."""
    from plateau.games.smallworld import mapdraw

    for seed in (1, 977, 2**20 + 3):
        map_id = f"random-{players}p-{seed}"
        mapdraw._GRAPHS.clear()
        assert mapdraw.board_graph(map_id) == mapdraw.board_data(map_id)[0]
    assert mapdraw.board_graph("base-3p") == mapdraw.board_data("base-3p")[0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_board_drawn_region_by_region_is_the_whole_board(players):
    """A random board's drawing is made from the layout its graph was made
    with, one region at a time as it is drawn (the overview's thumbnails need
    outlines only): the same outlines and spots as the whole board made at once."""
    from plateau.games.smallworld import boardgen, mapdraw

    for seed in (1, 977, 2**20 + 3):
        map_id = f"random-{players}p-{seed}"
        mapdraw._GRAPHS.clear()
        whole = boardgen.random_board(players, seed)
        assert mapdraw.board_data(map_id) == (whole["graph"], whole["shapes"])
        mapdraw._GRAPHS.clear()
        lazy = mapdraw.MapGeometry(map_id)
        eager = mapdraw.MapGeometry(map_id, whole["graph"], whole["shapes"])
        assert (lazy.width, lazy.height, lazy.ids) == (eager.width, eager.height, eager.ids)
        for r in reversed(lazy.ids):
            assert lazy.path(r) == eager.path(r) and lazy.polygon(r) == eager.polygon(r)
            assert [lazy.anchor(r), lazy.label(r), lazy.mark(r), lazy.icons(r)] == \
                   [eager.anchor(r), eager.label(r), eager.mark(r), eager.icons(r)]


def test_every_position_of_a_long_tournament_is_drawn():
    """Any ply of a tournament's history shows: the board and the overview
    draw at every stage, the Moonstone Pendant's choice included (no table
    is being played then)."""
    from plateau.core.game import PUBLIC

    record = random_record("arkhanis", 24, 101)  # a seed whose random game meets a Moonstone Pendant choice
    sess = Session(Record.from_json(record.to_json()), "en")
    game = get_game("arkhanis")
    stages = set()
    for ply in range(0, sess.total + 1):
        st = sess.state_at(ply)
        if st.stage in stages and ply % 25:
            continue  # every stage the first time it comes, then one ply in 25
        stages.add(st.stage)
        sess.goto(ply)
        for viewer in (None, PUBLIC):
            assert "<svg" in sess.render("en", viewer=viewer)
            for view, _label in game.views(st, "en"):
                assert "<svg" in sess.render("en", viewer=viewer, view=view)
    assert {"auction", "move", "play", "pendant", "over"} <= stages


def test_a_tournaments_boards_prepared_ahead_draw_the_same():
    """``Game.prepare`` draws every table's board ahead, in small steps, while
    the page is idle: the boards drawn afterwards are the same, and each board's
    regions are then ready (a step through the history draws without making them)."""
    from plateau.core.game import RenderContext
    from plateau.games.smallworld import mapdraw

    game, sw = get_game("arkhanis"), get_game("smallworld")
    state = game.start([f"P{i}" for i in range(10)], {}, 1)  # three tables, one of them on a random board
    maps = {t.map_id for t in state.tables}
    assert any(m.startswith("random-") for m in maps)
    mapdraw._GRAPHS.clear()
    mapdraw.geometry.cache_clear()
    mapdraw.terrain_layer.cache_clear()
    cold = [sw.render(t, RenderContext(lang="en")) for t in state.tables]
    mapdraw._GRAPHS.clear()
    mapdraw.geometry.cache_clear()
    mapdraw.terrain_layer.cache_clear()
    steps = sum(1 for _ in game.prepare(state, "en"))
    assert steps > sum(len(mapdraw.geometry(m).ids) for m in maps)
    for m in maps:
        g = mapdraw.geometry(m)
        assert all(int(r) in g._shape for r in g.ids)  # every region's spots made
    assert mapdraw.terrain_layer.cache_info().currsize == len(maps)
    warm = [sw.render(t, RenderContext(lang="en")) for t in state.tables]
    assert warm == cold
    assert list(get_game("thud").prepare(get_game("thud").start(["A", "B"], {}, 1), "en")) == []
