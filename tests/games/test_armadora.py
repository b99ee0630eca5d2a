"""Armadora: every rule of the seed, quoted, and worked examples."""

from __future__ import annotations

import pytest

from plateau.core.game import IllegalMove, RenderContext
from plateau.games.armadora import GAME
from plateau.games.armadora import rules as R

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def texts(s):
    return {m.text for m in s.legal_moves()}


def start(n=2, rules="basic", seed=0, chars=None, **opts):
    """A game in its play phase (basic rules: characters picked in order)."""
    s = GAME.start(NAMES[:n], {"rules": rules, **opts}, seed)
    if rules == "basic":
        for c in (chars or R.CHARACTERS[:n]):
            s.play("pick:" + c)
    elif chars:
        s.chars = list(chars)
        s.powers = [R.POWERS[c] for c in chars]
        s._legal = None
    return s


def place(s, sq, owner, value, faceup=False):
    i = R.SQ_INDEX[sq]
    assert s.owner[i] < 0 and not s.gold[i]
    s.hand[owner][value - 1] -= 1
    s.owner[i], s.value[i], s.faceup[i] = owner, value, faceup
    s._legal = None


def fence(s, *lines):
    for name in lines:
        s.pal |= 1 << R.LINE_INDEX[name]
        s.pal_left -= 1
    s._legal = None


def column_lines(c):
    """The 5 vertical lines between column ``c`` and the next (0-based)."""
    a, b = "abcdefgh"[c], "abcdefgh"[c + 1]
    return [f"{a}{r}-{b}{r}" for r in range(1, 6)]


def columns_board(s):
    """Cut the board into 8 one-column territories of 5 squares (one mine each)."""
    s.pal, s.pal_left = 0, R.PALISADES
    for c in range(7):
        fence(s, *column_lines(c))


def finish(s):
    s.phase = "over"
    s._result = None
    s._legal = None


def set_gold(s, **amounts):
    """Gold of the mine of each column: set_gold(s, a=7, b=4)."""
    s.gold = [0] * R.NSQ
    for col, amount in amounts.items():
        mine = next(m for m in R.MINES if R.SQ_NAMES[m][0] == col)
        s.gold[mine] = amount


# ---------------------------------------------------------------------------
# Board and set-up
# ---------------------------------------------------------------------------
def test_board_is_8_by_5_with_8_mines_and_67_inner_lines():
    """« 1 plateau de jeu » — 8 × 5 squares, 8 mines, palisades on the 67 inner lines."""
    assert R.NSQ == 40 and (R.COLS, R.ROWS) == (8, 5)
    assert sorted(R.SQ_NAMES[m] for m in R.MINES) == sorted(["d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5"])
    assert len(R.LINES) == 67


def test_no_palisade_on_the_rim():
    """« On ne pose aucune palissade sur le pourtour du plateau. »"""
    for a, b in R.LINES:
        assert b in (a + 1, a + 8)
        if b == a + 1:
            assert a // 8 == b // 8  # same row: a true inner vertical line


@pytest.mark.parametrize("n,total,table", [
    (2, 16, [11, 2, 1, 1, 1]), (3, 11, [7, 2, 1, 1, 0]), (4, 8, [5, 1, 1, 1, 0]),
])
def test_warriors_per_player_count(n, total, table):
    """« Nombre de joueurs / Nombre de Guerriers par joueur / Valeur des Guerriers » (2: 16, 3: 11, 4: 8)."""
    s = start(n)
    for p in range(n):
        assert s.hand[p] == table and sum(s.hand[p]) == total


def test_gold_piles_dealt_at_random_onto_the_mines():
    """« Répartir les 40 « or » en 8 tas : 1 tas de 3, 2 de 4, 2 de 5, 2 de 6 et 1 de 7. Puis placer ces huit
    tas de façon aléatoire sur les huit emplacements « mine d'or des nains ». »"""
    layouts = set()
    for seed in range(12):
        s = start(2, seed=seed)
        assert sorted(s.gold[m] for m in R.MINES) == [3, 4, 4, 5, 5, 6, 6, 7]
        assert sum(s.gold) == 40
        layouts.add(tuple(s.gold))
        again = start(2, seed=seed)
        assert again.gold == s.gold  # replays from the seed
    assert len(layouts) > 6


def test_35_palisades():
    """« Poser les 35 palissades à proximité du plateau de jeu. »"""
    assert start(2).pal_left == 35


def test_youngest_first_named_starts():
    """« Le joueur le plus jeune commence la 1ère partie. » — the first named."""
    s = start(3)
    assert s.to_play == 0


