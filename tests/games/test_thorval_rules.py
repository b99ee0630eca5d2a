"""Thorval's rules, each checked against the sentence of the rules it comes from."""

from __future__ import annotations

import pytest

from plateau.games.thorval import GAME
from plateau.games.thorval import board as B
from plateau.games.thorval import rules as R
from plateau.games.thorval.rules import EMPTY, ORKS, defence_bonus, power_of

I = B.INDEX


class Dice:
    """Scripted dice standing in for the state's Rng."""

    def __init__(self, rolls):
        self.rolls = list(rolls)
        self.state = 0

    def die(self, sides=6):
        assert self.rolls, "the test ran out of scripted dice"
        return self.rolls.pop(0)

    def randint(self, a, b):
        return self.die()

    def shuffled(self, items):
        return list(items)

    def copy(self):
        d = Dice(self.rolls)
        return d


def blank(n=2, **opts):
    """A state in the middle of turn 1 with an empty island and nothing pending."""
    s = GAME.start([f"P{i}" for i in range(n)], opts, seed=1)
    s.own = [EMPTY] * B.N
    s.cnt = [0] * B.N
    s.hero = [-1] * n
    s.mage = [-1] * n
    for tr in s.tre:
        tr[2] = -1
    s.dec = None
    s.steps = []
    s.fight = None
    s.turn = 1
    s.dragon = s.med = -1
    s.tp = None
    return s


def put(s, name, who, n, hero=False, mage=False):
    c = I[name]
    s.own[c], s.cnt[c] = who, n
    if hero:
        s.hero[who] = c
    if mage:
        s.mage[who] = c
    return c


def player_turn(s, p, dice=(), step="p_attack", **tp):
    """Start player ``p``'s turn at ``step`` with scripted dice."""
    s.rng = Dice(dice)
    s.tp = {"p": p, "aid": 0, "bonus": 0, "boat": False, "extra": False, "atk": [], **tp}
    seq = ["p_aid", "p_reinf", "p_attack"]
    s.push(*[(x,) for x in seq[seq.index(step):]])
    s._run()


def texts(s):
    return [m.text for m in s.legal_moves()]


# --------------------------------------------------------------------------
# combat power
def test_power_of_soldiers_and_orks_capped_at_4():
    """« La puissance de combat de 3 soldats est de 3; celle de 5 Orks est 4 »"""
    assert power_of(3, False, False) == 3
    assert power_of(5, False, False) == 4


def test_power_of_hero():
    """« La puissance d'un héros et de 6 soldats est 5 »"""
    assert power_of(6, True, False) == 5
    assert power_of(0, True, False) == 1


def test_power_of_small_magician():
    """« La puissance du petit magicien et de 7 soldats est 6 »"""
    assert power_of(7, False, True) == 6
    assert power_of(0, False, True) == 2


def test_six_orks_attacking_from_v5_have_power_4():
    """« 6 Orks qui attaquent depuis la case V/5 ont une puissance de combat de 4 »"""
    s = blank()
    put(s, "V/5", ORKS, 6)
    put(s, "V/4", 0, 2)
    s._start_fight(ORKS, I["V/5"], I["V/4"], "ork", "land")
    assert s.fight_power("a") == 4


def test_five_soldiers_and_magician_against_the_tunnel_have_power_8():
    """« 5 soldats et le petit magicien se défendent contre une attaque venue du tunnel avec une puissance
    de 8 (4 + 2 +2) » and « Les défenseurs attaqués par le tunnel n'augmentent toutefois pas leur puissance
    d'un point supplémentaire, bien qu'il soient en forêt. »"""
    s = blank()
    put(s, "III/2", 1, 3)
    put(s, "V/6", 0, 5, mage=True)
    s._start_fight(1, I["III/2"], I["V/6"], "total", B.link(I["III/2"], I["V/6"]))
    assert s.fight["via"] == "tunnel"
    assert s.fight_power("d") == 8


def test_two_soldiers_and_hero_in_forest_v1_defend_with_4():
    """« 2 soldats et le héros dans la case forêt V/1 se défendent avec une puissance de 4 ( 2 + 1 + 1) »"""
    s = blank()
    put(s, "V/1", 0, 2, hero=True)
    put(s, "V/2", 1, 3)
    s._start_fight(1, I["V/2"], I["V/1"], "total", "land")
    assert s.fight_power("d") == 4


def test_defence_bonuses():
    """« Le défenseur d'un château augmente sa puissance de 2. » « Le défenseur d'une case attaquée par un pont
    ou le tunnel augmente sa puissance de 2. » « Les attaquants ne profitent d'aucun avantage semblable. »"""
    assert defence_bonus(I["C3"], "land") == 2
    assert defence_bonus(I["I/1"], "land") == 0
    assert defence_bonus(I["VI/2"], "bridge") == 3
    assert defence_bonus(I["IV/6"], "bridge") == 2
    assert defence_bonus(I["V/6"], "tunnel") == 2
    assert defence_bonus(I["III/1"], "land") == 1
    s = blank()
    put(s, "C3", 0, 3)
    put(s, "III/1", ORKS, 1)
    s._start_fight(0, I["C3"], I["III/1"], "total", "land")
    assert s.fight_power("a") == 3


# --------------------------------------------------------------------------
# rounds
def one_round(att_n, def_n, ra, rd, att_case="I/2", def_case="I/3"):
    s = blank()
    put(s, att_case, 0, att_n)
    put(s, def_case, 1, def_n)
    s.rng = Dice([ra, rd])
    s._start_fight(0, I[att_case], I[def_case], "partial", "land")
    s.push(("round",))
    s._run()
    return s


def test_roll_within_power_kills_that_many():
    """« Ma puissance de combat est de 4, et je fais 2 au dé. L'adversaire perd 2 unités. »"""
    s = one_round(4, 6, 2, 6)
    assert s.cnt[I["I/3"]] == 4 and s.cnt[I["I/2"]] == 4


def test_opponent_power_5_roll_5_kills_5():
    """« Mon adversaire a une puissance de combat de 5 et fait 5 au dé. Je perds 5 unités. »"""
    s = blank()
    put(s, "I/2", 0, 7)
    put(s, "I/3", 1, 4, hero=True)
    s.rng = Dice([6, 5])
    s._start_fight(0, I["I/2"], I["I/3"], "partial", "land")
    assert s.fight_power("d") == 5
    s.push(("round",))
    s._run()
    assert s.cnt[I["I/2"]] == 2


