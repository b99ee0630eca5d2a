"""Thud: every rule of the seed, quoted, as a test (plus the rules notes'
board, start position and the disputed points made options)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from plateau.core.game import IllegalMove, Move, RulesError
from plateau.games.thud import GAME
from plateau.games.thud import board as B
from plateau.games.thud.board import DWARF, TROLL

P = ["Ann", "Bob"]


def pos(pieces: str, side: str = "d", **opts):
    """A state whose round starts from ``pieces`` (a .thud first line; the
    Thudstone is added), ``side`` to move."""
    line = pieces if "RH8" in pieces else pieces + ",RH8"
    s = GAME.start(P, {"start": line, **opts}, 0)
    if side == "T":
        s.side = TROLL
        s._moves = None
    return s


def texts(s):
    return {m.text for m in s.legal_moves()}


def moves_from(s, sq):
    return {t for t in texts(s) if t[1:].split("-")[0] == sq}


def at(s, name):
    return s.board[B.square(name)]


# -- board and start -------------------------------------------------------

START_DIAGRAM = """
#####dd.dd#####
####d.....d####
###d.......d###
##d.........d##
#d...........d#
d.............d
d.....TTT.....d
......TRT......
d.....TTT.....d
d.............d
#d...........d#
##d.........d##
###d.......d###
####d.....d####
#####dd.dd#####
""".split()


def test_board_has_165_squares_row_widths_and_thudstone_on_H8():
    assert len(B.PLAYABLE) == 165
    widths = [sum(B.on_board(r, c) for c in range(15)) for r in range(15)]
    assert widths == [5, 7, 9, 11, 13, 15, 15, 15, 15, 15, 13, 11, 9, 7, 5]
    assert B.STONE_SQ == B.square("H8") == 7 * 15 + 7


def test_start_position_matches_the_rules_notes():
    s = GAME.start(P)
    assert s.view(None)["board"] == START_DIAGRAM
    assert s.material() == (32, 8)
    line = B.board_line(s.board)
    assert line.startswith("dF1,dG1,dJ1,dK1,dE2,")
    assert line.endswith("TG7,TH7,TJ7,TG8,TJ8,TG9,TH9,TJ9,RH8")


def test_square_names_skip_I_and_count_ranks_from_the_top():
    assert B.NAMES[0 * 15 + 0] == "A1"
    assert B.NAMES[0 * 15 + 14] == "P1"
    assert B.NAMES[14 * 15 + 7] == "H15"
    assert "I" not in B.FILES and len(B.FILES) == 15


# -- turn order and rounds ----------------------------------------------------

def test_dwarfs_always_start_each_round():
    """« Les nains commencent toujours dans chaque manche. »"""
    s = GAME.start(P)
    assert s.side == DWARF and s.to_play == 0
    s.play("offer")
    s.play("accept")
    assert s.round == 2 and s.side == DWARF
    assert s.to_play == 1  # player 1 commands the dwarfs in round 2


def test_sides_swap_in_the_second_round():
    """« si vous commandez les nains dans la première manche, vous serez en
    charge des trolls a la deuxième »"""
    s = GAME.start(P)
    assert s.commander(DWARF) == 0 and s.commander(TROLL) == 1
    s.play("dF1-F3")
    assert s.to_play == 1  # trolls
    s.play("offer")
    assert s.to_play == 0  # the dwarfs answer
    s.play("accept")
    assert s.commander(DWARF) == 1 and s.commander(TROLL) == 0
    assert s.view(None)["board"] == START_DIAGRAM
    s.play("dF1-F3")
    assert s.to_play == 0  # now commanding the trolls


def test_match_is_two_rounds_and_points_add_up():
    """« A la fin de chaque manche, les points sont comptés et le résultat de
    la bataille est décidé par la combinaison des points des deux manches. »"""
    s = pos("dA6,dB6,dC6,TG7", rounds=2)
    s.play("offer")
    s.play("accept")  # round 1: dwarfs 3 (Ann), trolls 4 (Bob)
    assert s.scores() == [3, 4] and not s.is_over()
    s.play("dC6-F6")
    s.play("offer")
    s.play("accept")  # round 2: Bob dwarfs 3, Ann trolls 4
    assert s.is_over() and s.scores() == [7, 7]
    assert s.winners() == []


# -- dwarf moves ---------------------------------------------------------------

def test_dwarf_moves_any_distance_in_a_straight_line():
    """« ils peuvent parcourir n'importe quelle distance en ligne droite
    (horizontalement, verticalement ou en diagonale) »"""
    s = pos("dE5,TP8")
    got = moves_from(s, "E5")
    # right along rank 5 to the rim (O5 is the last playable square of rank 5)
    for f in "FGHJKLMNO":
        assert f"dE5-{f}5" in got
    assert "dE5-E14" in got and "dE5-E15" not in got  # E15 and E1 are cut off
    assert "dE5-E2" in got and "dE5-E1" not in got
    assert {"dE5-J1", "dE5-A9", "dE5-G7"} <= got  # diagonals
    assert "dE5-J9" not in got  # the Thudstone on H8 blocks the long diagonal
    assert "dE5-F7" not in got  # not a straight line
    assert len(got) == sum(len(r) for r in B.RAYS[B.square("E5")])


def test_dwarf_may_end_its_turn_next_to_a_troll_without_being_captured():
    """« un nain peut finir son tour en étant adjacent à un troll sans être
    immédiatement capturé »"""
    s = pos("dE5,TJ5")
    s.play("dE5-H5")
    assert at(s, "H5") == DWARF and s.material() == (1, 1)
    assert s.side == TROLL  # the trolls must now move to capture it
    assert any(t.startswith("TJ5-") and "xH5" in t for t in texts(s))


# -- troll moves ------------------------------------------------------------------

def test_troll_moves_one_square_in_every_direction():
    """« Un troll est lourd, il bouge donc d'une case dans toutes les
    directions a la fois (horizontalement, verticalement ou en diagonale) »"""
    s = pos("dA6,TE5", side="T")
    got = moves_from(s, "E5")
    assert got == {f"TE5-{n}" for n in ("D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6")}


def test_no_piece_passes_through_another_piece_friend_or_foe():
    """« aucune pièce ne peut traverser une case contenant une autre pièce
    -amie ou ennemie- »"""
    s = pos("dB5,dD5,dB7,TB9")
    got = moves_from(s, "B5")
    assert "dB5-C5" in got and "dB5-E5" not in got and "dB5-D5" not in got  # friend blocks
    assert "dB5-B6" in got and "dB5-B8" not in got  # friend on B7
    s = pos("dE4,TE6,dE2")
    got = moves_from(s, "E4")
    assert "dE4-E5" in got and "dE4-E7" not in got  # a troll blocks too
    # a shove neither passes through pieces
    s = pos("TC10,TD10,TE10,dF10,dH11", side="T")
    assert not any(t.startswith(("TE10-G10", "TE10-H10")) for t in texts(s))


def test_nothing_passes_over_or_lands_on_the_thudstone():
    """« aucune pièce ne peut passer par dessus le rocher central, qui ne peut
    être bougé et n'appartient à personne »"""
    s = pos("dA8,TP8")
    got = moves_from(s, "A8")
    assert "dA8-G8" in got and "dA8-H8" not in got and "dA8-J8" not in got
    s = pos("dF8,dE8,dD8,dC8,TJ8")  # a hurl over the stone is impossible
    assert not any("xJ8" in t for t in texts(s))
    s = pos("dA6,TG8", side="T")
    assert "TG8-H8" not in texts(s)
    s.play("TG8-G9")
    assert at(s, "H8") == B.STONE


