"""The pending decision as data (``observation()["decision"]["context"]``) and the final scoring
by category: the facts a picture or a text view needs to show a decision, computed on the
rules side from the frame so that the presentation never reads them out of a prompt or the log.

Every fact here is public: the tile under way, the card a decision comes from (the prompt
names it to everybody), the card being built (seen chosen, see ``EmpiresState.committed``), the
ship at sea (its cargo is on the public queue) and the island turned up. The schema of each
kind's context is in ``present/schema.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletide.engine import Frame
from tabletide.games.empires_north.actions import Copy, Extra, Host, Pay
from tabletide.games.empires_north.constants import TILES
from tabletide.games.empires_north.effects import Alt, Forward, Launch, Refresh, Release, Relocate
from tabletide.games.empires_north.expedition import Landing, Sail, Voyage
from tabletide.games.empires_north.pieces import NEAR, Ship

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

SCORE_CATEGORIES = ("play", "cards", "resources", "gold", "axes")
"""EN-8.2: the VP of play, then 1 per empire card, 1 per 2 resources, 1 per gold, 1 per axe."""

_TILE_OF_KIND = {"construct": "construction", "harvest": "harvest", "sail": "sail"}
_SOURCED: dict[str, type[Alt | Refresh | Release | Relocate | Forward | Launch]] = {
    "alt": Alt,
    "refresh": Refresh,
    "release": Release,
    "relocate": Relocate,
    "forward": Forward,
    "launch": Launch,
}
"""Effect decisions whose record names the card the effect comes from (``source``)."""


def ship_view(ship: Ship) -> dict[str, Any]:
    return {"owner": ship.owner, "fish": ship.fish, "axe": ship.axe, "common": ship.common}


def _source(s: S, p: int, name: str) -> dict[str, Any]:
    """The card an effect decision comes from: its name and the positions in ``p``'s empire
    of the cards of that name (none for a boost played from the hand)."""
    cards = s.cards
    return {
        "source": name,
        "source_pos": [i for i, pl in enumerate(s.empire[p]) if cards[pl.card].name == name],
    }


def decision_context(s: S, frame: Frame) -> dict[str, Any]:
    """The public facts of ``frame`` (schemas: ``present.schema.DECISION_SCHEMAS``)."""
    kind, p = frame.kind, frame.seat
    if kind == "extra":
        return {"tile": TILES[frame.record(Extra).tile].upper()}
    if kind == "host":
        built = frame.record(Host).card
        return {"tile": str(s.cards[built].when).upper(), "card": built}
    if kind in _TILE_OF_KIND:
        out: dict[str, Any] = {"tile": _TILE_OF_KIND[kind].upper()}
        if kind == "sail":
            out["common"] = frame.record(Sail).common
        return out
    if kind in _SOURCED:
        sourced = frame.record(_SOURCED[kind])
        out = _source(s, p, sourced.source)
        if isinstance(sourced, (Refresh, Release)):
            out["left"] = sourced.left
        return out
    if kind == "copy":
        return {"pos": frame.record(Copy).pos}
    if kind == "voyage":
        return {"ship": ship_view(frame.record(Voyage).ship)}
    if kind == "landing":
        landing = frame.record(Landing)
        return {
            "ship": ship_view(landing.ship),
            "deck": "near" if landing.deck == NEAR else "distant",
            "island": s.revealed,
        }
    if kind == "pay":
        pay = frame.record(Pay)
        out = {"cost": dict(pay.cost), "purpose": pay.purpose}
        if pay.purpose == "build":
            out["card"] = pay.card
        elif pay.purpose == "move":
            out["disc"], out["tile"] = pay.disc, TILES[pay.tile].upper()
        else:
            out["pos"] = pay.pos
        return out
    return {}


def score_categories(s: S) -> list[tuple[str, list[int | float]]]:
    """EN-8.2 by category, from the final scoring recorded at the end (``s.final``)."""
    return [(name, list[int | float](f[name] for f in s.final)) for name in SCORE_CATEGORIES]
