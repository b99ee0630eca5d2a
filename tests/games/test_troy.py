"""Le Cheval de Troie: every rule of the seed, quoted, as a test."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from plateau.core.game import IllegalMove, RenderContext, RulesError
from plateau.games.troy import GAME
from plateau.games.troy.rules import BONUS, HERO_CARDS, TREASURES, TRIDENT, district_winner

P2 = ["Ann", "Bob"]
P3 = ["Ann", "Bob", "Cid"]
P4 = ["Ann", "Bob", "Cid", "Dee"]


def start(players=P3, seed=1, **opts):
    return GAME.start(players, opts, seed)


def force_card(s, card):
    """Put ``card`` on top of the hero-card draw pile (taken from the discard if need be)."""
    if card not in s.pile:
        s.discard.remove(card)
        s.discard.append(s.pile.pop(0))
        s.pile.append(card)
        return
    s.pile.remove(card)
    s.pile.append(card)


def legal(s):
    return [m.text for m in s.legal_moves()]


def all_heroes(s):
    c = Counter(s.bag) + Counter(h for h in s.avail + s.horse if h != "k")
    for d in s.dist:
        c.update({k: v for k, v in d.items() if v})
    return c


# ----------------------------------------------------------------- set-up
def test_ten_heroes_per_colour_red_always_in_play():
    """« Pour chaque joueur, on place 10 pions héros d'une même couleur dans le sac prévu à cet
    effet, les rouges devant être choisis dans tous les cas. »"""
    for players in (P2, P3, P4):
        s = start(players)
        counts = all_heroes(s)
        assert "r" in counts
        assert set(counts.values()) == {10}
        assert len(counts) == (4 if len(players) in (2, 4) else 3)


def test_bag_is_shuffled_from_the_seed():
    """« Le sac est alors bien mélangé. »"""
    a, b, c = start(seed=1), start(seed=1), start(seed=2)
    assert a.view(None) == b.view(None)
    assert a.bag + a.avail + a.horse != c.bag + c.avail + c.horse


def test_twenty_hero_cards():
    """« Les 20 cartes héros (18 + 2 cartes Trident) sont mélangées et placées face cachée pour
    constituer une pioche. » — « 6 avec 3 héros, 6 avec 2 héros, 3 avec 1 héros et 3 avec 0 héros »"""
    s = start()
    assert len(s.pile) == 20
    assert Counter(s.pile) == Counter({3: 6, 2: 6, 1: 3, 0: 3, TRIDENT: 2})
    assert Counter(HERO_CARDS) == Counter(s.pile)


def test_seven_treasures_one_per_district():
    """« Les 7 cartes de trésor sont mélangées et chaque district en reçoit une face cachée. » —
    « 1 avec le nombre 3, 3 avec le nombre 1 et 3 sans valeur »"""
    s = start()
    assert sorted(s.treasure(d) for d in range(7)) == [0, 0, 0, 1, 1, 1, 3]
    assert sorted(TREASURES) == [0, 0, 0, 1, 1, 1, 3]
    assert all(v is None for v in s.view(0)["treasures"])


def test_district_bonus_marks():
    """« Un district est marqué d'une valeur 3 et trois districts sont marqués d'une valeur 1. »"""
    assert sorted(BONUS) == [0, 0, 0, 1, 1, 1, 3]


def test_colour_cards_dealt_one_each():
    """« Les cartes de couleur [...] sont mélangées, distribuées entre les joueurs puis
    retournées. »"""
    owners = set()
    for seed in range(20):
        s = start(P4, seed)
        assert sorted(s.owner.values()) == [0, 1, 2, 3]
        owners.add(s.owner["r"])
    assert len(owners) > 1  # the deal depends on the seed


def test_two_players_play_two_colours_one_after_the_other():
    """« Dans le jeu à 2 joueurs, chacun prend 2 cartes de couleur afin de les jouer l'une à la
    suite de l'autre. Les 2 joueurs joueront donc 2 fois d'affilée à chaque tour de jeu. »"""
    for seed in range(10):
        s = start(P2, seed)
        assert Counter(s.owner.values()) == Counter({0: 2, 1: 2})
        order = s.order
        assert order[0] == "r"
        owners = [s.owner[c] for c in order]
        assert owners[0] == owners[1] != owners[2] == owners[3]
        # the turns follow that order
        seen = []
        for _ in range(8):
            seen.append(s.colour)
            force_card(s, 0)
            s.play("a1")  # 0 < 1: turn lost
        assert seen == list(order[1:]) + list(order) + list(order[:1])


def test_clockwise_from_red():
    """« Après qu'Odysseus a réalisé le premier tour de jeu, le joueur placé à sa gauche devient
    le nouveau joueur actif. Le jeu se poursuit dans le sens des aiguilles d'une montre. »"""
    for seed in range(10):
        s = start(P4, seed)
        red = s.owner["r"]
        assert [s.owner[c] for c in s.order] == [(red + k) % 4 for k in range(4)]
        # loading the horse is Odysseus's first turn: his left neighbour announces first
        assert s.to_play == (red + 1) % 4
        s2 = start(P4, seed, opening="play")
        assert s2.to_play == red