# -- captures ------------------------------------------------------------------------

def test_troll_captures_by_moving_next_to_dwarfs():
    """« Un troll capture les nains en se déplaçant à coté d'eux et en les
    frappants sur le casque avec leur massue. »"""
    s = pos("dE4,dG4,TF6", side="T", rounds=1)
    assert {"TF6-F5", "TF6-F5xE4", "TF6-F5xG4", "TF6-F5xE4xG4"} <= texts(s)
    s.play("TF6-F5xE4xG4")
    assert s.material() == (0, 1)
    assert s.is_over()  # no dwarf left: the dwarfs cannot move, the round ends


def test_capture_is_not_compulsory():
    """« La capture n'est pas obligatoire »"""
    s = pos("dE4,dG4,TF6,TN8", side="T")
    assert "TF6-F5" in texts(s)  # lands next to two dwarfs, takes none
    s.play("TF6-F5")
    assert s.material() == (2, 2)
    # the dwarfs need not hurl either
    s = pos("dE5,TF5")
    assert "dE5-F5xF5" in texts(s) and "dE5-E6" in texts(s)


def test_dwarf_capture_is_in_a_straight_line_with_the_line_behind():
    """« La capture doit être faite en ligne droite, horizontalement,
    verticalement ou en diagonale. » — « Un nain capture un troll en ayant
    une ligne droite et continue de nain derrière lui en direction du troll. »"""
    # dwarfs C6, D6 (line of 2 towards the east); troll at F6: 2 squares from D6
    s = pos("dC6,dD6,TF6")
    assert "dD6-F6xF6" in texts(s)
    # the same dwarfs but the second one stands off the line: no hurl
    s = pos("dC5,dD6,TF6")
    assert "dD6-F6xF6" not in texts(s)
    # a diagonal line of two throws diagonally
    s = pos("dD4,dE5,TG7")
    assert "dE5-G7xG7" in texts(s)
    # a knight-like offset is never a capture
    s = pos("dC6,dD6,TF7")
    assert not any("x" in t for t in texts(s))


