"""Small World moves in words, for the move list and the "play as it is"
button (``Game.describe_move``). Nothing in a move is secret: combos,
conquests and tokens are all on the table; only coin totals are hidden, and
no move names one."""

from __future__ import annotations

from . import content as C
from .catalogue import CATALOGUE, t

WORDS = {
    "fr": {
        "pick": "Prend {race} {power} (combinaison {i})", "c": "Conquiert la {reg}",
        "die": "Tente la {reg} avec le dé de renfort", "roll": "Lance le dé avant d'attaquer",
        "dragon": "Envoie le dragon sur la {reg}", "sorc": "Sorcellerie sur la {reg}",
        "abandon": "Abandonne la {reg}", "decline": "Passe son peuple en déclin",
        "end": "Termine ses conquêtes", "put": "Pose un pion dans la {reg}", "all": "Pose tous ses pions dans la {reg}",
        "back": "Reprend en main les pions de la {reg} sauf un",
        "mv": "Déplace un pion de la {a} vers la {b}", "fort": "Bâtit une forteresse dans la {reg}",
        "camp": "Pose un campement dans la {reg}", "uncamp": "Reprend un campement dans la {reg}",
        "hero": "Pose un héros dans la {reg}", "unhero": "Reprend un héros dans la {reg}",
        "done": "Termine son redéploiement", "peace": "Fait la paix avec {q}", "nopeace": "Ne fait la paix avec personne",
        "pass": "Garde son peuple actif",
    },
    "en": {
        "pick": "Takes {race} {power} (combo {i})", "c": "Conquers {reg}",
        "die": "Tries {reg} with the reinforcement die", "roll": "Rolls the die before attacking",
        "dragon": "Sends the dragon to {reg}", "sorc": "Sorcery on {reg}",
        "abandon": "Abandons {reg}", "decline": "Goes into decline",
        "end": "Ends the conquests", "put": "Puts a token on {reg}", "all": "Puts all tokens on {reg}",
        "back": "Takes back all tokens but one from {reg}",
        "mv": "Moves a token from {a} to {b}", "fort": "Builds a fortress on {reg}",
        "camp": "Puts an encampment on {reg}", "uncamp": "Takes back an encampment from {reg}",
        "hero": "Puts a hero on {reg}", "unhero": "Takes back a hero from {reg}",
        "done": "Ends the redeployment", "peace": "Makes peace with {q}", "nopeace": "Makes peace with nobody",
        "pass": "Keeps the race active",
    },
}


def describe(state, text: str, lang: str) -> str:
    """The move ``text`` played from ``state`` in words.

    >>> from plateau.games.smallworld import GAME
    >>> s = GAME.start(["Ann", "Bob"], {}, 1)
    >>> describe(s, "end", "en"), describe(s, "mv:3-5", "fr")
    ('Ends the conquests', 'Déplace un pion de la région 3 vers la région 5')
    """
    words = WORDS.get(lang, WORDS["en"])
    head, _, arg = text.partition(":")
    if head not in words:
        # moves of the Underground content: ``move.<head>`` in the game's catalogue
        key = "move." + head
        if key not in CATALOGUE.get(lang, CATALOGUE["en"]):
            return text
        rules = getattr(state, "ruleset", C.STANDARD)  # a tournament's table has its own
        f = {"arg": arg, "name": rules.name(arg, lang)}
        if arg.isdigit():
            f["reg"] = t(lang, "region", r=int(arg))
        # a record's own words for a move (the ruleset's ``describe``: head -> f(state, arg, lang))
        fn = rules.describe.get(head)
        if fn:
            f.update(fn(state, arg, lang))
        return t(lang, key, **f)
    if head == "pick":
        i = int(arg)
        race, power, _coins = state.column[i]
        return words["pick"].format(race=C.name(race, lang), power=C.name(power, lang), i=i + 1)
    if head == "mv":
        a, _, b = arg.partition("-")
        return words["mv"].format(a=t(lang, "region", r=int(a)), b=t(lang, "region", r=int(b)))
    if head == "peace":
        return words["peace"].format(q=state.players[int(arg)])
    if arg:
        return words[head].format(reg=t(lang, "region", r=int(arg)))
    return words[head]


def sentence(who: str, words: str) -> str:
    """A move's words (a verb phrase: "Conquers region 3") as a sentence
    about its author: "Ann conquers region 3" (the move list and the
    computer's log)."""
    return f"{who} {words[:1].lower()}{words[1:]}" if words else who