def test_odysseus_loads_two_and_sets_out_three():
    """« Il pioche 2 héros du sac et les insère dans le Cheval par le dessus. [...] Enfin, il
    pioche 3 héros de plus et les place à côté du plateau de jeu. »"""
    s = start(P3)
    assert len(s.horse) == 2 and "k" not in s.horse
    assert len(s.avail) == 3
    assert len(s.bag) == 30 - 5
    assert s.prev_log[0] == ("load", tuple(s.horse))


# ----------------------------------------------------------------- a turn
def test_announce_one_two_or_three():
    """« Il décide s'il veut placer 1, 2 ou 3 héros dans le Cheval, en annonçant sa décision. »"""
    assert legal(start()) == ["a1", "a2", "a3"]


def test_card_equal_to_announcement_succeeds():
    """« Si la valeur indiquée sur la carte est supérieure ou égale au nombre de héros annoncé,
    il réussit son action et va alors pouvoir placer la quantité de héros correspondante »"""
    s = start()
    force_card(s, 2)
    s.play("a2")
    assert s.phase == "insert" and s.remaining == 2
    s = start()
    force_card(s, 3)
    s.play("a1")
    assert s.phase == "insert" and s.remaining == 1


def test_card_below_announcement_loses_the_turn():
    """« Si la valeur indiquée sur la carte est inférieure, il perd son tour et c'est au joueur
    suivant de jouer. »"""
    s = start()
    who = s.colour
    before = [dict(d) for d in s.dist]
    force_card(s, 1)
    s.play("a2")
    assert s.colour != who and s.phase == "announce"
    assert s.dist == before
    assert s.discard == [1]


def test_insertion_oldest_hero_falls_into_chosen_district():
    """« Avant d'insérer chaque héros, il déplace le Cheval afin que le héros prêt à sortir par
    son ventre puisse tomber dans le district de son choix. » — les figurines « pénètrent dans le
    cheval par le dessus et s'en extirpent par le dessous »"""
    s = start()
    force_card(s, 3)
    s.play("a3")
    for d in (3, 6, 3):
        old, new = s.horse
        c = s.avail[-1]
        s.play(f"d{d}{c}")
        assert s.horse == [new, c]
        assert s.dist[d - 1][old] >= 1
    assert s.phase == "announce"


def test_any_available_colour_may_be_inserted():
    """« Il est obligé de faire son choix au sein des héros disponibles. » (de n'importe quelle
    couleur)"""
    s = start(P4, seed=3)
    force_card(s, 1)
    s.play("a1")
    cols = {t[-1] for t in legal(s)}
    assert cols == set(s.avail)
    assert all(m.path == (m.text[:2], "h" + m.text[2]) for m in s.legal_moves())


def test_refill_to_three_after_each_turn():
    """« Odysseus pioche suffisamment de héros du sac pour qu'il y en ait 3 de disponible »"""
    s = start()
    bag = len(s.bag)
    force_card(s, 2)
    s.play("a2")
    s.play(legal(s)[0])
    assert len(s.avail) == 2
    s.play(legal(s)[0])
    assert len(s.avail) == 3 and len(s.bag) == bag - 2