def test_roll_above_own_power_kills_nothing():
    """« J'ai une puissance de combat de 3 et je fais 5 au dé. Mon adversaire ne perd rien. »"""
    s = one_round(3, 6, 5, 1)
    assert s.cnt[I["I/3"]] == 6 and s.cnt[I["I/2"]] == 2


def test_both_above_power_attacker_loses_one():
    """« Si les deux adversaires tirent au dé, tous les deux, un facteur d'anéantissement supérieur à leur
    puissance, c'est l'attaquant qui perd une unité. »"""
    s = one_round(2, 2, 5, 6)
    assert s.cnt[I["I/2"]] == 1 and s.cnt[I["I/3"]] == 2


def test_cannot_lose_more_units_than_in_the_case():
    """« Bien entendu, on ne peut pas perdre plus d'unités que l'on n'en a dans sa case. »"""
    s = one_round(4, 1, 4, 6)
    assert s.own[I["I/3"]] == EMPTY and s.cnt[I["I/3"]] == 0


def test_complete_combat_example():
    """« J'attaque de ma case, avec une puissance de combat 6 (4 soldats et le petit magicien), une bande d'Orks
    de puissance 4. Je fais un 2 au dé, et les Orks ont le même résultat. Je retire donc 2 soldats et 2 Orks du
    plateau de jeu. Ma puissance est de 4, celle des orks de 2. je jette le dé, les Orks (représentés par un autre
    joueur) aussi. Les deux camps font un 5. Ce chiffre dépasse la puissance des forces armées en présence; comme
    c'est moi qui attaque, je perds un soldats. Ma puissance tombe à 3. Je décide de continuer le combat. Je fais
    un 3 au dé, tandis que les Orks obtiennent un 4. Résultat: les orks sont anéantis et sortis du plateau de jeu.
    En effet, leur facteur d'anéantissement dépasse leur puissance. J'occupe leur case avec un soldat. Le combat
    est terminé. »"""
    s = blank()
    put(s, "I/2", 0, 4, mage=True)
    put(s, "I/3", ORKS, 4)
    player_turn(s, 0, dice=[2, 2, 5, 5, 3, 4])
    s.play("I/2>I/3 partial")
    assert s.fight_power("a") == 6 and s.fight_power("d") == 4
    # first round: 2 and 2; I choose to lose soldiers rather than the magician
    assert s.dec["k"] == "loss" and s.to_play == 0
    s.play("lose 2")
    assert s.cnt[I["I/2"]] == 2 and s.mage[0] == I["I/2"] and s.cnt[I["I/3"]] == 2
    assert (s.fight_power("a"), s.fight_power("d")) == (4, 2)
    s.play("go")
    # second round: both roll 5, above both powers: the attacker loses one soldier
    s.play("lose 1")
    assert s.cnt[I["I/2"]] == 1 and s.fight_power("a") == 3
    s.play("go")
    # third round: 3 against 4: the orks are wiped out, they kill nothing
    assert s.own[I["I/3"]] == EMPTY
    assert s.dec["k"] == "occupy"
    assert texts(s) == ["occupy 1", "occupy M+0"]
    s.play("occupy 1")
    assert s.own[I["I/3"]] == 0 and s.cnt[I["I/3"]] == 1
    assert s.cnt[I["I/2"]] == 0 and s.mage[0] == I["I/2"]
    assert s.fight is None


def test_losses_are_chosen_by_their_owner():
    """« Rappelons que ce sont les joueurs qui choisissent leurs unités à sortir du jeu. »"""
    s = blank()
    put(s, "I/2", 0, 5)
    put(s, "I/3", 1, 3, hero=True)
    player_turn(s, 0, dice=[2, 6])
    s.play("I/2>I/3 partial")
    assert s.dec["k"] == "loss" and s.to_play == 1
    assert texts(s) == ["lose 2", "lose H+1"]
    s.play("lose H+1")
    assert s.hero[1] == -1 and s.cnt[I["I/3"]] == 2


def test_attacker_may_break_off_a_partial_attack():
    """« Toutefois, l'agresseur peut interrompre à tout moment son attaque, après une attaque partielle. »"""
    s = blank()
    put(s, "I/2", 0, 5)
    put(s, "I/3", 1, 5)
    player_turn(s, 0, dice=[1, 1])
    s.play("I/2>I/3 partial")
    assert texts(s) == ["go", "stop"]
    s.play("stop")
    assert s.fight is None and s.cnt[I["I/2"]] == 4 and s.cnt[I["I/3"]] == 4


def test_total_attack_goes_on_until_a_case_is_empty():
    """« Le combat dure jusqu'à ce que la case de l'attaquant ou celle du défenseur soit réduite à zéro unité »"""
    s = blank()
    put(s, "I/2", 0, 2)
    put(s, "I/3", 1, 2)
    put(s, "VI/6", 1, 2)
    player_turn(s, 0, dice=[1, 6, 1, 6])
    s.play("I/2>I/3 total")
    assert s.own[I["I/3"]] == EMPTY
    assert s.dec["k"] == "occupy"


def test_total_attack_reinforcement_leaves_one_unit_behind():
    """« Au début d'une attaque totale (et seulement en ce cas) la force armée de l'agresseur peut être augmentée
    d'autant d'unités moins une, qu'il en possède dans les cases contiguës à la case d'attaque. Le défenseur peut
    agir de la même façon pour renforcer la case attaquée. mais il doit toujours rester une unité dans les cases
    contiguës. »"""
    s = blank()
    put(s, "I/2", 0, 1)
    put(s, "C6", 0, 4)
    put(s, "I/3", 1, 1)
    put(s, "I/4", 1, 3)
    player_turn(s, 0, dice=[4, 6])
    s.play("I/2>I/3 total")
    assert s.dec["k"] == "prep" and s.to_play == 0
    assert texts(s) == ["+1<C6", "+2<C6", "+3<C6", "fight"]
    s.play("+3<C6")
    assert s.cnt[I["C6"]] == 1 and s.cnt[I["I/2"]] == 4
    assert s.dec["k"] == "prep" and s.to_play == 1
    assert texts(s) == ["+1<I/4", "+2<I/4", "fight"]
    assert s.cnt[I["I/3"]] == 1 and s.cnt[I["I/4"]] == 3
    s.play("+2<I/4")
    assert s.cnt[I["I/4"]] == 1
    # then the fight: 4 is within the attacker's power 4, all 3 defenders fall
    assert s.own[I["I/3"]] == EMPTY and s.dec["k"] == "occupy"