def test_basic_rules_characters_are_chosen_in_turn_order():
    """« Chaque joueur choisit un personnage (Orc – Gobelin – Elfe – Mage). »"""
    s = GAME.start(NAMES[:3], {}, 0)
    assert s.phase == "pick" and s.to_play == 0
    assert texts(s) == {"pick:orc", "pick:goblin", "pick:elf", "pick:mage"}
    s.play("pick:mage")
    assert s.to_play == 1 and "pick:mage" not in texts(s)
    s.play("pick:elf")
    s.play("pick:orc")
    assert s.phase == "play" and s.to_play == 0 and s.chars == ["mage", "elf", "orc"]
    assert s.powers == [0, 0, 0] and s.reinf_left == [False] * 3


def test_advanced_rules_characters_dealt_at_random_with_powers():
    """« Attribuer au hasard un personnage ... 2 pour l'Elfe et le mage, 1 pour l'Orc et le Gobelin. »"""
    seen = set()
    for seed in range(10):
        s = GAME.start(NAMES[:4], {"rules": "advanced"}, seed)
        assert s.phase == "play" and sorted(s.chars) == sorted(R.CHARACTERS)
        assert s.powers == [R.POWERS[c] for c in s.chars]
        assert s.reinf_left == [True] * 4
        seen.add(tuple(s.chars))
    assert len(seen) > 3


# ---------------------------------------------------------------------------
# A turn
# ---------------------------------------------------------------------------
def test_place_warrior_face_down_on_a_free_square():
    """« Le joueur peut poser un de ses Guerriers, face cachée, sur une case libre (case sans Guerrier ni
    « or »). »"""
    s = start(2)
    ts = texts(s)
    assert "W5@a1" in ts and "W1@a1" in ts
    for m in R.MINES:
        assert f"W1@{R.SQ_NAMES[m]}" not in ts
    s.play("W5@a1")
    i = R.SQ_INDEX["a1"]
    assert s.owner[i] == 0 and s.value[i] == 5 and not s.faceup[i]
    assert s.hand[0][4] == 0
    assert not any(t.endswith("@a1") for t in texts(s))
    s.play("W1@b1")
    s.legal_moves()
    assert not any(t.startswith("W5@") for t in texts(s))  # Ann's only 5 is placed


def test_warrior_move_path_is_value_and_square_in_either_order():
    s = start(2)
    m = s.move_from_text("W3@c3")
    assert m.path == ("v3", "c3") and m.free == 0
    assert m.matches(["c3", "v3"]) and m.complete(["c3", "v3"])
    assert GAME.target_label("v3", "fr") == "Guerrier 3"


def test_a_click_on_an_empty_square_first_offers_the_values():
    from plateau.core.record import Record
    from plateau.web.session import Session

    rec = Record("armadora", GAME.full_options({"rules": "basic"}), 1, ["Ann", "Bob"], ["pick:goblin", "pick:mage"])
    s = Session(rec)
    assert "c3" in s.next_targets()
    assert s.click("c3") is None
    assert {"v1", "v2", "v3", "v4", "v5"} <= s.next_targets()
    played = s.click("v3")
    assert played is not None and played.text == "W3@c3"


def test_two_palisades_need_not_be_adjacent():
    """« Les deux palissades posées dans un tour n'ont pas besoin d'être adjacentes. »"""
    s = start(2)
    s.play("P:a1-b1,g4-h4")
    assert s.pal_left == 33 and s.to_play == 1


def test_one_palisade_instead_of_two():
    """« S'il le souhaite, un joueur peut ne poser qu'une palissade au lieu de deux. »"""
    s = start(2)
    m = s.move_from_text("P:c3-d3")
    assert m.path == ("c3-d3",)
    pair = s.move_from_text("P:e2-e3,c3-d3")
    assert pair.free == 0 and pair.matches(("e2-e3",)) and pair.matches(("c3-d3",))
    s.play(m)
    assert s.pal_left == 34 and s.to_play == 1


def test_pair_text_is_canonical():
    s = start(2)
    assert "P:e2-e3,c3-d3" in texts(s) and "P:c3-d3,e2-e3" not in texts(s)
    with pytest.raises(IllegalMove) as e:
        s.play("P:c3-d3,e2-e3")
    assert "board order" in str(e.value)


