"""Names and indices shared by Shipyard's rule modules."""

from __future__ import annotations

from tabletide.games.shipyard.content import CREW, EQUIPMENT, GOODS, ITEMS, PART_TYPES, SHAPES

__all__ = ["CREW", "EQUIPMENT", "GOODS", "ITEMS", "PART_TYPES"]

# Action tiles (SY-2): index = tile id.
BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE, EXCHANGE, SUBSIDY = range(8)
TILE_NAMES = (
    "Ship building",
    "Canal rental",
    "Equipment production",
    "Crew recruitment",
    "Employee hiring",
    "Goods purchase",
    "Stock exchange",
    "Subsidy",
)
NUM_TILES = 8

# Canal cards (SY-2): ids 0..NUM_CANALS-1; a water space is named by its card and its index on
# that card (0..CANAL_SPACES-1, the most any shape has).
NUM_CANALS = 24
CANAL_SPACES = max(shape.spaces for shape in SHAPES.values())

# Supply item indices (ITEMS order).
SAIL, FUNNEL, PROPELLER, CRANE, CANNON, CAPTAIN, MERCHANT, SOLDIER = range(8)
ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}

# Ship-part types and the offer's columns (SY-5.1.1): bow, left middle, right middle, stern.
BOW, MIDDLE, STERN = range(3)
COLUMN_TYPE = (BOW, MIDDLE, MIDDLE, STERN)
COLUMN_NAMES = ("bow", "left middle", "right middle", "stern")
OFFER_ROWS = 5
SUBSTITUTE = 200
"""A shipyard cell holding ``SUBSTITUTE + type`` holds a substitute part (SY-5.1.9)."""
EMPTY = -1

BONUS_PRICE = 6  # SY-4.12.2
START_COINS = 6  # SY-3.1.1
CONTRACTS_PER_COLOUR = 3  # SY-3.1.1
STARTING_WAGON = 14
"""Wagon-tile id of a player's starting tile (not part of the 14-tile deck, SY-GAP-5c)."""
MAX_SHIP_MIDDLES = 7  # SY-6.2
SUBSIDY_COINS = 2  # SY-5.8.1

FIGURES = {2: 3, 3: 1, 4: 1}  # SY-3.1.1
FIRST_TURNS = {2: 2, 3: 1, 4: 1}  # SY-4.3.1, SY-4.4.1
KEEP_AFTER_LAP = {4: {2: 1}, 3: {2: 2, 1: 1}, 2: {1: 1}}
"""SY-4.15: player count -> {round-marker value reached: contracts of each colour kept}."""

PROMPTS = {  # decision kind -> the decision in words
    "choose_tile": "choose an action tile",
    "menu": "perform the main action or buy a bonus action",
    "build": "buy a ship part",
    "place": "place the part in your shipyard",
    "canal": "rent a canal",
    "first_canal": "choose where the boat starts on your first canal",
    "place_canal": "place the new canal in your canal system",
    "circle": "choose how far to move the pointer",
    "oval": "choose how far to move the employee pointer",
    "hire": "choose the employee to hire",
    "goods": "buy a goods wagon tile",
    "exchange": "choose a wagon tile to trade",
    "wagon": "sell this wagon or swap it",
    "launch": "choose which completed ship sails first",
    "fit": "attach equipment and crew to the completed ship",
    "boost": "use your employees' speed bonus",
    "route": "steer the boat",
    "discard": "discard a contract (secretly)",
    "final": "take your final action",
}