def test_partial_attack_has_no_reinforcement():
    """« Au début d'une attaque totale (et seulement en ce cas) la force armée de l'agresseur peut être augmentée
    [...] » — a partial attack brings no units from the neighbouring cases."""
    s = blank()
    put(s, "I/2", 0, 2)
    put(s, "C6", 0, 4)
    put(s, "I/3", 1, 1)
    put(s, "VI/6", 1, 1)
    player_turn(s, 0, dice=[6, 1])
    s.play("I/2>I/3 partial")
    assert s.dec["k"] == "cont" and s.cnt[I["C6"]] == 4


def test_hero_or_magician_may_join_the_attacking_case():
    """« Au commencement de l'attaque, on peut déplacer le héros ou le petit magicien d'une case quelconque pour
    le transférer dans la case d'attaque. (Rappel: il n'est pas possible d'avoir dans la même case le héros et le
    petit magicien) »"""
    s = blank()
    put(s, "I/2", 0, 2)
    put(s, "VI/6", 0, 1, hero=True)
    put(s, "V/1", 0, 1, mage=True)
    put(s, "I/3", 1, 1)
    player_turn(s, 0, dice=[6, 6])
    s.play("I/2>I/3 partial")
    assert set(texts(s)) == {"hero>I/2", "mage>I/2", "fight"}
    s.play("hero>I/2")
    assert s.hero[0] == I["I/2"]
    assert "mage>I/2" not in texts(s)  # never both in one case


def test_defender_heroes_option():
    """« (commentaire personnel: la règle ne dit pas si le défenseur peut aussi déplacer son héros ou son
    magicien ?!) » — by default no; the option allows it."""
    for opt, expect in ((False, False), (True, True)):
        s = blank(defender_heroes=opt)
        put(s, "I/2", 0, 2)
        put(s, "I/3", 1, 1)
        put(s, "V/1", 1, 2, hero=True)
        player_turn(s, 0, dice=[2, 6])
        s.play("I/2>I/3 total")
        if s.dec["k"] == "prep" and s.to_play == 0:
            s.play("fight")
        assert (s.dec["k"] == "prep" and "hero>I/3" in texts(s)) == expect


def test_occupation_between_one_and_all_but_one():
    """« une case vidée à la suite d'un combat est occupée par le vainqueur, qui pose au minimum une unité, et au
    maximum autant d'unités, moins une, qu'il en possède dans la case d'attaque contiguë. »"""
    s = blank()
    put(s, "I/2", 0, 5)
    put(s, "I/3", 1, 1)
    put(s, "VI/6", 1, 2)
    player_turn(s, 0, dice=[1, 6])
    s.play("I/2>I/3 total")
    assert texts(s) == ["occupy 1", "occupy 2", "occupy 3", "occupy 4"]
    s.play("occupy 4")
    assert s.cnt[I["I/2"]] == 1 and s.cnt[I["I/3"]] == 4 and s.own[I["I/3"]] == 0


def test_single_victorious_unit_stays_home():
    """« Lorsqu'on n'a qu'une seule unité dans une case et qu'elle est victorieuse lors de l'attaque, elle reste
    dans sa case d'origine. »"""
    s = blank()
    put(s, "I/2", 0, 1)
    put(s, "I/3", 1, 1)
    put(s, "VI/6", 1, 2)
    player_turn(s, 0, dice=[1, 6])
    s.play("I/2>I/3 total")
    assert s.own[I["I/3"]] == EMPTY and s.cnt[I["I/2"]] == 1 and s.dec is None


def test_mutual_destruction_leaves_both_empty():
    """« Il est également possible que les forces armées qui s'affrontent s'anéantissent l'une et l'autre. les
    deux cases restent vides dans ce cas. »"""
    s = blank()
    put(s, "I/2", 0, 2)
    put(s, "I/3", 1, 2)
    put(s, "VI/6", 0, 3)
    put(s, "VI/5", 1, 3)
    player_turn(s, 0, dice=[2, 2])
    s.play("I/2>I/3 total")
    assert s.own[I["I/2"]] == EMPTY and s.own[I["I/3"]] == EMPTY


def test_orks_defending_take_the_attackers_case_with_one_ork():
    """« Si ce sont les Orks qui remportent la victoire, un seul Ork vient occuper la case conquise (comme dans
    l'épisode des Orks), à condition qu'il reste un Ork au moins dans sa case d'origine. »"""
    s = blank()
    put(s, "I/2", 0, 1)
    put(s, "I/3", ORKS, 3)
    put(s, "VI/6", 0, 3)
    player_turn(s, 0, dice=[6, 1])
    s.play("I/2>I/3 total")
    assert s.own[I["I/2"]] == ORKS and s.cnt[I["I/2"]] == 1 and s.cnt[I["I/3"]] == 2


def test_player_without_units_is_out():
    """« Un joueur à qui il reste plus une unité est immédiatement éliminé. »"""
    s = blank(3)
    put(s, "I/2", 0, 1)
    put(s, "I/3", 1, 1)
    put(s, "VI/6", 2, 3)
    player_turn(s, 0, dice=[1, 6])
    s.play("I/2>I/3 total")
    assert s.out[1] and not s.out[0] and not s.is_over()


def test_last_player_standing_wins():
    """« Un joueur à qui il reste plus une unité est immédiatement éliminé. » — when a single player is left in
    the game, that player wins (a choice written in the rules help)."""
    s = blank(2)
    put(s, "I/2", 0, 1)
    put(s, "I/3", 1, 1)
    player_turn(s, 0, dice=[1, 6])
    s.play("I/2>I/3 total")
    assert s.is_over() and s.winners() == [0]
    assert s.result_lines("en")[0].startswith("P0 wins")


def test_cannot_attack_dragon_or_mediator_region():
    """« Un joueur ne peut pas attaquer la case dans la quelle se trouve le dragon. Rappelons aussi que les cases
    de la région où se trouve le médiateur sont inattaquables. »"""
    s = blank()
    put(s, "I/2", 0, 3)
    put(s, "I/3", 1, 1)
    put(s, "II/1", ORKS, 1)
    put(s, "C6", ORKS, 1)
    s.dragon = I["II/1"]
    player_turn(s, 0)
    assert "I/2>II/1 total" not in texts(s) and "I/2>I/3 total" in texts(s)
    s = blank()
    put(s, "I/2", 0, 3)
    put(s, "I/3", 1, 1)
    put(s, "C6", ORKS, 1)
    put(s, "II/1", ORKS, 1)
    s.med = I["I/6"]
    player_turn(s, 0)
    assert "I/2>I/3 total" not in texts(s)
    assert {"I/2>C6 total", "I/2>II/1 total"} <= set(texts(s))