def test_palisade_creating_territory_under_4_squares_is_forbidden():
    """« Restriction : il est interdit de poser une palissade si cela crée un territoire de moins de 4 cases. »"""
    s = start(2)
    s.play("P:a1-b1")
    s.play("W1@c3")
    ts = texts(s)
    assert "P:a1-a2" not in ts  # would enclose a1 alone
    assert "P:a1-a2,c4-d4" not in ts
    with pytest.raises(IllegalMove) as e:
        s.play("P:a1-a2")
    assert "fewer than 4" in str(e.value)
    # a pair that together closes a 2-square corner is refused too
    s2 = start(2)
    assert "P:a1-a2,b1-c1" in texts(s2)
    s2.play("P:a1-a2,b1-c1")
    s2.play("W1@c3")
    assert "P:b1-b2" not in texts(s2)  # {a1, b1} would be a territory of 2


def test_territory_of_exactly_4_squares_is_allowed():
    """« Territoire de 4 cases » (exemple de partie en cours)."""
    s = start(2)
    s.play("P:b1-c1,b2-c2")
    s.play("P:a2-a3")
    assert "P:b2-b3" in texts(s)
    s.play("P:b2-b3")
    comp, sizes = s.territory_map()
    assert sorted(sizes) == [4, 36]
    assert comp[R.SQ_INDEX["a1"]] == comp[R.SQ_INDEX["b2"]]


def test_open_palisades_separate_nothing():
    """A palisade with open ends separates nothing until a closed line forms."""
    s = start(2)
    s.play("P:c2-d2,c3-d3")
    assert s.territory_map()[1] == [40]


def test_legal_lines_match_brute_force():
    """Every candidate line is checked: the fast bridge test agrees with recounting territories."""
    import itertools

    from plateau.core.rng import Rng

    rng = Rng(7)
    for trial in range(16):
        s = start(2, seed=trial)
        for _ in range(3 + trial):
            ms = [m for m in s.legal_moves() if m.text.startswith("P:")]
            if not ms:
                break
            s.play(rng.choice(ms))
        pal = s.pal
        fast = R.legal_lines(pal)
        for li in range(len(R.LINES)):
            if (pal >> li) & 1:
                continue
            ok = min(R.territories(pal | (1 << li))[1]) >= 4
            assert bool((fast >> li) & 1) == ok
        singles, pairs = R.palisade_moves(pal)
        pair_set = {m.text for m in pairs}
        free = [li for li in range(len(R.LINES)) if not (pal >> li) & 1]
        for l1, l2 in itertools.combinations(free, 2):
            ok = min(R.territories(pal | (1 << l1) | (1 << l2))[1]) >= 4
            assert (f"P:{R.LINE_NAMES[l1]},{R.LINE_NAMES[l2]}" in pair_set) == ok


def test_territory_may_hold_several_mines_or_none():
    """« Un territoire peut contenir plusieurs mines d'or, comme il peut n'en contenir aucune. »"""
    s = start(2)
    columns_board(s)
    assert all(sum(1 for i in t if s.gold[i]) == 1 for t in s.territory_squares())  # one mine per column
    s2 = start(2)
    fence(s2, *column_lines(1))  # a-b | c-h
    fence(s2, "a3-a4", "b3-b4")  # a1-b3 (6 squares, mine b2) / a4-b5 (4 squares, mine a4)
    sq = s2.territory_squares()
    golds = sorted((len(t), sum(s2.gold[i] for i in t) > 0) for t in sq)
    assert golds == [(4, True), (6, True), (30, True)]
    s3 = start(2)
    fence(s3, "d1-d2", "e1-e2", "d3-d4", "e3-e4", "c2-d2", "c3-d3", "e2-f2", "e3-f3")  # d2 e2 d3 e3: no mine
    empty = [t for t in s3.territory_squares() if R.SQ_INDEX["d2"] in t][0]
    assert len(empty) == 4 and not any(s3.gold[i] for i in empty)
    s4 = start(2)
    fence(s4, "a1-b1", "a2-b2", "a3-b3", "a4-b4", "a5-b5")  # column a: mine a4
    fence(s4, "b1-c1", "b3-c3", "b4-c4", "b5-c5", "b2-c2")  # column b: mine b2
    fence(s4, "c1-d1", "c2-d2", "c3-d3", "c4-d4", "c5-d5")  # column c: mine c5
    fence(s4, "d3-e3", "d4-e4", "d5-e5", "d2-e2", "d1-e1")  # column d: mine d1
    terr = s4.territory_squares()
    assert sorted(len(t) for t in terr) == [5, 5, 5, 5, 20]
    big = [t for t in terr if len(t) == 20][0]
    assert sum(1 for i in big if s4.gold[i]) == 4  # several mines in one territory


