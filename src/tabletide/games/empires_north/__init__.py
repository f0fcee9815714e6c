"""Imperial Settlers: Empires of the North: six clans build empires, sail to near and distant
islands to raid or conquer them, and race to 25 VP."""

from tabletide.games.empires_north.game import GAME

__all__ = ["GAME"]