# --------------------------------------------------------------------------
# set-up
def new_game(monkeypatch, n, dice, **opts):
    monkeypatch.setattr(R, "Rng", lambda seed: Dice(dice))
    return GAME.start([f"P{i}" for i in range(n)], opts, seed=0)


def test_first_player_by_dice_ties_roll_again(monkeypatch):
    """« Tous les joueurs jettent leur dé. Le premier à jouer est celui qui fait le plus de points. »"""
    s = new_game(monkeypatch, 3, [5, 5, 2, 3, 4])
    assert s.first == 1 and s.to_play == 1
    assert s.dec["k"] == "castle"


def test_setup_order(monkeypatch):
    """« En commencent par le premier joueur, chaque joueur pose un soldat dans un château inoccupé. S'il reste
    des châteaux inoccupés, mettez 2 Orks dans chacun d'eux. » « Exemple: Pour la région I on jette 2 et 3 (en cas
    d'égalité, jettez un nouveau dé). Mettez donc 2 Orks dans la case I/2 et 2 Orks dans la case I/3 »"""
    dice = [1, 6] + [2, 3, 4, 4, 1, 1, 1, 2, 1, 2, 1, 2, 6, 5]
    s = new_game(monkeypatch, 2, dice)
    assert s.to_play == 1
    s.play("C3")
    assert s.to_play == 0
    s.play("C5")
    for c in B.CASTLES:
        if B.NAMES[c] not in ("C3", "C5"):
            assert s.own[c] == ORKS and s.cnt[c] == 2
    assert s.own[I["I/2"]] == ORKS and s.cnt[I["I/2"]] == 2 and s.own[I["I/3"]] == ORKS
    assert s.own[I["II/4"]] == ORKS and s.own[I["II/1"]] == ORKS  # 4, 4 tied: re-rolled to 1
    assert s.own[I["VI/6"]] == ORKS and s.own[I["VI/5"]] == ORKS
    assert sum(1 for c in B.TERRITORIES if s.own[c] == ORKS) == 12
    # 24 territories, one soldier each, in turn from the first player
    seen = []
    while s.dec["k"] == "terr":
        seen.append(s.to_play)
        s.play(texts(s)[0])
    assert len(seen) == 24 and seen[:4] == [1, 0, 1, 0]
    assert all(s.own[c] != EMPTY for c in range(B.N))


def finish_placing(s):
    while s.dec["k"] in ("castle", "terr"):
        s.play(texts(s)[0])


def test_treasures_hidden_by_left_neighbour(monkeypatch):
    """« Chaque joueur donne ses 3 trésors à son voisin de gauche. En commençant par le premier joueur, les
    joueurs posent l'un des trésors, image cachée dans château (autant que possible pas dans un château occupé par
    le propriétaire du trésor ! ). Les deux autres trésors sont ensuite déposés, image cachée, dans des territoires
    quelconques: à tour de rôle chaque joueur "cache" les deuxième puis le troisième trésor. Il est toutefois
    interdit de cacher deux trésors dans un même territoire. »"""
    dice = [6, 1, 1] + [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]
    s = new_game(monkeypatch, 3, dice)
    finish_placing(s)
    assert s.dec["k"] == "hide"
    order = []
    for _ in range(9):
        d = s.dec
        assert d["owner"] == (d["p"] - 1) % 3
        moves = texts(s)
        if d["rnd"] == 0:
            cases = [I[m.split()[1]] for m in moves]
            assert all(c in B.CASTLES for c in cases)
            assert all(s.own[c] != d["owner"] for c in cases)
        else:
            assert all(I[m.split()[1]] in B.TERRITORIES for m in moves)
            used = {t[2] for t in s.tre}
            assert not any(I[m.split()[1]] in used for m in moves)
        order.append(d["p"])
        s.play(moves[0])
    assert order == [0, 1, 2] * 3
    assert len({t[2] for t in s.tre}) == 9
    assert s.dec["k"] == "ten"


def test_ten_soldiers_and_hero_magician_exchange(monkeypatch):
    """« Enfin chaque joueur (toujours en commençant par le premier) met 10 soldats dans une case qu'il occupe
    déjà. » « Il peut installer son héros et son petit magicien en même temps (mais pas dans la même case ! ) à la
    place de 4 soldats. On pourrait donc en préparant le jeu, poser 8 soldats et le héros à la place des 10
    soldats. »"""
    s = GAME.start(["A", "B"], {}, seed=3)
    while s.dec["k"] != "ten":
        s.play(texts(s)[0])
    p = s.to_play
    mine = s.cases_of(p)
    a, b = B.NAMES[mine[0]], B.NAMES[mine[1]]
    assert f"10 {a}" in texts(s) and f"10 {a} H" in texts(s)
    assert not any(m.startswith(f"10 {a} H M:{a}") for m in texts(s))
    before = s.cnt[mine[0]]
    s.play(f"10 {a} H M:{b}")
    assert s.cnt[mine[0]] == before + 6 and s.hero[p] == mine[0] and s.mage[p] == mine[1]
    q = s.to_play
    c = s.cases_of(q)[0]
    s.play(f"10 {B.NAMES[c]} H")
    ten = [f for _, k, f in s.log if k == "ten"]
    assert ten[-1]["case"] == c and ten[-1]["n"] == 8 and ten[-1]["hero"] == c
    assert s.turn >= 1


# --------------------------------------------------------------------------
# the orks
def test_ork_spread_distinct_regions_and_castles():
    """« jettent leur dé pour savoir dans quelles régions le Orks se multiplient ( 1 point = Région I, etc...) Si
    on fait un nombre de points déjà tiré par un autre joueur, on rejoue jusqu'à obtenir un résultat différent. »
    « le nombre d'Orks augmente dans chacun des châteaux qu'ils occupent, si ces châteaux sont contigus à une
    région où se trouvent des Orks. »"""
    s = blank(2)
    put(s, "I/1", ORKS, 2)
    put(s, "II/2", ORKS, 1)
    put(s, "III/1", ORKS, 1)
    put(s, "C6", ORKS, 2)  # touches I and II
    put(s, "C3", ORKS, 2)  # touches II, III, VI
    s.first = 0
    s.rng = Dice([1, 1, 2])
    s.push(("spread",))
    s._run()
    assert s.cnt[I["I/1"]] == 3 and s.cnt[I["II/2"]] == 2 and s.cnt[I["III/1"]] == 1
    assert s.cnt[I["C6"]] == 4  # regions I and II both spread and hold orks
    assert s.cnt[I["C3"]] == 3  # only II of its regions spread