def test_complete_territory():
    """« Territoire de 4 cases « complet » » — every square holds a warrior or gold."""
    s = start(2)
    fence(s, "b1-c1", "b2-c2", "a2-a3", "b2-b3")  # a1 b1 a2 b2 (mine b2)
    k = s.territory_map()[0][0]
    assert k not in s.complete_territories()
    place(s, "a1", 0, 1)
    place(s, "b1", 1, 1)
    assert k not in s.complete_territories()
    place(s, "a2", 0, 2)
    assert k in s.complete_territories()


# ---------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------
def test_player_without_warriors_can_still_place_palisades():
    """« Quand un joueur n'a plus de Guerrier, il peut continuer à placer des palissades. »"""
    s = start(2)
    s.hand[0] = [0] * 5
    s._legal = None
    ts = texts(s)
    assert not any(t.startswith("W") for t in ts) and "P:c3-d3" in ts


def test_without_palisades_warriors_can_still_be_played():
    """« De même, s'il n'y a plus de palissades, il peut jouer des Guerriers. »"""
    s = start(2)
    s.pal_left = 0
    s._legal = None
    ts = texts(s)
    assert not any(t.startswith("P:") for t in ts) and "W1@a1" in ts
    s.pal_left = 1
    s._legal = None
    ts = texts(s)
    assert "P:c3-d3" in ts and not any(t.startswith("P:") and "," in t for t in ts)


def test_pass_is_final_and_game_ends_when_all_have_passed():
    """« Quand il ne peut plus ou ne veut plus jouer, il peut passer, mais ne pourra plus jouer jusqu'à la fin
    de la partie. Une fois que tous les joueurs ont passé leur tour, la partie est terminée. »"""
    s = start(3)
    s.play("pass")
    assert s.to_play == 1
    s.play("W1@a1")
    s.play("W1@b1")
    assert s.to_play == 1  # Ann is skipped
    s.play("pass")
    assert s.to_play == 2 and not s.is_over()
    s.play("W1@c1")
    assert s.to_play == 2
    s.play("pass")
    assert s.is_over() and s.to_play is None and s.legal_moves() == []


def test_player_with_no_legal_action_must_pass():
    """A player who cannot play any more may only pass."""
    s = start(2)
    s.hand[0] = [0] * 5
    s.pal_left = 0
    s._legal = None
    assert texts(s) == {"pass"}


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def test_highest_total_takes_all_the_gold_of_a_territory():
    """« Dans tous les territoires, chaque joueur additionne les points de ses Guerriers. Le joueur qui possède
    le plus de points dans un territoire reçoit tout l'or de celui-ci. »"""
    s = start(2)
    columns_board(s)
    set_gold(s, a=7, b=4)
    place(s, "a1", 0, 1)
    place(s, "a2", 0, 1)
    place(s, "a3", 1, 1)
    place(s, "b1", 1, 5)
    finish(s)
    c = s.count()
    assert c["piles"] == [[7], [4]] and s.scores() == [7, 4] and s.winners() == [0]


def test_tie_shares_gold_and_remainder_is_not_awarded():
    """« En cas d'égalité, les joueurs concernés se partagent les gains. Si la quantité d'or n'est pas
    divisible par le nombre de joueurs à égalité, alors un ou deux « or » pourront ne pas être attribués. »"""
    s = start(3)
    columns_board(s)
    set_gold(s, a=7)
    place(s, "a1", 0, 2)
    place(s, "a2", 1, 1)
    place(s, "a3", 1, 1)
    place(s, "a5", 2, 2)
    finish(s)
    t = s.count()["territories"][0]
    assert t["winners"] == [0, 1, 2] and t["share"] == 2 and t["lost"] == 1
    assert s.scores() == [2, 2, 2]
    assert any("non attribué" in line for line in s.result_lines("fr"))


def test_each_territory_is_a_separate_pile():
    """« Les cubes gagnés par un joueur dans chaque territoire sont placés devant lui en tas séparés. »"""
    s = start(2)
    columns_board(s)
    set_gold(s, a=3, b=4, c=5)
    for sq in ("a1", "b1", "c1"):
        place(s, sq, 0, 1)
    finish(s)
    assert s.count()["piles"][0] == [5, 4, 3]


def test_territory_without_warrior_gives_its_gold_to_nobody():
    s = start(2)
    columns_board(s)
    set_gold(s, a=6, b=4)
    place(s, "b1", 1, 1)
    finish(s)
    assert s.scores() == [0, 4]


def test_two_player_tie_break_on_largest_pile():
    """« Si la valeur la plus élevée gagnée par A dans un territoire est supérieure à la valeur la plus élevée
    gagnée par B dans un territoire alors le joueur A gagne la partie. »"""
    s = start(2)
    columns_board(s)
    set_gold(s, a=7, b=4, c=3)
    place(s, "a1", 0, 1)
    place(s, "b1", 1, 1)
    place(s, "c1", 1, 1)
    finish(s)
    assert s.scores() == [7, 7]
    assert s.winners() == [0]
    lines = s.result_lines("fr")
    assert "Égalité à 7 or" in lines[0] and "Ann gagne au départage" in lines[1]