def test_hurled_dwarf_takes_the_trolls_place():
    """« Le troll est retiré du plateau et le nain prend sa place. »"""
    s = pos("dC6,dD6,TF6,TN8")
    s.play("dD6-F6xF6")
    assert at(s, "F6") == DWARF and at(s, "D6") == B.EMPTY and s.material() == (2, 1)


def test_four_dwarfs_hurl_at_zero_to_three_empty_squares_not_four():
    """« Si 4 nains en ligne attaquent un troll : NNNN---T ou NNNN--T- ou
    NNNN-T-- ou NNNNT--- » — « Ils peuvent attaquer le troll si il y a 0, 1,
    2 ou 3 cases entre les nains et le troll »"""
    line = "dA6,dB6,dC6,dD6"
    for gap in range(0, 5):
        troll = B.FILES[4 + gap] + "6"
        s = pos(f"{line},T{troll}")
        hurl = f"dD6-{troll}x{troll}"
        assert (hurl in texts(s)) == (gap <= 3), gap


def test_lone_dwarf_is_a_line_of_one_and_attacks_an_adjacent_troll():
    """« 1 nain tout seul forme une ligne de 1 et peut attaquer un troll a 0
    cases de lui. »"""
    s = pos("dE5,TF5")
    assert "dE5-F5xF5" in texts(s)
    s = pos("dE5,TG5")  # one empty square in between: too far for a line of 1
    assert not any("x" in t for t in texts(s))


def test_dwarf_moves_next_to_troll_then_attacks_it_next_turn():
    """« Un nain peut donc se déplacer a coté d'un troll et au tour suivant
    attaquer ce troll adjacent si ce dernier ne l'a pas capturé entre temps. »"""
    s = pos("dE5,TJ5,TN9")
    s.play("dE5-H5")
    s.play("TN9-N10")  # the trolls look elsewhere
    assert "dH5-J5xJ5" in texts(s)
    s.play("dH5-J5xJ5")
    assert s.material() == (1, 1)