def test_ork_spread_five_and_six_players():
    """« A six joueurs, on saute cette partie du jeu, puisqu'il n'y a que six régions... A Cinq, il suffit d'un
    seul jet de dés pour savoir dans quelle région les Orks ne se propagent pas. »"""
    s = blank(6)
    for r in range(1, 7):
        s.own[B.territory(r, 1)], s.cnt[B.territory(r, 1)] = ORKS, 1
    s.rng = Dice([])
    s.push(("spread",))
    s._run()
    assert all(s.cnt[B.territory(r, 1)] == 2 for r in range(1, 7))
    s = blank(5)
    for r in range(1, 7):
        s.own[B.territory(r, 1)], s.cnt[B.territory(r, 1)] = ORKS, 1
    s.rng = Dice([4])
    s.push(("spread",))
    s._run()
    assert [s.cnt[B.territory(r, 1)] for r in range(1, 7)] == [2, 2, 2, 1, 2, 2]


def test_ork_attack_order_from_castle_3():
    """« Exemple: Les Orks partent de la case 3 (un château). Toutes les cases autour sont occupés par les pions
    des joueurs. Les Orks attaquent dans l'ordre: II/3, II/4, III/1, VI/1. »"""
    s = blank(2)
    put(s, "C3", ORKS, 9)
    put(s, "IV/4", 0, 1)
    for n in ("VI/1", "III/1", "II/4", "II/3"):
        put(s, n, 0, 1)
    assert [B.NAMES[c] for c in s.ork_targets(I["C3"])] == ["II/3", "II/4", "III/1", "VI/1"]
    s.rng = Dice([1, 6] * 4)
    s.push(("ork_src", 0))
    s._run()
    attacked = [B.NAMES[f["tgt"]] for _, k, f in s.log if k == "ork_attack"]
    assert attacked == ["II/3", "II/4", "III/1", "VI/1"]
    # each win: one ork moves in, at least one stays
    assert all(s.own[I[n]] == ORKS and s.cnt[I[n]] == 1 for n in attacked)
    assert s.cnt[I["C3"]] == 5


def test_orks_use_the_tunnel_last():
    """« Les Orks peuvent également attaquer en passant par le tunnel, mais seulement lorsqu'ils ont envahi toutes
    les autres cases contiguës. »"""
    s = blank(2)
    put(s, "III/2", ORKS, 6)
    for n in ("V/6", "C2", "VI/5", "III/1"):
        put(s, n, 0, 1)
    assert [B.NAMES[c] for c in s.ork_targets(I["III/2"])] == ["III/1", "VI/5", "C2", "V/6"]


def test_orks_attack_through_the_tunnel_only_once_every_other_neighbour_is_invaded():
    """« Les Orks peuvent également attaquer en passant par le tunnel, mais seulement lorsqu'ils ont envahi toutes
    les autres cases contiguës. »"""
    # every other neighbour taken: the band goes on through the tunnel
    s = blank(2)
    put(s, "III/2", ORKS, 9)
    put(s, "III/3", ORKS, 1)
    put(s, "III/4", ORKS, 1)
    for n in ("V/6", "C2", "VI/5", "III/1"):
        put(s, n, 0, 1)
    put(s, "IV/4", 1, 1)
    put(s, "I/1", 0, 1)
    s.rng = Dice([1, 6] * 4)
    s.push(("ork_src", 0))
    s._run()
    attacked = [B.NAMES[f["tgt"]] for _, k, f in s.log if k == "ork_attack"]
    assert attacked == ["III/1", "VI/5", "C2", "V/6"]
    assert s.own[I["V/6"]] == ORKS
    # C2 holds out (a hero is there): no attack through the tunnel
    s = blank(2)
    put(s, "III/2", ORKS, 9)
    put(s, "III/3", ORKS, 1)
    put(s, "III/4", ORKS, 1)
    for n in ("V/6", "VI/5", "III/1"):
        put(s, n, 0, 1)
    put(s, "C2", 0, 1, hero=True)
    s.rng = Dice([1, 6] * 2)
    s.push(("ork_src", 0))
    s._run()
    attacked = [B.NAMES[f["tgt"]] for _, k, f in s.log if k == "ork_attack"]
    assert attacked == ["III/1", "VI/5"]
    assert s.own[I["V/6"]] == 0


def test_ork_band_attacks_case_after_case_while_two_remain():
    """« Dés 4 que Orks ou plus se trouvent sur une même case, ils se sentent suffisamment forts pour attaquer
    toute case contiguë occupée par les pions d'un joueur. Ils combattent jusqu'à la victoire totale, ou jusqu'à
    ce qu'il ne reste plus qu'un seul Ork ou aucun. Deux Orks continuent donc le combat. » — the rules do not say
    whether the band needs 4 orks again for its next case: by default no (option ``ork_attack``: "each")."""
    def run(**opts):
        s = blank(2, **opts)
        put(s, "C3", ORKS, 4)
        for n in ("II/3", "II/4", "III/1", "VI/1"):
            put(s, n, 0, 1)
        put(s, "IV/4", 0, 1)
        s.rng = Dice([1, 6] * 4)
        s.push(("ork_src", 0))
        s._run()
        return s, [B.NAMES[f["tgt"]] for _, k, f in s.log if k == "ork_attack"]

    s, attacked = run()
    # 4 orks: each victory sends one ork in; with a single ork left the band stops
    assert attacked == ["II/3", "II/4", "III/1"]
    assert s.cnt[I["C3"]] == 1 and s.own[I["VI/1"]] == 0
    s, attacked = run(ork_attack="each")
    assert attacked == ["II/3"] and s.cnt[I["C3"]] == 3


def test_orks_never_attack_hero_mediator_or_dragon():
    """« Ils n'attaquent évidemment pas les cases occupées par d'autres Orks, ni les cases vides. Ils ne peuvent pas
    attaquer les cases ou se trouve un héros, le médiateur ou le dragon. »"""
    s = blank(2)
    put(s, "C3", ORKS, 9)
    put(s, "II/3", 0, 1, hero=True)
    put(s, "II/4", 1, 1)
    put(s, "III/1", 1, 1)
    put(s, "VI/1", ORKS, 1)
    s.med = I["II/4"]
    s.dragon = I["III/1"]
    assert s.ork_targets(I["C3"]) == []
    s.med = s.dragon = -1
    assert [B.NAMES[c] for c in s.ork_targets(I["C3"])] == ["II/4", "III/1"]


