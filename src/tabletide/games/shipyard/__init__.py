"""Shipyard: the game module. ``GAME`` is registered as ``shipyard``."""

from tabletide.games.shipyard.game import GAME, ShipyardGame

__all__ = ["GAME", "ShipyardGame"]