def test_two_player_tie_break_goes_down_the_piles():
    """« Si la valeur la plus élevée gagnée par A et B dans un territoire est identique. Les 2 joueurs devront
    comparer leur 2ème valeur la plus élevée, puis la 3ème valeur si nécessaire et ainsi de suite jusqu'à se
    départager. »"""
    s = start(2)
    columns_board(s)
    set_gold(s, a=6, b=6, c=3, d=4, e=1)
    place(s, "a1", 0, 1)  # A: 6, 4
    place(s, "d2", 0, 1)
    place(s, "b1", 1, 1)  # B: 6, 3, 1
    place(s, "c1", 1, 1)
    place(s, "e1", 1, 1)
    finish(s)
    assert s.scores() == [10, 10]
    assert s.count()["piles"] == [[6, 4], [6, 3, 1]]
    assert s.winners() == [0]


def test_three_player_tie_break_eliminates_smaller_top_pile():
    """« Si la valeur la plus élevée gagnée par A et B dans un territoire est identique et supérieure à la
    valeur la plus élevée gagnée par C dans un territoire alors le joueur C ne pourra plus gagner la partie. Et
    donc, A et B devront comparer leur 2ème valeur la plus élevée... »"""
    s = start(3)
    columns_board(s)
    set_gold(s, a=6, b=4, c=6, d=3, e=1, f=5, g=5)
    place(s, "a1", 0, 1)  # A: 6, 4
    place(s, "b1", 0, 1)
    place(s, "c1", 1, 1)  # B: 6, 3, 1
    place(s, "d2", 1, 1)
    place(s, "e1", 1, 1)
    place(s, "f1", 2, 1)  # C: 5, 5 (second pile larger than A's, but C is out)
    place(s, "g1", 2, 1)
    finish(s)
    assert s.scores() == [10, 10, 10]
    assert s.winners() == [0]


def test_identical_piles_share_the_win():
    s = start(2)
    columns_board(s)
    set_gold(s, a=5, b=5)
    place(s, "a1", 0, 1)
    place(s, "b1", 1, 1)
    finish(s)
    assert s.winners() == [0, 1]
    assert "ensemble" in s.result_lines("fr")[1]


def test_four_players_partners_add_values_and_pool_gold():
    """« Les points des Guerriers partenaires sont additionnés dans chaque territoire. L'or gagné est regroupé
    par équipe. »"""
    s = start(4)
    columns_board(s)
    set_gold(s, a=7, b=4)
    place(s, "a1", 0, 1)  # Ann + Cleo = 3
    place(s, "a2", 2, 2)
    place(s, "a3", 1, 2)  # Bob = 2 (more than Ann alone)
    place(s, "b1", 3, 1)  # Dan takes b for Bob & Dan
    finish(s)
    assert s.count()["piles"] == [[7], [4]]
    assert s.scores() == [7, 4, 7, 4]
    assert s.winners() == [0, 2]
    assert s.result_lines("en")[0] == "Ann & Cleo win with 7 gold."


def test_end_screen_lists_every_territory_and_why():
    s = start(2)
    columns_board(s)
    set_gold(s, a=7, b=4, c=3, d=5, e=6, f=5, g=6, h=4)
    place(s, "a1", 0, 3)
    place(s, "a2", 1, 2)
    finish(s)
    lines = s.result_lines("en")
    terr = [ln for ln in lines if ln.startswith("Territory")]
    assert len(terr) == 8
    assert terr[0] == "Territory 1 (a1…, 5 squares, 7 gold): Ann 3, Bob 2 → Ann takes 7 gold"
    assert terr[1].endswith("no warrior → nobody takes the gold")
    assert lines[-2:] == ["Ann: 7 gold (piles: 7)", "Bob: 0 gold (piles: —)"]


def test_all_warriors_revealed_at_the_end():
    """« Tous les Guerriers sont retournés. »"""
    s = start(2)
    s.play("W3@a1")
    s.play("W2@b1")
    assert s.view(1)["warriors"][0]["value"] is None
    s.play("pass")
    s.play("pass")
    assert [w["value"] for w in s.view(1)["warriors"]] == [3, 2]