def test_orks_stop_at_one_and_need_four():
    """« Dés 4 que Orks ou plus se trouvent sur une même case, ils se sentent suffisamment forts pour attaquer
    [...] Ils combattent jusqu'à la victoire totale, ou jusqu'à ce qu'il ne reste plus qu'un seul Ork ou aucun. »"""
    s = blank(2)
    put(s, "I/1", ORKS, 3)
    put(s, "I/2", 0, 3)
    s.rng = Dice([])
    s.push(("ork_src", 0))
    s._run()
    assert s.cnt[I["I/2"]] == 3
    s = blank(2)
    put(s, "I/1", ORKS, 4)
    put(s, "I/2", 0, 9)
    s.rng = Dice([1, 3])  # orks kill 1, the player kills 3
    s.push(("ork_src", 0))
    s._run()
    assert s.cnt[I["I/1"]] == 1 and s.cnt[I["I/2"]] == 8 and s.fight is None


def test_last_ork_stays_and_conquered_case_stays_empty():
    """« Si à l'issue du combat, il ne reste plus qu'un seul Orks, il reste dans la case, la case conquise reste
    vide. » then « on place un Ork dans chaque case vide »"""
    s = blank(2)
    put(s, "I/1", ORKS, 4)
    put(s, "I/2", 0, 3)
    put(s, "VI/6", 0, 5)
    s.rng = Dice([3, 3])
    s.push(("ork_src", 0))
    s._run()
    assert s.cnt[I["I/1"]] == 1 and s.own[I["I/2"]] == EMPTY
    s.push(("refill",))
    s._run()
    assert s.own[I["I/2"]] == ORKS and s.cnt[I["I/2"]] == 1
    assert all(s.own[c] != EMPTY for c in range(B.N))


# --------------------------------------------------------------------------
# dragon, mediator, first player
def test_dragon_lands_on_dice_flies_over_orks_victim_chooses():
    """« Exemple: les chiffres 4 et 5 ont été tirés successivement. Le dragon atterrit dans la case IV/5 » « Si le
    dragon ne tombe que sur des orks, il s'envole vers une autre case » « Le joueur victime d'une attaque du dragon
    a le droit de choisir les pions qui seront dévorés. »"""
    s = blank(2)
    put(s, "I/1", ORKS, 2)
    put(s, "IV/5", 1, 3, mage=True)
    s.rng = Dice([1, 1, 4, 5, 2])
    s.push(("dragon",))
    s._run()
    assert s.dragon == I["IV/5"]
    assert s.dec["k"] == "loss" and s.to_play == 1 and s.dec["n"] == 2
    s.play("lose M+1")
    assert s.mage[1] == -1 and s.cnt[I["IV/5"]] == 2


def test_dragon_cannot_eat_more_than_the_case_holds():
    """« Le dragon ne peut pas dévorer plus d'unités qu'il ne s'en trouve dans la case ou il atterrit. »"""
    s = blank(3)
    put(s, "II/2", 1, 2)
    put(s, "VI/6", 2, 2)
    s.rng = Dice([2, 2, 6])
    s.push(("dragon",))
    s._run()
    assert s.own[I["II/2"]] == EMPTY and s.out[1]


def test_mediator_reinforces_and_protects():
    """« La case du médiateur est renforcée par 3 soldats de plus ou bien 3 Orks, selon ses occupant d'origine. Si
    le médiateur arrive sur une case vide, il reste seul. »"""
    s = blank(2)
    put(s, "III/4", 0, 2)
    put(s, "I/1", ORKS, 1)
    put(s, "VI/6", 0, 1, hero=True)
    put(s, "VI/5", 0, 1, mage=True)  # both on the island: no exchange to offer
    for dice, case, expect in (([3, 4], "III/4", 5), ([1, 1], "I/1", 4), ([2, 2], "II/2", 0)):
        s.rng = Dice(dice)
        s.push(("mediator",))
        s._run()
        assert s.med == I[case] and s.cnt[I[case]] == expect and s.dec is None


def test_mediator_soldiers_may_bring_the_hero():
    """« La case du médiateur est renforcée par 3 soldats de plus » and « Lorsqu'un joueur peut déposer 2 soldats
    ou plus dans une case, il à le droit de remplacer 2 soldats par son héros ou son petit magicien. »"""
    s = blank(2)
    put(s, "III/4", 0, 2)
    s.rng = Dice([3, 4])
    s.push(("mediator",))
    s._run()
    assert s.dec["k"] == "swap" and s.to_play == 0
    assert set(texts(s)) == {"+3", "+H+1", "+M+1"}
    s.play("+H+1")
    assert s.hero[0] == I["III/4"] and s.cnt[I["III/4"]] == 3 and s.units(I["III/4"]) == 4


def test_orks_attack_the_mediators_region_but_not_its_case():
    """« (Dans l'épisode des Orks, les Orks peuvent attaquer les territoires de cette région, à l'exception de
    celui où se trouve le médiateur. »"""
    s = blank(2)
    put(s, "C3", ORKS, 9)
    put(s, "II/3", 0, 1)
    put(s, "II/4", 1, 1)
    s.med = I["II/4"]
    assert [B.NAMES[c] for c in s.ork_targets(I["C3"])] == ["II/3"]


def test_first_player_drawn_each_turn():
    """« Celui qui jette le dé le plus haut est nommé premier joueur. En cas d'égalité de plusieurs joueurs, ils
    continuent à jeter le dé jusqu'à ce que l'un d'eux l'emporte. »"""
    s = blank(3)
    put(s, "I/1", 0, 1)
    s.rng = Dice([6, 6, 2, 3, 5])
    s.push(("firstp",))
    s._run()
    assert s.first == 1 and s.order == [1, 2, 0]


# --------------------------------------------------------------------------
# the players' episode
def test_reinforcements_examples():
    """« Exemple: Si je possède 3 cases contiguës (dont un château), j'ai droit à 4 soldats. Si j'occupe 6 cases,
    (dont un château au moins), j'ai droit à un renfort de 6 soldats. »"""
    s = blank(2)
    for n in ("C6", "I/1", "I/2"):
        put(s, n, 0, 1)
    assert s.reinforcements(0) == 4
    for n in ("II/1", "II/2", "II/3"):
        put(s, n, 0, 1)
    assert s.reinforcements(0) == 6


def test_kingdom_option():
    """« Un royaume est soit un château isolé, soit un groupe de cases contiguës qui comprend au moins un
    château. » « (commentaire personnel: la règle n'explique pas si les cases doivent être contiguës au château
    ou entre elles ?!) »"""
    s = blank(2)
    for n in ("C6", "I/1", "I/2", "I/3", "I/4", "I/5", "VI/6"):
        put(s, n, 0, 1)
    assert s.reinforcements(0) == 6  # VI/6 is not connected
    s.opts["kingdom"] = "castle"
    assert s.reinforcements(0) == 4  # C6, I/1, I/2 only: at least 4
    s = blank(2)
    put(s, "VI/6", 0, 1)
    assert s.reinforcements(0) == 4