@pytest.mark.parametrize("players,cap", [(P2, 7), (P3, 5), (P4, 7)])
def test_capacity_per_player_count(players, cap):
    """« A 2 et 4 joueurs : 7 héros ; à 3 joueurs : 5 héros. Une fois qu'un district est
    complètement occupé, plus aucun héros ne peut y pénétrer. »"""
    s = start(players)
    assert s.cap == cap
    s.dist[0]["r"] = cap
    force_card(s, 1)
    s.play("a1")
    assert not any(t.startswith("d1") for t in legal(s))
    s.dist[0]["r"] = cap - 1
    assert any(t.startswith("d1") for t in legal(s))
    with pytest.raises(IllegalMove):
        s.dist[0]["r"] = cap
        s.play("d1" + s.avail[0])


def test_card_to_discard_and_empty_pile_reshuffled():
    """« la carte héros est placée face visible sur une pile de défausse [...] Si la pioche de
    cartes héros se termine, mélangez la pile de défausse pour former une nouvelle pioche. »"""
    s = start()
    s.discard = s.pile[:-1]
    s.pile = s.pile[-1:]
    card = s.pile[-1]
    s.play("a3")
    while s.phase != "announce":
        s.play(legal(s)[0])
    assert s.discard == [] and len(s.pile) == 20
    assert Counter(s.pile) == Counter(HERO_CARDS)
    assert card in s.pile


# ----------------------------------------------------------------- tridents
def test_trident_swap_is_optional_and_three_heroes():
    """« Si un joueur pioche une de ces cartes, il peut, sans y être tenu, réaliser les 2 actions
    suivantes lors de son tour : Inverser la position de 2 cartes de trésor. Placer les 3 héros
    disponibles dans le cheval – sans tenir compte du nombre qu'il avait annoncé. »"""
    s = start()
    force_card(s, TRIDENT)
    s.play("a1")
    assert s.phase == "swap"
    moves = legal(s)
    assert "keep" in moves and "x1-7" in moves and len(moves) == 1 + 21
    cards = s.dcard[:]
    s.play("x2-5")
    assert s.dcard[1] == cards[4] and s.dcard[4] == cards[1]
    assert legal(s) == ["n1", "n3"]
    s.play("n3")
    assert s.phase == "insert" and s.remaining == 3


def test_trident_without_swap_and_announced_number():
    """« il peut, sans y être tenu, réaliser les 2 actions suivantes »"""
    s = start()
    force_card(s, TRIDENT)
    cards = s.dcard[:]
    s.play("a2")
    s.play("keep")
    assert s.dcard == cards
    s.play("n2")
    assert s.remaining == 2
    s = start()
    force_card(s, TRIDENT)
    s.play("a3")
    s.play("keep")
    assert s.phase == "insert" and s.remaining == 3  # nothing left to choose


def test_trident_declined_inserts_nothing_under_option_none():
    """« il peut, sans y être tenu, réaliser les 2 actions suivantes [...] Placer les 3 héros
    disponibles dans le cheval » — the rules do not say what a player who declines the 3 heroes
    inserts: option ``trident``, ``announced`` (default) or ``none``."""
    assert start().options["trident"] == "announced"
    s = start(trident="none")
    force_card(s, TRIDENT)
    colour, horse, avail = s.colour, s.horse[:], s.avail[:]
    s.play("a3")
    s.play("keep")
    assert legal(s) == ["n0", "n3"]  # even when 3 were announced
    assert "aucun" in s.status("fr") and "none" in s.status("en")
    assert GAME.target_label("n0", "fr") and GAME.target_label("n0", "en") != "n0"
    s.play("n0")
    assert s.phase == "announce" and s.colour != colour
    assert s.horse == horse and s.avail == avail and TRIDENT in s.discard
    s = start(trident="none")
    force_card(s, TRIDENT)
    s.play("a1")
    s.play("x1-2")
    s.play("n3")
    assert s.phase == "insert" and s.remaining == 3


def test_trident_swap_clicks_in_any_order():
    """A swap is the two treasure cards, clicked in either order."""
    s = start()
    force_card(s, TRIDENT)
    s.play("a1")
    m = s.move_from_text("x3-6")
    assert m.path == ("t3", "t6") and m.complete(("t6", "t3"))


def test_trident_swap_shown_as_face_down_swap_knowledge_follows_card():
    """« Inverser la position de 2 cartes de trésor. » — the swap is seen by everyone as a swap of
    two face-down cards: what a player knew of a card moves with the card."""
    s = start(P3)
    seer = 0
    s.known[seer].add(s.dcard[0])
    value = s.treasure(0)
    assert s.view(seer)["treasures"][0] == value
    force_card(s, TRIDENT)
    s.play("a1")
    s.play("x1-4")
    v = s.view(seer)
    assert v["treasures"][3] == value and v["treasures"][0] is None
    other = s.view(1)
    assert other["treasures"] == [None] * 7 and other["swaps"] == 1
    assert any(e[0] == "swap" for e in s.log)