# ---------------------------------------------------------------------------
# Hidden information and the review option
# ---------------------------------------------------------------------------
def test_review_option_allowed_shows_own_placed_values():
    """« Au début de la partie, on décidera si on a le droit ou pas de revoir ses Guerriers déjà placés. »"""
    s = start(2, review="yes")
    s.play("W4@a1")
    assert s.view(0)["warriors"][0]["value"] == 4
    assert s.view(1)["warriors"][0]["value"] is None


def test_review_option_forbidden_hides_own_placed_values():
    """« ... Le cas échéant, il faudra s'en souvenir. »"""
    s = start(2, review="no")
    s.play("W4@a1")
    v = s.view(0)
    assert v["warriors"][0]["value"] is None
    assert v["hands"][0]["values"] == [11, 2, 1, 0, 1]  # the hand stays visible
    svg = GAME.render(s, RenderContext(viewer=0))
    assert "valeur 4" not in svg


def test_partner_values_stay_hidden():
    """« Les joueurs opposés sont partenaires, ils peuvent parler mais ne peuvent pas montrer leurs pions à
    leurs partenaires. »"""
    s = start(4)
    s.play("W4@a1")
    v = s.view(2)
    assert v["warriors"][0]["value"] is None and "values" not in v["hands"][0]
    assert s.view(None)["warriors"][0]["value"] == 4


def test_open_hand_shows_everything():
    s = start(2, open_hand=True)
    assert not s.hidden_info()
    s.play("W4@a1")
    assert s.view(1)["warriors"][0]["value"] == 4
    assert start(2).hidden_info()


def test_public_move_text_hides_values():
    assert GAME.public_move_text("W4@a1", False) == "W?@a1"
    assert GAME.public_move_text("W4@a1", True) == "W4@a1"


# ---------------------------------------------------------------------------
# Advanced rules: powers and reinforcements
# ---------------------------------------------------------------------------
def test_power_is_played_first_then_a_normal_action():
    """« Le pouvoir est toujours joué en premier (Avant la pose de palissades, d'un Guerrier ou d'un renfort). »
    « Un joueur ne peut utiliser qu'un pouvoir durant son tour de jeu. »"""
    s = start(2, "advanced", chars=["orc", "mage"])
    s.play("orc:c3-d3")
    assert s.to_play == 0 and s.power_used == "orc"
    ts = texts(s)
    assert "pass" not in ts and not any(t.startswith("orc:") for t in ts)
    s.play("P:a1-b1,g4-h4")  # the extra palisade, then two more
    assert s.pal_left == 32 and s.to_play == 1 and s.powers[0] == 0


def test_mage_looks_at_an_opponent_warrior_secretly():
    """« MAGE : ... regarder secrètement la valeur d'un Guerrier adverse déjà posé. Le pouvoir utilisé est
    retiré du jeu. »"""
    s = start(2, "advanced", chars=["orc", "mage"])
    s.play("W4@c3")
    assert s.view(1)["warriors"][0]["value"] is None
    assert texts(s) >= {"mage:c3"}
    s.play(s.move_from_text("mage:c3"))
    assert s.powers[1] == 1
    assert s.view(1)["warriors"][0]["value"] == 4
    assert s.view(None)["looked"] == [[], ["c3"]]
    s.play("W1@a1")
    assert "mage:c3" not in texts(s)  # already known


def test_mage_cannot_look_at_partner():
    """« Dans une partie à 4 joueurs, il n'est pas possible d'utiliser le pouvoir du Mage pour regarder un
    Guerrier de son partenaire. »"""
    s = start(4, "advanced", chars=["orc", "goblin", "mage", "elf"])
    s.play("W1@a1")  # Ann, Cleo's partner
    s.play("W1@b1")  # Bob
    ts = texts(s)
    assert "mage:b1" in ts and "mage:a1" not in ts


def test_goblin_places_an_extra_warrior_face_up():
    """« GOBELIN : ... le joueur place un de ses Guerriers face visible sur une case libre du plateau. »"""
    s = start(2, "advanced", chars=["goblin", "mage"])
    m = s.move_from_text("goblin:W2@c3")
    assert m.path == ("pw-goblin", "v2", "c3")
    s.play(m)
    assert s.faceup[R.SQ_INDEX["c3"]] and s.view(1)["warriors"][0]["value"] == 2
    s.play("W5@d3")
    assert s.to_play == 1 and sum(s.hand[0]) == 14


def test_orc_places_an_extra_palisade_with_the_same_restriction():
    """« ORC : Jouer une palissade supplémentaire ... »"""
    s = start(2, "advanced", chars=["orc", "mage"])
    s.play("P:a1-b1")
    s.play("W1@h5")
    assert "orc:a1-a2" not in texts(s)
    assert "orc:c3-d3" in texts(s)


