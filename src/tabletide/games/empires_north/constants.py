"""Fixed numbers and names of Imperial Settlers: Empires of the North (rule ids EN-*).

Goods (EN-2.14/2.19, EN-GAP-5): five resources that gold may stand in for, then gold and the
attack token ("axe"). Workers and VP are counted apart from goods. The five action tiles keep the
names cards print in capitals (EN-5.4, EN-GAP-4).
"""

from __future__ import annotations

from functools import lru_cache

RESOURCES = ("food", "wood", "stone", "sheep", "fish")
GOODS = (*RESOURCES, "gold", "axe")
WORKER = "worker"
VP = "vp"
TILES = ("explore", "populate", "construction", "harvest", "sail")
ICONS = ("dwelling", "harbour", "workshop", "shrine", "animal")
CLANS = ("glenn", "olaf", "nanuuk", "heidel", "panurjuk", "mackinnon")

START_WORKERS = 5  # EN-3.13, EN-GAP-7
OPENING_DRAW = 5  # EN-3.15: draw 5,
OPENING_KEEP = 3  # keep 3
LOOKOUT_DRAW = 4  # EN-4.3
START_SHIPS = 2  # EN-3.7
MAX_SHIPS = 3  # EN-2.7: Olaf's box holds a third ship token
DISCS = 2  # EN-2.9
FACE_UP = 2  # EN-3.5: face-up islands under each deck
END_VP = 25  # EN-4.2, EN-8.1
DECK_SIZE = 30  # EN-2.6
START_LOCATIONS = 3  # EN-2.6
DISC_MOVE_COST = "food"  # EN-5.3.2, EN-GAP-6: 1 food (or 1 gold)
RESOURCES_PER_VP = 2  # EN-8.2(b), EN-GAP-9
ROUND_LIMIT = 30
"""A software stop, not a rule: the game also ends after the Expedition of round 30, so that
bots that never score cannot play forever (the rulebook has no round limit)."""
STOCK_GOODS = (*GOODS, WORKER)
"""What can lie on a card (EN-9.4), in the order of the release action's ``good`` index."""


def bundle_text(bundle: dict[str, int]) -> str:
    """A bundle of goods in words ("2 food + 1 axe"), for labels, the log and the views."""
    return _bundle_words(tuple(bundle.items()))


@lru_cache(maxsize=4096)
def _bundle_words(items: tuple[tuple[str, int], ...]) -> str:
    """:func:`bundle_text` of a bundle's items (cached on that immutable copy: the words depend
    on nothing else, and labels ask for the same few bundles at every step)."""
    parts = []
    for good, k in items:
        name = {"vp": "VP", "axe": "axe", "worker": "worker"}.get(good, good)
        plural = "s" if k > 1 and good in ("axe", "worker") else ""
        parts.append(f"{k} {name}{plural}")
    return " + ".join(parts) if parts else "nothing"