# ----------------------------------------------------------------- treasures
def test_peek_with_two_heroes_whoever_placed_the_second():
    """« Dès qu'un joueur possède 2 héros dans un district (peu importe quel joueur place le
    second pion de cette couleur), il peut regarder secrètement la valeur de la carte de trésor
    présente dans ce district. »"""
    s = start(P3, seed=4)
    force_card(s, 1)
    s.play("a1")
    fallen = s.horse[0]
    owner = s.owner[fallen]
    s.dist[2][fallen] = 1
    inserter = s.to_play
    s.play("d3" + s.avail[0])
    assert s.dist[2][fallen] == 2
    assert s.view(owner)["treasures"][2] == s.treasure(2)
    assert 3 in s.view(owner)["seen"]
    for p in range(3):
        if p != owner:
            assert s.view(p)["treasures"][2] is None
    assert inserter is not None


def test_one_hero_does_not_peek():
    """« Dès qu'un joueur possède 2 héros dans un district » — one is not enough."""
    s = start(P3, seed=4)
    force_card(s, 1)
    s.play("a1")
    fallen = s.horse[0]
    s.play("d3" + s.avail[0])
    assert s.dist[2][fallen] == 1
    assert s.view(s.owner[fallen])["treasures"][2] is None


def test_open_hand_shows_every_treasure():
    """Teaching option: treasures visible to all, no hidden information."""
    s = start(open_hand=True)
    assert not s.hidden_info()
    assert s.view(1)["treasures"] == [s.treasure(d) for d in range(7)]
    assert start().hidden_info()


# ----------------------------------------------------------------- horse memory
def test_memory_horse_is_closed_glass_horse_visible():
    """« Bien entendu, le joueur est tenu d'annoncer quelle couleur de héros il place dans le
    Cheval. Ne vous inquiétez pas si vous oubliez l'ordre des pions présent dans le Cheval »"""
    s = start()
    assert s.view(0)["horse"] == ["?", "?"]
    assert s.view(None)["horse"] == s.horse
    g = start(horse="glass")
    assert g.view(0)["horse"] == g.horse
    svg = GAME.render(s, RenderContext(viewer=0))
    assert "?  ?" in svg


def _play_insertions(s, turns):
    """Play ``turns`` turns announcing 3 with a 3 drawn, inserting into open districts."""
    for _ in range(turns):
        force_card(s, 3)
        s.play("a3")
        while s.phase == "insert":
            s.play(s.legal_moves()[0].text)


SAID_LOAD = ("« Il pioche 2 héros du sac et les insère dans le Cheval par le dessus. Dans le même "
             "temps, il annonce clairement leur couleur. »")
SAID_PUSH = ("« Bien entendu, le joueur est tenu d'annoncer quelle couleur de héros il place dans le "
             "Cheval. Ne vous inquiétez pas si vous oubliez l'ordre des pions présent dans le Cheval au "
             "cours de la partie, reprenez votre mémorisation à partir de maintenant. »")


def _named_pushes(v):
    """The colours a view names as pushed into the horse (or loaded), in order."""
    out = []
    for entries in v["earlier"] + [v["prev_log"], v["log"]]:
        for e in entries:
            if e[0] == "load":
                out += [c for c in e[1] if c != "?"]
            elif e[0] == "insert" and e[1] != "?":
                out.append(e[1])
    return out


def _scripted_turn(s, card=3, announce=2):
    """The player to move announces ``announce``, draws ``card`` and drops
    each hero into the first open district; returns the colours pushed."""
    force_card(s, card)
    s.play(f"a{announce}")
    pushed = []
    while s.phase == "insert":
        m = s.legal_moves()[0].text
        pushed.append(m[2])
        s.play(m)
    return pushed


def _check_heard(s, turns):
    """``turns`` lists the finished turns so far as (seat, colours pushed):
    each seated player's view names the colours of the turns since the end
    of their own previous turn (at least the previous turn), the spectator's
    those of the previous turn; the move list names none."""
    from plateau.core.game import PUBLIC

    for p in range(len(s.players)):
        k = len(turns)
        while k > 0 and turns[k - 1][0] != p:
            k -= 1
        since = turns[k:] or turns[-1:]
        expect = [c for _, cols in since for c in cols]
        assert _named_pushes(s.view(p)) == expect, (p, turns)
    assert _named_pushes(s.view(PUBLIC)) == list(turns[-1][1])


