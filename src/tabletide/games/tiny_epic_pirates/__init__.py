"""Tiny Epic Pirates ("Kodeks Piracki") for 1-4 players, the solo game against the Legendary
Pirate included. Rules: ``shared/rules/pirate-code.md`` (PC-*)."""

from tabletide.games.tiny_epic_pirates.game import GAME

__all__ = ["GAME"]
