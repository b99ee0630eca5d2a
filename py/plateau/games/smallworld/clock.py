"""Who runs a Small World table: the points where the turn engine consults
the one that moves play on (its *clock*).

A plain game is its own clock (:data:`PLAIN`): turn 1 starts when the game
is set up, a turn that ends passes to the next player, and after the last
round the game is over. A table of a tournament is the same engine with the
tournament as its clock (``plateau.games.arkhanis.tournament.TableClock``):
the tournament says when a turn starts, takes the table back when a turn
ends, scores declined races at their own seat's time, and may add moves or
take some away.

Every method receives the table (a ``SmallWorldState``) and reads or changes
it through its public methods. A clock keeps no state of a table that a
clone of the table would have to copy: what belongs to one table is in the
table, what belongs to the tournament in the tournament.
"""

from __future__ import annotations


class Clock:
    """The plain game: every point does what the Small World rules say."""

    def setup_done(self, st) -> None:
        """The table is set up: the first player's turn starts at once."""
        st.start_turn()

    def turn_done(self, st) -> None:
        """A turn is over, every defender's tokens back on the map: the next
        player plays, or after the last round the game ends."""
        st.next_player()

    def declined_score_each_turn(self, st) -> bool:
        """A player's In Decline races score with his turn (§1.5). A table
        of a tournament scores them at their seat's time instead, except in
        the very turn a race goes In Decline."""
        return True

    def may_decline(self, st) -> bool:
        """Going In Decline is offered."""
        return True

    def conquest_starting(self, st, rid) -> None:
        """Race ``rid``'s troops are readied for its conquests."""

    def picked(self, st, rid) -> None:
        """The player took a combo (race ``rid``), its own effects done."""

    def declining(self, st, p, rid) -> None:
        """Player ``p``'s active race ``rid`` is about to go In Decline."""

    def declined(self, st, p, rid) -> None:
        """Player ``p``'s race ``rid`` went In Decline (it may have left the
        board at once: check ``rid in st.recs``)."""

    def turn_ending(self, st, p) -> None:
        """Player ``p``'s turn ends, before the ``end`` effects of his races."""

    def allowed(self, st, moves: list) -> list:
        """The conquest moves the clock allows among ``moves`` (the first
        moves of a conquest, or all of them)."""
        return moves

    def more_moves(self, st, moves: list) -> list:
        """The legal moves when no decision is pending: ``moves`` (the
        engine's), with the clock's own added or some taken away."""
        return moves

    def play(self, st, move) -> bool:
        """The clock plays ``move`` itself (True) or lets the engine do it."""
        return False

    def set_aside(self, st, items) -> None:
        """Tiles the Golden Knight's finder does not keep leave the game."""

    def shown_players(self, st) -> list:
        """The players the board's panel lists."""
        return list(range(st.n))

    def colour_index(self, st, p) -> int:
        return p

    def peace_candidates(self, st, p) -> list:
        """Who player ``p`` may make peace with (Diplomat): players he did not attack this turn."""
        return [q for q in range(st.n) if q != p and q not in st.tp["attacked"]]


#: the clock of a plain game (it keeps nothing: every game shares it)
PLAIN = Clock()
