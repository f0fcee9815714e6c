"""Ahoy (Leder Games) for 2-4 players: the Bluefin Squadron and the Mollusk Union fight for the
regions of an archipelago that grows as it is explored, while one or two Smugglers run cargo."""

from tabletide.games.ahoy.game import GAME

__all__ = ["GAME"]