def test_no_ordinary_move_then_hurl_in_one_turn():
    """« Les nains et les trolls ne peuvent avoir de mouvement de déplacement
    ordinaire et se balancer ensuite. »"""
    # a lone dwarf two squares from a troll cannot step up and strike at once
    s = pos("dE5,TG5")
    assert not any("x" in t for t in texts(s))
    s.play("dE5-F5")
    assert s.side == TROLL  # the turn passed: the strike waits for the next turn
    # a troll cannot step then shove: a single troll takes a dwarf only by landing next to it
    s = pos("dE2,TE6", side="T")
    assert not any("x" in t for t in texts(s))


def test_hurl_and_shove_only_to_attack():
    """« Les nains et les trolls ne peuvent utiliser leur mouvement de lancer
    que pour attaquer uniquement. » — « Les trolls peuvent aussi capturer en
    formant une ligne ininterrompue de trolls mais seulement pour capturer un
    ou plusieurs nains. »"""
    # a hurl always lands on a troll (its text names the troll's square)
    s = pos("dA6,dB6,dC6,dD6,TG6")
    assert all(t.split("-")[1].split("x")[0] == "G6" for t in texts(s) if "x" in t)
    # three trolls in line: the front troll may be shoved 2–3 squares only to capture
    s = pos("TC8,TD8,TE8,dF2", side="T")
    assert not any(t.startswith("TE8-G8") or t.startswith("TE8-F8x") for t in texts(s))
    assert "TE8-F8" in texts(s)  # the ordinary step is always there
    s = pos("TC8,TD8,TE8,dG9", side="T")
    got = moves_from(s, "E8")
    assert "TE8-G8xG9" in got  # shoved 2 squares to capture
    assert "TE8-G8" not in got  # a shove without capture does not exist


def test_shove_goes_at_most_as_many_squares_as_trolls_in_line():
    """« Le troll bousculé bouge directement, du même nombre de case ou moins
    que de trolls dans la ligne, en avant. »"""
    dwarfs = "dG7,dH9,dJ9,dK9"
    s = pos(f"TC8,TD8,TE8,{dwarfs}", side="T")
    got = moves_from(s, "E8")
    # 3 trolls: F8 (1 = a step), G8 (2) — beyond G8 stands the stone
    assert "TE8-G8xG7" in got
    s = pos(f"TB10,TC10,TD10,{dwarfs},dH11", side="T")
    got = moves_from(s, "D10")
    assert "TD10-G10xH11" in got  # 3 squares with 3 trolls
    assert not any(t.startswith("TD10-H10") for t in got)  # 4 squares: too far
    s = pos("TC10,TD10,dH11", side="T")
    got = moves_from(s, "D10")
    # G10 would touch H11, but 2 trolls shove 2 squares at most (F10 touches nothing)
    assert not any("x" in t for t in got)


def test_shoved_troll_cannot_land_on_an_occupied_square():
    """« Le troll ne peut atterrir sur une case déjà occupée. »"""
    s = pos("TC10,TD10,TE10,dG10,dG11", side="T")
    got = moves_from(s, "E10")
    assert not any(t.startswith("TE10-G10") for t in got)
    assert "TE10-F10xG11" in got or "TE10-F10xG10xG11" in got


def test_shove_may_capture_a_dwarf_not_in_front_of_the_line():
    """« N'oubliez pas que le troll peut être bousculé pour capturer un nain
    qui n'est pas directement en face de la ligne de trolls. Le troll a
    simplement à atterrir à coté d'un nain ou plusieurs pour le/les capturer. »"""
    s = pos("TC12,TD12,TE12,dJ10,dG13", side="T")
    got = moves_from(s, "E12")
    assert "TE12-G12xG13" in got  # beside the landing square, off the line
    assert not any("J10" in t for t in got)  # J10 is next to no landing square
    assert "TE12-G12" not in got


def test_troll_step_and_one_square_shove_are_one_move():
    s = pos("TC8,TD8,TE8,dG9", side="T")
    got = [m.text for m in s.legal_moves()]
    assert len(got) == len(set(got))
    assert got.count("TE8-F8xG9") == 1