def _seat(s):
    return s.owner[s.colour]


@pytest.mark.parametrize("players", [P2, P4])
def test_pushed_colours_are_announced_until_the_listener_plays_again(players):
    (SAID_LOAD, SAID_PUSH)  # the seed's lines: every colour put into the horse is announced to the
    # table, then it is a matter of memory. Plateau names them to a seated player until the end of
    # that player's next turn (all they heard while the others played), to everyone for the
    # previous turn and the current one; the move list never does.
    s = start(players, seed=3)
    assert s.turn == 1 and s.prev_log[0] == ("load", tuple(s.horse))
    turns = [(s.owner[s.order[0]], list(s.prev_log[0][1]))]  # Odysseus loads on red's behalf
    _check_heard(s, turns)
    for _ in range(2 * len(s.order) + 1):
        seat = _seat(s)
        turns.append((seat, _scripted_turn(s)))
        _check_heard(s, turns)
    # the player to move reads, on the board, what the others pushed since their own last turn
    me = _seat(s)
    k = len(turns)
    while turns[k - 1][0] != me:
        k -= 1
    heard = turns[k:]
    assert heard and all(seat != me for seat, _ in heard)
    svg = GAME.render(s, RenderContext(viewer=me))
    for _, cols in heard:
        line = ", ".join(GAME.t("fr", "colour." + c) for c in cols)
        assert f"a fait entrer {line}" in svg or f"{GAME.t('fr', 'colour.' + cols[-1])} entre" in svg
    # ... and, one full turn of theirs later, no longer
    mine = _scripted_turn(s)
    turns.append((me, mine))
    while _seat(s) == me:  # a player with two colours plays them one after the other
        turns.append((me, _scripted_turn(s)))
    _check_heard(s, turns)
    v = s.view(me)
    assert _named_pushes(v) == turns[-1][1]  # their own turn just played: the others' are gone
    assert len(v["earlier"]) == 0 and v["prev_log"] == [list(e) for e in s.prev_log]
    svg = GAME.render(s, RenderContext(viewer=me))
    assert "a fait entrer" not in svg


def test_announcements_in_the_views_and_on_the_board_four_players():
    (SAID_PUSH,)
    s = start(P4, seed=5)
    _scripted_turn(s)  # Bob
    _scripted_turn(s)  # Cid
    first = [e[1] for e in s.prev_log if e[0] == "insert"]
    _scripted_turn(s)  # Dee
    s.play("a1")  # Ann announces; nothing drawn yet that fails: the current turn goes on
    dee_turn = s.prev_log
    bob = s.owner[s.order[1]]
    v = s.view(bob)
    assert len(v["earlier"]) == 1 and v["prev_log"] == [list(e) for e in dee_turn]
    assert [e[1] for e in v["earlier"][0] if e[0] == "insert"] == first
    # the spectator (a view-only page) heard the previous and the current turn only
    from plateau.core.game import PUBLIC

    assert s.view(PUBLIC)["earlier"] == [] and s.view(PUBLIC)["prev_log"] == v["prev_log"]
    # the announcements are no secret: no pass screen for them
    assert s.private_view_key(bob) == s.private_view_key(s.owner[s.colour]) == frozenset()


def test_failed_turns_and_the_loading_in_the_log_panel():
    s = start(P4, seed=5)
    _scripted_turn(s, card=1, announce=3)  # Bob fails
    _scripted_turn(s)  # Cid
    dee = _seat(s)
    lines = GAME.panel(s, dee, "fr")[-1]["lines"]
    load = ", ".join(GAME.t("fr", "colour." + c) for c in s.earlier[0][0][1])
    assert lines[0] == f"Odysseus charge le Cheval : {load}"
    assert lines[1] == f"{GAME.t('fr', 'colour.' + s.order[1])} n'a fait entrer aucun héros"
    assert any(" entre, " in ln for ln in lines[2:])
    en = GAME.panel(s, dee, "en")[-1]["lines"]
    assert en[1] == f"{GAME.t('en', 'colour.' + s.order[1])} pushed in no hero"


