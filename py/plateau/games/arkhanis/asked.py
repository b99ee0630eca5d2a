"""Whose view a computer participant thinks from, and a guest device draws,
when the tournament's tables play a turn at the same time (revision 2), or
bid at the same time (revision 4): his own table's, as if it were the one
asked (``Arkhanis.as_asked``). Imports nothing of the game, so that the
game's package may use it."""

from __future__ import annotations


def as_asked(view: dict, player: int) -> dict:
    """``player``'s view as if his own table were the one asked: from
    revision 2 the tables play at once, and a computer participant whom his
    table waits for (not the player a single device asks) thinks from there.
    The view itself is left as it is (a device rebuilds the real position
    from it)."""
    if view.get("stage") == "auction" and "revealed" in view and view.get("winners") is None:
        # revision 4: every table's bidders bid at once; a bidder who has not bid is the one asked
        bids = view.get("bids") or {}
        if str(player) in bids or view.get("bidder") == player:
            return view
        seat = view["seat_of"][player]
        tables = view.get("auction_tables") or []
        ti = next((k for k, t in enumerate(view["layout"]) if seat in t["seats"]), None)
        if ti not in tables:
            return view
        return dict(view, bidder=player, auction_table=tables.index(ti))
    tslot = view.get("tslot")
    if not tslot or view.get("winners") is not None or view.get("stage") not in ("play", "move"):
        return view
    mine = [ti for ti, t in enumerate(view["tables"])
            if tslot[ti] < len(view["layout"][ti]["seats"]) and t.get("to_play") == player]
    if not mine or (view["stage"] == "play" and view["current"] in mine):
        return view
    ti = min(mine, key=lambda x: (tslot[x], x))
    return dict(view, stage="play", current=ti, slot=tslot[ti], tix=ti)