def test_reinforcement_placement_with_hero_exchange():
    """« Ces renforts sont répartis au choix dans les cases que l'on occupe déjà. » « Lorsqu'un joueur peut
    déposer 2 soldats ou plus dans une case, il à le droit de remplacer 2 soldats par son héros ou son petit
    magicien. »"""
    s = blank(2)
    put(s, "C6", 0, 1)
    put(s, "VI/6", 1, 1)
    player_turn(s, 0, step="p_reinf")
    assert s.dec["k"] == "place" and s.dec["n"] == 4
    assert {"+1 C6", "+4 C6", "+H C6", "+M C6"} <= set(texts(s))
    s.play("+H C6")
    assert s.hero[0] == I["C6"] and s.dec["n"] == 2
    assert "+H C6" not in texts(s) and "+M C6" not in texts(s)
    s.play("+2 C6")
    assert s.dec is None and s.cnt[I["C6"]] == 3


def test_aids_once_per_turn_ten_per_game_and_conditions():
    """« Dix foi en tout au cours du jeu, chaque joueur peut demander son aide au médiateur » « Une seule des
    possibilités est utilisable par tour de jeu » « Si on a moins de 7 unités sur le plateau de jeu, on peut
    obtenir un renfort de 6 soldats »"""
    s = blank(2)
    put(s, "I/2", 0, 3)
    put(s, "VI/6", 1, 9)
    player_turn(s, 0, step="p_aid")
    assert s.dec["k"] == "aid"
    assert "aid 4" in texts(s)  # 3 units
    s.play("aid 4")
    assert s.dec["k"] == "place" and s.dec["n"] == 6 and s.aids[0] == 1
    s.play("+6 I/2")
    assert s.dec["k"] == "place" and s.dec["why"] == "reinf"  # no second aid this turn
    s.dec = None
    s.steps = []
    s.aids[0] = 10
    player_turn(s, 0, step="p_aid")
    assert s.dec["k"] == "place" and s.dec["why"] == "reinf"
    s.dec = None
    s.steps = []
    s.aids[0] = 0
    player_turn(s, 0, step="p_aid")
    assert "aid 4" not in texts(s)  # 9 units now


def test_treasure_move_once_per_game():
    """« Possibilité 3: "Déplacement d'un trésor" On déplace un trésor adverse (sans le regarder) dans une autre
    case où ne se trouve aucun autre trésor. Attention: cette possibilité ne peut intervenir qu'une seule fois
    pendant toute la partie. »"""
    s = blank(2)
    put(s, "I/2", 0, 3)
    put(s, "VI/6", 1, 3)
    s.tre[3][2] = I["II/2"]
    s.tre[4][2] = I["II/3"]
    player_turn(s, 0, step="p_aid")
    s.play("aid 3")
    moves = texts(s)
    assert "treasure II/2>I/1" in moves and "treasure II/2>II/3" not in moves
    assert not any(m.startswith("treasure II/2>") and m.endswith(">II/2") for m in moves)
    s.play("treasure II/2>I/1")
    assert s.tre[3][2] == I["I/1"] and s.tmove_used
    player_turn(s, 1, step="p_aid")
    assert "aid 3" not in texts(s)


def test_two_soldiers_aid_goes_to_the_conquered_case():
    """« Possibilité 1: "2 soldats de plus" On prend deux soldats supplémentaires, qu'on installe ensemble sur une
    case dont on prend possession. (après le combat) »"""
    s = blank(2)
    put(s, "I/2", 0, 3)
    put(s, "I/3", 1, 1)
    put(s, "VI/6", 1, 3)
    player_turn(s, 0, dice=[1, 6], step="p_aid")
    s.play("aid 1")
    s.play("+4 I/2")
    s.play("I/2>I/3 total")
    s.play("occupy 1")
    assert s.dec["k"] == "swap"  # 2 soldiers arrive: the hero may replace them
    s.play("+2")
    assert s.cnt[I["I/3"]] == 3


def test_extra_attack_chosen_before_the_first_is_fought():
    """« Possibilité 2: "1 soldat de plus + 1 attaque" [...] De plus, on a droit à une attaque supplémentaire à
    lancer après son attaque normale. Mais il faut choisir son attaque supplémentaire sans connaître le résultat
    de l'attaque normale ! »"""
    s = blank(2)
    put(s, "I/2", 0, 3)
    put(s, "I/3", 1, 1)
    put(s, "II/2", ORKS, 1)
    put(s, "VI/6", 1, 3)
    player_turn(s, 0, dice=[1, 6, 1, 6], step="p_aid")
    s.play("aid 2")
    s.play("+4 I/2")
    s.play("I/2>I/3 total")
    assert s.dec["k"] == "attack" and s.dec["second"] and s.fight is None
    s.play("I/2>II/2 total")
    assert s.dec["k"] == "occupy" and s.fight["tgt"] == I["I/3"]
    s.play("occupy 1")
    assert s.cnt[I["I/3"]] == 2  # the aid's soldier
    assert s.dec["k"] == "prep" and s.fight["tgt"] == I["II/2"]
    s.play("fight")
    assert s.dec["k"] == "occupy" and s.fight["tgt"] == I["II/2"]


def test_boat_attack():
    """« Possibilité 5: "Attaque par le fleuve ou par la mer intérieur (Marnon sea)" On peut utiliser un bateau
    pour un combat normal, et partir de n'importe qu'elle case bordée par le fleuve ou par la mer pour attaquer
    une autres case accessible par le fleuve ou par la mer. Exemple: Attaque de la case I/1, vers la case VI/2, de
    IV/4 vers IV/1 ou de IV/5 vers 5 »"""
    s = blank(2)
    put(s, "I/1", 0, 3)
    put(s, "IV/4", 0, 3)
    put(s, "IV/5", 0, 3)
    put(s, "VI/2", 1, 1)
    put(s, "IV/1", 1, 1)
    put(s, "C5", ORKS, 1)
    player_turn(s, 0)
    assert not any("~" in m for m in texts(s))
    player_turn(s, 0, boat=True)
    assert {"I/1~VI/2 total", "IV/4~IV/1 total", "IV/5~C5 total"} <= set(texts(s))