# -- capture conventions -----------------------------------------------------------

def test_capture_convention_any_subset_is_the_default():
    s = pos("dE4,dF4,dG4,TF6", side="T")
    step = {t for t in moves_from(s, "F6") if t.startswith("TF6-F5")}
    assert len(step) == 8  # every subset of the three adjacent dwarfs, none included
    assert GAME.full_options({})["captures"] == "any"


def test_capture_convention_all_or_nothing():
    s = pos("dE4,dF4,dG4,TF6", side="T", captures="all")
    step = {t for t in moves_from(s, "F6") if t.startswith("TF6-F5")}
    assert step == {"TF6-F5", "TF6-F5xE4xF4xG4"}


def test_capture_convention_all_forced():
    s = pos("dE4,dF4,dG4,TF6", side="T", captures="forced")
    step = {t for t in moves_from(s, "F6") if t.startswith("TF6-F5")}
    assert step == {"TF6-F5xE4xF4xG4"}
    # a step next to no dwarf is still a plain move
    assert "TF6-F7" in texts(s)


@pytest.mark.parametrize("conv", ["any", "all", "forced"])
def test_shove_captures_at_least_one_under_every_convention(conv):
    s = pos("TC12,TD12,TE12,dG13,dF13", side="T", captures=conv)
    shoves = {t for t in moves_from(s, "E12") if t.startswith("TE12-G12")}
    assert shoves and all("x" in t for t in shoves)
    if conv == "any":
        assert shoves == {"TE12-G12xF13", "TE12-G12xG13", "TE12-G12xF13xG13"}
    else:
        assert shoves == {"TE12-G12xF13xG13"}


def test_troll_move_path_lets_captures_be_clicked_in_any_order():
    s = pos("dE4,dG4,TF6", side="T")
    m = s.move_from_text("TF6-F5xE4xG4")
    assert m.path[:2] == ("F6", "F5") and m.free == 2
    assert m.complete(("F6", "F5", "G4", "E4"))
    assert s.move_from_text("TF6-F5").path == ("F6", "F5")
    hurl = pos("dE5,TF5").move_from_text("dE5-F5xF5")
    assert hurl.path == ("E5", "F5")


# -- end of a round and scoring ---------------------------------------------------------

def test_round_ends_when_both_players_agree():
    """« Quand les deux joueurs sont mutuellement d'accords qu'il est clair que
    plus aucune capture ne sera faite, la manche se termine. »"""
    s = GAME.start(P, {"rounds": 1})
    s.play("dF1-F3")
    assert "offer" in texts(s)
    s.play("offer")
    assert s.to_play == 0 and texts(s) == {"accept", "refuse"}
    s.play("accept")
    assert s.is_over()


def test_round_goes_on_when_the_offer_is_refused():
    """« S’ils ne sont pas d'accord, la manche continue jusqu'à un accord. »"""
    s = GAME.start(P)
    s.play("offer")
    assert s.to_play == 1
    s.play("refuse")
    # the side that offered owes its move, and may not offer again at once
    assert s.to_play == 0 and s.side == DWARF
    assert "offer" not in texts(s) and "dF1-F3" in texts(s)
    s.play("dF1-F3")
    assert "offer" in texts(s)  # the trolls may offer in their turn
    s.play("offer")
    s.play("refuse")
    s.play("TG7-G6")
    assert "offer" in texts(s) and s.round == 1


def test_round_ends_when_the_side_to_move_has_no_legal_move():
    """Rules notes: « some sources add "or when the side to move has no legal
    move" » — Plateau ends the round then."""
    s = pos("dE5,TF5,dN8", rounds=1)
    s.play("dE5-F5xF5")  # the last troll is taken: the trolls cannot move
    assert s.is_over()
    assert s.results[0]["reason"] == "blocked" and s.results[0]["blocked"] == "T"
    assert s.scores() == [2, 0]