def test_elf_hits_anywhere_while_no_territory_exists():
    """« En début de partie, si aucun territoire n'a été créé, un Elfe peut atteindre n'importe quel Guerrier
    sur le plateau. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    s.play("W3@h5")
    assert "elf:h5" in texts(s)
    s.play("elf:h5")
    s.play("W1@a1")
    assert s.arrows[R.SQ_INDEX["h5"]] == 1


def test_elf_needs_a_warrior_in_the_same_territory():
    """« si un Elfe est présent dans un territoire il peut ... atteindre d'une flèche un Guerrier adverse situé
    dans le même territoire que lui. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    fence(s, *column_lines(1))  # a-b | c-h
    place(s, "a1", 0, 1)
    place(s, "c1", 0, 1)
    place(s, "d2", 1, 1)  # the Elf is in c-h only
    s.cur = 1
    s._legal = None
    ts = texts(s)
    assert "elf:c1" in ts and "elf:a1" not in ts and "elf:d2" not in ts


def test_elf_cannot_shoot_in_a_complete_territory():
    """« La flèche ne pourra pas être décochée si le territoire dans lequel se trouve l'Elfe est complet. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    fence(s, "b1-c1", "b2-c2", "a2-a3", "b2-b3")  # a1 b1 a2 b2 (mine b2)
    place(s, "a1", 0, 1)
    place(s, "b1", 1, 1)
    s.cur = 1
    s._legal = None
    assert "elf:a1" in texts(s)
    place(s, "a2", 0, 1)  # now complete
    assert "elf:a2" not in texts(s) and "elf:a1" not in texts(s)


def test_elf_two_arrows_never_in_one_turn():
    """« Le même Elfe peut tirer 2 flèches sur un même Guerrier ou sur deux Guerriers différents mais pas dans
    le même tour de jeu. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    s.play("W1@a1")
    s.play("elf:a1")
    assert not any(t.startswith("elf:") for t in texts(s))
    s.play("W1@h5")
    s.play("W1@b1")
    s.play("elf:a1")
    s.play("W1@g4")
    assert s.arrows[R.SQ_INDEX["a1"]] == 2 and s.powers[1] == 0
    assert s.effective(R.SQ_INDEX["a1"]) == -1  # the literal reading (default option)


def test_elf_cannot_shoot_partner():
    s = start(4, "advanced", chars=["elf", "orc", "mage", "goblin"])
    s.cur = 2
    place(s, "a1", 2, 1)
    place(s, "b1", 1, 1)
    s.cur = 0
    s._legal = None
    ts = texts(s)
    assert "elf:b1" in ts and "elf:a1" not in ts


def test_arrow_lowers_value_at_the_count():
    """« ... ce qui diminuera d'1 point la valeur de ce Guerrier lors du décompte final. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    columns_board(s)
    set_gold(s, a=5)
    place(s, "a1", 0, 2)
    place(s, "a2", 1, 2)
    s.arrows[R.SQ_INDEX["a1"]] = 1
    finish(s)
    assert s.scores() == [0, 5]


@pytest.mark.parametrize("arrows, a1, scores", [("minus", -1, [2, 2]), ("floor", 0, [5, 0])])
def test_two_arrows_on_a_1_count_minus_one_or_zero_per_option(arrows, a1, scores):
    """« Le même Elfe peut tirer 2 flèches sur un même Guerrier » — « ce qui diminuera d'1 point la valeur de
    ce Guerrier lors du décompte final. » The rules do not say whether a value may fall below 0: option
    ``arrows``, ``minus`` (default, literal: a 1 hit twice counts −1) or ``floor`` (it counts 0)."""
    assert GAME.start(NAMES[:2], {"rules": "advanced"}, 0).options["arrows"] == "minus"
    s = start(2, "advanced", chars=["orc", "elf"], arrows=arrows)
    columns_board(s)
    set_gold(s, a=5)
    place(s, "a1", 0, 1)
    place(s, "a2", 0, 2)
    place(s, "a3", 1, 1)
    s.arrows[R.SQ_INDEX["a1"]] = 2
    finish(s)
    assert s.effective(R.SQ_INDEX["a1"]) == a1
    t = s.count()["territories"][0]
    assert t["points"] == [2 + a1, 1]
    assert s.scores() == scores  # minus: 1 against 1, a tie (5 split, 1 not awarded); floor: 2 against 1


def test_reinforcement_only_on_own_warrior_in_complete_territory():
    """« Le renfort ne peut être posé que dans un territoire complet » ; « Le renfort de chaque joueur se pose sur
    un de ses Guerriers déjà placé sur le plateau et majore celui-ci d'une valeur de 1. »"""
    s = start(2, "advanced", chars=["orc", "mage"])
    fence(s, "b1-c1", "b2-c2", "a2-a3", "b2-b3")  # a1 b1 a2 b2 (mine b2)
    place(s, "a1", 0, 1)
    place(s, "b1", 1, 1)
    place(s, "d3", 0, 1)
    assert not any(t.startswith("reinf:") for t in texts(s))
    place(s, "a2", 1, 1)
    ts = texts(s)
    assert "reinf:a1" in ts and "reinf:a2" not in ts and "reinf:d3" not in ts
    m = s.move_from_text("reinf:a1")
    assert m.path == ("reinf", "a1")
    s.play(m)
    assert s.to_play == 1 and s.reinf[R.SQ_INDEX["a1"]] and not s.reinf_left[0]
    assert not any(t.startswith("reinf:") for t in texts(s))  # one per territory


