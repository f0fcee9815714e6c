"""Pirates of Maracaibo: race across the Caribbean three times, raid, explore, bury treasure,
build residences and chase quests; solo against John Silver; six optional modules."""

from tabletide.games.maracaibo.game import GAME

__all__ = ["GAME"]