def test_score_five_dwarfs_two_trolls_is_five_to_eight():
    """« Si le jeu se termine avec 5 nains et 2 trolls les scores sont de:
    NAINS: 5x1=5 ; TROLLS: 2x4=8 — Les trolls gagnent donc cette manche. »
    « Chaque nain compte pour un point: 1; chaque troll compte pour quatre
    points: 4. »"""
    s = pos("dA6,dA7,dA9,dA10,dB5,TG7,TJ9", rounds=1)
    assert s.round_points() == (5, 8)
    s.play("offer")
    s.play("accept")
    assert s.scores() == [5, 8]
    assert s.winners() == [1]
    lines = s.result_lines("fr")
    assert "Bob" in lines[0] and "8" in lines[0]
    assert any("5 nains = 5 pts" in ln and "2 trolls = 8 pts" in ln for ln in lines)


def test_tied_round_scores_nothing_for_either():
    """« Si les deux joueurs ont le même nombre de points, la manche est nulle
    et aucun point n'est retenu. »"""
    s = pos("dA6,dA7,dA9,dA10,TG7", rounds=1)
    assert s.round_points() == (4, 4)
    s.play("offer")
    s.play("accept")
    assert s.scores() == [0, 0] and s.results[0]["points"] == [0, 0]
    assert s.winners() == []
    assert any("aucun point" in ln for ln in s.result_lines("fr"))
    assert any("no points" in ln for ln in s.result_lines("en"))


def test_winner_has_the_larger_total_over_both_rounds():
    """« le joueur avec le plus grand nombre de points (cumulés des deux
    manches) est déclaré gagnant. »"""
    s = pos("dA6,dA7,dA9,dA10,dB5,TG7,TJ9")
    s.play("offer")
    s.play("accept")  # round 1: Ann (dwarfs) 5, Bob (trolls) 8
    s.play("dA6-F6")  # round 2: Bob commands the dwarfs
    s.play("TJ9-J10")
    s.play("dA7-F7")
    s.play("TG7-G6xF6xF7")  # Ann's trolls take two
    s.play("offer")
    s.play("accept")  # round 2: Bob 3, Ann 8
    assert s.scores() == [13, 11]
    assert s.is_over() and s.winners() == [0]
    assert s.to_play is None and s.legal_moves() == []
    lines = s.result_lines("en")
    assert lines[0].startswith("Ann wins") and len(lines) == 4


def test_equal_totals_are_a_draw():
    s = pos("dA6,dA7,dA9,dA10,dB5,TG7,TJ9")
    for _ in range(2):
        s.play("offer")
        s.play("accept")
    assert s.scores() == [13, 13] and s.winners() == []
    assert s.result_lines("fr")[0].startswith("Partie nulle")


def test_single_round_option():
    s = GAME.start(P, {"rounds": 1})
    s.play("offer")
    s.play("accept")
    assert s.is_over() and s.scores() == [0, 0]  # 32 = 32: a tied round
    assert GAME.full_options({"rounds": "1"})["rounds"] == 1


def test_bad_options_and_positions_are_refused():
    with pytest.raises(RulesError):
        GAME.start(P, {"captures": "some"})
    with pytest.raises(RulesError):
        GAME.start(P, {"start": "dA6,RH9"})
    with pytest.raises(RulesError):
        GAME.start(P, {"start": "dA6,dA6,RH8"})
    with pytest.raises(RulesError):
        GAME.start(P, {"start": "dA1,RH8"})  # A1 is cut off
    with pytest.raises(IllegalMove):
        GAME.start(P).play("TG7-G6")  # dwarfs first


def test_status_lines_in_both_languages():
    s = GAME.start(P)
    assert s.status("fr") == "Manche 1/2 — Ann (nains) joue (nains 32 pts, trolls 32 pts)"
    s.play("offer")
    assert "Bob (trolls)" in s.status("en") and "accept" in s.status("en")
    s.play("refuse")
    assert "refus" in s.status("fr")
    assert GAME.target_label("offer", "fr") == "Proposer la fin de la manche"
    assert GAME.target_label("accept", "en") == "Accept ending the round"