def test_the_text_panel_keeps_a_turns_sub_lines_indented():
    """On a phone the board's log is the page's text panel: what happened in
    a turn stays under the announcement it follows, as on the board (a line
    starting with two spaces belongs to the line above: Game.panel)."""
    s = start(P4, seed=5)
    _scripted_turn(s, card=1, announce=3)  # Bob fails
    _scripted_turn(s)  # Cid
    lines = GAME.panel(s, _seat(s), "fr")[-1]["lines"]
    said = next(i for i, ln in enumerate(lines) if " annonce " in ln)
    assert not lines[said].startswith(" ")
    assert lines[said + 1] == "  carte tirée : 3"
    assert all(ln.startswith("  ") and ln.strip() for ln in lines[said + 1:])
    assert all(" entre, " in ln for ln in lines[said + 2:])
    assert not any(ln.startswith(" ") for ln in lines[:said])


def test_a_long_log_keeps_every_announcement_heard():
    """Three turns heard and a current one: the turns before the previous
    one take one line each; when the panel has no room for the previous
    turn in full, it shrinks to one line too rather than fall off."""
    import re

    from plateau.games.troy.render import log_lines

    s = start(P4, seed=5)
    for _ in range(3):
        _scripted_turn(s, card=3, announce=3)
    force_card(s, 3)
    s.play("a3")
    s.play(s.legal_moves()[0].text)
    me = _seat(s)
    assert s.heard(me) == 3

    def summary(entries):
        cols = ", ".join(GAME.t("fr", "colour." + e[1]) for e in entries if e[0] == "insert")
        return f"{GAME.t('fr', 'colour.' + entries[0][1])} a fait entrer {cols}"

    words = " ".join(re.findall(r">([^<]*)</text>", GAME.render(s, RenderContext(viewer=me))))
    for entries in s.earlier[-2:]:
        assert summary(entries) in words
    full = log_lines(s, me, GAME.t, "fr", True, room=20)
    assert [ln for ln in full if "a fait entrer" in ln] == [summary(e) for e in s.earlier[-2:]]
    short = log_lines(s, me, GAME.t, "fr", True, room=8)
    assert short[:3] == [summary(e) for e in s.earlier[-2:] + [s.prev_log]]
    assert short[3:] == full[-3:]  # the current turn in full


def test_move_list_and_history_do_not_name_the_colours():
    """What was said aloud is not written down: the move list (a record)
    and the positions of the history name no colour pushed; the live board
    does, for the turns the player still has in mind."""
    from plateau.core.record import Record
    from plateau.web.session import Session

    sess = Session(Record("troy", {}, 3, P2, []))
    inserted = 0
    while not (sess.state.phase == "announce" and inserted >= 3):
        m = sess.legal()[0]  # announce 1, keep the treasures, drop into the first open district
        inserted += m.text.startswith("d")
        sess.play(m)
    live = sess.state
    me = live.owner[live.colour]
    pushed = [e[1] for e in live.prev_log if e[0] == "insert"]
    assert pushed
    name = GAME.t("fr", "colour." + pushed[-1])
    assert f"{name} entre" in sess.render("fr", viewer=me)
    assert any(f"{name} entre" in ln for ln in sess.panel("fr", me)[-1]["lines"])
    for i, m in enumerate(sess.record.moves):
        if m.startswith("d"):
            for viewer in (0, 1, "public"):
                label = sess.move_label(i, viewer, "fr")
                assert "entre un héros," in label and not any(
                    f"entre un {GAME.t('fr', 'piece.' + c)}" in label for c in "rbyg")
    sess.goto(sess.total - 1)  # one step back in the history: nothing said aloud is shown
    svg = sess.render("fr", viewer=me)
    assert "un héros entre" in svg
    assert not any(f"{GAME.t('fr', 'colour.' + c)} entre" in svg for c in "rbygk")
    assert not any("a fait entrer" in ln or " entre," in ln and "un héros" not in ln
                   for ln in sess.panel("fr", me)[-1]["lines"])
    assert sess.context("fr", viewer=me).live is False
    sess.goto(sess.total)
    assert sess.context("fr", viewer=me).live is True and f"{name} entre" in sess.render("fr", viewer=me)