def test_chest_crown_ring_and_victory():
    """« Un coffret: Il reçoit 4 soldats, qu'il installe dans la case où était le trésor. Une couronne: Il reçoit
    3 soldats, qu'il dispose dans une ou plusieurs cases de son choix [...] Un anneau magique: Il prend
    immédiatement 3 unités de son choix à l'un de ses adversaire. » « Le premier joueur en possession de ses trois
    trésor gagne la partie qui se termine immédiatement. »"""
    s = blank(2)
    s.hero[0] = s.mage[0] = 99  # both on the island elsewhere: no exchange offered
    put(s, "I/2", 0, 5)
    put(s, "VI/6", 1, 6)
    put(s, "VI/5", 1, 2)
    kinds = {t[1]: t for t in s.tre if t[0] == 0}
    kinds["chest"][2] = I["I/2"]
    s.push(("discover",))
    s._run()
    assert s.cnt[I["I/2"]] == 9 and kinds["chest"][3]
    kinds["crown"][2] = I["I/2"]
    s.push(("discover",))
    s._run()
    assert s.dec["k"] == "place" and s.dec["n"] == 3
    s.play("+3 I/2")
    kinds["ring"][2] = I["I/2"]
    s.push(("discover",))
    s._run()
    assert s.is_over() and s.winners() == [0]


def test_ring_takes_three_units_from_one_opponent():
    """« Un anneau magique: Il prend immédiatement 3 unités de son choix à l'un de ses adversaire. » — the 3 units
    of one opponent, the hero and small magician included (« Les unités perdues (le héros et le petit magicien
    comptent pour une unité) »)."""
    s = blank(3)
    put(s, "I/2", 0, 5)
    put(s, "VI/6", 1, 2, hero=True)
    put(s, "VI/5", 1, 2)
    put(s, "IV/4", 2, 2)
    ring = next(t for t in s.tre if t[0] == 0 and t[1] == "ring")
    ring[2] = I["I/2"]
    s.push(("discover",))
    s._run()
    assert s.dec["k"] == "ring"
    assert "ring VI/6 H" in texts(s) and "ring IV/4" in texts(s)
    s.play("ring VI/6 H")
    assert "ring IV/4" not in texts(s)  # the same opponent
    s.play("ring VI/5")
    s.play("ring VI/5")
    assert s.own[I["VI/5"]] == EMPTY and s.hero[1] == -1 and s.cnt[I["VI/6"]] == 2
    assert s.dec is None


def test_blank_treasure_variant():
    """« VARIANTE: UN TRESOR SUPLEMENTAIRE Cachez le quatrième pion trésor avec les autres. Ce pion
    supplémentaire, sans inscription, est sans valeur. »"""
    s = GAME.start(["A", "B"], {"blank_treasure": True}, seed=2)
    assert sorted(t[1] for t in s.tre if t[0] == 0) == ["blank", "chest", "crown", "ring"]
    while s.dec["k"] != "ten":
        s.play(texts(s)[0])
    assert len({t[2] for t in s.tre}) == 8


def test_hidden_treasures_not_in_views():
    """« les joueurs posent l'un des trésors, image cachée » « On déplace un trésor adverse (sans le regarder) »"""
    s = GAME.start(["A", "B", "C"], {}, seed=5)
    assert s.hidden_info()
    for p in (0, 1, 2):
        assert all(t["kind"] is None for t in s.view(p)["treasures"])
    assert all(t["kind"] for t in s.view(None)["treasures"])
    s2 = GAME.start(["A", "B", "C"], {"open_hand": True}, seed=5)
    assert not s2.hidden_info() and all(t["kind"] for t in s2.view(0)["treasures"])


def test_status_and_events_shown():
    s = GAME.start(["Ann", "Bob", "Cy"], {}, seed=11)
    assert "Ann" in s.status("fr") or "Bob" in s.status("fr") or "Cy" in s.status("fr")
    assert s.event_texts("en")[0].startswith("Dice for the first player")
    v = s.view(0)
    assert v["events"] and v["to_play"] == s.to_play


def test_every_target_has_a_label():
    s = GAME.start(["A", "B", "C"], {}, seed=4)
    from plateau.core.rng import Rng

    r = Rng(9)
    for _ in range(400):
        if s.is_over():
            break
        for m in s.legal_moves():
            for tg in m.path:
                if tg not in B.BY_TARGET:
                    for lang in ("fr", "en"):
                        assert GAME.target_label(tg, lang) != tg, tg
        s.play(r.choice(s.legal_moves()))


def test_rules_help_states_the_choices():
    for lang in ("fr", "en"):
        text = GAME.rules(lang)
        assert text.startswith("# Thorval")
    assert "par défaut" in GAME.rules("fr") and "by default" in GAME.rules("en")


@pytest.mark.parametrize("defender", [1, ORKS])
def test_failed_boat_attack_no_counter_occupation_across_water(defender):
    """« une case vidée à la suite d'un combat est occupée par le vainqueur, qui pose au minimum une unité, et au
    maximum autant d'unités, moins une, qu'il en possède dans la case d'attaque contiguë. » — the winner occupies
    from a contiguous case; after a failed boat attack (aid 5) the cases are not neighbours, so the attacker's
    emptied case stays empty: orks move no ork over and the defending player is offered no occupation."""
    s = blank()
    put(s, "I/1", 0, 1)
    put(s, "VI/2", defender, 4)
    put(s, "IV/4", 0, 3)
    assert I["VI/2"] not in B.NEIGHBOURS[I["I/1"]]
    player_turn(s, 0, dice=[6, 1], boat=True)
    s.play("I/1~VI/2 total")
    if s.dec and s.dec["k"] == "prep":
        s.play("fight")
    while s.dec and s.dec["k"] == "prep":
        s.play("fight")
    assert s.own[I["I/1"]] == EMPTY and s.cnt[I["I/1"]] == 0
    assert s.own[I["VI/2"]] == defender and s.cnt[I["VI/2"]] == 4
    assert not (s.dec and s.dec["k"] == "occupy")
    assert ["no_occupy", I["I/1"]] in [[e[1], e[2].get("tgt")] for e in s.log]


def test_failed_land_attack_still_counter_occupied():
    """The same sentence across a land border: the defender who wins may occupy the attacker's emptied case."""
    s = blank()
    put(s, "I/2", 0, 1)
    put(s, "I/3", 1, 4)
    put(s, "VI/6", 0, 3)
    player_turn(s, 0, dice=[6, 1])
    s.play("I/2>I/3 total")
    while s.dec and s.dec["k"] == "prep":
        s.play("fight")
    assert s.own[I["I/2"]] == EMPTY
    assert s.dec["k"] == "occupy" and s.to_play == 1


def test_rules_help_says_no_counter_occupation_after_boat_attack():
    assert "personne ne traverse l'eau" in GAME.rules("fr")
    assert "nobody follows across the water" in GAME.rules("en")