def test_rules_help_in_both_languages_states_the_choices():
    fr, en = GAME.rules("fr"), GAME.rules("en")
    for text in (fr, en):
        assert text.startswith("# Thud")
    assert "au choix parmi les nains voisins" in fr and "refus" in fr and "limite" in fr
    assert "no move limit" in en.lower() or "There is no move limit" in en
    assert "no possible move" in en and "tied" in en


@pytest.mark.parametrize("mod", ["plateau.games.thud", "plateau.games.thud.board",
                                 "plateau.games.thud.rules", "plateau.games.thud.thudfile"])
def test_doctests(mod):
    result = doctest.testmod(importlib.import_module(mod))
    assert result.attempted > 0 and result.failed == 0


def test_moves_are_checked_the_same_with_or_without_the_move_list():
    for listed in (False, True):
        s = pos("dE4,dG4,TF6", side="T")
        if listed:
            s.legal_moves()
        with pytest.raises(IllegalMove):
            s.play("TF6-F5xG4xE4")  # captures out of the canonical order
        with pytest.raises(IllegalMove):
            s.play("dE4-E3")  # not the dwarfs' turn
        with pytest.raises(IllegalMove):
            s.play("TF6-F4")
        with pytest.raises(IllegalMove):
            s.play("TF6-")
        m = s.play("TF6-F5xE4xG4")
        assert m == Move("TF6-F5xE4xG4", ("F6", "F5", "E4", "G4"), 2)


def test_rays_and_neighbours_follow_the_board_shape():
    # the tables are walked over IS_PLAYABLE for speed; they must say what the
    # shape says: from each playable square, every square in a line up to the
    # edge, a cut corner or the Thudstone (never reached, never crossed)
    for i in range(B.SIZE * B.SIZE):
        r, c = divmod(i, B.SIZE)
        for d, (dr, dc) in enumerate(B.DIRS):
            want = []
            rr, cc = r + dr, c + dc
            while B.on_board(i // B.SIZE, i % B.SIZE) and B.on_board(rr, cc) and rr * B.SIZE + cc != B.STONE_SQ:
                want.append(rr * B.SIZE + cc)
                rr, cc = rr + dr, cc + dc
            assert B.RAYS[i][d] == tuple(want), (B.NAMES[i], d)
        assert B.NEIGH[i] == tuple(sorted(ray[0] for ray in B.RAYS[i] if ray))
    assert len(B.NEIGH[B.square("H7")]) == 7  # beside the Thudstone
    assert B.STONE_SQ not in {sq for rays in B.RAYS for ray in rays for sq in ray}


def test_squares_built_without_svgwrite_are_what_svgwrite_builds():
    # the first drawing of a visit builds its 145 plain squares directly; they must be
    # the very elements svgwrite makes for them (same tag, attributes and order)
    import xml.etree.ElementTree as ET

    from plateau.core import svgkit
    from plateau.core.game import RenderContext
    from plateau.games.thud import GAME
    from plateau.games.thud import render as R

    d = svgkit.drawing(R.SIDE, R.SIDE)
    for lang in ("fr", "en"):
        for v, key in R._LABEL.items():
            for sq in B.PLAYABLE:
                nm = B.NAMES[sq]
                label = GAME.t(lang, key).format(sq=nm)
                want = svgkit.target(R._square_elem(d, sq, v), nm, label, RenderContext(), "sq").get_xml()
                frozen = R._square_frozen(sq, v, nm, label)
                assert ET.tostring(frozen.get_xml()) == ET.tostring(want), (nm, v)
                assert frozen.markup == svgkit.markup(svgkit.target(R._square_elem(d, sq, v), nm, label,
                                                                    RenderContext(), "sq")), (nm, v)
