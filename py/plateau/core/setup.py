"""A game's own setup screen, in place of the generic new-game form.

Most games are set up by the page's generic form: players (names, and who
plays each seat: a person or the computer) and the game's
:class:`~plateau.core.game.Option` values. A game whose setup is more than
that (the Arkhanis tournament: participants, tables, a schedule of events)
returns from :meth:`~plateau.core.game.Game.setup_screen` a class of its own
package, built as ``cls(host, game)``, whose ``build()`` returns the form's
element. The engine stays pure Python: the class imports nothing of the
browser; the page hands it what it needs through ``host``
(:class:`SetupHost`), and reads it back through its ``form`` attribute, its
``keep_tables``-like ``keep(other)`` (the same form drawn again in the other
language) and the seat choices (``select.seat-kind[data-seat]`` elements).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol


class SetupHost(Protocol):
    """What the page gives a game's setup screen."""

    #: the page's language ("fr" or "en")
    lang: str

    def text(self, key: str, **kw) -> str:
        """The page's own words for the parts every setup form has:
        ``new.title`` (``game=``), ``new.seed``, ``new.start``, ``new.cancel``."""

    def seat_kinds(self) -> list[tuple[str, str]]:
        """``(value, label)`` for who plays a seat: ``human`` first, then the
        computer's levels; empty when the game has no computer player."""

    # elements (the page's; text always goes in as text, never as HTML)
    def el(self, tag: str, attrs: dict | None = None, *children, on: dict | None = None) -> Any: ...
    def button(self, label: str, fn: Callable[[], Any], **attrs) -> Any: ...
    def listen(self, node: Any, event: str, fn: Callable[[Any], Any]) -> None: ...
    def q(self, selector: str, root: Any = None) -> Any: ...
    def clear(self, node: Any) -> None: ...
    def fire(self, node: Any, event: str) -> None:
        """Dispatch ``event`` (e.g. ``"change"``) on ``node`` as the browser would."""

    # what the screen does
    def start(self, names: list[str], options: dict, seed: int | None) -> None:
        """Start the game (raises RulesError or RecordError when the engine
        refuses the options; nothing is started then)."""

    def cancel(self) -> None:
        """Leave the setup (back to the home screen)."""

    def say(self, text: str, fresh: bool = False) -> None:
        """An error banner above the form (``fresh``: the others go)."""