def test_closed_horse_hides_its_content_but_not_the_announcements():
    """The horse itself stays closed: two hidden heroes whatever is inside;
    the log names what was announced, which a spectator of the previous and
    current turn heard too. The glass horse shows everything, as before."""
    s = start()
    _play_insertions(s, 1)
    force_card(s, 3)
    s.play("a3")
    s.play(s.legal_moves()[0].text)
    for p in range(len(s.players)):
        v = s.view(p)
        assert v["horse"] == ["?", "?"]
        other = s.clone()
        other.horse = ["k", "k"]
        assert other.view(p) == v  # the horse's content is not in the view
        svg = GAME.render(s, RenderContext(viewer=p))
        assert "?  ?" in svg
        last = [e for e in s.log if e[0] == "insert"][-1]
        assert f"{GAME.t('fr', 'colour.' + last[1])} entre" in svg
    assert GAME.public_move_text("d3r", False) == "d3 ?"
    g = start(horse="glass")
    _play_insertions(g, 1)
    assert all(e[1] != "?" for e in g.view(0)["prev_log"] if e[0] == "insert")
    assert g.view(0)["earlier"] == []
    svg = GAME.render(g, RenderContext(viewer=0))
    assert "un héros entre" not in svg
    assert any(f"{GAME.t('fr', 'colour.' + c)} entre" in svg for c in "rbyg")
    # history on a glass horse: nothing to hide
    assert any(f"{GAME.t('fr', 'colour.' + c)} entre" in GAME.render(g, RenderContext(viewer=0, live=False))
               for c in "rbyg")


# ----------------------------------------------------------------- scoring
def test_tie_rule_example_yellow_wins():
    """« Exemple : dans un district, Rouge et Bleu ont chacun 3 héros, Jaune en a 1 et Vert
    aucun. Jaune remporte le district. »"""
    counts = {"r": 3, "b": 3, "y": 1, "g": 0}
    assert district_winner(counts, "rbyg") == "y"
    assert district_winner(counts, "rbyg", "seat") == "y"


def test_tie_rule_next_player_wins():
    """« si, dans un district, plusieurs joueurs sont à égalité avec le plus de héros, le joueur
    suivant est déclaré vainqueur de ce district ! »"""
    assert district_winner({"r": 2, "b": 1, "y": 1}, "rby") == "r"
    assert district_winner({"r": 2, "b": 2, "y": 1, "g": 1}, "rbyg") is None
    assert district_winner({"r": 2, "b": 2, "y": 2, "g": 1}, "rbyg") == "g"
    assert district_winner({"r": 2, "b": 2, "y": 0}, "rby") is None
    assert district_winner({"r": 0, "b": 0}, "rb") is None
    # seat reading: the next colour in playing order after the tied ones
    assert district_winner({"r": 3, "b": 1, "y": 1, "g": 3}, "rbyg", "seat") == "b"
    assert district_winner({"r": 3, "b": 1, "y": 3, "g": 2}, "rbyg", "seat") == "g"
    assert district_winner({"r": 3, "b": 1, "y": 3, "g": 2}, "rbyg", "rank") == "g"
    assert district_winner({"r": 3, "b": 2, "y": 3, "g": 1}, "rbyg", "seat") == "g"
    assert district_winner({"r": 3, "b": 2, "y": 3, "g": 1}, "rbyg", "rank") == "b"


def test_district_value_heroes_bonus_treasure():
    """« La valeur d'un district conquis correspond à la somme de : Le nombre total de héros
    présent dans ce district, Le bonus éventuel du district (1 ou 3), La valeur de la carte de
    trésor présente sur ce district (0, 1 ou 3). »"""
    s = start(P4)
    d = BONUS.index(3)
    s.dist[d].update({"r": 3, "b": 3, "y": 1, "g": 0})
    assert s.district_winner(d) == "y"
    assert s.district_value(d) == 7 + 3 + s.treasure(d)
    s.phase = "over"
    pts = s.colour_points()
    assert pts["y"] == 7 + 3 + s.treasure(d) and pts["r"] == 0
    assert s.scores()[s.owner["y"]] == pts["y"]
    assert s.winners() == [s.owner["y"]]


def test_most_points_wins():
    """« Le vainqueur est le joueur qui obtient le plus de points. »"""
    s = start(P2)
    s.dist[0]["r"] = 2
    s.dist[1]["b"] = 3
    s.phase = "over"
    sc = s.scores()
    for c in "rb":
        d = 0 if c == "r" else 1
        assert s.colour_points()[c] == s.district_value(d)
    assert s.winners() == [i for i in range(2) if sc[i] == max(sc)]


