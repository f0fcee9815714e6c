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
from tabletide.games.empires_north.constants import TILES
from tabletide.games.empires_north.pieces import NEAR, Ship

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

SCORE_CATEGORIES = ("play", "cards", "resources", "gold", "axes")
"""EN-8.2: the VP of play, then 1 per empire card, 1 per 2 resources, 1 per gold, 1 per axe."""

_TILE_OF_KIND = {"construct": "construction", "harvest": "harvest", "sail": "sail"}
_SOURCED = ("alt", "refresh", "release", "relocate", "forward", "launch")
"""Effect decisions whose frame ends with the name of the card the effect comes from."""


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
    kind, p, data = frame.kind, frame.seat, frame.data
    if kind == "extra":
        return {"tile": TILES[data[0]].upper()}
    if kind == "host":
        card = s.cards[data[0]]
        return {"tile": str(card.when).upper(), "card": data[0]}
    if kind in _TILE_OF_KIND:
        out: dict[str, Any] = {"tile": _TILE_OF_KIND[kind].upper()}
        if kind == "sail":
            out["common"] = bool(data[0]) if data else False
        return out
    if kind in _SOURCED:
        out = _source(s, p, str(data[-1]))
        if kind in ("refresh", "release"):
            out["left"] = int(data[0])
        return out
    if kind == "copy":
        return {"pos": data[0]}
    if kind == "voyage":
        return {"ship": ship_view(data[0])}
    if kind == "landing":
        return {
            "ship": ship_view(data[0]),
            "deck": "near" if data[1] == NEAR else "distant",
            "island": s.revealed,
        }
    if kind == "pay":
        purpose, args = data[1], data[2:]
        out = {"cost": dict(data[0]), "purpose": purpose}
        if purpose == "build":
            out["card"] = args[0]
        elif purpose == "move":
            out["disc"], out["tile"] = args[0], TILES[args[1]].upper()
        else:
            out["pos"] = args[0]
        return out
    return {}


def score_categories(s: S) -> list[tuple[str, list[int | float]]]:
    """EN-8.2 by category, from the final scoring recorded at the end (``s.final``)."""
    return [(name, list[int | float](f[name] for f in s.final)) for name in SCORE_CATEGORIES]