def test_reinforcement_not_on_partner():
    """« Dans une partie à 4 joueurs, le renfort ne peut pas être placé sur un Guerrier de son partenaire. »"""
    s = start(4, "advanced", chars=["orc", "goblin", "elf", "mage"])
    fence(s, "b1-c1", "b2-c2", "a2-a3", "b2-b3")
    place(s, "a1", 2, 1)
    place(s, "b1", 0, 1)
    place(s, "a2", 1, 1)
    ts = texts(s)
    assert "reinf:b1" in ts and "reinf:a1" not in ts


def test_reinforcement_may_sit_on_an_arrow_and_wins_a_tie():
    """« Un renfort peut être placé par dessus le pouvoir de l'Elfe. » « En cas d'égalité dans un territoire,
    le joueur ayant mis son renfort remporte l'intégralité de l'or de ce territoire. »"""
    s = start(2, "advanced", chars=["orc", "elf"])
    fence(s, "b1-c1", "b2-c2", "a2-a3", "b2-b3")
    place(s, "a1", 0, 3)
    place(s, "b1", 1, 2)
    place(s, "a2", 1, 1)
    s.arrows[R.SQ_INDEX["a1"]] = 1
    s._legal = None
    assert "reinf:a1" in texts(s)
    s.play("reinf:a1")  # 3 - 1 + 1 = 3 against 2 + 1 = 3
    for p in (1, 0):
        s.play("pass")
    assert s.is_over()
    t = s.count()["territories"][0]
    assert t["points"] == [3, 3] and t["winners"] == [0] and t["by_reinf"] and t["share"] == s.gold[R.SQ_INDEX["b2"]]
    assert any("le renfort d'Ann l'emporte" in ln for ln in s.result_lines("fr"))


def test_power_offered_only_if_an_action_remains():
    s = start(2, "advanced", chars=["goblin", "mage"])
    s.hand[0] = [1, 0, 0, 0, 0]
    s.pal_left = 0
    s._legal = None
    assert not any(t.startswith("goblin:") for t in texts(s))
    s.hand[0] = [2, 0, 0, 0, 0]
    s._legal = None
    assert "goblin:W1@a1" in texts(s)


# ---------------------------------------------------------------------------
# Bad input and rendering
# ---------------------------------------------------------------------------
def test_bad_input_gets_a_clear_message_and_changes_nothing():
    s = start(2)
    before = s.view(None)
    for text, reason in [("W1@d1", "not free"), ("W1@z9", "no such square"), ("P:a1-c3", "no such inner line"),
                         ("mage:a1", "advanced"), ("hello", "unknown")]:
        with pytest.raises(IllegalMove) as e:
            s.play(text)
        assert reason in str(e.value)
    assert s.view(None) == before


def test_render_draws_targets_and_hides_values():
    s = start(2, "advanced", chars=["orc", "mage"])
    s.play("W5@c3")
    s.play("P:a1-b1")
    svg = GAME.render(s, RenderContext(viewer=1, targets=frozenset({"v1", "c4", "d3-e3"}), lang="en"))
    assert svg.startswith("<svg") and svg.count("<svg") == 1
    assert 'data-target="c4"' in svg and 'data-target="d3-e3"' in svg
    assert "value 5" not in svg
    svg0 = GAME.render(s, RenderContext(viewer=0, lang="en"))
    assert "value 5" in svg0
    for p in (None, 0, 1):
        assert "ARMADORA" in GAME.render(s, RenderContext(viewer=p, coords=False))


def test_rules_help_in_both_languages():
    fr, en = GAME.rules("fr"), GAME.rules("en")
    assert fr.startswith("# Armadora") and en.startswith("# Armadora")
    assert "`b2-c2`" in fr and "`b2-c2`" in en