# ----------------------------------------------------------------- the end
def _near_end(players=P3, seed=2):
    """A game where the bag holds one hero and one is available."""
    s = start(players, seed)
    extra = s.bag[:-1] + s.avail[:-1]
    s.bag = s.bag[-1:]
    s.avail = s.avail[-1:]
    d = 0
    for h in extra:
        while sum(s.dist[d].values()) >= s.cap - 1:
            d += 1
        s.dist[d][h] += 1
    return s


def test_end_sequence_with_black_pawns():
    """« les 2 pions neutres noirs sont nécessaires, au final, pour extraire du Cheval les 2
    derniers pions colorés. »"""
    s = _near_end()
    s.avail = s.avail + s.bag
    s.bag = []
    force_card(s, 3)
    s.play("a3")
    assert s.remaining == 3
    s.play(legal(s)[0])
    s.play(legal(s)[0])
    # the available heroes are exhausted and the bag is empty: the black pawns come out
    assert s.blacks_out and s.avail == ["k", "k"]
    assert {t[-1] for t in legal(s)} == {"k"}
    s.play(legal(s)[0])
    assert s.phase == "announce" and s.horse[1] == "k" and s.avail == ["k"]
    assert len(s.horse) == 2 and not s.is_over()
    # the next player pushes the second black pawn
    force_card(s, 2)
    s.play("a2")
    last = s.horse[0]
    s.play("d7k")
    assert s.is_over() and s.horse == ["k", "k"]
    assert s.dist[6][last] >= 1
    assert sum(all_heroes(s).values()) == 30
    assert s.to_play is None and s.legal_moves() == []
    lines = s.result_lines("fr")
    assert len(lines) == 7 + 3 + 1 and lines[0].startswith("District 1")
    assert s.view(1)["treasures"] == [s.treasure(d) for d in range(7)]


def test_bad_input_is_refused_and_loses_nothing():
    s = start()
    before = s.view(None)
    for bad in ("", "a4", "d1r", "x1-2", "keep", "zz"):
        with pytest.raises(IllegalMove):
            s.play(bad)
    assert s.view(None) == before
    with pytest.raises(RulesError):
        GAME.start(["solo"], {}, 1)
    with pytest.raises(RulesError):
        GAME.start(P4 + ["Eve"], {}, 1)
    with pytest.raises(RulesError):
        GAME.start(P3, {"horse": "wood"}, 1)


# ----------------------------------------------------------------- texts and board
def test_rules_and_catalogue():
    for lang in ("fr", "en"):
        text = GAME.rules(lang)
        assert text.startswith("# ") and "Trident" in text
    assert set(GAME.catalogue["fr"]) == set(GAME.catalogue["en"])
    assert GAME.target_label("d4", "fr") == "District 4"
    assert GAME.target_label("t2", "en") == "Treasure of district 2"
    assert GAME.target_label("a3", "fr") == "Annoncer 3"
    assert GAME.target_label("hr", "en") == "Red hero"
    s = start()
    assert "annoncez" in s.status("fr") and "announce" in s.status("en")


def test_render_targets_and_hidden_treasures():
    s = start(P4, seed=9)
    force_card(s, TRIDENT)
    s.play("a3")
    tg = frozenset(m.path[0] for m in s.legal_moves())
    svg = GAME.render(s, RenderContext(viewer=s.to_play, targets=tg, clicks=("t2",)))
    assert svg.startswith("<svg") and 'data-target="t1"' in svg and 'data-target="d7"' in svg
    assert 'class="treasure target"' in svg and "selected" in svg
    assert "#fff3c4" not in svg  # no treasure face up: nobody has peeked
    full = GAME.render(s, RenderContext(viewer=None))
    assert full.count("#fff3c4") == 7
    s.play("keep")
    tg = frozenset(m.path[0] for m in s.legal_moves())
    svg = GAME.render(s, RenderContext(viewer=s.to_play, targets=tg, lang="en"))
    assert 'class="district target"' in svg
    m = s.legal_moves()[0]
    s.play(m)
    svg = GAME.render(s, RenderContext(viewer=0, last=m))
    assert "8,5" in svg  # the last district marked
    json.dumps(s.view(0))
